// Each replica set member's own hello answer, for scripts/cluster/mongo_sets.py (which reads them: the rules are
// there, not here). mongosh's half of the gathering, for machines without pymongo: the AWS servers' fault helper
// (scripts/provision/fault.sh) and scripts/cluster/mongo-rs-initiate.sh; the local stores gather the same list with
// scripts/stores/probe.py mongo-hellos.
//
// Run: MONGO_SETS="NAME=HOST:PORT,HOST:PORT;NAME=..." mongosh --nodb --quiet --eval "$(<mongo-hellos.js)"
// Prints one line "MONGO-HELLOS [{"set","member","hello"}...]" in layout order (the marker keeps it apart from anything
// else mongosh prints); hello is null for a member that did not answer within 3 s. hello needs no authentication.
// A direct connection to each member: its own answer, not a heartbeat-old view of it from another member.
const members = [];
for (const spec of process.env.MONGO_SETS.split(';')) {
  const [name, list] = spec.split('=');
  for (const member of list.split(',')) {
    let hello = null;
    try {
      hello = new Mongo('mongodb://' + member + '/?directConnection=true&serverSelectionTimeoutMS=3000' +
        '&connectTimeoutMS=3000').getDB('admin').runCommand({hello: 1});
    } catch (e) {
      hello = null;
    }
    members.push({set: name, member: member, hello: hello});
  }
}
// EJSON (relaxed): plain JSON that also carries the answer's timestamps and ids.
print('MONGO-HELLOS ' + EJSON.stringify(members, {relaxed: true}));

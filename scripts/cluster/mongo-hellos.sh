#!/usr/bin/env bash
# Each replica set member's own hello answer, for scripts/cluster/mongo_sets.py (which reads them: the rules are there,
# not here). The mongosh half of the gathering, for machines without pymongo: the AWS servers' provisioning and fault
# helper (scripts/provision/mongodb.sh, fault.sh) and mongo-rs-initiate.sh without MONGO_PYTHON; the local stores
# gather the same list with scripts/stores/probe.py mongo-hellos.
#
# Usage: mongo-hellos.sh "NAME=HOST:PORT,HOST:PORT;NAME=..."     (each set's members in order, the preferred first)
# Prints the JSON list [{"set","member","hello"}] in that order on one line; hello is null for a member that did not
# answer within 3 s. Exit 1 when mongosh gave no list. hello needs no authentication: no password is handled here.
# One mongosh for all members (each start costs about a second); a direct connection to each member: its own answer,
# not a heartbeat-old view of it from another member.
set -euo pipefail

readonly JS='const members = [];
for (const spec of process.env.MONGO_SETS.split(";")) {
  const [name, list] = spec.split("=");
  for (const member of list.split(",")) {
    let hello = null;
    try {
      hello = new Mongo("mongodb://" + member + "/?directConnection=true&serverSelectionTimeoutMS=3000" +
        "&connectTimeoutMS=3000").getDB("admin").runCommand({hello: 1});
    } catch (e) {
      hello = null;
    }
    members.push({set: name, member: member, hello: hello});
  }
}
print("MONGO-HELLOS " + EJSON.stringify(members, {relaxed: true}));'

main() {
  [[ $# -eq 1 && "$1" == *=* ]] || { sed -n '7,9p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; return 2; }
  local out
  # The marker keeps the list apart from anything else mongosh prints; relaxed EJSON makes the answer's timestamps
  # and ids plain JSON. HOME: mongosh keeps its logs under ~/.mongodb, which must be this user's own (under sudo,
  # not the SSH user's home, should sudo have kept that HOME).
  out="$(HOME="$(getent passwd "$(id -un)" | cut -d: -f6)" MONGO_SETS="$1" timeout 120 \
    mongosh --nodb --quiet --eval "${JS}" </dev/null 2>/dev/null | sed -n 's/^MONGO-HELLOS //p')" || true
  [[ -n "${out}" ]] || return 1
  printf '%s\n' "${out}"
}

main "$@"

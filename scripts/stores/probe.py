#!/usr/bin/env python3
"""Small probes for scripts/stores.sh and scripts/cluster/*.sh, run with the stores' venv python (needs pymongo
only for the mongo-* commands). Each command prints its answer on stdout, or one line on stderr and exits 1.

  probe.py http URL                      body of a GET (exit 1 unless 2xx)
  probe.py mongo-ping URI                exit 0 when the server answers ping
  probe.py mongo-info URI                JSON: version, storage engine, journal, cache size, replica set
  probe.py mongo-rs-initiate NAME H:P... initiates replica set NAME (first member is preferred primary); idempotent
  probe.py mongo-rs-ready URI N          exit 0 when the URI's member (the preferred one) is primary and the set
                                         has N healthy members
  probe.py mongo-set-default-wc URI W    setDefaultRWConcern {w: W} (W = 1 or majority) on a replica set
  probe.py mongo-shard-info URI          JSON: replica set name, members and states, default write concern
  probe.py mongo-primary URI             host:port of the replica set's PRIMARY (exit 1 when it has none)
  probe.py mongo-cut-oplog URI           on a primary (direct URI): ends every oplog read of its secondaries (killOp
                                         and killCursors on local.oplog.rs), so nothing written from then on is sent
                                         until a secondary asks again; prints how many reads it ended
  probe.py mongo-whole SECS URI...       exit 0 once every member of each replica set URI answers as PRIMARY or
                                         SECONDARY (its own view) and each set's first member (the preferred one)
                                         is its PRIMARY; polled every 0.2 s, exit 1 after SECS
  probe.py es-primaries URL INDEX        "PORT<TAB>ROLE" of the node holding the most started primary shards of INDEX
                                         (of any index when INDEX has none); exit 1 when no node holds a primary
  probe.py json-file FILE                writes key=value lines from stdin as a JSON object (values parsed as JSON
                                         when they are valid JSON, else strings; "a.b=c" nests under "a")
  probe.py json-line                     the same object as one compact line on stdout
  probe.py hosts-file FILE TOPOLOGY      like json-file, for .stores/hosts-<topology>.json: lines "store<TAB>key=value"
"""

import json
import os
import sys
import tempfile
import time
import urllib.request


def fail(msg):
    print(f"probe.py: {msg}", file=sys.stderr)
    sys.exit(1)


def http(url):
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            sys.stdout.write(r.read().decode())
    except Exception as e:  # any failure means "not ready / not reachable" to the caller
        fail(f"GET {url}: {e}")


def mongo_client(uri, **kw):
    from pymongo import MongoClient

    return MongoClient(uri, serverSelectionTimeoutMS=2000, connectTimeoutMS=2000, **kw)


def mongo_ping(uri):
    try:
        mongo_client(uri, directConnection=True).admin.command("ping")
    except Exception as e:
        fail(f"mongodb {uri}: {e}")


def mongo_info(uri):
    c = mongo_client(uri, directConnection=True)
    build = c.admin.command("buildInfo")
    status = c.admin.command("serverStatus")
    opts = c.admin.command("getCmdLineOpts")
    cache = status.get("wiredTiger", {}).get("cache", {}).get("maximum bytes configured")
    journal_ms = c.admin.command({"getParameter": 1, "journalCommitInterval": 1}).get("journalCommitInterval")
    try:
        rw = c.admin.command("getDefaultRWConcern")
    except Exception:  # standalone servers do not support it: their implicit default is w:1
        rw = {"defaultWriteConcern": {"w": 1}, "defaultWriteConcernSource": "implicit (standalone)"}
    info = {
        "version": build["version"],
        "git_version": build.get("gitVersion"),
        "storage_engine": status["storageEngine"]["name"],
        "journal": status["storageEngine"].get("persistent", True),
        "wiredtiger_cache_bytes": cache,
        "journal_commit_interval_ms": journal_ms,
        "default_write_concern": rw.get("defaultWriteConcern"),
        "default_write_concern_source": rw.get("defaultWriteConcernSource"),
        "default_read_concern": rw.get("defaultReadConcern"),
        "replica_set": status.get("repl", {}).get("setName"),
        "argv": opts.get("argv"),
    }
    print(json.dumps(info))


def mongo_rs_initiate(name, hosts):
    from pymongo.errors import OperationFailure

    # MONGO_AUTH: optional "user:password@" (as in scripts/cluster/mongo-rs-initiate.sh).
    c = mongo_client(f"mongodb://{os.environ.get('MONGO_AUTH', '')}{hosts[0]}/", directConnection=True)
    members = [{"_id": i, "host": h, "priority": 2 if i == 0 else 1} for i, h in enumerate(hosts)]
    try:
        c.admin.command("replSetInitiate", {"_id": name, "members": members})
        print(f"initiated {name} with {len(hosts)} members")
    except OperationFailure as e:
        if e.code == 23:  # AlreadyInitialized
            print(f"{name} already initiated")
        else:
            fail(f"replSetInitiate {name}: {e}")


def mongo_rs_ready(uri, n):
    try:
        st = mongo_client(uri, directConnection=True).admin.command("replSetGetStatus")
    except Exception as e:
        fail(f"replSetGetStatus {uri}: {e}")
    states = [m["stateStr"] for m in st["members"] if m.get("health") == 1]
    # The URI's member is the preferred primary (priority 2): until it is primary, a priority takeover is still to
    # come, and its stepdown would fail the writes in flight (a load once lost 4 inserts to it).
    me = [m["stateStr"] for m in st["members"] if m.get("self")]
    if me != ["PRIMARY"] or len([s for s in states if s in ("PRIMARY", "SECONDARY")]) < n:
        fail(f"replica set not ready: {states} (the preferred primary is {me})")


def mongo_set_default_wc(uri, w):
    c = mongo_client(uri)
    c.admin.command({"setDefaultRWConcern": 1, "defaultWriteConcern": {"w": int(w) if w.isdigit() else w}})
    print(f"default write concern w:{w} on {uri.split('?')[0]}")


def mongo_shard_info(uri):
    c = mongo_client(uri)
    st = c.admin.command("replSetGetStatus")
    conf = c.admin.command("replSetGetConfig")["config"]
    rw = c.admin.command("getDefaultRWConcern")
    print(
        json.dumps(
            {
                "name": st["set"],
                "members": [f"{m['name']} {m['stateStr']}" for m in st["members"]],
                "default_write_concern": rw.get("defaultWriteConcern"),
                "default_write_concern_source": rw.get("defaultWriteConcernSource"),
                "write_concern_majority_journal_default": conf.get("writeConcernMajorityJournalDefault", True),
            }
        )
    )


def mongo_primary(uri):
    try:
        st = mongo_client(uri).admin.command("replSetGetStatus")
    except Exception as e:  # no primary to route the command to, or no member reachable
        fail(f"replSetGetStatus {uri.split('?')[0]}: {e}")
    primaries = [m["name"] for m in st["members"] if m["stateStr"] == "PRIMARY"]
    if not primaries:
        fail(f"replica set {st['set']} has no primary")
    print(primaries[0])


def mongo_cut_oplog(uri):
    c = mongo_client(uri, directConnection=True)
    try:
        reads = list(
            c.admin.aggregate(
                [
                    {"$currentOp": {"allUsers": True, "idleCursors": True, "localOps": True}},
                    {"$match": {"ns": "local.oplog.rs"}},
                ]
            )
        )
        cursors = [r["cursor"]["cursorId"] for r in reads if r.get("cursor")]
        for r in reads:
            if r.get("active") and r.get("opid") is not None:
                c.admin.command("killOp", op=r["opid"])
        if cursors:
            c.local.command("killCursors", "oplog.rs", cursors=cursors)
    except Exception as e:
        fail(f"oplog reads on {uri}: {e}")
    print(len(reads))


def mongo_whole(secs, uris):
    # One direct client per member, kept across polls: each member's own hello answer, not a heartbeat-old view.
    sets = []
    for uri in uris:
        hosts = uri.split("//", 1)[1].split("/", 1)[0].split(",")
        sets.append({h: mongo_client(f"mongodb://{h}/", directConnection=True) for h in hosts})
    deadline = time.monotonic() + secs
    while True:
        states = {}
        for clients in sets:
            for host, c in clients.items():
                try:
                    hello = c.admin.command("hello")
                    states[host] = (
                        "PRIMARY"
                        if hello.get("isWritablePrimary")
                        else "SECONDARY"
                        if hello.get("secondary")
                        else "OTHER"
                    )
                except Exception:
                    states[host] = "DOWN"
        # The first member is the preferred primary (priority 2, mongo-rs-initiate). A set whose primary is another
        # member still owes the priority takeover: a second election (no primary for seconds) once the preferred
        # member has caught up. The store is whole after it, not before (a read-back once failed inside it).
        whole = all(
            all(states[h] in ("PRIMARY", "SECONDARY") for h in clients) and states[next(iter(clients))] == "PRIMARY"
            for clients in sets
        )
        if whole:
            return
        if time.monotonic() >= deadline:
            fail(f"replica sets not whole after {secs} s: {states}")
        time.sleep(0.2)


def http_json(url):
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return json.load(r)
    except Exception as e:
        fail(f"GET {url}: {e}")


def es_primaries(url, index):
    url = url.rstrip("/")
    shards = http_json(f"{url}/_cat/shards?format=json&h=index,shard,prirep,state,node")
    nodes = http_json(f"{url}/_nodes/http?filter_path=nodes.*.name,nodes.*.http.publish_address")["nodes"]
    # publish_address is "127.0.0.1:9201" (or "name/127.0.0.1:9201"): the node's HTTP port is what stores.sh knows.
    port = {n["name"]: int(n["http"]["publish_address"].rsplit(":", 1)[1]) for n in nodes.values()}
    started = [s for s in shards if s["prirep"] == "p" and s["state"] == "STARTED" and s["node"] in port]
    of_index = [s for s in started if s["index"] == index]
    chosen = of_index or started
    if not chosen:
        fail(f"no node holds a started primary shard (index {index} or any other)")
    count = {}
    for s in chosen:
        count[s["node"]] = count.get(s["node"], 0) + 1
    # Most primaries first; on a tie the lowest port, so the same node is picked for the same layout.
    node = min(count, key=lambda n: (-count[n], port[n]))
    what = f"of index {index}" if of_index else f"of any index ({index} has none)"
    print(f"{port[node]}\t{node}: {count[node]} of {len(chosen)} primary shards {what}")


def parse_value(v):
    try:
        return json.loads(v)
    except ValueError:
        return v


def put(obj, dotted, value):
    keys = dotted.split(".")
    for k in keys[:-1]:
        obj = obj.setdefault(k, {})
    obj[keys[-1]] = value


def write_atomically(path, obj):
    d = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=d, prefix=".tmp-")
    with os.fdopen(fd, "w") as f:
        json.dump(obj, f, indent=2, sort_keys=False)
        f.write("\n")
    os.replace(tmp, path)


def read_pairs():
    obj = {}
    for line in sys.stdin:
        line = line.rstrip("\n")
        if line:
            k, _, v = line.partition("=")
            put(obj, k, parse_value(v))
    return obj


def json_file(path):
    write_atomically(path, read_pairs())


def json_line():
    print(json.dumps(read_pairs(), separators=(",", ":")))


def hosts_file(path, topology):
    stores = {}
    for line in sys.stdin:
        line = line.rstrip("\n")
        if line:
            store, _, kv = line.partition("\t")
            k, _, v = kv.partition("=")
            stores.setdefault(store, {})[k] = v  # YCSB properties are strings
    write_atomically(path, {"topology": topology, "stores": stores})


def main(argv):
    if len(argv) < 2:
        fail(__doc__)
    cmd, args = argv[1], argv[2:]
    commands = {
        "http": lambda: http(args[0]),
        "mongo-ping": lambda: mongo_ping(args[0]),
        "mongo-info": lambda: mongo_info(args[0]),
        "mongo-rs-initiate": lambda: mongo_rs_initiate(args[0], args[1:]),
        "mongo-rs-ready": lambda: mongo_rs_ready(args[0], int(args[1])),
        "mongo-set-default-wc": lambda: mongo_set_default_wc(args[0], args[1]),
        "mongo-shard-info": lambda: mongo_shard_info(args[0]),
        "mongo-primary": lambda: mongo_primary(args[0]),
        "mongo-cut-oplog": lambda: mongo_cut_oplog(args[0]),
        "mongo-whole": lambda: mongo_whole(float(args[0]), args[1:]),
        "es-primaries": lambda: es_primaries(args[0], args[1]),
        "json-file": lambda: json_file(args[0]),
        "json-line": json_line,
        "hosts-file": lambda: hosts_file(args[0], args[1]),
    }
    if cmd not in commands:
        fail(f"unknown command {cmd}")
    commands[cmd]()


if __name__ == "__main__":
    main(sys.argv)

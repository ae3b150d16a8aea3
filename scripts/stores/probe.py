#!/usr/bin/env python3
"""Small probes for scripts/stores.sh and scripts/cluster/*.sh, run with the stores' venv python (needs pymongo
only for the mongo-* commands). Each command prints its answer on stdout, or one line on stderr and exits 1.

  probe.py http URL                      body of a GET (exit 1 unless 2xx)
  probe.py mongo-ping URI                exit 0 when the server answers ping
  probe.py mongo-info URI                JSON: version, storage engine, journal, cache size, replica set
  probe.py mongo-rs-initiate NAME H:P... initiates replica set NAME (first member is preferred primary); idempotent
  probe.py mongo-set-default-wc URI W    setDefaultRWConcern {w: W} (W = 1 or majority) on a replica set
  probe.py mongo-shard-info URI          JSON: replica set name, members and states, default write concern
  probe.py mongo-cut-oplog URI           on a primary (direct URI): ends every oplog read of its secondaries (killOp
                                         and killCursors on local.oplog.rs), so nothing written from then on is sent
                                         until a secondary asks again; prints the epoch ms at which it began to end them
  probe.py mongo-hellos SETS             JSON list of each member's own hello answer, the input of
                                         scripts/cluster/mongo_sets.py (SETS: "NAME=HOST:PORT,...;NAME=...", each
                                         set's preferred member first)
  probe.py mongo-whole SECS SETS         exit 0 once the sets are whole by scripts/cluster/mongo_sets.py's rule;
                                         polled every 0.2 s over clients kept open, exit 1 after SECS (0: once)
  probe.py es-state URL                  JSON {"shards", "nodes"}: the input of scripts/cluster/es_primary.py
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

# The rules themselves are in scripts/cluster/, where the AWS servers' fault helper runs them too.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cluster"))
import es_primary  # noqa: E402
import mongo_sets  # noqa: E402


def fail(msg):
    print(f"probe.py: {msg}", file=sys.stderr)
    sys.exit(1)


def http_get(url, read):
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return read(r)
    except Exception as e:  # any failure means "not ready / not reachable" to the caller
        fail(f"GET {url}: {e}")


def http(url):
    http_get(url, lambda r: sys.stdout.write(r.read().decode()))


# Every client made here, closed before the probe exits (exit_after).
_CLIENTS = []


def mongo_client(uri, **kw):
    from pymongo import MongoClient

    client = MongoClient(uri, serverSelectionTimeoutMS=2000, connectTimeoutMS=2000, **kw)
    _CLIENTS.append(client)
    return client


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


def mongo_set_default_wc(uri, w):
    c = mongo_client(uri)
    c.admin.command({"setDefaultRWConcern": 1, "defaultWriteConcern": {"w": int(w) if w.isdigit() else w}})
    print(f"default write concern w:{w} on {uri.split('?')[0]}")


def mongo_shard_info(uri):
    c = mongo_client(uri)
    st = c.admin.command("replSetGetStatus")
    conf = c.admin.command("replSetGetConfig")["config"]
    rw = c.admin.command("getDefaultRWConcern")
    info = {
        "name": st["set"],
        "members": [f"{m['name']} {m['stateStr']}" for m in st["members"]],
        "default_write_concern": rw.get("defaultWriteConcern"),
        "default_write_concern_source": rw.get("defaultWriteConcernSource"),
        "write_concern_majority_journal_default": conf.get("writeConcernMajorityJournalDefault", True),
    }
    print(json.dumps(info))


def mongo_cut_oplog(uri):
    c = mongo_client(uri, directConnection=True)
    try:
        current = {"$currentOp": {"allUsers": True, "idleCursors": True, "localOps": True}}
        reads = list(c.admin.aggregate([current, {"$match": {"ns": "local.oplog.rs"}}]))
        cursors = [r["cursor"]["cursorId"] for r in reads if r.get("cursor")]
        began_ms = int(time.time() * 1000)
        for r in reads:
            if r.get("active") and r.get("opid") is not None:
                c.admin.command("killOp", op=r["opid"])
        if cursors:
            c.local.command("killCursors", "oplog.rs", cursors=cursors)
    except Exception as e:
        fail(f"oplog reads on {uri}: {e}")
    print(began_ms)


def parse_sets(spec):
    """[(set, member)] in layout order from "NAME=HOST:PORT,...;NAME=..." (scripts/cluster/mongo-hellos.sh's too)."""
    pairs = []
    for one in spec.split(";"):
        name, _, members = one.partition("=")
        pairs += [(name, m) for m in members.split(",")]
    return pairs


def hellos(clients):
    """The members list of scripts/cluster/mongo_sets.py: each member's own hello answer (None when it did not answer).
    default=str: the answer's timestamps and ids as text, as mongosh's relaxed EJSON gives them as plain JSON."""
    members = []
    for (name, member), c in clients.items():
        try:
            hello = json.loads(json.dumps(c.admin.command("hello"), default=str))
        except Exception:
            hello = None
        members.append({"set": name, "member": member, "hello": hello})
    return members


def member_clients(spec):
    # One direct client per member: each member's own answer, not a heartbeat-old view of it from another member.
    return {(n, m): mongo_client(f"mongodb://{m}/", directConnection=True) for n, m in parse_sets(spec)}


def mongo_whole(secs, spec):
    clients = member_clients(spec)  # kept across polls: a new client per poll costs a connection handshake each
    deadline = time.monotonic() + secs
    while True:
        members = hellos(clients)
        if mongo_sets.whole(members):
            return
        if time.monotonic() >= deadline:
            fail(f"replica sets not whole after {secs} s: {mongo_sets.states(members)}")
        time.sleep(0.2)


def es_state(url):
    url = url.rstrip("/")
    shards = http_get(url + es_primary.SHARDS_PATH, json.load)
    nodes = http_get(url + es_primary.NODES_PATH, json.load)
    print(json.dumps({"shards": shards, "nodes": nodes}))


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
        "mongo-set-default-wc": lambda: mongo_set_default_wc(args[0], args[1]),
        "mongo-shard-info": lambda: mongo_shard_info(args[0]),
        "mongo-cut-oplog": lambda: mongo_cut_oplog(args[0]),
        "mongo-hellos": lambda: print(json.dumps(hellos(member_clients(args[0])))),
        "mongo-whole": lambda: mongo_whole(float(args[0]), args[1]),
        "es-state": lambda: es_state(args[0]),
        "json-file": lambda: write_atomically(args[0], read_pairs()),
        "json-line": lambda: print(json.dumps(read_pairs(), separators=(",", ":"))),
        "hosts-file": lambda: hosts_file(args[0], args[1]),
    }
    if cmd not in commands:
        fail(f"unknown command {cmd}")
    commands[cmd]()


def exit_after(argv):
    """Runs main, closes the clients and ends the process without the interpreter's shutdown, which waits about
    0.5 s for pymongo's monitor threads even after close(): twice on each "stores.sh start mongodb", which every local
    scripts/ycsb.sh run and the test suites call many times."""
    status = 0
    try:
        main(argv)
    except SystemExit as e:
        status = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    finally:
        for client in _CLIENTS:
            client.close()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)


if __name__ == "__main__":
    exit_after(sys.argv)

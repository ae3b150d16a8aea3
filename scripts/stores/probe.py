#!/usr/bin/env python3
"""Small probes for scripts/stores.sh and scripts/cluster/*.sh, run with the stores' venv python (needs pymongo
only for the mongo-* commands). Each command prints its answer on stdout, or one line on stderr and exits 1.

  probe.py http URL                      body of a GET (exit 1 unless 2xx)
  probe.py mongo-ping URI                exit 0 when the server answers ping
  probe.py mongo-info URI                JSON: version, storage engine, journal, cache size, replica set
  probe.py mongo-rs-initiate NAME H:P... initiates replica set NAME (first member is preferred primary); idempotent
  probe.py mongo-rs-ready URI N          exit 0 when the set has a primary and N healthy members
  probe.py mongo-set-default-wc URI W    setDefaultRWConcern {w: W} (W = 1 or majority) on a replica set
  probe.py mongo-shard-info URI          JSON: replica set name, members and states, default write concern
  probe.py json-file FILE                writes key=value lines from stdin as a JSON object (values parsed as JSON
                                         when they are valid JSON, else strings; "a.b=c" nests under "a")
  probe.py hosts-file FILE TOPOLOGY      like json-file, for .stores/hosts-<topology>.json: lines "store<TAB>key=value"
"""
import json
import os
import sys
import tempfile
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
    info = {"version": build["version"], "git_version": build.get("gitVersion"),
            "storage_engine": status["storageEngine"]["name"],
            "journal": status["storageEngine"].get("persistent", True),
            "wiredtiger_cache_bytes": cache,
            "journal_commit_interval_ms": journal_ms,
            "default_write_concern": rw.get("defaultWriteConcern"),
            "default_write_concern_source": rw.get("defaultWriteConcernSource"),
            "default_read_concern": rw.get("defaultReadConcern"),
            "replica_set": status.get("repl", {}).get("setName"),
            "argv": opts.get("argv")}
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
    if "PRIMARY" not in states or len([s for s in states if s in ("PRIMARY", "SECONDARY")]) < n:
        fail(f"replica set not ready: {states}")


def mongo_set_default_wc(uri, w):
    c = mongo_client(uri)
    c.admin.command({"setDefaultRWConcern": 1, "defaultWriteConcern": {"w": int(w) if w.isdigit() else w}})
    print(f"default write concern w:{w} on {uri.split('?')[0]}")


def mongo_shard_info(uri):
    c = mongo_client(uri)
    st = c.admin.command("replSetGetStatus")
    conf = c.admin.command("replSetGetConfig")["config"]
    rw = c.admin.command("getDefaultRWConcern")
    print(json.dumps({"name": st["set"],
                      "members": [f"{m['name']} {m['stateStr']}" for m in st["members"]],
                      "default_write_concern": rw.get("defaultWriteConcern"),
                      "default_write_concern_source": rw.get("defaultWriteConcernSource"),
                      "write_concern_majority_journal_default": conf.get("writeConcernMajorityJournalDefault",
                                                                         True)}))


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


def json_file(path):
    obj = {}
    for line in sys.stdin:
        line = line.rstrip("\n")
        if line:
            k, _, v = line.partition("=")
            put(obj, k, parse_value(v))
    write_atomically(path, obj)


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
    commands = {"http": lambda: http(args[0]), "mongo-ping": lambda: mongo_ping(args[0]),
                "mongo-info": lambda: mongo_info(args[0]),
                "mongo-rs-initiate": lambda: mongo_rs_initiate(args[0], args[1:]),
                "mongo-rs-ready": lambda: mongo_rs_ready(args[0], int(args[1])),
                "mongo-set-default-wc": lambda: mongo_set_default_wc(args[0], args[1]),
                "mongo-shard-info": lambda: mongo_shard_info(args[0]),
                "json-file": lambda: json_file(args[0]), "hosts-file": lambda: hosts_file(args[0], args[1])}
    if cmd not in commands:
        fail(f"unknown command {cmd}")
    commands[cmd]()


if __name__ == "__main__":
    main(sys.argv)

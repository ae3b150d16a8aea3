#!/usr/bin/env python3
"""Compares a running store's settings, read from its servers, with the profile's expectations; or the README's
durability table with them. Used by scripts/tests/test_store_settings.sh. Prints what it read; exits 1 with one
line per mismatch.

  read_store_settings.py STORE TOPOLOGY PROFILE STORES_HOME EXPECTED_JSON
  read_store_settings.py --readme README.md STORE TOPOLOGY PROFILE EXPECTED_JSON

EXPECTED_JSON: {"server": {key: value}, "client": {property: value}, "memory_mb": "N", "maxmemory_policy": "..."}
(the values of scripts/stores/profiles/<store>.env for that profile and topology).
"""

import json
import socket
import sys
import urllib.request

MB = 1 << 20
README_NAMES = {"redisjson": "Redis", "mongodb": "MongoDB", "elasticsearch": "Elasticsearch"}
problems = []


def expect(what, actual, wanted):
    ok = str(actual) == str(wanted)
    print(f"{'ok ' if ok else 'BAD'} {what}: {actual!r} (profile: {wanted!r})")
    if not ok:
        problems.append(f"{what}: server has {actual!r}, profile says {wanted!r}")


def expect_near(what, actual, wanted, tolerance):
    ok = abs(actual - wanted) <= tolerance
    print(f"{'ok ' if ok else 'BAD'} {what}: {actual} (profile: {wanted} +- {tolerance})")
    if not ok:
        problems.append(f"{what}: server has {actual}, profile says {wanted} (+- {tolerance})")


def redis_command(port, *args):
    """One command over RESP; returns the reply (lists and bulk strings decoded)."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        req = f"*{len(args)}\r\n" + "".join(f"${len(a.encode())}\r\n{a}\r\n" for a in args)
        s.sendall(req.encode())
        f = s.makefile("rb")
        return read_reply(f)


def read_reply(f):
    line = f.readline().decode().rstrip("\r\n")
    kind, rest = line[0], line[1:]
    if kind in "+:":
        return rest
    if kind == "-":
        raise RuntimeError(rest)
    if kind == "$":
        n = int(rest)
        return None if n < 0 else f.read(n + 2)[:-2].decode()
    if kind == "*":
        return [read_reply(f) for _ in range(int(rest))]
    raise RuntimeError(f"unexpected reply {line!r}")


def config_get(port, key):
    return redis_command(port, "CONFIG", "GET", key)[1]


def check_redis(ports, exp):
    for port in ports:
        for key, value in exp["server"].items():
            expect(f"redis :{port} {key}", config_get(port, key), value)
        expect(f"redis :{port} maxmemory", config_get(port, "maxmemory"), int(exp["memory_mb"]) * MB)
        expect(f"redis :{port} maxmemory-policy", config_get(port, "maxmemory-policy"), exp["maxmemory_policy"])


def check_mongodb(ports, topology, exp):
    from pymongo import MongoClient

    for port in ports:
        c = MongoClient(f"mongodb://127.0.0.1:{port}/", directConnection=True, serverSelectionTimeoutMS=3000)
        commit = c.admin.command({"getParameter": 1, "journalCommitInterval": 1})["journalCommitInterval"]
        expect(f"mongod :{port} journalCommitInterval", commit, exp["server"]["journalCommitInterval"])
        cache = c.admin.command("serverStatus")["wiredTiger"]["cache"]["maximum bytes configured"]
        # The cache size is given in GB with three decimals: allow 1 % for the rounding.
        wanted = int(exp["memory_mb"]) * MB
        expect_near(f"mongod :{port} WiredTiger cache bytes", cache, wanted, wanted // 100)
        if topology == "cluster":
            rw = c.admin.command("getDefaultRWConcern").get("defaultWriteConcern", {})
            w = exp["server"]["defaultWriteConcern"]
            expect(f"mongod :{port} default write concern w", rw.get("w"), w[2:] if w.startswith("w:") else w)
            conf = c.admin.command("replSetGetConfig")["config"]
            expect(
                f"mongod :{port} writeConcernMajorityJournalDefault",
                conf.get("writeConcernMajorityJournalDefault", True),
                True,
            )


def http_json(url):
    with urllib.request.urlopen(url, timeout=10) as r:
        return json.load(r)


def check_elasticsearch(ports, exp, table="profilecheck"):
    for port in ports:
        node = next(iter(http_json(f"http://127.0.0.1:{port}/_nodes/_local/jvm")["nodes"].values()))
        expect(
            f"elasticsearch :{port} heap max bytes", node["jvm"]["mem"]["heap_max_in_bytes"], int(exp["memory_mb"]) * MB
        )
    settings = http_json(f"http://127.0.0.1:{ports[0]}/{table}/_settings?flat_settings=true")[table]["settings"]
    index_keys = {
        "es.translog.durability": "index.translog.durability",
        "es.translog.sync_interval": "index.translog.sync_interval",
        "es.wait_for_active_shards": "index.write.wait_for_active_shards",
    }
    for prop, value in exp["client"].items():
        expect(f"elasticsearch index {index_keys[prop]}", settings.get(index_keys[prop]), value)


def check_running(store, topology, profile, home, exp):
    settings = json.load(open(f"{home}/{store}/settings-{topology}.json"))
    ports = sorted(int(p) for p in settings["instances"])
    expect(f"{store} settings file: durability.profile", settings["durability"]["profile"], profile)
    expect(f"{store} settings file: memory.per_process_mb", settings["memory"]["per_process_mb"], exp["memory_mb"])
    hosts = json.load(open(f"{home}/hosts-{topology}.json"))["stores"][store]
    for prop, value in exp["client"].items():
        expect(f"{store} hosts-{topology}.json {prop}", hosts.get(prop), value)
    {
        "redisjson": lambda: check_redis(ports, exp),
        "mongodb": lambda: check_mongodb(ports, topology, exp),
        "elasticsearch": lambda: check_elasticsearch(ports, exp),
    }[store]()


def check_readme(path, store, topology, profile, exp):
    rows = []
    for line in open(path, encoding="utf-8"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and cells[:3] == [README_NAMES[store], topology, profile]:
            rows.append(line)
    expect(f"README rows for {README_NAMES[store]} | {topology} | {profile}", len(rows), 1)
    for kind in ("server", "client"):
        for key, value in exp[kind].items():
            found = any(f"`{key}={value}`" in r for r in rows)
            expect(f"README row lists `{key}={value}`", found, True)


def main(argv):
    if len(argv) > 1 and argv[1] == "--readme":
        check_readme(argv[2], argv[3], argv[4], argv[5], json.loads(argv[6]))
    elif len(argv) == 6:
        check_running(argv[1], argv[2], argv[3], argv[4], json.loads(argv[5]))
    else:
        print(__doc__, file=sys.stderr)
        return 2
    for p in problems:
        print(f"mismatch: {p}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

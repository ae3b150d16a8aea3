"""Acknowledged writes for the unsynced-crash test: write, record each acknowledgement, read back, count the lost.

Use like:
    python acked_writes.py write redis HOST:PORT SECONDS ACKED_FILE
    python acked_writes.py write mongodb URI SECONDS ACKED_FILE [--journaled]
    python acked_writes.py write elasticsearch URL SECONDS ACKED_FILE [--translog request|async]
    python acked_writes.py check redis HOST:PORT ACKED_FILE
    python acked_writes.py check mongodb URI ACKED_FILE
    python acked_writes.py check elasticsearch URL ACKED_FILE

write: one writer inserts keys 0, 1, 2, ... one at a time until SECONDS pass or the server goes away (the test
kills it meanwhile). ACKED_FILE gets one line per acknowledged key, "KEY ACK_EPOCH_MS"; the one write in flight when
the server died is indeterminate (either outcome allowed) and is not listed. MongoDB writes use w:1, with j:true only
when --journaled (the strict profile's mongodb.writeConcern=journaled; relaxed is "acknowledged", j unset).
Elasticsearch: the index is created first with one shard, no replica and index.translog.durability as given (the
profiles' es.translog.durability; async fsyncs every 1 s), then one document per key.
check: reads every key of ACKED_FILE back and prints one JSON line: acked, lost, read_back_failed, first_lost, and
lost_window_ms (from the first lost key's acknowledgement to the last acknowledgement: how much time the loss covers,
to hold against the profile's fsync interval), and tail (true when every acknowledged key from the first lost on is
lost: the keys are written one at a time in order, so a loss that is not a tail means a hole in the recovered log).
Exit 0 when the read-back succeeded (whatever the loss; the caller judges it), 1 when the server could not be read.

Why its own client: the suite's checker (sweep's AckedWrites/LossDrill) is driven by scripts/stores.sh faults on the
cluster topology; this test needs one server on its own port, its data on the crash layer.
"""

import json
import socket
import sys
import time

KEY_PREFIX = "unsynced-crash:"


class RespClient:
    """The few RESP commands needed (SET, MGET), without a client library: the stores venv has none for Redis."""

    def __init__(self, address):
        host, port = address.rsplit(":", 1)
        self.sock = socket.create_connection((host, int(port)), timeout=5)
        self.reader = self.sock.makefile("rb")

    def send(self, *args):
        parts = [b"*%d\r\n" % len(args)]
        for arg in args:
            data = str(arg).encode()
            parts.append(b"$%d\r\n%s\r\n" % (len(data), data))
        self.sock.sendall(b"".join(parts))

    def reply(self):
        line = self.reader.readline()
        if not line:
            raise ConnectionError("connection closed")
        kind, rest = line[:1], line[1:-2]
        if kind in (b"+", b":"):
            return rest.decode()
        if kind == b"-":
            raise RuntimeError(rest.decode())
        if kind == b"$":
            size = int(rest)
            if size < 0:
                return None
            return self.reader.read(size + 2)[:-2].decode()
        if kind == b"*":
            return [self.reply() for _ in range(int(rest))]
        raise RuntimeError(f"unexpected reply {line!r}")


def write_redis(address, seconds, acked):
    client = RespClient(address)
    key = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        client.send("SET", KEY_PREFIX + str(key), key)
        if client.reply() != "OK":
            raise RuntimeError("SET was not acknowledged")
        acked.append((key, time.time_ns() // 1_000_000))
        key += 1


def check_redis(address, keys):
    client = RespClient(address)
    present = set()
    for start in range(0, len(keys), 1000):
        batch = keys[start : start + 1000]
        client.send("MGET", *[KEY_PREFIX + str(k) for k in batch])
        present.update(k for k, value in zip(batch, client.reply(), strict=True) if value == str(k))
    return present


def mongo_collection(uri, journaled=False):
    import pymongo  # the stores venv's pymongo: only the MongoDB cases need it
    from pymongo.write_concern import WriteConcern

    client = pymongo.MongoClient(uri, serverSelectionTimeoutMS=5000, socketTimeoutMS=5000)
    concern = WriteConcern(w=1, j=True) if journaled else WriteConcern(w=1)
    return client["unsynced_crash"].get_collection("acked", write_concern=concern)


def write_mongodb(uri, seconds, acked, journaled):
    collection = mongo_collection(uri, journaled)
    key = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        collection.insert_one({"_id": key, "v": key})
        acked.append((key, time.time_ns() // 1_000_000))
        key += 1


def check_mongodb(uri, keys):
    collection = mongo_collection(uri)
    return {doc["_id"] for doc in collection.find({}, {"_id": 1})} & set(keys)


ES_INDEX = "unsynced_crash"


def es_request(url, method, path, body=None):
    import urllib.request

    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url.rstrip("/") + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def write_elasticsearch(url, seconds, acked, translog):
    settings = {"number_of_shards": 1, "number_of_replicas": 0, "translog.durability": translog}
    if translog == "async":
        settings["translog.sync_interval"] = "1s"
    es_request(url, "PUT", "/" + ES_INDEX, {"settings": {"index": settings}})
    key = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        reply = es_request(url, "PUT", f"/{ES_INDEX}/_doc/{key}", {"v": key})
        if reply.get("result") != "created":
            raise RuntimeError(f"not created: {reply}")
        acked.append((key, time.time_ns() // 1_000_000))
        key += 1


def check_elasticsearch(url, keys):
    es_request(url, "GET", f"/_cluster/health/{ES_INDEX}?wait_for_status=green&timeout=60s")
    present = set()
    for start in range(0, len(keys), 1000):
        reply = es_request(url, "POST", f"/{ES_INDEX}/_mget", {"ids": [str(k) for k in keys[start : start + 1000]]})
        present.update(int(doc["_id"]) for doc in reply["docs"] if doc.get("found"))
    return present


def main(argv):
    if len(argv) < 5 or argv[1] not in ("write", "check") or argv[2] not in ("redis", "mongodb", "elasticsearch"):
        print(__doc__, file=sys.stderr)
        return 2
    command, store, address = argv[1], argv[2], argv[3]
    if command == "write":
        acked = []
        try:
            if store == "redis":
                write_redis(address, float(argv[4]), acked)
            elif store == "mongodb":
                write_mongodb(address, float(argv[4]), acked, "--journaled" in argv[6:])
            else:
                translog = argv[argv.index("--translog") + 1] if "--translog" in argv else "request"
                write_elasticsearch(address, float(argv[4]), acked, translog)
        except Exception as error:  # the server was killed under us: expected, the acknowledged ones are recorded
            print(f"writer stopped: {error}", file=sys.stderr)
        with open(argv[5], "w") as out:
            out.writelines(f"{key} {ack_ms}\n" for key, ack_ms in acked)
        print(json.dumps({"acked": len(acked)}))
        return 0
    with open(argv[4]) as source:
        ack_ms = dict(tuple(int(field) for field in line.split()) for line in source if line.strip())
    keys = list(ack_ms)
    try:
        checks = {"redis": check_redis, "mongodb": check_mongodb, "elasticsearch": check_elasticsearch}
        present = checks[store](address, keys)
    except Exception as error:
        print(json.dumps({"acked": len(keys), "lost": None, "read_back_failed": len(keys), "error": str(error)}))
        return 1
    lost = [k for k in keys if k not in present]
    first_lost = min(lost, default=None)
    window = None if first_lost is None else max(ack_ms.values()) - ack_ms[first_lost]
    # One writer, one key at a time: what a log replay cut at the crash loses is every key from the first lost on.
    tail = first_lost is None or len(lost) == sum(1 for k in keys if k >= first_lost)
    figures = {"acked": len(keys), "lost": len(lost), "read_back_failed": 0, "first_lost": first_lost}
    print(json.dumps(figures | {"lost_window_ms": window, "tail": tail}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

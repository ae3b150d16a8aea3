#!/usr/bin/env python3
"""The Elasticsearch node a fault ends: the one holding the most started primary shards of INDEX, or of any index
when INDEX has none. The one rule for both fault paths, as scripts/cluster/redis-primary.awk is for Redis:
scripts/stores/elasticsearch.sh (local cluster: scripts/stores/probe.py es-state gathers the answers) and
scripts/provision/fault.sh (AWS servers). Python 3 standard library only: the AWS servers have the system python3,
the local side its stores' venv.

  es_primary.py INDEX < STATE     STATE: the answers of any node to the two requests below, as they come,
                                  {"shards": <GET SHARDS_PATH>, "nodes": <GET NODES_PATH>}
  es_primary.py --paths           those two request paths, one a line (shards first), for the gatherers

Prints "HOST<TAB>PORT<TAB>ROLE" (ROLE: "NAME: N of M primary shards of index INDEX" or "... of any index (INDEX has
none)"); prints nothing and exits 1 when no node with an HTTP address holds a started primary.

Tie (two nodes with as many primaries): the lowest node name. The name is the node's own identity, set by our
configuration on both sides (es-PORT locally, node-INDEX on AWS), the same after a restart, and distinct on both:
ports tie on AWS (every node listens on 9200) and addresses would compare as text ("10.0.0.10" before "10.0.0.9").
So the same layout always gives the same victim, locally and on AWS.
"""

import sys
from collections import Counter

import answers

SHARDS_PATH = "/_cat/shards?format=json&h=index,shard,prirep,state,node"
NODES_PATH = "/_nodes/http?filter_path=nodes.*.name,nodes.*.http.publish_address"


def http_address(node):
    # publish_address is "10.42.1.10:9200", or "name/10.42.1.10:9200" when the node has a host name.
    host, _, port = node.get("http", {}).get("publish_address", "").rsplit("/", 1)[-1].rpartition(":")
    return (host, int(port)) if host and port.isdigit() else None


def primary(state, index):
    """(host, port, role) of the node to end, or None when no node with an HTTP address holds a started primary."""
    address = {}
    for node in ((state.get("nodes") or {}).get("nodes") or {}).values():
        if http_address(node):
            address[node["name"]] = http_address(node)
    started = [s for s in state["shards"] if s["prirep"] == "p" and s["state"] == "STARTED" and s["node"] in address]
    of_index = [s for s in started if s["index"] == index]
    chosen = of_index or started
    if not chosen:
        return None
    count = Counter(s["node"] for s in chosen)
    name = min(count, key=lambda n: (-count[n], n))
    what = f"of index {index}" if of_index else f"of any index ({index} has none)"
    host, port = address[name]
    return host, port, f"{name}: {count[name]} of {len(chosen)} primary shards {what}"


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    if argv[1] == "--paths":
        print(f"{SHARDS_PATH}\n{NODES_PATH}")
        return 0
    state = answers.read("es_primary.py", "cluster state")
    return answers.print_row(None if state is None else primary(state, argv[1]))


if __name__ == "__main__":
    sys.exit(main(sys.argv))

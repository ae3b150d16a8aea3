#!/usr/bin/env python3
"""Whether an Elasticsearch cluster is whole again after a node came back, as one node sees it: that node reports all
N nodes and a status that is not red. Not green, the formation's bar (scripts/cluster/es-cluster-wait.sh): the
replicas of a returning node may take a while to catch up while no data is missing. The one rule for both fault
paths, as scripts/cluster/redis-primary.awk is for Redis: scripts/stores/elasticsearch.sh (local cluster, asked of
every node) and scripts/provision/fault.sh (AWS servers, asked of the server's own node). Python 3 standard library
only: the AWS servers have the system python3, the local side its stores' venv.

  es_whole.py N < HEALTH      HEALTH: a node's /_cluster/health answer. Exit 0 when whole; else exit 1 with what the
                              node says on stderr
"""

import sys

import answers


def whole(health, nodes):
    return health.get("number_of_nodes") == nodes and health.get("status") in ("green", "yellow")


def main(argv):
    if len(argv) != 2 or not argv[1].isdigit():
        print(__doc__, file=sys.stderr)
        return 2
    health = answers.read("es_whole.py", "cluster health")
    if health is None:
        return 1
    if whole(health, int(argv[1])):
        return 0
    said = f"{health.get('number_of_nodes')} of {argv[1]} nodes, status {health.get('status')}"
    print(f"not whole: {said}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))

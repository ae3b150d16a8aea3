#!/usr/bin/env bash
# Prints the elasticsearch.yml settings ("key: value" lines) of one node of a multi-node Elasticsearch cluster, so the
# same cluster layout is used locally (scripts/stores.sh turns the lines into -E flags for the classpath launcher) and
# on cloud machines (cloud-init appends the output to the vendor package's /etc/elasticsearch/elasticsearch.yml).
#
# Usage: es-node-config.sh --cluster-name NAME --node-name NODE --host ADDR --http-port P --transport-port T \
#          --seeds HOST:TPORT,HOST:TPORT,... [--masters NODE,NODE,...]
#   --host           address the node binds to and publishes (network.host)
#   --seeds          transport addresses of the master-eligible nodes (discovery.seed_hosts)
#   --masters        node names of the initial master-eligible nodes (cluster.initial_master_nodes): give it only
#                    when the cluster forms for the first time (empty data directories); leave it out on restarts, as
#                    Elasticsearch asks once a node has joined a cluster
# Every node is master-eligible and holds data (the default roles), as in the 3-node benchmark topology.
# Security (TLS, users) is not configured here: on cloud machines add it in the caller if the network is shared.
set -euo pipefail

# shellcheck source=scripts/lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"

main() {
  local cluster="" node="" host="" http="" transport="" seeds="" masters=""
  while (($#)); do
    case "$1" in
      --cluster-name) cluster="$2" ;;
      --node-name) node="$2" ;;
      --host) host="$2" ;;
      --http-port) http="$2" ;;
      --transport-port) transport="$2" ;;
      --seeds) seeds="$2" ;;
      --masters) masters="$2" ;;
      -h | --help) usage; return 0 ;;
      *) echo "es-node-config.sh: error: unknown argument '$1'" >&2; usage >&2; return 2 ;;
    esac
    shift 2 || { echo "es-node-config.sh: error: $1 needs a value" >&2; return 2; }
  done
  local pair
  for pair in cluster-name:"${cluster}" node-name:"${node}" host:"${host}" http-port:"${http}" \
    transport-port:"${transport}" seeds:"${seeds}"; do
    [[ -n "${pair#*:}" ]] || { echo "es-node-config.sh: error: missing --${pair%%:*}" >&2; return 2; }
  done
  printf 'cluster.name: %s\nnode.name: %s\nnetwork.host: %s\n' "${cluster}" "${node}" "${host}"
  printf 'http.port: %s\ntransport.port: %s\n' "${http}" "${transport}"
  printf 'discovery.seed_hosts: %s\n' "${seeds}"
  [[ -z "${masters}" ]] || printf 'cluster.initial_master_nodes: %s\n' "${masters}"
}

main "$@"

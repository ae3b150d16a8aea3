#!/usr/bin/env bash
# Forms a Redis OSS cluster from running, empty redis-server processes started with cluster-enabled yes, and waits
# until every node reports cluster_state:ok. Safe to re-run: does nothing when the nodes already form that cluster.
# Used locally by scripts/stores.sh and on cloud machines (run it once, from any one machine, after all nodes are up).
#
# Usage: redis-cluster-create.sh [--replicas N] [--timeout SECS] HOST:PORT HOST:PORT ...
#   HOST:PORT   every node; with --replicas N the first len/(N+1) become masters, the rest their replicas
#               (redis-cli assigns them, preferring replicas on other hosts than their master)
#   --replicas  replicas per master (default 1)
#   --timeout   seconds to wait for cluster_state:ok (default 60)
# Env: REDIS_CLI (default redis-cli on PATH), REDIS_PASSWORD (handed to redis-cli as REDISCLI_AUTH in its
#   environment, never as -a: arguments are visible to every local user in /proc).
set -euo pipefail

# shellcheck source=scripts/lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"

cli() {
  local node="$1"
  shift
  with_auth "${REDIS_CLI:-redis-cli}" -h "${node%:*}" -p "${node##*:}" "$@"
}

# Runs a redis-cli command with REDIS_PASSWORD (when set) in its environment.
with_auth() {
  if [[ -n "${REDIS_PASSWORD:-}" ]]; then
    REDISCLI_AUTH="${REDIS_PASSWORD}" "$@"
  else
    "$@"
  fi
}

# Number of nodes the given node knows (1 = not joined yet) and whether its cluster state is ok.
cluster_field() {
  cli "$1" CLUSTER INFO | tr -d '\r' | awk -F: -v k="$2" '$1 == k {print $2}'
}

main() {
  local replicas=1 timeout=60 nodes=() n
  while (($#)); do
    case "$1" in
      --replicas) replicas="$2"; shift 2 ;;
      --timeout) timeout="$2"; shift 2 ;;
      -h | --help) usage; return 0 ;;
      -*) err "unknown option '$1'"; usage >&2; return 2 ;;
      *) nodes+=("$1"); shift ;;
    esac
  done
  ((${#nodes[@]} >= 3 * (replicas + 1))) || { err "need at least $((3 * (replicas + 1))) nodes for 3 masters"; return 2; }
  for n in "${nodes[@]}"; do
    [[ "$(cli "${n}" PING 2>/dev/null)" == PONG ]] || { err "node ${n} does not answer PING"; return 1; }
  done
  if [[ "$(cluster_field "${nodes[0]}" cluster_known_nodes)" == "${#nodes[@]}" ]]; then
    echo "redis cluster already formed (${#nodes[@]} nodes)" >&2
  else
    with_auth "${REDIS_CLI:-redis-cli}" --cluster create "${nodes[@]}" --cluster-replicas "${replicas}" \
      --cluster-yes >&2 || { err "redis-cli --cluster create failed"; return 1; }
  fi
  local deadline=$((SECONDS + timeout))
  for n in "${nodes[@]}"; do
    until [[ "$(cluster_field "${n}" cluster_state)" == ok \
      && "$(cluster_field "${n}" cluster_known_nodes)" == "${#nodes[@]}" ]]; do
      ((SECONDS < deadline)) || { err "node ${n} not in a healthy ${#nodes[@]}-node cluster after ${timeout}s"; return 1; }
      sleep 0.5
    done
  done
  echo "redis cluster ok: ${#nodes[@]} nodes, ${replicas} replica(s) per master" >&2
}

main "$@"

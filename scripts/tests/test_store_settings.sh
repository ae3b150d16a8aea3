#!/usr/bin/env bash
# Reads the durability and memory settings back from the running servers and compares them with their one
# definition (scripts/stores/profiles/<store>.env) and with the README's durability table:
#   Redis          every node: CONFIG GET appendonly, appendfsync, maxmemory, maxmemory-policy
#   MongoDB        every mongod: getParameter journalCommitInterval, the WiredTiger cache size; on the cluster
#                  every shard's getDefaultRWConcern
#   Elasticsearch  every node's heap (_nodes/jvm); an index created through the binding (scripts/ycsb.sh load,
#                  10 records, the hosts file's properties): translog.durability, translog.sync_interval,
#                  write.wait_for_active_shards
#   all            the client side of the profile is in hosts-<topology>.json; settings-<topology>.json names the
#                  profile; every README row of the store, topology and profile lists the same settings
# It starts the stores on the default ports and stops them at the end, so hold the global store lock:
#   flock /tmp/docsearch-stores.lock scripts/tests/test_store_settings.sh --topology cluster --profile strict
#
# Usage: scripts/tests/test_store_settings.sh [--topology single|cluster] [--profile relaxed|strict]
#                                             [--memory-mb N] [--keep] [STORE...]
#   --keep  leave the stores running with the profile (the caller's next suite uses them and stops them)
# Env: STORES_HOME (<repo>/.stores), DOCSEARCH_SKIP_BUILD (passed to scripts/ycsb.sh).
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
readonly REPO_ROOT
readonly STORES_SH="${REPO_ROOT}/scripts/stores.sh"
LOG_PREFIX="test_store_settings.sh"
# shellcheck source=../lib/common.sh
source "${REPO_ROOT}/scripts/lib/common.sh"
# shellcheck source=../stores/profile.sh
source "${REPO_ROOT}/scripts/stores/profile.sh"
# shellcheck source=assert.sh
source "${REPO_ROOT}/scripts/tests/assert.sh"

readonly ES_TABLE="profilecheck"
TOPO=single
KEEP=0
STARTED=()
STORES_ARGS=()

usage() {
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
}

cleanup() {
  if ((${#STARTED[@]})) && ((!KEEP)); then
    "${STORES_SH}" stop --topology "${TOPO}" "${STARTED[@]}" >/dev/null 2>&1 || true
  fi
}

# The profile's expectations for one store as JSON (server and client lists parsed into objects).
expectations() {
  local store="$1" profile="$2" kind
  {
    for kind in server client; do
      printf '%s\t%s\n' "${kind}" "$(profile_list "${store}" "${profile}" "${TOPO}" "${kind}")"
    done
    printf 'memory_mb\t%s\n' "$(memory_per_process_mb "${store}" "${TOPO}")"
    printf 'maxmemory_policy\t%s\n' "$(profile_var "${store}" maxmemory_policy)"
  } | python3 -c '
import json, sys
out = {}
for line in sys.stdin:
    k, _, v = line.rstrip("\n").partition("\t")
    out[k] = dict(kv.split("=", 1) for kv in v.split()) if k in ("server", "client") else v
print(json.dumps(out))'
}

main() {
  local profile="${DURABILITY_PROFILE:-relaxed}" stores=() s py hosts
  while (($#)); do
    case "$1" in
      -h | --help) usage; return 0 ;;
      --topology) TOPO="${2:?--topology needs single or cluster}"; shift 2 ;;
      --profile) profile="${2:?--profile needs relaxed or strict}"; shift 2 ;;
      --memory-mb) STORES_ARGS+=(--memory-mb "${2:?--memory-mb needs a number}"); export STORE_MEMORY_MB="$2"; shift 2 ;;
      --keep) KEEP=1; shift ;;
      -*) err "unknown option '$1'"; return 2 ;;
      *) stores+=("$1"); shift ;;
    esac
  done
  [[ "${TOPO}" == single || "${TOPO}" == cluster ]] || { err "unknown topology '${TOPO}' (single|cluster)"; return 2; }
  [[ "${profile}" == relaxed || "${profile}" == strict ]] || { err "unknown profile '${profile}' (relaxed|strict)"; return 2; }
  ((${#stores[@]})) || stores=(redisjson mongodb elasticsearch)
  export STORES_HOME="${STORES_HOME:-${REPO_ROOT}/.stores}"
  trap cleanup EXIT INT TERM
  py="${STORES_HOME}/venv/bin/python"
  hosts="${STORES_HOME}/hosts-${TOPO}.json"
  for s in "${stores[@]}"; do
    STARTED+=("${s}")
    if ! "${STORES_SH}" start --topology "${TOPO}" --profile "${profile}" "${STORES_ARGS[@]}" "${s}" >&2; then
      check "${s}: starts with profile ${profile}" false
      continue
    fi
    if [[ "${s}" == elasticsearch ]]; then
      # The index and its durability settings are made by the binding, from the hosts file's properties.
      "${REPO_ROOT}/scripts/ycsb.sh" reset elasticsearch workloada --hosts "${hosts}" -p "table=${ES_TABLE}" >&2
      check "elasticsearch: the binding creates an index (10 records)" "${REPO_ROOT}/scripts/ycsb.sh" load \
        elasticsearch workloada --hosts "${hosts}" -p recordcount=10 -p "table=${ES_TABLE}"
    fi
    check "${s} ${TOPO} ${profile}: running servers match scripts/stores/profiles/${s}.env" \
      "${py}" "${REPO_ROOT}/scripts/tests/read_store_settings.py" "${s}" "${TOPO}" "${profile}" "${STORES_HOME}" \
      "$(expectations "${s}" "${profile}")"
    check "${s} ${TOPO} ${profile}: README durability table lists the same settings" \
      python3 "${REPO_ROOT}/scripts/tests/read_store_settings.py" --readme "${REPO_ROOT}/README.md" "${s}" "${TOPO}" \
      "${profile}" "$(expectations "${s}" "${profile}")"
    if [[ "${s}" == elasticsearch ]]; then
      "${REPO_ROOT}/scripts/ycsb.sh" reset elasticsearch workloada --hosts "${hosts}" -p "table=${ES_TABLE}" >&2 || true
    fi
    ((KEEP)) || "${STORES_SH}" stop --topology "${TOPO}" "${s}" >&2
    STARTED=()
  done
  finish
}

main "$@"

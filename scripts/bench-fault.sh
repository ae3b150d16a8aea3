#!/usr/bin/env bash
# A node lost under load, as a benchmark: for each durability profile, one sweep of the three local stores in the
# cluster topology that finds each store's capacity and then kills a server holding primary data during a fixed-rate
# step at --fault-load (0.7) of that capacity (./run-sweep.sh --fault). Prints, per store and profile: failed
# operations after the kill by type, the longest gap without a successful operation, the time until p99 is back
# within 2x of its value before the kill, and the acknowledged writes lost against what the profile may lose; with
# the machine's load average. A benchmark, not a timed test: run it alone on a quiet machine (load average below 1).
#
# Use like: scripts/bench-fault.sh [run-sweep.sh options...]
#
# Settings: PROFILES (default "relaxed strict"), STORES (default redisjson,mongodb,elasticsearch), WORKLOAD
# (default workloada), FAULT (default kill-primary@10), OUT parent of the run folders (default: a new folder under
# results/). Options after the script name go to every ./run-sweep.sh call.
set -euo pipefail

# shellcheck source=lib/bench.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/bench.sh"

main() {
  case "${1:-}" in
    -h | --help) usage; exit 0 ;;
  esac
  local out profile dir dirs=() rc
  out="${OUT:-${REPO_ROOT}/results/fault-bench-$(date -u +%Y%m%dT%H%M%SZ)}"
  mkdir -p "${out}"
  for profile in ${PROFILES:-relaxed strict}; do
    log "profile ${profile}: ${WORKLOAD:-workloada} on ${STORES:-redisjson,mongodb,elasticsearch}, cluster, --fault ${FAULT:-kill-primary@10} (machine: $(machine_load))"
    rc=0
    dir="$("${REPO_ROOT}/run-sweep.sh" "${WORKLOAD:-workloada}" --topology cluster --profile "${profile}" \
      --stores "${STORES:-redisjson,mongodb,elasticsearch}" --fault "${FAULT:-kill-primary@10}" \
      --out "${out}/${profile}" "$@" | tail -n 1)" || rc=$?
    # A store that failed keeps its finished results: print what there is, say the exit status.
    [[ "${rc}" == 0 ]] || log "the ${profile} sweep exited ${rc}: ${dir}"
    [[ ! -d "${dir}" ]] || dirs+=("${dir}")
  done
  [[ "${#dirs[@]}" -gt 0 ]] || die "no sweep left a results folder under ${out}"
  # The stores' fault summaries through the results format (bin/docsearch fault-rows), as a Markdown table.
  "${REPO_ROOT}/bin/docsearch" fault-rows "${dirs[@]}" | python3 "${REPO_ROOT}/scripts/lib/fault_table.py"
  echo "machine after the runs: $(machine_load)"
}

main "$@"

#!/usr/bin/env bash
# Measures how reproducible a sweep is: runs the same sweep of one workload on one store several times and prints
# each run's max sustainable throughput (saturation.json) and their coefficient of variation (sample standard
# deviation / mean); the target is <= 5 %. A benchmark, not a timed test.
#
# Use like: scripts/bench-reproducibility.sh [run-sweep.sh options...]
#   e.g.    scripts/bench-reproducibility.sh --hosts hosts.json --records 20000
#
# Settings:
#   STORE     the store (default: redisjson)
#   WORKLOAD  the workload (default: workloada)
#   RUNS      sweeps (default: 3)
# Options after the script name go to every ./run-sweep.sh call (not --stores; results go to results/ unless
# --out is given).
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly REPO_ROOT
# shellcheck source=lib/common.sh
source "${REPO_ROOT}/scripts/lib/common.sh"

readonly STORE="${STORE:-redisjson}"
readonly WORKLOAD="${WORKLOAD:-workloada}"
readonly RUNS="${RUNS:-3}"

usage() {
  sed -n '2,15p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
}

# Prints "<throughput> <threads>" from a run folder's saturation.json.
max_sustainable() {
  python3 - "$1/${STORE}/saturation.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
if s.get("throughput_ops") is None:
    sys.exit("no sustainable step: " + s.get("reason", "?"))
print(s["throughput_ops"], s["threads"])
PY
}

main() {
  local arg i dir result values=""
  for arg in "$@"; do
    case "${arg}" in
      -h | --help) usage; exit 0 ;;
      --stores | --stores=*) err "the store is set with STORE=..."; exit 2 ;;
    esac
  done
  command -v python3 >/dev/null || die "python3 not found"
  for ((i = 1; i <= RUNS; i++)); do
    log "sweep ${i}/${RUNS}: ${WORKLOAD} on ${STORE}"
    dir="$("${REPO_ROOT}/run-sweep.sh" "${WORKLOAD}" --stores "${STORE}" "$@" | tail -n 1)"
    result="$(max_sustainable "${dir}")" || die "sweep ${i} has no max sustainable step (${dir})"
    log "sweep ${i}: ${result%% *} ops/s at ${result##* } threads (${dir})"
    values+="${result%% *}"$'\n'
  done
  printf '%s' "${values}" | awk -v runs="${RUNS}" '
    { v[NR] = $1; sum += $1 }
    END {
      mean = sum / NR
      for (i = 1; i <= NR; i++) ss += (v[i] - mean) ^ 2
      sd = NR > 1 ? sqrt(ss / (NR - 1)) : 0
      printf "max sustainable throughput over %d sweeps: mean %.0f ops/s, stddev %.0f, CV %.2f %% (target <= 5 %%)\n",
        runs, mean, sd, 100 * sd / mean
    }'
}

main "$@"

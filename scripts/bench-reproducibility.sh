#!/usr/bin/env bash
# Measures how reproducible a sweep is: runs the same default sweep (both phases) of one workload on one store
# several times and prints each run's capacity under the objective and closed-loop peak (saturation.json), then the
# coefficient of variation (sample standard deviation / mean) of each, with the machine's load average: the target
# is a CV <= 5 % for capacity_ops. A benchmark, not a timed test.
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
# headline RUN_DIR: prints "capacity_ops peak_ops peak_threads" of the store (capacity "none" when it has none).
headline() {
  python3 - "$1/${STORE}/saturation.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
peak = s.get("peak_ops", s.get("throughput_ops"))
if peak is None:
    sys.exit("no peak: " + s.get("reason", "?"))
cap = s.get("capacity_ops")
print("none" if cap is None else cap, peak, s.get("peak_threads", s.get("threads")))
PY
}

# The machine's load while measuring: the benchmark is only as quiet as the machine.
machine_load() {
  printf '%s load average, %s CPUs' "$(cut -d' ' -f1-3 /proc/loadavg)" "$(nproc)"
}

# cv LABEL: mean, stddev and CV of the numbers on stdin ("none" lines counted apart).
cv() {
  awk -v label="$1" -v runs="${RUNS}" '
    $1 == "none" { missing++; next }
    { v[++n] = $1; sum += $1 }
    END {
      if (n == 0) { printf "%s: none of %d sweeps had one\n", label, runs; exit }
      mean = sum / n
      for (i = 1; i <= n; i++) ss += (v[i] - mean) ^ 2
      sd = n > 1 ? sqrt(ss / (n - 1)) : 0
      printf "%s over %d sweeps: mean %.0f ops/s, stddev %.0f, CV %.2f %%%s\n", label, n, mean, sd,
        100 * sd / mean, missing ? sprintf(" (%d sweeps had none)", missing) : ""
    }'
}

main() {
  local arg i dir result capacities="" peaks=""
  for arg in "$@"; do
    case "${arg}" in
      -h | --help) usage; exit 0 ;;
      --stores | --stores=*) err "the store is set with STORE=..."; exit 2 ;;
    esac
  done
  command -v python3 >/dev/null || die "python3 not found"
  for ((i = 1; i <= RUNS; i++)); do
    log "sweep ${i}/${RUNS}: ${WORKLOAD} on ${STORE} (machine: $(machine_load))"
    dir="$("${REPO_ROOT}/run-sweep.sh" "${WORKLOAD}" --stores "${STORE}" "$@" | tail -n 1)"
    result="$(headline "${dir}")" || die "sweep ${i} found no peak (${dir})"
    read -r cap peak threads <<<"${result}"
    log "sweep ${i}: capacity ${cap} ops/s, peak ${peak} ops/s at ${threads} threads (${dir})"
    capacities+="${cap}"$'\n'
    peaks+="${peak}"$'\n'
  done
  printf '%s' "${capacities}" | cv "capacity_ops (target CV <= 5 %)"
  printf '%s' "${peaks}" | cv "peak_ops"
  echo "machine while measuring: $(machine_load)"
}

main "$@"

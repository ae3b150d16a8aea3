#!/usr/bin/env bash
# Measures how reproducible a sweep is: runs the same default sweep (both phases) of one workload on one store
# several times and prints each run's capacity under the objective and closed-loop peak (capacity.json, read by
# bin/docsearch history-rows), then the coefficient of variation (sample standard deviation / mean) of each and its
# one-sided 95 % upper bound (bin/docsearch spread), with the machine's load average: the target is a CV <= 5 % for
# capacity_ops, shown only when the bound is below it. A benchmark, not a timed test.
#
# Use like: scripts/bench-reproducibility.sh [run-sweep.sh options...]
#   e.g.    scripts/bench-reproducibility.sh --hosts hosts.json --records 20000
#
# Settings:
#   STORE     the store (default: redisjson)
#   WORKLOAD  the workload (default: workloada)
#   RUNS      sweeps (default: 10: 3 runs cannot show a 5 % CV; 10 with an observed CV <= 3 % can)
#   KNOWN_CAPACITY  the true capacity when it is known (the mm1 store: scripts/bench-known-answer.sh): also prints
#             the median's bias against it
#   TOLERANCE_PCT  with KNOWN_CAPACITY: exit 1 when any run's capacity is missing or further than this (percent)
#             from it
#   VARY_SEEDS=1  each sweep its own random draws: run i adds -p docsearch.arrivals.seed=<i * 1000003> (and, on
#             the mm1 store, -p mm1.seed=<i>). Without it every sweep is offered the same arrivals (the suite's
#             default seed), so the CV shows the machine's noise only, not the sampling spread of a search
# Options after the script name go to every ./run-sweep.sh call (not --stores; results go to results/ unless
# --out is given).
set -euo pipefail

# shellcheck source=lib/bench.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/bench.sh"

readonly STORE="${STORE:-redisjson}"
readonly WORKLOAD="${WORKLOAD:-workloada}"
readonly RUNS="${RUNS:-10}"
readonly KNOWN_CAPACITY="${KNOWN_CAPACITY:-}"
readonly TOLERANCE_PCT="${TOLERANCE_PCT:-}"

# headline RUN_DIR: prints "capacity_ops peak_ops" of the store (capacity "none" when it has none), read through the
# results-format module (bin/docsearch history-rows: the nightly history's rows, the same upgrade of older formats).
# The CSV's last columns are ...,store,step,op,latency_kind,metric,value; counted from the end, so that a comma in an
# earlier column (the CPU model) cannot shift them.
headline() {
  local rows
  rows="$("${REPO_ROOT}/bin/docsearch" history-rows "$1")" || return 1
  awk -F, -v store="${STORE}" '
    NR > 1 && $(NF - 5) == store && $(NF - 1) == "capacity_ops" { cap = $NF }
    NR > 1 && $(NF - 5) == store && $(NF - 1) == "peak_ops" { peak = $NF }
    END {
      if (peak == "") { print "no peak for " store " (its capacity.json has none)" > "/dev/stderr"; exit 1 }
      print (cap == "" ? "none" : cap), peak
    }' <<<"${rows}"
}

main() {
  local arg i dir result cap peak capacities="" peaks="" seeds
  for arg in "$@"; do
    case "${arg}" in
      -h | --help) usage >&2; exit 0 ;;
      --stores | --stores=*) usage_error "the store is set with STORE=..." ;;
    esac
  done
  for ((i = 1; i <= RUNS; i++)); do
    log "sweep ${i}/${RUNS}: ${WORKLOAD} on ${STORE} (machine: $(machine_load))"
    seeds=()
    [[ "${VARY_SEEDS:-0}" != 1 ]] \
      || { seeds=(-p "docsearch.arrivals.seed=$((i * 1000003))"); [[ "${STORE}" != mm1 ]] || seeds+=(-p "mm1.seed=${i}"); }
    dir="$("${REPO_ROOT}/run-sweep.sh" "${WORKLOAD}" --stores "${STORE}" "$@" "${seeds[@]}" | tail -n 1)"
    result="$(headline "${dir}")" || die "sweep ${i} found no peak (${dir})"
    read -r cap peak <<<"${result}"
    log "sweep ${i}: capacity ${cap} ops/s, peak ${peak} ops/s (${dir})"
    capacities+="${cap}"$'\n'
    peaks+="${peak}"$'\n'
  done
  # Mean, stddev, CV and the CV's one-sided 95 % upper bound of each figure ("none" lines counted apart); with
  # KNOWN_CAPACITY, also the median's bias against it.
  printf '%s' "${capacities}" | "${REPO_ROOT}/bin/docsearch" spread --label "capacity_ops (target CV <= 5 %)" \
    ${KNOWN_CAPACITY:+--known "${KNOWN_CAPACITY}"}
  printf '%s' "${peaks}" | "${REPO_ROOT}/bin/docsearch" spread --label peak_ops
  echo "machine while measuring: $(machine_load)"
  [[ -z "${KNOWN_CAPACITY}" || -z "${TOLERANCE_PCT}" ]] || within_tolerance "${capacities}"
}

# within_tolerance VALUES: exit 1 naming the runs whose capacity is missing or further than TOLERANCE_PCT percent
# from KNOWN_CAPACITY.
within_tolerance() {
  local outside
  outside="$(awk -v known="${KNOWN_CAPACITY}" -v tol="${TOLERANCE_PCT}" '
    NF == 0 { next }
    { run++ }
    $1 == "none" || ($1 / known - 1) * 100 > tol || (1 - $1 / known) * 100 > tol {
      printf "%srun %d: %s", (n++ ? ", " : ""), run, $1
    }' <<<"$1")"
  [[ -z "${outside}" ]] || die "outside +-${TOLERANCE_PCT} % of the known capacity ${KNOWN_CAPACITY} ops/s: ${outside}"
  log "every run within +-${TOLERANCE_PCT} % of the known capacity ${KNOWN_CAPACITY} ops/s"
}

main "$@"

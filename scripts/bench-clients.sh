#!/usr/bin/env bash
# Two clients against one, at the same total offered rate and threads, on YCSB's no-op BasicDB: the merged
# two-client step must agree with the one-client step within noise (throughput ratio near 1, p99 difference near 0),
# or the merge, the shares or the agreed start are wrong. Rounds alternate the order, and each round draws its own
# arrivals (-p docsearch.arrivals.seed): with one seed every round repeats the same Poisson draws, and the counts of
# two draws over 10 s at 20,000/s differ by about 0.2 %, so fixed seeds would show one draw's luck as a bias.
# Optionally prints each store's client CPU per operation from a results folder of real stores (what a store needs
# in clients; terraform/README.md gives the rule). A benchmark, not a timed test: run it alone on a quiet machine
# (load average below 1).
#
# Use like: scripts/bench-clients.sh [RESULTS_FOLDER]
#
# Settings: RATE total offered rate ops/s (default 20000), THREADS (default 8), STEP_SECONDS measured per step
# (default 10), ROUNDS (default 3), OUT (default: a new folder under results/).
set -euo pipefail

# shellcheck source=lib/bench.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/bench.sh"

# One sweep of one fixed-rate step with the given number of clients.
one_run() {
  local clients="$1" dest="$2" seed="$3"
  "${REPO_ROOT}/run-sweep.sh" workloadc --stores basicdb --clients "${clients}" --threads "${THREADS:-8}" \
    -p "docsearch.arrivals.seed=${seed}" \
    --rates "${RATE:-20000}" --step-seconds "${SECONDS_PER_STEP}" --warmup-seconds 3 --records 1000 \
    --floor-seconds 0 --out "${dest}" >/dev/null 2>"${dest}.err" \
    || { echo "bench-clients: the ${clients}-client run failed: $(tail -n 1 "${dest}.err")" >&2; exit 1; }
}

main() {
  case "${1:-}" in
    -h | --help) usage; exit 0 ;;
  esac
  # Bad input is refused before any client runs.
  (($# <= 1)) || usage_error "one results folder at most, got $#: $*"
  [[ $# == 0 || -d "$1" ]] || usage_error "not a results folder: $1"
  local out round clients order
  SECONDS_PER_STEP="${STEP_SECONDS:-10}"
  out="${OUT:-${REPO_ROOT}/results/bench-clients-$(date -u +%Y%m%dT%H%M%SZ)}"
  mkdir -p "${out}"
  echo "load average before: $(load_average) (2 cores: figures are evidence only below 1)"
  for ((round = 1; round <= ${ROUNDS:-3}; round++)); do
    order=(1 2)
    ((round % 2)) || order=(2 1)
    for clients in "${order[@]}"; do
      one_run "${clients}" "${out}/c${clients}-r${round}" "$((round * 7919))"
    done
    echo "round ${round} done; load average $(load_average)"
  done
  python3 "${REPO_ROOT}/scripts/lib/bench_clients.py" "${out}" "$@"
  echo "load average after: $(load_average)"
}

main "$@"

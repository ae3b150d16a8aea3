#!/usr/bin/env bash
# The suite's calibration: capacity searches of the simulated M/M/1 store (mm1), whose true capacity theory gives.
# Under Poisson arrivals at rate L below the service rate M, an M/M/1 queue's sojourn time is exponential with rate
# M - L, so for the objective p99 <= B the true capacity is L* = M - ln(100) / B (M = 1000/s, B = 20 ms: 769.7 ops/s).
# Prints each search's capacity, the median's bias against L*, the CV, the machine's load, and the pacing fidelity:
# how Poisson the requests the server saw were (gap CV, Kolmogorov-Smirnov D, Stephens' test) and the send-lag p99,
# near 50 % and 90 % of L*, and per search the true capacity of the store the client really measured: M/M/1 plus the
# delays the host added to each request (send lag and wake lateness, recorded by the simulated store), whose share over
# the bound follows from the closed form and those delays (bin/docsearch step-rows, mm1_host_capacity_ops). Exits 1
# when any search's capacity is missing or further than 5 % from L* (TOLERANCE_PCT).
# A benchmark, not a timed test: run it alone on a quiet machine (load average below 1).
#
# Use like: scripts/bench-known-answer.sh [run-sweep.sh options...]
#
# Settings: RUNS searches (default 10), MM1_RATE service rate ops/s (default 1000), BOUND_MS the p99 bound
# (default 20), TOLERANCE_PCT (default 5), OUT parent of the run folders (default: a new folder under results/).
set -euo pipefail

# shellcheck source=lib/bench.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/bench.sh"

main() {
  case "${1:-}" in
    -h | --help) usage; exit 0 ;;
  esac
  local rate="${MM1_RATE:-1000}" bound="${BOUND_MS:-20}" known out
  known="$(awk -v m="${rate}" -v b="${bound}" 'BEGIN { printf "%.3f", m - log(100) / (b / 1000) }')"
  echo "mm1: service rate ${rate}/s, objective p99<=${bound}ms: true capacity ${known} ops/s"
  out="${OUT:-${REPO_ROOT}/results/known-answer-$(date -u +%Y%m%dT%H%M%SZ)}"
  mkdir -p "${out}"
  # Each search its own arrivals and service times: the spread is the sampling spread, not only the machine's.
  local rc=0
  STORE=mm1 WORKLOAD="${WORKLOAD:-workloadc}" RUNS="${RUNS:-10}" KNOWN_CAPACITY="${known}" VARY_SEEDS=1 \
    TOLERANCE_PCT="${TOLERANCE_PCT:-5}" \
    "${REPO_ROOT}/scripts/bench-reproducibility.sh" -p "mm1.service_rate=${rate}" --slo "p99<=${bound}ms" \
    --records 1000 --floor-seconds 0 --out "${out}" "$@" || rc=$?
  # run-sweep.sh refused an option (exit 2) before any step ran: nothing to read.
  ((rc != 2)) || { rm -rf "${out}"; exit 2; }
  # The steps through the results format (bin/docsearch step-rows), the simulated server's arrival fits among their
  # columns.
  "${REPO_ROOT}/bin/docsearch" step-rows "${out}" | python3 "${REPO_ROOT}/scripts/lib/pacing_fidelity.py" "${known}"
  return "${rc}"
}

main "$@"

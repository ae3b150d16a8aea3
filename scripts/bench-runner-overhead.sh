#!/usr/bin/env bash
# Measures what the sweep runner costs: the same YCSB workload on YCSB's no-op site.ycsb.BasicDB, the same
# threads and operation count, once through ./run-sweep.sh and once through upstream site.ycsb.Client directly.
# Prints each run's ops/s (YCSB's own [OVERALL] Throughput in every case) and two ratios of the medians:
#   runner / direct with the runner's measurement settings (HDR interval logs, intended latency, status thread):
#     the harness's own cost; the target is >= 1.0 (the runner adds no per-operation work)
#   runner / direct with YCSB's default measurement: what honest latency recording costs on a no-op store
# A benchmark, not a timed test.
#
# Use like: scripts/bench-runner-overhead.sh
#
# Settings:
#   WORKLOAD  workload file (default: workloads/workloada)
#   THREADS   client threads (default: 4)
#   OPS       operations per run (default: 10000000; long enough to amortize JVM start-up)
#   RECORDS   records (default: 10000)
#   REPEATS   runs of each, alternating (default: 3)
# Both sides run unpinned (--no-pin) so that they have the same CPUs, and every YCSB JVM gets the runner's client
# JVM flags (SWEEP_CLIENT_JVM_OPTS, default -Xms256m -Xmx1g -XX:+UseG1GC
# -XX:TieredStopAtLevel=1), so only the harness differs.
set -euo pipefail

# shellcheck source=lib/bench.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/bench.sh"

readonly WORKLOAD="${WORKLOAD:-${REPO_ROOT}/workloads/workloada}"
readonly THREADS="${THREADS:-4}"
readonly OPS="${OPS:-10000000}"
readonly RECORDS="${RECORDS:-10000}"
readonly REPEATS="${REPEATS:-3}"

# One direct run of upstream YCSB, extra YCSB options after the classpath; prints its ops/s, the [OVERALL] Throughput
# of its own YCSB stdout (a sweep step's is read through the results format, run_sweep).
run_direct() {
  local cp="$1" out="${WORK_DIR}/direct.out"
  shift
  rm -rf "${WORK_DIR}/hdr" && mkdir -p "${WORK_DIR}/hdr"
  java "${CLIENT_JVM[@]}" -cp "${cp}" site.ycsb.Client -t -db site.ycsb.BasicDB -P "${WORKLOAD}" -threads "${THREADS}" \
    -p operationcount="${OPS}" -p recordcount="${RECORDS}" "${NOOP[@]}" "$@" >"${out}" 2>"${WORK_DIR}/direct.err"
  awk -F', ' '$1 == "[OVERALL]" && $2 == "Throughput(ops/sec)" { print $3 }' "${out}"
}

# One run through the sweep runner (one step, ended by the operation count); prints its ops/s, YCSB's own [OVERALL]
# figure as the results format reads it from the step's ycsb.out (bin/docsearch step-rows, column ycsb_overall_ops).
run_sweep() {
  local dir ops
  dir="$("${REPO_ROOT}/run-sweep.sh" "${WORKLOAD}" --stores basicdb --threads "${THREADS}" \
    --records "${RECORDS}" --warmup-seconds 0 --step-seconds 3600 --no-pin --out "${WORK_DIR}/results" \
    -p operationcount="${OPS}" "${NOOP[@]}" 2>"${WORK_DIR}/sweep.err" | tail -n 1)"
  [[ -d "${dir}/basicdb/steps/01-t${THREADS}" ]] || die "sweep failed: $(tail -n 3 "${WORK_DIR}/sweep.err")"
  ops="$("${REPO_ROOT}/bin/docsearch" step-rows "${dir}" | awk -F, -v step="01-t${THREADS}" '
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    $col["step"] == step { print $col["ycsb_overall_ops"] }')"
  [[ -n "${ops}" ]] || die "the sweep's step 01-t${THREADS} has no YCSB [OVERALL] throughput (its ycsb.out)"
  printf '%s\n' "${ops}"
}

median() {
  sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

main() {
  (($# == 0)) || { usage >&2; exit 2; }
  bench_work_dir
  local cp i direct same sweep directs="" sames="" sweeps=""
  cp="$(runtime_classpath)"
  # The measurement settings every sweep step uses (sweep/.../exec/YcsbArgs).
  local runner_measurement=(-s -p status.interval=1 -p measurementtype=hdrhistogram -p hdrhistogram.fileoutput=true
    -p "hdrhistogram.output.path=${WORK_DIR}/hdr/" -p measurement.interval=both)
  log "BasicDB, ${THREADS} threads, ${OPS} operations, ${REPEATS} runs each ($(basename "${WORKLOAD}"))"
  for ((i = 1; i <= REPEATS; i++)); do
    direct="$(run_direct "${cp}")"
    same="$(run_direct "${cp}" "${runner_measurement[@]}")"
    sweep="$(run_sweep)"
    log "run ${i}: direct ${direct} ops/s, direct with the runner's measurement ${same} ops/s, runner ${sweep} ops/s"
    directs+="${direct}"$'\n'
    sames+="${same}"$'\n'
    sweeps+="${sweep}"$'\n'
  done
  direct="$(printf '%s' "${directs}" | median)"
  same="$(printf '%s' "${sames}" | median)"
  sweep="$(printf '%s' "${sweeps}" | median)"
  awk -v d="${direct}" -v m="${same}" -v s="${sweep}" 'BEGIN {
    printf "median ops/s: direct %.0f, direct with the runner'"'"'s measurement %.0f, runner %.0f\n", d, m, s
    printf "ratio runner/direct, same measurement: %.3f (target >= 1.0: the harness adds no per-operation work)\n", s / m
    printf "ratio runner/direct, YCSB default measurement: %.3f (the cost of HDR logs + intended latency)\n", s / d }'
}

main "$@"

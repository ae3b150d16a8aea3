#!/usr/bin/env bash
# What each binding costs over its driver: READ and UPDATE rates through YCSB's own site.ycsb.Client, once with the
# project's binding and once with a minimal YCSB DB that calls the same driver directly (benchmarks/, package
# io.github.ycsbdocsearch.benchmarks: jedis + RedisJSON commands, mongodb-driver-sync, elasticsearch-java), same
# threads, records, workload and server. Prints a table store x op: binding ops/s, raw ops/s, ratio, and both p99s.
# Target: ratio >= 0.95 for every store and op. A benchmark that reports, not a pass/fail test (exit 0 when every
# run completed with every operation OK, whatever the ratios).
#
# Use like:
#   scripts/bench-binding-overhead.sh [STORE...]      STORE: redisjson, mongodb, elasticsearch (default: all three)
#
# For each store, holding the global store lock (STORES_LOCK) for that store only: starts it (single topology,
# default ports, server pinned to BENCH_SERVER_CPU), drops and loads the table with the binding, then BENCH_ROUNDS
# rounds of READ (workloadc) and UPDATE (updateproportion=1) runs of BENCH_SECONDS each, binding and raw in
# alternating order, client pinned to BENCH_CLIENT_CPU, each op after one unmeasured warm-up run of the raw DB
# (BENCH_WARMUP seconds, 0 = none) so the first measured run does not meet a cold server; stops the store. Best of the rounds for each figure
# (highest ops/s, lowest p99). Builds what it needs (./mvnw package) when missing or older than the sources.
#
# Settings:
#   BENCH_RECORDS (10000)   records loaded         BENCH_SECONDS (20)   measured seconds of each run
#   BENCH_THREADS (16)      YCSB client threads    BENCH_ROUNDS (2)     rounds (each side runs once per round)
#   BENCH_WARMUP (10)       seconds of each op's warm-up run
#   BENCH_SERVER_CPU (0), BENCH_CLIENT_CPU (1)   CPU lists; both empty (or a 1-CPU machine): no pinning
#   STORES_HOME (<repo>/.stores), STORES_LOCK (/tmp/docsearch-stores.lock), JAVA_OPTS (-Xms512m -Xmx512m), MVN (./mvnw)
set -euo pipefail

# shellcheck source=lib/bench.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/bench.sh"

readonly RECORDS="${BENCH_RECORDS:-10000}" SECONDS_PER_RUN="${BENCH_SECONDS:-20}"
readonly THREADS="${BENCH_THREADS:-16}" ROUNDS="${BENCH_ROUNDS:-2}" WARMUP="${BENCH_WARMUP:-10}"
readonly LOCK_FILE="${STORES_LOCK:-/tmp/docsearch-stores.lock}"
readonly WORKLOAD="${REPO_ROOT}/workloads/workloadc"
readonly TABLE=benchoverhead TARGET=0.95
readonly ALL_STORES=(redisjson mongodb elasticsearch)
LOCK_FD="" RESULT="" ROWS=""
JAVA_CMD=()

# JAVA_CMD: java with JAVA_OPTS on the project's runtime classpath (built by lib/classpath.sh when stale) plus the
# benchmarks jar, whose driver dependencies are already on that classpath; a command (not a function) so that taskset
# can run it.
build_java_command() {
  local cp
  local -a opts=()
  cp="$(benchmarks_classpath)"
  read -r -a opts <<<"${JAVA_OPTS:--Xms512m -Xmx512m}"
  JAVA_CMD=(java "${opts[@]}" -cp "${cp}")
}

# Starts STORE under the global lock, server pinned; the lock is held until the store is stopped (or the script ends).
lock_and_start() {
  exec {LOCK_FD}>>"${LOCK_FILE}"
  log "$1: waiting for the store lock ${LOCK_FILE}"
  flock "${LOCK_FD}"
  start_store "$1"
}

# Drops the table, then loads it with the project's binding; prints the binding's -db class.
load_table() {
  local store="$1" props="$2" db
  "${JAVA_CMD[@]}" io.github.ycsbdocsearch.common.Preflight "${store}" "${STORES_HOME}/hosts-single.json" "${props}" \
    --reset -P "${WORKLOAD}" -p table="${TABLE}" >&2 || die "${store}: could not drop the table"
  db="$("${JAVA_CMD[@]}" io.github.ycsbdocsearch.common.Preflight "${store}" "${STORES_HOME}/hosts-single.json" \
    "${props}" -P "${WORKLOAD}" -p table="${TABLE}")" || die "${store}: preflight failed"
  log "${store}: loading ${RECORDS} records with ${db}"
  "${JAVA_CMD[@]}" site.ycsb.Client -load -db "${db}" -P "${WORKLOAD}" -P "${props}" -p table="${TABLE}" \
    -p recordcount="${RECORDS}" -threads 4 >"${WORK_DIR}/load.out" 2>&1 \
    || die "${store}: load failed: $(tail -n 5 "${WORK_DIR}/load.out")"
  grep -q "^\[INSERT\], Return=OK, ${RECORDS}$" "${WORK_DIR}/load.out" \
    || die "${store}: not every insert returned OK: $(grep '^\[INSERT\], Return' "${WORK_DIR}/load.out")"
  printf '%s' "${db}"
}

# One measured run: sets RESULT to "<ops/s> <p99 us>" after checking that every operation returned OK.
measure() {
  local db="$1" props="$2" op="$3" seconds="${4:-${SECONDS_PER_RUN}}" out="${WORK_DIR}/run.out" mix ok total
  mix=(-p readproportion=0 -p updateproportion=1)
  [[ "${op}" != READ ]] || mix=(-p readproportion=1 -p updateproportion=0)
  # operationcount only bounds the run; maxexecutiontime ends it.
  on_client_cpu "${JAVA_CMD[@]}" site.ycsb.Client -t -db "${db}" -P "${WORKLOAD}" -P "${props}" -p table="${TABLE}" \
    -p recordcount="${RECORDS}" -p operationcount=2000000000 -p maxexecutiontime="${seconds}" \
    -p measurementtype=hdrhistogram "${mix[@]}" -threads "${THREADS}" >"${out}" 2>&1 \
    || die "${db} ${op}: YCSB failed: $(tail -n 5 "${out}")"
  total="$(awk -F', ' -v op="[${op}]" '$1 == op && $2 == "Operations" {print $3}' "${out}")"
  ok="$(awk -F', ' -v op="[${op}]" '$1 == op && $2 == "Return=OK" {print $3}' "${out}")"
  if [[ -z "${total}" || "${total}" == 0 ]]; then
    # A starved client (on a machine busy with other jobs) can spend a short run starting up; a warm-up may.
    [[ "${seconds}" != "${SECONDS_PER_RUN}" ]] && { RESULT="0 0"; return 0; }
    die "${db} ${op}: no operation completed in ${seconds} s (load average $(cut -d' ' -f1 /proc/loadavg))"
  fi
  [[ "${ok:-0}" == "${total}" ]] \
    || die "${db} ${op}: ${ok:-0} of ${total} operations returned OK: $(grep -E '^\[' "${out}" | grep Return)"
  RESULT="$(awk -F', ' -v op="[${op}]" '
    $1 == "[OVERALL]" && $2 == "Throughput(ops/sec)" { rate = $3 }
    $1 == op && $2 == "99thPercentileLatency(us)" { p99 = $3 }
    END { printf "%.0f %s", rate, p99 }' "${out}")"
}

# Adds the table rows of one store to ROWS: op, best binding ops/s, best raw ops/s, ratio, best p99s (ms), verdict.
# Runs in the main shell (not in a command substitution), so a failure still reaches the trap that stops the store.
bench_store() {
  local store="$1" props db raw op round side rate p99 row
  local -A best_rate=() best_p99=()
  props="${WORK_DIR}/${store}.properties"
  lock_and_start "${store}"
  log "${store}: machine load $(load_average)"
  db="$(load_table "${store}" "${props}")"
  raw="$(raw_db "${store}")"
  for op in READ UPDATE; do
    ((WARMUP == 0)) \
      || { measure "${raw}" "${props}" "${op}" "${WARMUP}"; log "${store} ${op} warm-up (not counted): ${RESULT% *} ops/s"; }
    for ((round = 1; round <= ROUNDS; round++)); do
      # Alternating order, so neither side always runs on the warmer (or the more disturbed) server.
      local order=(binding raw)
      ((round % 2 == 0)) && order=(raw binding)
      for side in "${order[@]}"; do
        if [[ "${side}" == binding ]]; then measure "${db}" "${props}" "${op}"; else measure "${raw}" "${props}" "${op}"; fi
        read -r rate p99 <<<"${RESULT}"
        log "${store} ${op} round ${round} ${side}: ${rate} ops/s, p99 ${p99} us (load $(cut -d' ' -f1 /proc/loadavg))"
        ((rate > ${best_rate[${side}]:-0})) && best_rate[${side}]="${rate}"
        ((p99 < ${best_p99[${side}]:-999999999})) && best_p99[${side}]="${p99}"
      done
    done
    row="$(awk -v s="${store}" -v op="${op}" -v b="${best_rate[binding]}" -v r="${best_rate[raw]}" \
      -v bp="${best_p99[binding]}" -v rp="${best_p99[raw]}" -v t="${TARGET}" 'BEGIN {
        ratio = b / r
        printf "%-14s %-7s %12d %12d %7.2f %10.2f %10.2f  %s\n", s, op, b, r, ratio, bp / 1000, rp / 1000,
          (ratio >= t ? "met" : "NOT met") }')"
    log "${row}"
    ROWS+="${row}"$'\n'
    best_rate=() best_p99=()
  done
  stop_stores
  exec {LOCK_FD}>&-
}

main() {
  local store seen=" "
  case "${1:-}" in
    -h | --help) usage; return 0 ;;
  esac
  check_bench_settings BENCH_RECORDS BENCH_SECONDS BENCH_THREADS BENCH_ROUNDS
  [[ "${BENCH_WARMUP:-0}" =~ ^[0-9]+$ ]] || usage_error "BENCH_WARMUP='${BENCH_WARMUP}' is not a number of seconds"
  local stores=("$@")
  ((${#stores[@]})) || stores=("${ALL_STORES[@]}")
  for store in "${stores[@]}"; do
    [[ -n "$(raw_db "${store}")" ]] || usage_error "unknown store '${store}' (known: ${ALL_STORES[*]})"
    [[ "${seen}" != *" ${store} "* ]] || usage_error "store '${store}' given twice"
    seen+="${store} "
  done
  command -v java >/dev/null || die "java not found on PATH (JDK 17 or later needed)"
  bench_cpus
  if [[ -z "${SERVER_CPU}${CLIENT_CPU}" ]]; then
    log "not pinning client and server to separate CPUs"
  else
    command -v taskset >/dev/null || die "taskset not found (util-linux), or set BENCH_CLIENT_CPU= BENCH_SERVER_CPU="
  fi
  bench_work_dir
  build_java_command
  log "${RECORDS} records, ${THREADS} threads, ${SECONDS_PER_RUN} s per run, ${ROUNDS} rounds, ${WARMUP} s warm-up per op; server CPU" \
    "${SERVER_CPU:-any}, client CPU ${CLIENT_CPU:-any}; machine: $(machine_load)"
  for store in "${stores[@]}"; do
    bench_store "${store}"
  done
  printf '%-14s %-7s %12s %12s %7s %10s %10s  %s\n' store op binding_ops raw_ops ratio bind_p99ms raw_p99ms \
    "target>=${TARGET}"
  printf '%s' "${ROWS}"
  log "machine load at the end: $(load_average)"
}

main "$@"

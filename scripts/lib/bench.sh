#!/usr/bin/env bash
# Helpers shared by the benchmarks of the suite (scripts/bench-*.sh), with lib/common.sh and lib/classpath.sh. Source
# it; it sets REPO_ROOT (readonly) and the variables below, and otherwise defines functions only.
#
#   load_average           the 1, 5 and 15 minute load averages
#   machine_load           the load average and CPU count (a benchmark is only as quiet as its machine)
#   bench_cpus             sets SERVER_CPU and CLIENT_CPU from BENCH_SERVER_CPU (0) and BENCH_CLIENT_CPU (1); both empty
#                          (no pinning) on a 1-CPU machine or when both settings are empty
#   on_client_cpu CMD...   runs CMD under taskset -c "${CLIENT_CPU}" (the caller's variable), as it is when that is
#                          empty
#   start_store STORE      starts STORE with scripts/stores.sh (STORES_HOME), its server pinned to SERVER_CPU;
#                          stop_stores stops every store it started
#   bench_work_dir         sets WORK_DIR to a new folder; on exit (or INT, TERM) it is removed and the stores
#                          start_store started are stopped
#   raw_db STORE           the raw driver DB of benchmarks/ for STORE; prints nothing for an unknown store
#   check_bench_settings NAME...  exits 2 with one line when a setting NAME that is set is not a positive integer, or
#                          BENCH_SERVER_CPU or BENCH_CLIENT_CPU is not a CPU list (taskset)
#   benchmarks_classpath   the runtime classpath (lib/classpath.sh) and the jar of benchmarks/, built (./mvnw package,
#                          tests skipped) when missing or older than its sources; its driver dependencies are on the
#                          runtime classpath
# Variables: CLIENT_JVM, the sweep's client JVM flags (SWEEP_CLIENT_JVM_OPTS, default -Xms256m -Xmx1g -XX:+UseG1GC
# -XX:TieredStopAtLevel=1); NOOP, the settings that make YCSB's BasicDB a no-op; STORES_HOME (exported, default
# <repo>/.stores).
# Env: MVN names Maven (default mvn).

[[ -z "${_YCSB_DOCSEARCH_BENCH_SH:-}" ]] || return 0
_YCSB_DOCSEARCH_BENCH_SH=1
# shellcheck source=scripts/lib/classpath.sh
source "$(dirname "${BASH_SOURCE[0]}")/classpath.sh"

REPO_ROOT="$(repo_root)"
readonly REPO_ROOT
export STORES_HOME="${STORES_HOME:-${REPO_ROOT}/.stores}"
read -r -a CLIENT_JVM <<<"${SWEEP_CLIENT_JVM_OPTS:--Xms256m -Xmx1g -XX:+UseG1GC -XX:TieredStopAtLevel=1}"
# shellcheck disable=SC2034 # for the scripts that source this file
readonly CLIENT_JVM NOOP=(-p basicdb.simulatedelay=0 -p basicdb.verbose=false)
WORK_DIR="" STARTED_STORES=()

load_average() {
  cut -d' ' -f1-3 /proc/loadavg
}

machine_load() {
  printf '%s load average, %s CPUs' "$(load_average)" "$(nproc)"
}

bench_cpus() {
  SERVER_CPU="${BENCH_SERVER_CPU-0}" CLIENT_CPU="${BENCH_CLIENT_CPU-1}"
  if (($(nproc) < 2)) || [[ -z "${SERVER_CPU}${CLIENT_CPU}" ]]; then
    SERVER_CPU="" CLIENT_CPU=""
  fi
}

on_client_cpu() {
  if [[ -n "${CLIENT_CPU}" ]]; then
    taskset -c "${CLIENT_CPU}" "$@"
  else
    "$@"
  fi
}

start_store() {
  STARTED_STORES+=("$1")
  STORES_CPUSET="${SERVER_CPU}" "${REPO_ROOT}/scripts/stores.sh" start "$1" >&2 || die "$1: could not start the store"
}

stop_stores() {
  local store
  for store in "${STARTED_STORES[@]}"; do
    "${REPO_ROOT}/scripts/stores.sh" stop "${store}" >&2 || err "could not stop ${store}"
  done
  STARTED_STORES=()
}

bench_work_dir() {
  trap bench_cleanup EXIT INT TERM
  WORK_DIR="$(mktemp -d)"
}

# Safe to call twice.
bench_cleanup() {
  stop_stores
  [[ -z "${WORK_DIR}" ]] || { rm -rf "${WORK_DIR}"; WORK_DIR=""; }
}

check_bench_settings() {
  local name value
  for name in "$@"; do
    value="${!name:-}"
    [[ -z "${value}" || "${value}" =~ ^[1-9][0-9]*$ ]] || usage_error "${name}='${value}' is not a positive integer"
  done
  for name in BENCH_SERVER_CPU BENCH_CLIENT_CPU; do
    value="${!name:-}"
    [[ -z "${value}" || "${value}" =~ ^[0-9]+([,-][0-9]+)*$ ]] || usage_error "${name}='${value}' is not a CPU list"
  done
}

raw_db() {
  case "$1" in
    redisjson) printf 'io.github.ycsbdocsearch.benchmarks.RawRedisJsonDB' ;;
    mongodb) printf 'io.github.ycsbdocsearch.benchmarks.RawMongoDB' ;;
    elasticsearch) printf 'io.github.ycsbdocsearch.benchmarks.RawElasticsearchDB' ;;
  esac
}

benchmarks_classpath() {
  local cp jar="${REPO_ROOT}/benchmarks/target/docsearch-benchmarks-0.1.0-SNAPSHOT.jar"
  cp="$(runtime_classpath)"
  if [[ ! -f "${jar}" ]] || [[ -n "$(stale_source "${REPO_ROOT}/benchmarks" "${jar}")" ]]; then
    log "building the benchmarks module (./mvnw package, tests skipped)..."
    (cd "${REPO_ROOT}" && "${MVN:-maven}" -B -q package -DskipTests -pl benchmarks -am 2>&1) | strip_ansi >&2 \
      || die "build failed: run './mvnw -pl benchmarks -am package' to see why"
  fi
  printf '%s:%s' "${cp}" "${jar}"
}

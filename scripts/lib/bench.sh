#!/usr/bin/env bash
# Helpers shared by the benchmarks of the suite (scripts/bench-*.sh), with lib/common.sh and lib/classpath.sh. Source
# it; it defines functions only.
#
#   machine_load           the load average and CPU count (a benchmark is only as quiet as its machine)
#   on_client_cpu CMD...   runs CMD under taskset -c "${CLIENT_CPU}" (the caller's variable), as it is when that is
#                          empty
#   raw_db STORE           the raw driver DB of benchmarks/ for STORE; prints nothing for an unknown store
#   check_bench_settings NAME...  exits 2 with one line when a setting NAME that is set is not a positive integer, or
#                          BENCH_SERVER_CPU or BENCH_CLIENT_CPU is not a CPU list (taskset)
#   benchmarks_jar         builds benchmarks/ (./mvnw package, tests skipped) when its jar is missing or older than its
#                          sources, then prints the jar's path (its driver dependencies are on the runtime classpath)
# Env: MVN names Maven (default mvn).

[[ -z "${_YCSB_DOCSEARCH_BENCH_SH:-}" ]] || return 0
_YCSB_DOCSEARCH_BENCH_SH=1
# shellcheck source=scripts/lib/classpath.sh
source "$(dirname "${BASH_SOURCE[0]}")/classpath.sh"

machine_load() {
  printf '%s load average, %s CPUs' "$(cut -d' ' -f1-3 /proc/loadavg)" "$(nproc)"
}

on_client_cpu() {
  if [[ -n "${CLIENT_CPU}" ]]; then
    taskset -c "${CLIENT_CPU}" "$@"
  else
    "$@"
  fi
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

benchmarks_jar() {
  local root jar
  root="$(repo_root)"
  jar="${root}/benchmarks/target/docsearch-benchmarks-0.1.0-SNAPSHOT.jar"
  if [[ ! -f "${jar}" ]] || [[ -n "$(stale_source "${root}/benchmarks" "${jar}")" ]]; then
    log "building the benchmarks module (./mvnw package, tests skipped)..."
    (cd "${root}" && "${MVN:-maven}" -B -q package -DskipTests -pl benchmarks -am 2>&1) | strip_ansi >&2 \
      || die "build failed: run './mvnw -pl benchmarks -am package' to see why"
  fi
  printf '%s' "${jar}"
}

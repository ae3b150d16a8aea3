#!/usr/bin/env bash
#
# make-baseline.sh: build a performance baseline from >= 3 repeated runs:
# the median run of each workload plus noise.json, the run-to-run spread
# that scripts/compare-results.sh turns into regression thresholds.
#
# Use like:
#   scripts/make-baseline.sh [--light] [--k K] <out-dir> <run-dir> <run-dir> <run-dir>...
#
# Each run-dir is one repetition: a run folder (results/<UTC>-<workload>) or a
# folder of run folders, one per workload; all must hold the same workloads.
# threshold = max(floor, K x coefficient of variation), K defaults to 3.
# --light leaves raw HDR logs and YCSB output out of the copy.
# Exit: 0 written, 1 an input run failed search verification, 2 bad input.
#
# Settings (environment): as scripts/compare-results.sh (COMPARE_BUILD,
#   COMPARE_MVN_FLAGS, COMPARE_JAVA_OPTS). See docs/nightly.md.

set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly REPO_ROOT
readonly MODULE="${REPO_ROOT}/compare"
readonly MAIN_CLASS="io.github.ycsbdocsearch.compare.BaselineMain"

usage() {
  sed -n '3,18p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

err() {
  printf '[%s] make-baseline: %s\n' "$(date -u +%H:%M:%SZ)" "$*" >&2
}

#######################################
# Builds compare/ unless its jar is newer than its sources.
# Globals: MODULE, COMPARE_BUILD, COMPARE_MVN_FLAGS
# Returns: 0 when the classes are ready; exits 2 otherwise.
#######################################
ensure_built() {
  local jar
  jar="$(find "${MODULE}/target" -maxdepth 1 -name 'docsearch-compare-*.jar' \
    2>/dev/null | head -n 1)"
  if [[ -n "${jar}" && -d "${MODULE}/target/lib" ]] \
    && [[ -z "$(find "${MODULE}/src/main" "${MODULE}/pom.xml" -newer "${jar}" \
      -print -quit)" ]]; then
    return 0
  fi
  if [[ "${COMPARE_BUILD:-auto}" != "auto" ]]; then
    err "compare/ is not built; run: mvn -B -q -f compare/pom.xml install"
    exit 2
  fi
  if ! command -v mvn >/dev/null 2>&1; then
    err "compare/ is not built and mvn is not on PATH"
    exit 2
  fi
  local -a flags=()
  read -r -a flags <<<"${COMPARE_MVN_FLAGS:-}"
  err "building compare/ (first use or changed sources)"
  mvn -B -q "${flags[@]}" -f "${MODULE}/pom.xml" -DskipTests package >&2
}

main() {
  case "${1:-}" in
    -h | --help)
      usage
      return 0
      ;;
  esac
  if ! command -v java >/dev/null 2>&1; then
    err "java not found on PATH (Java 17 needed)"
    exit 2
  fi
  ensure_built
  local -a java_opts=()
  read -r -a java_opts <<<"${COMPARE_JAVA_OPTS:-}"
  exec java "${java_opts[@]}" -cp "${MODULE}/target/classes:${MODULE}/target/lib/*" \
    "${MAIN_CLASS}" "$@"
}

main "$@"

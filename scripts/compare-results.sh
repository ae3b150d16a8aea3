#!/usr/bin/env bash
#
# compare-results.sh: compare a new results folder with a baseline and flag
# regressions beyond the run-to-run noise measured for that baseline.
#
# Use like:
#   scripts/compare-results.sh [--json FILE] [--markdown FILE] <baseline-dir> <new-dir>
#   scripts/compare-results.sh --describe [--markdown FILE] <results-dir>
#
# A dir is a run folder (results/<UTC>-<workload>) or a folder of run folders,
# one per workload. Thresholds come from <baseline-dir>/noise.json, written by
# scripts/make-baseline.sh; without it, conservative defaults are used and
# marked as such. --markdown appends (e.g. to "$GITHUB_STEP_SUMMARY").
# Exit: 0 no regression, 1 regression or verification failure, 2 bad input.
#
# Settings (environment):
#   COMPARE_BUILD=auto   build compare/ with Maven when it is missing or older
#                        than its sources; "never" to fail instead
#   COMPARE_MVN_FLAGS    extra Maven flags for that build (e.g. "-o")
#   COMPARE_JAVA_OPTS    extra JVM flags
#   See docs/nightly.md.

set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly REPO_ROOT
readonly MODULE="${REPO_ROOT}/compare"
readonly MAIN_CLASS="io.github.ycsbdocsearch.compare.CompareMain"

usage() {
  sed -n '3,20p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

err() {
  printf '[%s] compare-results: %s\n' "$(date -u +%H:%M:%SZ)" "$*" >&2
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

#!/usr/bin/env bash
#
# report.sh: rebuild every derived file of a results folder (summary.csv,
# summary.json, <store>/steps/*/percentiles/, charts/, report.html) from its
# raw files (manifest.json, step.json, HDR interval logs, saturation.json,
# verification.json). Safe to re-run; each file is replaced atomically.
#
# Use like:
#   scripts/report.sh results/20261121T200102Z-workloada
#
# Exit codes: 0 done, 2 bad input (usage, not a results folder, malformed raw
# file), 1 anything else.
#
# Settings (environment):
#   REPORT_BUILD=auto      auto: build the report module (mvn package, tests
#                          skipped) when its sources are newer than its last
#                          build; always; never.
#   DOCSEARCH_SKIP_BUILD=1 same as REPORT_BUILD=never (CI builds up front).
#   REPORT_MVN_FLAGS=-o    extra Maven flags; "" when a dependency must be
#                          downloaded.

set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly REPO_ROOT
readonly MODULE_DIR="${REPO_ROOT}/report"
readonly LIB_DIR="${MODULE_DIR}/target/lib"
readonly MAIN_CLASS="io.github.ycsbdocsearch.report.ReportMain"
# shellcheck source=lib/common.sh
source "${REPO_ROOT}/scripts/lib/common.sh"

usage() {
  sed -n '3,20p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

#######################################
# Prints the build mode: auto, always or never.
# Globals: REPORT_BUILD, DOCSEARCH_SKIP_BUILD
#######################################
build_mode() {
  if [[ "${DOCSEARCH_SKIP_BUILD:-0}" == 1 ]]; then
    echo never
  else
    echo "${REPORT_BUILD:-auto}"
  fi
}

#######################################
# Builds the report module (target/classes plus runtime jars in target/lib)
# when the build mode asks for it.
# Globals: MODULE_DIR, LIB_DIR, REPO_ROOT, REPORT_MVN_FLAGS
# Outputs: Maven's errors on stderr
# Returns: non-zero when the build fails or the mode is unknown
#######################################
build_if_needed() {
  local mode stamp="${LIB_DIR}/.built"
  mode="$(build_mode)"
  case "${mode}" in
    never) return 0 ;;
    always) ;;
    auto)
      if [[ -f "${stamp}" && -z "$(find "${MODULE_DIR}/src/main" \
        "${MODULE_DIR}/pom.xml" -newer "${stamp}" -print -quit)" ]]; then
        return 0
      fi
      ;;
    *) err "REPORT_BUILD must be auto, always or never, not '${mode}'"; return 2 ;;
  esac
  command -v mvn >/dev/null 2>&1 || { err "mvn not found (or set REPORT_BUILD=never)"; return 1; }
  local -a flags=()
  read -r -a flags <<<"${REPORT_MVN_FLAGS--o}"
  log "building the report module..."
  (cd "${REPO_ROOT}" && mvn -B -q "${flags[@]}" -pl report package -DskipTests) >&2 \
    || { err "build failed: run 'mvn -pl report package' to see why"; return 1; }
  touch "${stamp}"
}

main() {
  if [[ $# -ne 1 || "$1" == -* ]]; then
    usage >&2
    exit 2
  fi
  command -v java >/dev/null 2>&1 || die "java not found on PATH (Java 17 needed)"
  build_if_needed
  [[ -d "${LIB_DIR}" ]] || die "report module not built: run 'mvn -pl report package -DskipTests'"
  exec java -cp "${MODULE_DIR}/target/classes:${LIB_DIR}/*" "${MAIN_CLASS}" "$1"
}

main "$@"

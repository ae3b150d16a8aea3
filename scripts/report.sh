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
#   DOCSEARCH_SKIP_BUILD=1 never build (default: build the project when the
#                          runtime classpath is missing or older than the
#                          sources; see scripts/lib/classpath.sh).
#   JAVA_OPTS              extra JVM flags.

set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly REPO_ROOT
# shellcheck source=lib/common.sh
source "${REPO_ROOT}/scripts/lib/common.sh"
# shellcheck source=lib/classpath.sh
source "${REPO_ROOT}/scripts/lib/classpath.sh"

usage() {
  sed -n '3,20p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

main() {
  if [[ $# -ne 1 || "$1" == -* ]]; then
    usage >&2
    exit 2
  fi
  exec_main io.github.ycsbdocsearch.report.ReportMain "$1"
}

main "$@"

#!/usr/bin/env bash
#
# report.sh: rebuild every derived file of a results folder (summaries, percentiles, charts, report.html).
# An alias of 'bin/docsearch report'. Its options are declared once, on the Java command; --help prints
# docs/cli/report-help.txt (what picocli writes from that declaration) without building anything.
#
# Use like:
#   scripts/report.sh --help
#
# Settings (environment):
#   DOCSEARCH_SKIP_BUILD=1 never build (default: build the project when the runtime classpath is missing or
#                          older than the sources; see scripts/lib/classpath.sh)
#   JAVA_OPTS              extra JVM flags

set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly REPO_ROOT
# shellcheck source=lib/common.sh
source "${REPO_ROOT}/scripts/lib/common.sh"
# shellcheck source=lib/classpath.sh
source "${REPO_ROOT}/scripts/lib/classpath.sh"

main() {
  help_if_asked report "$@"
  exec_command report "$@"
}

main "$@"

#!/usr/bin/env bash
#
# compare-results.sh: compare a new result set with a baseline and flag regressions beyond the run-to-run noise.
# An alias of 'bin/docsearch compare'. Its options are declared once, on the Java command; --help prints
# docs/cli/compare-help.txt (what picocli writes from that declaration) without building anything.
#
# Use like:
#   scripts/compare-results.sh --help
#
# Settings (environment):
#   DOCSEARCH_SKIP_BUILD=1 never build (default: build the project when the runtime classpath is missing or
#                          older than the sources; see scripts/lib/classpath.sh)
#   COMPARE_JAVA_OPTS      extra JVM flags (see docs/nightly.md)

set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly REPO_ROOT
# shellcheck source=lib/common.sh
source "${REPO_ROOT}/scripts/lib/common.sh"
# shellcheck source=lib/classpath.sh
source "${REPO_ROOT}/scripts/lib/classpath.sh"

main() {
  help_if_asked compare "$@"
  JAVA_OPTS="${COMPARE_JAVA_OPTS:-}"
  exec_command compare "$@"
}

main "$@"

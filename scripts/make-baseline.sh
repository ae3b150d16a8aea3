#!/usr/bin/env bash
#
# make-baseline.sh: build a performance baseline (median run + noise.json) from >= 3 repeated runs.
# An alias of 'bin/docsearch baseline'. Its options are declared once, on the Java command; --help prints
# docs/cli/baseline-help.txt (what picocli writes from that declaration) without building anything.
#
# Use like:
#   scripts/make-baseline.sh --help
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
  help_if_asked baseline "$@"
  JAVA_OPTS="${COMPARE_JAVA_OPTS:-}"
  exec_command baseline "$@"
}

main "$@"

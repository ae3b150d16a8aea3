#!/usr/bin/env bash
#
# compare-results.sh: compare a new result set with a baseline and flag regressions beyond the run-to-run noise.
# An alias of 'bin/docsearch compare', kept for users' habits: everything (options, --help without a build, the
# classpath) lives there. Its options are declared once, on the Java command; --help prints docs/cli/compare-help.txt.
#
# Use like:
#   scripts/compare-results.sh --help
#
# Settings (environment):
#   DOCSEARCH_SKIP_BUILD=1 never build (default: build the project when the runtime classpath is missing or
#                          older than the sources; see scripts/lib/classpath.sh)
#   COMPARE_JAVA_OPTS      extra JVM flags (see docs/nightly.md; default JAVA_OPTS)

set -euo pipefail

exec "$(dirname "${BASH_SOURCE[0]}")/../bin/docsearch" compare "$@"

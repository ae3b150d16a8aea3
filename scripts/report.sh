#!/usr/bin/env bash
#
# report.sh: rebuild every derived file of a results folder (summaries, percentiles, charts, report.html).
# An alias of 'bin/docsearch report', kept for users' habits: everything (options, --help without a build, the
# classpath) lives there. Its options are declared once, on the Java command; --help prints docs/cli/report-help.txt.
#
# Use like:
#   scripts/report.sh --help
#
# Settings (environment):
#   DOCSEARCH_SKIP_BUILD=1 never build (default: build the project when the runtime classpath is missing or
#                          older than the sources; see scripts/lib/classpath.sh)
#   JAVA_OPTS              extra JVM flags

set -euo pipefail

exec "$(dirname "${BASH_SOURCE[0]}")/../bin/docsearch" report "$@"

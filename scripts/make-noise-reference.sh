#!/usr/bin/env bash
#
# make-noise-reference.sh: build a noise reference (median run + noise.json: the baseline compare-results.sh
# compares with) from >= 3 repeated runs. An alias of 'bin/docsearch noise', kept for users' habits: everything
# (options, --help without a build, the classpath) lives there. Its options are declared once, on the Java command;
# --help prints docs/cli/noise-help.txt. scripts/make-baseline.sh is its previous name, still accepted.
#
# Use like:
#   scripts/make-noise-reference.sh --help
#
# Settings (environment):
#   DOCSEARCH_SKIP_BUILD=1 never build (default: build the project when the runtime classpath is missing or
#                          older than the sources; see scripts/lib/classpath.sh)
#   COMPARE_JAVA_OPTS      extra JVM flags (see docs/nightly.md; default JAVA_OPTS)

set -euo pipefail

exec "$(dirname "${BASH_SOURCE[0]}")/../bin/docsearch" noise "$@"

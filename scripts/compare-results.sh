#!/usr/bin/env bash
#
# compare-results.sh: compare a new results folder with a baseline and flag
# regressions beyond the run-to-run noise measured for that baseline.
#
# Use like:
#   scripts/compare-results.sh [--json FILE] [--markdown FILE] [--alpha A] <baseline-dir> <new-dir>
#   scripts/compare-results.sh --describe [--markdown FILE] <results-dir>
#
# A dir is a run folder (results/<UTC>-<workload>) or a folder of run folders,
# one per workload; compare reads each run's summary.json (format 1 or 2).
# Thresholds come from the per-step spreads in <baseline-dir>/noise.json
# (scripts/make-baseline.sh), scaled so that the chance of any false
# regression in the whole comparison is at most A (default 0.05, Bonferroni;
# compare/README.md); without noise.json, conservative defaults, marked as
# such. --markdown appends (e.g. to "$GITHUB_STEP_SUMMARY").
# Exit: 0 no regression, 1 regression (a store with no qualifying step
# included) or verification failure, 2 bad input.
#
# Settings (environment):
#   DOCSEARCH_SKIP_BUILD=1  never build (default: build the project when the
#                           runtime classpath is missing or stale)
#   COMPARE_JAVA_OPTS       extra JVM flags
#   See docs/nightly.md.

set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly REPO_ROOT
# shellcheck source=lib/common.sh
source "${REPO_ROOT}/scripts/lib/common.sh"
# shellcheck source=lib/classpath.sh
source "${REPO_ROOT}/scripts/lib/classpath.sh"

usage() {
  sed -n '3,24p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

main() {
  case "${1:-}" in
    -h | --help) usage; return 0 ;;
  esac
  JAVA_OPTS="${COMPARE_JAVA_OPTS:-}"
  exec_main io.github.ycsbdocsearch.compare.CompareMain "$@"
}

main "$@"

#!/usr/bin/env bash
#
# make-baseline.sh: build a performance baseline from >= 3 repeated runs:
# the median run of each workload plus noise.json, the run-to-run spread
# that scripts/compare-results.sh turns into regression thresholds.
#
# Use like:
#   scripts/make-baseline.sh [--light] <out-dir> <run-dir> <run-dir> <run-dir>...
#
# Each run-dir is one repetition: a run folder (results/<UTC>-<workload>) or a
# folder of run folders, one per workload; all must hold the same workloads.
# noise.json keeps, per store and workload, the coefficient of variation of
# capacity_ops and peak_ops and, per step and latency metric, that step's own;
# compare-results.sh turns them into thresholds (compare/README.md).
# --light leaves raw HDR logs and YCSB output out of the copy.
# Exit: 0 written, 1 an input run failed search verification, 2 bad input.
#
# Settings (environment): as scripts/compare-results.sh (DOCSEARCH_SKIP_BUILD,
#   COMPARE_JAVA_OPTS). See docs/nightly.md.

set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly REPO_ROOT
# shellcheck source=lib/common.sh
source "${REPO_ROOT}/scripts/lib/common.sh"
# shellcheck source=lib/classpath.sh
source "${REPO_ROOT}/scripts/lib/classpath.sh"

usage() {
  sed -n '3,19p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

main() {
  case "${1:-}" in
    -h | --help) usage; return 0 ;;
  esac
  JAVA_OPTS="${COMPARE_JAVA_OPTS:-}"
  exec_main io.github.ycsbdocsearch.compare.BaselineMain "$@"
}

main "$@"

#!/usr/bin/env bash
#
# test_perf_history.sh: tests of scripts/perf-history.sh and its Python package scripts/perf_history.
#
# Creates the tool's virtual environment through the tool itself (a real `add` of a checked-in format-1 run
# folder), then runs the Python tests in that environment: run folders to history rows, the command line and its
# exit codes, and the scenarios of issue 11 (30 simulated nights resampled from real BasicDB runs: no false alarm
# with unchanged code and a CPU change, a 2x p99 and a 10 % capacity drop found in time, one bad night not
# persistent). The scenario tests print their false-alarm and detection figures. Last, ruff (pinned in
# requirements.txt) checks the package with scripts/perf_history/ruff.toml. The rows come from
# `bin/docsearch history-rows`, built first when the sources are newer (scripts/lib/classpath.sh).
#
# Use like:
#   scripts/tests/test_perf_history.sh
# Settings (environment):
#   PERF_HISTORY_SEEDS   simulated histories per scenario (10)

set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
readonly REPO_ROOT

usage() {
  sed -n '3,16p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

main() {
  if [[ $# -gt 0 ]]; then
    case "$1" in
      -h | --help)
        usage
        return 0
        ;;
      *)
        printf 'unknown option %s\n' "$1" >&2
        return 2
        ;;
    esac
  fi
  local tmp venv="${PERF_HISTORY_VENV:-${REPO_ROOT}/.venv-perf}" rc=0
  tmp="$(mktemp -d)"
  # The fixture is a folder as format 1 wrote it: the history reads it once migrated.
  cp -r "${REPO_ROOT}/scripts/perf_history/tests/resources/format1-run" "${tmp}/format1-run"
  "${REPO_ROOT}/bin/docsearch" migrate "${tmp}/format1-run/"*/ >/dev/null || rc=$?
  "${REPO_ROOT}/scripts/perf-history.sh" add "${tmp}/history.csv" "${tmp}/format1-run" >/dev/null || rc=$?
  rm -rf "${tmp}"
  [[ "${rc}" == 0 ]] || { printf 'perf-history.sh add failed (exit %s)\n' "${rc}" >&2; return 1; }
  PYTHONPATH="${REPO_ROOT}/scripts" "${venv}/bin/python" -m unittest discover \
    -s "${REPO_ROOT}/scripts/perf_history/tests" -t "${REPO_ROOT}/scripts" -p 'test_*.py' 2>&1 || rc=$?
  "${venv}/bin/ruff" check --no-cache --config "${REPO_ROOT}/scripts/perf_history/ruff.toml" \
    "${REPO_ROOT}/scripts/perf_history" "${REPO_ROOT}/scripts/tests/test_nightly_workflow.py" 2>&1 || rc=$?
  return "${rc}"
}

main "$@"

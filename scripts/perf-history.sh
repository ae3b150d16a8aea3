#!/usr/bin/env bash
#
# perf-history.sh: the nightly run history and its change points (docs/nightly.md).
#
# Use like:
#   scripts/perf-history.sh add <history.csv> <run-dir>...
#       append each run folder (or folder of run folders) to the history; the file is created if missing; the rows
#       come from bin/docsearch history-rows (the results-format module reads the folders; built when needed)
#   scripts/perf-history.sh analyze <history.csv> [--json F] [--markdown F] [--charts DIR] [--accepted F]
#       print the change points per metric (magnitude, direction, commit range); exit 1 when the newest runs sit
#       after a regression change point, 0 otherwise
#   scripts/perf-history.sh accept <history.csv> <metric-glob> <run-id> <reason>
#       mark a change expected: matching metrics are analysed from <run-id> on (accepted.csv beside the history)
#   scripts/perf-history.sh prune <history.csv> --keep N
#       keep the newest N runs of each workload
# Exit codes: 0 fine, 1 regression (analyze), 2 bad input.
#
# The first call creates a virtual environment with the pinned packages of scripts/perf_history/requirements.txt
# (Apache Otava, numpy, scipy; ruff for the tests) and reinstalls it when that file changes.
#
# Settings (environment):
#   PERF_HISTORY_VENV   where the virtual environment goes (.venv-perf/ in the repository)
#   PYTHON              the interpreter that creates it (python3)

set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly REPO_ROOT
readonly REQUIREMENTS="${REPO_ROOT}/scripts/perf_history/requirements.txt"
readonly VENV="${PERF_HISTORY_VENV:-${REPO_ROOT}/.venv-perf}"

usage() {
  sed -n '3,24p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

log() {
  printf 'perf-history: %s\n' "$*" >&2
}

# Creates or refreshes the virtual environment; a stamp with the requirements' checksum says it is current.
ensure_venv() {
  local stamp="${VENV}/requirements.sha256" want
  want="$(sha256sum "${REQUIREMENTS}" | cut -d' ' -f1)"
  [[ ! -x "${VENV}/bin/python" || ! -f "${stamp}" || "$(cat "${stamp}")" != "${want}" ]] || return 0
  log "installing the pinned packages into ${VENV} (once)"
  rm -rf "${VENV}"
  "${PYTHON:-python3}" -m venv "${VENV}" || { log "cannot create a virtual environment (python3-venv missing?)"; return 1; }
  "${VENV}/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps -r "${REQUIREMENTS}" \
    || { log "cannot install ${REQUIREMENTS}"; rm -rf "${VENV}"; return 1; }
  printf '%s\n' "${want}" >"${stamp}"
}

main() {
  case "${1:-}" in
    -h | --help) usage; return 0 ;;
    add | analyze | accept | prune) ;;
    *) log "${1:+unknown command }${1:-no command}; use add, analyze, accept or prune (--help)"; return 2 ;;
  esac
  ensure_venv
  PYTHONPATH="${REPO_ROOT}/scripts${PYTHONPATH:+:${PYTHONPATH}}" exec "${VENV}/bin/python" -m perf_history "$@"
}

main "$@"

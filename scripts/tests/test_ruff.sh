#!/usr/bin/env bash
#
# test_ruff.sh: lints every Python file the repository tracks with ruff and the rules of ruff.toml at the root
# (scripts/perf_history/ adds its own in scripts/perf_history/ruff.toml), and checks that each is formatted as
# `ruff format` writes it (fix with: .venv-lint/bin/ruff format $(git ls-files '*.py')). The ruff is the one pinned in
# scripts/perf_history/requirements.txt, installed once into its own virtual environment (no other package), and
# reinstalled when that pin changes.
#
# Use like:
#   scripts/tests/test_ruff.sh
# Settings (environment):
#   RUFF_VENV   where the virtual environment goes (.venv-lint/ in the repository)
#   PYTHON      the interpreter that creates it (python3)

set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
readonly REPO_ROOT
readonly REQUIREMENTS="${REPO_ROOT}/scripts/perf_history/requirements.txt"
readonly VENV="${RUFF_VENV:-${REPO_ROOT}/.venv-lint}"
# shellcheck source=../lib/common.sh
source "${REPO_ROOT}/scripts/lib/common.sh"

usage() {
  sed -n '3,13p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

# Creates or refreshes the virtual environment; a stamp holding the pin says it is current.
ensure_ruff() {
  local pin stamp="${VENV}/ruff.pin"
  pin="$(grep -E '^ruff==' "${REQUIREMENTS}")" || die "no ruff== pin in ${REQUIREMENTS}"
  if [[ -x "${VENV}/bin/ruff" && -f "${stamp}" && "$(cat "${stamp}")" == "${pin}" ]]; then
    return 0
  fi
  log "installing ${pin} into ${VENV} (once)"
  rm -rf "${VENV}"
  "${PYTHON:-python3}" -m venv "${VENV}" || die "cannot create a virtual environment (python3-venv missing?)"
  "${VENV}/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps "${pin}" \
    || { rm -rf "${VENV}"; die "cannot install ${pin}"; }
  printf '%s\n' "${pin}" >"${stamp}"
}

main() {
  case "${1:-}" in
    -h | --help) usage; return 0 ;;
    "") ;;
    *) err "unknown option '$1'"; usage >&2; return 2 ;;
  esac
  ensure_ruff
  local files=()
  mapfile -t files < <(cd "${REPO_ROOT}" && git ls-files '*.py')
  ((${#files[@]})) || die "no Python files found"
  (cd "${REPO_ROOT}" && "${VENV}/bin/ruff" check --no-cache "${files[@]}")
  (cd "${REPO_ROOT}" && "${VENV}/bin/ruff" format --check --no-cache "${files[@]}")
}

main "$@"

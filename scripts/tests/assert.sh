#!/usr/bin/env bash
# Minimal assertions for the shell-level tests. Source it; call `check NAME CMD...` per case and `finish` last.
#
#   check NAME CMD...          passes when CMD succeeds
#   check_fails NAME CMD...    passes when CMD fails
#   finish                     prints "N passed, N failed" and returns non-zero when anything failed
# Failures print the case name and the command's output (kept in a temp file) to stderr. A case that took 2 s or more
# says how long, so the slow ones stand out in a CI log.

if [[ -n "${_YCSB_DOCSEARCH_ASSERT_SH:-}" ]]; then
  return 0
fi
_YCSB_DOCSEARCH_ASSERT_SH=1

ASSERT_PASSED=0
ASSERT_FAILED=0
_ASSERT_STARTED=0

_assert_report() {
  local ok="$1" name="$2" out="$3" took=$((SECONDS - _ASSERT_STARTED))
  ((took < 2)) || name+="  [${took} s]"
  if [[ "${ok}" == 1 ]]; then
    ASSERT_PASSED=$((ASSERT_PASSED + 1))
    printf 'ok   %s\n' "${name}"
  else
    ASSERT_FAILED=$((ASSERT_FAILED + 1))
    printf 'FAIL %s\n' "${name}"
    sed 's/^/     | /' "${out}" | tail -n 30 >&2
  fi
}

check() {
  local name="$1" out
  shift
  out="$(mktemp)"
  _ASSERT_STARTED=${SECONDS}
  if "$@" >"${out}" 2>&1; then
    _assert_report 1 "${name}" "${out}"
  else
    _assert_report 0 "${name}" "${out}"
  fi
  rm -f "${out}"
}

check_fails() {
  local name="$1" out
  shift
  out="$(mktemp)"
  _ASSERT_STARTED=${SECONDS}
  if "$@" >"${out}" 2>&1; then
    _assert_report 0 "${name} (expected a failure)" "${out}"
  else
    _assert_report 1 "${name}" "${out}"
  fi
  rm -f "${out}"
}

finish() {
  printf '%d passed, %d failed\n' "${ASSERT_PASSED}" "${ASSERT_FAILED}"
  ((ASSERT_FAILED == 0))
}

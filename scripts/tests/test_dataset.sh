#!/usr/bin/env bash
# Datasets end to end: bad files are one line naming the line and exit 2 with no store touched; a dataset in
# canonical text mode verifies 100 % identical on every store; raw mode produces the divergence and case tables;
# a YCSB load + search run from a dataset answers OK and writes querystats.json with no past-the-end page.
#
# Use like:
#   scripts/tests/test_dataset.sh [--quick] [store...]   (default: redisjson mongodb elasticsearch)
# --quick: only the bad-input cases (no store needed; STORES_HOME is pointed where no store can start, so any
# attempt to start one would show as more than one line of output). Otherwise needs the
# local single-topology stores running (scripts/stores.sh start). Prints "N passed, N failed".
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
readonly REPO_ROOT
readonly TRICKY="${REPO_ROOT}/datasets/tricky-texts.jsonl"
# shellcheck source=assert.sh
source "${REPO_ROOT}/scripts/tests/assert.sh"
# shellcheck source=../lib/common.sh
source "${REPO_ROOT}/scripts/lib/common.sh"
# shellcheck source=../lib/classpath.sh
source "${REPO_ROOT}/scripts/lib/classpath.sh"

usage() {
  sed -n '2,9p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

# one_line_exit2 PATTERN CMD...: CMD exits 2 and prints exactly one line, matching PATTERN.
one_line_exit2() {
  local pattern="$1" out rc=0
  shift
  out="$("$@" 2>&1)" || rc=$?
  printf '%s\n' "${out}"
  [[ "${rc}" == 2 ]] || { echo "exit ${rc}, expected 2"; return 1; }
  [[ "$(printf '%s\n' "${out}" | wc -l)" == 1 ]] || { echo "not one line"; return 1; }
  grep -qE -- "${pattern}" <<<"${out}" || { echo "no match for ${pattern}"; return 1; }
}

bad_input_cases() {
  local dir="$1"
  printf '{"title": "ok text", "rank": 1}\nnot json\n' >"${dir}/notjson.jsonl"
  printf '{"title": "ok text", "rank": 1}\n{"rank": 2}\n' >"${dir}/notext.jsonl"
  printf '{"title": "a b", "rank": 1}\n{"title": "c d", "rank": 2}\n{"title": "e f", "rank": 1}\n' \
    >"${dir}/dup.jsonl"
  printf '{"title": "a b", "rank": 1}\n{"title": "", "rank": 2}\n' >"${dir}/empty.jsonl"
  # A store start would fail loudly (more than one line) here: STORES_HOME cannot even be created.
  export STORES_HOME=/proc/docsearch-no-stores
  check "not JSON: one line, line 2" one_line_exit2 'notjson.jsonl line 2: not JSON' \
    "${REPO_ROOT}/scripts/dataset.sh" check "${dir}/notjson.jsonl"
  check "missing text field: one line, line 2" one_line_exit2 "line 2: missing text field 'title'" \
    "${REPO_ROOT}/scripts/dataset.sh" check "${dir}/notext.jsonl"
  check "duplicate sort value: one line, line 3" one_line_exit2 'line 3: duplicate sort value 1' \
    "${REPO_ROOT}/scripts/dataset.sh" check "${dir}/dup.jsonl"
  check "empty text: one line, line 2" one_line_exit2 "line 2: empty text in field 'title'" \
    "${REPO_ROOT}/scripts/dataset.sh" check "${dir}/empty.jsonl"
  check "verify-search.sh: bad dataset before any store" one_line_exit2 'dup.jsonl line 3: duplicate' \
    "${REPO_ROOT}/scripts/verify-search.sh" --stores mongodb --dataset "${dir}/dup.jsonl"
  check "ycsb.sh: bad dataset before any store" one_line_exit2 'notjson.jsonl line 2: not JSON' \
    "${REPO_ROOT}/scripts/ycsb.sh" load redisjson search-only -p "docsearch.dataset=${dir}/notjson.jsonl"
}

# querystats_ok FILE: searches were asked, none past the end, every answer non-empty, hit counts recorded.
querystats_ok() {
  python3 - "$1" <<'PY'
import json, sys
q = json.load(open(sys.argv[1]))
print(q)
assert q["searches"] > 0 and q["past_end_pages"] == 0 and q["empty_answers"] == 0, "page mix"
assert q["first_pages"] + q["deeper_pages"] == q["searches"], "counts"
assert q["hit_counts"]["count"] == q["searches"] and q["hit_counts"]["min"] >= 1, "hit counts"
PY
}

# raw_tables HOSTS STORES: raw mode exits 0 and prints the divergence and the case tables.
raw_tables() {
  local out
  out="$("${REPO_ROOT}/scripts/verify-search.sh" --hosts "$1" --stores "$2" --dataset "${TRICKY}" --text-mode raw \
    -p docsearch.dataset.keyfield=id --cases probe --queries 300)" || return 1
  printf '%s\n' "${out}"
  grep -q '^cases: 50, store answers differing' <<<"${out}" && grep -q 'DIVERGENCE' <<<"${out}"
}

# ycsb_from_dataset STORE HOSTS DIR: reset, load the tricky file, 300 searches with querystats into DIR/STORE.
ycsb_from_dataset() {
  local store="$1" hosts="$2" dir="$3" ycsb="${REPO_ROOT}/scripts/ycsb.sh"
  local common=(--hosts "${hosts}" -p "docsearch.dataset=${TRICKY}")
  "${ycsb}" reset "${store}" search-only "${common[@]}" >/dev/null
  "${ycsb}" load "${store}" search-only "${common[@]}" >"${dir}/${store}-load.log" 2>&1
  grep -q '^\[INSERT\], Return=OK, 50$' "${dir}/${store}-load.log" || { cat "${dir}/${store}-load.log"; return 1; }
  "${ycsb}" run "${store}" search-only "${common[@]}" -p operationcount=300 \
    -p "docsearch.querystats.dir=${dir}/${store}" >"${dir}/${store}-run.log" 2>&1
  grep -q '^\[SEARCH\], Return=OK, 300$' "${dir}/${store}-run.log" || { cat "${dir}/${store}-run.log"; return 1; }
}

store_cases() {
  local dir="$1" hosts="$2"
  shift 2
  local stores store
  stores="$(IFS=,; echo "$*")"
  check "canonical tricky texts: 100 % identical on ${stores}" "${REPO_ROOT}/scripts/verify-search.sh" \
    --hosts "${hosts}" --stores "${stores}" --dataset "${TRICKY}" -p docsearch.dataset.keyfield=id --queries 300
  check "raw tricky texts: divergence and case tables" raw_tables "${hosts}" "${stores}"
  for store in "$@"; do
    check "${store}: YCSB load + search-only from a dataset" ycsb_from_dataset "${store}" "${hosts}" "${dir}"
    check "${store}: querystats.json, no past-the-end page" querystats_ok "${dir}/${store}/querystats.json"
  done
}

main() {
  local quick=0 stores=()
  while (($#)); do
    case "$1" in
      -h | --help) usage; return 0 ;;
      --quick) quick=1; shift ;;
      -*) err "unknown option '$1'"; return 2 ;;
      *) stores+=("$1"); shift ;;
    esac
  done
  ((${#stores[@]})) || stores=(redisjson mongodb elasticsearch)
  runtime_classpath >/dev/null # build first, so no case's output carries the build's lines
  local dir
  dir="$(mktemp -d)"
  # shellcheck disable=SC2064 # expand now: the folder is known here.
  trap "rm -rf '${dir}'" EXIT
  if ((quick)); then
    bad_input_cases "${dir}"
  else
    store_cases "${dir}" "${STORES_HOME:-${REPO_ROOT}/.stores}/hosts-single.json" "${stores[@]}"
  fi
  finish
}

main "$@"

#!/usr/bin/env bash
# Every workload in workloads/ runs against every local store through scripts/ycsb.sh (the documented command)
# with every operation answered OK, SEARCH and FRESHNESS included; bad input is one line and exit 2 before work.
#
# Use like:
#   scripts/tests/test_workloads.sh [store...]      (default: redisjson mongodb elasticsearch)
# Needs the local single-topology stores (scripts/stores.sh start); prints "N passed, N failed".
# Settings: RECORDS (default 1000), OPS (default 200), MIXES_SHARED=1 (the search-mix-* files, which differ only in
#   their proportions, dealt out among the stores so that each runs on one of them: scripts/test.sh, for CI's time).
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
readonly REPO_ROOT
readonly YCSB="${REPO_ROOT}/scripts/ycsb.sh"
readonly RECORDS="${RECORDS:-1000}"
readonly OPS="${OPS:-200}"
# shellcheck source=assert.sh
source "${REPO_ROOT}/scripts/tests/assert.sh"

usage() {
  sed -n '2,9p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

# All Return= lines OK, no failed operation, no binding init error, and the run finished.
all_ok() {
  local log="$1"
  grep -q '^\[OVERALL\], RunTime' "${log}" || { echo "no [OVERALL] line"; return 1; }
  if grep -E '^\[[A-Z-]+\], Return=' "${log}" | grep -v 'Return=OK'; then
    echo "an operation returned something other than OK"
    return 1
  fi
  if grep -E -- '-FAILED\]|DBException|WorkloadException' "${log}"; then
    return 1
  fi
}

# run_ycsb LOG ARGS...: runs scripts/ycsb.sh, keeping its output in LOG (shown on failure).
run_ycsb() {
  local log="$1"
  shift
  "${YCSB}" "$@" >"${log}" 2>&1 || { cat "${log}"; return 1; }
  all_ok "${log}" || { cat "${log}"; return 1; }
}

# load_store STORE [TABLE]
load_store() {
  local store="$1" table="${2:-usertable}" log
  log="$(mktemp)"
  "${YCSB}" reset "${store}" workloada -p "table=${table}" || return 1
  run_ycsb "${log}" load "${store}" workloada -threads 4 -p "recordcount=${RECORDS}" -p "table=${table}" || return 1
  grep -q "^\[INSERT\], Return=OK, ${RECORDS}\$" "${log}"
}

# A workload that inserts gets a table of its own, loaded first: every YCSB run starts inserting at recordcount,
# so two inserting runs on one table would insert the same keys (an error in MongoDB, an overwrite elsewhere).
inserts() {
  grep -Eq '^insertproportion=0*\.?0*[1-9]' "${REPO_ROOT}/workloads/$1"
}

run_workload() {
  local store="$1" workload="$2" log table=usertable
  log="$(mktemp)"
  if inserts "${workload}"; then
    table="ins_${workload//-/_}"
    load_store "${store}" "${table}" || return 1
  fi
  run_ycsb "${log}" run "${store}" "${workload}" -threads 2 -p "recordcount=${RECORDS}" -p "table=${table}" \
    -p "operationcount=${OPS}" -p maxexecutiontime=120 || return 1
  case "${workload}" in
    search-only | search-mix-*) grep -q '^\[SEARCH\], Return=OK, ' "${log}" ;;
    search-freshness) grep -q '^\[FRESHNESS\], Return=OK, ' "${log}" ;;
  esac
}

run_freshness() {
  local store="$1" log
  log="$(mktemp)"
  run_ycsb "${log}" run "${store}" search-freshness -threads 2 -p "recordcount=${RECORDS}" \
    -p operationcount=10 -p maxexecutiontime=120 || return 1
  grep -q '^\[FRESHNESS\], Return=OK, 10$' "${log}" || { cat "${log}"; return 1; }
  grep '^\[FRESHNESS\], \(50th\|99th\)' "${log}" || true
}

# expect_one_line_error ARGS...: scripts/ycsb.sh must exit 2 with exactly one line on stderr, before YCSB starts.
expect_one_line_error() {
  local out err rc=0
  out="$(mktemp)"
  err="$(mktemp)"
  "${YCSB}" "$@" >"${out}" 2>"${err}" || rc=$?
  cat "${err}"
  [[ "${rc}" == 2 ]] || { echo "exit ${rc}, expected 2"; return 1; }
  [[ "$(grep -cv '^$' "${err}")" == 1 ]] || { echo "expected one line on stderr"; return 1; }
  ! grep -q 'OVERALL' "${out}"
}

hosts_with() {
  local file
  file="$(mktemp --suffix=.json)"
  printf '{"stores":{"redisjson":{%s}}}\n' "$1" >"${file}"
  printf '%s' "${file}"
}

# dealt_mixes INDEX COUNT WORKLOAD...: the workloads of the store at INDEX of COUNT stores; with MIXES_SHARED=1 it
# keeps every search-mix-* file whose turn among them is INDEX modulo COUNT, and every other workload.
dealt_mixes() {
  local index="$1" count="$2" workload turn=0
  shift 2
  for workload in "$@"; do
    if [[ "${MIXES_SHARED:-0}" == 1 && "${workload}" == search-mix-* ]]; then
      ((turn++ % count == index)) || continue
    fi
    printf '%s\n' "${workload}"
  done
}

# One store's workloads, then the freshness check; its load comes first unless SKIP_LOAD=1.
store_checks() {
  local store="$1" workload
  shift
  [[ "${SKIP_LOAD:-0}" == 1 ]] || check "${store}: load ${RECORDS} records" load_store "${store}"
  for workload in "$@"; do
    check "${store}: ${workload}" run_workload "${store}" "${workload}"
  done
  check "${store}: search-freshness measures write-to-visible" run_freshness "${store}"
  finish
}

# stores_at_once "WORKLOAD..." STORE...: each store's checks in a child of its own, all at once (each store is its
# own server; one after the other they took 190 s, mostly YCSB's JVM starting). Their outputs follow in store order,
# and their counts add to this script's.
# shellcheck disable=SC2030,SC2031  # each child counts its own checks from 0; this shell adds the counts up
stores_at_once() {
  local -a workloads pids=()
  read -r -a workloads <<<"$1"
  shift
  local dir store i passed failed
  dir="$(mktemp -d)"
  i=0
  for store in "$@"; do
    # The first store was loaded by the caller.
    (
      ASSERT_PASSED=0 ASSERT_FAILED=0 SKIP_LOAD=$((i == 0))
      mapfile -t mine < <(dealt_mixes "${i}" "$#" "${workloads[@]}")
      store_checks "${store}" "${mine[@]}"
    ) >"${dir}/${store}.out" 2>&1 &
    pids+=("$!")
    i=$((i + 1))
  done
  i=0
  for store in "$@"; do
    wait "${pids[i]}" || true
    i=$((i + 1))
    sed '$ d' "${dir}/${store}.out"
    read -r passed _ failed _ < <(tail -n 1 "${dir}/${store}.out")
    [[ "${passed}" =~ ^[0-9]+$ && "${failed}" =~ ^[0-9]+$ ]] \
      || { passed=0; failed=1; printf 'FAIL %s: its checks ended without a count\n' "${store}"; }
    ASSERT_PASSED=$((ASSERT_PASSED + passed))
    ASSERT_FAILED=$((ASSERT_FAILED + failed))
  done
  rm -rf "${dir}"
}

main() {
  if (($# >= 1)) && [[ "$1" == -h || "$1" == --help ]]; then
    usage
    return 0
  fi
  local stores=("$@") store workload
  ((${#stores[@]})) || stores=(redisjson mongodb elasticsearch)
  local workloads=()
  for workload in "${REPO_ROOT}"/workloads/*; do
    workload="${workload##*/}"
    # The folder's README.md is no workload (the runner's list leaves *.md out too: WorkloadFile.known).
    [[ "${workload}" == workload_template || "${workload}" == search-freshness || "${workload}" == *.md ]] \
      || workloads+=("${workload}")
  done
  # The first load builds the project when it is out of date (scripts/ycsb.sh), once, before the stores run at once.
  check "${stores[0]}: load ${RECORDS} records" load_store "${stores[0]}"
  stores_at_once "${workloads[*]}" "${stores[@]}"

  check "bad input: unknown store" expect_one_line_error run cassandra workloada
  check "bad input: unknown workload" expect_one_line_error run redisjson workloadz
  check "bad input: page size 0" expect_one_line_error run redisjson search-only -p search.pagesize=0
  check "bad input: empty vocabulary" expect_one_line_error run redisjson search-only -p data.vocabulary.size=0
  check "bad input: sort field that does not exist" expect_one_line_error run redisjson search-only \
    -p search.sortfield=field3
  check "bad input: search with no text field" expect_one_line_error run redisjson search-only \
    -p search.textfield=
  check "bad input: malformed property" expect_one_line_error run redisjson workloada \
    --hosts "$(hosts_with '"redis.host":"127.0.0.1","redis.port":"abc"')"
  check "bad input: unreachable host" expect_one_line_error run redisjson workloada \
    --hosts "$(hosts_with '"redis.host":"127.0.0.1","redis.port":"1"')"
  check "bad input: wrong password" expect_one_line_error run redisjson workloada \
    --hosts "$(hosts_with "\"redis.host\":\"127.0.0.1\",\"redis.port\":\"${REDIS_PORT:-6379}\",\"redis.user\":\"bench\",\"redis.password\":\"wrong\"")"
  check "bad input: unreadable hosts file" expect_one_line_error run redisjson workloada --hosts /nonexistent.json
  finish
}

main "$@"

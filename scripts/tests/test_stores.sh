#!/usr/bin/env bash
# Tests scripts/stores.sh against the real stores, in a private STORES_HOME and on private ports so the shared
# stores (single topology on the default ports) keep running undisturbed:
#   bad store / topology / command -> exit non-zero with exactly one line on stderr
#   start -> all three answer; start again -> idempotent (same PIDs); status -> running + real versions
#   hosts-single.json and settings-single.json -> valid JSON with the expected connection properties, the relaxed
#   durability profile and the 1024 MB memory budget applied; start with another profile while running -> one line;
#   settings -> rewrites the settings file
#   a busy port held by a foreign process -> start fails with one line; stop never signals a foreign process,
#   even one whose PID sits in our PID file; stop -> everything of ours is gone, status exits 3
#
# Usage: scripts/tests/test_stores.sh
# Env: TEST_STORES_HOME (default: a new temp dir, removed at the end), TEST_REDIS_PORT (26390),
#      TEST_MONGODB_PORT (28090), TEST_ES_HTTP_PORT (19290), TEST_ES_TRANSPORT_PORT (19390),
#      TEST_FOREIGN_PORT (26391), TEST_REUSE_INSTALL (1: link the venv, libssl and Elasticsearch jars of the repo's
#      .stores instead of installing again; 0: fresh install, as CI does on a clean machine).
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
readonly REPO_ROOT
readonly STORES="${REPO_ROOT}/scripts/stores.sh"
LOG_PREFIX="test_stores.sh"
# shellcheck source=../lib/common.sh
source "${REPO_ROOT}/scripts/lib/common.sh"

FAILURES=0
FOREIGN_PID=""
OWN_HOME=""

usage() {
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
}

pass() { log "ok   $*"; }
fail() { err "FAIL $*"; FAILURES=$((FAILURES + 1)); }
check() {
  local desc="$1"
  shift
  if "$@"; then pass "${desc}"; else fail "${desc}"; fi
}

setup_env() {
  export STORES_HOME="${TEST_STORES_HOME:-}"
  if [[ -z "${STORES_HOME}" ]]; then
    OWN_HOME="$(mktemp -d /tmp/test-stores.XXXXXX)"
    STORES_HOME="${OWN_HOME}"
  fi
  export REDIS_PORT="${TEST_REDIS_PORT:-26390}" MONGODB_PORT="${TEST_MONGODB_PORT:-28090}"
  export ES_HTTP_PORT="${TEST_ES_HTTP_PORT:-19290}" ES_TRANSPORT_PORT="${TEST_ES_TRANSPORT_PORT:-19390}"
  local shared="${REPO_ROOT}/.stores"
  if [[ "${TEST_REUSE_INSTALL:-1}" == 1 && -x "${shared}/venv/bin/python" && -d "${shared}/elasticsearch/dist" ]]; then
    mkdir -p "${STORES_HOME}/elasticsearch"
    ln -sfn "${shared}/venv" "${STORES_HOME}/venv"
    ln -sfn "${shared}/libssl" "${STORES_HOME}/libssl"
    ln -sfn "${shared}/elasticsearch/dist" "${STORES_HOME}/elasticsearch/dist"
  fi
}

cleanup() {
  if [[ -n "${FOREIGN_PID}" ]]; then
    kill "${FOREIGN_PID}" 2>/dev/null || true
  fi
  "${STORES}" stop >/dev/null 2>&1 || true
  if [[ -n "${OWN_HOME}" ]]; then
    rm -rf "${OWN_HOME}"
  fi
}

# Runs stores.sh expecting failure with exactly one stderr line.
expect_one_line_failure() {
  local desc="$1" out rc=0
  shift
  out="$("${STORES}" "$@" 2>&1 >/dev/null)" || rc=$?
  if ((rc != 0)) && [[ "$(printf '%s\n' "${out}" | wc -l)" == 1 ]]; then
    pass "${desc}: exit ${rc}, '${out}'"
  else
    fail "${desc}: exit ${rc}, stderr: ${out}"
  fi
}

pids_of_ours() {
  cat "${STORES_HOME}"/*/single/*/pid 2>/dev/null | sort | tr '\n' ' '
}

test_bad_arguments() {
  expect_one_line_failure "unknown store" start nosuchstore
  expect_one_line_failure "unknown topology" status --topology ring
  expect_one_line_failure "unknown command" restart
  expect_one_line_failure "unknown durability profile" start --profile lax
  expect_one_line_failure "memory budget below 256 MB" start --memory-mb 100
  STORES_OS_TUNING=always expect_one_line_failure "unknown STORES_OS_TUNING" start
}

test_start_idempotent_status() {
  local t0 out first second
  t0="$(now_ms)"
  out="$("${STORES}" start 2>"${STORES_HOME}/start.err")" \
    || { fail "start exited non-zero: $(tail -n 3 "${STORES_HOME}/start.err")"; return; }
  log "start took $(($(now_ms) - t0)) ms:"$'\n'"${out}"
  check "start prints a real version for each store" \
    test "$(grep -cE 'running +single +port [0-9]+ +version [0-9]+\.[0-9]+\.[0-9]+' <<<"${out}")" -eq 3
  check "redis reports its modules" grep -qE 'ReJSON [0-9]+, search [0-9]+' <<<"${out}"
  first="$(pids_of_ours)"
  out="$("${STORES}" start 2>&1)" || { fail "second start exited non-zero"; return; }
  second="$(pids_of_ours)"
  check "second start keeps the same processes (${first})" test "${first}" == "${second}"
  check "second start says already running" test "$(grep -c 'already running' <<<"${out}")" -eq 3
  out="$("${STORES}" status)" || fail "status exit code $? with everything running"
  check "status: 3 running with versions, pid and rss" \
    test "$(grep -cE 'running .*version [0-9].*pid [0-9]+ +rss [0-9]+ MB' <<<"${out}")" -eq 3
}

test_hosts_and_settings_files() {
  local py="${STORES_HOME}/venv/bin/python"
  check "hosts-single.json is valid and complete" "${py}" - "${STORES_HOME}/hosts-single.json" "${REDIS_PORT}" \
    "${MONGODB_PORT}" "${ES_HTTP_PORT}" <<'PY'
import json, sys
h = json.load(open(sys.argv[1]))
r, m, e = sys.argv[2:5]
assert h["topology"] == "single", h
s = h["stores"]
assert s["redisjson"] == {"redis.host": "127.0.0.1", "redis.port": r}, s
# Connection, plus the client side of the default durability profile (relaxed).
assert s["mongodb"] == {"mongodb.url": f"mongodb://127.0.0.1:{m}/ycsb", "mongodb.writeConcern": "acknowledged"}, s
assert s["elasticsearch"] == {"es.hosts": f"http://127.0.0.1:{e}", "es.translog.durability": "async",
                              "es.translog.sync_interval": "1s"}, s
PY
  check "settings files record versions and the key choices" "${py}" - "${STORES_HOME}" <<'PY'
import json, sys
home = sys.argv[1]
r = json.load(open(f"{home}/redisjson/settings-single.json"))
rs = r["server"]  # what the servers report of themselves
assert rs["version"] == "7.4.1" and rs["appendfsync"] == "everysec" and rs["save"] == "", r
assert rs["search"]["TIMEOUT"] == "0" and rs["search"]["ON_TIMEOUT"] == "fail", rs["search"]
assert rs["search"]["MAXSEARCHRESULTS"] == "unlimited", rs["search"]
m = json.load(open(f"{home}/mongodb/settings-single.json"))
assert m["server"]["version"] == "6.0.5" and m["server"]["journal"] is True, m
e = json.load(open(f"{home}/elasticsearch/settings-single.json"))
assert e["server"]["version"] == "8.19.21" and "-XX:+UseG1GC" in e["jvm_options"], e
# The default profile (relaxed) and memory budget (1024 MB), as the servers report them.
assert rs["maxmemory"] == 1024 * 2**20 and rs["maxmemory_policy"] == "noeviction", r
assert m["server"]["journal_commit_interval_ms"] == 500, m
assert abs(m["server"]["wiredtiger_cache_bytes"] - 1024 * 2**20) < 2**20, m
assert e["heap"] == "1024m" and "-Xmx1024m" in e["jvm_options"], e
for d in (r, m, e):
    assert d["durability"]["profile"] == "relaxed", d["durability"]
    assert d["memory"]["budget_mb_per_server"] == 1024 and d["memory"]["per_process_mb"] == 1024, d["memory"]
    # The data set is the probe's to measure (manifest: describe.data_set), not this file's.
    assert d["memory"]["copies"] == 1 and d["memory"]["servers"] == 1 and "dataset" not in d, d
    assert d["os"]["nofile"]["applied"] in (True, False) and "readahead" in d["os"], d["os"]
PY
  expect_one_line_failure "start --profile strict while running relaxed" start --profile strict redisjson
  rm -f "${STORES_HOME}/mongodb/settings-single.json"
  check "settings rewrites the settings file" bash -c "'${STORES}' settings mongodb 2>/dev/null && test -s '${STORES_HOME}/mongodb/settings-single.json'"
}

test_foreign_processes_left_alone() {
  local port="${TEST_FOREIGN_PORT:-26391}" dir
  "${STORES_HOME}/venv/bin/python" -c '
import socket, sys, time
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", int(sys.argv[1]))); s.listen(); time.sleep(600)' "${port}" &
  FOREIGN_PID=$!
  wait_until 10 "foreign listener on ${port}" port_open 127.0.0.1 "${port}" || { fail "foreign listener"; return; }
  REDIS_PORT="${port}" expect_one_line_failure "start on a port held by a foreign process" start redisjson
  # A PID file of ours that names the foreign process (e.g. a recycled PID) must not make stop kill it.
  dir="${STORES_HOME}/redisjson/single/${port}"
  mkdir -p "${dir}"
  echo "${FOREIGN_PID}" >"${dir}/pid"
  REDIS_PORT="${port}" "${STORES}" stop redisjson 2>/dev/null || fail "stop with a foreign PID file exited non-zero"
  check "stop left the foreign process alive" kill -0 "${FOREIGN_PID}"
  check "stop left our own redis (port ${REDIS_PORT}) alive" port_open 127.0.0.1 "${REDIS_PORT}"
}

test_stop() {
  local out rc=0 p
  "${STORES}" stop 2>/dev/null || fail "stop exited non-zero"
  out="$("${STORES}" status 2>/dev/null)" || rc=$?
  check "status exits 3 when stopped" test "${rc}" -eq 3
  check "status shows 3 stopped" test "$(grep -c ' stopped ' <<<"${out}")" -eq 3
  for p in "${REDIS_PORT}" "${MONGODB_PORT}" "${ES_HTTP_PORT}" "${ES_TRANSPORT_PORT}"; do
    check "port ${p} closed after stop" bash -c "! timeout 2 bash -c 'exec 3<>/dev/tcp/127.0.0.1/${p}' 2>/dev/null"
  done
  check "hosts-single.json removed when nothing runs" test ! -e "${STORES_HOME}/hosts-single.json"
  check "foreign process still alive after stop" kill -0 "${FOREIGN_PID}"
}

main() {
  if [[ "${1:-}" == -h || "${1:-}" == --help ]]; then
    usage
    return 0
  fi
  setup_env
  trap cleanup EXIT INT TERM
  log "STORES_HOME=${STORES_HOME} ports redis ${REDIS_PORT} mongodb ${MONGODB_PORT} es ${ES_HTTP_PORT}/${ES_TRANSPORT_PORT}"
  test_bad_arguments
  test_start_idempotent_status
  test_hosts_and_settings_files
  test_foreign_processes_left_alone
  test_stop
  if ((FAILURES)); then
    err "${FAILURES} check(s) failed"
    return 1
  fi
  log "all checks passed"
}

main "$@"

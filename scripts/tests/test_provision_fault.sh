#!/usr/bin/env bash
#
# test_provision_fault.sh: the AWS servers' fault helper (scripts/provision/fault.sh, installed as
# /usr/local/sbin/ycsb-docsearch-fault) and its SSH access (common.sh: install_fault_access, install_fault_ssh_key),
# without a server: no systemd, no store. Groups (default: all, in this order):
#   validation  the forced-command check: injections, extra words, an empty command, control characters, through
#               SSH_ORIGINAL_COMMAND or the arguments -> exit 2 with the one error line, and nothing run (no role.env
#               read, no stand-in tool called); -h prints the usage; each of the five words passes (a missing
#               role.env is then one line, exit 1); a role.env of a client or without a required key is one line
#   flow        every command against stand-ins on PATH (systemctl keeping unit states in files, redis-cli, mongosh,
#               curl): check, locate (each store), kill-primary (runtime drop-in with Restart=no and daemon-reload
#               before the signal, the JSON line), a second fault refused, recover (drop-in gone, unit started,
#               the JSON line), stop-node (SIGTERM; escalated to SIGKILL when the stop hangs), os-crash (SysRq b on
#               stand-in SysRq files after the answer, refused when a unit is not enabled), the holder on another
#               server (exit 3), a cluster that does not become whole (exit 1); passwords never in an argument
#   install     install_fault_access: the helper copied 0755, one `restrict,command=...` authorized_keys line beside
#               the operator's (also after a re-run), `from="..."` first with FAULT_SSH_FROM (a value with a quote
#               refused), a malformed public key refused; install_fault_ssh_key: 0600
#   sshd        the fault key through a private sshd on 127.0.0.1 (when sshd is installed): the forced command
#               refuses an injection with exit 2 and passes a good word to the helper
# The flow, install and sshd groups need root (the helper runs itself through sudo otherwise): skipped without.
#
# Use like: scripts/tests/test_provision_fault.sh [GROUP...]
# Needs bash, jq, flock, ssh-keygen (install, sshd), sshd (sshd).

set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
readonly REPO_ROOT
readonly HELPER="${REPO_ROOT}/scripts/provision/fault.sh"
readonly GROUPS_ALL=(validation flow install sshd)
readonly REFUSAL_TAIL="': give check, locate, kill-primary, stop-node, os-crash or recover"
# shellcheck source=assert.sh
source "${REPO_ROOT}/scripts/tests/assert.sh"
# shellcheck source=sshd.sh
source "${REPO_ROOT}/scripts/tests/sshd.sh"

WORK=""
BG_PIDS=()

usage() {
  sed -n '3,23p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

cleanup() {
  local pid
  for pid in "${BG_PIDS[@]}"; do
    kill "${pid}" 2>/dev/null || true
  done
  [[ -z "${WORK}" ]] || rm -rf "${WORK}"
}

# Stand-ins for every tool the helper acts with. Each call is logged to WORK/calls ("NAME ARGS..."); systemctl keeps
# unit states in WORK/units/<unit> and reads the drop-ins under YCSB_FAULT_RUN_DIR; redis-cli, mongosh and curl
# answer for a 3-server cluster whose primary data sits on 10.42.1.10 (FAKE_* variables change that).
make_stand_ins() {
  local bin="${WORK}/bin"
  mkdir -p "${bin}" "${WORK}/units" "${WORK}/run/lock"
  cat >"${bin}/systemctl" <<'EOF'
#!/usr/bin/env bash
echo "systemctl $*" >>"${FAKE_DIR}/calls"
args=()
for a in "$@"; do [[ "${a}" == -- || "${a}" == --no-block ]] || args+=("${a}"); done
set -- "${args[@]}"
state() { cat "${FAKE_DIR}/units/$1" 2>/dev/null || echo inactive; }
case "$1" in
  is-active) s="$(state "$2")"; echo "${s}"; [[ "${s}" == active ]] ;;
  cat) [[ -e "${FAKE_DIR}/units/$2" ]] ;;
  is-enabled) if [[ "$2" == "${FAKE_DISABLED:-}" ]]; then echo disabled; exit 1; fi; echo enabled ;;
  daemon-reload | reset-failed) ;;
  show)
    dropin="${YCSB_FAULT_RUN_DIR}/systemd/system/$5.d/ycsb-docsearch-fault.conf"
    case "$3" in
      Restart) if grep -qx 'Restart=no' "${dropin}" 2>/dev/null; then echo no; else echo on-failure; fi ;;
      MainPID) if [[ "$(state "$5")" == active ]]; then echo 4242; else echo 0; fi ;;
    esac
    ;;
  kill) echo failed >"${FAKE_DIR}/units/$3" ;;
  stop) [[ -n "${FAKE_STOP_HANGS:-}" ]] || echo inactive >"${FAKE_DIR}/units/$2" ;;
  start) echo active >"${FAKE_DIR}/units/$2" ;;
  *) echo "stand-in systemctl: unexpected $*" >&2; exit 9 ;;
esac
EOF
  cat >"${bin}/redis-cli" <<'EOF'
#!/usr/bin/env bash
echo "redis-cli $*" >>"${FAKE_DIR}/calls"
[[ "${REDISCLI_AUTH:-}" == redis-secret ]] || { echo "NOAUTH" >&2; exit 1; }
case "$*" in
  *"CLUSTER NODES")
    printf '%s\r\n' \
      "a 10.42.1.11:7000@17000 master - 0 0 1 connected 8192-16383" \
      "b ${FAKE_HOLDER:-10.42.1.10}:7000@17000,host myself,master - 0 0 2 connected 0-8191 [9->-c]" \
      "c 10.42.1.12:7001@17001 master,fail - 0 0 3 connected" \
      "d 10.42.1.12:7000@17000 slave a 0 0 1 connected" ;;
  *"CLUSTER INFO") printf 'cluster_state:%s\r\ncluster_known_nodes:6\r\n' "${FAKE_CLUSTER_STATE:-ok}" ;;
esac
EOF
  cat >"${bin}/mongosh" <<'EOF'
#!/usr/bin/env bash
echo "mongosh $*" >>"${FAKE_DIR}/calls"
echo "some banner"
# The line scripts/cluster/mongo-hellos.sh has mongosh print (hello answers cut to what the rule reads, plus a
# timestamp as relaxed EJSON gives it): shard0's preferred member is down.
hellos='[{"set":"shard0","member":"10.42.1.10:27100","hello":null},
  {"set":"shard0","member":"10.42.1.11:27100","hello":{"isWritablePrimary":false,"secondary":true}},
  {"set":"shard1","member":"10.42.1.11:27101","hello":{"isWritablePrimary":true,"secondary":false,
    "lastWrite":{"opTime":{"ts":{"$timestamp":{"t":1700000000,"i":1}},"t":3}}}},
  {"set":"shard1","member":"10.42.1.10:27101","hello":{"isWritablePrimary":false,"secondary":true}}]'
[[ "${MONGO_SETS}" == "shard0=10.42.1.10:27100,10.42.1.11:27100;shard1=10.42.1.11:27101,10.42.1.10:27101" ]] \
  || { echo "stand-in mongosh: unexpected MONGO_SETS '${MONGO_SETS}'" >&2; exit 9; }
echo "MONGO-HELLOS $(tr -d '\n' <<<"${hellos}")"
EOF
  cat >"${bin}/curl" <<'EOF'
#!/usr/bin/env bash
echo "curl $*" >>"${FAKE_DIR}/calls"
case "${*: -1}" in
  *_cat/shards*) echo '[{"index":"usertable","shard":"0","prirep":"p","state":"STARTED","node":"node-2"},
    {"index":"usertable","shard":"1","prirep":"p","state":"STARTED","node":"node-0"},
    {"index":"usertable","shard":"2","prirep":"p","state":"STARTED","node":"node-2"},
    {"index":"usertable","shard":"2","prirep":"r","state":"STARTED","node":"node-1"}]' ;;
  *_nodes/http*) echo '{"nodes": {"x": {"name": "node-0", "http": {"publish_address": "10.42.1.10:9200"}},
    "y": {"name": "node-2", "http": {"publish_address": "ip-10-42-1-12/10.42.1.12:9200"}}}}' ;;
  *_cluster/health*) echo '{"number_of_nodes": 3, "status": "yellow"}' ;;
  *) exit 22 ;;
esac
EOF
  local tool
  for tool in sudo logger; do
    # shellcheck disable=SC2016  # the $ belong to the stand-in's source
    printf '#!/usr/bin/env bash\necho "%s $*" >>"${FAKE_DIR}/calls"\n' "${tool}" >"${bin}/${tool}"
  done
  chmod +x "${bin}"/*
}

# A role.env (and secrets.env beside it) of server NODE_IP for STORE at WORK/env-NAME/; prints its path.
# Arguments: NAME STORE NODE_IP [ROLE].
role_env() {
  local dir="${WORK}/env-$1"
  mkdir -p "${dir}"
  cat >"${dir}/role.env" <<EOF
ROLE='${4:-$2}'
STORE='$2'
NODE_IP='$3'
SERVER_IPS='10.42.1.10,10.42.1.11,10.42.1.12'
REDIS_BASE_PORT='7000'
REDIS_PROCESSES_PER_SERVER='2'
MONGODB_SHARDS='shard0=10.42.1.10:27100,10.42.1.11:27100;shard1=10.42.1.11:27101,10.42.1.10:27101'
REPO_DIR='${REPO_ROOT}'
EOF
  printf "REDIS_PASSWORD='redis-secret'\nES_ELASTIC_PASSWORD='es-secret'\n" >"${dir}/secrets.env"
  printf '%s\n' "${dir}/role.env"
}

# Runs the helper with the stand-ins first on PATH; its stdout, stderr and exit status land in WORK/out, WORK/err,
# WORK/rc. Arguments: the helper's arguments (the environment, e.g. SSH_ORIGINAL_COMMAND, is the caller's).
run_helper() {
  local rc=0
  # os-crash writes these two files, never the kernel's: this machine must not reboot.
  PATH="${WORK}/bin:${PATH}" FAKE_DIR="${WORK}" YCSB_FAULT_RUN_DIR="${WORK}/run" \
    OS_CRASH_SYSRQ_ENABLE="${WORK}/sysrq" OS_CRASH_SYSRQ_TRIGGER="${WORK}/sysrq-trigger" "${HELPER}" "$@" \
    >"${WORK}/out" 2>"${WORK}/err" || rc=$?
  echo "${rc}" >"${WORK}/rc"
}

# Succeeds when the last run exited WANT with exactly the stderr line "ycsb-docsearch-fault: error: MESSAGE" and nothing
# on stdout. Arguments: WANT MESSAGE.
one_line_exit() {
  local want="$1" line="ycsb-docsearch-fault: error: $2"
  if [[ "$(cat "${WORK}/rc")" != "${want}" ]]; then
    echo "exit $(cat "${WORK}/rc"), expected ${want}"
    cat "${WORK}/err"
    return 1
  fi
  [[ ! -s "${WORK}/out" ]] || { echo "stdout not empty: $(cat "${WORK}/out")"; return 1; }
  [[ "$(wc -l <"${WORK}/err")" == 1 && "$(cat "${WORK}/err")" == "${line}" ]] \
    || { echo "stderr is not the one line '${line}':"; cat "${WORK}/err"; return 1; }
}

# ---------------------------------------------------------------------------------------------------------------- #
# validation

# A role.env that leaves a mark when it is read: a refused command must not get that far.
marking_role_env() {
  mkdir -p "${WORK}/marking"
  # shellcheck disable=SC2016  # the $(...) is for the helper's source, not for this shell
  printf 'ROLE=redisjson\n: "$(touch "%s")"\n' "${WORK}/marking/read" >"${WORK}/marking/role.env"
  printf '%s\n' "${WORK}/marking/role.env"
}

# Refused, nothing run. Arguments: VIA (ssh: the first argument is SSH_ORIGINAL_COMMAND, the rest are arguments;
# args: the arguments), SHOWN (what the error line must quote), then the values.
refused() {
  local via="$1" shown="$2" env
  shift 2
  rm -f "${WORK}/calls" "${WORK}/marking/read"
  env="$(marking_role_env)"
  if [[ "${via}" == ssh ]]; then
    local cmd="$1"
    shift
    SSH_ORIGINAL_COMMAND="${cmd}" YCSB_ROLE_ENV="${env}" run_helper "$@"
  else
    YCSB_ROLE_ENV="${env}" run_helper "$@"
  fi
  one_line_exit 2 "unknown command '${shown}${REFUSAL_TAIL}" || return 1
  [[ ! -e "${WORK}/marking/read" ]] || { echo "role.env was read before the command was checked"; return 1; }
  [[ ! -e "${WORK}/calls" ]] || { echo "tools were run: $(cat "${WORK}/calls")"; return 1; }
}

# A good word passes the check and reaches role.env (missing here: one line, exit 1), nothing else run.
accepted() {
  local via="$1" word="$2"
  rm -f "${WORK}/calls"
  if [[ "${via}" == ssh ]]; then
    SSH_ORIGINAL_COMMAND="${word}" YCSB_ROLE_ENV="${WORK}/none/role.env" run_helper
  else
    YCSB_ROLE_ENV="${WORK}/none/role.env" run_helper "${word}"
  fi
  if ((EUID != 0)); then
    # Not root: the helper runs itself again through sudo, with the checked word only.
    grep -qx "sudo -n -- ${HELPER} ${word// /}" "${WORK}/calls" \
      || { echo "no sudo with the word: $(cat "${WORK}/calls")"; return 1; }
    return 0
  fi
  one_line_exit 1 "role env ${WORK}/none/role.env is not readable (is this a provisioned store server?)" \
    || return 1
  [[ ! -e "${WORK}/calls" ]] || { echo "tools were run: $(cat "${WORK}/calls")"; return 1; }
}

help_prints_usage() {
  run_helper -h
  if [[ "$(cat "${WORK}/rc")" != 0 || -s "${WORK}/err" ]]; then
    echo "exit $(cat "${WORK}/rc")"
    cat "${WORK}/err"
    return 1
  fi
  grep -q '^Usage: ycsb-docsearch-fault check|locate|kill-primary|stop-node|os-crash|recover$' "${WORK}/out" \
    && grep -q '^Exit: 0 done; 1 failed' "${WORK}/out"
}

# A role.env that is not a store server's, or lacks what the store needs: one line, exit 1, nothing run.
bad_role_env() {
  local env="$1" line="$2"
  rm -f "${WORK}/calls"
  YCSB_ROLE_ENV="${env}" run_helper locate
  one_line_exit 1 "${line}" || return 1
  [[ ! -e "${WORK}/calls" ]] || { echo "tools were run: $(cat "${WORK}/calls")"; return 1; }
}

group_validation() {
  local cmd word env
  # shellcheck disable=SC2016  # the $(...) and `...` are the injections tried, not to expand here
  for cmd in 'locate; rm -rf /' 'recover x' '' ' ' 'check;id' '$(touch /tmp/ycsb-fault-x)' '`id`' \
    'kill-primary && reboot' 'stop-node|sh' 'CHECK' 'check recover' '-h' '--help' 'stop-node  stop-node'; do
    check "ssh: '${cmd}' refused (exit 2, one line, nothing run)" refused ssh "${cmd}" "${cmd}"
  done
  check "ssh: a second line is a second word: refused, shown on one line" refused ssh 'check recover' $'check\nrecover'
  check "ssh: a tab is whitespace: refused" refused ssh 'recover x' $'recover\tx'
  check "ssh: SSH_ORIGINAL_COMMAND wins over the arguments" refused ssh 'recover x' 'recover x' check
  check "args: none refused" refused args ''
  check "args: 'recover x' (two words) refused" refused args 'recover x' recover x
  check "args: 'check x' (one argument) refused" refused args 'check x' 'check x'
  check "args: 'locate; rm -rf /' refused" refused args 'locate; rm -rf /' 'locate; rm -rf /'
  check "args: an empty word refused" refused args '' ''
  check "args: -h with more words refused" refused args '-h check' -h check
  check "-h prints the usage" help_prints_usage
  for word in check locate kill-primary stop-node os-crash recover; do
    check "ssh: ' ${word} ' passes (surrounding whitespace); a missing role.env is one line" accepted ssh " ${word} "
    check "args: ${word} passes" accepted args "${word}"
  done
  if ((EUID == 0)); then
    env="$(role_env client redisjson 10.42.1.40 client)"
    check "a client's role.env: one line, exit 1" bad_role_env "${env}" \
      "this machine is a client, not a redisjson server (${env})"
    env="$(role_env nosecret redisjson 10.42.1.10)"
    rm "$(dirname "${env}")/secrets.env"
    check "no REDIS_PASSWORD: one line, exit 1" bad_role_env "${env}" \
      "${env} (or secrets.env beside it) does not set REDIS_PASSWORD"
    env="$(role_env noip redisjson '')"
    check "no NODE_IP: one line, exit 1" bad_role_env "${env}" "role env ${env} does not set NODE_IP"
  fi
}

# ---------------------------------------------------------------------------------------------------------------- #
# flow (root)

set_units() {
  local state="$1" unit
  shift
  rm -f "${WORK}/units/"*
  for unit in "$@"; do
    echo "${state}" >"${WORK}/units/${unit}"
  done
}

dropin() {
  printf '%s/run/systemd/system/%s.d/ycsb-docsearch-fault.conf\n' "${WORK}" "$1"
}

expect_json() {
  local filter="$1"
  [[ "$(cat "${WORK}/rc")" == 0 ]] || { echo "exit $(cat "${WORK}/rc")"; cat "${WORK}/err"; return 1; }
  [[ "$(wc -l <"${WORK}/out")" == 1 ]] || { echo "not one line:"; cat "${WORK}/out"; return 1; }
  jq -e "${filter}" "${WORK}/out" >/dev/null \
    || { echo "JSON line does not match ${filter}:"; cat "${WORK}/out"; return 1; }
}

redis_env() {
  export YCSB_ROLE_ENV
  YCSB_ROLE_ENV="$(role_env redis redisjson "${1:-10.42.1.10}")"
}

flow_check() {
  redis_env
  set_units active ycsb-redis@7000.service ycsb-redis@7001.service
  run_helper check
  expect_json '. == {store: "redisjson", host: "10.42.1.10",
    units: ["ycsb-redis@7000.service", "ycsb-redis@7001.service"]}' || return 1
  rm "${WORK}/units/ycsb-redis@7001.service"
  run_helper check
  one_line_exit 1 "redisjson unit(s) missing on 10.42.1.10: ycsb-redis@7001.service (not provisioned yet?)"
}

flow_locate() {
  redis_env 10.42.1.12
  run_helper locate
  expect_json '. == {store: "redisjson", host: "10.42.1.10", port: 7000, unit: "ycsb-redis@7000.service",
    role: "master of slots 0-8191"}' || return 1
  YCSB_ROLE_ENV="$(role_env mongo mongodb 10.42.1.10)" run_helper locate
  expect_json '. == {store: "mongodb", host: "10.42.1.11", port: 27101, unit: "ycsb-mongo@shard1.service",
    role: "PRIMARY of shard1"}' || return 1
  YCSB_ROLE_ENV="$(role_env es elasticsearch 10.42.1.11)" run_helper locate
  expect_json '. == {store: "elasticsearch", host: "10.42.1.12", port: 9200, unit: "elasticsearch.service",
    role: "node-2: 2 of 3 primary shards of index usertable"}' || return 1
  YCSB_ROLE_ENV="$(role_env es elasticsearch 10.42.1.11)" FAULT_ES_INDEX=other run_helper locate
  expect_json '.role == "node-2: 2 of 3 primary shards of any index (other has none)"' || return 1
  YCSB_ROLE_ENV="$(role_env mongo mongodb 10.42.1.10)" run_helper check
  local missing="ycsb-mongo@shard0.service ycsb-mongo@shard1.service"
  one_line_exit 1 "mongodb unit(s) missing on 10.42.1.10: ${missing} (not provisioned yet?)" || return 1
  set_units active ycsb-mongo@shard0.service ycsb-mongo@shard1.service
  YCSB_ROLE_ENV="$(role_env mongo mongodb 10.42.1.10)" run_helper check
  expect_json '.units == ["ycsb-mongo@shard0.service", "ycsb-mongo@shard1.service"]'
}

# The line number of the first call matching PATTERN in WORK/calls (0 when none).
call_at() {
  grep -n -m1 -- "$1" "${WORK}/calls" | cut -d: -f1 || echo 0
}

flow_kill_and_recover() {
  local reload kill
  redis_env
  set_units active ycsb-redis@7000.service ycsb-redis@7001.service
  rm -f "${WORK}/calls"
  run_helper kill-primary
  expect_json '.store == "redisjson" and .topology == "cluster" and .kind == "kill-primary" and .signal == "KILL"
    and .host == "10.42.1.10" and .port == 7000 and .pid == 4242 and .role == "master of slots 0-8191"
    and .unit == "ycsb-redis@7000.service" and (.killed_at_ms | type) == "number"
    and .exited_at_ms >= .killed_at_ms and (keys_unsorted | join(",")) ==
    "store,topology,kind,signal,host,port,pid,role,unit,killed_at_ms,exited_at_ms"' || return 1
  grep -qx 'Restart=no' "$(dropin ycsb-redis@7000.service)" || { echo "no Restart=no drop-in"; return 1; }
  reload="$(call_at 'systemctl daemon-reload')"
  kill="$(call_at 'systemctl kill --signal=SIGKILL -- ycsb-redis@7000.service')"
  ((reload > 0 && kill > reload)) \
    || { echo "daemon-reload (call ${reload}) must come before the kill (call ${kill})"; return 1; }
  [[ "$(cat "${WORK}/units/ycsb-redis@7000.service")" == failed ]] || { echo "the unit was not killed"; return 1; }
  # A second fault before recover would end a second instance.
  run_helper kill-primary
  local held="ycsb-redis@7000.service is not running (or still held down by an earlier fault)"
  one_line_exit 1 "${held}: run recover first" || return 1
  rm -f "${WORK}/calls"
  run_helper recover
  expect_json '.store == "redisjson" and .host == "10.42.1.10" and .restarted == [7000] and .waited_ms >= 0
    and (.back_at_ms | type) == "number"
    and (keys_unsorted | join(",")) == "store,host,restarted,back_at_ms,waited_ms"' || return 1
  [[ ! -e "$(dropin ycsb-redis@7000.service)" ]] || { echo "the drop-in is still there"; return 1; }
  [[ "$(cat "${WORK}/units/ycsb-redis@7000.service")" == active ]] || { echo "the unit was not started"; return 1; }
  if ! grep -q 'systemctl reset-failed -- ycsb-redis@7000.service' "${WORK}/calls" \
    || ! grep -q 'systemctl start --no-block -- ycsb-redis@7000.service' "${WORK}/calls"; then
    echo "no reset-failed + start"
    return 1
  fi
  run_helper recover
  expect_json '.restarted == []' || return 1
  if grep -q 'redis-secret' "${WORK}/calls"; then
    echo "the Redis password was an argument: $(grep redis-secret "${WORK}/calls")"
    return 1
  fi
}

flow_stop_node() {
  redis_env
  set_units active ycsb-redis@7000.service ycsb-redis@7001.service
  run_helper stop-node
  expect_json '.kind == "stop-node" and .signal == "TERM" and .port == 7000' || return 1
  [[ "$(cat "${WORK}/units/ycsb-redis@7000.service")" == inactive ]] || { echo "the unit was not stopped"; return 1; }
  run_helper recover
  expect_json '.restarted == [7000]' || return 1
  # A stop that hangs: SIGKILL after FAULT_STOP_TIMEOUT, said once on stderr.
  FAKE_STOP_HANGS=1 FAULT_STOP_TIMEOUT=1 run_helper stop-node
  expect_json '.signal == "TERM then KILL"' || return 1
  grep -q 'still running 1s after SIGTERM: sending SIGKILL' "${WORK}/err" || { echo "no escalation line"; return 1; }
  run_helper recover
  expect_json '.restarted == [7000]'
}

# os-crash: refused while a unit would not start at boot (nothing armed); then the JSON line first, SysRq b on the
# stand-in files only after it, nothing held down (the boot starts the units), and the holder elsewhere is exit 3.
flow_os_crash() {
  local before
  redis_env
  set_units active ycsb-redis@7000.service ycsb-redis@7001.service
  rm -f "${WORK}/sysrq" "${WORK}/sysrq-trigger"
  FAKE_DISABLED=ycsb-redis@7001.service run_helper os-crash
  one_line_exit 1 "ycsb-redis@7001.service not enabled: the server would boot without it, so os-crash is refused" \
    || return 1
  [[ ! -e "${WORK}/sysrq-trigger" ]] || { echo "armed although refused"; return 1; }
  before="$(date +%s%3N)"
  FAULT_CRASH_AFTER_MS=300 run_helper os-crash
  expect_json '.store == "redisjson" and .topology == "cluster" and .kind == "os-crash" and .signal == "sysrq-b"
    and .host == "10.42.1.10" and .port == 7000 and .pid == 4242 and .role == "master of slots 0-8191"
    and .unit == "ycsb-redis@7000.service" and .crash_delay_ms == 300 and (keys_unsorted | join(",")) ==
    "store,topology,kind,signal,host,port,pid,role,unit,killed_at_ms,crash_delay_ms"' || return 1
  jq -e --argjson t "${before}" '.killed_at_ms >= $t + 300' "${WORK}/out" >/dev/null \
    || { echo "killed_at_ms is not 300 ms after the call: $(cat "${WORK}/out")"; return 1; }
  [[ ! -e "$(dropin ycsb-redis@7000.service)" ]] || { echo "a drop-in would outlive nothing: none is wanted"; return 1; }
  local tries=0
  until [[ -s "${WORK}/sysrq-trigger" ]]; do
    ((++tries <= 50)) || { echo "no SysRq b within 5 s"; return 1; }
    sleep 0.1
  done
  [[ "$(cat "${WORK}/sysrq")" == 1 && "$(cat "${WORK}/sysrq-trigger")" == b ]] \
    || { echo "SysRq files: $(cat "${WORK}/sysrq") / $(cat "${WORK}/sysrq-trigger")"; return 1; }
  rm -f "${WORK}/sysrq" "${WORK}/sysrq-trigger"
  redis_env 10.42.1.11
  run_helper os-crash
  local where="the instance holding primary data is on 10.42.1.10 (port 7000, master of slots 0-8191)"
  one_line_exit 3 "${where}, not on this server (10.42.1.11): run os-crash there" || return 1
  sleep 0.5
  [[ ! -e "${WORK}/sysrq-trigger" ]] || { echo "crashed a server that holds no primary data"; return 1; }
}

flow_elsewhere_and_timeout() {
  redis_env 10.42.1.11
  set_units active ycsb-redis@7000.service ycsb-redis@7001.service
  rm -f "${WORK}/calls"
  run_helper kill-primary
  local where="the instance holding primary data is on 10.42.1.10 (port 7000, master of slots 0-8191)"
  one_line_exit 3 "${where}, not on this server (10.42.1.11): run kill-primary there" || return 1
  ! grep -q 'systemctl kill\|systemctl stop' "${WORK}/calls" || { echo "something was killed"; return 1; }
  FAKE_CLUSTER_STATE=fail FAULT_RECOVER_TIMEOUT=1 run_helper recover
  one_line_exit 1 "redisjson: the cluster was not whole again within 1s (seen from 10.42.1.11)" \
    || return 1
  FAKE_HOLDER=10.42.1.99 run_helper locate
  [[ "$(cat "${WORK}/rc")" == 0 ]] && jq -e '.host == "10.42.1.99"' "${WORK}/out" >/dev/null
}

flow_other_stores_recover() {
  set_units active ycsb-mongo@shard0.service ycsb-mongo@shard1.service
  # The stand-in's shard0 has its first member DOWN: not whole.
  YCSB_ROLE_ENV="$(role_env mongo mongodb 10.42.1.11)" FAULT_RECOVER_TIMEOUT=1 run_helper recover
  one_line_exit 1 "mongodb: the cluster was not whole again within 1s (seen from 10.42.1.11)" \
    || return 1
  set_units failed elasticsearch.service
  YCSB_ROLE_ENV="$(role_env es elasticsearch 10.42.1.12)" run_helper recover
  expect_json '.store == "elasticsearch" and .restarted == [9200]' || return 1
  if grep -q 'es-secret' "${WORK}/calls"; then
    echo "the elastic password was an argument"
    return 1
  fi
}

group_flow() {
  if ((EUID != 0)); then
    echo "flow: skipped (needs root: the helper runs itself through sudo otherwise)"
    return 0
  fi
  check "check lists this server's units; a missing one is one line, exit 1" flow_check
  check "locate: Redis lowest-slot master, MongoDB first shard's PRIMARY, Elasticsearch most primaries" flow_locate
  check "kill-primary: drop-in and daemon-reload before SIGKILL, JSON line; second fault refused; recover" \
    flow_kill_and_recover
  check "stop-node: SIGTERM; a hanging stop escalates to SIGKILL" flow_stop_node
  check "os-crash: refused with a unit not enabled; the JSON line, then SysRq b; elsewhere exit 3" flow_os_crash
  check "holder on another server: exit 3, nothing killed; recover that does not get whole: exit 1" \
    flow_elsewhere_and_timeout
  check "recover of MongoDB (not whole: exit 1) and Elasticsearch (a failed unit started)" flow_other_stores_recover
}

# ---------------------------------------------------------------------------------------------------------------- #
# install (root)

install_access() {
  local key="$1"
  FAULT_SSH_PUBLIC_KEY="${key}" YCSB_STATE_DIR="${WORK}/state" bash -c \
    'source "$1"; install_fault_access "$2" "$3" "$4"' _ "${REPO_ROOT}/scripts/provision/common.sh" "$(id -un)" \
    "${WORK}/home/.ssh/authorized_keys" "${WORK}/sbin/ycsb-docsearch-fault" 2>/dev/null
}

access_is_installed() {
  local auth="${WORK}/home/.ssh/authorized_keys" public want
  mkdir -p "${WORK}/home/.ssh" "${WORK}/sbin"
  echo 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOperatorKeyStandIn operator@laptop' >"${auth}"
  ssh-keygen -q -t ed25519 -N '' -C '' -f "${WORK}/fault-key"
  public="$(cut -d' ' -f1,2 "${WORK}/fault-key.pub")"
  if ! install_access "${public}" || ! install_access "${public}"; then # the second: a re-run
    echo "install_fault_access failed"
    return 1
  fi
  cmp -s "${HELPER}" "${WORK}/sbin/ycsb-docsearch-fault" || { echo "the helper differs from fault.sh"; return 1; }
  [[ "$(stat -c '%a %U' "${WORK}/sbin/ycsb-docsearch-fault")" == "755 root" ]] \
    || { echo "helper not 0755 root"; return 1; }
  [[ "$(stat -c %a "${auth}")" == 600 ]] || { echo "authorized_keys is not 0600"; return 1; }
  grep -q 'operator@laptop$' "${auth}" || { echo "the operator's line is gone"; return 1; }
  want="restrict,command=\"${WORK}/sbin/ycsb-docsearch-fault\" ${public} ycsb-docsearch-fault"
  if [[ "$(grep -c 'ycsb-docsearch-fault$' "${auth}")" != 1 ]] || ! grep -qxF "${want}" "${auth}"; then
    echo "not one fault line '${want}':"
    cat "${auth}"
    return 1
  fi
  cp "${auth}" "${WORK}/auth-before"
  local bad
  for bad in "${public}"$'\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIExtraKey' "command=\"/bin/sh\" ${public}" \
    "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ" "${public} comment"; do
    if install_access "${bad}"; then
      echo "a malformed public key was accepted: ${bad}"
      return 1
    fi
  done
  cmp -s "${auth}" "${WORK}/auth-before" || { echo "a refused key changed authorized_keys"; return 1; }
  # With the clients' addresses (FAULT_SSH_FROM): the key is good from there only; a value that could close the
  # option's quotes is refused and changes nothing.
  FAULT_SSH_FROM=10.42.1.40/30 install_access "${public}" || { echo "install with FAULT_SSH_FROM failed"; return 1; }
  want="from=\"10.42.1.40/30\",restrict,command=\"${WORK}/sbin/ycsb-docsearch-fault\" ${public} ycsb-docsearch-fault"
  grep -qxF "${want}" "${auth}" || { echo "no from= line '${want}':"; cat "${auth}"; return 1; }
  cp "${auth}" "${WORK}/auth-from"
  if FAULT_SSH_FROM='10.42.1.40",command="/bin/sh' install_access "${public}"; then
    echo "a FAULT_SSH_FROM with a quote was accepted"
    return 1
  fi
  cmp -s "${auth}" "${WORK}/auth-from" || { echo "a refused FAULT_SSH_FROM changed authorized_keys"; return 1; }
  if ! install_access "${public}" || ! cmp -s "${auth}" "${WORK}/auth-before"; then
    echo "without FAULT_SSH_FROM the line is not as before"
    return 1
  fi
  # An older role.env without the key: the helper is installed, no line added, provisioning goes on.
  rm "${WORK}/sbin/ycsb-docsearch-fault"
  install_access "" && [[ -x "${WORK}/sbin/ycsb-docsearch-fault" ]] && cmp -s "${auth}" "${WORK}/auth-before"
}

fault_key_is_installed() {
  local key="${WORK}/client/.ssh/ycsb_fault"
  ssh-keygen -q -t ed25519 -N '' -C '' -f "${WORK}/client-fault-key"
  FAULT_SSH_PRIVATE_KEY="$(cat "${WORK}/client-fault-key")" YCSB_STATE_DIR="${WORK}/state" bash -c \
    'source "$1"; install_fault_ssh_key "$2" "$3"' _ "${REPO_ROOT}/scripts/provision/common.sh" "$(id -un)" "${key}" \
    2>/dev/null || { echo "install_fault_ssh_key failed"; return 1; }
  cmp -s "${key}" "${WORK}/client-fault-key" || { echo "the installed key differs"; return 1; }
  [[ "$(stat -c %a "${key}")" == 600 && "$(stat -c %a "$(dirname "${key}")")" == 700 ]] || { echo "modes"; return 1; }
  if FAULT_SSH_PRIVATE_KEY="" YCSB_STATE_DIR="${WORK}/state" bash -c 'source "$1"; install_fault_ssh_key root "$2"' _ \
    "${REPO_ROOT}/scripts/provision/common.sh" "${WORK}/nokey/k" 2>/dev/null; then
    echo "install_fault_ssh_key went on without the key"
    return 1
  fi
}

group_install() {
  if ((EUID != 0)); then
    echo "install: skipped (needs root: the helper is installed root-owned)"
    return 0
  fi
  check "install_fault_access: helper 0755, one restricted line beside the operator's, bad keys refused" \
    access_is_installed
  check "install_fault_ssh_key: the client's key file 0600, refused without the key" fault_key_is_installed
}

# ---------------------------------------------------------------------------------------------------------------- #
# sshd (root)

# ssh as the sweep would, with the fault key, asking for WORDS...; stdout/stderr/exit in WORK/out, err, rc.
ssh_fault() {
  local rc=0
  # LogLevel=ERROR: no "Permanently added ... to the list of known hosts" beside the helper's own stderr line.
  ssh -n -T -F /dev/null -o BatchMode=yes -o IdentitiesOnly=yes -o StrictHostKeyChecking=accept-new -o LogLevel=ERROR \
    -o UserKnownHostsFile="${WORK}/known_hosts" -o ConnectTimeout=10 -i "${WORK}/fault-key" -p "${SSHD_PORT}" \
    "$(id -un)@127.0.0.1" "$@" >"${WORK}/out" 2>"${WORK}/err" || rc=$?
  echo "${rc}" >"${WORK}/rc"
}

through_sshd() {
  [[ -s "${WORK}/home/.ssh/authorized_keys" ]] || access_is_installed >/dev/null || return 1
  local rc=0
  serve_sshd "${WORK}/home/.ssh/authorized_keys" || rc=$?
  if ((rc == 3)); then
    echo "no runnable sshd here: not tested through sshd"
    return 0
  fi
  ((rc == 0)) || return 1
  ssh_fault 'locate; rm -rf /'
  one_line_exit 2 "unknown command 'locate; rm -rf /${REFUSAL_TAIL}" || return 1
  ssh_fault recover x
  one_line_exit 2 "unknown command 'recover x${REFUSAL_TAIL}" || return 1
  ssh_fault
  one_line_exit 2 "unknown command '${REFUSAL_TAIL}" || return 1
  # A good word reaches the helper, which (sshd gives it a clean environment) reads the real role.env: absent on a
  # machine that is no store server.
  if [[ ! -e /etc/ycsb-docsearch/role.env ]]; then
    ssh_fault check
    local none="role env /etc/ycsb-docsearch/role.env is not readable"
    one_line_exit 1 "${none} (is this a provisioned store server?)"
  fi
}

group_sshd() {
  if ((EUID != 0)); then
    echo "sshd: skipped (needs root)"
    return 0
  fi
  check "through sshd: the forced command refuses injections (exit 2) and runs the helper for a good word" \
    through_sshd
}

main() {
  local group
  local -a groups=("$@")
  if [[ "${1:-}" == -h || "${1:-}" == --help ]]; then
    usage
    return 0
  fi
  ((${#groups[@]})) || groups=("${GROUPS_ALL[@]}")
  for group in "${groups[@]}"; do
    [[ " ${GROUPS_ALL[*]} " == *" ${group} "* ]] \
      || { echo "unknown group '${group}' (${GROUPS_ALL[*]})" >&2; return 2; }
  done
  command -v jq >/dev/null || { echo "jq is required" >&2; return 2; }
  WORK="$(mktemp -d)"
  trap cleanup EXIT
  make_stand_ins
  for group in "${groups[@]}"; do
    "group_${group}"
  done
  finish
}

main "$@"

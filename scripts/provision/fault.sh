#!/usr/bin/env bash
# Fault helper of an AWS store server: ends, and later starts again, the one store process holding primary data, for
# the fault steps of a sweep on client 0 (./run-sweep.sh --hosts hosts.json --fault kill-primary@T). The AWS
# counterpart of `scripts/stores.sh fault` / `recover` on the local cluster: the same victim, the same JSON fields.
# Provisioning installs it on every server as /usr/local/sbin/ycsb-docsearch-fault (root:root 0755; common.sh,
# install_fault_access) and makes it the forced command of the fault SSH key (terraform/secrets.tf) in ~ubuntu's
# authorized_keys: that key runs this helper with one of the words below, and nothing else.
#
# Usage: ycsb-docsearch-fault check|locate|kill-primary|stop-node|os-crash|recover
#        over SSH: ssh -i ~/.ssh/ycsb_fault -p 22 ubuntu@SERVER WORD     (the word arrives in SSH_ORIGINAL_COMMAND)
#   check         {"store","host","units"}: this server's store units (Redis ycsb-redis@PORT.service, MongoDB its
#                 shard members ycsb-mongo@shardN.service (config servers are no fault target), Elasticsearch
#                 elasticsearch.service); exit 1 when one of them does not exist
#   locate        {"store","host","port","unit","role"} of the instance holding primary data, chosen as stores.sh
#                 fault chooses it: Redis the live master serving the lowest slot; MongoDB the PRIMARY of the first
#                 shard that has one; Elasticsearch the node with the most primary shards of FAULT_ES_INDEX, else of
#                 any index. Any server answers (host may be another server's); exit 1 when none is found
#   kill-primary  when that instance runs here: a runtime drop-in (Restart=no) first, so that systemd does not start
#                 it again, then SIGKILL (systemctl kill) and a wait until the unit is down. Prints {"store",
#                 "topology","kind","signal","host","port","pid","role","unit","killed_at_ms","exited_at_ms"}
#   stop-node     the same with a graceful stop (systemctl stop: SIGTERM); still up after FAULT_STOP_TIMEOUT, it
#                 gets SIGKILL and signal says "TERM then KILL"
#   os-crash      when that instance runs here and every store unit of this server is enabled (so that it starts
#                 again at boot): the whole server goes down through the kernel's SysRq b, with no sync, so every
#                 store process here loses what it had written but not fsynced, as at a power loss
#                 (REPO_DIR/scripts/provision/os-crash.sh). The JSON line of kill-primary comes first, with kind
#                 "os-crash", signal "sysrq-b", killed_at_ms the crash's time and crash_delay_ms how long after the
#                 answer it comes (FAULT_CRASH_AFTER_MS, 1000 ms: the SSH caller gets its answer before the server
#                 dies). No drop-in: the units start at boot, and recover, once the server answers again, waits
#                 until the cluster is whole
#   recover       starts this server's store units that carry the drop-in or are down (drop-in removed first), then
#                 waits until the cluster is whole as this server sees it (Redis cluster_state:ok and every node
#                 known on each local instance; MongoDB every shard member PRIMARY or SECONDARY and each shard's
#                 first member its PRIMARY; Elasticsearch every server in the cluster, status not red). Prints
#                 {"store","host","restarted":[ports],"back_at_ms","waited_ms"}; restarts nothing when all run
# Exit: 0 done; 1 failed (one line on stderr); 2 not exactly one of the words above (nothing was run); 3 kill-primary,
# stop-node or os-crash: the instance holding primary data is on another server (named on stderr).
# Not root (the SSH user), it runs itself again through sudo -n with the checked word; sudo resets the environment.
# Env (as root): YCSB_ROLE_ENV (default /etc/ycsb-docsearch/role.env; SECRETS_ENV, default secrets.env beside it),
#   FAULT_ES_INDEX (usertable), FAULT_STOP_TIMEOUT (60 s), FAULT_RECOVER_TIMEOUT (300 s), FAULT_CRASH_AFTER_MS
#   (1000), YCSB_FAULT_RUN_DIR (/run: runtime drop-ins and the lock; tests only).
# Which instance holds primary data and when a cluster is whole is not decided here: the rules are the repository's
# (role.env's REPO_DIR/scripts/cluster/: redis-primary.awk, mongo_sets.py, es_primary.py, es_whole.py, run with the
# system python3), the same files the local cluster's stores.sh fault and recover run.
set -euo pipefail

readonly NAME=ycsb-docsearch-fault
readonly DROPIN=ycsb-docsearch-fault.conf
# /run, where systemd reads runtime drop-ins and the lock lives (another folder only in tests, with a stand-in
# systemctl: scripts/tests/test_provision_fault.sh).
readonly RUN_DIR="${YCSB_FAULT_RUN_DIR:-/run}"
readonly LOCK_FILE="${RUN_DIR}/lock/ycsb-docsearch-fault.lock"
readonly ES_HTTP_PORT=9200

usage() {
  sed -n '2,44p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

err() {
  printf '%s: error: %s\n' "${NAME}" "$*" >&2
}

die() {
  err "$*"
  exit 1
}

# The journal keeps what was done and when (stdout belongs to the sweep): journalctl -t ycsb-docsearch-fault.
note() {
  logger -t "${NAME}" -- "$*" 2>/dev/null || true
}

now_ms() {
  date +%s%3N
}

# The one command word, checked before anything else runs. Over SSH the words come from SSH_ORIGINAL_COMMAND, split
# on whitespace by read (no globbing, no expansion, never eval'd), every line of it, so that a second line cannot
# pass unseen; otherwise from the arguments, each argument one word. Prints the word; fails (printing nothing) when
# there is not exactly one word or it is not a command.
checked_word() {
  local -a words=()
  if [[ -n "${SSH_ORIGINAL_COMMAND+set}" ]]; then
    read -r -d '' -a words <<<"${SSH_ORIGINAL_COMMAND}" || true # -d '': up to the end, not the first newline
  else
    words=("$@")
  fi
  ((${#words[@]} == 1)) || return 1
  case "${words[0]}" in
    check | locate | kill-primary | stop-node | os-crash | recover) printf '%s\n' "${words[0]}" ;;
    *) return 1 ;;
  esac
}

# What was asked for, on one line (control characters blanked, at most 200 characters), for the refusal.
shown_command() {
  local given="$*"
  [[ -z "${SSH_ORIGINAL_COMMAND+set}" ]] || given="${SSH_ORIGINAL_COMMAND}"
  given="${given//[[:cntrl:]]/ }"
  printf '%s\n' "${given:0:200}"
}

# role.env and secrets.env, as the provisioning scripts read them (common.sh's load_role_env is not used: its die
# marks the machine's provisioning failed in status.json, and the installed copy of this file has no common.sh
# beside it). Both are root-only files written by cloud-init and bootstrap.sh.
load_env() {
  local file="${YCSB_ROLE_ENV:-/etc/ycsb-docsearch/role.env}" secrets name
  [[ -r "${file}" ]] || die "role env ${file} is not readable (is this a provisioned store server?)"
  # shellcheck disable=SC1090  # written by terraform's cloud-init
  source "${file}"
  secrets="${SECRETS_ENV:-$(dirname "${file}")/secrets.env}"
  if [[ -r "${secrets}" ]]; then
    # shellcheck disable=SC1090  # written by bootstrap.sh from SSM Parameter Store
    source "${secrets}"
  fi
  for name in ROLE STORE NODE_IP SERVER_IPS REPO_DIR; do
    [[ -n "${!name:-}" ]] || die "role env ${file} does not set ${name}"
  done
  [[ "${ROLE}" == "${STORE}" ]] || die "this machine is a ${ROLE}, not a ${STORE} server (${file})"
  case "${STORE}" in
    redisjson) require_env "${file}" REDIS_BASE_PORT REDIS_PROCESSES_PER_SERVER REDIS_PASSWORD ;;
    mongodb) require_env "${file}" MONGODB_SHARDS ;;
    elasticsearch) require_env "${file}" ES_ELASTIC_PASSWORD ;;
    *) die "unknown store '${STORE}' in ${file}" ;;
  esac
}

require_env() {
  local file="$1" name
  shift
  for name in "$@"; do
    [[ -n "${!name:-}" ]] || die "${file} (or secrets.env beside it) does not set ${name}"
  done
}

# The servers' private addresses, this server's first (it answers fastest and is asked first).
servers_here_first() {
  printf '%s\n' "${NODE_IP}"
  tr ',' '\n' <<<"${SERVER_IPS}" | grep -vxF "${NODE_IP}" || true
}

server_count() {
  tr ',' '\n' <<<"${SERVER_IPS}" | grep -c .
}

# ---------------------------------------------------------------------------------------------------------------- #
# Redis: REDIS_PROCESSES_PER_SERVER cluster nodes per server on consecutive ports, unit ycsb-redis@PORT (redisjson.sh).

redis_ports() {
  seq "${REDIS_BASE_PORT}" $((REDIS_BASE_PORT + REDIS_PROCESSES_PER_SERVER - 1))
}

# redis-cli to HOST PORT; the password goes in its environment, never in its arguments. Bounded: a hung node must not
# hang the sweep.
rcli() {
  local host="$1" port="$2"
  shift 2
  REDISCLI_AUTH="${REDIS_PASSWORD}" timeout 5 redis-cli -h "${host}" -p "${port}" "$@"
}

redisjson_units() {
  local port
  for port in $(redis_ports); do
    printf 'ycsb-redis@%s.service\t%s\n' "${port}" "${port}"
  done
}

# CLUSTER NODES as the first node that answers sees it (this server's first, as every node knows the whole cluster).
redis_cluster_nodes() {
  local ip port out
  for ip in $(servers_here_first); do
    for port in $(redis_ports); do
      if out="$(rcli "${ip}" "${port}" CLUSTER NODES 2>/dev/null | tr -d '\r')" && [[ -n "${out}" ]]; then
        printf '%s\n' "${out}"
        return 0
      fi
    done
  done
  return 1
}

# "HOST<TAB>PORT<TAB>UNIT<TAB>ROLE" of the live master serving the lowest slot (scripts/cluster/redis-primary.awk).
redisjson_locate() {
  redis_cluster_nodes | awk -f "${REPO_DIR}/scripts/cluster/redis-primary.awk" \
    | awk -F '\t' -v OFS='\t' '{ print $1, $2, "ycsb-redis@" $2 ".service", $3 }'
}

# Whole (scripts/cluster/redis-cluster-create.sh's rule, on this server's nodes): every local node says
# cluster_state:ok and knows every node of the cluster.
redisjson_whole() {
  local want port info
  want=$((REDIS_PROCESSES_PER_SERVER * $(server_count)))
  for port in $(redis_ports); do
    info="$(rcli "${NODE_IP}" "${port}" CLUSTER INFO 2>/dev/null | tr -d '\r')" || return 1
    grep -qx 'cluster_state:ok' <<<"${info}" && grep -qx "cluster_known_nodes:${want}" <<<"${info}" || return 1
  done
}

# ---------------------------------------------------------------------------------------------------------------- #
# MongoDB: this server's members of the shards' replica sets, unit ycsb-mongo@shardN (mongodb.sh, mongodb-lib.sh).
# The config server replica set (cfg) holds no benchmark data and is no fault target.

mongodb_units() {
  local spec member
  while IFS= read -r spec; do
    for member in $(tr ',' ' ' <<<"${spec#*=}"); do
      [[ "${member%:*}" != "${NODE_IP}" ]] || printf 'ycsb-mongo@%s.service\t%s\n' "${spec%%=*}" "${member##*:}"
    done
  done < <(tr ';' '\n' <<<"${MONGODB_SHARDS}")
}

# Every shard member's own hello answer, the list scripts/cluster/mongo_sets.py reads (scripts/cluster/mongo-hellos.sh:
# one mongosh; hello needs no authentication, so no password is handled here at all).
mongodb_hellos() {
  "${REPO_DIR}/scripts/cluster/mongo-hellos.sh" "${MONGODB_SHARDS}"
}

# The PRIMARY of the first shard that has one (scripts/cluster/mongo_sets.py).
mongodb_locate() {
  mongodb_hellos | python3 "${REPO_DIR}/scripts/cluster/mongo_sets.py" primary \
    | awk -F '\t' -v OFS='\t' '{ print $1, $2, "ycsb-mongo@" $3 ".service", "PRIMARY of " $3 }'
}

# Whole by the same file's rule: every shard member PRIMARY or SECONDARY, and each shard's first member (priority 2,
# the preferred primary) its PRIMARY: until that member has taken its primary back, a second election, with no
# primary for a few seconds, is still to come.
mongodb_whole() {
  mongodb_hellos | python3 "${REPO_DIR}/scripts/cluster/mongo_sets.py" whole 2>/dev/null
}

# ---------------------------------------------------------------------------------------------------------------- #
# Elasticsearch: one node per server, elasticsearch.service, HTTP on 9200 (elasticsearch.sh).

elasticsearch_units() {
  printf 'elasticsearch.service\t%s\n' "${ES_HTTP_PORT}"
}

# GET PATH from HOST as the elastic user: the credentials go to curl as a config file on a pipe (printf is a shell
# builtin), never as arguments.
es_get() {
  curl -fsS --max-time 10 -K <(printf 'user = "elastic:%s"\n' "${ES_ELASTIC_PASSWORD}") \
    "http://$1:${ES_HTTP_PORT}$2"
}

# The node holding the most started primary shards of FAULT_ES_INDEX, else of any index (scripts/cluster/es_primary.py),
# from the answers of the first server that gives both.
elasticsearch_locate() {
  local ip rule="${REPO_DIR}/scripts/cluster/es_primary.py" shards="" nodes=""
  local -a paths
  mapfile -t paths < <(python3 "${rule}" --paths)
  for ip in $(servers_here_first); do
    if shards="$(es_get "${ip}" "${paths[0]}" 2>/dev/null)" && nodes="$(es_get "${ip}" "${paths[1]}" 2>/dev/null)"; then
      break
    fi
    shards=""
  done
  [[ -n "${shards}" ]] || return 1
  printf '{"shards": %s, "nodes": %s}\n' "${shards}" "${nodes}" | python3 "${rule}" "${FAULT_ES_INDEX:-usertable}" \
    | awk -F '\t' -v OFS='\t' '{ print $1, $2, "elasticsearch.service", $3 }'
}

# Whole (scripts/cluster/es_whole.py): every server in the cluster and a status that is not red (not green: the
# replicas of a returning node may take a while; no data is missing).
elasticsearch_whole() {
  es_get "${NODE_IP}" /_cluster/health 2>/dev/null \
    | python3 "${REPO_DIR}/scripts/cluster/es_whole.py" "$(server_count)" 2>/dev/null
}

# ---------------------------------------------------------------------------------------------------------------- #
# systemd

dropin_file() {
  printf '%s/systemd/system/%s.d/%s\n' "${RUN_DIR}" "$1" "${DROPIN}"
}

unit_state() {
  systemctl is-active -- "$1" 2>/dev/null || true
}

# One fault or recover at a time on a server (two sweeps, or a retry racing the first attempt).
take_lock() {
  exec 9>"${LOCK_FILE}"
  flock -w 120 9 || die "another ${NAME} kill or recover is still running on this server"
}

# systemd must not start the victim again behind the sweep's back: the units have Restart=on-failure, and a SIGKILL is
# a failure. A runtime drop-in (under /run: gone at a reboot, after which the store starts as usual) turns restarts
# off until recover removes it; it must be in force (daemon-reload) before the signal.
hold_down() {
  local unit="$1" file
  file="$(dropin_file "${unit}")"
  mkdir -p "$(dirname "${file}")"
  printf '# %s: no restart until "%s recover" (written %s)\n[Service]\nRestart=no\n' "${NAME}" "${NAME}" \
    "$(date -u +%Y-%m-%dT%H:%M:%SZ)" >"${file}"
  systemctl daemon-reload
  [[ "$(systemctl show -p Restart --value -- "${unit}")" == no ]] \
    || die "${unit}: the drop-in ${file} did not turn its restarts off"
}

# Waits up to SECS seconds until UNIT is down (inactive or failed).
wait_down() {
  local unit="$1" secs="$2" deadline state
  deadline=$(($(now_ms) + secs * 1000))
  while :; do
    state="$(unit_state "${unit}")"
    [[ "${state}" != inactive && "${state}" != failed ]] || return 0
    (($(now_ms) < deadline)) || return 1
    sleep 0.05
  done
}

# ---------------------------------------------------------------------------------------------------------------- #
# Commands

cmd_check() {
  local unit port
  local -a units=() missing=()
  while IFS=$'\t' read -r unit port; do
    units+=("${unit}")
    systemctl cat -- "${unit}" >/dev/null 2>&1 || missing+=("${unit}")
  done < <("${STORE}_units")
  ((${#units[@]})) || die "role.env places no ${STORE} instance on this server (${NODE_IP})"
  ((${#missing[@]} == 0)) || die "${STORE} unit(s) missing on ${NODE_IP}: ${missing[*]} (not provisioned yet?)"
  jq -cn --arg store "${STORE}" --arg host "${NODE_IP}" '{store: $store, host: $host, units: $ARGS.positional}' \
    --args "${units[@]}"
}

# Sets HOLDER_HOST, HOLDER_PORT, HOLDER_UNIT, HOLDER_ROLE, or fails with one line.
locate_holder() {
  local line
  line="$("${STORE}_locate" 2>/dev/null)" || line=""
  IFS=$'\t' read -r HOLDER_HOST HOLDER_PORT HOLDER_UNIT HOLDER_ROLE <<<"${line}" || true
  [[ -n "${HOLDER_HOST}" && "${HOLDER_PORT}" =~ ^[0-9]+$ && -n "${HOLDER_UNIT}" ]] \
    || die "${STORE}: no instance holding primary data found (asked from ${NODE_IP})"
}

cmd_locate() {
  locate_holder
  jq -cn --arg store "${STORE}" --arg host "${HOLDER_HOST}" --argjson port "${HOLDER_PORT}" \
    --arg unit "${HOLDER_UNIT}" --arg role "${HOLDER_ROLE}" \
    '{store: $store, host: $host, port: $port, unit: $unit, role: $role}'
}

# The start of every fault: the instance holding primary data runs here (exit 3 naming its server otherwise), the
# lock is taken, and the server is whole, as stores.sh fault requires (a second fault before recover would end a
# second instance). Sets the HOLDER_* variables. Arguments: KIND (for the message).
holder_here_and_whole() {
  local kind="$1" unit port
  locate_holder
  if [[ "${HOLDER_HOST}" != "${NODE_IP}" ]]; then
    err "the instance holding primary data is on ${HOLDER_HOST} (port ${HOLDER_PORT}, ${HOLDER_ROLE})," \
      "not on this server (${NODE_IP}): run ${kind} there"
    exit 3
  fi
  take_lock
  while IFS=$'\t' read -r unit port; do
    [[ "$(unit_state "${unit}")" == active && ! -e "$(dropin_file "${unit}")" ]] \
      || die "${unit} is not running (or still held down by an earlier fault): run recover first"
  done < <("${STORE}_units")
}

main_pid() {
  local pid
  pid="$(systemctl show -p MainPID --value -- "$1")"
  [[ "${pid}" =~ ^[1-9][0-9]*$ ]] || die "$1 has no main process (MainPID ${pid})"
  printf '%s\n' "${pid}"
}

# kill-primary or stop-node (see the usage). Arguments: KIND.
cmd_fault() {
  local kind="$1" unit pid signal t0 t1 stop_secs="${FAULT_STOP_TIMEOUT:-60}"
  holder_here_and_whole "${kind}"
  unit="${HOLDER_UNIT}"
  hold_down "${unit}"
  pid="$(main_pid "${unit}")"
  if [[ "${kind}" == kill-primary ]]; then
    signal=KILL
    note "${kind}: SIGKILL to ${unit} (pid ${pid}, ${HOLDER_ROLE})"
    t0="$(now_ms)"
    systemctl kill --signal=SIGKILL -- "${unit}"
    wait_down "${unit}" "${stop_secs}" || die "${unit} (pid ${pid}) still up ${stop_secs}s after SIGKILL"
  else
    signal=TERM
    note "${kind}: stop (SIGTERM) of ${unit} (pid ${pid}, ${HOLDER_ROLE})"
    t0="$(now_ms)"
    # --no-block: the bound is ours (Elasticsearch's unit waits for its JVM without a stop timeout).
    systemctl stop --no-block -- "${unit}"
    if ! wait_down "${unit}" "${stop_secs}"; then
      err "${unit} (pid ${pid}) still running ${stop_secs}s after SIGTERM: sending SIGKILL"
      signal="TERM then KILL"
      systemctl kill --signal=SIGKILL -- "${unit}"
      wait_down "${unit}" 30 || die "${unit} (pid ${pid}) survived SIGKILL"
    fi
  fi
  t1="$(now_ms)"
  note "${kind}: ${unit} (pid ${pid}) down $((t1 - t0)) ms after the signal"
  jq -cn --arg store "${STORE}" --arg kind "${kind}" --arg signal "${signal}" --arg host "${NODE_IP}" \
    --argjson port "${HOLDER_PORT}" --argjson pid "${pid}" --arg role "${HOLDER_ROLE}" --arg unit "${unit}" \
    --argjson killed "${t0}" --argjson exited "${t1}" \
    '{store: $store, topology: "cluster", kind: $kind, signal: $signal, host: $host, port: $port, pid: $pid,
      role: $role, unit: $unit, killed_at_ms: $killed, exited_at_ms: $exited}'
}

# os-crash (see the usage). Every store unit here must be enabled: the reboot, not recover, starts them again (a
# runtime drop-in would be gone at the boot anyway); crash_delay_ms lets the sweep place the crash on its own clock.
cmd_os_crash() {
  local unit port pid line crash_at after_ms="${FAULT_CRASH_AFTER_MS:-1000}"
  local -a disabled=()
  [[ "${after_ms}" =~ ^[0-9]+$ ]] || die "FAULT_CRASH_AFTER_MS '${after_ms}' is not a number of milliseconds"
  holder_here_and_whole os-crash
  while IFS=$'\t' read -r unit port; do
    [[ "$(systemctl is-enabled -- "${unit}" 2>/dev/null)" == enabled ]] || disabled+=("${unit}")
  done < <("${STORE}_units")
  ((${#disabled[@]} == 0)) \
    || die "${disabled[*]} not enabled: the server would boot without it, so os-crash is refused"
  pid="$(main_pid "${HOLDER_UNIT}")"
  note "os-crash: SysRq b in ${after_ms} ms (${HOLDER_UNIT}, pid ${pid}, ${HOLDER_ROLE})"
  line="$("${REPO_DIR}/scripts/provision/os-crash.sh" --confirm --after-ms "${after_ms}")" \
    || die "os-crash.sh could not arm the crash (journalctl -t ycsb-docsearch-os-crash)"
  crash_at="$(jq -r '.crash_at_ms // empty' <<<"${line}" 2>/dev/null)" || crash_at=""
  [[ "${crash_at}" =~ ^[0-9]+$ ]] || die "os-crash.sh printed no crash time: ${line}"
  jq -cn --arg store "${STORE}" --arg host "${NODE_IP}" --argjson port "${HOLDER_PORT}" --argjson pid "${pid}" \
    --arg role "${HOLDER_ROLE}" --arg unit "${HOLDER_UNIT}" --argjson crash "${crash_at}" \
    --argjson delay "${after_ms}" \
    '{store: $store, topology: "cluster", kind: "os-crash", signal: "sysrq-b", host: $host, port: $port, pid: $pid,
      role: $role, unit: $unit, killed_at_ms: $crash, crash_delay_ms: $delay}'
}

# recover (see the usage): it waits also when nothing was restarted, so the caller is told the cluster is whole.
cmd_recover() {
  local t0 t1 deadline unit port file reload=0
  local -a units=() ports=()
  take_lock
  t0="$(now_ms)"
  deadline=$((t0 + ${FAULT_RECOVER_TIMEOUT:-300} * 1000))
  while IFS=$'\t' read -r unit port; do
    file="$(dropin_file "${unit}")"
    if [[ -e "${file}" ]]; then
      rm -f "${file}"
      rmdir "$(dirname "${file}")" 2>/dev/null || true
      reload=1
    fi
    [[ "$(unit_state "${unit}")" == active ]] || { units+=("${unit}"); ports+=("${port}"); }
  done < <("${STORE}_units")
  ((reload == 0)) || systemctl daemon-reload
  for unit in "${units[@]}"; do
    note "recover: starting ${unit}"
    systemctl reset-failed -- "${unit}" 2>/dev/null || true
    # --no-block: the wait below (bounded by FAULT_RECOVER_TIMEOUT) is the one that matters.
    systemctl start --no-block -- "${unit}"
  done
  until "${STORE}_whole"; do
    for unit in "${units[@]}"; do
      [[ "$(unit_state "${unit}")" != failed ]] || die "${unit} failed to start again (journalctl -u ${unit})"
    done
    (($(now_ms) < deadline)) \
      || die "${STORE}: the cluster was not whole again within ${FAULT_RECOVER_TIMEOUT:-300}s (seen from ${NODE_IP})"
    sleep 0.5
  done
  t1="$(now_ms)"
  note "recover: ${STORE} whole again $((t1 - t0)) ms after recover began (restarted: ${units[*]:-none})"
  jq -cn --arg store "${STORE}" --arg host "${NODE_IP}" --argjson back "${t1}" --argjson waited "$((t1 - t0))" \
    '{store: $store, host: $host, restarted: ($ARGS.positional | map(tonumber)), back_at_ms: $back,
      waited_ms: $waited}' --args "${ports[@]}"
}

main() {
  local word
  if [[ -z "${SSH_ORIGINAL_COMMAND+set}" && $# -eq 1 && ("$1" == -h || "$1" == --help) ]]; then
    usage
    return 0
  fi
  word="$(checked_word "$@")" \
    || { err "unknown command '$(shown_command "$@")': give check, locate, kill-primary, stop-node, os-crash or recover"; return 2; }
  if ((EUID != 0)); then
    # Root is needed for systemctl and the root-only role.env; the word is the checked one. Should sudo keep
    # SSH_ORIGINAL_COMMAND, it holds that same single word.
    exec sudo -n -- "$(readlink -f "${BASH_SOURCE[0]}")" "${word}"
  fi
  load_env
  case "${word}" in
    check) cmd_check ;;
    locate) cmd_locate ;;
    kill-primary | stop-node) cmd_fault "${word}" ;;
    os-crash) cmd_os_crash ;;
    recover) cmd_recover ;;
  esac
}

main "$@"

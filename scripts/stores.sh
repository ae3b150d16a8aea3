#!/usr/bin/env bash
# Installs, starts, stops and reports the real local stores the benchmark runs against: Redis Stack 7.4.1
# (RedisJSON + RediSearch), MongoDB 6.0.27 and Elasticsearch 8.19.21, all on 127.0.0.1 without authentication.
# Everything (venv, binaries, data, logs, PID files, hosts files) lives under ${STORES_HOME}.
#
# Usage: scripts/stores.sh install|start|stop|status|settings [--topology single|cluster]
#                          [--profile relaxed|strict] [--memory-mb N] [STORE...]
#        scripts/stores.sh fault kill-primary|stop-node|kill-unreplicated [--topology cluster] STORE
#        scripts/stores.sh recover [--topology cluster] STORE
#   STORE      redisjson, mongodb, elasticsearch (default: all three; fault and recover take exactly one)
#   install    fetch/build the binaries (skipped when already there); start does it too
#   start      start what is not running, wait until each store answers, print the versions read from the servers,
#              write ${STORES_HOME}/hosts-<topology>.json and ${STORES_HOME}/<store>/settings-<topology>.json
#   stop       stop the processes this script started (PID file + command line checked), nothing else
#   status     running/stopped, port, version, PID and RSS of every instance; exit 3 if any is stopped
#   settings   rewrite settings-<topology>.json of running stores (their settings read back again)
#   fault      cluster topology only: pick ONE instance holding primary data (Redis: the master serving the lowest
#              slot; MongoDB: the PRIMARY of the first shard that has one; Elasticsearch: the node with the most
#              primary shards of FAULT_ES_INDEX, else of any index) and end it, keeping its data directory:
#              kill-primary = SIGKILL, stop-node = SIGTERM and wait until it exited (STOP_TIMEOUT, then SIGKILL),
#              kill-unreplicated (Redis and MongoDB: a fault known to lose acknowledged writes under asynchronous
#              replication) = once the replicas are in sync, pause them with SIGSTOP (and close their replication links,
#              so nothing written from then on reaches them), let the clients write FAULT_PAUSE_S (2) seconds,
#              SIGKILL the primary, SIGCONT the replicas, and wait (FAILOVER_TIMEOUT, 60 s) until one of them has
#              taken over: what the primary acknowledged while they were paused is gone, unless the store waited
#              for the replicas before acknowledging (the strict profile).
#              Prints one JSON line on stdout: store, topology, kind, signal, port, pid, role, killed_at_ms (epoch ms
#              of the signal), exited_at_ms; kill-unreplicated adds paused (ports), paused_at_ms, cut_from_ms and
#              cut_at_ms (the replication links cut between them: what the primary acknowledged after it, it alone
#              held), failed_over_at_ms.
#              Exit 1 when not every instance runs or no primary holder is found.
#   recover    cluster topology only: start the store's instances that are not running, with the profile and memory
#              budget the store was started with (its "applied" file; --profile/--memory-mb are refused), wait until
#              each answers and the cluster is whole (Redis: cluster_state:ok and 6 nodes known on every node;
#              MongoDB: every member PRIMARY or SECONDARY; Elasticsearch: 3 nodes, status not red). Prints one JSON
#              line: store, restarted (ports), back_at_ms, waited_ms. Restarts nothing when all run.
#   Exit 2 on bad arguments (unknown command, option, store or fault kind, fault/recover on the single topology).
# Topologies: single   Redis :6379, MongoDB :27017, Elasticsearch HTTP :9200 / transport :9300
#             cluster  Redis cluster 3 masters + 3 replicas :7001-7006; MongoDB 3 shards, each a replica set of
#                      3 members, :27018-27026 (routed by the binding: no mongos in the package registries);
#                      Elasticsearch 3 nodes HTTP :9201-9203 / transport :9301-9303
# Both topologies can run at the same time.
#   --profile    durability profile (DURABILITY_PROFILE, default relaxed): relaxed = about the last 1 s of
#                acknowledged writes may be lost on a node crash; strict = none (replicated and durable before the
#                acknowledgement). Defined per store and topology in scripts/stores/profiles/<store>.env.
#   --memory-mb  memory budget of each store per server (STORE_MEMORY_MB, default 1024): Elasticsearch heap,
#                MongoDB WiredTiger cache, Redis maxmemory (noeviction); on the cluster topology split among the
#                processes one of the three servers would hold (see the .env files).
# A store already running with another profile or budget is an error: stop it first.
# Env: STORES_HOME (<repo>/.stores), STORES_CPUSET (e.g. "0": run the servers under taskset -c so the client can
#      be pinned elsewhere), STORES_OS_TUNING (auto: apply each store's OS tuning when root and the host allows it;
#      record: only record it), REDIS_PORT, MONGODB_PORT, ES_HTTP_PORT, ES_TRANSPORT_PORT, REDIS_CLUSTER_BASE_PORT,
#      MONGODB_RS_BASE_PORT, MONGODB_SHARDS, MONGODB_SHARD_MEMBERS, MONGODB_SHARD_PREFIX, ES_CLUSTER_HTTP_BASE_PORT,
#      ES_CLUSTER_TRANSPORT_BASE_PORT, JAVA, MVN, STORES_PYTHON, LIBSSL_APT_URI,
#      STORES_START_TIMEOUT (300 s per instance), STOP_TIMEOUT (60 s), FAULT_ES_INDEX (usertable), FAULT_PAUSE_S (2),
#      FAILOVER_TIMEOUT (60 s).
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly REPO_ROOT
STORES_HOME="${STORES_HOME:-${REPO_ROOT}/.stores}"
readonly ALL_STORES=(redisjson mongodb elasticsearch)
LOG_PREFIX="stores.sh"

# shellcheck source=lib/common.sh
source "${REPO_ROOT}/scripts/lib/common.sh"
# shellcheck source=stores/install.sh
source "${REPO_ROOT}/scripts/stores/install.sh"
# shellcheck source=stores/proc.sh
source "${REPO_ROOT}/scripts/stores/proc.sh"
# shellcheck source=stores/profile.sh
source "${REPO_ROOT}/scripts/stores/profile.sh"
# shellcheck source=stores/os_tuning.sh
source "${REPO_ROOT}/scripts/stores/os_tuning.sh"
# shellcheck source=stores/redisjson.sh
source "${REPO_ROOT}/scripts/stores/redisjson.sh"
# shellcheck source=stores/mongodb.sh
source "${REPO_ROOT}/scripts/stores/mongodb.sh"
# shellcheck source=stores/elasticsearch.sh
source "${REPO_ROOT}/scripts/stores/elasticsearch.sh"

# The first port of a store's instances. Not "| head -n1": with pipefail, a generator that writes more than one line
# can die of SIGPIPE once head has exited.
first_port() {
  local first
  read -r first < <("$1_ports" "$2")
  printf '%s\n' "${first}"
}

instance_dir() {
  printf '%s/%s/%s/%s\n' "${STORES_HOME}" "$1" "$2" "$3"
}

# Ports an instance listens on (Elasticsearch: HTTP and transport), to detect a foreign process on them.
instance_ports() {
  local store="$1" topo="$2" port="$3"
  printf '%s\n' "${port}"
  [[ "${store}" != elasticsearch ]] || es_transport_port "${topo}" "${port}"
}

instance_running() {
  local dir
  dir="$(instance_dir "$1" "$2" "$3")"
  proc_running "${dir}/pid" "${dir}"
}

# True when every instance of the store runs; with "any", when at least one does (a cluster with a node down after a
# fault).
store_running() {
  local port up=0 down=0
  while read -r port; do
    if instance_running "$1" "$2" "${port}"; then ((++up)); else ((++down)); fi
  done < <("$1_ports" "$2")
  if [[ "${3:-}" == any ]]; then ((up > 0)); else ((down == 0)); fi
}

start_instances() {
  local store="$1" topo="$2" port dir p
  while read -r port; do
    dir="$(instance_dir "${store}" "${topo}" "${port}")"
    ! instance_running "${store}" "${topo}" "${port}" || continue
    while read -r p; do
      ! port_open 127.0.0.1 "${p}" \
        || die "${store}: port ${p} is busy and not used by a ${store} started by stores.sh (${dir}/pid): stop that process or set another port"
    done < <(instance_ports "${store}" "${topo}" "${port}")
    mkdir -p "${dir}"
    # A subshell: the raised open-file limit is for the store's processes only.
    # 9>&-: the servers must not inherit the lock descriptor, or they would hold the lock for their lifetime.
    (os_nofile_limit "${store}"; "${store}_start_instance" "${topo}" "${port}" "${dir}") 9>&- \
      || die "${store} on port ${port} failed to start"
  done < <("${store}_ports" "${topo}")
}

# Waits for the given ports (default: every instance); recover names only the restarted ones, so its timing does not
# include a readiness probe of every running peer.
wait_instances() {
  local store="$1" topo="$2" port dir
  shift 2
  while read -r port; do
    dir="$(instance_dir "${store}" "${topo}" "${port}")"
    wait_until "${STORES_START_TIMEOUT:-300}" "${store} on port ${port} (log under ${dir})" "${store}_ready" "${topo}" "${port}" \
      || die "${store} on port ${port} did not come up"
    instance_running "${store}" "${topo}" "${port}" \
      || die "${store} on port ${port} answers but its PID file ${dir}/pid does not match a live process"
  done < <(if (($#)); then printf '%s\n' "$@"; else "${store}_ports" "${topo}"; fi)
}

# What a running store was started with: "profile memory_mb" (empty when unknown).
applied_file() {
  printf '%s/%s/%s/applied\n' "${STORES_HOME}" "$1" "$2"
}

applied_of() {
  cat "$(applied_file "$1" "$2")" 2>/dev/null || true
}

# key=value lines common to every store's settings file: durability profile, memory budget and copies, OS.
common_settings() {
  local store="$1" topo="$2" port pid profile mb kind servers copies
  read -r profile mb < <(applied_of "${store}" "${topo}")
  profile="${profile:-${DURABILITY_PROFILE}}"
  mb="${mb:-${STORE_MEMORY_MB}}"
  printf 'store=%s\ntopology=%s\ncpuset="%s"\n' "${store}" "${topo}" "${STORES_CPUSET:-}"
  while read -r port; do
    pid="$(proc_pid "$(instance_dir "${store}" "${topo}" "${port}")/pid")"
    printf 'instances.%s.pid=%s\n' "${port}" "${pid}"
  done < <("${store}_ports" "${topo}")
  printf 'durability.profile=%s\ndurability.defined_in="scripts/stores/profiles/%s.env"\n' "${profile}" "${store}"
  for kind in server client loss; do
    printf 'durability.%s="%s"\n' "${kind}" "$(profile_list "${store}" "${profile}" "${topo}" "${kind}")"
  done
  servers=1
  [[ "${topo}" == single ]] || servers=3
  copies="$(profile_var "${store}" "${topo}_copies")"
  printf 'memory.budget_mb_per_server=%s\nmemory.servers=%s\n' "${mb}" "${servers}"
  printf 'memory.processes_per_server=%s\nmemory.per_process_mb=%s\n' \
    "$(profile_var "${store}" "${topo}_processes_per_server")" "$(memory_per_process_mb "${store}" "${topo}" "${mb}")"
  # The data set is measured once, by the binding's probe after a load (the manifest's stores.<name>.describe.data_set);
  # the report sets it against these figures.
  printf 'memory.copies=%s\n' "${copies}"
  os_settings "${store}" "${pid}"
}

start_store() {
  local store="$1" topo="$2" t0 ms first applied want
  install_store "${store}"
  want="${DURABILITY_PROFILE} ${STORE_MEMORY_MB}"
  if store_running "${store}" "${topo}"; then
    applied="$(applied_of "${store}" "${topo}")"
    [[ "${applied}" == "${want}" ]] \
      || die "${store} (${topo}) is running with profile/memory '${applied:-unknown}', not '${want}': stop it first"
    log "${store} (${topo}) already running"
  else
    # A node down after a fault: starting it with other settings than its running peers would mix profiles.
    applied="$(applied_of "${store}" "${topo}")"
    if [[ -n "${applied}" && "${applied}" != "${want}" ]] && store_running "${store}" "${topo}" any; then
      die "${store} (${topo}) is partly running with profile/memory '${applied}', not '${want}': recover or stop it first"
    fi
    t0="$(now_ms)"
    os_tune "${store}"
    mkdir -p "${STORES_HOME}/${store}/${topo}"
    printf '%s\n' "${want}" >"$(applied_file "${store}" "${topo}")"
    start_instances "${store}" "${topo}"
    wait_instances "${store}" "${topo}"
    "${store}_form" "${topo}"
    ms=$(($(now_ms) - t0))
    log "${store} (${topo}) started in ${ms} ms"
  fi
  write_settings "${store}" "${topo}"
  first="$(first_port "${store}" "${topo}")"
  printf '%-13s running  %-7s port %-5s version %s  profile %s  memory %s MB%s\n' "${store}" "${topo}" "${first}" \
    "$("${store}_version" "${topo}" "${first}")" "${DURABILITY_PROFILE}" "${STORE_MEMORY_MB}" \
    "${STORES_CPUSET:+  cpuset ${STORES_CPUSET}}"
}

write_settings() {
  local store="$1" topo="$2"
  mkdir -p "${STORES_HOME}/${store}"
  { common_settings "${store}" "${topo}"; "${store}_settings" "${topo}"; } |
    probe json-file "${STORES_HOME}/${store}/settings-${topo}.json"
}

settings_store() {
  store_running "$1" "$2" || die "$1 ($2) is not running: start it first"
  write_settings "$1" "$2"
  log "wrote ${STORES_HOME}/$1/settings-$2.json"
}

# Stops every instance at once. One by one, a MongoDB cluster took 144 s to stop: each PRIMARY shut down first hands
# over to a secondary, which is then the next to be stopped and hands over again, seconds each time.
stop_store() {
  local store="$1" topo="$2" port dir i pids=() ports=()
  while read -r port; do
    dir="$(instance_dir "${store}" "${topo}" "${port}")"
    if instance_running "${store}" "${topo}" "${port}"; then
      proc_stop "${dir}/pid" "${dir}" "${store}:${port}" &
      pids+=("$!")
      ports+=("${port}")
    else
      rm -f "${dir}/pid" # stale: its process is gone or is not ours
      ! port_open 127.0.0.1 "${port}" \
        || log "${store} (${topo}): port ${port} is served by a process stores.sh did not start: left alone"
    fi
  done < <("${store}_ports" "${topo}")
  for i in "${!pids[@]}"; do
    wait "${pids[i]}"
    log "${store} (${topo}) on port ${ports[i]} stopped"
  done
  rm -f "$(applied_file "${store}" "${topo}")"
}

# Ends one instance holding primary data (see the usage) and prints the JSON line describing it.
fault_store() {
  local store="$1" topo="$2" kind="$3" port="" role="" dir pid signal secs t0 t1 extra=""
  store_running "${store}" "${topo}" || die "${store} (${topo}) is not running on all its instances: start or recover it first"
  IFS=$'\t' read -r port role < <("${store}_primary" "${topo}") || true
  [[ "${port}" =~ ^[0-9]+$ ]] || die "${store} (${topo}): no instance holding primary data found"
  dir="$(instance_dir "${store}" "${topo}" "${port}")"
  instance_running "${store}" "${topo}" "${port}" || die "${store} (${topo}): port ${port} (${role}) is not an instance of ours"
  pid="$(proc_pid "${dir}/pid")"
  # SIGKILL ends a process at once; the 30 s only bound a process stuck in uninterruptible I/O.
  signal=KILL secs=30
  [[ "${kind}" != stop-node ]] || signal=TERM secs="${STOP_TIMEOUT:-60}"
  if [[ "${kind}" == kill-unreplicated ]]; then
    pause_replicas "${store}" "${topo}" "${port}"
    extra="paused=[$(IFS=,; echo "${PAUSED_PORTS[*]}")]"$'\n'"paused_at_ms=${PAUSED_AT_MS}"$'\n'"cut_from_ms=${CUT_FROM_MS}"$'\n'"cut_at_ms=${CUT_AT_MS}"
    log "${store} (${topo}): replicas ${PAUSED_PORTS[*]} of port ${port} paused; the clients write for ${FAULT_PAUSE_S:-2} s"
    sleep "${FAULT_PAUSE_S:-2}"
  fi
  log "${store} (${topo}): SIG${signal} to port ${port}, pid ${pid} (${role})"
  t0="$(now_ms)"
  if ! proc_signal_wait "${dir}/pid" "${dir}" "${signal}" "${secs}"; then
    [[ "${signal}" == TERM ]] || die "${store} on port ${port} (pid ${pid}) still alive ${secs}s after SIGKILL"
    err "${store} on port ${port} (pid ${pid}) still running ${secs}s after SIGTERM: sending SIGKILL"
    signal="TERM then KILL"
    proc_signal_wait "${dir}/pid" "${dir}" KILL 30 || die "${store} on port ${port} (pid ${pid}) survived SIGKILL"
  fi
  t1="$(now_ms)"
  log "${store} (${topo}): pid ${pid} exited $((t1 - t0)) ms after the signal"
  if [[ "${kind}" == kill-unreplicated ]]; then
    resume_paused
    wait_until "${FAILOVER_TIMEOUT:-60}" "a replica of ${store} port ${port} to take over" \
      "${store}_failed_over" "${topo}" "${port}" "${PAUSED_PORTS[@]}" \
      || die "${store} (${topo}): no replica took over from port ${port}"
    extra+=$'\n'"failed_over_at_ms=$(now_ms)"
    log "${store} (${topo}): a replica took over from port ${port}"
  fi
  printf 'store=%s\ntopology=%s\nkind=%s\nsignal=%s\nport=%s\npid=%s\nrole=%s\nkilled_at_ms=%s\nexited_at_ms=%s\n%s\n' \
    "${store}" "${topo}" "${kind}" "${signal}" "${port}" "${pid}" "${role}" "${t0}" "${t1}" "${extra}" | probe json-line
}

# SIGSTOPs the replicas of the primary on port PRIMARY (and has the store cut their replication links where it can,
# so data sent after the pause cannot wait in their sockets); sets PAUSED_PORTS, PAUSED_PIDS, PAUSED_AT_MS, CUT_FROM_MS
# (the cut began: what was acknowledged before it may still wait in a paused replica's socket, applied on SIGCONT) and
# CUT_AT_MS (the cut is done: what was acknowledged after it, the primary alone holds). A store's _cut_replication
# prints the epoch ms at which it began to cut: a helper process's start-up is not part of the cut.
# They are resumed on any exit of this script.
PAUSED_PIDS=()
PAUSED_PORTS=()
pause_replicas() {
  local store="$1" topo="$2" primary="$3" port rdir
  declare -F "${store}_replicas" >/dev/null \
    || die "${store}: kill-unreplicated needs a store that replicates asynchronously (redisjson, mongodb)"
  mapfile -t PAUSED_PORTS < <("${store}_replicas" "${topo}" "${primary}")
  ((${#PAUSED_PORTS[@]})) || die "${store} (${topo}): port ${primary} has no replica to pause"
  if declare -F "${store}_in_sync" >/dev/null; then
    wait_until "${FAILOVER_TIMEOUT:-60}" "the replicas ${PAUSED_PORTS[*]} of ${store} port ${primary} to be in sync" \
      "${store}_in_sync" "${topo}" "${PAUSED_PORTS[@]}" || die "${store} (${topo}): the replicas never synced"
  fi
  trap resume_paused EXIT
  for port in "${PAUSED_PORTS[@]}"; do
    rdir="$(instance_dir "${store}" "${topo}" "${port}")"
    instance_running "${store}" "${topo}" "${port}" || die "${store} (${topo}): replica port ${port} is not an instance of ours"
    PAUSED_PIDS+=("$(proc_pid "${rdir}/pid")")
    kill -STOP "${PAUSED_PIDS[-1]}"
  done
  PAUSED_AT_MS="$(now_ms)"
  CUT_FROM_MS="${PAUSED_AT_MS}"
  ! declare -F "${store}_cut_replication" >/dev/null || CUT_FROM_MS="$("${store}_cut_replication" "${topo}" "${primary}")"
  CUT_AT_MS="$(now_ms)"
}

resume_paused() {
  local p
  for p in "${PAUSED_PIDS[@]}"; do
    kill -CONT "${p}" 2>/dev/null || true
  done
  PAUSED_PIDS=()
}

# Starts again the instances that are not running (DURABILITY_PROFILE and STORE_MEMORY_MB are the applied ones, set
# by main) and waits until the cluster is whole; prints the JSON line. The applied file is left as it is.
recover_store() {
  local store="$1" topo="$2" t0 t1 port restarted=()
  t0="$(now_ms)"
  [[ -n "$(applied_of "${store}" "${topo}")" ]] \
    || die "${store} (${topo}) was not started by stores.sh (no $(applied_file "${store}" "${topo}")): use start"
  while read -r port; do
    instance_running "${store}" "${topo}" "${port}" || restarted+=("${port}")
  done < <("${store}_ports" "${topo}")
  if ((${#restarted[@]})); then
    log "${store} (${topo}): restarting port(s) ${restarted[*]} (profile ${DURABILITY_PROFILE}, memory ${STORE_MEMORY_MB} MB)"
    start_instances "${store}" "${topo}"
    wait_instances "${store}" "${topo}" "${restarted[@]}"
  fi
  # Also when nothing was restarted: the caller is told the cluster is whole, not only that every process runs.
  "${store}_whole" "${topo}" || die "${store} (${topo}): the cluster did not become whole again"
  t1="$(now_ms)"
  log "${store} (${topo}) whole again $((t1 - t0)) ms after recover began"
  # The settings file names each instance's PID and what the servers report: a restarted one has a new PID.
  ((${#restarted[@]} == 0)) || write_settings "${store}" "${topo}"
  printf 'store=%s\nrestarted=[%s]\nback_at_ms=%s\nwaited_ms=%s\n' "${store}" "$(IFS=,; echo "${restarted[*]}")" \
    "${t1}" "$((t1 - t0))" | probe json-line
}

# Prints one line per instance; returns 3 when any is stopped.
status_store() {
  local store="$1" topo="$2" port pid rc=0
  while read -r port; do
    if instance_running "${store}" "${topo}" "${port}"; then
      pid="$(proc_pid "$(instance_dir "${store}" "${topo}" "${port}")/pid")"
      printf '%-13s running  %-7s port %-5s version %s  pid %s  rss %s MB  cpus %s\n' "${store}" "${topo}" "${port}" \
        "$("${store}_version" "${topo}" "${port}" 2>/dev/null || echo '?')" "${pid}" "$(proc_rss_mb "${pid}")" \
        "$(awk '/^Cpus_allowed_list:/ {print $2}' "/proc/${pid}/status" 2>/dev/null)"
    else
      printf '%-13s stopped  %-7s port %-5s\n' "${store}" "${topo}" "${port}"
      rc=3
    fi
  done < <("${store}_ports" "${topo}")
  return "${rc}"
}

# Rewrites hosts-<topology>.json from what is running now (all stores, not only those named on the command line).
write_hosts_file() {
  local topo="$1"
  local file="${STORES_HOME}/hosts-${topo}.json" store line any=0 profile
  local lines=()
  for store in "${ALL_STORES[@]}"; do
    if [[ -x "$(venv_python)" ]] && store_running "${store}" "${topo}"; then
      any=1
      while read -r line; do lines+=("${store}"$'\t'"${line}"); done < <("${store}_hosts" "${topo}")
      # The client side of the store's durability profile (the one it was started with).
      read -r profile _ < <(applied_of "${store}" "${topo}")
      for line in $(profile_list "${store}" "${profile:-${DURABILITY_PROFILE}}" "${topo}" client); do
        lines+=("${store}"$'\t'"${line}")
      done
    fi
  done
  if ((any)); then
    printf '%s\n' "${lines[@]}" | probe hosts-file "${file}" "${topo}"
  else
    rm -f "${file}"
  fi
}

# fault/recover: the kind (fault), the cluster topology and exactly one store, no --profile/--memory-mb; recover takes
# the profile and memory budget from the store's applied file, so a strict store comes back strict.
check_fault_args() {
  local cmd="$1" kind="$2" topo="$3" tuned="$4"
  shift 4
  if [[ "${cmd}" == fault && "${kind}" != kill-primary && "${kind}" != stop-node && "${kind}" != kill-unreplicated ]]; then
    usage_error "unknown fault kind '${kind}': give kill-primary, stop-node or kill-unreplicated"
  fi
  [[ "${topo}" == cluster ]] || usage_error "${cmd} works on the cluster topology only, not '${topo}'"
  (($# == 1)) || usage_error "${cmd} takes exactly one store (${ALL_STORES[*]}), got $#"
  if [[ "${kind}" == kill-unreplicated ]] && ! declare -F "$1_replicas" >/dev/null; then
    usage_error "kill-unreplicated needs a store that replicates asynchronously (redisjson, mongodb), not '$1'"
  fi
  ((!tuned)) || usage_error "${cmd} takes no --profile/--memory-mb: the store keeps what it was started with"
  if [[ "${cmd}" == recover ]]; then
    local profile="" mb=""
    read -r profile mb < <(applied_of "$1" "${topo}") || true
    DURABILITY_PROFILE="${profile:-${DURABILITY_PROFILE}}"
    STORE_MEMORY_MB="${mb:-${STORE_MEMORY_MB}}"
  fi
}

main() {
  local cmd="" topo="" stores=() s kind="" tuned=0
  (($#)) || { usage >&2; exit 2; }
  cmd="$1"
  shift
  case "${cmd}" in
    install | start | stop | status | settings | fault | recover) ;;
    -h | --help | help) usage; return 0 ;;
    *) usage_error "unknown command '${cmd}' (install|start|stop|status|settings|fault|recover)" ;;
  esac
  DURABILITY_PROFILE="${DURABILITY_PROFILE:-relaxed}"
  STORE_MEMORY_MB="${STORE_MEMORY_MB:-1024}"
  while (($#)); do
    case "$1" in
      --topology) (($# >= 2)) || usage_error "--topology needs a value (single|cluster)"; topo="$2"; shift 2 ;;
      --topology=*) topo="${1#*=}"; shift ;;
      --profile) (($# >= 2)) || usage_error "--profile needs a value (relaxed|strict)"; DURABILITY_PROFILE="$2"; tuned=1; shift 2 ;;
      --profile=*) DURABILITY_PROFILE="${1#*=}"; tuned=1; shift ;;
      --memory-mb) (($# >= 2)) || usage_error "--memory-mb needs a value in MB"; STORE_MEMORY_MB="$2"; tuned=1; shift 2 ;;
      --memory-mb=*) STORE_MEMORY_MB="${1#*=}"; tuned=1; shift ;;
      -h | --help) usage; return 0 ;;
      -*) usage_error "unknown option '$1'" ;;
      *) stores+=("$1"); shift ;;
    esac
  done
  [[ "${cmd}" != fault ]] || { kind="${stores[0]:-}"; stores=("${stores[@]:1}"); }
  for s in "${stores[@]}"; do
    [[ " ${ALL_STORES[*]} " == *" ${s} "* ]] || usage_error "unknown store '${s}' (known: ${ALL_STORES[*]})"
  done
  [[ "${cmd}" != fault && "${cmd}" != recover ]] \
    || { topo="${topo:-cluster}"; check_fault_args "${cmd}" "${kind}" "${topo}" "${tuned}" "${stores[@]}"; }
  topo="${topo:-single}"
  [[ " ${DURABILITY_PROFILES[*]} " == *" ${DURABILITY_PROFILE} "* ]] \
    || usage_error "unknown durability profile '${DURABILITY_PROFILE}' (${DURABILITY_PROFILES[*]})"
  # 256 MB: WiredTiger's smallest cache; Elasticsearch and Redis need that much for this suite's data anyway.
  if ! [[ "${STORE_MEMORY_MB}" =~ ^[1-9][0-9]{0,6}$ ]] || ((STORE_MEMORY_MB < 256)); then
    usage_error "memory budget '${STORE_MEMORY_MB}' MB: give a whole number of MB, at least 256"
  fi
  case "${STORES_OS_TUNING:-auto}" in
    auto | record) ;;
    *) usage_error "STORES_OS_TUNING='${STORES_OS_TUNING}': use auto or record" ;;
  esac
  readonly DURABILITY_PROFILE STORE_MEMORY_MB
  ((${#stores[@]})) || stores=("${ALL_STORES[@]}")
  mkdir -p "${STORES_HOME}"
  # Absolute, because the paths end up in server configs and PID-file markers.
  STORES_HOME="$(cd "${STORES_HOME}" && pwd)"
  # One install/start/stop at a time per STORES_HOME (several test suites may call start concurrently);
  # status only reads, so it never waits.
  [[ "${cmd}" == status || "${cmd}" == settings ]] \
    || { exec 9>"${STORES_HOME}/.lock"; flock -w 900 9 || die "another stores.sh holds ${STORES_HOME}/.lock for more than 900 s"; }
  local rc=0
  for s in "${stores[@]}"; do
    case "${cmd}" in
      install) install_store "${s}" ;;
      start) start_store "${s}" "${topo}" ;;
      stop) stop_store "${s}" "${topo}" ;;
      status) status_store "${s}" "${topo}" || rc=$? ;;
      settings) settings_store "${s}" "${topo}" ;;
      fault) fault_store "${s}" "${topo}" "${kind}" ;;
      recover) recover_store "${s}" "${topo}" ;;
    esac
  done
  case "${cmd}" in
    start | stop) write_hosts_file "${topo}" ;;
    install) log "installed under ${STORES_HOME}: ${stores[*]}" ;;
  esac
  return "${rc}"
}

main "$@"

#!/usr/bin/env bash
# Provisions one Redis server of the AWS benchmark cluster (run as root by bootstrap.sh from cloud-init; safe to
# re-run). Installs Redis at the pinned version (server, JSON and the query engine) from Redis' own signed apt
# repository, applies Redis' kernel settings (THP never, overcommit), starts
# REDIS_PROCESSES_PER_SERVER cluster-mode redis-server processes on consecutive ports from REDIS_BASE_PORT with
# their data on the NVMe volume, and on node 0 forms the cluster with scripts/cluster/redis-cluster-create.sh over
# every process of every server, then checks that FT.SEARCH sees documents on all shards (search coordinator).
#
# Usage: redisjson.sh ROLE_ENV      (role.env keys: scripts/provision/common.sh)
# Result: /var/lib/ycsb-docsearch/{status.json,store.json,machine-fingerprint.json}
# Settings: FORMATION_TIMEOUT_S (default 1800) bounds the wait for the other servers.
set -euo pipefail

# shellcheck source=scripts/provision/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

readonly MODULE_DIR=/usr/lib/redis/modules
readonly CONF_DIR=/etc/redis/ycsb

install_redis() {
  add_vendor_repo redis https://packages.redis.io/gpg "${REDIS_KEY_FINGERPRINT}" \
    "https://packages.redis.io/deb $(os_codename) main"
  # The modules must come with the pinned package itself: no unpinned module package is installed beside it.
  install_pinned "${REDIS_VERSION}" redis-server redis-tools
  [[ -f "${MODULE_DIR}/redisearch.so" && -f "${MODULE_DIR}/rejson.so" ]] \
    || die "redis-server ${REDIS_VERSION} came without ${MODULE_DIR}/{redisearch,rejson}.so"
  systemctl disable --now redis-server.service 2>/dev/null || true
}

# The redis.conf of the process on PORT (stdout). Durability, memory and module options come from the store's one
# definition, scripts/stores/profiles/redisjson.env (profile DURABILITY, topology cluster): the same settings the
# local cluster applies. The memory budget STORE_MEMORY_MB of this server is shared by its
# REDIS_PROCESSES_PER_SERVER processes (masters and replicas alike), each refusing writes at its limit.
redis_instance_config() {
  local port="$1" kv
  # The coordinator (search over all shards) connects to the other shards as the default user with this password.
  cat <<EOF
bind ${NODE_IP} 127.0.0.1
port ${port}
protected-mode yes
daemonize no
supervised systemd
logfile /var/log/redis/ycsb-${port}.log
dir ${DATA_DIR}/redis/${port}
cluster-enabled yes
cluster-config-file nodes.conf
cluster-node-timeout 15000
maxclients 20000
requirepass ${REDIS_PASSWORD}
masterauth ${REDIS_PASSWORD}
loadmodule ${MODULE_DIR}/rejson.so
loadmodule ${MODULE_DIR}/redisearch.so $(profile_var redisjson search_module_args)
search-oss-global-password ${REDIS_PASSWORD}
EOF
  for kv in $(profile_list redisjson "${DURABILITY}" cluster server); do
    printf '%s %s\n' "${kv%%=*}" "${kv#*=}"
  done
  profile_var redisjson common_server
  printf 'maxmemory %smb\nmaxmemory-policy %s\n' \
    "$(memory_per_process_mb redisjson cluster "${STORE_MEMORY_MB}" "${REDIS_PROCESSES_PER_SERVER}")" \
    "$(profile_var redisjson maxmemory_policy)"
}

write_instance_config() {
  local port="$1"
  install -d -o redis -g redis -m 0750 "${DATA_DIR}/redis/${port}"
  install -d -o root -g redis -m 0750 "${CONF_DIR}"
  redis_instance_config "${port}" >"${CONF_DIR}/${port}.conf"
  chown root:redis "${CONF_DIR}/${port}.conf"
  chmod 0640 "${CONF_DIR}/${port}.conf"
}

write_unit() {
  install_unit ycsb-redis@.service <<EOF
[Unit]
Description=Redis cluster node on port %i (ycsb-docsearch)
After=network-online.target
Wants=network-online.target
RequiresMountsFor=${DATA_DIR}

[Service]
Type=notify
User=redis
Group=redis
ExecStart=/usr/bin/redis-server ${CONF_DIR}/%i.conf
LimitNOFILE=65535
TimeoutStartSec=300
Restart=on-failure
EOF
}

local_ports() {
  seq "${REDIS_BASE_PORT}" $((REDIS_BASE_PORT + REDIS_PROCESSES_PER_SERVER - 1))
}

start_instances() {
  local port
  write_unit
  for port in $(local_ports); do
    write_instance_config "${port}"
    systemctl enable --now "ycsb-redis@${port}.service"
  done
}

rcli() {
  REDISCLI_AUTH="${REDIS_PASSWORD}" redis-cli -h "${NODE_IP}" -p "${REDIS_BASE_PORT}" "$@"
}

form_cluster() {
  local -a nodes=()
  local ip port
  for ip in $(server_ips); do
    for port in $(local_ports); do
      nodes+=("${ip}:${port}")
    done
  done
  wait_for_ports "${nodes[@]}"
  REDIS_PASSWORD="${REDIS_PASSWORD}" "${REPO_DIR}/scripts/cluster/redis-cluster-create.sh" \
    --replicas "${REDIS_REPLICAS_PER_SHARD}" --timeout 600 "${nodes[@]}" || die "redis cluster formation failed"
}

# True when an index created on one node finds documents on every shard: the query engine's coordinator is active.
# Without it, each node's index sees only its own keys and the binding has to fan out (terraform/README.md).
search_spans_shards() {
  local idx=ycsb-provision-check n=300 i hits
  rcli FT.DROPINDEX "${idx}" DD >/dev/null 2>&1 || true
  rcli FT.CREATE "${idx}" ON JSON PREFIX 1 "${idx}:" SCHEMA '$.t' AS t TEXT >/dev/null
  for ((i = 0; i < n; i++)); do
    rcli -c JSON.SET "${idx}:${i}" '$' '{"t":"alpha"}' >/dev/null
  done
  sleep 2
  hits="$(rcli FT.SEARCH "${idx}" alpha LIMIT 0 0 | head -n 1)"
  rcli FT.DROPINDEX "${idx}" >/dev/null 2>&1 || true
  for ((i = 0; i < n; i++)); do
    rcli -c DEL "${idx}:${i}" >/dev/null
  done
  log "provision check: FT.SEARCH on one node found ${hits} of ${n} documents spread over all shards"
  [[ "${hits}" == "${n}" ]]
}

cluster_ok() {
  rcli CLUSTER INFO | tr -d '\r' | grep -qx 'cluster_state:ok'
}

write_store_info() {
  local coordinator="$1"
  local modules cluster
  modules="$(rcli INFO modules | tr -d '\r' | grep '^module:' | tr '\n' ' ' || true)"
  cluster="$(rcli CLUSTER INFO | tr -d '\r' || true)"
  jq -n --arg version "$(redis-server --version)" --argjson coordinator "${coordinator}" \
    --arg modules "${modules}" --arg cluster "${cluster}" \
    --argjson per_server "${REDIS_PROCESSES_PER_SERVER}" --argjson replicas "${REDIS_REPLICAS_PER_SHARD}" \
    --arg server "$(profile_list redisjson "${DURABILITY}" cluster server)" --arg durability "${DURABILITY}" \
    --argjson tuning "$(os_tuning_json)" --arg maxmemory "$(rcli CONFIG GET maxmemory | tail -n 1 | tr -d '\r')" \
    --arg packages "$(dpkg-query -W -f '${Package}=${Version} ' redis-server redis-tools)" \
    '{store: "redisjson", version: $version, packages: $packages, os_tuning: $tuning, modules: $modules,
      search_coordinator: $coordinator,
      processes_per_server: $per_server, replicas_per_shard: $replicas, durability: $durability,
      profile_settings: $server, maxmemory_bytes_per_process: $maxmemory, rdb_snapshots: "off",
      replication: "asynchronous to the replica of each shard", cluster_info: $cluster}' \
    | write_state_json store.json
}

main() {
  start_role "$@" || return 2
  load_role_env "$1" NODE_INDEX NODE_IP REDIS_VERSION REDIS_BASE_PORT REDIS_PROCESSES_PER_SERVER \
    REDIS_REPLICAS_PER_SHARD REDIS_PASSWORD
  prepare_store_host redisjson Redis
  install_redis
  start_instances
  local coordinator=null
  if is_first_node; then
    write_status provisioning "forming the Redis cluster"
    form_cluster
    if search_spans_shards; then coordinator=true; else coordinator=false; fi
  else
    # Non-forming nodes report ready only once node 0 has formed the cluster.
    retry_until "${FORMATION_TIMEOUT_S}" 10 "the Redis cluster did not form within ${FORMATION_TIMEOUT_S}s" cluster_ok
  fi
  write_store_info "${coordinator}"
  write_status ready "redis: ${REDIS_PROCESSES_PER_SERVER} processes on this server"
}

# Sourced by scripts/tests/test_provision_profiles.sh to render the configuration without a machine.
[[ "${BASH_SOURCE[0]}" != "$0" ]] || main "$@"

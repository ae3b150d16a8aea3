#!/usr/bin/env bash
# Provisions one MongoDB server of the AWS benchmark cluster, a sharded cluster (run as root by bootstrap.sh from
# cloud-init; safe to re-run). Installs mongod and mongosh at the pinned versions from MongoDB's own signed apt
# repository, applies MongoDB 8.0's production notes (THP always, glibc rseq off, small readahead), and starts one
# mongod for every replica-set member the layout in role.env puts on this server: a member of the config server
# replica set and one member of each of several shards (each shard a 3-member replica set whose members sit on 3
# different servers; shard i prefers its primary on server i, so the primaries spread over the servers).
# The server holding a replica set's member 0 initiates it through the localhost exception and then creates its
# users: admin (root) and ycsb on the config servers (the cluster's users, used through mongos), a shard-local
# admin on each shard (closes the shard's localhost exception). mongos runs on the client (client.sh), which adds
# the shards and shards the benchmark collection.
#
# Usage: mongodb.sh ROLE_ENV        (role.env keys: scripts/provision/common.sh and mongodb-lib.sh)
# Result: /var/lib/ycsb-docsearch/{status.json,store.json,machine-fingerprint.json}
# Settings: FORMATION_TIMEOUT_S (default 1800) bounds the wait for the other servers.
set -euo pipefail

# shellcheck source=scripts/provision/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
# shellcheck source=scripts/provision/mongodb-lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/mongodb-lib.sh"

readonly CONFIG_CACHE_GB=1

# "NAME PORT" for every member the layout puts on this server, config servers first.
local_members() {
  local line name member
  while IFS= read -r line; do
    name="${line%%=*}"
    for member in $(tr ',' ' ' <<<"${line#*=}"); do
      [[ "${member%:*}" != "${NODE_IP}" ]] || printf '%s %s\n' "${name}" "${member##*:}"
    done
  done < <(replica_sets)
}

# WiredTiger cache of each shard member here, in GB: the store's memory budget on this server (STORE_MEMORY_MB, the
# same figure as every other store's) shared by the shard members of this server, as scripts/stores/profile.sh
# splits it. The config server's small cache is metadata only and stays outside the budget.
shard_cache_gb() {
  local mb
  mb="$(memory_per_process_mb mongodb cluster "${STORE_MEMORY_MB}" "$1")"
  awk -v mb="${mb}" 'BEGIN {printf "%.2f\n", mb / 1024}'
}

# The mongod configuration of member NAME on PORT (stdout). Arguments: NAME PORT ROLE CACHE_GB. The journal commit
# interval comes from the durability profile in scripts/stores/profiles/mongodb.env (topology cluster), as on the
# local cluster; the profile's default write concern is cluster-wide, set through mongos (client.sh).
mongod_config() {
  local name="$1" port="$2" role="$3" cache="$4" commit
  commit="$(profile_server_value mongodb "${DURABILITY}" cluster journalCommitInterval)" \
    || die "no journalCommitInterval in the ${DURABILITY} cluster profile of mongodb"
  cat <<EOF
storage:
  dbPath: ${DATA_DIR}/mongodb/${name}
  wiredTiger:
    engineConfig:
      cacheSizeGB: ${cache}
systemLog:
  destination: file
  path: /var/log/mongodb/${name}.log
  logAppend: true
net:
  port: ${port}
  bindIp: 127.0.0.1,${NODE_IP}
  maxIncomingConnections: 20000
security:
  authorization: enabled
  keyFile: ${MONGODB_KEYFILE}
replication:
  replSetName: ${name}
sharding:
  clusterRole: ${role}
setParameter:
  journalCommitInterval: ${commit}
processManagement:
  timeZoneInfo: /usr/share/zoneinfo
EOF
}

start_members() {
  local name port role cache shards_here
  shards_here="$(local_members | grep -vc "^${MONGODB_CONFIG_RS%%=*} " || true)"
  while read -r name port; do
    role=shardsvr cache="$(shard_cache_gb "${shards_here}")"
    if [[ "${name}" == "${MONGODB_CONFIG_RS%%=*}" ]]; then role=configsvr cache="${CONFIG_CACHE_GB}"; fi
    install -d -o mongodb -g mongodb -m 0750 "${DATA_DIR}/mongodb/${name}"
    mongod_config "${name}" "${port}" "${role}" "${cache}" | start_mongo_process "${name}" mongod
    wait_for_local_port "${port}" "mongod ${name}"
    log "started ${name} (${role}) on port ${port}, WiredTiger cache ${cache} GB"
  done < <(local_members)
}

# On the server of member 0: initiates replica set NAME (member 0 with priority 2), waits to be its primary and
# creates its users once. Arguments: NAME PORT.
initiate_replica_set() {
  local name="$1" port="$2" members="" i configsvr=false
  local -a hosts
  [[ "${name}" != "${MONGODB_CONFIG_RS%%=*}" ]] || configsvr=true
  mapfile -t hosts < <(rs_members "${name}")
  for i in "${!hosts[@]}"; do
    members+="{_id: ${i}, host: '${hosts[i]}', priority: $((i == 0 ? 2 : 1))},"
  done
  wait_for_ports "${hosts[@]}"
  if [[ "$(mongo_js "${port}" none 'print(db.hello().setName || "")')" != "${name}" ]]; then
    mongo_js "${port}" none "rs.initiate({_id: '${name}', configsvr: ${configsvr}, members: [${members}]})" >/dev/null \
      || die "rs.initiate of ${name} failed"
    log "initiated ${name}"
  fi
  retry_until 600 2 "member 0 of ${name} did not become primary" is_writable_primary "${port}"
  create_users "${port}" "${configsvr}"
}

# The first user through the localhost exception, then the others as that user. Idempotent.
create_users() {
  local port="$1" cluster_users="$2"
  if mongo_js "${port}" admin 'db.runCommand({ping: 1})' >/dev/null 2>&1; then
    log "users on port ${port} exist already"
    return 0
  fi
  mongo_js "${port}" none "db.getSiblingDB('admin').createUser({user: 'admin', pwd: process.env.MONGO_ADMIN_PW,
    roles: [{role: 'root', db: 'admin'}]})" >/dev/null || die "could not create the admin user on port ${port}"
  if [[ "${cluster_users}" == true ]]; then
    mongo_js "${port}" admin "db.getSiblingDB('admin').createUser({user: 'ycsb', pwd: process.env.MONGO_YCSB_PW,
      roles: [{role: 'readWrite', db: 'ycsb'}, {role: 'dbAdmin', db: 'ycsb'}, {role: 'clusterMonitor', db: 'admin'}]})" \
      >/dev/null || die "could not create the ycsb user"
  fi
  log "created the users on port ${port}"
}

is_writable_primary() {
  [[ "$(mongo_js "$1" none 'print(db.hello().isWritablePrimary)')" == true ]]
}

# The replica sets with a member on this server, ";"-separated as scripts/cluster/mongo-hellos.sh takes them.
sets_here() {
  replica_sets | { grep -E "[=,]${NODE_IP//./[.]}:" || true; } | paste -sd ';' -
}

# Ready: every replica set with a member here is whole by scripts/cluster/mongo_sets.py, the rule the local replica
# sets are started by (mongo-rs-initiate.sh) and both fault paths wait for: every member PRIMARY or SECONDARY by its
# own hello (unauthenticated), and the preferred member (priority 2) the PRIMARY, so that no priority takeover is
# still to come when the benchmark starts.
sets_whole() {
  "${REPO_DIR}/scripts/cluster/mongo-hellos.sh" "$1" | python3 "${REPO_DIR}/scripts/cluster/mongo_sets.py" whole
}

write_store_info() {
  local members version
  members="$(local_members | awk '{printf "%s%s:%s", (NR > 1 ? "," : ""), $1, $2}')"
  version="$(mongod --version | awk '/^db version/ {print $3}')"
  jq -n --arg version "${version}" --arg members "${members}" --arg durability "${DURABILITY}" \
    --arg config "${MONGODB_CONFIG_RS}" --arg shards "${MONGODB_SHARDS}" --argjson tuning "$(os_tuning_json)" \
    --arg server "$(profile_list mongodb "${DURABILITY}" cluster server)" \
    --arg glibc "$(profile_var mongodb os_v8_glibc_tunables)" \
    --arg packages "$(dpkg-query -W -f '${Package}=${Version} ' mongodb-org-server mongodb-mongosh)" \
    --arg cache "$(grep -h cacheSizeGB /etc/mongodb/*.conf | awk '{print $2}' | paste -sd, -)" \
    '{store: "mongodb", topology: "sharded", version: $version, packages: $packages, os_tuning: $tuning,
      glibc_tunables: $glibc, members_here: ($members | split(",")), config_servers: $config,
      shards: ($shards | split(";")), wiredtiger_cache_gb_here: $cache, durability: $durability,
      profile_settings: $server, authorization: "enabled, key file between members",
      shard_key: "hashed _id (set by the client through mongos)", read_preference: "primary"}' \
    | write_state_json store.json
}

main() {
  start_role "$@" || return 2
  load_role_env "$1" NODE_INDEX NODE_IP MONGODB_VERSION MONGOSH_VERSION MONGODB_CONFIG_RS MONGODB_SHARDS \
    MONGODB_ADMIN_PASSWORD MONGODB_YCSB_PASSWORD MONGODB_KEYFILE_CONTENT
  prepare_store_host mongodb MongoDB
  install_mongodb_packages mongodb-org-server
  write_keyfile
  write_mongo_unit
  start_members
  local line name first sets
  while IFS= read -r line; do
    name="${line%%=*}" first="$(rs_members "${name}" | head -n 1)"
    [[ "${first%:*}" != "${NODE_IP}" ]] \
      || { write_status provisioning "initiating ${name}"; initiate_replica_set "${name}" "${first##*:}"; }
  done < <(replica_sets)
  sets="$(sets_here)"
  retry_until "${FORMATION_TIMEOUT_S}" 5 \
    "the replica sets here (${sets}) were not whole within ${FORMATION_TIMEOUT_S}s" sets_whole "${sets}"
  write_store_info
  write_status ready "mongodb: $(local_members | wc -l) members on this server"
}

# Sourced by scripts/tests/test_provision_profiles.sh to render the configuration without a machine.
[[ "${BASH_SOURCE[0]}" != "$0" ]] || main "$@"

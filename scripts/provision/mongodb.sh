#!/usr/bin/env bash
# Provisions one MongoDB replica-set member of the AWS benchmark cluster (run as root by bootstrap.sh from
# cloud-init; safe to re-run). Installs mongod and mongosh from MongoDB's own apt repository, puts the data on the
# NVMe volume, turns on authorization with a shared key file, and on node 0 creates the users and initiates the
# set with scripts/cluster/mongo-rs-initiate.sh.
# Users: node 0 first runs mongod as a standalone to create them through the localhost exception (createUser needs
# a writable node, and replSetInitiate from another address needs a user); rs.initiate keeps node 0's data and the
# other members copy it, users included, by initial sync.
#
# Usage: mongodb.sh ROLE_ENV        (role.env keys: scripts/provision/common.sh)
# Result: /var/lib/ycsb-docsearch/{status.json,store.json,baseline.json}
# Settings: FORMATION_TIMEOUT_S (default 1800) bounds the wait for the other servers.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
readonly HERE
# shellcheck source=scripts/provision/common.sh
source "${HERE}/common.sh"

readonly KEYFILE=/etc/mongodb-keyfile
readonly PORT=27017

usage() {
  sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
}

install_mongodb() {
  local series="${MONGODB_VERSION%.*}"
  [[ "${MONGODB_VERSION}" =~ ^[0-9]+\.[0-9]+$ ]] && series="${MONGODB_VERSION}"
  add_vendor_repo "mongodb-${series}" "https://www.mongodb.org/static/pgp/server-${series}.asc" \
    "https://repo.mongodb.org/apt/ubuntu $(os_codename)/mongodb-org/${series} multiverse"
  local version
  version="$(newest_version mongodb-org-server "${MONGODB_VERSION}")" \
    || die "no mongodb-org-server ${MONGODB_VERSION} for $(os_codename) in MongoDB's repository"
  apt_get install "mongodb-org-server=${version}" mongodb-mongosh
  log "installed mongodb-org-server ${version}"
}

#######################################
# Writes /etc/mongod.conf. Arguments: "replica" (replica-set member) or "standalone" (node 0's user setup).
# Journal: always on since 6.1 (group commit every 100 ms); acknowledgement is chosen per write by the client.
#######################################
write_config() {
  local mode="$1" replication=""
  [[ "${mode}" == standalone ]] || replication="replication:
  replSetName: ${MONGODB_REPLICA_SET}"
  install -d -o mongodb -g mongodb -m 0750 "${DATA_DIR}/mongodb"
  cat >/etc/mongod.conf <<EOF
storage:
  dbPath: ${DATA_DIR}/mongodb
systemLog:
  destination: file
  path: /var/log/mongodb/mongod.log
  logAppend: true
net:
  port: ${PORT}
  bindIp: 127.0.0.1,${NODE_IP}
  maxIncomingConnections: 20000
security:
  authorization: enabled
  keyFile: ${KEYFILE}
processManagement:
  timeZoneInfo: /usr/share/zoneinfo
${replication}
EOF
}

write_keyfile() {
  printf '%s\n' "${MONGODB_KEYFILE_CONTENT}" >"${KEYFILE}"
  chown mongodb:mongodb "${KEYFILE}"
  chmod 0400 "${KEYFILE}"
}

# Runs JavaScript in mongosh on this node. Arguments: AUTH ("" or "user:password@"), SCRIPT.
mongosh_local() {
  mongosh --quiet "mongodb://${1}127.0.0.1:${PORT}/admin?directConnection=true" --eval "$2"
}

wait_for_local_mongod() {
  local deadline=$((SECONDS + 120))
  until port_open 127.0.0.1 "${PORT}"; do
    ((SECONDS < deadline)) || die "mongod did not start; see /var/log/mongodb/mongod.log"
    sleep 1
  done
}

restart_mongod() {
  systemctl enable mongod.service
  systemctl restart mongod.service
  wait_for_local_mongod
}

#######################################
# Node 0, before the set exists: the administrator (root) and the benchmark user, created once.
#######################################
create_users() {
  local admin="admin:${MONGODB_ADMIN_PASSWORD}@"
  if mongosh_local "${admin}" 'db.runCommand({ping: 1})' >/dev/null 2>&1; then
    log "users exist already"
    return 0
  fi
  mongosh_local "" "db.getSiblingDB('admin').createUser({user: 'admin', pwd: '${MONGODB_ADMIN_PASSWORD}',
    roles: [{role: 'root', db: 'admin'}]})" >/dev/null
  mongosh_local "${admin}" "db.getSiblingDB('admin').createUser({user: 'ycsb', pwd: '${MONGODB_YCSB_PASSWORD}',
    roles: [{role: 'readWrite', db: 'ycsb'}, {role: 'dbAdmin', db: 'ycsb'}, {role: 'clusterMonitor', db: 'admin'}]})" \
    >/dev/null
  log "created users admin and ycsb"
}

form_replica_set() {
  local -a members=()
  local ip
  wait_for_servers "${PORT}"
  for ip in $(server_ips); do
    members+=("${ip}:${PORT}")
  done
  MONGO_AUTH="admin:${MONGODB_ADMIN_PASSWORD}@" "${REPO_DIR}/scripts/cluster/mongo-rs-initiate.sh" --timeout 600 \
    "${MONGODB_REPLICA_SET}" "${members[@]}" || die "replica set formation failed"
}

# Non-forming members report ready once they are PRIMARY or SECONDARY (after initial sync the users exist here).
wait_for_membership() {
  local deadline=$((SECONDS + ${FORMATION_TIMEOUT_S:-1800}))
  until mongosh_local "admin:${MONGODB_ADMIN_PASSWORD}@" \
    'const h = db.hello(); quit(h.isWritablePrimary || h.secondary ? 0 : 1)' >/dev/null 2>&1; do
    ((SECONDS < deadline)) || die "this member did not join ${MONGODB_REPLICA_SET} within ${FORMATION_TIMEOUT_S:-1800}s"
    sleep 10
  done
}

write_store_info() {
  local info
  info="$(mongosh_local "admin:${MONGODB_ADMIN_PASSWORD}@" 'print(JSON.stringify({version: db.version(),
    members: rs.status().members.map(m => m.name + " " + m.stateStr),
    cache_bytes: db.serverStatus().wiredTiger.cache["maximum bytes configured"]}))')"
  jq -n --argjson info "${info}" --arg durability "${DURABILITY}" --arg rs "${MONGODB_REPLICA_SET}" \
    '{store: "mongodb", version: $info.version, replica_set: $rs, members: $info.members,
      wiredtiger_cache_bytes: $info.cache_bytes, durability: $durability,
      journal: "on (commit interval 100 ms)", authorization: "enabled, key file between members",
      write_concern: (if $durability == "strict" then "majority (journaled)" else "w:1 (acknowledged)" end),
      read_preference: "primary"}' | write_state_json store.json
}

main() {
  if (($# != 1)) || [[ "$1" == -h || "$1" == --help ]]; then
    usage >&2
    return 2
  fi
  trap on_exit EXIT
  load_role_env "$1" NODE_INDEX NODE_IP MONGODB_VERSION MONGODB_REPLICA_SET MONGODB_ADMIN_PASSWORD \
    MONGODB_YCSB_PASSWORD MONGODB_KEYFILE_CONTENT
  write_status provisioning "installing MongoDB"
  prepare_host
  prepare_data_volume required
  start_iperf_server
  record_baseline ""
  install_mongodb
  write_keyfile
  if is_first_node; then
    write_config standalone
    restart_mongod
    create_users
  fi
  write_config replica
  restart_mongod
  if is_first_node; then
    write_status provisioning "initiating the replica set"
    form_replica_set
  else
    wait_for_membership
  fi
  write_store_info
  write_status ready "mongodb: member ${NODE_INDEX} of ${MONGODB_REPLICA_SET}"
}

main "$@"

#!/usr/bin/env bash
# Provisions a benchmark client of the AWS cluster (run as root by bootstrap.sh from cloud-init; safe to re-run).
# Applies the same host settings as the servers, installs a JDK 17, Maven and the fingerprint tools, builds
# the repository (unpacked in /home/ubuntu/ycsb-docsearch, owned by ubuntu), then records the machine fingerprint
# including ping and iperf3 to every server (scripts/machine-fingerprint.sh). With STORE=redisjson it also installs
# the pinned redis-tools from Redis' repository, for redis-benchmark as a reference point for the client's own cost.
# With STORE=mongodb it runs the sharded cluster's router: mongos (pinned) on 127.0.0.1:MONGOS_PORT, which adds every
# shard once its replica set is up and shards the benchmark collection ycsb.usertable on a hashed _id.
# The hosts file with the store's credentials is not made here: copy the output of scripts/hosts-from-terraform.sh.
#
# Usage: client.sh ROLE_ENV         (role.env keys: scripts/provision/common.sh)
# Result: /var/lib/ycsb-docsearch/{status.json,machine-fingerprint.json}, ~ubuntu/machine-fingerprint-client.json,
# a built repository
# Settings: FORMATION_TIMEOUT_S (default 1800) bounds the wait for the servers' iperf3.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
readonly HERE
# shellcheck source=scripts/provision/common.sh
source "${HERE}/common.sh"

# shellcheck source=scripts/provision/mongodb-lib.sh
source "${HERE}/mongodb-lib.sh"

readonly USER_NAME=ubuntu
readonly MONGODB_COLLECTION=ycsb.usertable

usage() {
  sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'
}

install_tools() {
  apt_get install openjdk-17-jdk-headless maven git python3-venv
  # shellcheck disable=SC2153  # STORE comes from role.env
  if [[ "${STORE}" == redisjson ]]; then
    add_vendor_repo redis https://packages.redis.io/gpg "${REDIS_KEY_FINGERPRINT}" \
      "https://packages.redis.io/deb $(os_codename) main"
    install_pinned "${REDIS_VERSION}" redis-tools
  fi
}

# mongos, then the shards and the sharded collection (all idempotent: a re-run finds them in place).
start_mongos() {
  install_mongodb_packages mongodb-org-mongos
  write_keyfile
  write_mongo_unit
  start_mongo_process mongos mongos <<EOF
sharding:
  configDB: ${MONGODB_CONFIG_RS/=//}
net:
  port: ${MONGOS_PORT}
  bindIp: 127.0.0.1
  maxIncomingConnections: 20000
security:
  keyFile: ${MONGODB_KEYFILE}
systemLog:
  destination: file
  path: /var/log/mongodb/mongos.log
  logAppend: true
EOF
  wait_for_local_port "${MONGOS_PORT}" mongos
  # The cluster's users live on the config servers: they exist once server 0 has created them.
  local deadline=$((SECONDS + ${FORMATION_TIMEOUT_S:-1800}))
  until mongo_js "${MONGOS_PORT}" admin 'db.runCommand({ping: 1})' >/dev/null 2>&1; do
    ((SECONDS < deadline)) || die "cannot authenticate as admin through mongos within ${FORMATION_TIMEOUT_S:-1800}s"
    sleep 10
  done
  local line name seed
  while IFS= read -r line; do
    name="${line%%=*}" seed="${line/=//}"
    # addShard fails until the shard's replica set has a primary: retry.
    until mongo_js "${MONGOS_PORT}" admin "const r = db.adminCommand({listShards: 1});
      if (!r.shards.some(s => s._id === '${name}')) { sh.addShard('${seed}'); }" >/dev/null 2>&1; do
      ((SECONDS < deadline)) || die "could not add shard ${name} within ${FORMATION_TIMEOUT_S:-1800}s"
      sleep 10
    done
    log "shard ${name} is in the cluster"
  done < <(tr ';' '\n' <<<"${MONGODB_SHARDS}")
  mongo_js "${MONGOS_PORT}" admin "sh.enableSharding('${MONGODB_COLLECTION%%.*}');
    sh.shardCollection('${MONGODB_COLLECTION}', {_id: 'hashed'})" >/dev/null \
    || die "could not shard ${MONGODB_COLLECTION} on a hashed _id"
  # The durability profile's default write concern, cluster-wide (scripts/stores/profiles/mongodb.env).
  local wc
  wc="$(profile_server_value mongodb "${DURABILITY}" cluster defaultWriteConcern)" \
    || die "no defaultWriteConcern in the ${DURABILITY} cluster profile of mongodb"
  mongo_js "${MONGOS_PORT}" admin "const w = '${wc}'.replace(/^w:/, '');
    db.adminCommand({setDefaultRWConcern: 1, defaultWriteConcern: {w: /^[0-9]+$/.test(w) ? Number(w) : w}})" \
    >/dev/null || die "could not set the default write concern ${wc}"
  mongo_js "${MONGOS_PORT}" admin "print(JSON.stringify({version: db.version(),
      shards: db.adminCommand({listShards: 1}).shards.map(s => s._id + ' ' + s.host),
      default_rw_concern: db.adminCommand({getDefaultRWConcern: 1}).defaultWriteConcern,
      collection: db.getSiblingDB('config').collections.findOne({_id: '${MONGODB_COLLECTION}'})}))" \
    | jq --arg packages "$(dpkg-query -W -f '${Package}=${Version} ' mongodb-org-mongos mongodb-mongosh)" \
      '. + {packages: $packages, mongos: "127.0.0.1:'"${MONGOS_PORT}"'"}' | write_state_json mongos.json
  log "mongos ready on 127.0.0.1:${MONGOS_PORT}, ${MONGODB_COLLECTION} sharded on a hashed _id"
}

# Builds every module as the ubuntu user, so ./run-sweep.sh finds the jars; Maven downloads the dependencies.
build_repository() {
  chown -R "${USER_NAME}:${USER_NAME}" "${REPO_DIR}"
  sudo -u "${USER_NAME}" -H bash -c "cd '${REPO_DIR}' && mvn -B -q -DskipTests install" \
    || die "the repository did not build; see the provisioning log"
  log "repository built in ${REPO_DIR}"
}

main() {
  if (($# != 1)) || [[ "$1" == -h || "$1" == --help ]]; then
    usage >&2
    return 2
  fi
  trap on_exit EXIT
  load_role_env "$1" REDIS_VERSION
  if [[ "${STORE}" == mongodb ]]; then
    load_role_env "$1" MONGODB_VERSION MONGOSH_VERSION MONGODB_CONFIG_RS MONGODB_SHARDS MONGOS_PORT \
      MONGODB_ADMIN_PASSWORD MONGODB_KEYFILE_CONTENT
  fi
  write_status provisioning "installing the JDK and building the repository"
  prepare_host
  prepare_data_volume optional
  install_tools
  [[ "${STORE}" != mongodb ]] || start_mongos
  build_repository
  write_status provisioning "recording the machine fingerprint"
  wait_for_servers 5201
  record_fingerprint "${SERVER_IPS}"
  install -o "${USER_NAME}" -g "${USER_NAME}" -m 0644 "${STATE_DIR}/machine-fingerprint.json" \
    "/home/${USER_NAME}/machine-fingerprint-client.json" 2>/dev/null || true
  write_status ready "client: repository built in ${REPO_DIR}"
}

main "$@"

#!/usr/bin/env bash
# Provisions a benchmark client of the AWS cluster (run as root by bootstrap.sh from cloud-init; safe to re-run).
# Applies the same host settings as the servers, installs a JDK 17, Maven and the fingerprint tools, builds
# the repository (unpacked in /home/ubuntu/ycsb-docsearch, owned by ubuntu), then records the machine fingerprint
# including ping and iperf3 to every server (scripts/machine-fingerprint.sh). With STORE=redisjson it also installs
# the pinned redis-tools from Redis' repository, for redis-benchmark as a reference point for the client's own cost.
# With STORE=mongodb it runs the sharded cluster's router: mongos (pinned) on 127.0.0.1:MONGOS_PORT, which adds every
# shard once its replica set is up and shards the benchmark collection ycsb.usertable on a hashed _id.
# With several clients (CLIENT_SSH_KEY_FILE in role.env) it installs the clients' SSH key, so that the sweep on
# client 0 can start the others' JVMs over SSH (every client builds the repository: any of them can be driven).
# Every client gets the fault SSH key at FAULT_SSH_KEY_FILE: with it the sweep's fault steps end and restart a store
# process on a server, through the servers' fault helper, the only thing that key may run there (fault.sh).
# The hosts file with the store's credentials is not made here: copy the output of scripts/hosts-from-terraform.sh.
#
# Usage: client.sh ROLE_ENV         (role.env keys: scripts/provision/common.sh)
# Result: /var/lib/ycsb-docsearch/{status.json,machine-fingerprint.json}, ~ubuntu/machine-fingerprint-client.json,
# a built repository
# The client reports ready only once the store cluster answers (Redis: CLUSTER INFO says cluster_state:ok;
# Elasticsearch: health green; MongoDB: every shard listed through mongos), and it measures the network to the
# servers only after every server has finished its own fingerprint (their iperf3 endpoint opens after it).
# Settings: FORMATION_TIMEOUT_S (default 1800, the servers' figure too) bounds each wait for the cluster: the config
# servers' primary and mongos, the shards, the cluster's health, the servers' iperf3.
set -euo pipefail

# shellcheck source=scripts/provision/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
# shellcheck source=scripts/provision/mongodb-lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/mongodb-lib.sh"

readonly USER_NAME=ubuntu
readonly MONGODB_COLLECTION=ycsb.usertable

install_tools() {
  # tmux: the sweep outlives the SSH session; unzip: ./mvnw unpacks the pinned Maven (its checksum is the zip's)
  apt_get install openjdk-17-jdk-headless maven git python3-venv tmux unzip
  # shellcheck disable=SC2153  # STORE comes from role.env
  if [[ "${STORE}" == redisjson ]]; then
    add_vendor_repo redis https://packages.redis.io/gpg "${REDIS_KEY_FINGERPRINT}" \
      "https://packages.redis.io/deb $(os_codename) main"
    install_pinned "${REDIS_VERSION}" redis-tools
  fi
}

# The primary ("IP:PORT") of the config server replica set as one of its members sees it, or nothing. hello needs
# no authentication.
config_primary() {
  local member primary
  for member in $(rs_members "${MONGODB_CONFIG_RS%%=*}"); do
    primary="$(mongosh --quiet "mongodb://${member}/admin?directConnection=true&serverSelectionTimeoutMS=5000" \
      --eval 'print(db.hello().primary || "")' </dev/null 2>/dev/null || true)"
    [[ -z "${primary}" ]] || { printf '%s\n' "${primary}"; return 0; }
  done
  return 1
}

# mongos, then the shards and the sharded collection (all idempotent: a re-run finds them in place). mongos starts
# only once the config server replica set has a primary: before that it cannot load the cluster's metadata and does
# not listen, and the servers may take as long as their own formation to get there, so every wait here shares one
# deadline of FORMATION_TIMEOUT_S, the servers' bound.
start_mongos() {
  local deadline=$((SECONDS + FORMATION_TIMEOUT_S)) primary
  install_mongodb_packages mongodb-org-mongos
  write_keyfile
  write_mongo_unit
  write_status provisioning "waiting for the config server replica set's primary"
  until primary="$(config_primary)"; do
    ((SECONDS < deadline)) || die "the config server replica set had no primary within ${FORMATION_TIMEOUT_S}s"
    sleep 10
  done
  log "config server primary: ${primary}"
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
  wait_for_local_port "${MONGOS_PORT}" mongos $((deadline > SECONDS ? deadline - SECONDS : 1))
  # The cluster's users live on the config servers: they exist once server 0 has created them.
  retry_until $((deadline - SECONDS)) 10 "cannot authenticate as admin through mongos within ${FORMATION_TIMEOUT_S}s" \
    mongo_js "${MONGOS_PORT}" admin 'db.runCommand({ping: 1})'
  local line name seed
  while IFS= read -r line; do
    name="${line%%=*}" seed="${line/=//}"
    # addShard fails until the shard's replica set has a primary: retry.
    retry_until $((deadline - SECONDS)) 10 "could not add shard ${name} within ${FORMATION_TIMEOUT_S}s" \
      mongo_js "${MONGOS_PORT}" admin "const r = db.adminCommand({listShards: 1});
      if (!r.shards.some(s => s._id === '${name}')) { sh.addShard('${seed}'); }"
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

# True when the store cluster answers as a benchmark needs it: Redis CLUSTER INFO with cluster_state:ok (asked of
# server 0's first process), Elasticsearch health green, MongoDB every shard of the layout listed through mongos.
# Uses the benchmark user's password (the client's SSM parameters); secrets go through the environment or a pipe.
store_cluster_answers() {
  local first
  first="$(server_ips | head -n 1)"
  case "${STORE}" in
    redisjson)
      REDISCLI_AUTH="${REDIS_PASSWORD}" redis-cli -h "${first}" -p "${REDIS_BASE_PORT}" CLUSTER INFO 2>/dev/null \
        | tr -d '\r' | grep -qx 'cluster_state:ok'
      ;;
    elasticsearch)
      curl -fsS -K <(printf 'user = "ycsb:%s"\n' "${ES_YCSB_PASSWORD}") \
        "http://${first}:9200/_cluster/health?wait_for_status=green&timeout=10s" 2>/dev/null \
        | jq -e '.status == "green"' >/dev/null
      ;;
    mongodb)
      local want
      want="$(tr ';' '\n' <<<"${MONGODB_SHARDS}" | grep -c .)"
      [[ "$(mongo_js "${MONGOS_PORT}" admin 'print(db.adminCommand({listShards: 1}).shards.length)' 2>/dev/null)" \
        == "${want}" ]]
      ;;
    *) die "unknown store ${STORE}" ;;
  esac
}

# Builds every module as the ubuntu user, so ./run-sweep.sh finds the jars; Maven downloads the dependencies. The
# pinned Maven (./mvnw) builds; Ubuntu's (installed above) only names the repository it comes from.
build_repository() {
  chown -R "${USER_NAME}:${USER_NAME}" "${REPO_DIR}"
  sudo -u "${USER_NAME}" -H bash -c \
    "cd '${REPO_DIR}' && source scripts/lib/common.sh && maven -B -q -DskipTests install" \
    || die "the repository did not build; see the provisioning log"
  log "repository built in ${REPO_DIR}"
}

main() {
  start_role "$@" || return 2
  load_role_env "$1" REDIS_VERSION
  case "${STORE}" in
    mongodb)
      load_role_env "$1" MONGODB_VERSION MONGOSH_VERSION MONGODB_CONFIG_RS MONGODB_SHARDS MONGOS_PORT \
        MONGODB_ADMIN_PASSWORD MONGODB_KEYFILE_CONTENT
      ;;
    redisjson) load_role_env "$1" REDIS_BASE_PORT REDIS_PASSWORD ;;
    elasticsearch) load_role_env "$1" ES_YCSB_PASSWORD ;;
  esac
  write_status provisioning "installing the JDK and building the repository"
  prepare_host
  prepare_data_volume optional
  install_tools
  [[ "${STORE}" != mongodb ]] || start_mongos
  build_repository
  # The fault steps' key (hosts file "fault"): it runs the servers' fault helper, nothing else.
  [[ -z "${FAULT_SSH_KEY_FILE:-}" ]] || install_fault_ssh_key "${USER_NAME}" "${FAULT_SSH_KEY_FILE}"
  # Several clients: client 0 runs the sweep and reaches the others over SSH with this key (hosts file "clients").
  if [[ -n "${CLIENT_SSH_KEY_FILE:-}" ]]; then
    # The clients' fixed range (role.env CLIENT_SSH_FROM; CLIENT_IPS in a role.env of an older configuration).
    install_client_ssh_key "${USER_NAME}" "${CLIENT_SSH_KEY_FILE}" "${CLIENT_SSH_FROM:-${CLIENT_IPS:-}}"
  fi
  write_status provisioning "waiting for the ${STORE} cluster to answer"
  retry_until "${FORMATION_TIMEOUT_S}" 10 \
    "the ${STORE} cluster did not answer as ready within ${FORMATION_TIMEOUT_S}s" store_cluster_answers
  log "the ${STORE} cluster answers"
  # The servers open iperf3 only after their own fingerprint (prepare_store_host): once every one accepts it, no
  # server fingerprint is running, and the client's network measurement cannot disturb one.
  write_status provisioning "waiting for the servers' fingerprints, then recording the client's"
  wait_for_servers 5201
  record_fingerprint "${SERVER_IPS}"
  install -o "${USER_NAME}" -g "${USER_NAME}" -m 0644 "${STATE_DIR}/machine-fingerprint.json" \
    "/home/${USER_NAME}/machine-fingerprint-client.json" 2>/dev/null || true
  write_status ready "client: repository built in ${REPO_DIR}"
}

main "$@"

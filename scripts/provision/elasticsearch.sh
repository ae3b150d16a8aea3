#!/usr/bin/env bash
# Provisions one Elasticsearch node of the AWS benchmark cluster (run as root by bootstrap.sh from cloud-init; safe
# to re-run). Installs Elasticsearch at the pinned version from Elastic's own signed apt repository, replaces the
# package's auto-configured security with the cluster's own (TLS between nodes with the certificates terraform
# generated, read from SSM at boot; basic authentication on plain HTTP inside the VPC), takes the node's discovery
# settings from scripts/cluster/es-node-config.sh, puts the data on the NVMe RAID 0 volume, and on node 0 waits for
# the cluster with scripts/cluster/es-cluster-wait.sh and creates the benchmark user. Once the cluster has formed,
# every node drops the bootstrap-only cluster.initial_master_nodes from its elasticsearch.yml (Elastic: it must
# not stay, or a restarted node could bootstrap a second cluster).
# The benchmark index itself (15 primaries, 1 replica by default) is created by the binding from the es.shards and
# es.replicas properties that scripts/hosts-from-terraform.sh writes into the hosts file.
#
# Usage: elasticsearch.sh ROLE_ENV  (role.env keys: scripts/provision/common.sh)
# Result: /var/lib/ycsb-docsearch/{status.json,store.json,machine-fingerprint.json}
# Settings: FORMATION_TIMEOUT_S (default 1800) bounds the wait for the other servers.
set -euo pipefail

# shellcheck source=scripts/provision/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

readonly ES_HOME=/usr/share/elasticsearch
readonly ES_CONF=/etc/elasticsearch
readonly HTTP_PORT=9200
readonly TRANSPORT_PORT=9300

install_elasticsearch() {
  local major="${ELASTICSEARCH_VERSION%%.*}"
  add_vendor_repo elastic "https://artifacts.elastic.co/GPG-KEY-elasticsearch" "${ELASTIC_KEY_FINGERPRINT}" \
    "https://artifacts.elastic.co/packages/${major}.x/apt stable main"
  install_pinned "${ELASTICSEARCH_VERSION}" elasticsearch
}

node_name() {
  printf 'node-%s\n' "$1"
}

# Discovery settings of this node, from the same script the local cluster uses.
node_settings() {
  local -a seeds=() masters=()
  local ip i=0
  for ip in $(server_ips); do
    seeds+=("${ip}:${TRANSPORT_PORT}")
    masters+=("$(node_name "${i}")")
    i=$((i + 1))
  done
  "${REPO_DIR}/scripts/cluster/es-node-config.sh" --cluster-name "${CLUSTER_NAME}" \
    --node-name "$(node_name "${NODE_INDEX}")" --host "${NODE_IP}" --http-port "${HTTP_PORT}" \
    --transport-port "${TRANSPORT_PORT}" --seeds "$(IFS=,; echo "${seeds[*]}")" \
    --masters "$(IFS=,; echo "${masters[*]}")"
}

# elasticsearch.yml, heap, TLS files and keystore. The package's auto-configuration (its own CA, an HTTPS layer,
# enrolment) is replaced: every node must trust the same CA, which terraform made.
configure_elasticsearch() {
  local settings
  settings="$(node_settings)" || die "scripts/cluster/es-node-config.sh failed"
  install -d -o root -g elasticsearch -m 0750 "${ES_CONF}/tls"
  write_secret_file "${ES_CONF}/tls/ca.crt" root:elasticsearch 0640 "${ES_TLS_CA_CERT}"
  write_secret_file "${ES_CONF}/tls/node.crt" root:elasticsearch 0640 "${ES_TLS_NODE_CERT}"
  write_secret_file "${ES_CONF}/tls/node.key" root:elasticsearch 0640 "${ES_TLS_NODE_KEY}"
  install -d -o elasticsearch -g elasticsearch -m 0750 "${DATA_DIR}/elasticsearch"
  cat >"${ES_CONF}/elasticsearch.yml" <<EOF
${settings}
path.data: ${DATA_DIR}/elasticsearch
path.logs: /var/log/elasticsearch
xpack.security.enabled: true
xpack.security.enrollment.enabled: false
xpack.security.http.ssl.enabled: false
xpack.security.transport.ssl.enabled: true
xpack.security.transport.ssl.verification_mode: certificate
xpack.security.transport.ssl.key: tls/node.key
xpack.security.transport.ssl.certificate: tls/node.crt
xpack.security.transport.ssl.certificate_authorities: [ "tls/ca.crt" ]
EOF
  es_heap_options >"${ES_CONF}/jvm.options.d/heap.options"
  reset_keystore
  mkdir -p /etc/systemd/system/elasticsearch.service.d
  printf '[Service]\nTimeoutStartSec=900\nLimitNOFILE=1048576\n' \
    >/etc/systemd/system/elasticsearch.service.d/ycsb-docsearch.conf
  systemctl daemon-reload
}

# Drops the auto-configuration's keystore passwords (their keystores are no longer used) and sets the bootstrap
# password: the elastic user's password until the security index exists, identical on every node.
reset_keystore() {
  local ks="${ES_HOME}/bin/elasticsearch-keystore" entry
  for entry in $("${ks}" list | grep -E '^xpack\.security\.(http|transport)\.ssl\.' || true); do
    "${ks}" remove "${entry}"
  done
  printf '%s' "${ES_ELASTIC_PASSWORD}" | "${ks}" add --stdin --force bootstrap.password
}

# Calls the REST API as elastic; the request body, if any, comes on stdin. The credentials go to curl as a config
# file on a pipe (printf is a builtin), never as arguments.
es_api() {
  local method="$1" path="$2"
  local -a body=()
  [[ "${method}" == GET ]] || body=(--data-binary @-)
  curl -fsS -K <(printf 'user = "elastic:%s"\n' "${ES_ELASTIC_PASSWORD}") -X "${method}" \
    -H 'Content-Type: application/json' "${body[@]}" "http://${NODE_IP}:${HTTP_PORT}${path}"
}

form_cluster() {
  local -a urls=()
  local ip
  wait_for_servers "${HTTP_PORT}"
  for ip in $(server_ips); do
    urls+=("http://${ip}:${HTTP_PORT}")
  done
  ES_AUTH="elastic:${ES_ELASTIC_PASSWORD}" "${REPO_DIR}/scripts/cluster/es-cluster-wait.sh" --timeout 900 \
    "${urls[@]}" || die "the Elasticsearch cluster did not form"
}

# The benchmark user: full rights on the non-system indices, cluster monitoring for the probe.
create_user() {
  es_api PUT /_security/role/ycsb_benchmark <<<'{"cluster": ["monitor"],
    "indices": [{"names": ["*"], "privileges": ["all"], "allow_restricted_indices": false}]}' >/dev/null
  # jq reads the password from its environment (env.ES_YCSB_PASSWORD), not from its arguments.
  ES_YCSB_PASSWORD="${ES_YCSB_PASSWORD}" jq -n '{password: env.ES_YCSB_PASSWORD, roles: ["ycsb_benchmark"]}' \
    | es_api PUT /_security/user/ycsb >/dev/null
  log "created user ycsb"
}

# The cluster has formed (this node sees it green): the bootstrap-only setting goes. No restart is needed, the
# running node ignores it once a cluster exists.
drop_bootstrap_settings() {
  sed -i '/^cluster\.initial_master_nodes:/d' "${ES_CONF}/elasticsearch.yml"
  ! grep -q '^cluster\.initial_master_nodes' "${ES_CONF}/elasticsearch.yml" \
    || die "cluster.initial_master_nodes is still in ${ES_CONF}/elasticsearch.yml"
  log "removed cluster.initial_master_nodes (cluster formed)"
}

cluster_green() {
  es_api GET "/_cluster/health?wait_for_status=green&timeout=10s" | grep -q '"status":"green"'
}

# The node's heap (-Xms = -Xmx): the store's memory budget on this server (STORE_MEMORY_MB, the same figure as every
# other store's), as scripts/stores/profile.sh splits it over the node processes of a server (one). The rest of the
# machine's memory is page cache, as for MongoDB. Durability is an index setting the binding makes (the profile's
# client properties, in the hosts file: scripts/hosts-from-terraform.sh).
es_heap_options() {
  local mb
  mb="$(memory_per_process_mb elasticsearch cluster "${STORE_MEMORY_MB}")"
  printf -- '-Xms%sm\n-Xmx%sm\n' "${mb}" "${mb}"
}

write_store_info() {
  jq -n --argjson root "$(es_api GET /)" --argjson health "$(es_api GET /_cluster/health)" \
    --arg durability "${DURABILITY}" --argjson heap_mb "$(memory_per_process_mb elasticsearch cluster \
      "${STORE_MEMORY_MB}")" --argjson tuning "$(os_tuning_json)" \
    --arg client "$(profile_list elasticsearch "${DURABILITY}" cluster client)" \
    --arg packages "$(dpkg-query -W -f '${Package}=${Version}' elasticsearch)" \
    --arg bootstrap "$(grep -c '^cluster\.initial_master_nodes' "${ES_CONF}/elasticsearch.yml" || true)" \
    '{store: "elasticsearch", version: $root.version.number, packages: $packages, os_tuning: $tuning,
      initial_master_nodes_lines_left: ($bootstrap | tonumber), cluster: $root.cluster_name,
      nodes: $health.number_of_nodes, heap_mb: $heap_mb, durability: $durability,
      profile_index_settings: $client,
      replication: "synchronous to every in-sync replica before the acknowledgement",
      security: "authentication on, TLS between nodes, plain HTTP inside the VPC"}' | write_state_json store.json
}

main() {
  start_role "$@" || return 2
  load_role_env "$1" NODE_INDEX NODE_IP CLUSTER_NAME ELASTICSEARCH_VERSION ES_ELASTIC_PASSWORD \
    ES_YCSB_PASSWORD ES_TLS_CA_CERT ES_TLS_NODE_CERT ES_TLS_NODE_KEY
  prepare_store_host elasticsearch Elasticsearch
  install_elasticsearch
  configure_elasticsearch
  systemctl enable elasticsearch.service
  systemctl restart elasticsearch.service
  if is_first_node; then
    write_status provisioning "forming the Elasticsearch cluster"
    form_cluster
    create_user
  else
    retry_until "${FORMATION_TIMEOUT_S}" 10 "the cluster was not green within ${FORMATION_TIMEOUT_S}s" cluster_green
  fi
  drop_bootstrap_settings
  write_store_info
  write_status ready "elasticsearch: $(node_name "${NODE_INDEX}")"
}

# Sourced by scripts/tests/test_provision_profiles.sh to render the configuration without a machine.
[[ "${BASH_SOURCE[0]}" != "$0" ]] || main "$@"

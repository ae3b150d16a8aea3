#!/usr/bin/env bash
# Elasticsearch 8.19.21 run by stores/elasticsearch-node (official server jars from Maven Central) for
# scripts/stores.sh (sourced; needs lib/common.sh, proc.sh, install.sh). Single: one node, discovery.type=single-node.
# Cluster: 3 master-eligible data nodes discovering each other (settings from scripts/cluster/es-node-config.sh).
#
# Env: ES_HTTP_PORT (9200), ES_TRANSPORT_PORT (9300), ES_CLUSTER_HTTP_BASE_PORT (9201),
#      ES_CLUSTER_TRANSPORT_BASE_PORT (9301), JAVA (java on PATH). Heap (-Xms = -Xmx): STORE_MEMORY_MB, see profile.sh.

# The nodes' HTTP ports (stores.sh's instance ports).
elasticsearch_ports() {
  local base="${ES_CLUSTER_HTTP_BASE_PORT:-9201}"
  if [[ "$1" == single ]]; then
    printf '%s\n' "${ES_HTTP_PORT:-9200}"
  else
    printf '%s\n' "${base}" $((base + 1)) $((base + 2))
  fi
}

# Transport port of the node whose HTTP port is $2.
es_transport_port() {
  if [[ "$1" == single ]]; then
    printf '%s\n' "${ES_TRANSPORT_PORT:-9300}"
  else
    printf '%s\n' $(($2 - ${ES_CLUSTER_HTTP_BASE_PORT:-9201} + ${ES_CLUSTER_TRANSPORT_BASE_PORT:-9301}))
  fi
}

# The JVM options the distribution would give the node (its jvm.options + system options); heap from STORE_MEMORY_MB.
# Its GC log too (logs/gc.log, rotated at 64 MB, 32 files): GC and safepoint pauses stop every request of the node,
# and the log is how a stall inside a probe window is told apart from a merge or a refresh.
es_jvm_options() {
  local dir="$1" heap
  heap="$(memory_per_process_mb elasticsearch "$2")m"
  printf '%s\n' "-Xms${heap}" "-Xmx${heap}" -XX:+UseG1GC -XX:G1ReservePercent=25 \
    -XX:InitiatingHeapOccupancyPercent=30 -Xss1m -Djava.awt.headless=true -Dfile.encoding=UTF-8 -Djna.nosys=true \
    -XX:-OmitStackTraceInFastThrow -Dio.netty.noUnsafe=true -Dio.netty.noKeySetOptimization=true \
    -Dio.netty.recycler.maxCapacityPerThread=0 -Dlog4j.shutdownHookEnabled=false -Dlog4j2.disable.jmx=true \
    -Dlog4j2.formatMsgNoLookups=true -XX:+HeapDumpOnOutOfMemoryError -XX:+ExitOnOutOfMemoryError \
    "-XX:HeapDumpPath=${dir}/data" "-XX:ErrorFile=${dir}/logs/hs_err_pid%p.log" "-Djava.io.tmpdir=${dir}/tmp" \
    "-Xlog:gc*,gc+age=trace,safepoint:file=${dir}/logs/gc.log:utctime,level,pid,tags:filecount=32,filesize=64m"
}

# Node settings as key: value lines.
es_node_settings() {
  local topo="$1" port="$2" dir="$3" seeds=() masters=() p
  local -a bootstrap=()
  printf 'path.home: %s\npath.data: %s/data\npath.logs: %s/logs\n' "${dir}" "${dir}" "${dir}"
  if [[ "${topo}" == single ]]; then
    printf 'cluster.name: ycsb-docsearch-single\nnode.name: es-%s\nnetwork.host: 127.0.0.1\n' "${port}"
    printf 'http.port: %s\ntransport.port: %s\ndiscovery.type: single-node\n' "${port}" "$(es_transport_port single "${port}")"
  else
    while read -r p; do
      seeds+=("127.0.0.1:$(es_transport_port cluster "${p}")")
      masters+=("es-${p}")
    done < <(elasticsearch_ports cluster)
    # Bootstrap only a brand-new cluster: once a node has state, initial master nodes must not be set again.
    [[ -n "$(find "${dir}/data" -mindepth 1 -print -quit 2>/dev/null)" ]] \
      || bootstrap=(--masters "$(IFS=,; echo "${masters[*]}")")
    "${REPO_ROOT}/scripts/cluster/es-node-config.sh" --cluster-name ycsb-docsearch-cluster --node-name "es-${port}" \
      --host 127.0.0.1 --http-port "${port}" --transport-port "$(es_transport_port cluster "${port}")" \
      --seeds "$(IFS=,; echo "${seeds[*]}")" "${bootstrap[@]}"
  fi
}

elasticsearch_start_instance() {
  local topo="$1" port="$2" dir="$3" dist java
  local -a prefix jvm settings
  dist="$(es_dist_dir)"
  java="${JAVA:-java}"
  command -v "${java}" >/dev/null || die "java not found (JDK 17+ needed for Elasticsearch)"
  mkdir -p "${dir}/data" "${dir}/logs" "${dir}/tmp"
  mapfile -t prefix < <(cpuset_prefix)
  mapfile -t jvm < <(es_jvm_options "${dir}" "${topo}")
  mapfile -t settings < <(es_node_settings "${topo}" "${port}" "${dir}" | sed -E 's/^([^:]+): (.*)$/-E\1=\2/')
  printf '%s\n' "${settings[@]}" >"${dir}/settings.args"
  # setsid: own session, like the daemonized redis-server and mongod, so a caller killing its process group (a CI
  # step, a timeout) does not take the node down. setsid, nohup and taskset all exec, so $! is the JVM's PID.
  setsid nohup "${prefix[@]}" "${java}" "${jvm[@]}" -cp "${dist}/elasticsearch-node.jar:${dist}/lib/*" \
    io.github.ycsbdocsearch.esnode.EsNodeLauncher "${settings[@]}" >>"${dir}/logs/node.log" 2>&1 </dev/null &
  printf '%s\n' "$!" >"${dir}/pid"
}

elasticsearch_ready() {
  probe http "http://127.0.0.1:$2/" >/dev/null 2>&1
}

# Single: wait for yellow (one node can never place replicas). Cluster: green with all 3 nodes joined.
elasticsearch_form() {
  local topo="$1" urls=() p
  if [[ "${topo}" == single ]]; then
    p="$(elasticsearch_ports single)"
    wait_until 120 "elasticsearch cluster health yellow on port ${p}" es_health_at_least_yellow "${p}"
    return
  fi
  while read -r p; do urls+=("http://127.0.0.1:${p}"); done < <(elasticsearch_ports cluster)
  PYTHON="$(venv_python)" "${REPO_ROOT}/scripts/cluster/es-cluster-wait.sh" --nodes 3 "${urls[@]}"
}

# "PORT<TAB>ROLE" of the node holding the most primary shards of the benchmark's index (FAULT_ES_INDEX, default
# usertable: the binding's index is the YCSB table), or of any index when that one has none: the rule of
# scripts/cluster/es_primary.py, which the AWS servers' fault helper runs too.
elasticsearch_primary() {
  probe es-state "http://127.0.0.1:$(first_port elasticsearch "$1")" \
    | "$(venv_python)" "${REPO_ROOT}/scripts/cluster/es_primary.py" "${FAULT_ES_INDEX:-usertable}" | cut -f2-
}

# Whole again after a node came back, by scripts/cluster/es_whole.py (the AWS servers' rule too), as every node sees
# it: all 3 nodes and a status that is not red.
elasticsearch_whole() {
  local p
  while read -r p; do
    wait_until "${STORES_START_TIMEOUT:-300}" "elasticsearch on port ${p}: 3 nodes, status not red" \
      es_whole_at "${p}" 3 || return 1
  done < <(elasticsearch_ports "$1")
}

es_whole_at() {
  probe http "http://127.0.0.1:$1/_cluster/health" 2>/dev/null \
    | "$(venv_python)" "${REPO_ROOT}/scripts/cluster/es_whole.py" "$2" 2>/dev/null
}

es_health_at_least_yellow() {
  probe http "http://127.0.0.1:$1/_cluster/health?wait_for_status=yellow&timeout=1s" 2>/dev/null \
    | grep -Eq '"status":"(yellow|green)"'
}

elasticsearch_version() {
  probe http "http://127.0.0.1:$2/" |
    "$(venv_python)" -c 'import json,sys; v=json.load(sys.stdin)["version"]; print(v["number"], "(lucene", v["lucene_version"] + ")")'
}

elasticsearch_hosts() {
  local list=() p
  while read -r p; do list+=("http://127.0.0.1:${p}"); done < <(elasticsearch_ports "$1")
  printf 'es.hosts=%s\n' "$(IFS=,; echo "${list[*]}")"
  # The index layout the cluster is for: one primary per node, each with a replica on another node.
  [[ "$1" != cluster ]] || printf 'es.shards=3\nes.replicas=1\n'
}

# Settings as key=value lines; what the node reports of itself under "server" (see redisjson_settings).
elasticsearch_settings() {
  local topo="$1" port dir
  port="$(first_port elasticsearch "${topo}")"
  dir="$(instance_dir elasticsearch "${topo}" "${port}")"
  printf 'server.version=%s\n' "$(elasticsearch_version "${topo}" "${port}" | awk '{print $1}')"
  printf 'launcher="stores/elasticsearch-node (server jars from Maven Central, no distribution bootstrap checks, no x-pack)"\n'
  printf 'heap=%s\n' "$(memory_per_process_mb elasticsearch "${topo}")m"
  printf 'jvm_options=%s\n' "$(es_jvm_options "${dir}" "${topo}" | "$(venv_python)" -c 'import json,sys; print(json.dumps(sys.stdin.read().split()))')"
  # The -E flags the node was actually started with (written by elasticsearch_start_instance).
  printf 'node_settings=%s\n' "$("$(venv_python)" -c '
import json, sys
print(json.dumps(dict(l.strip()[2:].split("=", 1) for l in open(sys.argv[1]) if l.strip())))' "${dir}/settings.args")"
  printf 'java=%s\n' "$("${JAVA:-java}" -XshowSettings:properties -version 2>&1 | awk -F' = ' '/java.runtime.version/ {print "\""$2"\""}')"
  # Index settings (shards, replicas, refresh interval, translog durability) belong to the binding that creates the
  # index; node defaults: 1 shard, 1 replica, refresh 1s, translog fsync per request.
  printf 'node_defaults.translog_durability="request"\nnode_defaults.refresh_interval="1s"\n'
  if [[ "${topo}" == cluster ]]; then
    printf 'cluster.reads_from="any copy: primaries and replicas (Elasticsearch spreads searches and gets over in-sync copies by default)"\n'
  else
    printf 'reads_from="the single node"\n'
  fi
}


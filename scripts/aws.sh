#!/usr/bin/env bash
# The AWS journey in one command (terraform/README.md): apply, wait until every machine is ready, sweep from
# client 0, bring the results home verified, destroy. Each stage is also a command of its own.
#
# Usage: scripts/aws.sh run WORKLOAD [SWEEP OPTION...] [--keep]
#        scripts/aws.sh up | sweep WORKLOAD [SWEEP OPTION...] | fetch [RUN...] | verify | down [--force]
#        scripts/aws.sh extend HOURS | reap [--yes] [--region R]...
#   run     up, sweep, fetch (which verifies), down. On a failure, or on Ctrl-C (INT) or TERM, it stops the sweep on
#           client 0 (on a signal), fetches what exists (an unfinished run as DEST/<run>.partial) and destroys, unless
#           --keep or the fetch failed: then the cluster stays up, and it says what it costs per hour and when it ends
#           itself. A second Ctrl-C leaves at once (the cluster stays; it still ends itself).
#   up      makes the cluster's SSH host keys (<tf-dir>/.cluster/, once per cluster), `git archive` of HEAD,
#           `terraform apply`, writes <tf-dir>/.cluster/known_hosts from its outputs (every SSH call checks host keys
#           strictly against it), then waits until every server and client says ready in its status.json (one check
#           over all machines, repeated; a machine that says failed, or the time limit, ends it with each machine's
#           state and reason), writes the hosts file and copies it to client 0.
#   sweep   starts ./run-sweep.sh WORKLOAD --hosts hosts.json [SWEEP OPTION...] on client 0, detached (it goes on if
#           this machine loses its connection; `sweep` again only waits for it), and waits for its end (at most
#           --sweep-timeout), printing its progress; ends with the sweep's own exit status.
#   fetch   scripts/aws-results.sh fetch: every run of client 0 into DEST, sealed, copied, verified.
#   verify  scripts/aws-results.sh verify on DEST's copy of every run client 0 holds.
#   down    `terraform destroy`, only once every run on client 0 is home and verified with the digest client 0
#           gives now (DEST/<run>/.verified), no sweep runs there and client 0 answers; --force destroys from the
#           Terraform state alone (no outputs, no machine asked: also after an apply that stopped half-way).
#   extend  every machine now ends HOURS hours from now (0: at once): its expiry timer (scripts/provision/expiry.sh)
#           is moved over SSH, and the instances' expires-at and expires-on tags with the aws CLI.
#   reap    lists the project's instances (tag Project=ycsb-docsearch) of any cluster whose expires-on date or
#           expires-at time has passed, in the configured region (the region output, else terraform.tfvars or
#           *.auto.tfvars in the Terraform configuration, else us-east-1: var.region's default) or in every --region
#           given; with --yes terminates them (`aws ec2 terminate-instances`: the machines are what costs; destroy the
#           rest from the checkout that applied it).
# Options (before or after the command's own arguments; the sweep's options after WORKLOAD go to the sweep):
#   --tf-dir DIR        the Terraform configuration (default: <repo>/terraform); its .cluster/ holds the host keys
#   --outputs FILE      a saved `terraform output -json` instead of asking terraform (not with up, run or down)
#   --dest DIR          where runs come home (default: <repo>/results)
#   --identity KEY      SSH private key (default: ssh's own: agent, ~/.ssh/config)
#   --ready-timeout S   how long up waits for ready machines (default 2700 s)
#   --sweep-timeout S   how long sweep (and run) waits for the sweep's end (default 21600 s, the default ttl_hours)
#   --region R          reap: a region to look in (repeatable; default: the configured region)
# Settings: TERRAFORM (terraform), AWS_CLI (aws), AWS_SH_POLL_S (30: seconds between looks at the machines),
#   YCSB_DOCSEARCH_SSH_CONFIG (an ssh config file for every ssh call, ssh -F; the fake cloud's).
# Exit status: 0 done; 1 a stage failed (its lines say which); 2 bad arguments, nothing touched; 3 down refused:
# a run is not home verified, a sweep still runs, or client 0 cannot tell (the lines name each); 4 the sweep failed
# (its exit status is in the log); 130 or 143: run was interrupted (INT or TERM). fetch and verify end with
# scripts/aws-results.sh's status (0-4, see there).
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly REPO_ROOT
readonly EXIT_FAILED=1 EXIT_REFUSED=3 EXIT_SWEEP=4
# One host key per machine the configuration allows: 9 servers and 4 clients (terraform/variables.tf).
readonly MAX_MACHINES=13
# common.sh's functions, usage_error, cluster_option, cluster_outputs, cluster_ssh, remote
# shellcheck source=lib/cluster-ssh.sh
source "${REPO_ROOT}/scripts/lib/cluster-ssh.sh"

log() {
  printf 'aws.sh: %s %s\n' "$(date -u +%H:%M:%S)" "$*" >&2
}

tf() {
  "${TERRAFORM:-terraform}" -chdir="${TF_DIR}" "$@"
}

# The cluster's own files: its SSH host keys and known_hosts (up makes them, down removes them once destroyed).
cluster_dir() {
  printf '%s/.cluster\n' "${TF_DIR}"
}

# The terraform outputs into OUTPUTS_JSON, the addresses this script needs, and the known_hosts every ssh call checks
# strictly (<tf-dir>/.cluster/known_hosts; a file of this run's own with --outputs).
load_outputs() {
  cluster_outputs err || return 1
  mapfile -t MACHINES < <(jq -r '(.server_public_ips.value[] | "server \(.)"), (.client_public_ips.value[] | "client \(.)")' \
    <<<"${OUTPUTS_JSON}")
  KNOWN_HOSTS="$(cluster_dir)/known_hosts"
  [[ -z "${OUTPUTS}" ]] || KNOWN_HOSTS="$(mktemp)"
  cluster_ssh err "${KNOWN_HOSTS}"
}

# Passes the options this script shares with aws-results.sh on to it.
results() {
  local -a opts=(--dest "${DEST}")
  if [[ -n "${OUTPUTS}" ]]; then opts+=(--outputs "${OUTPUTS}"); else opts+=(--tf-dir "${TF_DIR}"); fi
  [[ -z "${IDENTITY}" ]] || opts+=(--identity "${IDENTITY}")
  "${REPO_ROOT}/scripts/aws-results.sh" "$1" "${opts[@]}" "${@:2}"
}

# One look at every machine's status.json: prints "ROLE IP STATE DETAIL" a line ("unreachable" when SSH fails).
machine_states() {
  local m role ip json why
  why="$(mktemp)"
  for m in "${MACHINES[@]}"; do
    role="${m%% *}" ip="${m#* }"
    if json="$(remote "${ip}" state status.json 2>"${why}" | tar -xOf - status.json 2>/dev/null)" && [[ -n "${json}" ]]; then
      printf '%s %s %s\n' "${role}" "${ip}" "$(jq -r '"\(.state // "unknown") \(.detail // "")"' <<<"${json}" 2>/dev/null \
        || echo 'unreadable status.json')"
    elif grep -q 'Host key verification failed' "${why}"; then
      printf '%s %s unreachable: its host key is not the one terraform gave it (known_hosts: %s)\n' "${role}" "${ip}" \
        "$(cluster_dir)/known_hosts"
    else
      printf '%s %s unreachable (no SSH answer, or no status.json yet)\n' "${role}" "${ip}"
    fi
  done
  rm -f "${why}"
}

# Waits until every machine says ready; fails at the first that says failed, or after READY_TIMEOUT.
wait_ready() {
  local deadline=$((SECONDS + READY_TIMEOUT)) states not_ready
  while :; do
    states="$(machine_states)"
    if grep -q '^[a-z]* [^ ]* failed' <<<"${states}"; then
      err "provisioning failed:"
      grep '^[a-z]* [^ ]* failed' <<<"${states}" | sed 's/^/  /' >&2
      return 1
    fi
    not_ready="$(grep -v '^[a-z]* [^ ]* ready' <<<"${states}" || true)"
    [[ -n "${not_ready}" ]] || { log "all ${#MACHINES[@]} machines ready"; return 0; }
    if ((SECONDS >= deadline)); then
      err "not ready after ${READY_TIMEOUT} s:"
      printf '  %s\n' "${not_ready//$'\n'/$'\n'  }" >&2
      return 1
    fi
    log "waiting for $(wc -l <<<"${not_ready}") machine(s): $(head -1 <<<"${not_ready}")"
    sleep "${POLL_S}"
  done
}

up() {
  [[ -z "${OUTPUTS}" ]] || usage_error "up runs terraform: no --outputs"
  git -C "${REPO_ROOT}" diff --quiet HEAD 2>/dev/null \
    || log "warning: uncommitted changes are not in the bundle (it is git archive of HEAD)"
  # The host keys before anything: terraform puts one on each machine, and known_hosts is made from them.
  "${REPO_ROOT}/scripts/lib/host-keys.sh" "$(cluster_dir)" "${MAX_MACHINES}" "${TF_DIR}/ssh-host-keys.auto.tfvars.json" \
    || { err "could not make the cluster's SSH host keys in $(cluster_dir)"; return 1; }
  local archive
  archive="$(mktemp -d)/ycsb-docsearch.tar.gz"
  git -C "${REPO_ROOT}" archive --format=tar.gz --prefix=ycsb-docsearch/ -o "${archive}" HEAD
  log "terraform apply (bundle $(git -C "${REPO_ROOT}" rev-parse --short HEAD))"
  tf init -input=false >/dev/null || { err "terraform init failed"; return 1; }
  tf apply -input=false -auto-approve -var "repo_archive_path=${archive}" || { err "terraform apply failed"; return 1; }
  rm -f "${archive}"
  load_outputs
  wait_ready || return 1
  hosts_to_client
}

# The hosts file, made from the outputs and copied to client 0 (mode 0600 on both ends), and the cluster's known_hosts
# to the file the hosts file names there (the fault_ssh output's known_hosts): the sweep checks every machine it
# reaches against it, strictly.
hosts_to_client() {
  local hosts known
  known="$(jq -r '.fault_ssh.value.known_hosts // empty' <<<"${OUTPUTS_JSON}")"
  if [[ -n "${known}" ]]; then
    # shellcheck disable=SC2029  # the path is quoted here, on purpose
    ssh "${SSH_OPTS[@]}" "${SSH_USER}@${CLIENT}" \
      "umask 077 && mkdir -p $(printf '%q' "$(dirname "${known}")") && cat >$(printf '%q' "${known}.tmp") \
        && mv $(printf '%q %q' "${known}.tmp" "${known}")" <"${KNOWN_HOSTS}" \
      || { err "could not copy the cluster's known_hosts to client 0"; return 1; }
  fi
  hosts="$(mktemp)"
  "${REPO_ROOT}/scripts/hosts-from-terraform.sh" --json - --out "${hosts}" <<<"${OUTPUTS_JSON}" \
    || { rm -f "${hosts}"; return 1; }
  # shellcheck disable=SC2016  # expands on client 0
  ssh "${SSH_OPTS[@]}" "${SSH_USER}@${CLIENT}" \
    'umask 077 && cd "${YCSB_DOCSEARCH_REPO:-ycsb-docsearch}" && cat >hosts.json.tmp && mv hosts.json.tmp hosts.json' \
    <"${hosts}" || { rm -f "${hosts}"; err "could not copy the hosts file to client 0"; return 1; }
  rm -f "${hosts}"
  log "hosts file${known:+ and known_hosts} on client 0"
}

# Starts the sweep on client 0 unless one runs there already, then waits for its end.
sweep() {
  (($#)) || usage_error "sweep needs a WORKLOAD"
  load_outputs
  local status
  status="$(remote "${CLIENT}" sweep-status)" || { err "cannot reach client 0 (${CLIENT})"; return 1; }
  SWEEP_STARTED=1
  if [[ "${status}" == running* ]]; then
    log "a sweep already runs on client 0 (${status#running }): waiting for it"
  else
    remote "${CLIENT}" sweep-start "$@" >/dev/null || { err "could not start the sweep on client 0"; return 1; }
    log "sweep started on client 0: ./run-sweep.sh $* --hosts hosts.json"
  fi
  wait_sweep
}

# Polls client 0 until its sweep has ended, for SWEEP_TIMEOUT seconds at most (the sweep goes on then: `sweep` waits
# again); returns 0 when it ended with 0, EXIT_SWEEP when it ended otherwise, 1 when it could not tell.
wait_sweep() {
  local status last="" line misses=0 deadline=$((SECONDS + SWEEP_TIMEOUT))
  while :; do
    ((SECONDS < deadline)) \
      || { err "the sweep has not ended after ${SWEEP_TIMEOUT} s (--sweep-timeout); it goes on on client 0: scripts/aws.sh sweep waits for it again"; return 1; }
    if ! status="$(remote "${CLIENT}" sweep-status 2>/dev/null)"; then
      ((++misses <= 10)) || { err "client 0 has not answered 10 times in a row"; return 1; }
      sleep "${POLL_S}"
      continue
    fi
    misses=0
    line="$(remote "${CLIENT}" sweep-log 2>/dev/null || true)"
    [[ -z "${line}" || "${line}" == "${last}" ]] || log "client 0: ${line}"
    last="${line}"
    case "${status}" in
      "done 0")
        log "the sweep ended (exit 0)"
        return 0
        ;;
      done*)
        err "the sweep ended with exit status ${status#done }; its log: ${YCSB_DOCSEARCH_REPO:-ycsb-docsearch}/.aws-sweep/sweep.log on client 0"
        return "${EXIT_SWEEP}"
        ;;
      none)
        err "no sweep runs on client 0 and none ended there"
        return 1
        ;;
    esac
    sleep "${POLL_S}"
  done
}

# down's check (see the usage): prints each reason not to destroy; returns 0 or EXIT_REFUSED.
guard() {
  local status runs run digest rc refused=0 home
  status="$(remote "${CLIENT}" sweep-status)" \
    || { err "client 0 (${CLIENT}) does not answer: cannot tell whether its results came home (--force destroys anyway)"; return "${EXIT_REFUSED}"; }
  [[ "${status}" != running* ]] || { err "a sweep still runs on client 0 (pid ${status#running })"; refused=1; }
  runs="$(remote "${CLIENT}" runs)" || { err "cannot list the runs on client 0"; return "${EXIT_REFUSED}"; }
  while IFS= read -r run; do
    [[ -n "${run}" ]] || continue
    rc=0
    digest="$(remote "${CLIENT}" seal "${run}" 2>/dev/null)" || rc=$?
    if ((rc != 0)); then
      err "run ${run} on client 0 is not finished (or cannot be sealed): it has not come home"
      refused=1
      continue
    fi
    home="$(jq -r '.digest // ""' "${DEST}/${run}/.verified" 2>/dev/null || true)"
    [[ ! -e "${DEST}/${run}/.fetch-incomplete" && "${home}" == "${digest}" ]] \
      || { err "run ${run} has not come home verified (scripts/aws.sh fetch)"; refused=1; }
  done <<<"${runs}"
  ((refused == 0)) \
    || { err "not destroying: the results above would be lost (--force destroys anyway)"; return "${EXIT_REFUSED}"; }
  log "every run on client 0 is home and verified: $(wc -w <<<"${runs}") run(s)"
}

# terraform destroy (--force: see the usage); once destroyed, the cluster's host keys and known_hosts go.
down() {
  [[ -z "${OUTPUTS}" ]] || usage_error "down runs terraform: no --outputs"
  if ((FORCE)); then
    log "--force: destroying from the Terraform state, without looking at the results"
  else
    load_outputs
    guard || return $?
  fi
  log "terraform destroy"
  tf destroy -input=false -auto-approve -var "repo_archive_path=/nonexistent/ycsb-docsearch.tar.gz" \
    || { err "terraform destroy failed: run it again, the cluster still bills"; return 1; }
  rm -rf "$(cluster_dir)" "${TF_DIR}/ssh-host-keys.auto.tfvars.json"
  log "destroyed"
}

verify() {
  load_outputs
  local runs run
  local -a dirs=()
  runs="$(remote "${CLIENT}" runs)" || { err "cannot list the runs on client 0"; return 3; }
  while IFS= read -r run; do
    [[ -z "${run}" ]] || dirs+=("${DEST}/${run}")
  done <<<"${runs}"
  ((${#dirs[@]})) || { err "client 0 holds no run"; return 1; }
  "${REPO_ROOT}/scripts/aws-results.sh" verify --servers "$(jq '.server_public_ips.value | length' <<<"${OUTPUTS_JSON}")" \
    --clients "$(jq '.client_public_ips.value | length' <<<"${OUTPUTS_JSON}")" "${dirs[@]}"
}

# Every machine ends HOURS from now: its timer moved over SSH, the instances' tags with the aws CLI.
extend() {
  local hours="$1" at m failed=0 region
  load_outputs
  at="$(date -u -d "+${hours} hours" +%Y-%m-%dT%H:%M:%SZ)"
  for m in "${MACHINES[@]}"; do
    remote "${m#* }" expiry-set "${at}" >/dev/null || { err "${m}: its end was not moved"; failed=1; }
  done
  local -a ids=()
  mapfile -t ids < <(jq -r '(.instance_ids.value // [])[]' <<<"${OUTPUTS_JSON}")
  region="$(jq -r '.region.value // empty' <<<"${OUTPUTS_JSON}")"
  if ((${#ids[@]} == 0)) || [[ -z "${region}" ]]; then
    err "the outputs name no instance_ids or region: the tags were not moved"
    failed=1
  elif ! "${AWS_CLI:-aws}" ec2 create-tags --region "${region}" --resources "${ids[@]}" \
    --tags "Key=expires-at,Value=${at}" "Key=expires-on,Value=${at%%T*}" >/dev/null; then
    err "aws ec2 create-tags failed: the timers moved, the tags did not (reap reads the tags)"
    failed=1
  fi
  ((failed == 0)) || return 1
  log "every machine (${#MACHINES[@]}) now ends at ${at}; a later terraform apply sets the expires-on tag back to var.expires_on"
}

# The region reap looks in when none is named: the cluster's region output, else region = "..." in the
# configuration's terraform.tfvars or *.auto.tfvars, else var.region's default.
configured_region() {
  local region file
  region="$(tf output -raw region 2>/dev/null)" || region=""
  if [[ -z "${region}" ]]; then
    for file in "${TF_DIR}"/terraform.tfvars "${TF_DIR}"/*.auto.tfvars; do
      [[ -f "${file}" ]] || continue
      region="$(sed -n 's/^[[:space:]]*region[[:space:]]*=[[:space:]]*"\([a-z0-9-]*\)".*/\1/p' "${file}" | tail -1)"
      [[ -z "${region}" ]] || break
    done
  fi
  printf '%s\n' "${region:-us-east-1}"
}

# The project's instances past their expires-on date or expires-at time in REGION: "ID NAME expires-on=... [expires-at=...]".
expired_in() {
  local region="$1" json
  json="$("${AWS_CLI:-aws}" ec2 describe-instances --region "${region}" --output json \
    --filters Name=tag:Project,Values=ycsb-docsearch Name=instance-state-name,Values=pending,running,stopping,stopped)" \
    || { err "aws ec2 describe-instances failed in ${region}"; return 1; }
  jq -r --arg today "$(date -u +%Y-%m-%d)" --arg now "$(date -u +%Y-%m-%dT%H:%M:%SZ)" '[.Reservations[].Instances[]
      | {id: .InstanceId, tags: ((.Tags // []) | from_entries)}
      | select((.tags["expires-on"] // "0000-00-00") < $today or (.tags["expires-at"] // "9999") < $now)]
    | .[] | "\(.id) \(.tags.Name // "?") expires-on=\(.tags["expires-on"] // "none")\(
        if .tags["expires-at"] then " expires-at=\(.tags["expires-at"])" else "" end)"' <<<"${json}"
}

reap() {
  local region expired failed=0
  ((${#REGIONS[@]})) || REGIONS=("$(configured_region)")
  for region in "${REGIONS[@]}"; do
    expired="$(expired_in "${region}")" || { failed=1; continue; }
    [[ -n "${expired}" ]] || { log "no instance of the project past its expiry in ${region}"; continue; }
    printf '%s\n' "${expired}"
    ((YES)) \
      || { log "$(wc -l <<<"${expired}") instance(s) past their expiry in ${region}; scripts/aws.sh reap --yes terminates them"; continue; }
    local -a ids=()
    mapfile -t ids < <(cut -d' ' -f1 <<<"${expired}")
    if ! "${AWS_CLI:-aws}" ec2 terminate-instances --region "${region}" --instance-ids "${ids[@]}" >/dev/null; then
      err "aws ec2 terminate-instances failed in ${region}"
      failed=1
      continue
    fi
    log "terminated ${#ids[@]} instance(s) in ${region}; their VPCs, buckets and parameters cost nothing by the hour: terraform destroy from the checkout that applied each removes them"
  done
  return "${failed}"
}

# What a cluster left up costs and when it ends itself, in one line.
say_kept() {
  local cost at
  cost="$(jq -r '.estimated_cost_per_hour_usd.value // "?"' <<<"${OUTPUTS_JSON:-{\}}")"
  at="$(remote "${CLIENT}" state expires-at 2>/dev/null | tar -xOf - expires-at 2>/dev/null)" \
    || at="$(jq -r '"\(.expiry.value.ttl_hours // "ttl_hours") hours after it booted"' <<<"${OUTPUTS_JSON:-{\}}")"
  log "the cluster stays up: about USD ${cost} per hour, until it ends itself at ${at:-?} (scripts/aws.sh extend HOURS moves that; scripts/aws.sh down destroys it now)"
}

# Whether every run on client 0 is home: verified, copied whole (its SHA256SUMS holds, even if the run then failed its
# check, as an interrupted one may), or as <run>.partial. Names each that is not.
runs_home() {
  local runs run missing=0
  runs="$(remote "${CLIENT}" runs)" || { err "cannot list the runs on client 0"; return 1; }
  while IFS= read -r run; do
    [[ -n "${run}" && ! -d "${DEST}/${run}.partial" && ! -f "${DEST}/${run}/.verified" ]] || continue
    if [[ ! -f "${DEST}/${run}/SHA256SUMS" ]] \
      || ! (cd "${DEST}/${run}" && sha256sum --quiet -c SHA256SUMS >/dev/null 2>&1); then
      err "run ${run} has not come home"
      missing=1
    fi
  done <<<"${runs}"
  return "${missing}"
}

# How run ends after a failure or a signal (see the usage). Without outputs (up stopped before them) there is
# nothing to fetch: destroy from the state.
wind_down() {
  local stop_sweep="$1" rc=0 runs
  if [[ -z "${OUTPUTS_JSON:-}" || "${SWEEP_STARTED}" == 0 ]]; then
    if ((KEEP)) && [[ -n "${OUTPUTS_JSON:-}" ]]; then
      say_kept
      return 0
    fi
    log "no sweep ran: destroying"
    FORCE=1
    down || true
    return 0
  fi
  ((stop_sweep == 0)) \
    || log "stopping the sweep on client 0: $(remote "${CLIENT}" sweep-stop 2>/dev/null || echo 'it could not be reached')"
  if runs="$(remote "${CLIENT}" runs 2>/dev/null)" && [[ -z "${runs}" ]]; then
    log "client 0 holds no run: nothing to fetch"
  else
    results fetch --partial || rc=$?
    ((rc == 0)) || log "the fetch ended with ${rc} (above); what came home is in ${DEST}"
  fi
  if ((KEEP)); then
    say_kept
  elif ! runs_home; then
    err "what exists on client 0 did not all come home (above): not destroying (scripts/aws.sh fetch, then down)"
    say_kept
  else
    log "what exists is home in ${DEST}: destroying"
    FORCE=1
    down || true
  fi
}

# INT or TERM during run: wind down (the sweep stopped first), then leave with 130 or 143. A second signal leaves
# at once.
interrupted() {
  local code=130
  [[ "$1" == INT ]] || code=143
  trap 'err "interrupted again: leaving now; the cluster ends itself at its expiry (scripts/aws.sh down destroys it)"; exit '"${code}" INT TERM
  log "$1: stopping, fetching what exists, then $( ((KEEP)) && echo keeping || echo destroying) the cluster"
  wind_down 1
  exit "${code}"
}

# The whole journey; on a failure or a signal it fetches what exists and destroys, unless --keep.
run() {
  (($#)) || usage_error "run needs a WORKLOAD"
  trap 'interrupted INT' INT
  trap 'interrupted TERM' TERM
  local rc=0
  up || rc=$?
  ((rc != 0)) || sweep "$@" || rc=$?
  if ((rc != 0)); then
    log "a stage failed (above): fetching what exists"
    wind_down 0
    return "${rc}"
  fi
  results fetch || { wind_down 0; return "${EXIT_FAILED}"; }
  ((KEEP == 0)) || { say_kept; return 0; }
  down
}

main() {
  READY_TIMEOUT=2700 SWEEP_TIMEOUT=21600 KEEP=0 FORCE=0 YES=0 POLL_S="${AWS_SH_POLL_S:-30}" SWEEP_STARTED=0
  OUTPUTS_JSON="" KNOWN_HOSTS="" REGIONS=()
  local command="${1:-}"
  case "${command}" in
    -h | --help) usage; return 0 ;;
    run | up | sweep | fetch | verify | down | extend | reap) shift ;;
    "") usage_error "no command (run, up, sweep, fetch, verify, down, extend or reap)" ;;
    *) usage_error "unknown command '${command}'" ;;
  esac
  local -a args=()
  while (($#)); do
    case "$1" in
      --tf-dir | --outputs | --dest | --identity | --ready-timeout | --sweep-timeout | --region)
        if (($# < 2)) || [[ -z "$2" ]]; then usage_error "$1 needs a value"; fi
        case "$1" in
          --tf-dir | --outputs | --dest | --identity) cluster_option "$1" "$2" ;;
          --ready-timeout) [[ "$2" =~ ^[0-9]+$ ]] || usage_error "--ready-timeout needs seconds, not '$2'"; READY_TIMEOUT="$2" ;;
          --sweep-timeout) [[ "$2" =~ ^[0-9]+$ ]] || usage_error "--sweep-timeout needs seconds, not '$2'"; SWEEP_TIMEOUT="$2" ;;
          --region) [[ "$2" =~ ^[a-z]{2}(-gov)?-[a-z]+-[0-9]$ ]] || usage_error "--region $2 is not a region"; REGIONS+=("$2") ;;
        esac
        shift 2
        ;;
      --keep) KEEP=1; shift ;;
      --force) FORCE=1; shift ;;
      --yes) YES=1; shift ;;
      -h | --help) usage; return 0 ;;
      *) args+=("$1"); shift ;;
    esac
  done
  [[ "${command}" == run || "${KEEP}" == 0 ]] || usage_error "--keep belongs to run"
  [[ "${command}" == down || "${FORCE}" == 0 ]] || usage_error "--force belongs to down"
  [[ "${command}" == reap || ("${YES}" == 0 && ${#REGIONS[@]} == 0) ]] || usage_error "--yes and --region belong to reap"
  [[ "${command}" == run || "${command}" == sweep || "${command}" == fetch || "${command}" == extend || ${#args[@]} == 0 ]] \
    || usage_error "${command} takes no argument '${args[0]}'"
  if [[ "${command}" == extend ]] && { ((${#args[@]} != 1)) || [[ ! "${args[0]}" =~ ^[0-9]+$ ]]; }; then
    usage_error "extend takes HOURS, whole hours from now"
  fi
  [[ "${POLL_S}" =~ ^[0-9]+$ ]] || usage_error "AWS_SH_POLL_S must be whole seconds"
  command -v jq >/dev/null || { err "jq is not on PATH"; return 1; }
  case "${command}" in
    run) run "${args[@]}" ;;
    up) up ;;
    sweep) sweep "${args[@]}" ;;
    fetch) results fetch "${args[@]}" ;;
    verify) verify ;;
    down) down ;;
    extend) extend "${args[0]}" ;;
    reap) reap ;;
  esac
}

main "$@"

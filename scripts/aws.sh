#!/usr/bin/env bash
# The AWS journey in one command (terraform/README.md): apply, wait until every machine is ready, sweep from
# client 0, bring the results home verified, destroy. Each stage is also a command of its own.
#
# Usage: scripts/aws.sh run WORKLOAD [SWEEP OPTION...] [--keep]
#        scripts/aws.sh up | sweep WORKLOAD [SWEEP OPTION...] | fetch [RUN...] | verify | down [--force] | reap [--yes]
#   run     up, sweep, fetch (which verifies), down. On a failure it still fetches what it can and destroys,
#           unless --keep (then the cluster stays up and bills by the hour: see `down`).
#   up      `git archive` of HEAD, `terraform apply`, then waits until every server and client says ready in its
#           status.json (one check over all machines, repeated; a machine that says failed, or the time limit, ends
#           it with each machine's state and reason), writes the hosts file and copies it to client 0.
#   sweep   starts ./run-sweep.sh WORKLOAD --hosts hosts.json [SWEEP OPTION...] on client 0, detached (it goes on if
#           this machine loses its connection; `sweep` again only waits for it), and waits for its end, printing
#           its progress; ends with the sweep's own exit status.
#   fetch   scripts/aws-results.sh fetch: every run of client 0 into DEST, sealed, copied, verified.
#   verify  scripts/aws-results.sh verify on DEST's copy of every run client 0 holds.
#   down    `terraform destroy`, only once every run on client 0 is home and verified with the digest client 0
#           gives now (DEST/<run>/.verified), no sweep runs there and client 0 answers; --force destroys anyway.
#   reap    lists the project's instances (tag Project=ycsb-docsearch) of any cluster in the region whose expires-on
#           date has passed; with --yes terminates them (`aws ec2 terminate-instances`: the machines are what
#           costs; destroy the rest from the checkout that applied it).
# Options (before or after the command's own arguments; the sweep's options after WORKLOAD go to the sweep):
#   --tf-dir DIR        the Terraform configuration (default: <repo>/terraform)
#   --outputs FILE      a saved `terraform output -json` instead of asking terraform (not with up, run or down)
#   --dest DIR          where runs come home (default: <repo>/results)
#   --identity KEY      SSH private key (default: ssh's own: agent, ~/.ssh/config)
#   --ready-timeout S   how long up waits for ready machines (default 2700 s)
#   --region R          reap: the region (default: AWS_REGION, else us-east-1)
# Settings: TERRAFORM (terraform), AWS_CLI (aws), AWS_SH_POLL_S (30: seconds between looks at the machines),
#   YCSB_DOCSEARCH_SSH_CONFIG (an ssh config file for every ssh call, ssh -F; the fake cloud's own known_hosts).
# Exit status: 0 done; 1 a stage failed (its lines say which); 2 bad arguments, nothing touched; 3 down refused:
# a run is not home verified, a sweep still runs, or client 0 cannot tell (the lines name each); 4 the sweep failed
# (its exit status is in the log). fetch and verify end with scripts/aws-results.sh's status (0-4, see there).
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly REPO_ROOT
readonly REMOTE_SCRIPT="${REPO_ROOT}/scripts/lib/remote-results.sh"
readonly EXIT_FAILED=1 EXIT_USAGE=2 EXIT_REFUSED=3 EXIT_SWEEP=4

usage() {
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
}

err() {
  printf 'aws.sh: error: %s\n' "$*" >&2
}

log() {
  printf 'aws.sh: %s %s\n' "$(date -u +%H:%M:%S)" "$*" >&2
}

usage_error() {
  err "$* (scripts/aws.sh --help)"
  exit "${EXIT_USAGE}"
}

tf() {
  "${TERRAFORM:-terraform}" -chdir="${TF_DIR}" "$@"
}

ssh_options() {
  SSH_OPTS=(-o BatchMode=yes -o StrictHostKeyChecking=accept-new -o ConnectTimeout=15 -o ServerAliveInterval=15)
  [[ -z "${IDENTITY}" ]] || SSH_OPTS+=(-i "${IDENTITY}")
  [[ -z "${YCSB_DOCSEARCH_SSH_CONFIG:-}" ]] || SSH_OPTS+=(-F "${YCSB_DOCSEARCH_SSH_CONFIG}")
}

# Runs scripts/lib/remote-results.sh COMMAND ARG... on HOST.
remote() {
  local host="$1"
  shift
  ssh "${SSH_OPTS[@]}" "${SSH_USER}@${host}" bash -s -- "$(printf '%q ' "$@")" <"${REMOTE_SCRIPT}"
}

# The terraform outputs into OUTPUTS_JSON, and the addresses this script needs.
load_outputs() {
  if [[ -n "${OUTPUTS}" ]]; then
    OUTPUTS_JSON="$(cat "${OUTPUTS}")"
  else
    OUTPUTS_JSON="$(tf output -json)" || { err "terraform output -json failed in ${TF_DIR}"; return 1; }
  fi
  jq -e '(.client_public_ips.value | length > 0) and (.server_public_ips.value | length > 0)' \
    <<<"${OUTPUTS_JSON}" >/dev/null 2>&1 || { err "the terraform outputs name no machines (was it applied?)"; return 1; }
  SSH_USER="$(jq -r '.ssh_user.value // "ubuntu"' <<<"${OUTPUTS_JSON}")"
  CLIENT="$(jq -r '.client_public_ips.value[0]' <<<"${OUTPUTS_JSON}")"
  mapfile -t MACHINES < <(jq -r '(.server_public_ips.value[] | "server \(.)"), (.client_public_ips.value[] | "client \(.)")' \
    <<<"${OUTPUTS_JSON}")
}

# Passes the options this script shares with aws-results.sh on to it.
results() {
  local -a opts=(--dest "${DEST}")
  if [[ -n "${OUTPUTS}" ]]; then opts+=(--outputs "${OUTPUTS}"); else opts+=(--tf-dir "${TF_DIR}"); fi
  [[ -z "${IDENTITY}" ]] || opts+=(--identity "${IDENTITY}")
  "${REPO_ROOT}/scripts/aws-results.sh" "$1" "${opts[@]}" "${@:2}"
}

#######################################
# One look at every machine's status.json: prints "ROLE IP STATE DETAIL" a line ("unreachable" when SSH fails).
#######################################
machine_states() {
  local m role ip json
  for m in "${MACHINES[@]}"; do
    role="${m%% *}" ip="${m#* }"
    if json="$(remote "${ip}" state status.json 2>/dev/null | tar -xOf - status.json 2>/dev/null)" && [[ -n "${json}" ]]; then
      printf '%s %s %s\n' "${role}" "${ip}" "$(jq -r '"\(.state // "unknown") \(.detail // "")"' <<<"${json}" 2>/dev/null \
        || echo 'unreadable status.json')"
    else
      printf '%s %s unreachable (no SSH answer, or no status.json yet)\n' "${role}" "${ip}"
    fi
  done
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
    if [[ -z "${not_ready}" ]]; then
      log "all ${#MACHINES[@]} machines ready"
      return 0
    fi
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

# The hosts file, made from the outputs and copied to client 0 (mode 0600 on both ends).
hosts_to_client() {
  local hosts
  hosts="$(mktemp)"
  "${REPO_ROOT}/scripts/hosts-from-terraform.sh" --json - --out "${hosts}" <<<"${OUTPUTS_JSON}" \
    || { rm -f "${hosts}"; return 1; }
  # shellcheck disable=SC2016  # expands on client 0
  ssh "${SSH_OPTS[@]}" "${SSH_USER}@${CLIENT}" \
    'umask 077 && cd "${YCSB_DOCSEARCH_REPO:-ycsb-docsearch}" && cat >hosts.json.tmp && mv hosts.json.tmp hosts.json' \
    <"${hosts}" || { rm -f "${hosts}"; err "could not copy the hosts file to client 0"; return 1; }
  rm -f "${hosts}"
  log "hosts file on client 0"
}

# Starts the sweep on client 0 unless one runs there already, then waits for its end.
sweep() {
  (($#)) || usage_error "sweep needs a WORKLOAD"
  load_outputs
  local status
  status="$(remote "${CLIENT}" sweep-status)" || { err "cannot reach client 0 (${CLIENT})"; return 1; }
  if [[ "${status}" == running* ]]; then
    log "a sweep already runs on client 0 (${status#running }): waiting for it"
  else
    remote "${CLIENT}" sweep-start "$@" >/dev/null || { err "could not start the sweep on client 0"; return 1; }
    log "sweep started on client 0: ./run-sweep.sh $* --hosts hosts.json"
  fi
  wait_sweep
}

# Polls client 0 until its sweep has ended; returns 0 when it ended with 0, EXIT_SWEEP otherwise.
wait_sweep() {
  local status last="" line misses=0
  while :; do
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

#######################################
# Whether the cluster may go: every run on client 0 home and verified with the digest it has now, no sweep running,
# client 0 answering. Prints each reason not to; returns 0 or EXIT_REFUSED.
#######################################
guard() {
  local status runs run digest rc refused=0 home
  if ! status="$(remote "${CLIENT}" sweep-status)"; then
    err "client 0 (${CLIENT}) does not answer: cannot tell whether its results came home (--force destroys anyway)"
    return "${EXIT_REFUSED}"
  fi
  if [[ "${status}" == running* ]]; then
    err "a sweep still runs on client 0 (pid ${status#running })"
    refused=1
  fi
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
    if [[ -e "${DEST}/${run}/.fetch-incomplete" || "${home}" != "${digest}" ]]; then
      err "run ${run} has not come home verified (scripts/aws.sh fetch)"
      refused=1
    fi
  done <<<"${runs}"
  if ((refused)); then
    err "not destroying: the results above would be lost (--force destroys anyway)"
    return "${EXIT_REFUSED}"
  fi
  log "every run on client 0 is home and verified: $(wc -w <<<"${runs}") run(s)"
}

down() {
  [[ -z "${OUTPUTS}" ]] || usage_error "down runs terraform: no --outputs"
  load_outputs
  if ((FORCE)); then
    log "--force: destroying without looking at the results"
  else
    guard || return $?
  fi
  log "terraform destroy"
  tf destroy -input=false -auto-approve -var "repo_archive_path=/nonexistent/ycsb-docsearch.tar.gz" \
    || { err "terraform destroy failed: run it again, the cluster still bills"; return 1; }
  log "destroyed"
}

# The runs of client 0 that DEST holds, verified again.
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

reap() {
  local region="${REGION:-${AWS_REGION:-us-east-1}}" today json expired
  today="$(date -u +%Y-%m-%d)"
  json="$("${AWS_CLI:-aws}" ec2 describe-instances --region "${region}" --output json \
    --filters Name=tag:Project,Values=ycsb-docsearch Name=instance-state-name,Values=pending,running,stopping,stopped)" \
    || { err "aws ec2 describe-instances failed"; return 1; }
  expired="$(jq -r --arg today "${today}" '[.Reservations[].Instances[]
      | {id: .InstanceId, tags: ((.Tags // []) | from_entries)}
      | select((.tags["expires-on"] // "0000-00-00") < $today)]
    | .[] | "\(.id) \(.tags.Name // "?") expires-on=\(.tags["expires-on"] // "none")"' <<<"${json}")"
  if [[ -z "${expired}" ]]; then
    log "no instance of the project past its expires-on date in ${region}"
    return 0
  fi
  printf '%s\n' "${expired}"
  if ((YES == 0)); then
    log "$(wc -l <<<"${expired}") instance(s) past their expires-on date; scripts/aws.sh reap --yes terminates them"
    return 0
  fi
  local -a ids=()
  mapfile -t ids < <(cut -d' ' -f1 <<<"${expired}")
  "${AWS_CLI:-aws}" ec2 terminate-instances --region "${region}" --instance-ids "${ids[@]}" >/dev/null \
    || { err "aws ec2 terminate-instances failed"; return 1; }
  log "terminated ${#ids[@]} instance(s); their VPCs, buckets and parameters cost nothing by the hour: terraform destroy from the checkout that applied each removes them"
}

# The whole journey; on a failure it fetches what it can and destroys unless --keep.
run() {
  (($#)) || usage_error "run needs a WORKLOAD"
  local rc=0
  up || rc=$?
  if ((rc == 0)); then
    sweep "$@" || rc=$?
  fi
  local fetched=0
  if [[ -n "${OUTPUTS_JSON:-}" ]]; then
    if results fetch; then
      fetched=1
    elif ((rc == 0)); then
      rc="${EXIT_FAILED}"
    fi
  fi
  if ((KEEP)); then
    log "--keep: the cluster stays up (scripts/aws.sh down when done: it bills by the hour)"
    return "${rc}"
  fi
  if ((rc == 0 && fetched)); then
    down || rc=$?
  else
    log "a stage failed (above): destroying anyway, with what came home kept in ${DEST}"
    FORCE=1
    down || true
  fi
  return "${rc}"
}

main() {
  TF_DIR="${REPO_ROOT}/terraform" OUTPUTS="" DEST="${REPO_ROOT}/results" IDENTITY="" READY_TIMEOUT=2700
  KEEP=0 FORCE=0 YES=0 REGION="" POLL_S="${AWS_SH_POLL_S:-30}"
  local command="${1:-}"
  case "${command}" in
    -h | --help) usage; return 0 ;;
    run | up | sweep | fetch | verify | down | reap) shift ;;
    "") usage_error "no command (run, up, sweep, fetch, verify, down or reap)" ;;
    *) usage_error "unknown command '${command}'" ;;
  esac
  local -a args=()
  while (($#)); do
    case "$1" in
      --tf-dir | --outputs | --dest | --identity | --ready-timeout | --region)
        if (($# < 2)) || [[ -z "$2" ]]; then usage_error "$1 needs a value"; fi
        case "$1" in
          --tf-dir) TF_DIR="$2" ;;
          --outputs) [[ -r "$2" ]] || usage_error "--outputs $2: no such readable file"; OUTPUTS="$2" ;;
          --dest) DEST="$2" ;;
          --identity) [[ -r "$2" ]] || usage_error "--identity $2: no such readable file"; IDENTITY="$2" ;;
          --ready-timeout) [[ "$2" =~ ^[0-9]+$ ]] || usage_error "--ready-timeout needs seconds, not '$2'"; READY_TIMEOUT="$2" ;;
          --region) REGION="$2" ;;
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
  [[ "${command}" == reap || "${YES}" == 0 ]] || usage_error "--yes belongs to reap"
  [[ "${command}" == run || "${command}" == sweep || "${command}" == fetch || ${#args[@]} == 0 ]] \
    || usage_error "${command} takes no argument '${args[0]}'"
  [[ "${POLL_S}" =~ ^[0-9]+$ ]] || usage_error "AWS_SH_POLL_S must be whole seconds"
  command -v jq >/dev/null || { err "jq is not on PATH"; return 1; }
  ssh_options
  case "${command}" in
    run) run "${args[@]}" ;;
    up) up ;;
    sweep) sweep "${args[@]}" ;;
    fetch) results fetch "${args[@]}" ;;
    verify) verify ;;
    down) down ;;
    reap) reap ;;
  esac
}

main "$@"

#!/usr/bin/env bash
# Brings the results of an AWS benchmark cluster (terraform/) home before `terraform destroy`, and checks them.
#
#   fetch  copies every run folder (or the RUN names given) from the client's ~/ycsb-docsearch/results/ into DEST,
#          then, into each of those runs, what every server recorded at provisioning:
#            <run>/servers/<server private IP>/store.json               store version, layout, settings
#            <run>/servers/<server private IP>/machine-fingerprint.json  CPU/disk fingerprint (baseline.json, its
#                                                                        name before the rename, when present)
#            <run>/servers/<server private IP>/status.json               provisioning state
#            <run>/client/{machine-fingerprint,mongos,status}.json       client 0's own (those it has): the
#                                                                        client the sweep ran on
#            <run>/remote-clients/<private IP>/{...the same...}.json     with several clients, each other
#                                                                        client's (the sweep drove them over SSH)
#          and checks each run as `check` does, with one servers/<IP>/ folder expected per server.
#   check  checks run folders already at hand: manifest.json and summary.json parse (an interrupted run has no
#          summary.json: finish it with ./run-sweep.sh --resume, or run scripts/report.sh, first), every step folder
#          (<store>/steps/*/) holds at least one HDR log (hdr/*.hdr), and every servers/*/store.json parses.
#
# Usage: scripts/aws-results.sh fetch [--tf-dir DIR | --outputs FILE] [--dest DIR] [--identity KEY] [--dry-run]
#                                     [RUN...]
#        scripts/aws-results.sh check [--servers N] RUN_DIR...
#   --tf-dir    Terraform working directory to read `terraform output -json` from (default: <repo>/terraform)
#   --outputs   a saved `terraform output -json` instead (the file scripts/hosts-from-terraform.sh --json takes)
#   --dest      where the run folders go (default: <repo>/results)
#   --identity  SSH private key (ssh -i); default: ssh's own (agent, ~/.ssh/config), as in terraform/README.md
#   --dry-run   print the hosts and what would be copied, copy nothing
#   --servers   check: expect N servers/<IP>/ folders in every run (default: do not require any)
# SSH goes to the user of the `ssh_user` output (ubuntu) at the client_public_ips / server_public_ips outputs; the
# results are on client 0 (the first of client_public_ips), where the sweep ran.
# Exit status: 0 all copied and checked, 1 a copy or a check failed, 2 bad arguments.
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly REPO_ROOT
readonly REMOTE_RESULTS=ycsb-docsearch/results # relative to the client user's home (bootstrap's REPO_DIR)
readonly REMOTE_STATE=/var/lib/ycsb-docsearch  # where scripts/provision/common.sh writes the state files
readonly SERVER_FILES="store.json machine-fingerprint.json baseline.json status.json"
readonly CLIENT_FILES="machine-fingerprint.json mongos.json status.json"

usage() {
  # The header comment, whole.
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
}

err() {
  printf 'aws-results.sh: error: %s\n' "$*" >&2
}

log() {
  printf 'aws-results.sh: %s\n' "$*" >&2
}

# Bad input: one line saying what is wrong, exit status 2 (set apart from a failed copy or check).
usage_error() {
  err "$* (scripts/aws-results.sh --help)"
  exit 2
}

# ssh/scp options: no questions (the cluster's host keys are new at every apply, and a prompt would hang a script),
# but known_hosts still records them so a changed key is noticed while the cluster lives.
ssh_options() {
  SSH_OPTS=(-o BatchMode=yes -o StrictHostKeyChecking=accept-new -o ConnectTimeout=15)
  [[ -z "${IDENTITY}" ]] || SSH_OPTS+=(-i "${IDENTITY}")
}

# Runs a command on HOST; the command text is ours (fixed paths and %q-quoted names) and meant to expand there.
remote() {
  local host="$1"
  shift
  # shellcheck disable=SC2029  # expanded here on purpose, see above
  ssh "${SSH_OPTS[@]}" "${SSH_USER}@${host}" "$@"
}

#######################################
# Reads the terraform outputs (OUTPUTS file, or `terraform output -json` in TF_DIR) into SSH_USER, CLIENT (the first
# client's public IP), SERVER_PUBLIC / SERVER_PRIVATE (arrays, same order) and OTHER_CLIENT_PUBLIC /
# OTHER_CLIENT_PRIVATE (clients 1, 2, ...; empty with one client or without client_private_ips). Bad or incomplete
# outputs: exit 2.
#######################################
read_outputs() {
  local json
  if [[ -n "${OUTPUTS}" ]]; then
    [[ -r "${OUTPUTS}" ]] || usage_error "--outputs ${OUTPUTS}: no such readable file"
    json="$(cat "${OUTPUTS}")"
  else
    [[ -d "${TF_DIR}" ]] || usage_error "--tf-dir ${TF_DIR}: no such directory"
    json="$(terraform -chdir="${TF_DIR}" output -json)" || usage_error "terraform output -json failed in ${TF_DIR}"
  fi
  jq -e 'type == "object"' <<<"${json}" >/dev/null 2>&1 || usage_error "the terraform outputs are not a JSON object"
  local key
  for key in client_public_ips server_public_ips server_private_ips; do
    jq -e --arg k "${key}" '.[$k].value | type == "array" and length > 0' <<<"${json}" >/dev/null \
      || usage_error "the terraform outputs lack ${key} (was the cluster applied?)"
  done
  SSH_USER="$(jq -r '.ssh_user.value // "ubuntu"' <<<"${json}")"
  CLIENT="$(jq -r '.client_public_ips.value[0]' <<<"${json}")"
  mapfile -t SERVER_PUBLIC < <(jq -r '.server_public_ips.value[]' <<<"${json}")
  mapfile -t SERVER_PRIVATE < <(jq -r '.server_private_ips.value[]' <<<"${json}")
  ((${#SERVER_PUBLIC[@]} == ${#SERVER_PRIVATE[@]})) \
    || usage_error "server_public_ips and server_private_ips differ in length"
  OTHER_CLIENT_PUBLIC=() OTHER_CLIENT_PRIVATE=()
  if jq -e '(.client_private_ips.value // []) | length > 1' <<<"${json}" >/dev/null; then
    mapfile -t OTHER_CLIENT_PUBLIC < <(jq -r '.client_public_ips.value[1:][]' <<<"${json}")
    mapfile -t OTHER_CLIENT_PRIVATE < <(jq -r '.client_private_ips.value[1:][]' <<<"${json}")
    ((${#OTHER_CLIENT_PUBLIC[@]} == ${#OTHER_CLIENT_PRIVATE[@]})) \
      || usage_error "client_public_ips and client_private_ips differ in length"
  fi
}

# The run folders on the client (names only), or the RUN arguments when given: they must exist there.
remote_runs() {
  local -a all=()
  mapfile -t all < <(remote "${CLIENT}" "cd ${REMOTE_RESULTS} && for d in */; do [ -f \"\$d/manifest.json\" ] && echo \"\${d%/}\"; done" \
    2>/dev/null || true)
  if (($# == 0)); then
    printf '%s\n' "${all[@]}"
    return 0
  fi
  local run
  for run in "$@"; do
    run="$(basename "${run}")"
    printf '%s\n' "${all[@]}" | grep -qxF -- "${run}" || { err "no run ${run} in ${CLIENT}:${REMOTE_RESULTS}"; return 1; }
    printf '%s\n' "${run}"
  done
}

# Copies the files of LIST (space-separated names) that exist in REMOTE_STATE on HOST into DIR, with tar over ssh
# (tar is on every machine; scp of a missing file would fail the whole copy).
fetch_state_files() {
  local host="$1" list="$2" dir="$3"
  mkdir -p "${dir}"
  # shellcheck disable=SC2029  # the list is ours and expands here on purpose
  remote "${host}" "cd ${REMOTE_STATE} && ls ${list} 2>/dev/null | tar -cf - -T -" | tar -xf - -C "${dir}"
}

fetch() {
  read_outputs
  ssh_options
  local -a runs=()
  if ((DRY_RUN)); then
    log "client ${SSH_USER}@${CLIENT}: ${REMOTE_RESULTS}/${*:-<every run>} -> ${DEST}/"
    local i
    for i in "${!SERVER_PUBLIC[@]}"; do
      log "server ${SSH_USER}@${SERVER_PUBLIC[i]}: ${REMOTE_STATE}/{${SERVER_FILES// /,}} -> <run>/servers/${SERVER_PRIVATE[i]}/"
    done
    for i in "${!OTHER_CLIENT_PUBLIC[@]}"; do
      log "client ${SSH_USER}@${OTHER_CLIENT_PUBLIC[i]}: ${REMOTE_STATE}/{${CLIENT_FILES// /,}} -> <run>/remote-clients/${OTHER_CLIENT_PRIVATE[i]}/"
    done
    return 0
  fi
  local listed
  listed="$(remote_runs "$@")" || return 1
  [[ -z "${listed}" ]] || mapfile -t runs <<<"${listed}"
  ((${#runs[@]})) || { err "no run folder (with a manifest.json) in ${CLIENT}:${REMOTE_RESULTS}"; return 1; }
  mkdir -p "${DEST}"
  log "copying ${#runs[@]} run(s) from ${CLIENT}: ${runs[*]}"
  remote "${CLIENT}" "cd ${REMOTE_RESULTS} && tar -cf - $(printf '%q ' "${runs[@]}")" | tar -xf - -C "${DEST}"
  # The server files once into a scratch folder, then into every run (they describe the cluster, not one run).
  local scratch i run
  scratch="$(mktemp -d)"
  # shellcheck disable=SC2064  # the path is fixed now
  trap "rm -rf '${scratch}'" EXIT
  for i in "${!SERVER_PUBLIC[@]}"; do
    fetch_state_files "${SERVER_PUBLIC[i]}" "${SERVER_FILES}" "${scratch}/servers/${SERVER_PRIVATE[i]}" \
      || { err "could not copy the state files of server ${SERVER_PUBLIC[i]}"; return 1; }
  done
  fetch_state_files "${CLIENT}" "${CLIENT_FILES}" "${scratch}/client" \
    || { err "could not copy the client's state files"; return 1; }
  local -a folders=("${scratch}/servers" "${scratch}/client")
  for i in "${!OTHER_CLIENT_PUBLIC[@]}"; do
    fetch_state_files "${OTHER_CLIENT_PUBLIC[i]}" "${CLIENT_FILES}" \
      "${scratch}/remote-clients/${OTHER_CLIENT_PRIVATE[i]}" \
      || { err "could not copy the state files of client ${OTHER_CLIENT_PUBLIC[i]}"; return 1; }
  done
  ((${#OTHER_CLIENT_PUBLIC[@]} == 0)) || folders+=("${scratch}/remote-clients")
  for run in "${runs[@]}"; do
    cp -r "${folders[@]}" "${DEST}/${run}/"
  done
  local failed=0
  for run in "${runs[@]}"; do
    check_run "${DEST}/${run}" "${#SERVER_PUBLIC[@]}" || failed=1
  done
  ((failed == 0)) || { err "some fetched runs failed the check (above)"; return 1; }
  log "ok: ${#runs[@]} run(s) in ${DEST}, each with ${#SERVER_PUBLIC[@]} servers' files"
}

# Prints "FILE: does not parse" unless FILE exists and holds JSON. The caller counts the lines.
json_problem() {
  if [[ ! -f "$1" ]]; then
    printf '%s: missing\n' "$1"
  elif ! jq -e . "$1" >/dev/null 2>&1; then
    printf '%s: not valid JSON\n' "$1"
  fi
}

#######################################
# Checks one run folder; prints each problem on its own line (stderr) and fails when there is one.
# Arguments: DIR [SERVERS] (expected number of servers/<IP>/ folders; 0 or absent: none required).
#######################################
check_run() {
  local dir="${1%/}" servers="${2:-0}" step f
  local -a problems=() steps=() stores=()
  [[ -d "${dir}" ]] || { err "${dir}: no such run folder"; return 1; }
  for f in manifest.json summary.json; do
    mapfile -t -O "${#problems[@]}" problems < <(json_problem "${dir}/${f}")
  done
  mapfile -t steps < <(find "${dir}" -mindepth 3 -maxdepth 3 -type d -path "${dir}/*/steps/*" | sort)
  for step in "${steps[@]}"; do
    compgen -G "${step}/hdr/*.hdr" >/dev/null || problems+=("${step}: no HDR log (hdr/*.hdr)")
  done
  ((${#steps[@]})) || problems+=("${dir}: no step folder (<store>/steps/*)")
  if ((servers > 0)); then
    mapfile -t stores < <(find "${dir}/servers" -mindepth 2 -maxdepth 2 -name store.json 2>/dev/null)
    ((${#stores[@]} == servers)) || problems+=("${dir}/servers: ${#stores[@]} store.json, expected ${servers}")
  fi
  for f in "${dir}"/servers/*/store.json; do
    [[ -e "${f}" ]] || continue
    mapfile -t -O "${#problems[@]}" problems < <(json_problem "${f}")
    # The provisioning does not fail without a fingerprint (record_fingerprint): say so, do not fail.
    [[ -f "${f%/*}/machine-fingerprint.json" || -f "${f%/*}/baseline.json" ]] \
      || log "warning: ${f%/*} has no machine-fingerprint.json (or baseline.json)"
  done
  if ((${#problems[@]})); then
    printf 'aws-results.sh: check: %s\n' "${problems[@]}" >&2
    return 1
  fi
  log "check ok: ${dir} (${#steps[@]} steps)"
}

check() {
  local failed=0 run
  (($#)) || usage_error "check needs at least one RUN_DIR"
  for run in "$@"; do
    check_run "${run}" "${EXPECT_SERVERS}" || failed=1
  done
  ((failed == 0)) || { err "some runs failed the check (above)"; return 1; }
}

main() {
  TF_DIR="${REPO_ROOT}/terraform" OUTPUTS="" DEST="${REPO_ROOT}/results" IDENTITY="" DRY_RUN=0 EXPECT_SERVERS=0
  case "${1:-}" in
    -h | --help)
      usage
      return 0
      ;;
    fetch | check) ;;
    "") usage_error "no command (fetch or check)" ;;
    *) usage_error "unknown command '$1' (fetch or check)" ;;
  esac
  local command="$1"
  shift
  local -a args=()
  while (($#)); do
    case "$1" in
      --tf-dir | --outputs | --dest | --identity | --servers)
        if (($# < 2)) || [[ -z "$2" ]]; then usage_error "$1 needs a value"; fi
        case "$1" in
          --tf-dir) TF_DIR="$2" ;;
          --outputs) OUTPUTS="$2" ;;
          --dest) DEST="$2" ;;
          --identity)
            [[ -r "$2" ]] || usage_error "--identity $2: no such readable file"
            IDENTITY="$2"
            ;;
          --servers)
            [[ "$2" =~ ^[0-9]+$ ]] || usage_error "--servers needs a whole number, not '$2'"
            EXPECT_SERVERS="$2"
            ;;
        esac
        shift 2
        ;;
      --dry-run)
        DRY_RUN=1
        shift
        ;;
      -h | --help)
        usage
        return 0
        ;;
      -*) usage_error "unknown option $1" ;;
      *)
        args+=("$1")
        shift
        ;;
    esac
  done
  command -v jq >/dev/null || { err "jq is not on PATH"; return 1; }
  if [[ "${command}" == fetch ]]; then
    ((EXPECT_SERVERS == 0)) || usage_error "--servers belongs to check (fetch takes the count from the outputs)"
    fetch "${args[@]}"
  else
    [[ -z "${OUTPUTS}${IDENTITY}" && "${DRY_RUN}" == 0 ]] || usage_error "check takes only --servers and RUN_DIRs"
    check "${args[@]}"
  fi
}

main "$@"

# shellcheck shell=bash
# SSH to the machines of an AWS cluster (terraform/), shared by scripts/aws.sh and scripts/aws-results.sh (sourced).
# Every call checks the machine's host key strictly against a known_hosts file made from the `known_hosts` output: the
# keys terraform gave the machines (var.ssh_host_keys, made by scripts/aws.sh up). A machine whose key differs (say a
# recycled address still in an old known_hosts, or someone in between) is refused, never trusted on first use.
# The caller sets REPO_ROOT before it sources this file, and SSH_USER; YCSB_DOCSEARCH_SSH_CONFIG names an ssh config
# file for every call (ssh -F: the fake cloud's); options given here come first and win over it.

# shellcheck source=scripts/lib/common.sh
source "${REPO_ROOT}/scripts/lib/common.sh"
# What remote runs on a machine.
readonly REMOTE_SCRIPT="${REPO_ROOT}/scripts/lib/remote-results.sh"
# The options cluster_option sets, at their defaults.
TF_DIR="${REPO_ROOT}/terraform" OUTPUTS="" DEST="${REPO_ROOT}/results" IDENTITY=""

# Bad input: one line saying what is wrong and where the help is, exit status 2 (set apart from a failed stage, copy
# or check).
usage_error() {
  err "$* (scripts/$(basename "$0") --help)"
  exit 2
}

# The options aws.sh passes on to aws-results.sh, OPTION ($1) and its VALUE ($2): TF_DIR, OUTPUTS, DEST, IDENTITY.
# shellcheck disable=SC2034  # the callers' settings
cluster_option() {
  case "$1" in
    --tf-dir) TF_DIR="$2" ;;
    --outputs) [[ -r "$2" ]] || usage_error "--outputs $2: no such readable file"; OUTPUTS="$2" ;;
    --dest) DEST="$2" ;;
    --identity) [[ -r "$2" ]] || usage_error "--identity $2: no such readable file"; IDENTITY="$2" ;;
  esac
}

# Reads the terraform outputs (the OUTPUTS file, else `terraform output -json` in TF_DIR) into OUTPUTS_JSON, and from
# them SSH_USER and CLIENT (client 0's public address). Outputs that cannot be read or name no machines: FAIL ($1:
# usage_error, which exits 2, or err) says why, and it returns 1.
cluster_outputs() {
  local fail="$1" key
  if [[ -n "${OUTPUTS}" ]]; then
    OUTPUTS_JSON="$(cat "${OUTPUTS}")"
  else
    [[ -d "${TF_DIR}" ]] || { "${fail}" "--tf-dir ${TF_DIR}: no such directory"; return 1; }
    OUTPUTS_JSON="$("${TERRAFORM:-terraform}" -chdir="${TF_DIR}" output -json)" \
      || { "${fail}" "terraform output -json failed in ${TF_DIR}"; return 1; }
  fi
  for key in client_public_ips server_public_ips server_private_ips; do
    jq -e --arg k "${key}" '.[$k].value | type == "array" and length > 0' <<<"${OUTPUTS_JSON}" >/dev/null 2>&1 \
      || { "${fail}" "the terraform outputs lack ${key} (was the cluster applied?)"; return 1; }
  done
  SSH_USER="$(jq -r '.ssh_user.value // "ubuntu"' <<<"${OUTPUTS_JSON}")"
  CLIENT="$(jq -r '.client_public_ips.value[0]' <<<"${OUTPUTS_JSON}")"
}

# SSH_OPTS for every ssh call: no prompt, IDENTITY if given, and the host keys of the outputs' known_hosts only,
# written to FILE ($2, mode 0600) and checked strictly. Outputs without known_hosts: FAIL ($1) says so, it returns 1.
cluster_ssh() {
  local fail="$1" file="$2"
  local why="the terraform outputs carry no known_hosts (the machines' host keys): apply with scripts/aws.sh up"
  mkdir -p "$(dirname "${file}")"
  { (umask 077 && jq -r '(.known_hosts.value // [])[]' <<<"${OUTPUTS_JSON}" >"${file}.tmp") && [[ -s "${file}.tmp" ]]; } \
    || { rm -f "${file}.tmp"; "${fail}" "${why}"; return 1; }
  mv "${file}.tmp" "${file}"
  SSH_OPTS=(-o BatchMode=yes -o StrictHostKeyChecking=yes -o "UserKnownHostsFile=${file}"
    -o GlobalKnownHostsFile=/dev/null -o ConnectTimeout=15 -o ServerAliveInterval=15 -o ServerAliveCountMax=4)
  [[ -z "${IDENTITY}" ]] || SSH_OPTS+=(-i "${IDENTITY}")
  [[ -z "${YCSB_DOCSEARCH_SSH_CONFIG:-}" ]] || SSH_OPTS+=(-F "${YCSB_DOCSEARCH_SSH_CONFIG}")
}

# Runs remote-results.sh COMMAND ARG... on HOST (stdin: the script itself); its stdout is this function's.
remote() {
  local host="$1"
  shift
  ssh "${SSH_OPTS[@]}" "${SSH_USER}@${host}" bash -s -- "$(printf '%q ' "$@")" <"${REMOTE_SCRIPT}"
}

# Streams the run RUN of client 0 ($CLIENT) as a tar archive: the files named on stdin (NUL-separated) with --list,
# else the whole folder. The repository's variable expands there.
remote_run_tar() {
  local run="$1" tar_cmd="tar -cf - ."
  [[ "${2:-}" != --list ]] || tar_cmd="tar --null -T - -cf -"
  # shellcheck disable=SC2029  # the run's name is quoted here, on purpose
  ssh "${SSH_OPTS[@]}" "${SSH_USER}@${CLIENT}" \
    "cd \"\${YCSB_DOCSEARCH_REPO:-ycsb-docsearch}\"/results/$(printf '%q' "${run}") && ${tar_cmd}"
}

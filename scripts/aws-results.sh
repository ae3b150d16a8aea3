#!/usr/bin/env bash
# Brings the results of an AWS benchmark cluster (terraform/) home before `terraform destroy`, and verifies them.
#
#   fetch   for every run folder on client 0 (or the RUN names given): seals it there (scripts/lib/remote-results.sh
#           writes <run>/SHA256SUMS over every file of the run), copies what home lacks into DEST/<run>/ (a copy cut
#           off half-way is resumed by fetching again: files whose checksum already matches are not copied twice),
#           then adds what the machines recorded:
#             <run>/servers/<server private IP>/{store,machine-fingerprint,status}.json  (baseline.json, the
#                                             fingerprint's name before the rename, when present) and logs.tar.gz:
#                                             the provisioning log and the store's logs
#             <run>/client/{machine-fingerprint,mongos,status}.json and logs.tar.gz   client 0's own (those it has)
#             <run>/remote-clients/<private IP>/{...the same...}                     with several clients, each
#                                             other client's (the sweep drove them over SSH)
#           and verifies the run as `verify` does, with one servers/<IP>/ folder expected per server and one
#           remote-clients/<IP>/ per other client.
#   verify  checks run folders at hand as `check` does, requires their SHA256SUMS to match, and marks each that
#           passes as complete: <run>/.verified (the digest of its SHA256SUMS, when and from where), which
#           scripts/aws.sh down asks for before it destroys anything.
#   check   checks run folders at hand: no .fetch-incomplete marker (a copy cut off: fetch again), SHA256SUMS
#           matches when there is one, and the run's own files, read by the results format's readers
#           (bin/docsearch check-run; it needs JDK 17 and Maven, and builds the project first when a source is newer):
#           manifest.json and summary.json parse (an interrupted run has no summary.json: finish it with
#           ./run-sweep.sh --resume, or run scripts/report.sh, first), every step folder (<store>/steps/*/) holds its
#           HDR logs: hdr/*.hdr, or with several clients (clients.json) every client's clients/<i>/hdr/*.hdr (a step
#           missing one client's logs fails), every servers/*/store.json is a JSON object, and with --servers and
#           --clients the servers/<IP>/ folders (store.json, logs.tar.gz) and remote-clients/<IP>/ folders counted.
#
# While a copy is under way DEST/<run>/.fetch-incomplete exists; it goes only once the run is verified, so a copy cut
# off never looks complete.
#
# Usage: scripts/aws-results.sh fetch [--tf-dir DIR | --outputs FILE] [--dest DIR] [--identity KEY] [--dry-run]
#                                     [--partial] [RUN...]
#        scripts/aws-results.sh verify [--servers N] [--clients N] RUN_DIR...
#        scripts/aws-results.sh check [--servers N] [--clients N] RUN_DIR...
#   --tf-dir    Terraform working directory to read `terraform output -json` from (default: <repo>/terraform)
#   --outputs   a saved `terraform output -json` instead (the file scripts/hosts-from-terraform.sh --json takes)
#   --dest      where the run folders go (default: <repo>/results)
#   --identity  SSH private key (ssh -i); default: ssh's own (agent, ~/.ssh/config), as in terraform/README.md
#   --dry-run   print the hosts and what would be copied, copy nothing
#   --partial   a run not finished on client 0 (an interrupted or failed sweep) comes home too, whole and as it is,
#               into DEST/<run>.partial/ with the machines' files (not sealed, not verified: finish it with
#               ./run-sweep.sh --resume on a cluster, or read it as it is); it then counts as fetched
#   --servers   check/verify: expect N servers/<IP>/ folders in every run (default: do not require any)
#   --clients   check/verify: expect N - 1 remote-clients/<IP>/ folders in every run (default: do not require any)
# SSH goes to the user of the `ssh_user` output (ubuntu) at the client_public_ips / server_public_ips outputs; the
# results are on client 0 (the first of client_public_ips), where the sweep ran. Host keys are checked strictly against
# the `known_hosts` output (scripts/lib/cluster-ssh.sh): outputs without it cannot be fetched from. YCSB_DOCSEARCH_SSH_CONFIG names an ssh
# config file for every ssh call (ssh -F), as the fake cloud of scripts/tests/fake-cloud.sh does.
# Exit status: 0 every run copied and verified; 1 a run failed its check (checksums, logs, files: the lines above
# say which), or jq or bin/docsearch (JDK 17, Maven) cannot run; 2 bad arguments, nothing touched; 3 a machine could
# not be reached or a copy failed (fetch again: it resumes); 4 a run is not finished on the client (no summary.json,
# or the sweep still runs). With several problems the status is 3 if any copy failed, else 4 if a run was unfinished,
# else 1.
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly REPO_ROOT
readonly REMOTE_RESULTS_SHOWN=ycsb-docsearch/results # where remote-results.sh finds them on an AWS client
readonly SERVER_FILES=(store.json machine-fingerprint.json baseline.json status.json)
readonly CLIENT_FILES=(machine-fingerprint.json mongos.json status.json)
readonly EXIT_CHECK=1 EXIT_COPY=3 EXIT_UNFINISHED=4
# common.sh's functions, usage_error, cluster_option, cluster_outputs, cluster_ssh, remote, remote_run_tar
# shellcheck source=lib/cluster-ssh.sh
source "${REPO_ROOT}/scripts/lib/cluster-ssh.sh"

# Reads the terraform outputs (cluster_outputs) and from them SERVER_PUBLIC / SERVER_PRIVATE (arrays, same order) and
# OTHER_CLIENT_PUBLIC / OTHER_CLIENT_PRIVATE (clients 1, 2, ...; empty with one client or without client_private_ips).
# Bad or incomplete outputs: exit 2.
read_outputs() {
  cluster_outputs usage_error
  mapfile -t SERVER_PUBLIC < <(jq -r '.server_public_ips.value[]' <<<"${OUTPUTS_JSON}")
  mapfile -t SERVER_PRIVATE < <(jq -r '.server_private_ips.value[]' <<<"${OUTPUTS_JSON}")
  ((${#SERVER_PUBLIC[@]} == ${#SERVER_PRIVATE[@]})) \
    || usage_error "server_public_ips and server_private_ips differ in length"
  OTHER_CLIENT_PUBLIC=() OTHER_CLIENT_PRIVATE=()
  if jq -e '(.client_private_ips.value // []) | length > 1' <<<"${OUTPUTS_JSON}" >/dev/null; then
    mapfile -t OTHER_CLIENT_PUBLIC < <(jq -r '.client_public_ips.value[1:][]' <<<"${OUTPUTS_JSON}")
    mapfile -t OTHER_CLIENT_PRIVATE < <(jq -r '.client_private_ips.value[1:][]' <<<"${OUTPUTS_JSON}")
    ((${#OTHER_CLIENT_PUBLIC[@]} == ${#OTHER_CLIENT_PRIVATE[@]})) \
      || usage_error "client_public_ips and client_private_ips differ in length"
  fi
}

# The run folders on client 0 (names only), or the RUN arguments when given: they must exist there. Fails with 3
# when the client cannot be reached, 1 when a named run is not there.
remote_runs() {
  local listed run
  listed="$(remote "${CLIENT}" runs)" || { err "cannot list the runs on ${CLIENT}"; return "${EXIT_COPY}"; }
  if (($# == 0)); then
    [[ -z "${listed}" ]] || printf '%s\n' "${listed}"
    return 0
  fi
  for run in "$@"; do
    run="$(basename "${run}")"
    grep -qxF -- "${run}" <<<"${listed}" || { err "no run ${run} on ${CLIENT}"; return "${EXIT_CHECK}"; }
    printf '%s\n' "${run}"
  done
}

# Copies the files of remote-results.sh COMMAND ARG... (a tar archive, gzipped for `logs`) from HOST into DIR.
fetch_archive() {
  local host="$1" dir="$2"
  shift 2
  mkdir -p "${dir}"
  if [[ "$1" == logs ]]; then
    remote "${host}" logs >"${dir}/logs.tar.gz.tmp" && mv "${dir}/logs.tar.gz.tmp" "${dir}/logs.tar.gz"
  else
    remote "${host}" "$@" | tar -xf - -C "${dir}"
  fi
}

# The state files (of LIST...) and the logs of HOST into DIR.
fetch_machine() {
  local host="$1" dir="$2"
  shift 2
  fetch_archive "${host}" "${dir}" state "$@" || return 1
  fetch_archive "${host}" "${dir}" logs
}

# What the machines recorded (state files and logs), once into DIR: servers/, client/, remote-clients/.
fetch_machine_files() {
  local dir="$1" i
  for i in "${!SERVER_PUBLIC[@]}"; do
    fetch_machine "${SERVER_PUBLIC[i]}" "${dir}/servers/${SERVER_PRIVATE[i]}" "${SERVER_FILES[@]}" \
      || { err "could not copy the state files and logs of server ${SERVER_PUBLIC[i]}"; return 1; }
  done
  fetch_machine "${CLIENT}" "${dir}/client" "${CLIENT_FILES[@]}" \
    || { err "could not copy client 0's state files and logs"; return 1; }
  for i in "${!OTHER_CLIENT_PUBLIC[@]}"; do
    fetch_machine "${OTHER_CLIENT_PUBLIC[i]}" "${dir}/remote-clients/${OTHER_CLIENT_PRIVATE[i]}" "${CLIENT_FILES[@]}" \
      || { err "could not copy the state files and logs of client ${OTHER_CLIENT_PUBLIC[i]}"; return 1; }
  done
}

# Copies one run from client 0 into DEST/RUN: sealed there, then only the files home lacks (or holds with another
# checksum), with .fetch-incomplete present throughout. Returns 0 copied (or already home with this digest), 3 a copy
# failed, 4 the run is not finished.
copy_run() {
  local run="$1" dir="${DEST}/$1" digest rc=0
  digest="$(remote "${CLIENT}" seal "${run}")" || rc=$?
  ((rc != EXIT_UNFINISHED)) \
    || { err "${run} is not finished on ${CLIENT} (above); not copied"; return "${EXIT_UNFINISHED}"; }
  ((rc == 0)) || { err "could not seal ${run} on ${CLIENT} (exit ${rc})"; return "${EXIT_COPY}"; }
  # No shortcut for a run verified before: its files are checked again, and what is missing or changed is copied.
  mkdir -p "${dir}"
  printf '{"digest": "%s", "source": "%s@%s"}\n' "${digest}" "${SSH_USER}" "${CLIENT}" >"${dir}/.fetch-incomplete"
  rm -f "${dir}/.verified"
  remote "${CLIENT}" sums "${run}" >"${dir}/SHA256SUMS" \
    || { err "${run}: could not copy its SHA256SUMS"; return "${EXIT_COPY}"; }
  [[ "$(sha256sum "${dir}/SHA256SUMS" | cut -d' ' -f1)" == "${digest}" ]] \
    || { err "${run}: SHA256SUMS changed on the client while it was copied"; return "${EXIT_COPY}"; }
  local -a needed=()
  mapfile -t needed < <(cd "${dir}" && sha256sum --quiet -c SHA256SUMS 2>/dev/null | sed -n 's/: FAILED.*$//p')
  log "${run}: $(wc -l <"${dir}/SHA256SUMS") files, ${#needed[@]} to copy from ${CLIENT}"
  if ((${#needed[@]})); then
    printf '%s\0' "${needed[@]}" | remote_run_tar "${run}" --list | tar -xf - -C "${dir}" \
      || { err "${run}: the copy from ${CLIENT} failed; fetch again to resume"; return "${EXIT_COPY}"; }
  fi
}

# An unfinished run, whole and as it is, into DEST/RUN.partial (replacing an older partial copy). Returns 0 or 3.
copy_partial() {
  local run="$1" dir="${DEST}/$1.partial"
  rm -rf "${dir}.tmp"
  mkdir -p "${dir}.tmp"
  remote_run_tar "${run}" | tar -xf - -C "${dir}.tmp" \
    || { rm -rf "${dir}.tmp"; err "${run}: the copy of the unfinished run failed"; return "${EXIT_COPY}"; }
  rm -rf "${dir}"
  mv "${dir}.tmp" "${dir}"
  log "${run} is not finished: it came home as it is, in ${dir} (not verified)"
}

fetch() {
  read_outputs
  if ((DRY_RUN)); then
    log "client ${SSH_USER}@${CLIENT}: ${REMOTE_RESULTS_SHOWN}/${*:-<every run>} -> ${DEST}/"
    local i
    for i in "${!SERVER_PUBLIC[@]}"; do
      log "server ${SSH_USER}@${SERVER_PUBLIC[i]}: state files, logs -> <run>/servers/${SERVER_PRIVATE[i]}/"
    done
    for i in "${!OTHER_CLIENT_PUBLIC[@]}"; do
      log "client ${SSH_USER}@${OTHER_CLIENT_PUBLIC[i]}: state files, logs -> <run>/remote-clients/${OTHER_CLIENT_PRIVATE[i]}/"
    done
    return 0
  fi
  # The outputs' host keys, in a file of this run's own.
  KNOWN_HOSTS="$(mktemp)"
  # shellcheck disable=SC2064  # the path is fixed now
  trap "rm -f '${KNOWN_HOSTS}'" EXIT
  cluster_ssh usage_error "${KNOWN_HOSTS}"
  require_check || return
  local listed rc=0
  local -a runs=()
  listed="$(remote_runs "$@")" || return $?
  [[ -z "${listed}" ]] || mapfile -t runs <<<"${listed}"
  ((${#runs[@]})) || { err "no run folder (with a manifest.json) on ${CLIENT}"; return "${EXIT_CHECK}"; }
  mkdir -p "${DEST}"
  log "fetching ${#runs[@]} run(s) from ${CLIENT}: ${runs[*]}"
  local copy_failed=0 unfinished=0 check_failed=0 run
  local -a copied=() partial=()
  for run in "${runs[@]}"; do
    rc=0
    copy_run "${run}" || rc=$?
    if ((rc == EXIT_UNFINISHED && PARTIAL)); then
      rc=0
      copy_partial "${run}" || rc=$?
      ((rc != 0)) || partial+=("${run}")
      continue
    fi
    case "${rc}" in
      0) copied+=("${run}") ;;
      "${EXIT_UNFINISHED}") unfinished=1 ;;
      *) copy_failed=1 ;;
    esac
  done
  if ((${#copied[@]} + ${#partial[@]})); then
    # The machines' files once into a scratch folder, then into every run (they describe the cluster, not one run).
    local scratch
    scratch="$(mktemp -d)"
    # shellcheck disable=SC2064  # the paths are fixed now
    trap "rm -rf '${scratch}' '${KNOWN_HOSTS}'" EXIT
    if fetch_machine_files "${scratch}"; then
      local -a folders=("${scratch}/servers" "${scratch}/client")
      ((${#OTHER_CLIENT_PUBLIC[@]} == 0)) || folders+=("${scratch}/remote-clients")
      for run in "${partial[@]}"; do
        cp -r "${folders[@]}" "${DEST}/${run}.partial/"
      done
      for run in "${copied[@]}"; do
        cp -r "${folders[@]}" "${DEST}/${run}/"
        verify_run "${DEST}/${run}" "${#SERVER_PUBLIC[@]}" "$((${#OTHER_CLIENT_PUBLIC[@]} + 1))" || check_failed=1
      done
    else
      copy_failed=1
    fi
  fi
  ((copy_failed == 0)) || { err "a copy failed (above): fetch again to resume"; return "${EXIT_COPY}"; }
  ((unfinished == 0)) || return "${EXIT_UNFINISHED}"
  ((check_failed == 0)) || { err "some fetched runs failed the check (above)"; return "${EXIT_CHECK}"; }
  log "ok: ${#copied[@]} run(s) in ${DEST}, verified, each with ${#SERVER_PUBLIC[@]} servers' files$( ((${#partial[@]} == 0)) || printf '; %s unfinished, as <run>.partial' "${#partial[@]}")"
}

# The run check runs on the project's classpath (bin/docsearch check-run): built now if a source is newer than the
# build, so that a missing JDK or Maven shows before anything is copied, not after. Fails with 1.
require_check() {
  "${REPO_ROOT}/bin/docsearch" --version >/dev/null \
    || { err "bin/docsearch does not run (JDK 17 and Maven are needed: terraform/README.md)"; return 1; }
}

# Checks one run folder; prints each problem on its own line (stderr) and fails when there is one. The copy's own
# marks are checked here (a cut-off copy's marker, SHA256SUMS); the run's files, through the results format's readers,
# by bin/docsearch check-run (whose warnings pass through on stderr).
# Arguments: DIR [SERVERS] [CLIENTS] (expected servers/<IP>/ folders, and CLIENTS - 1 remote-clients/<IP>/; 0 or
# absent: none required).
check_run() {
  local dir="${1%/}" servers="${2:-0}" clients="${3:-0}" found rc=0
  local -a problems=()
  [[ ! -e "${dir}/.fetch-incomplete" ]] \
    || problems+=("${dir}: a copy was cut off here (.fetch-incomplete): fetch again")
  if [[ -f "${dir}/SHA256SUMS" ]]; then
    local bad
    bad="$(cd "${dir}" && sha256sum --quiet -c SHA256SUMS 2>/dev/null | head -5)" || true
    [[ -z "${bad}" ]] || problems+=("${dir}: files differ from SHA256SUMS: ${bad//$'\n'/; }")
  fi
  found="$("${REPO_ROOT}/bin/docsearch" check-run --servers "${servers}" --clients "${clients}" "${dir}")" || rc=$?
  [[ -z "${found}" ]] || mapfile -t -O "${#problems[@]}" problems <<<"${found}"
  if ((rc != 0)) && [[ -z "${found}" ]]; then
    # Exit 1 with no problem line (or any other status): the check itself did not run; its stderr says why.
    problems+=("${dir}: bin/docsearch check-run could not check it (exit ${rc}, above)")
  fi
  ((${#problems[@]} == 0)) || { printf 'aws-results.sh: check: %s\n' "${problems[@]}" >&2; return 1; }
  log "check ok: ${dir}"
}

# check_run, with SHA256SUMS required; a run that passes gets .verified and loses .fetch-incomplete.
verify_run() {
  local dir="${1%/}" digest
  [[ -f "${dir}/SHA256SUMS" ]] || { err "${dir}: no SHA256SUMS (fetch it with scripts/aws-results.sh fetch)"; return 1; }
  rm -f "${dir}/.verified"
  local marker="${dir}/.fetch-incomplete" held=""
  [[ ! -e "${marker}" ]] || { held="$(cat "${marker}")"; rm -f "${marker}"; }
  check_run "$@" || { [[ -z "${held}" ]] || printf '%s\n' "${held}" >"${marker}"; return 1; }
  digest="$(sha256sum "${dir}/SHA256SUMS" | cut -d' ' -f1)"
  if [[ -n "${held}" && "$(jq -r '.digest' <<<"${held}")" != "${digest}" ]]; then
    printf '%s\n' "${held}" >"${marker}"
    err "${dir}: SHA256SUMS is not the one the client sealed"
    return 1
  fi
  jq -n --arg d "${digest}" --arg s "$(jq -r '.source // "here"' <<<"${held:-{\}}")" \
    --arg t "$(date -u +%Y-%m-%dT%H:%M:%SZ)" --argjson n "$(wc -l <"${dir}/SHA256SUMS")" \
    '{digest: $d, files: $n, verified_utc: $t, source: $s}' >"${dir}/.verified.tmp"
  mv "${dir}/.verified.tmp" "${dir}/.verified"
  log "verified: ${dir} (${digest:0:12}, $(wc -l <"${dir}/SHA256SUMS") files)"
}

check_all() {
  local fn="$1" failed=0 run
  shift
  (($#)) || usage_error "${fn%_run} needs at least one RUN_DIR"
  require_check || return
  for run in "$@"; do
    "${fn}" "${run}" "${EXPECT_SERVERS}" "${EXPECT_CLIENTS}" || failed=1
  done
  ((failed == 0)) || { err "some runs failed the check (above)"; return "${EXIT_CHECK}"; }
}

main() {
  DRY_RUN=0 EXPECT_SERVERS=0 EXPECT_CLIENTS=0 PARTIAL=0 KNOWN_HOSTS=/dev/null
  case "${1:-}" in
    -h | --help) usage; return 0 ;;
    fetch | check | verify) ;;
    "") usage_error "no command (fetch, verify or check)" ;;
    *) usage_error "unknown command '$1' (fetch, verify or check)" ;;
  esac
  local command="$1"
  shift
  local -a args=()
  while (($#)); do
    case "$1" in
      --tf-dir | --outputs | --dest | --identity | --servers | --clients)
        if (($# < 2)) || [[ -z "$2" ]]; then usage_error "$1 needs a value"; fi
        case "$1" in
          --tf-dir | --outputs | --dest | --identity) cluster_option "$1" "$2" ;;
          --servers | --clients)
            [[ "$2" =~ ^[0-9]+$ ]] || usage_error "$1 needs a whole number, not '$2'"
            if [[ "$1" == --servers ]]; then EXPECT_SERVERS="$2"; else EXPECT_CLIENTS="$2"; fi
            ;;
        esac
        shift 2
        ;;
      --dry-run) DRY_RUN=1; shift ;;
      --partial) PARTIAL=1; shift ;;
      -h | --help) usage; return 0 ;;
      -*) usage_error "unknown option $1" ;;
      *) args+=("$1"); shift ;;
    esac
  done
  command -v jq >/dev/null || { err "jq is not on PATH"; return 1; }
  if [[ "${command}" == fetch ]]; then
    ((EXPECT_SERVERS == 0 && EXPECT_CLIENTS == 0)) \
      || usage_error "--servers and --clients belong to check and verify (fetch takes the counts from the outputs)"
    fetch "${args[@]}"
  else
    [[ -z "${OUTPUTS}${IDENTITY}" && "${DRY_RUN}" == 0 && "${PARTIAL}" == 0 ]] \
      || usage_error "${command} takes only --servers, --clients and RUN_DIRs"
    check_all "${command}_run" "${args[@]}"
  fi
}

main "$@"

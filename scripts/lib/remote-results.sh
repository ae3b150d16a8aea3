#!/usr/bin/env bash
# The machine side of scripts/aws-results.sh and scripts/aws.sh: what they run on a cluster machine, sent over SSH
# as `ssh HOST bash -s -- COMMAND ARG... < remote-results.sh` (so the operator's copy runs, whatever bundle the
# machine was built from). Each command prints its answer on stdout and nothing else there.
#
#   seal RUN           on client 0: writes RUN/SHA256SUMS (every regular file of the run folder but SHA256SUMS
#                      itself and home's markers, sorted, `sha256sum` format with ./ paths) and prints the SHA-256
#                      of that file: the run's digest, which home records once it has checked its copy
#                      (RUN/.verified). RUN is relative to the results folder. Exit 4 when the run is not finished
#                      (no summary.json, or a sweep started by scripts/aws.sh still runs).
#   sums RUN           on client 0: RUN/SHA256SUMS as seal wrote it
#   runs               on client 0: the run folders (those with a manifest.json), one name a line
#   state FILE...      the machine's state files that exist (of FILE...) as a tar archive on stdout
#   logs               the provisioning log and the store's logs that exist, as a gzipped tar archive on stdout
#                      (read as root: through `sudo -n` when not root)
#   sweep-start ARG... on client 0: starts `./run-sweep.sh ARG... --hosts hosts.json` in the repository, detached
#                      (its own session: it outlives this SSH session), output in .aws-sweep/sweep.log, exit
#                      status in .aws-sweep/rc; refused while one runs
#   sweep-status       on client 0: `running PID`, `done RC` or `none`: the sweep scripts/aws.sh started
#   sweep-log          on client 0: the sweep log's last line
#   sweep-stop         on client 0: ends the sweep scripts/aws.sh started (TERM to its whole process group, KILL after
#                      30 s) and records it as done with 143; prints the status then
#   expiry-set TIME    moves this machine's end (scripts/provision/expiry.sh set TIME, through `sudo -n` when not
#                      root) and prints the new time
#
# Settings (read on the machine; the fake cloud of scripts/tests/fake-cloud.sh sets them through its sshd):
#   YCSB_DOCSEARCH_REPO   the repository on a client, relative to the home folder or absolute (ycsb-docsearch)
#   YCSB_DOCSEARCH_STATE  the state files' folder (/var/lib/ycsb-docsearch)
#   YCSB_DOCSEARCH_EXPIRY the machine's expiry program (/usr/local/sbin/ycsb-docsearch-expiry, cloud_init.tf)
#   YCSB_DOCSEARCH_LOGS   the log files and folders to collect, space-separated (/var/log/ycsb-docsearch-provision.log
#                         /var/log/redis /var/log/mongodb /var/log/elasticsearch)
# Exit status: 0 done, 1 failed, 2 bad arguments, 4 (seal) the run is not finished.
set -euo pipefail

readonly DEFAULT_LOGS="/var/log/ycsb-docsearch-provision.log /var/log/redis /var/log/mongodb /var/log/elasticsearch"
# Home's markers in a run folder (scripts/aws-results.sh): never part of the client's checksums.
readonly MARKERS=(SHA256SUMS SHA256SUMS.tmp .verified .fetch-incomplete)

err() {
  printf 'remote-results.sh: error: %s\n' "$*" >&2
}

repo_dir() {
  local repo="${YCSB_DOCSEARCH_REPO:-ycsb-docsearch}"
  [[ "${repo}" == /* ]] || repo="${HOME}/${repo}"
  printf '%s\n' "${repo}"
}

results_dir() {
  printf '%s/results\n' "$(repo_dir)"
}

# The sweep scripts/aws.sh started on this client: its pid file and exit-status file.
sweep_status() {
  local dir pid
  dir="$(repo_dir)/.aws-sweep"
  if [[ -s "${dir}/rc" ]]; then
    printf 'done %s\n' "$(cat "${dir}/rc")"
  elif [[ -s "${dir}/pid" ]] && pid="$(cat "${dir}/pid")" && kill -0 "${pid}" 2>/dev/null; then
    printf 'running %s\n' "${pid}"
  else
    printf 'none\n'
  fi
}

sweep_start() {
  local repo tries=0
  repo="$(repo_dir)"
  [[ "$(sweep_status)" != running* ]] || { err "a sweep already runs on this client"; exit 1; }
  cd "${repo}"
  mkdir -p .aws-sweep
  rm -f .aws-sweep/rc .aws-sweep/pid
  # shellcheck disable=SC2016  # expands in the detached shell
  setsid nohup bash -c 'echo $$ >.aws-sweep/pid.tmp && mv .aws-sweep/pid.tmp .aws-sweep/pid
    rc=0; ./run-sweep.sh "$@" --hosts hosts.json >.aws-sweep/sweep.log 2>&1 || rc=$?
    echo "${rc}" >.aws-sweep/rc.tmp && mv .aws-sweep/rc.tmp .aws-sweep/rc' sweep "$@" </dev/null >/dev/null 2>&1 &
  until [[ -s .aws-sweep/pid ]]; do
    ((++tries < 100)) || { err "the sweep did not start"; exit 1; }
    sleep 0.1
  done
  cat .aws-sweep/pid
}

sweep_stop() {
  local dir pid tries=0
  dir="$(repo_dir)/.aws-sweep"
  if [[ "$(sweep_status)" == running* ]]; then
    pid="$(cat "${dir}/pid")"
    # setsid made the sweep's shell the leader of its own process group: the group is the sweep and all it started.
    kill -TERM -- "-${pid}" 2>/dev/null || true
    while kill -0 -- "-${pid}" 2>/dev/null; do
      ((++tries != 300)) || kill -KILL -- "-${pid}" 2>/dev/null || true
      ((tries < 350)) || { err "the sweep (process group ${pid}) does not end"; exit 1; }
      sleep 0.1
    done
    [[ -s "${dir}/rc" ]] || echo 143 >"${dir}/rc"
  fi
  sweep_status
}

expiry_set() {
  local -a expiry=("${YCSB_DOCSEARCH_EXPIRY:-/usr/local/sbin/ycsb-docsearch-expiry}")
  [[ "$(id -u)" == 0 ]] || expiry=(sudo -n "${expiry[@]}")
  "${expiry[@]}" set "$1" 2>/dev/null || { err "could not move this machine's end (${expiry[*]} set)"; exit 1; }
  "${expiry[@]}" show
}

sweep_log() {
  local log
  log="$(repo_dir)/.aws-sweep/sweep.log"
  [[ -f "${log}" ]] || return 0
  tail -c 4096 "${log}" | tr '\r' '\n' | grep -v '^[[:space:]]*$' | tail -n 1 || true
}

runs() {
  local d
  cd "$(results_dir)" 2>/dev/null || return 0
  for d in */; do
    [[ -f "${d}manifest.json" ]] && printf '%s\n' "${d%/}"
  done
  return 0
}

seal() {
  local run="$1" dir
  [[ -n "${run}" && "${run}" != */* && "${run}" != .* ]] || { err "not a run folder name: '${run}'"; exit 2; }
  dir="$(results_dir)/${run}"
  [[ -f "${dir}/manifest.json" ]] || { err "no run ${run} in $(results_dir)"; exit 1; }
  [[ -f "${dir}/summary.json" ]] || { err "${run} is not finished (no summary.json): --resume it first"; exit 4; }
  [[ "$(sweep_status)" != running* ]] || { err "a sweep still runs on this client; ${run} may still change"; exit 4; }
  local -a skip=()
  local m
  for m in "${MARKERS[@]}"; do
    skip+=(! -name "${m}")
  done
  cd "${dir}"
  find . -type f "${skip[@]}" -print0 | LC_ALL=C sort -z | xargs -0 -r sha256sum >SHA256SUMS.tmp
  mv SHA256SUMS.tmp SHA256SUMS
  sha256sum SHA256SUMS | cut -d' ' -f1
}

state() {
  local dir="${YCSB_DOCSEARCH_STATE:-/var/lib/ycsb-docsearch}" f
  local -a present=()
  cd "${dir}" 2>/dev/null || { tar -cf - -T /dev/null; return 0; }
  for f in "$@"; do
    [[ -f "${f}" ]] && present+=("${f}")
  done
  tar -cf - -T /dev/null "${present[@]}"
}

logs() {
  local p
  local -a present=()
  for p in ${YCSB_DOCSEARCH_LOGS:-${DEFAULT_LOGS}}; do
    [[ -e "${p}" ]] && present+=("${p#/}")
  done
  local -a tar_cmd=(tar -C / -czf - -T /dev/null "${present[@]}")
  [[ "$(id -u)" == 0 ]] || tar_cmd=(sudo -n "${tar_cmd[@]}")
  "${tar_cmd[@]}"
}

main() {
  local command="${1:-}"
  shift || true
  case "${command}" in
    seal)
      (($# == 1)) || { err "seal takes one RUN"; exit 2; }
      seal "$1"
      ;;
    sums)
      (($# == 1)) || { err "sums takes one RUN"; exit 2; }
      cat "$(results_dir)/$1/SHA256SUMS"
      ;;
    runs) runs ;;
    state) state "$@" ;;
    logs) logs ;;
    sweep-start) sweep_start "$@" ;;
    sweep-status) sweep_status ;;
    sweep-log) sweep_log ;;
    sweep-stop) sweep_stop ;;
    expiry-set)
      (($# == 1)) || { err "expiry-set takes one TIME"; exit 2; }
      expiry_set "$1"
      ;;
    *)
      err "unknown command '${command}' (seal, sums, runs, state, logs, sweep-start, sweep-status, sweep-log, sweep-stop, expiry-set)"
      exit 2
      ;;
  esac
}

main "$@"

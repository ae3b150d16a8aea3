#!/usr/bin/env bash
# scripts/lib/remote-client.sh through a real sshd on 127.0.0.1 (scripts/tests/sshd.sh), as the sweep runs a client
# on another machine: no JVM, a shell stand-in in its place.
#   gate        `gate`: the start sent as `start MS` on the session reaches WORK_DIR/start-at, the client waits for
#               it, exits 0, cpu.json written, client.pid gone
#   killed      the local ssh client SIGKILLed (a runner killed, or Ctrl-C's signal to the group): the client the
#               session ran stops within seconds, and session.log says why
#   timeout     the local ssh client SIGTERMed (ChildProcess's time limit): the same
#   reap        a client left running without its watcher (as an older remote-client.sh left them): --reap over a
#               second session stops it, names it, and leaves a process in another folder alone
#   usage       a bad start or too few arguments: usage, exit 2
# Use like: scripts/tests/test_remote_client.sh   (needs sshd and ssh-keygen; root, or an sshd that may run here)
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
readonly REPO_ROOT
readonly SCRIPT="${REPO_ROOT}/scripts/lib/remote-client.sh"
# shellcheck source=assert.sh
source "${REPO_ROOT}/scripts/tests/assert.sh"
# shellcheck source=sshd.sh
source "${REPO_ROOT}/scripts/tests/sshd.sh"

WORK=""
BG_PIDS=()

cleanup() {
  local pid
  for pid in "${BG_PIDS[@]}"; do
    kill "${pid}" 2>/dev/null || true
  done
  # Anything a failed case left: the stand-in clients run in WORK's folders (their working folder says so).
  local cwd
  for cwd in /proc/[0-9]*/cwd; do
    [[ -n "${WORK}" && "$(readlink "${cwd}" 2>/dev/null)" == "${WORK}/"* ]] || continue
    pid="${cwd#/proc/}"
    kill -KILL "${pid%/cwd}" 2>/dev/null || true
  done
  [[ -z "${WORK}" ]] || rm -rf "${WORK}"
}

ssh_local() {
  ssh -p "${SSHD_PORT}" -i "${WORK}/key" -o IdentitiesOnly=yes -o BatchMode=yes -o StrictHostKeyChecking=no \
    -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR "$(id -un)@127.0.0.1" "$@"
}

# Waits up to TENTHS tenths of a second for PID to be gone.
gone_within() {
  local pid="$1" tenths="$2" i
  for ((i = 0; i < tenths; i++)); do
    kill -0 "${pid}" 2>/dev/null || return 0
    sleep 0.1
  done
  echo "process ${pid} still runs: $(tr '\0' ' ' <"/proc/${pid}/cmdline" 2>/dev/null)"
  return 1
}

# Waits until FILE exists (up to 10 s).
appears() {
  local i
  for ((i = 0; i < 100; i++)); do
    [[ -s "$1" ]] && return 0
    sleep 0.1
  done
  echo "$1 did not appear"
  return 1
}

test_gate() {
  local dir="${WORK}/clients/client-1" start
  mkdir -p "${WORK}/fifo" && mkfifo "${WORK}/fifo/gate"
  # One word for the remote shell, as Ssh.command quotes each word.
  ssh_local "$(printf '%q ' "${SCRIPT}" "${dir}" gate 0 1 sh -c \
    'while [ ! -s start-at ]; do sleep 0.05; done; cp start-at got; sleep 1')" <"${WORK}/fifo/gate" \
    >"${WORK}/gate.out" 2>&1 &
  local ssh_pid=$!
  exec 4>"${WORK}/fifo/gate"
  appears "${dir}/client.pid" || return 1
  start=$(($(date +%s%3N) + 200))
  printf 'start %s\n' "${start}" >&4
  local rc=0
  wait "${ssh_pid}" || rc=$?
  exec 4>&-
  ((rc == 0)) || { echo "exit ${rc}: $(cat "${WORK}/gate.out")"; return 1; }
  [[ "$(cat "${dir}/got")" == "${start}" ]] || { echo "start-at: $(cat "${dir}/got")"; return 1; }
  jq -e '.client_cpus >= 1' "${dir}/cpu.json" >/dev/null || { echo "cpu.json: $(cat "${dir}/cpu.json")"; return 1; }
  [[ ! -e "${dir}/client.pid" ]] || { echo "client.pid left behind"; return 1; }
}

# Starts a long client over SSH with its session held open by a sleeping writer, then ends the local ssh client with
# SIGNAL: the remote client must stop.
session_ends() {
  local signal="$1" dir="${WORK}/clients/client-$1" pid
  (sleep 600 | ssh_local "${SCRIPT}" "${dir}" gate 0 60 sleep 300 >/dev/null 2>&1) &
  BG_PIDS+=($!)
  appears "${dir}/client.pid" || return 1
  read -r pid _ <"${dir}/client.pid"
  kill -0 "${pid}" || { echo "the client did not start"; return 1; }
  pkill "-${signal}" -f "ssh -p ${SSHD_PORT} .*${dir} gate" || { echo "no local ssh client to signal"; return 1; }
  gone_within "${pid}" 60 || return 1
  grep -q 'the SSH session ended: stopping the client JVM' "${dir}/session.log" \
    || { echo "session.log: $(cat "${dir}/session.log" 2>/dev/null)"; return 1; }
}

test_reap() {
  local root="${WORK}/reap" pid other out
  mkdir -p "${root}/client-1" "${WORK}/elsewhere"
  # A client whose watcher is gone: the stand-in started the way the script starts it, its pid file beside it.
  (cd "${root}/client-1" && exec sleep 300) &
  pid=$!
  printf '%s 1\n' "${pid}" >"${root}/client-1/client.pid"
  (cd "${WORK}/elsewhere" && exec sleep 300) &
  other=$!
  BG_PIDS+=("${other}")
  mkdir -p "${root}/client-2" && printf '%s 1\n' "${other}" >"${root}/client-2/client.pid"
  out="$(ssh_local "${SCRIPT}" --reap "${root}")" || { echo "--reap failed: ${out}"; return 1; }
  gone_within "${pid}" 50 || return 1
  [[ "${out}" == "stopped client JVM ${pid} in ${root}/client-1" ]] || { echo "printed: ${out}"; return 1; }
  kill -0 "${other}" || { echo "--reap stopped a process of another folder"; return 1; }
  [[ ! -e "${root}/client-1/client.pid" ]] || { echo "pid file left"; return 1; }
}

test_usage() {
  local rc=0
  "${SCRIPT}" "${WORK}/u" soon 0 1 true >/dev/null 2>&1 || rc=$?
  ((rc == 2)) || { echo "bad start: exit ${rc}"; return 1; }
  rc=0
  "${SCRIPT}" "${WORK}/u" 1 >/dev/null 2>&1 || rc=$?
  ((rc == 2)) || { echo "too few arguments: exit ${rc}"; return 1; }
}

main() {
  trap cleanup EXIT INT TERM
  # sshd's privilege separation folder, which a machine without a running sshd may lack.
  [[ "$(id -u)" != 0 ]] || mkdir -p /run/sshd
  WORK="$(mktemp -d)"
  ssh-keygen -q -t ed25519 -N '' -f "${WORK}/key"
  cp "${WORK}/key.pub" "${WORK}/authorized_keys"
  local rc=0
  serve_sshd "${WORK}/authorized_keys" || rc=$?
  if ((rc != 0)); then
    echo "test_remote_client: no runnable sshd here (serve_sshd exit ${rc}); install openssh-server" >&2
    return 1
  fi
  check "gate: the start sent on the session starts the client" test_gate
  check "killed: a SIGKILLed ssh client leaves no client running" session_ends KILL
  check "timeout: a SIGTERMed ssh client leaves no client running" session_ends TERM
  check "reap: a second session stops a client left running" test_reap
  check "usage: bad arguments exit 2" test_usage
  finish
}

main "$@"

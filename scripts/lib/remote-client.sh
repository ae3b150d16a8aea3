#!/usr/bin/env bash
# Runs one client JVM of a step on another client machine; the sweep starts it over SSH (StepRunner, with
# sweep/.../exec/Ssh.java) and fetches WORK_DIR afterwards. The command runs in WORK_DIR with its stdout and stderr
# on the SSH channel; this script also writes WORK_DIR/cpu.json: the JVM's CPU over the step's measured window
# (from the start + WARMUP_S to the start + WARMUP_S + DURATION_S, this machine's clock), its JIT compiler threads
# apart, and the CPUs it may use, as the sweep measures its own client.
#
# The start: START_AT_EPOCH_MS, or `gate`: the runner sends `start EPOCH_MS` (this machine's clock) on stdin once
# every client is ready, and this script writes it to WORK_DIR/start-at, the file the JVM waits for
# (docsearch.start_gate, StartGateWorkload).
# No orphan: stdin is the SSH session. When it ends (the runner stopped, was killed, timed out, lost the network)
# the JVM is stopped (SIGTERM, SIGKILL 3 s later), whatever sshd does with the session. WORK_DIR/client.pid holds
# the JVM's pid while it runs, for --reap.
#
# Usage: remote-client.sh WORK_DIR START_AT_EPOCH_MS|gate WARMUP_S DURATION_S COMMAND [ARG...]
#        remote-client.sh --reap WORK_ROOT
#   --reap   stops every client JVM still running under WORK_ROOT/client-*/ (by its pid file, and only a process
#            whose working folder is that client's folder) and prints one line per JVM stopped; the runner calls it
#            over a second SSH session before each step and after a client it had to stop
set -euo pipefail

readonly STOP_GRACE_TENTHS=30 # SIGTERM, then SIGKILL after this many tenths of a second

usage() {
  sed -n '2,19p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

now_ms() {
  date +%s%3N
}

sleep_until() {
  local left_ms=$(($1 - $(now_ms)))
  ((left_ms <= 0)) || sleep "$((left_ms / 1000)).$(printf '%03d' $((left_ms % 1000)))"
}

# Stops PID: SIGTERM, then SIGKILL when it still lives after the grace.
stop_pid() {
  local pid="$1" i
  kill -TERM "${pid}" 2>/dev/null || return 0
  for ((i = 0; i < STOP_GRACE_TENTHS; i++)); do
    kill -0 "${pid}" 2>/dev/null || return 0
    sleep 0.1
  done
  kill -KILL "${pid}" 2>/dev/null || true
}

# utime + stime of a /proc stat file, in clock ticks (the fields after the command name, which may hold spaces).
stat_ticks() {
  local rest
  rest="$(sed 's/^.*) //' "$1" 2>/dev/null)" || return 1
  awk '{ print $12 + $13 }' <<<"${rest}"
}

# CPU ticks of the whole JVM and of its JIT compiler threads, as "all jit"; fails when the process is gone.
sample() {
  local pid="$1" all jit=0 task comm t
  all="$(stat_ticks "/proc/${pid}/stat")" || return 1
  for task in /proc/"${pid}"/task/*; do
    comm="$(cat "${task}/comm" 2>/dev/null)" || continue
    if [[ "${comm}" == "C1 CompilerThre"* || "${comm}" == "C2 CompilerThre"* ]]; then
      t="$(stat_ticks "${task}/stat")" || continue
      jit=$((jit + t))
    fi
  done
  echo "${all} ${jit}"
}

# Reads the session (stdin) until it ends: `start EPOCH_MS` lines become WORK_DIR/start-at; the end stops PID.
# Runs in the background with its output away from the SSH channel (which it must not hold open).
watch_session() {
  local pid="$1" line
  while IFS= read -r line; do
    if [[ "${line}" =~ ^start\ ([0-9]+)$ ]]; then
      printf '%s\n' "${BASH_REMATCH[1]}" >start-at.tmp && mv start-at.tmp start-at
    fi
  done
  if kill -0 "${pid}" 2>/dev/null; then
    printf '%s the SSH session ended: stopping the client JVM %s\n' "$(date -u +%FT%TZ)" "${pid}" >>session.log
    stop_pid "${pid}"
  fi
}

# --reap WORK_ROOT: every client JVM still running under it.
reap() {
  local root="$1" f pid cwd
  for f in "${root}"/client-*/client.pid; do
    [[ -f "${f}" ]] || continue
    read -r pid _ <"${f}" || continue
    cwd="$(readlink "/proc/${pid}/cwd" 2>/dev/null || true)"
    if [[ "${pid}" =~ ^[0-9]+$ && -n "${cwd}" && "${cwd}" == "$(cd "$(dirname "${f}")" && pwd -P)" ]]; then
      stop_pid "${pid}"
      printf 'stopped client JVM %s in %s\n' "${pid}" "$(dirname "${f}")"
    fi
    rm -f "${f}"
  done
}

# The CPU of PID over [BEGIN, STOP] into cpu.json: every 250 ms until the stop is due, keeping the last sample taken
# while the JVM lived (YCSB ends at that very instant, so one sample taken then races its exit).
measure_cpu() {
  local pid="$1" stop_ms="$2" begin_ms end_ms="" first="" last="" now s hz
  hz="$(getconf CLK_TCK)"
  begin_ms="$(now_ms)"
  first="$(sample "${pid}")" || first=""
  while [[ -n "${first}" ]]; do
    now="$(now_ms)"
    ((now < stop_ms)) || break
    sleep_until $((now + 250 < stop_ms ? now + 250 : stop_ms))
    s="$(sample "${pid}")" || break
    last="${s}"
    end_ms="$(now_ms)"
  done
  if [[ -n "${first}" && -n "${last}" ]] && ((end_ms > begin_ms)); then
    awk -v a="${first}" -v b="${last}" -v ms=$((end_ms - begin_ms)) -v hz="${hz}" -v cpus="$(nproc)" 'BEGIN {
      split(a, x, " "); split(b, y, " "); s = ms / 1000.0
      jit = (y[2] - x[2]) / hz / s; all = (y[1] - x[1]) / hz / s
      printf "{\"client_cpu_cores\": %.3f, \"client_jit_cpu_cores\": %.3f, \"client_cpus\": %d}\n", all - jit, jit, cpus
    }' >cpu.json
  else
    printf '{"client_cpu_cores": null, "client_jit_cpu_cores": null, "client_cpus": %d}\n' "$(nproc)" >cpu.json
  fi
}

main() {
  [[ "${1:-}" != -h && "${1:-}" != --help ]] || { usage; exit 0; }
  if [[ "${1:-}" == --reap ]]; then
    (($# == 2)) || { usage >&2; exit 2; }
    reap "$2"
    exit 0
  fi
  [[ $# -ge 5 && "$2" =~ ^([0-9]+|gate)$ ]] || { usage >&2; exit 2; }
  local dir="$1" start_at="$2" warmup_s="$3" duration_s="$4"
  shift 4
  mkdir -p "${dir}"
  cd "${dir}"
  rm -f start-at start-at.tmp
  "$@" </dev/null &
  local pid=$!
  printf '%s %s\n' "${pid}" "$$" >client.pid
  # The session's stdin goes to the watcher (fd 3: a background job's stdin would otherwise be /dev/null).
  exec 3<&0
  watch_session "${pid}" <&3 >/dev/null 2>&1 &
  local watcher=$!
  exec 3<&-
  trap 'stop_pid "${pid}"' HUP INT TERM
  if [[ "${start_at}" == gate ]]; then
    until [[ -s start-at ]]; do
      kill -0 "${pid}" 2>/dev/null || break
      sleep 0.05
    done
    start_at="$(cat start-at 2>/dev/null || now_ms)"
  fi
  sleep_until $((start_at + warmup_s * 1000))
  measure_cpu "${pid}" $((start_at + (warmup_s + duration_s) * 1000))
  local rc=0
  wait "${pid}" || rc=$?
  kill "${watcher}" 2>/dev/null || true
  rm -f client.pid
  exit "${rc}"
}

main "$@"

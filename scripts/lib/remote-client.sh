#!/usr/bin/env bash
# Runs one client JVM of a step on another client machine; the sweep starts it over SSH (StepRunner, with
# sweep/.../exec/Ssh.java) and fetches WORK_DIR afterwards. The command runs in WORK_DIR with its stdout and stderr
# on the SSH channel; this script also writes WORK_DIR/cpu.json: the JVM's CPU over the step's measured window
# (from START_AT + WARMUP_S to START_AT + WARMUP_S + DURATION_S, this machine's clock), its JIT compiler threads
# apart, and the CPUs it may use, as the sweep measures its own client.
#
# Usage: remote-client.sh WORK_DIR START_AT_EPOCH_MS WARMUP_S DURATION_S COMMAND [ARG...]
set -euo pipefail

usage() {
  sed -n '2,8p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

now_ms() {
  date +%s%3N
}

sleep_until() {
  local left_ms=$(($1 - $(now_ms)))
  if ((left_ms > 0)); then
    sleep "$((left_ms / 1000)).$(printf '%03d' $((left_ms % 1000)))"
  fi
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

main() {
  if [[ "${1:-}" == -h || "${1:-}" == --help ]]; then
    usage
    exit 0
  fi
  if (($# < 5)); then
    usage >&2
    exit 2
  fi
  local dir="$1" start_at="$2" warmup_s="$3" duration_s="$4"
  shift 4
  mkdir -p "${dir}"
  cd "${dir}"
  "$@" &
  local pid=$!
  # The sweep stopping the SSH session ends the client too.
  trap 'kill "${pid}" 2>/dev/null || true' HUP INT TERM
  local begin_ms end_ms="" first="" last="" hz now s
  local stop_ms=$((start_at + (warmup_s + duration_s) * 1000))
  hz="$(getconf CLK_TCK)"
  sleep_until $((start_at + warmup_s * 1000))
  begin_ms="$(now_ms)"
  first="$(sample "${pid}")" || first=""
  # Every 250 ms until the stop is due, keeping the last sample taken while the JVM lived: YCSB ends at that very
  # instant, so one sample taken then races its exit (a CI run lost the client's CPU that way).
  while [[ -n "${first}" ]]; do
    now="$(now_ms)"
    ((now < stop_ms)) || break
    sleep_until $((now + 250 < stop_ms ? now + 250 : stop_ms))
    s="$(sample "${pid}")" || break
    last="${s}"
    end_ms="$(now_ms)"
  done
  local rc=0
  wait "${pid}" || rc=$?
  if [[ -n "${first}" && -n "${last}" ]] && ((end_ms > begin_ms)); then
    awk -v a="${first}" -v b="${last}" -v ms=$((end_ms - begin_ms)) -v hz="${hz}" -v cpus="$(nproc)" 'BEGIN {
      split(a, x, " "); split(b, y, " "); s = ms / 1000.0
      jit = (y[2] - x[2]) / hz / s; all = (y[1] - x[1]) / hz / s
      printf "{\"client_cpu_cores\": %.3f, \"client_jit_cpu_cores\": %.3f, \"client_cpus\": %d}\n", all - jit, jit, cpus
    }' >cpu.json
  else
    printf '{"client_cpu_cores": null, "client_jit_cpu_cores": null, "client_cpus": %d}\n' "$(nproc)" >cpu.json
  fi
  exit "${rc}"
}

main "$@"

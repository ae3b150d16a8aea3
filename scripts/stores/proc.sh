#!/usr/bin/env bash
# Process helpers for scripts/stores.sh (sourced; needs lib/common.sh). A store instance is identified by its PID
# file plus a marker string (the instance's own directory) that must appear in the process's command line, so a
# recycled PID or a foreign process on the same port is never mistaken for ours and never signalled.
#
#   proc_running PIDFILE MARKER    true when the PID in PIDFILE is alive and its command line contains MARKER
#   proc_pid PIDFILE               the PID written in PIDFILE (empty if none)
#   proc_stop PIDFILE MARKER NAME  SIGTERM, wait up to STOP_TIMEOUT s (default 60), SIGKILL as a last resort
#   proc_rss_mb PID                resident set size in MB
#   cpuset_prefix                  prints "taskset -c CPUS" words when STORES_CPUSET is set (one per line)

proc_pid() {
  local pidfile="$1" pid=""
  if [[ -f "${pidfile}" ]]; then
    read -r pid <"${pidfile}" || true
  fi
  [[ "${pid}" =~ ^[0-9]+$ ]] && printf '%s\n' "${pid}"
  return 0
}

proc_running() {
  local pidfile="$1" marker="$2" pid cmdline state
  pid="$(proc_pid "${pidfile}")"
  [[ -n "${pid}" && -r "/proc/${pid}/cmdline" ]] || return 1
  state="$(awk '/^State:/ {print $2}' "/proc/${pid}/status" 2>/dev/null)"
  [[ "${state}" != Z ]] || return 1
  cmdline="$(tr '\0' ' ' <"/proc/${pid}/cmdline")"
  [[ "${cmdline}" == *"${marker}"* ]]
}

proc_stop() {
  local pidfile="$1" marker="$2" name="$3" pid deadline
  if ! proc_running "${pidfile}" "${marker}"; then
    rm -f "${pidfile}"
    return 0
  fi
  pid="$(proc_pid "${pidfile}")"
  kill -TERM "${pid}"
  deadline=$((SECONDS + ${STOP_TIMEOUT:-60}))
  while proc_running "${pidfile}" "${marker}"; do
    if ((SECONDS >= deadline)); then
      err "${name} (pid ${pid}) still running ${STOP_TIMEOUT:-60}s after SIGTERM: sending SIGKILL"
      kill -KILL "${pid}" 2>/dev/null || true
      sleep 1
      break
    fi
    sleep 0.2
  done
  rm -f "${pidfile}"
}

proc_rss_mb() {
  awk '/^VmRSS:/ {printf "%d\n", $2 / 1024}' "/proc/$1/status" 2>/dev/null || echo "?"
}

cpuset_prefix() {
  if [[ -n "${STORES_CPUSET:-}" ]]; then
    command -v taskset >/dev/null || die "STORES_CPUSET is set but taskset (util-linux) is missing"
    printf '%s\n' taskset -c "${STORES_CPUSET}"
  fi
}

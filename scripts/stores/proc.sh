#!/usr/bin/env bash
# Process helpers for scripts/stores.sh (sourced; needs lib/common.sh). A store instance is identified by its PID
# file plus a marker string (the instance's own directory) that must appear in the process's command line, so a
# recycled PID or a foreign process on the same port is never mistaken for ours and never signalled.
#
#   proc_running PIDFILE MARKER    true when the PID in PIDFILE is alive and its command line contains MARKER
#   proc_alive PID MARKER          the same for a PID already read
#   proc_pid PIDFILE               the PID written in PIDFILE (empty if none)
#   proc_stop PIDFILE MARKER NAME  SIGTERM, wait up to STOP_TIMEOUT s (default 60), SIGKILL as a last resort
#   proc_signal_wait PIDFILE MARKER SIGNAL SECS   sends SIGNAL, waits until the process is gone; false on timeout
#   proc_rss_mb PID                resident set size in MB
#   cpuset_prefix                  prints "taskset -c CPUS" words when STORES_CPUSET is set (one per line)

proc_pid() {
  local pidfile="$1" pid=""
  [[ ! -f "${pidfile}" ]] || read -r pid <"${pidfile}" || true
  [[ "${pid}" =~ ^[0-9]+$ ]] && printf '%s\n' "${pid}"
  return 0
}

proc_running() {
  local pid
  pid="$(proc_pid "$1")"
  [[ -n "${pid}" ]] && proc_alive "${pid}" "$2"
}

# True when PID is a live (not zombie) process whose command line contains MARKER.
proc_alive() {
  local pid="$1" marker="$2" cmdline state
  [[ -r "/proc/${pid}/cmdline" ]] || return 1
  state="$(awk '/^State:/ {print $2}' "/proc/${pid}/status" 2>/dev/null)"
  [[ "${state}" != Z ]] || return 1
  cmdline="$(tr '\0' ' ' <"/proc/${pid}/cmdline")"
  [[ "${cmdline}" == *"${marker}"* ]]
}

proc_stop() {
  local pidfile="$1" marker="$2" name="$3" pid
  proc_running "${pidfile}" "${marker}" || { rm -f "${pidfile}"; return 0; }
  pid="$(proc_pid "${pidfile}")"
  if ! proc_signal_wait "${pidfile}" "${marker}" TERM "${STOP_TIMEOUT:-60}"; then
    err "${name} (pid ${pid}) still running ${STOP_TIMEOUT:-60}s after SIGTERM: sending SIGKILL"
    kill -KILL "${pid}" 2>/dev/null || true
    sleep 1
  fi
  rm -f "${pidfile}"
}

# The PID is read once, before the signal: a server that removes its own PID file on exit (redis-server on SIGTERM)
# must still be waited for by that PID.
proc_signal_wait() {
  local pidfile="$1" marker="$2" signal="$3" secs="$4" pid deadline
  pid="$(proc_pid "${pidfile}")"
  if [[ -z "${pid}" ]] || ! proc_alive "${pid}" "${marker}"; then
    return 0 # gone already, or not ours: never signalled
  fi
  kill "-${signal}" "${pid}" 2>/dev/null || true
  deadline=$((SECONDS + secs))
  # Signalled, it is ours: wait for the process itself. While a process exits its command line already reads empty
  # (its memory is being released), so the marker would call it gone early (a JVM killed in CI was still there).
  while proc_present "${pid}"; do
    ((SECONDS < deadline)) || return 1
    sleep 0.1
  done
}

# proc_present PID: the process exists and is not a zombie, whatever its command line says.
proc_present() {
  [[ -e "/proc/$1" && "$(awk '/^State:/ {print $2}' "/proc/$1/status" 2>/dev/null)" != Z ]]
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

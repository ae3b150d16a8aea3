#!/usr/bin/env bash
# OS crash of an AWS store server: an immediate hard reboot through the kernel's magic SysRq "b", with no sync and
# no unmount, so everything the stores wrote but did not fsync is lost, as at a power loss. A process kill
# (fault.sh kill-primary) keeps the OS page cache and never tests appendfsync everysec, MongoDB's journal commit
# interval or Elasticsearch's async translog; this does. Locally the same fault is scripts/faults/unsynced-fs.sh.
# Meant to be run as root by the fault helper (scripts/provision/fault.sh, after its own word check) on the server
# holding primary data; the store units must be enabled so that they start again at boot, then `fault.sh recover`.
#
# Usage: os-crash.sh --confirm [--after-ms N]
#   --confirm     required: without it nothing is written (exit 2). The machine goes down at once.
#   --after-ms N  print the JSON line, return, and crash N ms later from a detached process (so that an SSH caller
#                 gets its answer before the connection dies); default 0: crash now (the script never returns)
# Prints one JSON line before the crash: {"kind":"os-crash","signal":"sysrq-b","host","crash_at_ms"} (epoch ms).
# Exit: 2 bad arguments or no --confirm; 1 not root, or SysRq cannot be written.
# Env (tests only): OS_CRASH_SYSRQ_ENABLE (default /proc/sys/kernel/sysrq), OS_CRASH_SYSRQ_TRIGGER (default
#   /proc/sysrq-trigger). With both pointed elsewhere the script writes there and needs no root.
set -euo pipefail

readonly NAME=ycsb-docsearch-os-crash
readonly SYSRQ_ENABLE="${OS_CRASH_SYSRQ_ENABLE:-/proc/sys/kernel/sysrq}"
readonly SYSRQ_TRIGGER="${OS_CRASH_SYSRQ_TRIGGER:-/proc/sysrq-trigger}"

usage() {
  sed -n '2,17p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

die() {
  printf '%s: error: %s\n' "${NAME}" "$1" >&2
  exit "${2:-1}"
}

# The two writes, and nothing before them: no sync, which would save the very data this fault is meant to drop.
# "1" enables every SysRq function (distributions ship a mask without reboot); "b" reboots at once.
crash_now() {
  printf '1\n' >"${SYSRQ_ENABLE}"
  printf 'b' >"${SYSRQ_TRIGGER}"
}

main() {
  local confirmed=0 after_ms=0 crash_at_ms
  while (($#)); do
    case "$1" in
      --confirm) confirmed=1; shift ;;
      --after-ms)
        [[ "${2:-}" =~ ^[0-9]+$ ]] || die "--after-ms takes a number of milliseconds" 2
        after_ms="$2"
        shift 2
        ;;
      -h | --help) usage; exit 0 ;;
      *) usage >&2; die "unknown argument '$1'" 2 ;;
    esac
  done
  ((confirmed)) || die "refusing to crash this machine without --confirm" 2
  if [[ "${SYSRQ_ENABLE}" == /proc/* || "${SYSRQ_TRIGGER}" == /proc/* ]]; then
    [[ "$(id -u)" == 0 ]] || die "SysRq needs root"
  fi
  [[ -w "${SYSRQ_TRIGGER}" || ! -e "${SYSRQ_TRIGGER}" && -w "$(dirname "${SYSRQ_TRIGGER}")" ]] \
    || die "cannot write ${SYSRQ_TRIGGER}"
  crash_at_ms=$(($(date +%s%3N) + after_ms))
  printf '{"kind":"os-crash","signal":"sysrq-b","host":"%s","crash_at_ms":%d}\n' "$(hostname)" "${crash_at_ms}"
  logger -t "${NAME}" -- "SysRq b at ${crash_at_ms}" 2>/dev/null || true
  ((after_ms != 0)) || { crash_now; return 0; }
  # Detached (own session, no terminal, output closed): it outlives the SSH session that asked for it.
  export -f crash_now
  export SYSRQ_ENABLE SYSRQ_TRIGGER
  setsid bash -c "sleep $(awk -v ms="${after_ms}" 'BEGIN { printf "%.3f", ms / 1000 }'); crash_now" \
    </dev/null >/dev/null 2>&1 &
}

main "$@"

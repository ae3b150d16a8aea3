#!/usr/bin/env bash
# The machine's own end: terraform puts this file in the cloud-init user data as /usr/local/sbin/ycsb-docsearch-expiry
# with a systemd service that runs `watch` from boot on (cloud_init.tf), so a cluster nobody destroys ends itself.
# The instances shut down with instance_initiated_shutdown_behavior = "terminate": a shutdown ends (and stops billing)
# the instance. The time lives in STATE_DIR/expires-at (one line, UTC, 2026-12-06T17:00:00Z), armed once at the first
# boot from TTL_HOURS (a reboot keeps it); scripts/aws.sh extend moves it with `set`.
#
# Usage: ycsb-docsearch-expiry watch | set UTC_TIME | show
#   watch   arms the time if it is not armed (now + TTL_HOURS), then looks at it every EXPIRY_POLL_S seconds and
#           shuts the machine down once it has passed (a time moved on meanwhile is honoured)
#   set     writes a new time (anything `date -d` reads; a time past ends the machine at the next look)
#   show    prints the time
# Settings: TTL_HOURS (role.env, through the service's EnvironmentFile), YCSB_STATE_DIR (/var/lib/ycsb-docsearch),
#   EXPIRY_POLL_S (60), EXPIRY_SHUTDOWN_CMD (systemctl poweroff; the fake cloud's stand-in ends its namespace's sshd).
# Exit status: 0 done, 1 failed, 2 bad arguments.
set -euo pipefail

readonly STATE_DIR="${YCSB_STATE_DIR:-/var/lib/ycsb-docsearch}"
readonly EXPIRES_FILE="${STATE_DIR}/expires-at"

usage() {
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
}

log() {
  printf '%s expiry: %s\n' "$(date -u +%H:%M:%S)" "$*" >&2
}

usage_error() {
  log "error: $*"
  usage >&2
  exit 2
}

# Writes TIME (anything date -d reads) to the expires-at file, atomically.
write_time() {
  local utc
  utc="$(date -u -d "$1" +%Y-%m-%dT%H:%M:%SZ)" || usage_error "not a time: '$1'"
  mkdir -p "${STATE_DIR}"
  printf '%s\n' "${utc}" >"${EXPIRES_FILE}.tmp"
  mv "${EXPIRES_FILE}.tmp" "${EXPIRES_FILE}"
  log "this machine ends at ${utc}"
}

watch() {
  local poll="${EXPIRY_POLL_S:-60}" at
  [[ "${poll}" =~ ^[0-9]+$ ]] || usage_error "EXPIRY_POLL_S must be whole seconds"
  if [[ ! -s "${EXPIRES_FILE}" ]]; then
    [[ "${TTL_HOURS:-}" =~ ^[0-9]+$ ]] || usage_error "TTL_HOURS must be whole hours, not '${TTL_HOURS:-}'"
    write_time "now + ${TTL_HOURS} hours"
  fi
  while :; do
    # An unreadable file (half written by hand) counts as now: better a machine ended than one billing forever.
    at="$(date -u -d "$(cat "${EXPIRES_FILE}" 2>/dev/null)" +%s 2>/dev/null || echo 0)"
    if (($(date -u +%s) >= at)); then
      log "expired ($(cat "${EXPIRES_FILE}" 2>/dev/null || echo 'no time')): shutting down"
      # shellcheck disable=SC2086  # a command line of its own
      ${EXPIRY_SHUTDOWN_CMD:-systemctl poweroff}
      return 0
    fi
    sleep "${poll}"
  done
}

main() {
  case "${1:-}" in
    watch) watch ;;
    set)
      (($# == 2)) || usage_error "set takes one UTC_TIME"
      write_time "$2"
      ;;
    show) cat "${EXPIRES_FILE}" ;;
    -h | --help) usage ;;
    *) usage_error "unknown command '${1:-}'" ;;
  esac
}

main "$@"

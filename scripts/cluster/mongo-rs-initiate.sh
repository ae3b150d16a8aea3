#!/usr/bin/env bash
# Initiates a MongoDB replica set over running mongod processes started with --replSet NAME, then waits until its
# preferred member (the first) is primary and every member is PRIMARY or SECONDARY (no priority takeover to come).
# Safe to re-run (an initiated set is left as it is).
# Used locally by scripts/stores.sh and on cloud machines (run it once, from any machine that reaches all members).
#
# Usage: mongo-rs-initiate.sh [--timeout SECS] NAME HOST:PORT HOST:PORT ...
#   NAME        the replica set name given to every mongod (--replSet)
#   HOST:PORT   members as the other members and the clients reach them; the first gets priority 2 (preferred primary)
#   --timeout   seconds to wait for a healthy set (default 60)
# Env: MONGO_PYTHON  a python with pymongo (used when set; scripts/stores.sh sets the stores' venv python),
#      otherwise mongosh on PATH.  MONGO_AUTH  optional "user:password@" prefix for the connection URI.
set -euo pipefail

PROBE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/stores/probe.py"
readonly PROBE

usage() {
  # The header comment, without its leading '# '.
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
}

err() {
  echo "mongo-rs-initiate.sh: error: $*" >&2
}

initiate() {
  local name="$1"
  shift
  if [[ -n "${MONGO_PYTHON:-}" ]]; then
    "${MONGO_PYTHON}" "${PROBE}" mongo-rs-initiate "${name}" "$@" >&2
    return
  fi
  command -v mongosh >/dev/null || { err "neither MONGO_PYTHON (python with pymongo) nor mongosh available"; return 1; }
  local members="" i=0 h
  for h in "$@"; do
    members+="${members:+,}{_id: ${i}, host: '${h}', priority: $((i == 0 ? 2 : 1))}"
    i=$((i + 1))
  done
  mongosh --quiet "mongodb://${MONGO_AUTH:-}$1/?directConnection=true" --eval "
    try { rs.initiate({_id: '${name}', members: [${members}]}); print('initiated ${name}'); }
    catch (e) { if (e.codeName === 'AlreadyInitialized') { print('${name} already initiated'); } else { throw e; } }" >&2
}

ready() {
  local first="$1" n="$2"
  if [[ -n "${MONGO_PYTHON:-}" ]]; then
    "${MONGO_PYTHON}" "${PROBE}" mongo-rs-ready "mongodb://${MONGO_AUTH:-}${first}/" "${n}" 2>/dev/null
  else
    mongosh --quiet "mongodb://${MONGO_AUTH:-}${first}/?directConnection=true" --eval "
      const s = rs.status().members.map(m => m.stateStr);
      const me = rs.status().members.find(m => m.self);
      if (!me || me.stateStr !== 'PRIMARY' || s.filter(x => x === 'PRIMARY' || x === 'SECONDARY').length < ${n}) quit(1);" \
      >/dev/null 2>&1
  fi
}

main() {
  local timeout=60
  while (($#)); do
    case "$1" in
      --timeout) timeout="$2"; shift 2 ;;
      -h | --help) usage; return 0 ;;
      -*) err "unknown option '$1'"; usage >&2; return 2 ;;
      *) break ;;
    esac
  done
  (($# >= 2)) || { usage >&2; return 2; }
  local name="$1"
  shift
  initiate "${name}" "$@"
  local deadline=$((SECONDS + timeout))
  until ready "$1" "$#"; do
    ((SECONDS < deadline)) || { err "replica set ${name} not healthy after ${timeout}s"; return 1; }
    sleep 0.5
  done
  echo "replica set ${name} ok: $# members" >&2
}

main "$@"

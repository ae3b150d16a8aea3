#!/usr/bin/env bash
# Initiates a MongoDB replica set over running mongod processes started with --replSet NAME, then waits until it is
# whole by scripts/cluster/mongo_sets.py: its preferred member (the first) primary and every member PRIMARY or
# SECONDARY (no priority takeover to come).
# Safe to re-run (an initiated set is left as it is).
# Used locally by scripts/stores.sh and on cloud machines (run it once, from any machine that reaches all members).
#
# Usage: mongo-rs-initiate.sh [--timeout SECS] NAME HOST:PORT HOST:PORT ...
#   NAME        the replica set name given to every mongod (--replSet)
#   HOST:PORT   members as the other members and the clients reach them; the first gets priority 2 (preferred primary)
#   --timeout   seconds to wait for a healthy set (default 60)
# Env: MONGO_PYTHON  a python with pymongo (used when set; scripts/stores.sh sets the stores' venv python),
#      otherwise mongosh (and python3, for the rule) on PATH.  MONGO_AUTH  optional "user:password@" prefix for
#      the connection URI of the initiation (the readiness check uses hello, which needs no authentication).
set -euo pipefail

# shellcheck source=scripts/lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"

CLUSTER_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
readonly CLUSTER_DIR
readonly PROBE="${CLUSTER_DIR}/../stores/probe.py"

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

# Ready: whole by scripts/cluster/mongo_sets.py (the rule the fault paths wait for too): every member PRIMARY or
# SECONDARY by its own hello, the preferred member the PRIMARY. Arguments: NAME HOST:PORT...
ready() {
  local sets
  sets="$1=$(shift; IFS=,; echo "$*")"
  if [[ -n "${MONGO_PYTHON:-}" ]]; then
    "${MONGO_PYTHON}" "${PROBE}" mongo-whole 0 "${sets}" 2>/dev/null
  else
    "${CLUSTER_DIR}/mongo-hellos.sh" "${sets}" | python3 "${CLUSTER_DIR}/mongo_sets.py" whole 2>/dev/null
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
  until ready "${name}" "$@"; do
    ((SECONDS < deadline)) || { err "replica set ${name} not healthy after ${timeout}s"; return 1; }
    sleep 0.5
  done
  echo "replica set ${name} ok: $# members" >&2
}

main "$@"

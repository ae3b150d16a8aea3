#!/usr/bin/env bash
#
# test_known_loss.sh: the durability check's power, on the real local cluster stores. For each store, the acked-writes
# stream writes while `scripts/stores.sh fault kill-unreplicated` pauses a primary's replicas (SIGSTOP), the clients
# go on writing, the primary is killed, the replicas resumed and one of them takes over; `stores.sh recover` restarts
# the killed server, and every acknowledged key is read back (the sweep's own checker, through LossDrill). Half the
# writes insert fresh keys, half update 12 hot keys (each update a field of its own, so a later write never hides it),
# named so that every primary holds its share of them (4 of 12 on three), the killed one too.
#   relaxed: asynchronous replication (Redis) or w:1 (MongoDB) acknowledged writes the replicas never got, so the
#            checker must report at least 1 lost insert and 1 lost update, every time: one that reports 0 is blind.
#            The lost writes must be ones the killed primary alone held (acknowledged after its replicas were
#            paused and their links cut, to a key it served, as the drill noted before the fault), and within 20 %
#            of their count; a write to its keys acknowledged while the links were being cut (or up to 250 ms
#            before) may have reached a replica or not, and counts neither way (the verdict line says how long before
#            the cut the earliest lost write was answered: the send lag those 250 ms must cover). A mutant checker
#            that reports three random extra writes lost (DOCSEARCH_WRITECHECK_MUTANT) must make the RedisJSON drill
#            fail, on that count.
#   strict:  the store waits for a replica (WAITAOF) or a majority (w:majority) before acknowledging, so 0 lost.
# Every acknowledged write must be read back (the loss known, never "unknown"). Elasticsearch replicates
# synchronously (a write is acknowledged once every in-sync copy has it): it has no such case and is refused.
# The store is started on the cluster topology with the profile when it is not running (a store running with the
# other profile is an error) and left running: the caller stops it.
#
# Use like:
#   scripts/tests/test_known_loss.sh [--profile relaxed|strict] [STORE...]     (default: redisjson mongodb)
#
# Settings (environment): STORES_HOME and the port variables as for scripts/stores.sh; LOSS_DRILL_RATE (inserts per
# second, 100); FAULT_PAUSE_S (seconds the replicas stay paused, 2); DOCSEARCH_SKIP_BUILD as for bin/docsearch.

set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
readonly REPO_ROOT
# shellcheck source=../lib/common.sh
source "${REPO_ROOT}/scripts/lib/common.sh"
# shellcheck source=../lib/classpath.sh
source "${REPO_ROOT}/scripts/lib/classpath.sh"
# shellcheck source=assert.sh
source "${REPO_ROOT}/scripts/tests/assert.sh"

PROFILE=relaxed
CLASSPATH_ALL=""

usage() {
  sed -n '3,28p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

# One store's drill and its verdict.
known_loss_run() {
  local store="$1" out verdict rc=0
  # 3>&-: the servers started here must not hold the log's descriptor open.
  "${REPO_ROOT}/scripts/stores.sh" start --topology cluster --profile "${PROFILE}" "${store}" >&2 3>&- || return 1
  out="$(java -Xmx512m -Dsweep.repo="${REPO_ROOT}" -cp "${CLASSPATH_ALL}" \
    io.github.ycsbdocsearch.sweep.phase.LossDrill "${store}" "${LOSS_DRILL_RATE:-100}" 3>&-)" || return 1
  verdict="$(python3 - "${PROFILE}" "${out}" 2>&1 <<'PY'
import json, sys
profile, r = sys.argv[1], json.loads(sys.argv[2])
a, node, e = r["acked_writes"], r["node"], r["expected"]
print("%s %s: %s; paused %s, killed port %s (%s, %d of the %d hot keys), %d acknowledged before the kill; the killed"
      " primary alone held %d, %d lost (%d of them not, %d of the %d in flight at the cut; the earliest answered %s"
      " before the cut); per operation %s"
      % (r["store"], r["profile"], a["verdict"], node.get("paused"), node["port"], node["role"],
         e["hot_keys_on_killed_primary"], e["hot_keys"], a["acked_before_kill"], e["only_killed_primary"], e["lost"],
         e["lost_outside"], e["lost_in_flight"], e["in_flight"],
         "none" if e["lost_lead_ms"] is None else "%d ms" % e["lost_lead_ms"], json.dumps(a["operations"])))
assert r["profile"] == profile, "the store runs with profile %s, not %s" % (r["profile"], profile)
assert node.get("paused") and node.get("failed_over_at_ms"), "no replica paused or no takeover: %s" % node
assert r["recover"]["restarted"] == [node["port"]], "the killed server was not restarted: %s" % r["recover"]
assert a["acked_before_kill"] > 0, "nothing acknowledged before the kill: %s" % a
assert e["hot_keys_on_killed_primary"] > 0, "the killed primary held no hot key, so no update could be lost: %s" % e
assert a["read_back_failed"] == 0 and a["error"] is None, "not every acknowledged write was read back: %s" % a
ops = a["operations"]
lost = {op: ops.get(op, {}).get("lost", 0) + ops.get(op, {}).get("stale", 0) for op in ("INSERT", "UPDATE")}
assert all(ops.get(op, {}).get("acknowledged", 0) > 0 for op in lost), "inserts and updates acknowledged: %s" % ops
assert e["lost_outside"] == 0, "lost writes the killed primary did not hold alone (invented): %s" % e
if profile == "relaxed":
    for op, n in lost.items():
        assert n >= 1, "relaxed lost no acknowledged %s: the checker did not see the known loss" % op
    only = e["only_killed_primary"]
    held = e["lost"] - e["lost_in_flight"]
    assert abs(held - only) <= 0.2 * only, "lost %d, not within 20 %% of the %d only the killed primary held" % (held, only)
else:
    assert sum(lost.values()) == 0, "strict lost acknowledged writes: %s" % a["lost_keys"]
PY
)" || rc=$?
  printf '%s\n' "${verdict}"
  # The verdict reaches the log whether the case passes or not (check keeps the rest for failures).
  printf '     %s\n' "${verdict%%$'\n'*}" >&3
  return "${rc}"
}

# The drill with a checker that invents one loss: it must fail, and because of that loss.
mutant_caught() {
  local out rc=0
  out="$(DOCSEARCH_WRITECHECK_MUTANT=1 known_loss_run "$1" 2>&1)" || rc=$?
  printf '%s\n' "${out}"
  ((rc != 0)) && grep -q "did not hold alone (invented)" <<<"${out}"
}

main() {
  local stores=() s
  while (($#)); do
    case "$1" in
      -h | --help) usage; return 0 ;;
      --profile)
        (($# >= 2)) || { err "--profile needs relaxed or strict"; return 2; }
        PROFILE="$2"; shift 2 ;;
      -*) err "unknown option '$1'"; usage >&2; return 2 ;;
      redisjson | mongodb) stores+=("$1"); shift ;;
      elasticsearch) err "elasticsearch replicates synchronously: it has no known-lossy case"; return 2 ;;
      *) err "unknown store '$1' (redisjson, mongodb)"; return 2 ;;
    esac
  done
  [[ "${PROFILE}" == relaxed || "${PROFILE}" == strict ]] || { err "unknown profile '${PROFILE}' (relaxed|strict)"; return 2; }
  ((${#stores[@]})) || stores=(redisjson mongodb)
  CLASSPATH_ALL="$(runtime_classpath)"
  exec 3>&1
  for s in "${stores[@]}"; do
    check "${s} cluster ${PROFILE}: replicas paused, primary killed, a replica took over; the acknowledged writes read back" \
      known_loss_run "${s}"
  done
  if [[ "${PROFILE}" == relaxed && " ${stores[*]} " == *" redisjson "* ]]; then
    check "redisjson cluster relaxed, a checker that invents three lost writes: the drill fails on it" \
      mutant_caught redisjson
  fi
  finish
}

main "$@"

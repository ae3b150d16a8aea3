#!/usr/bin/env bash
#
# test_store_rules.sh: the store facts written once in scripts/cluster/, which the local stores (scripts/stores/*.sh,
# probe.py) and the AWS servers (scripts/provision/fault.sh, common.sh) both run, on store answers kept in
# scripts/tests/store-rules/ (no store needed). Recorded from the local cluster (MongoDB 6.0.5, Elasticsearch 8.19.21:
# probe.py mongo-hellos / es-state / http .../_cluster/health): mongo-whole, mongo-election (just after the kill of
# shard0's primary), mongo-takeover-to-come (during the recover), es-local-three-way-tie, es-local-after-kill,
# es-health-yellow-3 (during the recover), es-health-yellow-2 (just after the kill). Written in the same shape for what
# the local cluster cannot show at will: es-aws-tie (AWS names and addresses), es-node-gone, es-no-primary,
# es-health-red-3, mongo-recovering.
#   es_primary.py   most started primaries of the index, else of any index; a tie goes to the lowest node name (the
#                   AWS shape, where every port is 9200, and the local one); a node without an HTTP address (gone)
#                   never; none at all: exit 1, nothing printed
#   es_whole.py     all N nodes and a status that is not red
#   mongo_sets.py   whole: every member PRIMARY or SECONDARY by its own hello and each set's first member its PRIMARY
#                   (a takeover still to come, a member down or recovering: not whole); primary: the first set's
#                   PRIMARY in layout order; mongo-hellos.sh, its mongosh gatherer, with a stand-in mongosh
#   redis-primary.awk  the live master serving the lowest slot
#   os-settings.sh  which kernel file and which profile key each store's OS setting comes from, locally and on AWS
#
# Use like: scripts/tests/test_store_rules.sh
# Needs bash, python3, awk.

set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
readonly REPO_ROOT
readonly RULES="${REPO_ROOT}/scripts/cluster"
readonly ANSWERS="${REPO_ROOT}/scripts/tests/store-rules"
# shellcheck source=assert.sh
source "${REPO_ROOT}/scripts/tests/assert.sh"

WORK=""

usage() {
  sed -n '3,22p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

# Succeeds when CMD... prints exactly WANT (and exits 0). Arguments: WANT CMD...
prints() {
  local want="$1" got
  shift
  got="$("$@")" || { echo "exit $? (output '${got}')"; return 1; }
  [[ "${got}" == "${want}" ]] || { printf 'got  %q\nwant %q\n' "${got}" "${want}"; return 1; }
}

# Succeeds when CMD... exits 1 and prints nothing on stdout. Arguments: CMD...
fails_silently() {
  local got rc=0
  got="$("$@")" || rc=$?
  ((rc == 1)) || { echo "exit ${rc}, expected 1"; return 1; }
  [[ -z "${got}" ]] || { echo "printed '${got}'"; return 1; }
}

# rule_on TEXT FILE ARGS...: runs scripts/cluster/FILE over TEXT.
rule_on() {
  local text="$1" file="$2"
  shift 2
  python3 "${RULES}/${file}" "$@" <<<"${text}"
}

# What the rule says on stderr, exit status ignored. Arguments: as rule's.
rule_stderr() {
  { rule "$@" >/dev/null; } 2>&1 || true
}

# rule FILE ANSWER ARGS...: runs scripts/cluster/FILE over the kept answer ANSWER.
rule() {
  local file="$1" answer="$2"
  shift 2
  python3 "${RULES}/${file}" "$@" <"${ANSWERS}/${answer}"
}

es_cases() {
  check "es: a tie on AWS (every node on 9200) goes to the lowest node name, not the text-first address" prints \
    $'10.42.1.9\t9200\tnode-0: 1 of 2 primary shards of index usertable' rule es_primary.py es-aws-tie.json usertable
  check "es: a three-way tie on the local cluster goes to es-9201; replicas do not count" prints \
    $'127.0.0.1\t9201\tes-9201: 1 of 3 primary shards of index usertable' \
    rule es_primary.py es-local-three-way-tie.json usertable
  check "es: es-9201 killed, its replica promoted: es-9203 with 2" prints \
    $'127.0.0.1\t9203\tes-9203: 2 of 3 primary shards of index usertable' \
    rule es_primary.py es-local-after-kill.json usertable
  check "es: an index with no primaries: the most primaries of any index (address behind a host name)" prints \
    $'10.42.1.11\t9200\tnode-2: 2 of 4 primary shards of any index (missing has none)' \
    rule es_primary.py es-aws-tie.json missing
  check "es: a node without an HTTP address (gone from _nodes) is never chosen" prints \
    $'127.0.0.1\t9202\tes-9202: 1 of 1 primary shards of index usertable' rule es_primary.py es-node-gone.json usertable
  check "es: no started primary on a known node: exit 1, nothing printed" fails_silently \
    rule es_primary.py es-no-primary.json usertable
  check "es: no answer to read (the gatherer failed): exit 1, nothing printed" fails_silently \
    python3 "${RULES}/es_primary.py" usertable </dev/null
  check "es: --paths names the two requests the state is made of" prints \
    "$(printf '%s\n' '/_cat/shards?format=json&h=index,shard,prirep,state,node' \
      '/_nodes/http?filter_path=nodes.*.name,nodes.*.http.publish_address')" python3 "${RULES}/es_primary.py" --paths
  check "es whole: 3 of 3 nodes, yellow (replicas of the returned node initializing)" \
    rule es_whole.py es-health-yellow-3.json 3
  check_fails "es whole: 3 of 3 nodes, red" rule es_whole.py es-health-red-3.json 3
  check_fails "es whole: 2 of 3 nodes, yellow (one killed)" rule es_whole.py es-health-yellow-2.json 3
  check_fails "es whole: no answer" python3 "${RULES}/es_whole.py" 3 </dev/null
}

mongo_cases() {
  check "mongo whole: every first member PRIMARY, the others SECONDARY" rule mongo_sets.py mongo-whole.json whole
  check_fails "mongo whole: the preferred member back as SECONDARY (a takeover to come)" \
    rule mongo_sets.py mongo-takeover-to-come.json whole
  check_fails "mongo whole: a member down (no hello)" rule mongo_sets.py mongo-election.json whole
  check_fails "mongo whole: a member neither PRIMARY nor SECONDARY (recovering)" \
    rule mongo_sets.py mongo-recovering.json whole
  check_fails "mongo whole: no members" rule_on "[]" mongo_sets.py whole
  local shard0="127.0.0.1:27018 DOWN, 127.0.0.1:27019 SECONDARY, 127.0.0.1:27020 SECONDARY"
  local shard1="127.0.0.1:27021 PRIMARY, 127.0.0.1:27022 SECONDARY, 127.0.0.1:27023 SECONDARY"
  local shard2="127.0.0.1:27024 PRIMARY, 127.0.0.1:27025 SECONDARY, 127.0.0.1:27026 SECONDARY"
  check "mongo whole: not whole says each member's state on stderr" prints \
    "not whole: shard0: ${shard0}; shard1: ${shard1}; shard2: ${shard2}" rule_stderr mongo_sets.py mongo-election.json whole
  check "mongo primary: the first shard's PRIMARY" prints $'127.0.0.1\t27018\tshard0' \
    rule mongo_sets.py mongo-whole.json primary
  check "mongo primary: whichever member is PRIMARY, not the preferred one" prints $'127.0.0.1\t27019\tshard0' \
    rule mongo_sets.py mongo-takeover-to-come.json primary
  check "mongo primary: shard0 in an election: shard1's PRIMARY" prints $'127.0.0.1\t27021\tshard1' \
    rule mongo_sets.py mongo-election.json primary
  check "mongo primary: none: exit 1, nothing printed" fails_silently \
    rule_on '[{"set": "s", "member": "h:1", "hello": null}]' mongo_sets.py primary
  local list='[{"set":"a","member":"h:1","hello":null},{"set":"a","member":"h:2","hello":'
  list+='{"isWritablePrimary":false,"secondary":true}},{"set":"b","member":"h:3","hello":'
  list+='{"isWritablePrimary":false,"secondary":true}}]'
  check "mongo-hellos.sh: mongosh's marked list, in layout order, without its banner" prints "${list}" \
    hellos_with_stand_in "a=h:1,h:2;b=h:3"
  check "mongo-hellos.sh: no list from mongosh: exit 1, nothing printed" fails_silently \
    hellos_with_stand_in "a=h:1" silent
}

# mongo-hellos.sh with a stand-in mongosh first on PATH that prints a banner and then the marked list of the members
# in MONGO_SETS (hello null for port 1, the "down" one). Arguments: SETS [MODE: "silent" prints no list].
hellos_with_stand_in() {
  local bin="${WORK}/bin"
  mkdir -p "${bin}"
  cat >"${bin}/mongosh" <<'STANDIN'
#!/usr/bin/env bash
echo "Current Mongosh Log ID: 0123"
[[ "${STAND_IN_MODE:-}" != silent ]] || exit 0
list=""
IFS=';' read -r -a sets <<<"${MONGO_SETS}"
for spec in "${sets[@]}"; do
  IFS=',' read -r -a members <<<"${spec#*=}"
  for m in "${members[@]}"; do
    hello='{"isWritablePrimary":false,"secondary":true}'
    [[ "${m##*:}" != 1 ]] || hello=null
    list+="${list:+,}{\"set\":\"${spec%%=*}\",\"member\":\"${m}\",\"hello\":${hello}}"
  done
done
echo "MONGO-HELLOS [${list}]"
STANDIN
  chmod +x "${bin}/mongosh"
  PATH="${bin}:${PATH}" STAND_IN_MODE="${2:-}" "${RULES}/mongo-hellos.sh" "$1"
}

redis_cases() {
  # CLUSTER NODES after a failover: the master of slot 0 is the promoted replica on 7004.
  local nodes
  nodes="$(printf '%s\n' \
    "aa 127.0.0.1:7001@17001 master,fail - 0 0 1 disconnected" \
    "bb 127.0.0.1:7002@17002 master - 0 0 2 connected 5461-10922" \
    "cc 127.0.0.1:7004@17004,host myself,master - 0 0 7 connected 0-5460 [5461->-bb]" \
    "dd 127.0.0.1:7003@17003 master - 0 0 3 connected 10923-16383")"
  check "redis primary: the live master serving the lowest slot" prints \
    $'127.0.0.1\t7004\tmaster of slots 0-5460' awk -f "${RULES}/redis-primary.awk" <<<"${nodes}"
}

# os_wanted STORE PLACE with the repository's profiles, in a fresh shell (as common.sh and os_tuning.sh source it).
wanted() {
  (
    # shellcheck source=scripts/cluster/os-settings.sh
    source "${RULES}/os-settings.sh"
    os_wanted "$1" "$2"
  )
}

sysctl_names() {
  (
    # shellcheck source=scripts/cluster/os-settings.sh
    source "${RULES}/os-settings.sh"
    os_sysctl_name /proc/sys/vm/max_map_count
    os_sysctl_name /sys/kernel/mm/transparent_hugepage/enabled
  )
}

os_cases() {
  local thp=/sys/kernel/mm/transparent_hugepage
  check "os: Redis locally: THP never, overcommit 1" prints \
    "$(printf '%s\t%s\t%s\t%s\n' thp "${thp}/enabled" exact never \
      overcommit_memory /proc/sys/vm/overcommit_memory exact 1)" wanted redisjson local
  check "os: Redis on AWS: THP defrag never as well" prints \
    "$(printf '%s\t%s\t%s\t%s\n' thp "${thp}/enabled" exact never thp_defrag "${thp}/defrag" exact never \
      overcommit_memory /proc/sys/vm/overcommit_memory exact 1)" wanted redisjson aws
  check "os: MongoDB 6.0 locally: THP never, swappiness 1" prints \
    "$(printf '%s\t%s\t%s\t%s\n' thp "${thp}/enabled" exact never swappiness /proc/sys/vm/swappiness exact 1)" \
    wanted mongodb local
  check "os: MongoDB 8.0 on AWS: aws_thp (always) in os_thp's place, defrag and khugepaged" prints \
    "$(printf '%s\t%s\t%s\t%s\n' thp "${thp}/enabled" exact always thp_defrag "${thp}/defrag" exact defer+madvise \
      khugepaged_max_ptes_none "${thp}/khugepaged/max_ptes_none" exact 0 \
      swappiness /proc/sys/vm/swappiness exact 1)" wanted mongodb aws
  local es
  es="$(printf '%s\t%s\t%s\t%s\n' swappiness /proc/sys/vm/swappiness exact 1 \
    max_map_count /proc/sys/vm/max_map_count at-least 1048576)"
  check "os: Elasticsearch locally: swappiness, max_map_count at least" prints "${es}" wanted elasticsearch local
  check "os: Elasticsearch on AWS: the same" prints "${es}" wanted elasticsearch aws
  check_fails "os: an unknown store fails" wanted nostore aws
  check "os: sysctl names of /proc/sys files, none for sysfs" prints vm.max_map_count sysctl_names
}

main() {
  if [[ "${1:-}" == -h || "${1:-}" == --help ]]; then
    usage
    return 0
  fi
  WORK="$(mktemp -d)"
  trap 'rm -rf "${WORK}"' EXIT
  es_cases
  mongo_cases
  redis_cases
  os_cases
  finish
}

main "$@"

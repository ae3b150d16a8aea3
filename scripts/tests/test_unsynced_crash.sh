#!/usr/bin/env bash
#
# test_unsynced_crash.sh: a crash that reaches unsynced data, locally and on AWS. Groups (default: os-crash layer
# redisjson):
#   os-crash:  the AWS fault, scripts/provision/os-crash.sh (SysRq "b"), with the SysRq files pointed at temp files:
#              it refuses without --confirm (nothing written), writes "1" then "b", never calls sync, and with
#              --after-ms answers first and crashes later.
# Locally, a store's data directory sits on the unsynced-write layer (scripts/faults/unsynced-fs.sh: file data lives
# in the layer's memory until fsync, namespace operations stay pending per directory until the directory's fsync);
# the "crash" SIGKILLs the store's whole process group and then crashes the layer, so what was written but not
# fsynced is gone, as at a power loss. A process kill alone keeps the OS page cache and never tests fsync settings.
#   layer:     without a store: data written without fsync is gone after the crash, fsynced data is kept, a
#              truncate not fsynced is undone, a create or rename whose directory was not fsynced is undone, the
#              sync command commits everything, the torn mode keeps a sector-cut last page, closed files leave no
#              descriptor open in the layer, the store's whole process group dies before the layer, a clean
#              unmount writes everything back.
#   redisjson, mongodb, elasticsearch: one server on its own port, its data on the layer, with the suite's durability profile
#              (scripts/stores/profiles/<store>.env); one writer records every acknowledged key, the crash comes
#              mid-stream, the server restarts on the same directory and every acknowledged key is read back.
#              relaxed (Redis appendfsync everysec; MongoDB w:1 without j, journal commit every 500 ms;
#              Elasticsearch translog async, fsync every 1 s) must lose at least 1 in mode all (the other modes may
#              keep every acknowledged write), the lost keys must be a tail of
#              the acknowledged ones, and their window (first lost acknowledgement to the last acknowledgement) at
#              most the fsync interval plus LOST_WINDOW_SLACK_MS (500: an fsync through the Python layer on 2 shared
#              cores takes up to a few hundred ms, and Redis delays an everysec fsync while the previous one runs);
#              strict (appendfsync always; j:true; translog fsync per request) must lose 0. Every key must be read
#              back. Each store runs once per --mode (the layer's loss mode for unsynced pages; default: all and
#              torn), each run with its own seed (printed), and with --namespace's rule for namespace operations
#              (dir: pending until their directory's fsync, the default; file: also until the fsync of the file
#              they name; ext4: until any fsync). Elasticsearch under dir cannot recover its shard: it fsyncs a new
#              translog generation but never its directory (docs/faults.md). That run passes only when the node
#              names as missing a translog file whose create was pending at the crash, and says so.
#              About 8 s a run for Redis, 15 s for Elasticsearch, 15-35 s for MongoDB (its start and recovery
#              through a Python layer).
#
# Use like:
#   scripts/tests/test_unsynced_crash.sh [--repeat N] [--mode all|prefix|subset|torn]... [--namespace dir|file|ext4]
#                                        [GROUP...]
#                                                        (GROUP: os-crash layer redisjson mongodb elasticsearch)
#
# Own ports, never the suite's: Redis 6390, MongoDB 27031, Elasticsearch HTTP 9290 / transport 9390
# (UNSYNCED_REDIS_PORT, UNSYNCED_MONGODB_PORT, UNSYNCED_ES_PORT, UNSYNCED_ES_TRANSPORT_PORT; heap UNSYNCED_ES_MEMORY_MB,
# 512).
# Settings: STORES_HOME (the stores' binaries, installed when missing, as scripts/stores.sh does); CRASH_AFTER_S
# (seconds of writes before the crash, 2); LOST_WINDOW_SLACK_MS (500); KEEP_WORK=1 keeps the work directory.
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
readonly REPO_ROOT
STORES_HOME="${STORES_HOME:-${REPO_ROOT}/.stores}"
# shellcheck source=../lib/common.sh
source "${REPO_ROOT}/scripts/lib/common.sh"
# shellcheck source=assert.sh
source "${REPO_ROOT}/scripts/tests/assert.sh"
# shellcheck source=../stores/install.sh
source "${REPO_ROOT}/scripts/stores/install.sh"
# shellcheck source=../stores/profile.sh
source "${REPO_ROOT}/scripts/stores/profile.sh"
# shellcheck source=../stores/redisjson.sh
source "${REPO_ROOT}/scripts/stores/redisjson.sh"
# shellcheck source=../stores/mongodb.sh
source "${REPO_ROOT}/scripts/stores/mongodb.sh"
# shellcheck source=../stores/elasticsearch.sh
source "${REPO_ROOT}/scripts/stores/elasticsearch.sh"
# shellcheck source=../stores/proc.sh
source "${REPO_ROOT}/scripts/stores/proc.sh"

readonly LAYER="${REPO_ROOT}/scripts/faults/unsynced-fs.sh"
readonly OS_CRASH="${REPO_ROOT}/scripts/provision/os-crash.sh"
readonly CLIENT="${REPO_ROOT}/scripts/faults/acked_writes.py"
readonly REDIS_TEST_PORT="${UNSYNCED_REDIS_PORT:-6390}"
readonly MONGODB_TEST_PORT="${UNSYNCED_MONGODB_PORT:-27031}"
readonly ES_TEST_PORT="${UNSYNCED_ES_PORT:-9290}"
readonly ES_TEST_TRANSPORT_PORT="${UNSYNCED_ES_TRANSPORT_PORT:-9390}"
readonly CRASH_AFTER_S="${CRASH_AFTER_S:-2}"
readonly LOST_WINDOW_SLACK_MS="${LOST_WINDOW_SLACK_MS:-500}"
WORK=""
NAMESPACE_RULE=dir
MOUNTED=()
SERVER_PID_FILES=()

# usage_error MESSAGE: bad input, one line and exit 2.
usage_error() {
  err "$1"
  exit 2
}

usage() {
  sed -n '3,45p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

cleanup() {
  local file mnt
  for file in "${SERVER_PID_FILES[@]}"; do
    if [[ -s "${file}" ]]; then kill -KILL -- "-$(cat "${file}")" 2>/dev/null || true; fi
  done
  for mnt in "${MOUNTED[@]}"; do
    "${LAYER}" crash "${mnt}" >/dev/null 2>&1 || true
    # A layer that had already died leaves its mount behind, and rm would meet a busy mount point (seen in CI).
    fusermount3 -u -z "${mnt}" 2>/dev/null || umount -l "${mnt}" 2>/dev/null || true
  done
  [[ -z "${WORK}" || "${KEEP_WORK:-0}" == 1 ]] || rm -rf "${WORK}" 2>/dev/null \
    || { sleep 1; rm -rf "${WORK}"; } || err "left ${WORK} behind: a mount in it is still busy"
}
trap cleanup EXIT
# INT or TERM: stop here (the EXIT trap cleans up); a trap that only cleaned up would let the runs go on.
trap 'exit 143' INT TERM

# mount_layer [OPTION...] BACKING MNT
mount_layer() {
  "${LAYER}" mount "$@"
  MOUNTED+=("${*: -1}")
}

# --- the AWS fault, on stand-in SysRq files ---

# os_crash DIR ARGS...: runs os-crash.sh with its SysRq files in DIR and a PATH whose `sync` records being called.
os_crash() {
  local dir="$1"
  shift
  mkdir -p "${dir}/bin"
  printf '#!/bin/sh\necho called >>"%s/sync-called"\n' "${dir}" >"${dir}/bin/sync"
  chmod +x "${dir}/bin/sync"
  PATH="${dir}/bin:${PATH}" OS_CRASH_SYSRQ_ENABLE="${dir}/sysrq" OS_CRASH_SYSRQ_TRIGGER="${dir}/sysrq-trigger" \
    "${OS_CRASH}" "$@"
}

os_crash_refuses_without_confirm() {
  local dir="${WORK}/os-crash-refuse" rc=0
  os_crash "${dir}" || rc=$?
  ((rc == 2)) || { echo "exit ${rc}, expected 2"; return 1; }
  os_crash "${dir}" --after-ms 0 || rc=$?
  ((rc == 2)) || { echo "exit ${rc} with --after-ms only, expected 2"; return 1; }
  [[ ! -e "${dir}/sysrq" && ! -e "${dir}/sysrq-trigger" ]] || { echo "a SysRq file was written"; return 1; }
}

os_crash_writes_sysrq_b() {
  local dir="${WORK}/os-crash-now" line
  line="$(os_crash "${dir}" --confirm)"
  [[ "$(cat "${dir}/sysrq")" == 1 ]] || { echo "sysrq enable: $(cat "${dir}/sysrq")"; return 1; }
  [[ "$(cat "${dir}/sysrq-trigger")" == b ]] || { echo "trigger: $(cat "${dir}/sysrq-trigger")"; return 1; }
  [[ ! -e "${dir}/sync-called" ]] || { echo "sync was called: it would save the unsynced data"; return 1; }
  jq -e '.kind == "os-crash" and .signal == "sysrq-b" and (.crash_at_ms | type) == "number"' <<<"${line}"
}

os_crash_answers_then_crashes() {
  local dir="${WORK}/os-crash-later" line
  line="$(os_crash "${dir}" --confirm --after-ms 500)"
  [[ ! -e "${dir}/sysrq-trigger" ]] || { echo "crashed before answering"; return 1; }
  jq -e '.kind == "os-crash"' <<<"${line}" >/dev/null || { echo "no JSON line: ${line}"; return 1; }
  wait_until 5 "the delayed trigger" test -s "${dir}/sysrq-trigger"
  [[ "$(cat "${dir}/sysrq-trigger")" == b ]]
}

os_crash_rejects_bad_delay() {
  local rc=0
  os_crash "${WORK}/os-crash-bad" --confirm --after-ms soon || rc=$?
  ((rc == 2)) && [[ ! -e "${WORK}/os-crash-bad/sysrq-trigger" ]]
}

# --- the layer alone ---

layer_drops_unsynced_keeps_synced() {
  local back="${WORK}/layer/back" mnt="${WORK}/layer/mnt"
  mount_layer "${back}" "${mnt}"
  # unsynced.txt: created and written, nothing fsynced: gone. synced.txt: "kept" fsynced with its directory, then
  # "-lost" appended without fsync. truncated.txt: synced at 8 bytes, then cut to 2 without fsync (the crash brings
  # the 8 bytes back). old-name.txt: synced with its directory, then renamed without a directory fsync (the crash
  # brings the old name back).
  python3 - "${mnt}" <<'EOF'
import os, sys
mnt = sys.argv[1]
def synced_file(name, data):
    fd = os.open(os.path.join(mnt, name), os.O_WRONLY | os.O_CREAT, 0o644)
    os.write(fd, data)
    os.fsync(fd)
    return fd
fd = synced_file("synced.txt", b"kept")
os.write(fd, b"-lost")
os.close(fd)
fd = synced_file("truncated.txt", b"12345678")
os.ftruncate(fd, 2)
os.close(fd)
os.close(synced_file("old-name.txt", b"renamed"))
dfd = os.open(mnt, os.O_RDONLY)
os.fsync(dfd)
os.close(dfd)
with open(os.path.join(mnt, "unsynced.txt"), "w") as f:
    f.write("gone")
os.rename(os.path.join(mnt, "old-name.txt"), os.path.join(mnt, "new-name.txt"))
EOF
  [[ "$(cat "${mnt}/unsynced.txt")" == gone ]] || { echo "readers must see unsynced data before the crash"; return 1; }
  [[ "$(cat "${mnt}/synced.txt")" == kept-lost ]] || { echo "synced.txt before the crash: $(cat "${mnt}/synced.txt")"; return 1; }
  [[ "$(cat "${mnt}/truncated.txt")" == 12 ]] || { echo "truncate not seen before the crash"; return 1; }
  [[ -e "${mnt}/new-name.txt" && ! -e "${mnt}/old-name.txt" ]] || { echo "rename not seen before the crash"; return 1; }
  "${LAYER}" crash "${mnt}" >/dev/null
  mount_layer "${back}" "${mnt}"
  [[ ! -e "${mnt}/unsynced.txt" ]] || { echo "a create never committed survived the crash"; return 1; }
  [[ "$(cat "${mnt}/synced.txt")" == kept ]] || { echo "synced.txt after the crash: $(cat "${mnt}/synced.txt")"; return 1; }
  [[ "$(cat "${mnt}/truncated.txt")" == 12345678 ]] || { echo "truncated.txt after: $(cat "${mnt}/truncated.txt")"; return 1; }
  [[ "$(cat "${mnt}/old-name.txt" 2>/dev/null)" == renamed && ! -e "${mnt}/new-name.txt" ]] \
    || { echo "an uncommitted rename survived the crash: $(ls "${mnt}")"; return 1; }
  printf 'written back' >"${mnt}/clean.txt"
  "${LAYER}" unmount "${mnt}"
  [[ "$(cat "${back}/clean.txt")" == "written back" ]] || { echo "a clean unmount must write back unsynced data"; return 1; }
}

layer_sync_commits_everything() {
  local back="${WORK}/layer-sync/back" mnt="${WORK}/layer-sync/mnt"
  mount_layer "${back}" "${mnt}"
  mkdir "${mnt}/dir"
  printf 'saved by sync' >"${mnt}/dir/file"
  "${LAYER}" sync "${mnt}"
  printf 'after sync' >"${mnt}/later"
  "${LAYER}" crash "${mnt}" >/dev/null
  mount_layer "${back}" "${mnt}"
  [[ "$(cat "${mnt}/dir/file")" == "saved by sync" ]] || { echo "sync did not keep dir/file: $(ls -R "${mnt}")"; return 1; }
  [[ ! -e "${mnt}/later" ]] || { echo "a file created after the sync survived"; return 1; }
  "${LAYER}" unmount "${mnt}"
}

layer_torn_keeps_a_cut_last_page() {
  local back="${WORK}/layer-torn/back" mnt="${WORK}/layer-torn/mnt" status size
  mount_layer --mode torn --seed 7 "${back}" "${mnt}"
  # Three pages written after the file and its directory were synced empty: the first two survive, the third in part.
  python3 - "${mnt}" <<'EOF'
import os, sys
fd = os.open(os.path.join(sys.argv[1], "log"), os.O_WRONLY | os.O_CREAT, 0o644)
os.fsync(fd)
dfd = os.open(sys.argv[1], os.O_RDONLY)
os.fsync(dfd)
os.write(fd, b"x" * 3 * 4096)
EOF
  status="$("${LAYER}" crash "${mnt}")"
  jq -e '.mode == "torn" and .seed == 7 and .crash.unsynced_pages == 3 and .crash.kept_pages == 3' <<<"${status}" >/dev/null \
    || { echo "crash status: ${status}"; return 1; }
  size="$(stat -c %s "${back}/log")"
  ((size > 2 * 4096 && size < 3 * 4096 && size % 512 == 0)) || { echo "torn size ${size}"; return 1; }
  [[ "$(tr -d x <"${back}/log" | wc -c)" == 0 ]] || { echo "the kept bytes are not what was written"; return 1; }
}

layer_closes_released_files() {
  local back="${WORK}/layer-fds/back" mnt="${WORK}/layer-fds/mnt" pid before after
  mount_layer "${back}" "${mnt}"
  pid="$(cat "${mnt}.unsynced-fs.pid")"
  before="$(find "/proc/${pid}/fd" -mindepth 1 | wc -l)"
  python3 - "${mnt}" <<'EOF'
import os, sys
for i in range(200):
    fd = os.open(os.path.join(sys.argv[1], f"f{i}"), os.O_WRONLY | os.O_CREAT, 0o644)
    os.write(fd, b"data")
    os.fsync(fd)
    os.close(fd)
EOF
  after="$(find "/proc/${pid}/fd" -mindepth 1 | wc -l)"
  ((after <= before + 2)) || { echo "the layer holds ${after} descriptors after 200 closed files, ${before} before"; return 1; }
  "${LAYER}" unmount "${mnt}"
}

layer_crash_kills_the_store_group_first() {
  local back="${WORK}/layer-group/back" mnt="${WORK}/layer-group/mnt" leader
  mount_layer "${back}" "${mnt}"
  # A stand-in store: a session leader and a child (like a Redis rewrite fork) that writes on until killed.
  # shellcheck disable=SC2016 # expanded by the inner bash
  setsid bash -c 'while :; do echo x >>"$1/child"; sleep 0.05; done & echo $$ >"$1.leader"; wait' _ "${mnt}" &
  wait_until 10 "the stand-in store" test -s "${mnt}.leader"
  leader="$(cat "${mnt}.leader")"
  "${LAYER}" crash "${mnt}" "${leader}" >/dev/null
  ! pgrep -g "${leader}" >/dev/null || { echo "a process of group ${leader} outlived the crash"; return 1; }
}

# --- a store on the layer ---

redis_conf() {
  local profile="$1" dir="$2" lib kv
  lib="$(redis_home)/lib"
  {
    echo "bind 127.0.0.1"
    echo "port ${REDIS_TEST_PORT}"
    echo "daemonize yes"
    echo "pidfile ${dir}/pid"
    echo "logfile ${dir}/redis.log"
    # Only the data directory is on the layer; config, log and PID file are not part of what a crash may lose.
    echo "dir ${dir}/mnt"
    for kv in $(profile_list redisjson "${profile}" single server); do
      echo "${kv%%=*} ${kv#*=}"
    done
    profile_var redisjson common_server
    echo "loadmodule ${lib}/rejson.so"
    echo "loadmodule ${lib}/redisearch.so $(profile_var redisjson search_module_args)"
  } >"${dir}/redis.conf"
}

redis_start() {
  LD_LIBRARY_PATH="$(libssl_dir)" "$(redis_home)/bin/redis-server" "$1/redis.conf" >>"$1/redis.log" 2>&1
  # Ready once the AOF is loaded: PING answers LOADING before that.
  wait_until 30 "redis on ${REDIS_TEST_PORT}" redisjson_ready single "${REDIS_TEST_PORT}"
}

es_start() {
  # A small heap: the index holds a few thousand tiny documents, and the machine is shared.
  STORE_MEMORY_MB="${UNSYNCED_ES_MEMORY_MB:-512}" ES_TRANSPORT_PORT="${ES_TEST_TRANSPORT_PORT}" \
    elasticsearch_start_instance single "${ES_TEST_PORT}" "$1"
  wait_until 180 "elasticsearch on ${ES_TEST_PORT}" elasticsearch_ready single "${ES_TEST_PORT}"
}

mongodb_start() {
  local profile="$1" dir="$2" commit
  commit="$(profile_server_value mongodb "${profile}" single journalCommitInterval)"
  LD_LIBRARY_PATH="$(libssl_dir)" "$(mongod_bin)" --dbpath "${dir}/mnt" --bind_ip 127.0.0.1 \
    --port "${MONGODB_TEST_PORT}" --logpath "${dir}/mongod.log" --logappend --pidfilepath "${dir}/pid" --fork \
    --wiredTigerCacheSizeGB 0.25 --journalCommitInterval "${commit}" >>"${dir}/mongod.out" 2>&1
}

# Prints the read-back JSON line of one crash: writes for CRASH_AFTER_S, SIGKILL of the server, SIGKILL of the layer
# (the power loss), mount again, start the server on the same directory, read every acknowledged key back.
crash_run() {
  local store="$1" profile="$2" mode="$4" dir="${WORK}/${1}-${2}-${4}-${3}" mnt writer_args=() crash
  mkdir -p "${dir}"
  # Elasticsearch's data path is <home>/data; the others are pointed at mnt.
  mnt="${dir}/mnt"
  [[ "${store}" != elasticsearch ]] || mnt="${dir}/data"
  mount_layer --mode "${mode}" --namespace "${NAMESPACE_RULE}" "${dir}/back" "${mnt}"
  SERVER_PID_FILES+=("${dir}/pid")
  start_server "${store}" "${profile}" "${dir}"
  mapfile -t writer_args < <(client_args "${store}" "${profile}")
  "$(venv_python)" "${CLIENT}" write "${writer_args[0]}" "${writer_args[1]}" $((CRASH_AFTER_S + 10)) "${dir}/acked" \
    "${writer_args[@]:2}" >"${dir}/writer.json" 2>"${dir}/writer.err" &
  local writer=$!
  sleep "${CRASH_AFTER_S}"
  # The server's whole process group first, then the layer: the server's last writes either reached the layer (and
  # die with it unless fsynced) or never left the server.
  crash="$("${LAYER}" crash "${mnt}" "$(cat "${dir}/pid")")"
  printf '%s\n' "${crash}" >"${dir}/crash.json"
  wait "${writer}"
  mount_layer "${dir}/back" "${mnt}"
  start_server "${store}" "${profile}" "${dir}"
  local rc=0 line
  line="$("$(venv_python)" "${CLIENT}" check "${writer_args[0]}" "${writer_args[1]}" "${dir}/acked")" || rc=$?
  # The read-back's figures and the layer's: mode, seed, unsynced and kept pages, pending namespace operations.
  jq -c --argjson layer "${crash}" '. + {mode: $layer.mode, seed: $layer.seed, namespace: $layer.namespace,
    writeback_pages: $layer.writeback_pages, layer: ($layer.crash | .pending |= .[:8])}' <<<"${line}" || echo "${line}"
  kill -TERM "$(cat "${dir}/pid")" 2>/dev/null || true
  wait_until 60 "the server to stop" bash -c "! kill -0 $(cat "${dir}/pid") 2>/dev/null" || true
  "${LAYER}" unmount "${mnt}"
  return "${rc}"
}

start_server() {
  local store="$1" profile="$2" dir="$3"
  case "${store}" in
    redisjson) redis_conf "${profile}" "${dir}" && redis_start "${dir}" ;;
    mongodb) mongodb_start "${profile}" "${dir}" ;;
    elasticsearch) es_start "${dir}" ;;
  esac
}

# The acked-writes client's STORE and ADDRESS, then the profile's client side, one per line: MongoDB's
# mongodb.writeConcern=journaled is j:true; Elasticsearch's es.translog.durability goes into the index settings.
client_args() {
  local store="$1" profile="$2" client
  client="$(profile_list "${store}" "${profile}" single client)"
  case "${store}" in
    redisjson) printf '%s\n' redis "127.0.0.1:${REDIS_TEST_PORT}" ;;
    mongodb)
      printf '%s\n' mongodb "mongodb://127.0.0.1:${MONGODB_TEST_PORT}/"
      [[ "${client}" != *journaled* ]] || printf '%s\n' --journaled
      ;;
    elasticsearch)
      printf '%s\n' elasticsearch "http://127.0.0.1:${ES_TEST_PORT}" --translog
      if [[ "${client}" == *es.translog.durability=async* ]]; then echo async; else echo request; fi
      ;;
  esac
}

# fsync_interval_ms STORE: the relaxed profile's fsync interval (strict fsyncs before each acknowledgement).
fsync_interval_ms() {
  case "$1" in
    redisjson) echo 1000 ;; # appendfsync everysec
    mongodb) profile_server_value mongodb relaxed single journalCommitInterval ;;
    elasticsearch) echo 1000 ;; # index.translog.sync_interval 1s (acked_writes.py, from the profile)
  esac
}

# es_lost_translog_file DIR: prints the translog file whose loss failed the shard's recovery (the node's log names
# it missing) when its create was still pending at the crash: Elasticsearch's missing directory fsync.
es_lost_translog_file() {
  local dir="$1" missing
  missing="$(grep -o -m1 "NoSuchFileException: ${dir}/data/[^ ]*/translog/translog-[0-9]*\.tlog" "${dir}/logs/node.log")" \
    || return 1
  missing="/${missing#*"${dir}/data/"}"
  jq -e --arg op "create ${missing}" 'any(.crash.pending[]; . == $op)' "${dir}/crash.json" >/dev/null && echo "${missing}"
}

# check_crash STORE PROFILE RUN MODE: the run's figures on stdout (for the log) and the verdict.
check_crash() {
  local store="$1" profile="$2" line lost acked window limit missing
  if ! line="$(crash_run "$@")"; then
    if [[ "${store}" == elasticsearch && "${NAMESPACE_RULE}" == dir ]] \
      && missing="$(es_lost_translog_file "${WORK}/${store}-${profile}-$4-$3")"; then
      acked="$(jq -r .acked <<<"${line}" 2>/dev/null)" || acked="?"
      printf '%s %s %s run %s: %s acknowledged, no recovery: the create of %s was pending, its directory not fsynced\n' \
        "${store}" "${profile}" "$4" "$3" "${acked}" "${missing}" | tee -a "${WORK}/figures"
      return 0
    fi
    echo "read-back failed: ${line}"
    return 1
  fi
  echo "${store} ${profile} $4: ${line}"
  printf '%s %s %s run %s: %s\n' "${store}" "${profile}" "$4" "$3" "${line}" >>"${WORK}/figures"
  acked="$(jq -r .acked <<<"${line}")"
  lost="$(jq -r .lost <<<"${line}")"
  ((acked > 0)) || { echo "nothing was acknowledged"; return 1; }
  if [[ "${profile}" == relaxed ]]; then
    # Only "all" drops every unsynced page; the other modes may keep all that was acknowledged (torn: up to the cut).
    [[ "$4" != all ]] || ((lost >= 1)) \
      || { echo "relaxed must lose the unsynced tail, lost ${lost}: the fault does not reach unsynced data"; return 1; }
    jq -e .tail <<<"${line}" >/dev/null || { echo "the lost keys are not a tail of the acknowledged ones"; return 1; }
    # 0 when nothing was lost (the JSON's null would be an unset variable to the arithmetic below).
    window="$(jq -r '.lost_window_ms // 0' <<<"${line}")"
    limit=$(($(fsync_interval_ms "${store}") + LOST_WINDOW_SLACK_MS))
    ((window <= limit)) || { echo "lost window ${window} ms exceeds the fsync interval plus slack, ${limit} ms"; return 1; }
  else
    ((lost == 0)) || { echo "strict lost ${lost} acknowledged writes"; return 1; }
  fi
}

main() {
  local repeat=1 groups=() stores=() modes=() group store profile run mode
  while (($#)); do
    case "$1" in
      --repeat) [[ "${2:-}" =~ ^[1-9][0-9]*$ ]] || usage_error "--repeat takes a count, not '${2:-}'"; repeat="$2"; shift 2 ;;
      --namespace)
        [[ "${2:-}" =~ ^(dir|file|ext4)$ ]] || usage_error "--namespace takes dir, file or ext4, not '${2:-}'"
        NAMESPACE_RULE="$2"
        shift 2
        ;;
      --mode)
        [[ "${2:-}" =~ ^(all|prefix|subset|torn)$ ]] || usage_error "--mode takes all, prefix, subset or torn, not '${2:-}'"
        modes+=("$2")
        shift 2
        ;;
      -h | --help) usage; exit 0 ;;
      os-crash | layer) groups+=("$1"); shift ;;
      redisjson | mongodb | elasticsearch) stores+=("$1"); shift ;;
      *) usage >&2; exit 2 ;;
    esac
  done
  ((${#groups[@]} + ${#stores[@]})) || { groups=(os-crash layer); stores=(redisjson); }
  ((${#modes[@]})) || modes=(all torn)
  command -v jq >/dev/null || install_apt_package jq
  WORK="$(mktemp -d /tmp/unsynced-crash.XXXXXX)"
  for group in "${groups[@]}"; do
    if [[ "${group}" == os-crash ]]; then
      check "os-crash: refuses without --confirm, writes nothing" os_crash_refuses_without_confirm
      check "os-crash: SysRq enabled, then b, no sync" os_crash_writes_sysrq_b
      check "os-crash: --after-ms answers first, crashes after" os_crash_answers_then_crashes
      check "os-crash: a bad --after-ms is refused" os_crash_rejects_bad_delay
    else
      "${LAYER}" install
      check "layer: unsynced data and namespace gone after a crash, fsynced kept" layer_drops_unsynced_keeps_synced
      check "layer: sync (the syncfs stand-in) commits data and namespace" layer_sync_commits_everything
      check "layer: the torn mode keeps a sector-cut last page, seed recorded" layer_torn_keeps_a_cut_last_page
      check "layer: a released file leaves no descriptor open" layer_closes_released_files
      check "layer: the crash kills the store's whole process group first" layer_crash_kills_the_store_group_first
    fi
  done
  ((${#stores[@]} == 0)) || "${LAYER}" install
  for store in "${stores[@]}"; do
    install_store "${store}"
    for ((run = 1; run <= repeat; run++)); do
      for mode in "${modes[@]}"; do
        for profile in relaxed strict; do
          check "${store} ${profile} ${mode} run ${run}: acknowledged writes after a crash" \
            check_crash "${store}" "${profile}" "${run}" "${mode}"
        done
      done
    done
  done
  [[ ! -f "${WORK}/figures" ]] || cat "${WORK}/figures"
  finish
}

main "$@"

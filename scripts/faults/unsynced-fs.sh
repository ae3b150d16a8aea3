#!/usr/bin/env bash
# Mounts, syncs, crashes and unmounts the unsynced-write layer (scripts/faults/unsynced_fs.py): a FUSE passthrough
# over a backing directory that keeps file data written since the file's last fsync in memory only, and namespace
# operations (create, rename, unlink, mkdir...) pending per directory until that directory's fsync.
#
# Usage: scripts/faults/unsynced-fs.sh install
#        scripts/faults/unsynced-fs.sh mount [--mode all|prefix|subset|torn] [--seed N] [--namespace dir|file|ext4]
#                                            BACKING_DIR MOUNTPOINT
#        scripts/faults/unsynced-fs.sh sync MOUNTPOINT
#        scripts/faults/unsynced-fs.sh crash MOUNTPOINT [STORE_PID]
#        scripts/faults/unsynced-fs.sh unmount MOUNTPOINT
#   install  fuse3 (apt, root) and the pinned mfusepy in ${STORES_HOME}/faults-venv (skipped when there)
#   mount    starts the layer in the background and waits until the mount answers. --mode: what a crash keeps of
#            each file's unsynced pages: all (nothing, the default), prefix, subset, torn (see volatile_state.py);
#            --seed: its random choices (default: a random seed). --namespace: when a create, rename... commits: at
#            the fsync of its directory (dir, the default), also at the fsync of the file it names (file: what ext4,
#            XFS and btrfs guarantee) or at any fsync (ext4, whose fsync commits the whole journal transaction).
#            Pending namespace operations left by a crash are undone first (the reboot). Files beside MOUNTPOINT:
#            .unsynced-fs.pid, .unsynced-fs.log and .unsynced-fs.json (mode, seed, counters, the crash's figures)
#   sync     what syncfs(2)/sync(2) would do (they never reach a FUSE daemon): every file and directory synced
#   crash    the power loss. With STORE_PID, the store's whole process group is SIGKILLed first and gone before
#            the layer is touched (no fork of it, e.g. a Redis rewrite, can write in between). Then the layer keeps
#            what its mode keeps and dies; a lazy unmount of the dead mount follows. Prints the status JSON line.
#            Mount again to "reboot".
#   unmount  clean shutdown: unmount, the layer writes everything back (like a page cache flush) and exits
# Settings: STORES_HOME (default <repo>/.stores), UNSYNCED_FS_PYTHON (python to build the venv with, default python3),
#   UNSYNCED_FS_MAX_DIRTY_MB (dirty memory cap, 256; past it the layer writes back, as the kernel would).
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
readonly REPO_ROOT
STORES_HOME="${STORES_HOME:-${REPO_ROOT}/.stores}"
# shellcheck source=../lib/common.sh
source "${REPO_ROOT}/scripts/lib/common.sh"
# shellcheck source=../stores/install.sh
source "${REPO_ROOT}/scripts/stores/install.sh"

# Pinned: ctypes bindings over the system's libfuse3, no compiler needed, no other dependency.
readonly MFUSEPY_PIN="mfusepy==3.1.1"
readonly LAYER="${REPO_ROOT}/scripts/faults/unsynced_fs.py"

faults_venv() { printf '%s/faults-venv' "${STORES_HOME}"; }
pid_file() { printf '%s.unsynced-fs.pid' "${1%/}"; }
status_file() { printf '%s.unsynced-fs.json' "${1%/}"; }

install_layer() {
  local venv marker
  venv="$(faults_venv)"
  marker="${venv}/.installed"
  if ! command -v fusermount3 >/dev/null || ! compgen -G "/usr/lib/*/libfuse3.so.3" >/dev/null; then
    install_apt_package fuse3
  fi
  [[ -e /dev/fuse ]] || die "/dev/fuse is missing: this machine cannot mount FUSE filesystems"
  if [[ -f "${marker}" ]] && [[ "$(cat "${marker}")" == "${MFUSEPY_PIN}" ]]; then
    return 0
  fi
  rm -rf "${venv}"
  "${UNSYNCED_FS_PYTHON:-python3}" -m venv "${venv}" || die "python venv failed (apt-get install python3-venv)"
  "${venv}/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps "${MFUSEPY_PIN}" \
    || die "pip install ${MFUSEPY_PIN} failed"
  printf '%s\n' "${MFUSEPY_PIN}" >"${marker}"
}

is_mounted() {
  grep -qs " $(realpath -m "$1") fuse" /proc/mounts
}

mount_layer() {
  local mode=all seed="" namespace=dir
  while [[ "${1:-}" == --* ]]; do
    case "$1" in
      --mode)
        [[ "${2:-}" =~ ^(all|prefix|subset|torn)$ ]] || usage_error "--mode takes all, prefix, subset or torn, not '${2:-}'"
        mode="$2"
        ;;
      --namespace) [[ "${2:-}" =~ ^(dir|file|ext4)$ ]] || usage_error "--namespace takes dir, file or ext4, not '${2:-}'"; namespace="$2" ;;
      --seed) [[ "${2:-}" =~ ^[0-9]+$ ]] || usage_error "--seed takes a whole number, not '${2:-}'"; seed="$2" ;;
      *) usage_error "unknown mount option '$1'" ;;
    esac
    shift 2
  done
  (($# == 2)) || { usage >&2; exit 2; }
  local backing="$1" mnt="$2" args=(--mode "${mode}" --namespace "${namespace}"
    --max-dirty-mb "${UNSYNCED_FS_MAX_DIRTY_MB:-256}")
  [[ -z "${seed}" ]] || args+=(--seed "${seed}")
  install_layer
  mkdir -p "${backing}" "${mnt}"
  is_mounted "${mnt}" && die "${mnt} is already mounted"
  rm -f "$(status_file "${mnt}")"
  "$(faults_venv)/bin/python" -W ignore "${LAYER}" "${args[@]}" --status "$(status_file "${mnt}")" \
    "${backing}" "${mnt}" >"${mnt%/}.unsynced-fs.log" 2>&1 &
  printf '%s\n' "$!" >"$(pid_file "${mnt}")"
  wait_until 10 "the mount of ${mnt}" is_mounted "${mnt}" || die "the layer did not mount ${mnt}: see ${mnt%/}.unsynced-fs.log"
}

layer_pid() {
  local file
  file="$(pid_file "$1")"
  [[ -s "${file}" ]] || die "no layer PID file ${file}: was ${1} mounted with this script?"
  cat "${file}"
}

# kill_group PID: SIGKILL of PID's whole process group (the stores run in their own session), then a wait until no
# process of it is left.
kill_group() {
  local pid="$1" pgid
  pgid="$(ps -o pgid= -p "${pid}" | tr -d ' ')" || return 0 # already gone
  [[ -n "${pgid}" ]] || return 0
  [[ "${pgid}" != "$(ps -o pgid= -p $$ | tr -d ' ')" ]] || die "store ${pid} shares this script's process group"
  kill -KILL -- "-${pgid}" 2>/dev/null || true
  wait_until 10 "process group ${pgid} to die" bash -c "! pgrep -g ${pgid} >/dev/null" || die "process group ${pgid} survived SIGKILL"
}

crash_layer() {
  local mnt="$1" store_pid="${2:-}" pid
  [[ -z "${store_pid}" || "${store_pid}" =~ ^[0-9]+$ ]] || usage_error "STORE_PID must be a process id, not '${store_pid}'"
  pid="$(layer_pid "${mnt}")"
  [[ -z "${store_pid}" ]] || kill_group "${store_pid}"
  # SIGUSR2: the layer writes what its mode keeps and exits, nothing else (SIGKILL if it does not within 10 s).
  kill -USR2 "${pid}" 2>/dev/null || true
  if ! wait_until 10 "layer ${pid} to crash" bash -c "! kill -0 ${pid} 2>/dev/null"; then
    kill -KILL "${pid}" 2>/dev/null || true
    wait_until 10 "layer ${pid} to die" bash -c "! kill -0 ${pid} 2>/dev/null" || die "layer ${pid} did not die"
  fi
  fusermount3 -u -z "${mnt}" 2>/dev/null || umount -l "${mnt}" 2>/dev/null || true
  rm -f "$(pid_file "${mnt}")"
  jq -c . "$(status_file "${mnt}")"
}

syncs_done() { jq -r .syncfs "$(status_file "$1")"; }
synced_past() { (($(syncs_done "$1") > $2)); }

sync_layer() {
  local mnt="$1" before
  before="$(syncs_done "${mnt}")"
  kill -USR1 "$(layer_pid "${mnt}")"
  wait_until 30 "the sync of ${mnt}" synced_past "${mnt}" "${before}" || die "the layer did not sync ${mnt}"
}

unmount_layer() {
  local mnt="$1" pid
  pid="$(layer_pid "${mnt}")"
  fusermount3 -u "${mnt}"
  wait_until 30 "layer ${pid} to exit" bash -c "! kill -0 ${pid} 2>/dev/null" || die "layer ${pid} did not exit after unmount"
  rm -f "$(pid_file "${mnt}")"
}

main() {
  local cmd="${1:-}"
  case "${cmd}" in
    install) (($# == 1)) || { usage >&2; exit 2; }; install_layer ;;
    mount) shift; mount_layer "$@" ;;
    sync) (($# == 2)) || { usage >&2; exit 2; }; sync_layer "$2" ;;
    crash) (($# == 2 || $# == 3)) || { usage >&2; exit 2; }; crash_layer "$2" "${3:-}" ;;
    unmount) (($# == 2)) || { usage >&2; exit 2; }; unmount_layer "$2" ;;
    -h | --help) usage ;;
    *) usage >&2; exit 2 ;;
  esac
}

main "$@"

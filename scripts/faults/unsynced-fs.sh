#!/usr/bin/env bash
# Mounts, crashes and unmounts the unsynced-write layer (scripts/faults/unsynced_fs.py): a FUSE passthrough over a
# backing directory that keeps file data written since the file's last fsync in memory only.
#
# Usage: scripts/faults/unsynced-fs.sh install
#        scripts/faults/unsynced-fs.sh mount BACKING_DIR MOUNTPOINT
#        scripts/faults/unsynced-fs.sh crash MOUNTPOINT
#        scripts/faults/unsynced-fs.sh unmount MOUNTPOINT
#   install  fuse3 (apt, root) and the pinned mfusepy in ${STORES_HOME}/faults-venv (skipped when there)
#   mount    starts the layer in the background (PID in MOUNTPOINT's sibling file <mountpoint>.unsynced-fs.pid) and
#            waits until the mount answers
#   crash    the power loss: SIGKILL of the layer (every unsynced write is gone with its memory), then a lazy
#            unmount of the dead mount. BACKING_DIR keeps only fsynced data. Kill the store first: see
#            scripts/tests/test_unsynced_crash.sh. Mount again to "reboot".
#   unmount  clean shutdown: unmount, the layer writes everything back (like a page cache flush) and exits
# Settings: STORES_HOME (default <repo>/.stores), UNSYNCED_FS_PYTHON (python to build the venv with, default python3).
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

usage() {
  sed -n '2,17p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

faults_venv() { printf '%s/faults-venv' "${STORES_HOME}"; }
pid_file() { printf '%s.unsynced-fs.pid' "${1%/}"; }

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
  local backing="$1" mnt="$2" pid
  install_layer
  mkdir -p "${backing}" "${mnt}"
  is_mounted "${mnt}" && die "${mnt} is already mounted"
  "$(faults_venv)/bin/python" -W ignore "${LAYER}" "${backing}" "${mnt}" >"${mnt%/}.unsynced-fs.log" 2>&1 &
  pid=$!
  printf '%s\n' "${pid}" >"$(pid_file "${mnt}")"
  wait_until 10 "the mount of ${mnt}" is_mounted "${mnt}" || die "the layer did not mount ${mnt}: see ${mnt%/}.unsynced-fs.log"
}

layer_pid() {
  local file
  file="$(pid_file "$1")"
  [[ -s "${file}" ]] || die "no layer PID file ${file}: was ${1} mounted with this script?"
  cat "${file}"
}

crash_layer() {
  local mnt="$1" pid
  pid="$(layer_pid "${mnt}")"
  # SIGKILL: nothing of the layer runs any more, exactly like the page cache at a power loss.
  kill -KILL "${pid}" 2>/dev/null || true
  wait_until 10 "layer ${pid} to die" bash -c "! kill -0 ${pid} 2>/dev/null" || die "layer ${pid} did not die"
  fusermount3 -u -z "${mnt}" 2>/dev/null || umount -l "${mnt}" 2>/dev/null || true
  rm -f "$(pid_file "${mnt}")"
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
    mount) (($# == 3)) || { usage >&2; exit 2; }; mount_layer "$2" "$3" ;;
    crash) (($# == 2)) || { usage >&2; exit 2; }; crash_layer "$2" ;;
    unmount) (($# == 2)) || { usage >&2; exit 2; }; unmount_layer "$2" ;;
    -h | --help) usage ;;
    *) usage >&2; exit 2 ;;
  esac
}

main "$@"

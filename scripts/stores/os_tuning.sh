#!/usr/bin/env bash
# Per-store OS tuning for scripts/stores.sh (sourced; needs lib/common.sh). What each store's vendor asks for is in
# scripts/stores/profiles/<store>.env (os_* keys), and which kernel file each setting is, in
# scripts/cluster/os-settings.sh, the table the AWS servers are tuned from too; this file applies it where the host
# allows and records, for the settings file, what was wanted, what is in force and why anything was not applied.
#
#   os_tune STORE            apply the host-wide settings (sysctl, transparent huge pages) before the store starts
#   os_nofile_limit STORE    raise this shell's open-file limit for the store's processes (run in a subshell)
#   os_settings STORE PID    "os.*" key=value lines for the settings file (limits read from the running PID, the
#                            filesystem under STORES_HOME)
# Env: STORES_OS_TUNING  auto (default: apply when root and the files are writable) | record (never change the
#      host: these settings are host-wide, other processes on a shared machine feel them too).

# shellcheck source=scripts/cluster/os-settings.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")/../cluster" && pwd)/os-settings.sh"

# The value in force; for THP the bracketed choice of "always [madvise] never".
os_current() {
  local file="$1" v
  v="$(cat "${file}" 2>/dev/null)" || { echo unreadable; return; }
  [[ "${v}" != *"["* ]] || { v="${v#*[}"; v="${v%%]*}"; }
  printf '%s\n' "${v}"
}

os_satisfied() {
  local current="$1" wanted="$2" how="$3"
  if [[ "${how}" == at-least ]]; then
    [[ "${current}" =~ ^[0-9]+$ ]] && ((current >= wanted))
  else
    [[ "${current}" == "${wanted}" ]]
  fi
}

os_tune() {
  local store="$1" key file how wanted
  [[ "${STORES_OS_TUNING:-auto}" == auto ]] || return 0
  [[ "$(id -u)" == 0 ]] || return 0
  while IFS=$'\t' read -r key file how wanted; do
    if ! os_satisfied "$(os_current "${file}")" "${wanted}" "${how}" && [[ -w "${file}" ]]; then
      if printf '%s\n' "${wanted}" 2>/dev/null >"${file}"; then
        log "${store}: OS tuning ${file} = ${wanted}"
      fi
    fi
  done < <(os_wanted "${store}" local)
}

os_nofile_limit() {
  local wanted hard
  wanted="$(profile_var "$1" os_nofile)"
  [[ -n "${wanted}" ]] || return 0
  hard="$(ulimit -Hn)"
  if [[ "${hard}" != unlimited ]] && ((hard < wanted)) && [[ "${STORES_OS_TUNING:-auto}" == auto ]]; then
    ulimit -Hn "${wanted}" 2>/dev/null || true
  fi
  hard="$(ulimit -Hn)"
  if [[ "${hard}" == unlimited ]] || ((hard >= wanted)); then
    ulimit -Sn "${wanted}" 2>/dev/null || true
  else
    ulimit -Sn "${hard}" 2>/dev/null || true
  fi
}

os_settings() {
  local store="$1" pid="$2" key file how wanted current nofile
  printf 'os.mode=%s\n' "${STORES_OS_TUNING:-auto}"
  while IFS=$'\t' read -r key file how wanted; do
    current="$(os_current "${file}")"
    printf 'os.%s.wanted="%s"\nos.%s.actual="%s"\n' "${key}" "${wanted}" "${key}" "${current}"
    if os_satisfied "${current}" "${wanted}" "${how}"; then
      printf 'os.%s.applied=true\n' "${key}"
    else
      printf 'os.%s.applied=false\nos.%s.why_not="%s"\n' "${key}" "${key}" "$(os_why_not "${file}")"
    fi
  done < <(os_wanted "${store}" local)
  wanted="$(profile_var "${store}" os_nofile)"
  if [[ -n "${wanted}" && -n "${pid}" ]]; then
    nofile="$(awk '/^Max open files/ {print $4}' "/proc/${pid}/limits" 2>/dev/null)"
    printf 'os.nofile.wanted="%s"\nos.nofile.actual="%s"\n' "${wanted}" "${nofile:-unknown}"
    if [[ "${nofile}" == unlimited ]] || { [[ "${nofile}" =~ ^[0-9]+$ ]] && ((nofile >= wanted)); }; then
      printf 'os.nofile.applied=true\n'
    else
      printf 'os.nofile.applied=false\nos.nofile.why_not="hard limit %s here; raising it needs CAP_SYS_RESOURCE, which %s"\n' \
        "$(ulimit -Hn)" "$([[ "$(id -u)" == 0 ]] && echo "this root (a container) lacks" || echo "only root has")"
    fi
  fi
  os_data_disk_settings
}

# The disk and filesystem under the stores' data (readahead, type, mount options): recorded, not changed (they are
# the machine's). A store's write latency depends on them: MongoDB's production notes ask for XFS, and a mount with
# "discard" (online discard) sends a TRIM to the device as blocks are freed, where fstrim would batch them. The AWS
# servers' data volume is XFS, noatime. One findmnt call answers both the readahead and the filesystem records.
os_data_disk_settings() {
  local fstype="" options="" source="" discard=false
  read -r fstype options source < <(findmnt -n -o FSTYPE,OPTIONS,SOURCE --target "${STORES_HOME}" 2>/dev/null) || true
  printf 'os.readahead.applied=false\nos.readahead.why_not="a whole-device setting of the disk every local process shares: left as it is (%s KB)"\n' \
    "$(cat "/sys/block/$(os_block_device "${source}")/queue/read_ahead_kb" 2>/dev/null || echo unknown)"
  [[ -n "${fstype}" ]] || { printf 'os.filesystem.type=unknown\n'; return 0; }
  printf 'os.filesystem.type="%s"\nos.filesystem.mount_options="%s"\nos.filesystem.device="%s"\n' \
    "${fstype}" "${options}" "${source}"
  [[ ",${options}," != *,discard,* ]] || discard=true
  printf 'os.filesystem.online_discard=%s\n' "${discard}"
}

os_why_not() {
  local file="$1"
  if [[ "${STORES_OS_TUNING:-auto}" != auto ]]; then
    echo "STORES_OS_TUNING=${STORES_OS_TUNING}: host left unchanged"
  elif [[ "$(id -u)" != 0 ]]; then
    echo "not root"
  elif [[ ! -w "${file}" ]]; then
    echo "${file} is not writable here (container or read-only /proc/sys)"
  else
    echo "the kernel refused the value"
  fi
}

# The whole disk of a mount's source, whose readahead /sys/block shows: /dev/vda1 -> vda, /dev/nvme0n1p1 -> nvme0n1,
# /dev/vda -> vda (a disk has no parent).
os_block_device() {
  local parent
  parent="$(lsblk -ndo PKNAME "$1" 2>/dev/null)" || parent=""
  printf '%s\n' "${parent:-${1##*/}}"
}

#!/usr/bin/env bash
# The host-wide kernel settings a store's vendor asks for: which ones there are, the kernel file of each, how a value
# in force is judged, and which of the store's profile keys gives the value on which machine. The one table both the
# local stores (scripts/stores/os_tuning.sh: written to the files when allowed, always recorded) and the AWS servers
# (scripts/provision/common.sh, tune_for_store: made persistent through sysctl.d and a oneshot unit) apply, as
# scripts/cluster/redis-primary.awk is the one Redis primary rule. The values themselves stay in
# scripts/stores/profiles/<store>.env. Sourced; self-contained (it sources profile.sh); changes no shell option.
#
#   os_wanted STORE PLACE    PLACE local|aws: "KEY<TAB>FILE<TAB>HOW<TAB>VALUE" for each setting the store's profile
#                            sets on that machine (HOW: exact, or at-least for a limit where more does no harm);
#                            exit 1 when the store has no profile file
#   os_sysctl_name FILE      the sysctl name of a /proc/sys file (vm.swappiness), nothing for any other file
#
# Which key: os_KEY on both; on the AWS servers aws_KEY in its place when the profile has one. The AWS servers run
# other builds (MongoDB 8.0 there, whose notes want THP always, against 6.0 locally) on dedicated machines, where
# settings that local runs leave alone on a shared host (THP defrag, khugepaged) are theirs to set. Readahead is no
# kernel file but a setting of the data device (aws_readahead_sectors): tune_for_store sets it on its own.

if [[ -n "${_YCSB_DOCSEARCH_OS_SETTINGS_SH:-}" ]]; then
  return 0
fi
_YCSB_DOCSEARCH_OS_SETTINGS_SH=1

# shellcheck source=scripts/stores/profile.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")/../stores" && pwd)/profile.sh"

# KEY<TAB>FILE<TAB>HOW, in the order they are applied (THP's mode before its defrag and khugepaged settings).
os_setting_files() {
  local thp=/sys/kernel/mm/transparent_hugepage
  printf '%s\t%s\t%s\n' thp "${thp}/enabled" exact thp_defrag "${thp}/defrag" exact \
    khugepaged_max_ptes_none "${thp}/khugepaged/max_ptes_none" exact \
    overcommit_memory /proc/sys/vm/overcommit_memory exact swappiness /proc/sys/vm/swappiness exact \
    max_map_count /proc/sys/vm/max_map_count at-least
}

os_wanted() {
  local store="$1" place="$2" key file how value
  if [[ ! -f "${PROFILES_DIR}/${store}.env" ]]; then
    printf 'no profile definitions for %s (%s)\n' "${store}" "${PROFILES_DIR}/${store}.env" >&2
    return 1
  fi
  while IFS=$'\t' read -r key file how; do
    value=""
    [[ "${place}" != aws ]] || value="$(profile_var "${store}" "aws_${key}")"
    [[ -n "${value}" ]] || value="$(profile_var "${store}" "os_${key}")"
    [[ -z "${value}" ]] || printf '%s\t%s\t%s\t%s\n' "${key}" "${file}" "${how}" "${value}"
  done < <(os_setting_files)
}

os_sysctl_name() {
  [[ "$1" != /proc/sys/* ]] || tr / . <<<"${1#/proc/sys/}"
}

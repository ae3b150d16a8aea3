#!/usr/bin/env bash
# The one lookup of the per-store definitions in scripts/stores/profiles/<store>.env: durability profile, memory
# budget split, OS tuning. The .env files are the only place these choices are made; this file only looks them up.
# Sourced by the local side (scripts/stores.sh and scripts/stores/*.sh) and by the AWS provisioning
# (scripts/provision/common.sh) alike, so a profile changed in a .env file changes both. Self-contained: it needs
# nothing else sourced and changes no shell option.
#
#   profile_var STORE NAME                 value of NAME in the store's .env ("" when unset)
#   profile_list STORE PROFILE TOPO KIND   KIND = server|client|loss: the profile's value for that topology
#   profile_server_value STORE PROFILE TOPO KEY   one key of the profile's server list (exit 1 when absent)
#   memory_per_process_mb STORE TOPO [MB [PROCESSES]]  budget (MB, default STORE_MEMORY_MB) / processes per server
#                                          (default: the .env's <topo>_processes_per_server), never below the
#                                          store's min_cache_mb
# Env: DURABILITY_PROFILE (relaxed), STORE_MEMORY_MB (1024), PROFILES_DIR (default: profiles/ beside this file).

[[ -z "${_YCSB_DOCSEARCH_PROFILE_SH:-}" ]] || return 0
_YCSB_DOCSEARCH_PROFILE_SH=1

PROFILES_DIR="${PROFILES_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/profiles}"
readonly PROFILES_DIR
# shellcheck disable=SC2034 # read by scripts/stores.sh
readonly DURABILITY_PROFILES=(relaxed strict)

profile_var() {
  local store="$1" name="$2" file="${PROFILES_DIR}/$1.env"
  [[ -f "${file}" ]] || { printf 'no profile definitions for %s (%s)\n' "${store}" "${file}" >&2; return 1; }
  # A subshell keeps the file's variables out of this script; the file is plain KEY=value lines.
  (
    # shellcheck disable=SC1090 # one of scripts/stores/profiles/*.env
    source "${file}"
    printf '%s\n' "${!name:-}"
  )
}

profile_list() {
  profile_var "$1" "$2_$3_$4"
}

profile_server_value() {
  local kv
  for kv in $(profile_list "$1" "$2" "$3" server); do
    if [[ "${kv%%=*}" == "$4" ]]; then
      printf '%s\n' "${kv#*=}"
      return 0
    fi
  done
  return 1
}

memory_per_process_mb() {
  local store="$1" topo="$2" budget="${3:-${STORE_MEMORY_MB:-1024}}" n="${4:-}" min mb
  [[ -n "${n}" ]] || n="$(profile_var "${store}" "${topo}_processes_per_server")"
  min="$(profile_var "${store}" min_cache_mb)"
  mb=$((budget / ${n:-1}))
  if [[ -n "${min}" ]] && ((mb < min)); then
    mb="${min}"
  fi
  printf '%s\n' "${mb}"
}

#!/usr/bin/env bash
# Makes a cluster's SSH host keys for terraform/ (var.ssh_host_keys): COUNT ED25519 keys in DIR (host-0 ... made with
# ssh-keygen once, kept while they exist) and OUT, a Terraform variables file (JSON, mode 0600) that hands them to
# terraform: {"ssh_host_keys": [{"private_key": ..., "public_key": ...}, ...]}. Used by scripts/aws.sh up and the
# offline plans of scripts/tests/test_terraform.sh. Why ssh-keygen and not the tls provider: the machine image's
# offline plugin folder holds the AWS provider only, so a real-provider plan could not render keys made by tls; keys
# made here are plain values, in the plan as they will be on the machines.
#
# Usage: scripts/lib/host-keys.sh DIR COUNT OUT
# Exit status: 0 done, 1 ssh-keygen or jq failed, 2 bad arguments.
set -euo pipefail

usage() {
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
}

make_keys() {
  local dir="$1" count="$2" i
  mkdir -p "${dir}"
  chmod 0700 "${dir}"
  for ((i = 0; i < count; i++)); do
    [[ -s "${dir}/host-${i}" && -s "${dir}/host-${i}.pub" ]] && continue
    rm -f "${dir}/host-${i}" "${dir}/host-${i}.pub"
    ssh-keygen -q -t ed25519 -N '' -C "ycsb-docsearch-host-${i}" -f "${dir}/host-${i}"
  done
}

write_variables() {
  local dir="$1" count="$2" out="$3" i
  for ((i = 0; i < count; i++)); do
    jq -n --rawfile private "${dir}/host-${i}" --rawfile public "${dir}/host-${i}.pub" \
      '{private_key: $private, public_key: ($public | rtrimstr("\n"))}'
  done | (umask 077 && jq -s '{ssh_host_keys: .}' >"${out}.tmp")
  mv "${out}.tmp" "${out}"
}

main() {
  case "${1:-}" in -h | --help) usage; return 0 ;; esac
  [[ $# -eq 3 && "$2" =~ ^[0-9]+$ ]] || { usage >&2; return 2; }
  make_keys "$1" "$2"
  write_variables "$@"
}

main "$@"

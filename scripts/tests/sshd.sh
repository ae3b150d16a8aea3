#!/usr/bin/env bash
# A private sshd on 127.0.0.1 for the shell tests that check SSH access as the AWS machines set it up (the clients'
# key in test_terraform.sh, the fault key's forced command in test_provision_fault.sh). Source it; it uses the
# sourcing test's WORK (a temporary folder) and BG_PIDS (the background processes its cleanup kills).
#
#   serve_sshd AUTH   starts sshd with its own host key and config, authorized keys from the file AUTH, and sets
#                     SSHD_PORT; returns 3 when sshd is not installed or cannot run here, 1 when it did not start

if [[ -n "${_YCSB_DOCSEARCH_SSHD_SH:-}" ]]; then
  return 0
fi
_YCSB_DOCSEARCH_SSHD_SH=1

serve_sshd() {
  local auth="$1" dir="${WORK}/sshd" sshd
  sshd="$(command -v sshd || echo /usr/sbin/sshd)"
  [[ -x "${sshd}" && -d /run/sshd ]] || return 3
  mkdir -p "${dir}"
  ssh-keygen -q -t ed25519 -N '' -f "${dir}/host_key"
  SSHD_PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  printf '%s\n' "Port ${SSHD_PORT}" "ListenAddress 127.0.0.1" "HostKey ${dir}/host_key" "AuthorizedKeysFile ${auth}" \
    "PidFile none" "StrictModes no" "UsePAM no" "PasswordAuthentication no" "KbdInteractiveAuthentication no" \
    "PermitRootLogin prohibit-password" >"${dir}/sshd_config"
  "${sshd}" -t -f "${dir}/sshd_config" 2>/dev/null || return 3
  "${sshd}" -D -e -f "${dir}/sshd_config" 2>"${dir}/log" &
  BG_PIDS+=($!)
  local tries=0
  until (exec 3<>"/dev/tcp/127.0.0.1/${SSHD_PORT}") 2>/dev/null; do
    ((++tries < 50)) || { echo "sshd did not start: $(cat "${dir}/log")"; return 1; }
    sleep 0.1
  done
}

#!/usr/bin/env bash
# Provisions a benchmark client of the AWS cluster (run as root by bootstrap.sh from cloud-init; safe to re-run).
# Applies the same host settings as the servers, installs a JDK 17, Maven and the baseline tools, builds the
# repository (unpacked in /home/ubuntu/ycsb-docsearch, owned by ubuntu), then records the machine baseline
# including ping and iperf3 to every server (scripts/baseline.sh). With STORE=redisjson it also installs
# redis-tools from Redis' repository, for redis-benchmark as a reference point for the client's own cost.
# The hosts file with the store's credentials is not made here: copy the output of scripts/hosts-from-terraform.sh.
#
# Usage: client.sh ROLE_ENV         (role.env keys: scripts/provision/common.sh)
# Result: /var/lib/ycsb-docsearch/{status.json,baseline.json}, ~ubuntu/baseline-client.json, a built repository
# Settings: FORMATION_TIMEOUT_S (default 1800) bounds the wait for the servers' iperf3.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
readonly HERE
# shellcheck source=scripts/provision/common.sh
source "${HERE}/common.sh"

readonly USER_NAME=ubuntu

usage() {
  sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
}

install_tools() {
  apt_get install openjdk-17-jdk-headless maven git python3-venv
  if [[ "${STORE}" == redisjson ]]; then
    add_vendor_repo redis https://packages.redis.io/gpg "https://packages.redis.io/deb $(os_codename) main"
    local version
    version="$(newest_version redis-tools "${REDIS_VERSION}")" || die "no redis-tools ${REDIS_VERSION}"
    apt_get install "redis-tools=${version}"
  fi
}

# Builds every module as the ubuntu user, so ./run-sweep.sh finds the jars; Maven downloads the dependencies.
build_repository() {
  chown -R "${USER_NAME}:${USER_NAME}" "${REPO_DIR}"
  sudo -u "${USER_NAME}" -H bash -c "cd '${REPO_DIR}' && mvn -B -q -DskipTests install" \
    || die "the repository did not build; see the provisioning log"
  log "repository built in ${REPO_DIR}"
}

main() {
  if (($# != 1)) || [[ "$1" == -h || "$1" == --help ]]; then
    usage >&2
    return 2
  fi
  trap on_exit EXIT
  load_role_env "$1" REDIS_VERSION
  write_status provisioning "installing the JDK and building the repository"
  prepare_host
  prepare_data_volume optional
  install_tools
  build_repository
  write_status provisioning "recording the baseline"
  wait_for_servers 5201
  record_baseline "${SERVER_IPS}"
  install -o "${USER_NAME}" -g "${USER_NAME}" -m 0644 "${STATE_DIR}/baseline.json" \
    "/home/${USER_NAME}/baseline-client.json" 2>/dev/null || true
  write_status ready "client: repository built in ${REPO_DIR}"
}

main "$@"

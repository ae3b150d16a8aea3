#!/usr/bin/env bash
# First step of provisioning on an AWS machine; terraform puts this file in the cloud-init user data as
# /usr/local/sbin/ycsb-docsearch-bootstrap and cloud-init runs it as root once, at first boot.
# It downloads the repository bundle (a `git archive` tar.gz in a private S3 bucket, readable only through the
# cluster's S3 VPC endpoint, so a plain HTTPS GET works), checks its SHA-256, unpacks it into REPO_DIR and runs
# REPO_DIR/scripts/provision/<ROLE>.sh ROLE_ENV. Safe to re-run by hand: the unpacked tree is replaced.
#
# Usage: ycsb-docsearch-bootstrap ROLE_ENV
#   ROLE_ENV  the role.env file cloud-init wrote (mode 0600); needs ROLE, REPO_DIR, BUNDLE_URL, BUNDLE_SHA256
# Settings: BOOTSTRAP_LOG (default /var/log/ycsb-docsearch-provision.log) gets a copy of all output;
#   YCSB_STATE_DIR (default /var/lib/ycsb-docsearch) holds status.json.
set -euo pipefail

readonly STATE_DIR="${YCSB_STATE_DIR:-/var/lib/ycsb-docsearch}"

usage() {
  sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
}

log() {
  printf '%s bootstrap: %s\n' "$(date -u +%H:%M:%S)" "$*" >&2
}

# status.json without jq (not installed yet); the detail texts here contain no quotes.
status() {
  mkdir -p "${STATE_DIR}"
  printf '{"role": "%s", "state": "%s", "detail": "%s", "utc": "%s"}\n' "${ROLE:-unknown}" "$1" "$2" \
    "$(date -u +%Y-%m-%dT%H:%M:%SZ)" >"${STATE_DIR}/status.json"
}

fetch_bundle() {
  local url="$1" sha="$2" out="$3"
  # The bucket policy may take a few seconds to apply after terraform creates it: retry for ~10 minutes.
  curl -fsS --retry 60 --retry-delay 10 --retry-all-errors --connect-timeout 10 -o "${out}" "${url}"
  printf '%s  %s\n' "${sha}" "${out}" | sha256sum --check --status \
    || { log "bundle checksum mismatch (expected ${sha})"; return 1; }
}

# The commit `git archive` wrote into the archive's first (pax) header, or "unknown".
archive_commit() {
  local header
  # head closes the pipe early on purpose: the decompressor's SIGPIPE is not an error here.
  header="$(gzip -dc "$1" 2>/dev/null | head -c 1024 | tr -d '\0' || true)"
  if [[ "${header}" =~ comment=([0-9a-f]{40}) ]]; then
    printf '%s\n' "${BASH_REMATCH[1]}"
  else
    printf 'unknown\n'
  fi
}

# Unpacks the archive into DIR and keeps its commit as DIR/.source-commit: the bundle has no .git directory, and
# the results manifest can name the commit from this file.
unpack_bundle() {
  local archive="$1" dir="$2"
  rm -rf "${dir}.new"
  mkdir -p "${dir}.new"
  tar -xzf "${archive}" -C "${dir}.new" --strip-components=1
  archive_commit "${archive}" >"${dir}.new/.source-commit"
  rm -rf "${dir}"
  mv "${dir}.new" "${dir}"
}

main() {
  if (($# != 1)) || [[ "$1" == -h || "$1" == --help ]]; then
    usage >&2
    return 2
  fi
  local env_file="$1"
  # shellcheck disable=SC1090  # written by cloud-init at boot
  source "${env_file}"
  local var
  for var in ROLE REPO_DIR BUNDLE_URL BUNDLE_SHA256; do
    [[ -n "${!var:-}" ]] || { log "${env_file} does not set ${var}"; return 1; }
  done
  exec > >(tee -a "${BOOTSTRAP_LOG:-/var/log/ycsb-docsearch-provision.log}") 2>&1
  status provisioning "downloading the repository bundle"
  local archive
  archive="$(mktemp /tmp/ycsb-docsearch-bundle.XXXXXX)"
  if ! fetch_bundle "${BUNDLE_URL}" "${BUNDLE_SHA256}" "${archive}"; then
    status failed "could not download the repository bundle from ${BUNDLE_URL}"
    return 1
  fi
  unpack_bundle "${archive}" "${REPO_DIR}"
  rm -f "${archive}"
  local script="${REPO_DIR}/scripts/provision/${ROLE}.sh"
  [[ -x "${script}" ]] || { status failed "no provisioning script ${script}"; return 1; }
  log "running ${script}"
  "${script}" "${env_file}"
}

main "$@"

#!/usr/bin/env bash
# First step of provisioning on an AWS machine; terraform puts this file in the cloud-init user data as
# /usr/local/sbin/ycsb-docsearch-bootstrap and cloud-init runs it as root once, at first boot.
# It reads the SSM parameters that role.env names (SSM_PARAMETERS="VAR=/parameter/name,...": the bundle address and
# the store's secrets) with the instance profile into SECRETS_ENV (mode 0600, VAR='value' lines; the values never
# appear in user data or on a command line), downloads the repository bundle (a `git archive` tar.gz in a private
# S3 bucket, readable only through the cluster's S3 VPC endpoint, so a plain HTTPS GET works), checks its SHA-256,
# unpacks it into REPO_DIR and runs REPO_DIR/scripts/provision/<ROLE>.sh ROLE_ENV. Safe to re-run by hand: the
# unpacked tree is replaced and the parameters are read again.
#
# Usage: ycsb-docsearch-bootstrap ROLE_ENV
#   ROLE_ENV  the role.env file cloud-init wrote (mode 0600); needs ROLE, REPO_DIR, and either SSM_PARAMETERS with
#             AWS_REGION (on AWS: BUNDLE_URL and BUNDLE_SHA256 are parameters) or BUNDLE_URL and BUNDLE_SHA256
#             themselves (tests)
# Settings: BOOTSTRAP_LOG (default /var/log/ycsb-docsearch-provision.log) gets a copy of all output;
#   BOOTSTRAP_SSM_RETRY_S (10) is the pause between tries at the SSM parameters (30 tries: the instance profile's
#   credentials may come late);
#   YCSB_STATE_DIR (default /var/lib/ycsb-docsearch) holds status.json; SECRETS_ENV (default secrets.env beside
#   ROLE_ENV) is where the parameters go.
set -euo pipefail

readonly STATE_DIR="${YCSB_STATE_DIR:-/var/lib/ycsb-docsearch}"

usage() {
  sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'
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

# apt-get with a few attempts and a growing pause: at first boot the mirror or the network is sometimes not quite
# there yet (cloud-init's own apt run holds the lock too: DPkg::Lock::Timeout waits for it). Its output goes to
# this script's stdout, which main copies into the bootstrap log, so a failure can be read afterwards.
# common.sh has its own apt_get, but it arrives in the bundle this script is about to fetch, so it cannot be used
# here.
apt_retry() {
  local attempt
  for attempt in 1 2 3 4 5; do
    if DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 -o Acquire::Retries=3 -y -q "$@"; then
      return 0
    fi
    log "apt-get $* failed (attempt ${attempt} of 5)"
    ((attempt == 5)) || sleep $((attempt * 15))
  done
  return 1
}

# Reads the parameters named in SSM_PARAMETERS into the file $1 (created 0600) with boto3 from Ubuntu's archive:
# credentials come from the instance profile through IMDSv2, the values through stdout of a child that writes
# nothing else, never through arguments or the log.
fetch_parameters() {
  local out="$1"
  if ! python3 -c 'import boto3' 2>/dev/null; then
    if ! apt_retry update || ! apt_retry install python3-boto3; then
      log "could not install python3-boto3"
      return 1
    fi
  fi
  (
    umask 077
    python3 - >"${out}.tmp" <<'PY'
import os, re, sys, time
import boto3
from botocore.config import Config
from botocore.exceptions import ClientError, EndpointConnectionError, NoCredentialsError

wanted = dict(item.split("=", 1) for item in os.environ["SSM_PARAMETERS"].split(","))
names = sorted(set(wanted.values()))
values = {}
pause = float(os.environ.get("BOOTSTRAP_SSM_RETRY_S", "10"))
# The instance profile can take a while to reach a new instance: until then there are no credentials at all
# (NoCredentialsError), or they are refused. A client keeps the credentials it was made with, so every try makes
# a new one.
for attempt in range(30):
    try:
        client = boto3.session.Session().client(
            "ssm", region_name=os.environ["AWS_REGION"],
            config=Config(retries={"max_attempts": 10, "mode": "standard"}))
        for i in range(0, len(names), 10):  # GetParameters takes at most 10 names
            answer = client.get_parameters(Names=names[i:i + 10], WithDecryption=True)
            if answer["InvalidParameters"]:
                sys.exit("missing SSM parameters: " + ", ".join(answer["InvalidParameters"]))
            values.update({p["Name"]: p["Value"] for p in answer["Parameters"]})
        break
    except (ClientError, NoCredentialsError, EndpointConnectionError) as e:
        why = e.response["Error"]["Code"] if isinstance(e, ClientError) else type(e).__name__
        if attempt == 29:
            sys.exit(f"cannot read the SSM parameters: {why}")
        print(f"SSM parameters not readable yet ({why}); trying again", file=sys.stderr)
        time.sleep(pause)
for var, name in sorted(wanted.items()):
    value = values[name]
    if not re.fullmatch(r"[A-Z_][A-Z0-9_]*", var) or "'" in value:
        sys.exit(f"parameter {name} cannot be written as {var}='...'")
    print(f"{var}='{value}'")
PY
  ) || return 1
  chmod 0600 "${out}.tmp"
  mv "${out}.tmp" "${out}"
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
  [[ $# -eq 1 && "$1" != -h && "$1" != --help ]] || { usage >&2; return 2; }
  local env_file="$1"
  # shellcheck disable=SC1090  # written by cloud-init at boot
  source "${env_file}"
  local var secrets="${SECRETS_ENV:-$(dirname "${env_file}")/secrets.env}"
  local log_file="${BOOTSTRAP_LOG:-/var/log/ycsb-docsearch-provision.log}"
  # Everything from here on (apt, the role script) is kept in the log file, root-only, as well as in cloud-init's
  # output: it is the place to read why a machine says "failed".
  (umask 077 && touch "${log_file}")
  exec > >(tee -a "${log_file}") 2>&1
  log "bootstrap of ${ROLE:-?} started; this log: ${log_file}"
  if [[ -n "${SSM_PARAMETERS:-}" ]]; then
    status provisioning "reading the SSM parameters"
    if ! SSM_PARAMETERS="${SSM_PARAMETERS}" AWS_REGION="${AWS_REGION:?role.env has no AWS_REGION}" \
      fetch_parameters "${secrets}"; then
      status failed "could not read the SSM parameters named in ${env_file}"
      return 1
    fi
    # shellcheck disable=SC1090  # written just above
    source "${secrets}"
  fi
  for var in ROLE REPO_DIR BUNDLE_URL BUNDLE_SHA256; do
    [[ -n "${!var:-}" ]] || { log "${env_file} does not set ${var}"; status failed "${var} is not set"; return 1; }
  done
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

#!/usr/bin/env bash
# Tests of the AWS part (terraform/, scripts/provision/, scripts/machine-fingerprint.sh, scripts/hosts-from-terraform.sh)
# without an AWS account or network:
#   fmt           terraform fmt -check -recursive terraform/
#   lint          ShellCheck on every script of the AWS part; no secret variable expanded into a command's
#                 arguments in provisioning (the old forms: redis-cli -a, curl -u, passwords in mongosh URIs/scripts)
#   policy        terraform/tests/policy.py on the real configuration (must pass), on a bad fixture and on
#                 single-edit copies (must fail): python-hcl2 from PyPI in a private venv under target/
#   checkov       checkov (pinned: terraform/tests/requirements-checkov.txt, own venv under target/) with
#                 terraform/.checkov.yaml: no failing check; every skip has a reason and still suppresses a finding
#   validations   every root variable's validation, evaluated by terraform plan on a copy of variables.tf
#   plan          a real-provider terraform plan (the AWS provider binary from TF_PLUGIN_MIRROR, dummy credentials,
#                 no network) of an offline copy (terraform/tests/offline_copy.py: random/tls values replaced by
#                 literals of real size) for every store, with the defaults and at the boundaries (22-character
#                 name_prefix with 9 servers and 4 clients; 1 server and 1 client); terraform/tests/plan_check.py then
#                 checks each plan: user data rendered in the plan (a test-only output of the copy), identical to
#                 what the instances get, within 16 KiB and holding no secret; distinct fixed addresses; SecureString
#                 parameters; the clients' SSH key (4 clients: read by the clients only, SSH between the client group
#                 only; 1 client: no key, no rule); the fault key (always: its private half read by the clients only
#                 and in no user data, its public half in every server's role.env, FAULT_SSH_KEY_FILE on every
#                 client, SSH into the servers' group from the clients' group); and the hosts file made from each
#                 plan's outputs lists every client but client 0 and has the "fault" entry (every server). A copy
#                 that leaks a password into user data must fail, so must one whose servers read the clients' key or
#                 the fault key and admit SSH from the servers, and a plan without the repository archive (only a
#                 destroy works then; terraform/tests/offline/ checks that the state still evaluates).
#   offline       terraform validate against the real provider schema, and a mocked terraform test
#                 (terraform/tests/offline/) on the offline copy; both also on a broken copy, which must fail
#   hosts         scripts/hosts-from-terraform.sh on saved outputs of every store: golden files, mode 0600; with 4
#                 clients the "clients" list (clients 1-3), with several clients but no key file an error; with the
#                 fault_ssh output the "fault" entry, without it (older outputs: the golden files) none
#   clientkey     install_client_ssh_key (scripts/provision/common.sh) with a key made here: key file 0600, the
#                 operator's authorized_keys line kept, one clients' line limited to the clients' addresses (also
#                 after a re-run); then ssh with the sweep's options into a private sshd on 127.0.0.1 (when sshd is
#                 installed): admitted, and refused once 127.0.0.1 is not among the clients' addresses
#   results       scripts/aws-results.sh without AWS: its argument errors (one line, exit 2), fetch --dry-run on
#                 saved outputs (1 client; 4: runs from client 0, the others' state files), and check on copies of
#                 results-format's golden run "normal" with server folders added (a good one passes; a run without
#                 an HDR log, with a broken summary.json, without a manifest or short of a server's store.json or
#                 logs fails, by its line); several clients' layouts (clients.json, clients/<i>/hdr: one client's logs
#                 missing fails, by name), verify with SHA256SUMS (.verified written; a changed file, a cut-off copy's
#                 marker or another seal's digest fail). The files' check is bin/docsearch check-run's (JDK 17 and
#                 Maven: it builds the project when a source is newer). The copying over SSH itself is tested in the
#                 fake cloud (scripts/tests/fake-cloud.sh).
#   awssh         scripts/aws.sh without AWS: bad arguments (one line, exit 2); reap with a stand-in aws: lists the
#                 instances past expires-on or expires-at only, --yes terminates exactly those; without --region it
#                 looks in the region of terraform.tfvars, with several --region in each
#   bootstrap     scripts/provision/bootstrap.sh fetching, checking and unpacking a bundle over local HTTP, and
#                 reading its SSM parameters with boto3 (Ubuntu 24.04's version, in the policy venv) from a local
#                 stand-in of the SSM API: secrets.env of mode 0600, no value in the log, a missing parameter fails
#   versions      newest_version (scripts/provision/common.sh) choosing among apt versions; write_status
#   fingerprint   scripts/machine-fingerprint.sh --size tiny against 127.0.0.1 (iperf3 server started here)
#
# Usage: scripts/tests/test_terraform.sh [TEST...]    (default: all, in the order above; checkov and fingerprint run
#   beside the others, their output at the end)
# Settings: TF_PLUGIN_MIRROR (default /opt/tf-plugins: must hold registry.terraform.io/hashicorp/aws/<version>/
#   linux_amd64/terraform-provider-aws_*; without it plan and offline fail with one line saying so, unless
#   TF_OFFLINE_PLAN=skip, the documented opt-out, turns them into a logged skip), TF_LINT_SHELLCHECK=0 (lint leaves
#   the shell check to a caller that runs it on every script, as scripts/test.sh does), TF_TEST_VENV (default
#   <repo>/target/tf-policy-venv), TF_CHECKOV_VENV (default <repo>/target/tf-checkov-venv), TF_PLAN_BOUNDARY_STORES
#   (the stores planned at the boundaries too; default all three; scripts/test.sh gives redisjson: the boundary
#   variables are the same for every store, each store's layout is checked by the offline suite's terraform test
#   runs, and each plan costs CI about 10 s of CPU), TERRAFORM (default
#   terraform), TF_TESTS_EXCEPT (tests left out when none is named: scripts/test.sh runs "results", which needs the
#   build, after its maven suite). Missing jq/shellcheck/iperf3/fio/ping/sysbench are installed with apt-get.
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
readonly REPO_ROOT
readonly ALL_TESTS=(fmt lint policy checkov validations plan offline hosts clientkey results awssh bootstrap versions
  fingerprint)
# Run beside the others (their output follows at the end): checkov waits mostly on pip and its own start (55 s of a
# fresh clone's 187), the policy on pip (most of its 62 s), the fingerprint on its timed probes; none shares files
# or a virtualenv with another test.
readonly BESIDE_TESTS=(checkov policy fingerprint)
# The run folder the results tests copy (fake_run).
readonly GOLDEN_RUN="${REPO_ROOT}/results-format/src/test/resources/golden-runs/normal"
WORK=""
BG_PIDS=()
# serve_sshd (the clients' key test)
# shellcheck source=sshd.sh
source "${REPO_ROOT}/scripts/tests/sshd.sh"

usage() {
  # The header comment, whole.
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
}

log() {
  printf 'test_terraform: %s\n' "$*" >&2
}

# Stops the servers a test started (each test runs in its own subshell, with its own BG_PIDS).
kill_background() {
  local pid
  for pid in "${BG_PIDS[@]}"; do
    kill "${pid}" 2>/dev/null || true
  done
  BG_PIDS=()
}

cleanup() {
  kill_background
  [[ -z "${WORK}" ]] || rm -rf "${WORK}"
  WORK=""
}

tf() {
  "${TERRAFORM:-terraform}" "$@"
}

ensure_tools() {
  local -a missing=()
  local tool pkg
  for tool in jq:jq shellcheck:shellcheck iperf3:iperf3 fio:fio ping:iputils-ping sysbench:sysbench; do
    command -v "${tool%%:*}" >/dev/null || missing+=("${tool#*:}")
  done
  if ((${#missing[@]})); then
    log "installing ${missing[*]}"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >/dev/null
  fi
  command -v "${TERRAFORM:-terraform}" >/dev/null || { log "terraform is not on PATH"; return 1; }
  for pkg in python3 curl tar; do
    command -v "${pkg}" >/dev/null || { log "${pkg} is not on PATH"; return 1; }
  done
}

# Creates (once) the virtualenv VENV with the pinned REQUIREMENTS; prints its bin directory.
venv_bin() {
  local venv="$1" requirements="$2"
  if [[ ! -x "${venv}/bin/python" ]]; then
    python3 -m venv "${venv}" >&2
  fi
  # The stamp skips pip altogether when the pinned list has not changed since the last install.
  if ! cmp -s "${requirements}" "${venv}/installed-requirements.txt"; then
    "${venv}/bin/pip" install -q --disable-pip-version-check -r "${requirements}" >&2
    cp "${requirements}" "${venv}/installed-requirements.txt"
  fi
  printf '%s\n' "${venv}/bin"
}

venv_python() {
  printf '%s/python\n' "$(venv_bin "${TF_TEST_VENV:-${REPO_ROOT}/target/tf-policy-venv}" \
    "${REPO_ROOT}/terraform/tests/requirements.txt")"
}

test_fmt() {
  tf fmt -check -recursive -diff "${REPO_ROOT}/terraform"
}

# The ways a secret once reached a command line in provisioning (redis-cli -a, curl -u, a password in a mongosh
# URI or script, any argument expanding a *PASSWORD/*AUTH/*KEY* variable): none may come back. Reads FILEs.
secret_arguments() {
  grep -nE -- '(^|[[:space:](])(-a|-u|--user|--pass|--password)[[:space:]]+"?[^"[:space:]]*\$\{?[A-Z_]*(PASSWORD|AUTH|KEY)|://[^"[:space:]]*\$\{?[A-Z_]*PASSWORD|pwd:[[:space:]]*.?\$\{' \
    "$@"
}

test_lint() {
  cd "${REPO_ROOT}"
  # scripts/test.sh's shellcheck suite checks every tracked script (these among them) and says so here.
  [[ "${TF_LINT_SHELLCHECK:-1}" == 0 ]] || shellcheck -x scripts/provision/*.sh scripts/machine-fingerprint.sh \
    scripts/baseline.sh scripts/hosts-from-terraform.sh scripts/aws-results.sh scripts/tests/test_terraform.sh \
    scripts/tests/test_provision_fault.sh
  local -a provisioning=(scripts/provision/*.sh scripts/cluster/redis-cluster-create.sh scripts/cluster/es-cluster-wait.sh)
  if secret_arguments "${provisioning[@]}" >&2; then
    log "a secret is passed as a command-line argument (above): use the environment, a 0600 file or stdin"
    return 1
  fi
  # The search must see the old forms.
  # shellcheck disable=SC2016  # the ${...} are the text searched for, not to expand
  printf '%s\n' 'redis-cli -a "${REDIS_PASSWORD}" PING' 'curl -u "elastic:${ES_ELASTIC_PASSWORD}" x' \
    'mongosh "mongodb://admin:${MONGODB_ADMIN_PASSWORD}@h" --eval x' "createUser({pwd: '\${MONGODB_YCSB_PASSWORD}'})" \
    >"${WORK}/old-forms.sh"
  [[ "$(secret_arguments "${WORK}/old-forms.sh" | wc -l)" == 4 ]] || { log "secret_arguments misses an old form"; return 1; }
}

test_policy() {
  local py
  py="$(venv_python)"
  (cd "${REPO_ROOT}/terraform/tests" && "${py}" -m unittest discover -s . -p 'test_*.py')
  "${py}" "${REPO_ROOT}/terraform/tests/policy.py" "${REPO_ROOT}/terraform"
  if "${py}" "${REPO_ROOT}/terraform/tests/policy.py" "${REPO_ROOT}/terraform/tests/fixtures/bad" >/dev/null; then
    log "policy.py accepted the bad fixture"
    return 1
  fi
}

# checkov with the reviewed configuration must pass; each skipped check must carry a category and reason and still
# fail without the skip (a stale skip would hide a future finding of that check).
test_checkov() {
  local bin config="${REPO_ROOT}/terraform/.checkov.yaml" out="${WORK}/checkov.json" id
  bin="$(venv_bin "${TF_CHECKOV_VENV:-${REPO_ROOT}/target/tf-checkov-venv}" \
    "${REPO_ROOT}/terraform/tests/requirements-checkov.txt")"
  local -a skips=()
  mapfile -t skips < <(sed -n 's/^  - \(CKV[A-Z0-9_]*\).*/\1/p' "${config}")
  ((${#skips[@]})) || { log "no skip-check entries read from ${config}"; return 1; }
  if grep -E '^  - CKV' "${config}" | grep -Ev '# (irrelevant|by design|false positive): .{20,}' >&2; then
    log "the skip entries above lack '# <irrelevant|by design|false positive>: <reason>'"
    return 1
  fi
  # One scan without the skip list, on a copy without .checkov.yaml (checkov reads the one in the scanned folder
  # whatever the command line says) nor tests/ (the config's skip-path): every failing check must be a listed skip,
  # and every listed skip must still find something.
  mkdir -p "${WORK}/checkov-all"
  cp -r "${REPO_ROOT}/terraform" "${WORK}/checkov-all/"
  rm -rf "${WORK}/checkov-all/terraform/.checkov.yaml" "${WORK}/checkov-all/terraform/tests" \
    "${WORK}/checkov-all/terraform/.terraform"
  "${bin}/checkov" -d "${WORK}/checkov-all/terraform" --framework terraform -o json >"${out}" 2>/dev/null || true
  local skipped
  skipped="$(printf '%s\n' "${skips[@]}" | jq -R . | jq -sc .)"
  jq -e --argjson skips "${skipped}" '.summary.parsing_errors == 0 and .summary.passed > 50
    and ([(.results.failed_checks // [])[] | select(.check_id | IN($skips[]) | not)] | length == 0)' "${out}" >/dev/null || {
    log "checkov findings:"
    jq -r --argjson skips "${skipped}" '(.results.failed_checks // [])[] | select(.check_id | IN($skips[]) | not)
      | "  \(.check_id) \(.resource) \(.file_path): \(.check_name)"' "${out}" >&2 || true
    jq -c '.summary' "${out}" >&2 || true
    return 1
  }
  for id in "${skips[@]}"; do
    jq -e --arg id "${id}" '[(.results.failed_checks // [])[] | select(.check_id == $id)] | length > 0' \
      "${out}" >/dev/null || { log "skip ${id} in ${config} suppresses nothing: remove it"; return 1; }
  done
  log "checkov $("${bin}/checkov" --version): $(jq -r '.summary.passed' "${out}") passed, 0 failed but ${#skips[@]} reviewed skips"
}

# One plan of the copied variables.tf. Arguments: EXPECT (ok|invalid), then -var arguments.
plan_variables() {
  local expect="$1" out rc=0
  shift
  out="$(tf -chdir="${WORK}/vars" plan -input=false -no-color -var-file=example.tfvars "$@" 2>&1)" || rc=$?
  if [[ "${expect}" == ok && ${rc} -ne 0 ]]; then
    log "expected $* to be accepted:"
    printf '%s\n' "${out}" | grep -A4 Error >&2
    return 1
  fi
  if [[ "${expect}" == invalid && (${rc} -eq 0 || "${out}" != *"Invalid value for variable"*) ]]; then
    log "expected $* to be refused by a validation (exit ${rc})"
    return 1
  fi
}

test_validations() {
  mkdir -p "${WORK}/vars"
  cp "${REPO_ROOT}/terraform/variables.tf" "${WORK}/vars/"
  cp "${REPO_ROOT}/terraform/terraform.tfvars.example" "${WORK}/vars/example.tfvars"
  tf -chdir="${WORK}/vars" init -backend=false -input=false -no-color >/dev/null
  local -a ok=("" "ssh_allowed_cidr=10.1.2.3/32" "server_count=5" "store=elasticsearch"
    "store_versions={redis=\"8.2.1\",mongodb=\"8.0.4\",mongosh=\"2.5.6\",elasticsearch=\"9.1.0\"}" "server_instance_type=i4i.8xlarge"
    "durability=strict" "ami_id=ami-0123456789abcdef0" "name_prefix=a23456789012345678901x"
    "memory_mb_per_server=1024" "memory_mb_per_server=31744" "ttl_hours=1" "ttl_hours=168")
  local -a invalid=("ssh_allowed_cidr=0.0.0.0/0" "ssh_allowed_cidr=0.0.0.0/1" "ssh_allowed_cidr=::/0"
    "ssh_allowed_cidr=home" "store=redis" "server_count=0" "server_count=2.5" "client_count=0" "client_count=5"
    "expires_on=2026-13-40" "expires_on=tomorrow" "server_instance_type=m5.8xlarge" "durability=none"
    "name_prefix=Bad_Name" "name_prefix=a-name-that-is-far-too-long" "name_prefix=a23456789012345678901xy"
    "store_versions={redis=\"8\",mongodb=\"8.0.4\",mongosh=\"2.5.6\",elasticsearch=\"8.19.21\"}"
    "store_versions={redis=\"8.2.1\",mongodb=\"8.0\",mongosh=\"2.5.6\",elasticsearch=\"8.19.21\"}" "redis_cluster={shards=2,replicas_per_shard=1}"
    "redis_cluster={shards=27,replicas_per_shard=3}" "elasticsearch={primaries=0,replicas=1}"
    "memory_mb_per_server=1023" "memory_mb_per_server=31745" "memory_mb_per_server=2048.5"
    "repo_archive_path=repo.zip" "region=useast1" "availability_zone=us-east-1" "hourly_prices_usd={x=-1}"
    "root_volume_size_gb=5" "vpc_cidr=10.0.0.0/8" "subnet_cidr=10.42.1.0/28" "ami_id=ami-xyz"
"key_pair_name=" "client_instance_type=big" "ttl_hours=0" "ttl_hours=169" "ttl_hours=2.5"
    'ssh_host_keys=[{private_key="x",public_key="ssh-ed25519 AAAA"}]'
    'ssh_host_keys=[{private_key="-----BEGIN OPENSSH PRIVATE KEY-----",public_key="ssh-rsa AAAA"}]')
  local v
  for v in "${ok[@]}"; do
    if [[ -z "${v}" ]]; then plan_variables ok; else plan_variables ok -var "${v}"; fi
  done
  for v in "${invalid[@]}"; do
    plan_variables invalid -var "${v}"
  done
  log "validations: ${#ok[@]} accepted, ${#invalid[@]} refused as expected"
}

# Copies the configuration for the AWS provider mirror, then inits it. Arguments: DEST. Prints DEST/terraform.
offline_copy() {
  local dir
  dir="$(python3 "${REPO_ROOT}/terraform/tests/offline_copy.py" "${REPO_ROOT}" "$1")"
  tf -chdir="${dir}" init -backend=false -input=false -no-color -plugin-dir="${TF_PLUGIN_MIRROR:-/opt/tf-plugins}" \
    >/dev/null
  printf '%s\n' "${dir}"
}

# Succeeds when the AWS provider binary is in the mirror. Otherwise prints one line naming what is missing and
# fails, or with TF_OFFLINE_PLAN=skip logs the skip and returns 3 (callers then pass without testing).
require_mirror() {
  local mirror="${TF_PLUGIN_MIRROR:-/opt/tf-plugins}"
  if compgen -G "${mirror}/registry.terraform.io/hashicorp/aws/*/linux_amd64/terraform-provider-aws_*" >/dev/null; then
    return 0
  fi
  if [[ "${TF_OFFLINE_PLAN:-}" == skip ]]; then
    log "SKIPPED (TF_OFFLINE_PLAN=skip): no AWS provider binary in ${mirror}"
    return 3
  fi
  log "missing: AWS provider binary ${mirror}/registry.terraform.io/hashicorp/aws/<version>/linux_amd64/terraform-provider-aws_* (set TF_PLUGIN_MIRROR to a mirror holding it, or TF_OFFLINE_PLAN=skip to skip the plan and offline tests)"
  return 1
}

# One real-provider plan of the offline copy DIR, checked by plan_check.py. Arguments: DIR LABEL SERVERS CLIENTS,
# then more -var arguments. The files are kept in WORK as plan-LABEL.*.
plan_case() {
  local dir="$1" label="$2" servers="$3" clients="$4"
  shift 4
  local -a vars=(-var-file=offline.tfvars -var "server_count=${servers}" -var "client_count=${clients}" "$@")
  local out="${WORK}/plan-${label}"
  if ! tf -chdir="${dir}" plan -input=false -no-color -lock=false -out="${out}.plan" "${vars[@]}" >"${out}.log" 2>&1; then
    log "plan ${label} failed:"
    grep -A10 '^Error' "${out}.log" >&2 || tail -20 "${out}.log" >&2
    return 1
  fi
  tf -chdir="${dir}" show -json "${out}.plan" >"${out}.json"
  python3 "${REPO_ROOT}/terraform/tests/plan_check.py" "${out}.json" "${dir}/../standins.json" "${servers}" \
    "${clients}" >"${out}.check" || {
    sed "s/^/  ${label}: /" "${out}.check" >&2
    return 1
  }
  plan_hosts "${out}" "${clients}" "${servers}" \
    || { log "plan ${label}: the hosts file does not list the clients, or lacks the fault entry"; return 1; }
}

# The hosts file made from the outputs of the plan OUT.json (planned_values.outputs has the shape of `terraform
# output -json`) lists every client but client 0, with the user, repository and key file the clients get; with one
# client it has no clients list. Its "fault" entry names every server in node order (the fixed addresses from
# 10.42.1.10) with the fault key's file. Both name client 0's known_hosts (the plans have host keys).
# Arguments: OUT CLIENTS SERVERS.
plan_hosts() {
  local out="$1" clients="$2" servers="$3"
  jq '.planned_values.outputs' "${out}.json" \
    | "${REPO_ROOT}/scripts/hosts-from-terraform.sh" --json - --out "${out}.hosts.json" 2>/dev/null || return 1
  jq -e --slurpfile plan "${out}.json" --argjson n "${clients}" --argjson s "${servers}" '
    ($plan[0].planned_values.outputs.client_private_ips.value) as $ips
    | .fault == {servers: [range(0; $s) | "10.42.1.\(10 + .)"], port: 22, user: "ubuntu",
                 identity_file: "/home/ubuntu/.ssh/ycsb_fault", known_hosts: "/home/ubuntu/.ssh/ycsb_known_hosts"}
      and if $n == 1 then has("clients") | not
      else .clients == [$ips[1:][] | {host: ., port: 22, user: "ubuntu",
                                      identity_file: "/home/ubuntu/.ssh/ycsb_clients",
                                      known_hosts: "/home/ubuntu/.ssh/ycsb_known_hosts",
                                      repo: "/home/ubuntu/ycsb-docsearch"}]
           and ($ips | length) == $n
      end' "${out}.hosts.json" >/dev/null
}

# The values every plan needs that have no default; ami_id explicit (an offline plan cannot look an AMI up). The SSH
# host keys as scripts/aws.sh up makes them (13: 9 servers and 4 clients at most), in the file it writes (auto-loaded).
write_offline_tfvars() {
  cat >"$1/offline.tfvars" <<'EOF'
key_pair_name     = "offline-plan"
ssh_allowed_cidr  = "203.0.113.7/32"
expires_on        = "2030-01-01"
repo_archive_path = "tests/offline/repo.tar.gz"
ami_id            = "ami-0123456789abcdef0"
EOF
  local keys="${WORK}/host-keys"
  [[ -s "${keys}/ssh-host-keys.auto.tfvars.json" ]] \
    || "${REPO_ROOT}/scripts/lib/host-keys.sh" "${keys}" 13 "${keys}/ssh-host-keys.auto.tfvars.json"
  cp "${keys}/ssh-host-keys.auto.tfvars.json" "$1/"
}

# The SSH key checks must be able to fail: a copy in which the servers' role reads the clients' key and the fault key
# too, the clients' SSH rule admits the server group and the servers' fault SSH rule admits the server group instead
# of the clients' must be caught for each.
plan_client_key_leak() {
  local leak
  leak="$(offline_copy "${WORK}/plan-keyleak")"
  write_offline_tfvars "${leak}"
  sed -i 's/^    server = concat(local.public_parameters, local.store_parameters\[var.store\])$/    server = concat(local.public_parameters, ["CLIENT_SSH_PRIVATE_KEY", "FAULT_SSH_PRIVATE_KEY"], local.store_parameters[var.store])/' \
    "${leak}/secrets.tf"
  sed -i -z 's/\(ssh_between_clients" {[^}]*referenced_security_group_id = aws_security_group\.\)client/\1server/' \
    "${leak}/modules/network/security_groups.tf"
  sed -i -z 's/\(ssh_fault_from_clients" {[^}]*referenced_security_group_id = aws_security_group\.\)client/\1server/' \
    "${leak}/modules/network/security_groups.tf"
  if plan_case "${leak}" keyleak 3 2 -var store=redisjson 2>/dev/null; then
    log "plan_check.py did not see the servers read the clients' or the fault SSH key, nor SSH from the servers' group"
    return 1
  fi
  if ! grep -q "server): reads the clients' SSH key: True" "${WORK}/plan-keyleak.check" \
    || ! grep -q "server): reads the fault SSH key: True" "${WORK}/plan-keyleak.check" \
    || [[ "$(grep -c 'SSH from a security group must be the clients' "${WORK}/plan-keyleak.check")" -lt 2 ]] \
    || ! grep -q "ssh_fault_from_clients: must admit the clients' group into the servers'" \
      "${WORK}/plan-keyleak.check"; then
    log "the SSH key leaks were not all caught: $(cat "${WORK}/plan-keyleak.check")"
    return 1
  fi
}

# The leak plan (a copy that writes the Redis password into every role.env) must fail, for that reason.
plan_password_leak() {
  local leak
  leak="$(offline_copy "${WORK}/plan-leak")"
  write_offline_tfvars "${leak}"
  sed -i 's/^    DURABILITY      = var.durability$/&\n    LEAK            = local.parameter_values.REDIS_PASSWORD/' \
    "${leak}/cloud_init.tf"
  grep -q 'LEAK  ' "${leak}/cloud_init.tf" || { log "could not plant the leak in cloud_init.tf"; return 1; }
  if plan_case "${leak}" leak 3 1 -var store=redisjson 2>/dev/null; then
    log "plan_check.py did not find a password planted in the user data"
    return 1
  fi
  grep -q 'user data holds a secret' "${WORK}/plan-leak.check" || { log "the leak was caught for another reason"; return 1; }
}

# Without the repository archive only a destroy may go on (modules/bundle): a plan to upload it must fail.
plan_without_archive() {
  local dir="$1"
  if tf -chdir="${dir}" plan -input=false -no-color -lock=false -var-file=offline.tfvars -var store=redisjson \
    -var repo_archive_path=tests/offline/gone.tar.gz >"${WORK}/plan-gone.log" 2>&1; then
    log "a plan without the repository archive was accepted"
    return 1
  fi
  grep -q 'Only terraform destroy works without it' "${WORK}/plan-gone.log" \
    || { log "a plan without the archive failed for another reason: $(grep -m1 -A3 Error "${WORK}/plan-gone.log")"; return 1; }
}

# Every plan runs at once (each in its own output files; -lock=false and no state): one by one they took 85 s, most
# of it each provider process starting.
test_plan() {
  local rc=0
  require_mirror || rc=$?
  ((rc != 3)) || return 0
  ((rc == 0)) || return 1
  local dir store longest=a23456789012345678901x n=0 pid failed=0
  local -a pids=()
  dir="$(offline_copy "${WORK}/plan")"
  write_offline_tfvars "${dir}"
  for store in redisjson mongodb elasticsearch; do
    plan_case "${dir}" "${store}-default" 3 1 -var "store=${store}" &
    pids+=("$!")
    n=$((n + 1))
    [[ " ${TF_PLAN_BOUNDARY_STORES:-redisjson mongodb elasticsearch} " == *" ${store} "* ]] || continue
    # Largest counts with the longest name: every name and count at its maximum.
    plan_case "${dir}" "${store}-largest" 9 4 -var "store=${store}" -var "name_prefix=${longest}" &
    pids+=("$!")
    # Smallest counts (a single Redis server holds no replica).
    plan_case "${dir}" "${store}-smallest" 1 1 -var "store=${store}" \
      -var 'redis_cluster={shards=3,replicas_per_shard=0}' &
    pids+=("$!")
    n=$((n + 2))
  done
  # The replacement check's plans: two clients, and another bundle, beside the default (redisjson-default).
  cp "${dir}/tests/offline/repo.tar.gz" "${dir}/tests/offline/repo2.tar.gz"
  echo 'another commit' | gzip >>"${dir}/tests/offline/repo2.tar.gz"
  plan_case "${dir}" redisjson-2clients 3 2 -var store=redisjson &
  pids+=("$!")
  plan_case "${dir}" redisjson-bundle2 3 1 -var store=redisjson -var repo_archive_path=tests/offline/repo2.tar.gz &
  pids+=("$!")
  plan_replacing_copy &
  pids+=("$!")
  plan_password_leak &
  pids+=("$!")
  plan_client_key_leak &
  pids+=("$!")
  plan_without_archive "${dir}" &
  pids+=("$!")
  BG_PIDS+=("${pids[@]}")
  for pid in "${pids[@]}"; do
    wait "${pid}" || failed=1
  done
  ((failed == 0)) || return 1
  local other
  for other in 2clients bundle2; do
    python3 "${REPO_ROOT}/terraform/tests/same_servers.py" "${WORK}/plan-redisjson-default.json" \
      "${WORK}/plan-redisjson-${other}.json" >"${WORK}/same-${other}.txt" \
      || { log "servers differ from 1 client to ${other}: $(cat "${WORK}/same-${other}.txt")"; return 1; }
  done
  log "plan: ${n} real-provider plans checked (3 stores x default; largest and smallest of ${TF_PLAN_BOUNDARY_STORES:-every store}), with the hosts file of each; planted leaks were caught; from 1 to 2 clients and with another bundle the servers' instances are the same ($(cat "${WORK}/same-2clients.txt"))"
}

# The replacement check must be able to fail: a copy that puts the clients' addresses back into every machine's
# user data (as before) must give the servers other instances with 2 clients than with 1.
plan_replacing_copy() {
  local copy
  copy="$(offline_copy "${WORK}/plan-replacing")"
  write_offline_tfvars "${copy}"
  sed -i 's/^    SERVER_IPS      = join(",", local.server_private_ips)$/&\n    CLIENT_IPS = join(",", local.client_private_ips)/' \
    "${copy}/cloud_init.tf"
  grep -q 'CLIENT_IPS = join' "${copy}/cloud_init.tf" || { log "the replacing copy was not made"; return 1; }
  plan_case "${copy}" replacing-1 3 1 -var store=redisjson >/dev/null 2>&1 || return 1
  plan_case "${copy}" replacing-2 3 2 -var store=redisjson >/dev/null 2>&1 || return 1
  if python3 "${REPO_ROOT}/terraform/tests/same_servers.py" "${WORK}/plan-replacing-1.json" \
    "${WORK}/plan-replacing-2.json" >/dev/null; then
    log "same_servers.py did not see the servers' user data change with the clients' addresses in it"
    return 1
  fi
}

test_offline() {
  local rc=0 good bad
  require_mirror || rc=$?
  ((rc != 3)) || return 0
  ((rc == 0)) || return 1
  good="$(offline_copy "${WORK}/offline-good")"
  tf -chdir="${good}" validate -no-color
  tf -chdir="${good}" test -no-color | grep -E '^\s+run |passed|failed' >&2
  bad="$(offline_copy "${WORK}/offline-bad")"
  sed -i 's/http_tokens                 = "required"/http_token                  = "required"/' \
    "${bad}/modules/machines/main.tf"
  if tf -chdir="${bad}" validate -no-color >/dev/null 2>&1; then
    log "terraform validate accepted an unknown attribute (http_token)"
    return 1
  fi
  sed -i 's/http_token                  = "required"/http_tokens                 = "required"/; ' \
    "${bad}/modules/machines/main.tf"
  sed -i 's/redis_base_port            = 7000/redis_base_port            = 7100/' "${bad}/main.tf"
  # Only the first run (the Redis layout) matters for the broken copy: drop the others to save time.
  sed -i '/^run "mongodb_sharded"/,$d' "${bad}/tests/cluster.tftest.hcl"
  if tf -chdir="${bad}" test -no-color >/dev/null 2>&1; then
    log "terraform test passed on a copy with the wrong Redis ports"
    return 1
  fi
}

test_hosts() {
  local fx="${REPO_ROOT}/terraform/tests/fixtures/outputs" store out
  for store in redisjson mongodb elasticsearch; do
    out="${WORK}/hosts-${store}.json"
    "${REPO_ROOT}/scripts/hosts-from-terraform.sh" --json "${fx}/${store}.json" --out "${out}" 2>/dev/null
    [[ "$(stat -c %a "${out}")" == 600 ]] || { log "${out} is not mode 0600"; return 1; }
    jq -e --slurpfile want "${fx}/${store}.hosts.json" '. == $want[0]' "${out}" >/dev/null \
      || { log "${store}: hosts file differs from ${store}.hosts.json"; diff <(jq -S . "${out}") \
        <(jq -S . "${fx}/${store}.hosts.json") >&2; return 1; }
  done
  if echo '{"store": {"value": "mongodb"}}' \
    | "${REPO_ROOT}/scripts/hosts-from-terraform.sh" --json - --out "${WORK}/none.json" 2>/dev/null; then
    log "outputs without store_connection were accepted"
    return 1
  fi
  [[ ! -e "${WORK}/none.json" ]] || { log "a hosts file was written from incomplete outputs"; return 1; }
  # Four clients: the sweep runs on client 0 and drives clients 1-3.
  local ips='["10.42.1.40", "10.42.1.41", "10.42.1.42", "10.42.1.43"]'
  jq --argjson ips "${ips}" '. + {client_private_ips: {value: $ips}, client_ssh: {value: {user: "ubuntu",
    port: 22, repo: "/home/ubuntu/ycsb-docsearch", identity_file: "/home/ubuntu/.ssh/ycsb_clients"}}}' \
    "${fx}/redisjson.json" >"${WORK}/outputs-4.json"
  "${REPO_ROOT}/scripts/hosts-from-terraform.sh" --json "${WORK}/outputs-4.json" --out "${WORK}/hosts-4.json" 2>/dev/null
  jq -e '.clients | map("\(.user)@\(.host):\(.port) \(.identity_file) \(.repo)")
    == (["10.42.1.41", "10.42.1.42", "10.42.1.43"]
        | map("ubuntu@\(.):22 /home/ubuntu/.ssh/ycsb_clients /home/ubuntu/ycsb-docsearch"))' \
    "${WORK}/hosts-4.json" >/dev/null || { log "4 clients: the clients list is wrong: $(jq -c .clients "${WORK}/hosts-4.json")"; return 1; }
  jq 'del(.clients)' "${WORK}/hosts-4.json" | jq -e --slurpfile want "${fx}/redisjson.hosts.json" '. == $want[0]' \
    >/dev/null || { log "four clients changed more of the hosts file than its clients list"; return 1; }
  # Several clients without the key file (outputs of an older configuration): refused, nothing written.
  if jq '. + {client_private_ips: {value: ["10.42.1.40", "10.42.1.41"]}}' "${fx}/redisjson.json" \
    | "${REPO_ROOT}/scripts/hosts-from-terraform.sh" --json - --out "${WORK}/no-key.json" 2>/dev/null; then
    log "two clients without client_ssh were accepted"
    return 1
  fi
  [[ ! -e "${WORK}/no-key.json" ]] || { log "a hosts file was written without the clients' key file"; return 1; }
  # The fault entry comes from the fault_ssh output (the golden files above, outputs of an older configuration, have
  # none and get none): every server in node order, the fault key's file; nothing else of the hosts file changes.
  jq '. + {fault_ssh: {value: {user: "ubuntu", port: 22, identity_file: "/home/ubuntu/.ssh/ycsb_fault",
    servers: ["10.42.1.10", "10.42.1.11", "10.42.1.12"]}}}' "${fx}/elasticsearch.json" >"${WORK}/outputs-fault.json"
  "${REPO_ROOT}/scripts/hosts-from-terraform.sh" --json "${WORK}/outputs-fault.json" --out "${WORK}/hosts-fault.json" \
    2>/dev/null
  jq -e '.fault == {servers: ["10.42.1.10", "10.42.1.11", "10.42.1.12"], port: 22, user: "ubuntu",
    identity_file: "/home/ubuntu/.ssh/ycsb_fault"} and (.fault | keys_unsorted) == ["servers", "port", "user",
    "identity_file"]' "${WORK}/hosts-fault.json" >/dev/null \
    || { log "the fault entry is wrong: $(jq -c .fault "${WORK}/hosts-fault.json")"; return 1; }
  jq 'del(.fault)' "${WORK}/hosts-fault.json" | jq -e --slurpfile want "${fx}/elasticsearch.hosts.json" \
    '. == $want[0]' >/dev/null || { log "the fault_ssh output changed more of the hosts file than its fault entry"; return 1; }
}

# ssh as the sweep does (scripts/lib/remote-client.sh) with KEY to 127.0.0.1:SSHD_PORT; prints what the remote
# echo printed.
ssh_as_sweep() {
  ssh -o BatchMode=yes -o StrictHostKeyChecking=accept-new -o UserKnownHostsFile="${WORK}/known_hosts" \
    -o ConnectTimeout=10 -i "$1" -p "${SSHD_PORT}" "$(id -un)@127.0.0.1" echo reached 2>/dev/null
}

test_clientkey() {
  local home="${WORK}/client-home" key="${WORK}/client-home/.ssh/ycsb_clients" auth public
  mkdir -p "${home}/.ssh"
  echo 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOperatorKeyStandIn operator@laptop' >"${home}/.ssh/authorized_keys"
  ssh-keygen -q -t ed25519 -N '' -C '' -f "${WORK}/clients-key"
  auth="${home}/.ssh/authorized_keys"
  install_key() {
    CLIENT_SSH_PRIVATE_KEY="$(cat "${WORK}/clients-key")" bash -c 'source "$1"; install_client_ssh_key "$2" "$3" "$4"' \
      _ "${REPO_ROOT}/scripts/provision/common.sh" "$(id -un)" "${key}" "$1" 2>/dev/null
  }
  install_key "127.0.0.1,10.42.1.41"
  install_key "127.0.0.1,10.42.1.41" # a re-run
  [[ "$(stat -c %a "${key}")" == 600 ]] || { log "the clients' key is not mode 0600"; return 1; }
  cmp -s "${key}" "${WORK}/clients-key" || { log "the installed key differs from the parameter's"; return 1; }
  public="$(cut -d' ' -f1,2 "${WORK}/clients-key.pub")"
  grep -q 'operator@laptop$' "${auth}" || { log "the operator's authorized_keys line is gone"; return 1; }
  local want="from=\"127.0.0.1,10.42.1.41\",restrict ${public} ycsb-docsearch-clients"
  if [[ "$(grep -c 'ycsb-docsearch-clients$' "${auth}")" != 1 ]] || ! grep -qxF "${want}" "${auth}"; then
    log "authorized_keys lacks one clients' line limited to their addresses: $(cat "${auth}")"
    return 1
  fi
  if CLIENT_SSH_PRIVATE_KEY="" bash -c 'source "$1"; install_client_ssh_key root /nonexistent/k 10.0.0.1' _ \
    "${REPO_ROOT}/scripts/provision/common.sh" 2>/dev/null; then
    log "install_client_ssh_key went on without the key"
    return 1
  fi
  local rc=0
  serve_sshd "${auth}" || rc=$?
  if ((rc == 3)); then
    log "no runnable sshd here: the key and authorized_keys were checked, the SSH login was not"
    return 0
  fi
  ((rc == 0)) || return 1
  [[ "$(ssh_as_sweep "${key}")" == reached ]] || { log "ssh with the clients' key was refused: $(cat "${WORK}/sshd/log")"; return 1; }
  install_key "10.42.1.40,10.42.1.41"
  if ssh_as_sweep "${key}" >/dev/null; then
    log "the clients' key was admitted from an address not among the clients'"
    return 1
  fi
}

# A run folder as ./run-sweep.sh and its report leave it, at DIR with SERVERS server folders as a fetch adds them: the
# golden run "normal" of results-format's tests (a real BasicDB sweep: manifest, six steps with their HDR logs, migrated) and
# a run-level summary.json as the report writes it, its rows left out (the check reads the file, not its figures).
fake_run() {
  local dir="$1" servers="$2" i
  mkdir -p "${dir%/*}"
  cp -r "${GOLDEN_RUN}" "${dir}"
  "${REPO_ROOT}/bin/docsearch" migrate "${dir}" >/dev/null
  jq '{format: 2, run_id: .run_id, rows: [], stores: {basicdb: {capacity: null, verification: null}}}' \
    "${dir}/manifest.json" >"${dir}/summary.json"
  for ((i = 0; i < servers; i++)); do
    mkdir -p "${dir}/servers/10.42.1.1${i}"
    echo '{"store": "redisjson", "version": "7.4.1", "layout": "3 masters"}' >"${dir}/servers/10.42.1.1${i}/store.json"
    echo '{"kind": "machine-fingerprint"}' >"${dir}/servers/10.42.1.1${i}/machine-fingerprint.json"
    echo 'log' | gzip >"${dir}/servers/10.42.1.1${i}/logs.tar.gz"
  done
}

# The same with step 03 driven by two clients (clients.json, each client's logs in clients/<i>/hdr), sealed as client 0
# seals it.
fake_two_client_run() {
  local dir="$1" i step="$1/basicdb/steps/03-t4-r1788"
  fake_run "${dir}" 3
  for i in 0 1; do
    mkdir -p "${step}/clients/${i}"
    cp -r "${step}/hdr" "${step}/clients/${i}/"
  done
  rm -r "${step}/hdr"
  jq -n '{start_at_epoch_ms: 1795453915000, start_spread_ms: 2, started_apart: false, clients: [range(2) | {index: .,
    host: (if . == 0 then "local" else "10.42.1.41" end), threads: 2, target_ops: 894, arrivals_seed: (. + 7),
    start_offset_ms: 0, clock_offset_ms: 0, exit_code: 0, operations: 2682, client_cpu_cores: 0.05,
    client_jit_cpu_cores: 0.01, client_cpus: 1}]}' >"${step}/clients.json"
  mkdir -p "${dir}/remote-clients/10.42.1.41"
  (cd "${dir}" && find . -type f ! -path './servers/*' ! -path './remote-clients/*' -print0 | LC_ALL=C sort -z \
    | xargs -0 sha256sum >"${WORK}/sums" && mv "${WORK}/sums" SHA256SUMS)
}

# Runs aws-results.sh with ARGS and requires exit status WANT and, for 2, exactly one stderr line naming the problem.
results_expect() {
  local want="$1" rc=0 err="${WORK}/results.err"
  shift
  "${REPO_ROOT}/scripts/aws-results.sh" "$@" >/dev/null 2>"${err}" || rc=$?
  ((rc == want)) || { log "aws-results.sh $*: exit ${rc}, expected ${want}: $(tail -3 "${err}")"; return 1; }
  if ((want == 2)) && [[ "$(wc -l <"${err}")" != 1 || "$(cat "${err}")" != "aws-results.sh: error: "* ]]; then
    log "aws-results.sh $*: not one error line: $(cat "${err}")"
    return 1
  fi
}

# Runs aws-results.sh check ARGS... and requires exit status 1 and a problem line holding LINE.
check_says() {
  local line="$1" rc=0 err="${WORK}/check.err"
  shift
  "${REPO_ROOT}/scripts/aws-results.sh" check "$@" >/dev/null 2>"${err}" || rc=$?
  if ((rc != 1)) || ! grep -qF -- "aws-results.sh: check: ${line}" "${err}"; then
    log "aws-results.sh check $*: exit ${rc}, expected 1 and the line '${line}': $(cat "${err}")"
    return 1
  fi
}

test_results() {
  local out="${WORK}/outputs.json" r="${WORK}/runs"
  # Saved outputs with the addresses terraform gives after an apply (documentation addresses, never reached).
  jq '. + {client_public_ips: {value: ["198.51.100.9"]}, server_public_ips: {value: ["198.51.100.1",
    "198.51.100.2", "198.51.100.3"]}, ssh_user: {value: "ubuntu"}}' \
    "${REPO_ROOT}/terraform/tests/fixtures/outputs/redisjson.json" >"${out}"
  results_expect 2
  results_expect 2 pull
  results_expect 2 fetch --outputs "${WORK}/no-such-file.json"
  results_expect 2 fetch --outputs
  results_expect 2 fetch --outputs "${out}" --colour
  results_expect 2 fetch --outputs "${REPO_ROOT}/terraform/tests/fixtures/outputs/redisjson.json" # no client IPs
  results_expect 2 fetch --identity "${WORK}/no-such-key" --outputs "${out}"
  results_expect 2 check
  results_expect 2 check --servers three "${r}"
  results_expect 0 --help
  "${REPO_ROOT}/scripts/aws-results.sh" fetch --outputs "${out}" --dry-run 2>"${WORK}/dry.txt"
  if ! grep -q 'ubuntu@198.51.100.9' "${WORK}/dry.txt" \
    || ! grep -q 'ubuntu@198.51.100.3.*servers/10.42.1.12/' "${WORK}/dry.txt"; then
    log "fetch --dry-run does not name the client and every server: $(cat "${WORK}/dry.txt")"
    return 1
  fi
  # Four clients: the results come from client 0, each other client's state files from it (by private address).
  jq '. + {client_public_ips: {value: ["198.51.100.9", "198.51.100.10", "198.51.100.11", "198.51.100.12"]},
    client_private_ips: {value: ["10.42.1.40", "10.42.1.41", "10.42.1.42", "10.42.1.43"]}}' "${out}" \
    >"${WORK}/outputs-4.json"
  "${REPO_ROOT}/scripts/aws-results.sh" fetch --outputs "${WORK}/outputs-4.json" --dry-run 2>"${WORK}/dry-4.txt"
  if ! grep -q 'client ubuntu@198.51.100.9: ycsb-docsearch/results' "${WORK}/dry-4.txt" \
    || [[ "$(grep -c 'remote-clients/10.42.1.4[1-3]/' "${WORK}/dry-4.txt")" != 3 ]] \
    || grep -q 'ubuntu@198.51.100.12:.*results' "${WORK}/dry-4.txt"; then
    log "fetch --dry-run with 4 clients does not take the runs from client 0 and the others' files: $(cat "${WORK}/dry-4.txt")"
    return 1
  fi
  fake_run "${r}/good" 3
  results_expect 0 check --servers 3 "${r}/good"
  fake_run "${r}/no-hdr" 0
  rm "${r}/no-hdr/basicdb/steps/02-t2/hdr/"*.hdr
  fake_run "${r}/bad-summary" 0
  echo '{"rows": [' >"${r}/bad-summary/summary.json"
  fake_run "${r}/no-manifest" 0
  rm "${r}/no-manifest/manifest.json"
  fake_run "${r}/two-servers" 2
  check_says "${r}/no-hdr/basicdb/steps/02-t2: no HDR log (hdr/*.hdr)" "${r}/no-hdr"
  check_says "${r}/bad-summary/summary.json: malformed JSON: " "${r}/bad-summary"
  check_says "${r}/no-manifest/manifest.json: missing" "${r}/no-manifest"
  check_says "${r}/two-servers/servers: 2 store.json, expected 3" --servers 3 "${r}/two-servers"
  check_says "${r}/no-hdr/basicdb/steps/02-t2: no HDR log" "${r}/good" "${r}/no-hdr" # one bad run fails the lot
  fake_run "${r}/no-logs" 3
  rm "${r}/no-logs/servers/10.42.1.11/logs.tar.gz"
  check_says "${r}/no-logs/servers: 2 logs.tar.gz, expected 3" --servers 3 "${r}/no-logs"
  test_results_layouts "${r}"
}

# scripts/aws.sh without AWS: bad arguments are one line and exit 2 before anything runs; reap with a stand-in aws
# lists only the instances past their expires-on date and terminates exactly those with --yes.
test_awssh() {
  local bin="${WORK}/aws-bin" rc args
  for args in "" "deploy" "run" "sweep" "down --yes" "fetch --keep" "verify extra" "up --ready-timeout soon" \
    "reap --outputs ${WORK}/none.json" "extend" "extend soon" "extend 1 2" "down --region eu-west-1" \
    "reap --region europe" "sweep w --sweep-timeout 1h"; do
    rc=0
    # shellcheck disable=SC2086  # the words of each case, split on purpose
    "${REPO_ROOT}/scripts/aws.sh" ${args} >/dev/null 2>"${WORK}/awssh.err" || rc=$?
    if ((rc != 2)) || [[ "$(wc -l <"${WORK}/awssh.err")" != 1 ]]; then
      log "aws.sh ${args}: exit ${rc}, not one line and 2: $(cat "${WORK}/awssh.err")"
      return 1
    fi
  done
  mkdir -p "${bin}"
  # shellcheck disable=SC2016  # the stand-in's own script, expanded when it runs
  printf '%s\n' '#!/usr/bin/env bash' 'echo "$*" >>"${AWS_CALLS}"' 'case "$2" in' \
    '  describe-instances) cat "${AWS_ANSWER}" ;;' '  terminate-instances) ;;' '  *) exit 1 ;;' 'esac' >"${bin}/aws"
  chmod +x "${bin}/aws"
  jq -n '{Reservations: [{Instances: [
    {InstanceId: "i-old", Tags: [{Key: "Name", Value: "a-redisjson-server-0"}, {Key: "expires-on", Value: "2020-01-01"}]},
    {InstanceId: "i-new", Tags: [{Key: "Name", Value: "b-mongodb-client-0"}, {Key: "expires-on", Value: "2999-01-01"}]},
    {InstanceId: "i-late", Tags: [{Key: "Name", Value: "c-redisjson-client-0"}, {Key: "expires-on", Value: "2999-01-01"},
      {Key: "expires-at", Value: "2020-01-01T10:00:00Z"}]}
  ]}]}' >"${WORK}/aws-answer.json"
  AWS_ANSWER="${WORK}/aws-answer.json" AWS_CALLS="${WORK}/aws-calls" AWS_CLI="${bin}/aws" \
    "${REPO_ROOT}/scripts/aws.sh" reap --region eu-west-1 >"${WORK}/reap.out" 2>/dev/null
  [[ "$(cat "${WORK}/reap.out")" == "i-old a-redisjson-server-0 expires-on=2020-01-01
i-late c-redisjson-client-0 expires-on=2999-01-01 expires-at=2020-01-01T10:00:00Z" ]] \
    || { log "reap listed: $(cat "${WORK}/reap.out")"; return 1; }
  if grep -q terminate "${WORK}/aws-calls"; then
    log "reap terminated without --yes"
    return 1
  fi
  AWS_ANSWER="${WORK}/aws-answer.json" AWS_CALLS="${WORK}/aws-calls" AWS_CLI="${bin}/aws" \
    "${REPO_ROOT}/scripts/aws.sh" reap --yes --region eu-west-1 >/dev/null 2>&1
  grep -qx 'ec2 terminate-instances --region eu-west-1 --instance-ids i-old i-late' "${WORK}/aws-calls" \
    || { log "reap --yes did not terminate exactly i-old and i-late: $(cat "${WORK}/aws-calls")"; return 1; }
  # The configured region: no state (terraform output fails), terraform.tfvars names it; or every --region named.
  mkdir -p "${WORK}/reap-tf"
  printf 'store = "redisjson"\nregion      = "ap-south-1" # the cluster\n' >"${WORK}/reap-tf/terraform.tfvars"
  : >"${WORK}/aws-calls"
  AWS_ANSWER="${WORK}/aws-answer.json" AWS_CALLS="${WORK}/aws-calls" AWS_CLI="${bin}/aws" TERRAFORM=false \
    "${REPO_ROOT}/scripts/aws.sh" reap --tf-dir "${WORK}/reap-tf" >/dev/null 2>&1
  AWS_ANSWER="${WORK}/aws-answer.json" AWS_CALLS="${WORK}/aws-calls" AWS_CLI="${bin}/aws" TERRAFORM=false \
    "${REPO_ROOT}/scripts/aws.sh" reap --region us-west-2 --region eu-central-1 >/dev/null 2>&1
  [[ "$(grep -o -- '--region [a-z0-9-]*' "${WORK}/aws-calls" | tr '\n' ' ')" == \
    "--region ap-south-1 --region us-west-2 --region eu-central-1 " ]] \
    || { log "reap looked in the wrong regions: $(cat "${WORK}/aws-calls")"; return 1; }
}

# check and verify on several clients' layouts, checksums and the markers of a copy (RUNS: a scratch folder).
test_results_layouts() {
  local r="$1" m
  fake_two_client_run "${r}/two"
  results_expect 0 check --servers 3 --clients 2 "${r}/two"
  results_expect 1 check --servers 3 --clients 3 "${r}/two" # a client's state files missing
  results_expect 2 verify --clients two "${r}/two"
  [[ ! -e "${r}/two/.verified" ]] || { log "check wrote .verified"; return 1; }
  results_expect 0 verify --servers 3 --clients 2 "${r}/two"
  jq -e '.digest | length == 64' "${r}/two/.verified" >/dev/null || { log "verify wrote no digest"; return 1; }
  # One client's logs missing: the step fails, by name, and verify takes .verified away.
  cp -r "${r}/two" "${r}/two-lost"
  rm -r "${r}/two-lost/basicdb/steps/03-t4-r1788/clients/1/hdr"
  "${REPO_ROOT}/scripts/aws-results.sh" verify "${r}/two-lost" 2>"${WORK}/lost.txt" && return 1
  grep -q '03-t4-r1788: client 1 has no HDR log' "${WORK}/lost.txt" \
    || { log "verify does not name the client without logs: $(cat "${WORK}/lost.txt")"; return 1; }
  [[ ! -e "${r}/two-lost/.verified" ]] || { log "a run that failed verify kept .verified"; return 1; }
  # A changed byte fails the checksums; a copy cut off (marker) never passes, even when its files are whole.
  cp -r "${r}/two" "${r}/two-changed"
  echo ' ' >>"${r}/two-changed/summary.json"
  results_expect 1 verify "${r}/two-changed"
  cp -r "${r}/two" "${r}/two-cut"
  m="$(sha256sum "${r}/two-cut/SHA256SUMS" | cut -d' ' -f1)"
  printf '{"digest": "%s", "source": "x"}\n' "${m}" >"${r}/two-cut/.fetch-incomplete"
  results_expect 1 check "${r}/two-cut"
  printf '{"digest": "%s", "source": "x"}\n' "$(printf '0%.0s' {1..64})" >"${r}/two-cut/.fetch-incomplete"
  results_expect 1 verify "${r}/two-cut" # another seal than the one copied
  [[ -e "${r}/two-cut/.fetch-incomplete" ]] || { log "verify removed the marker of a failed copy"; return 1; }
  printf '{"digest": "%s", "source": "x"}\n' "${m}" >"${r}/two-cut/.fetch-incomplete"
  results_expect 0 verify "${r}/two-cut" # the copy resumed to its end: verify completes it
  [[ ! -e "${r}/two-cut/.fetch-incomplete" && -f "${r}/two-cut/.verified" ]] \
    || { log "verify did not complete a whole copy"; return 1; }
  rm "${r}/good/SHA256SUMS" 2>/dev/null || true
  results_expect 1 verify "${r}/good" # no checksums: cannot be verified
}

# Serves DIR over HTTP on a free local port and sets HTTP_PORT. Not called in $(...): the server's PID must reach
# this shell's BG_PIDS so that kill_background stops it.
serve_dir() {
  local dir="$1"
  HTTP_PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  python3 -m http.server --bind 127.0.0.1 --directory "${dir}" "${HTTP_PORT}" >/dev/null 2>&1 &
  BG_PIDS+=($!)
  local tries=0
  until curl -fsS "http://127.0.0.1:${HTTP_PORT}/" >/dev/null 2>&1; do
    ((++tries < 50)) || { log "http server did not start"; return 1; }
    sleep 0.1
  done
}

# A stand-in for the SSM API's GetParameters (JSON 1.1 protocol, as boto3 speaks it) on a free local port: serves the
# parameters of the JSON file $1 ({"name": "value"}), logs each request's names to $1.requests. Sets SSM_PORT.
serve_ssm() {
  local params="$1"
  SSM_PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  python3 - "${params}" "${SSM_PORT}" >/dev/null 2>&1 <<'PY' &
import http.server, json, sys
params = json.load(open(sys.argv[1]))
class SSM(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        ok = self.headers.get("X-Amz-Target") == "AmazonSSM.GetParameters" and body.get("WithDecryption") is True \
            and "AWS4-HMAC-SHA256" in self.headers.get("Authorization", "")
        with open(sys.argv[1] + ".requests", "a") as log:
            log.write(json.dumps(body["Names"]) + "\n")
        answer = {"Parameters": [{"Name": n, "Type": "SecureString", "Value": params[n]} for n in body["Names"]
                                 if n in params],
                  "InvalidParameters": [n for n in body["Names"] if n not in params]}
        data = json.dumps(answer if ok else {"__type": "AccessDeniedException"}).encode()
        self.send_response(200 if ok else 400)
        self.send_header("Content-Type", "application/x-amz-json-1.1")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
http.server.HTTPServer(("127.0.0.1", int(sys.argv[2])), SSM).serve_forever()
PY
  BG_PIDS+=($!)
  local tries=0
  until (exec 3<>"/dev/tcp/127.0.0.1/${SSM_PORT}") 2>/dev/null; do
    ((++tries < 50)) || { log "the SSM stand-in did not start"; return 1; }
    sleep 0.1
  done
}

# Runs bootstrap.sh like run_bootstrap, but with SSM_PARAMETERS (and no BUNDLE_URL) in role.env, against the SSM
# stand-in on SSM_PORT, with the policy venv's boto3 first on PATH. Arguments: NAME ROLE SHA SSM_PARAMETERS.
# The bundle's checksum comes as a parameter too, as on AWS (role.env has none). Arguments: NAME ROLE WANTED, then
# env assignments (default: credentials in the environment).
run_bootstrap_ssm() {
  local role="$2" wanted="$3" dir="${WORK}/boot-$1" venv_bin_dir
  shift 3
  local -a creds=("$@")
  ((${#creds[@]})) || creds=(AWS_ACCESS_KEY_ID=AKIATESTTEST AWS_SECRET_ACCESS_KEY=test-secret)
  venv_bin_dir="$(dirname "$(venv_python)")"
  mkdir -p "${dir}"
  printf "ROLE='%s'\nREPO_DIR='%s'\nAWS_REGION='us-east-1'\nSSM_PARAMETERS='%s'\n" "${role}" \
    "${dir}/repo" "${wanted}" >"${dir}/role.env"
  env PATH="${venv_bin_dir}:${PATH}" AWS_ENDPOINT_URL_SSM="http://127.0.0.1:${SSM_PORT}" "${creds[@]}" \
    AWS_EC2_METADATA_DISABLED=true YCSB_STATE_DIR="${dir}/state" \
    BOOTSTRAP_LOG="${dir}/log" "${REPO_ROOT}/scripts/provision/bootstrap.sh" "${dir}/role.env" >/dev/null 2>&1
}

# Runs bootstrap.sh with a role.env for BUNDLE and SHA. Arguments: NAME ROLE URL SHA. Returns its exit status.
run_bootstrap() {
  local role="$2" url="$3" sha="$4" dir="${WORK}/boot-$1"
  mkdir -p "${dir}"
  printf "ROLE='%s'\nREPO_DIR='%s'\nBUNDLE_URL='%s'\nBUNDLE_SHA256='%s'\n" "${role}" "${dir}/repo" "${url}" "${sha}" \
    >"${dir}/role.env"
  YCSB_STATE_DIR="${dir}/state" BOOTSTRAP_LOG="${dir}/log" \
    "${REPO_ROOT}/scripts/provision/bootstrap.sh" "${dir}/role.env" >/dev/null 2>&1
}

test_bootstrap() {
  local src="${WORK}/bundle-src/ycsb-docsearch" www="${WORK}/www" port sha
  mkdir -p "${src}/scripts/provision" "${www}"
  # shellcheck disable=SC2016  # the $1 and $0 belong to the generated script
  printf '#!/usr/bin/env bash\nset -euo pipefail\necho "ran with $1" >"$(dirname "$0")/../../ran"\n' \
    >"${src}/scripts/provision/testrole.sh"
  chmod +x "${src}/scripts/provision/testrole.sh"
  tar -czf "${www}/bundle.tar.gz" -C "${WORK}/bundle-src" ycsb-docsearch
  (cd "${REPO_ROOT}" && git archive --format=tar.gz --prefix=ycsb-docsearch/ -o "${www}/head.tar.gz" HEAD)
  serve_dir "${www}"
  port="${HTTP_PORT}"
  sha="$(sha256sum "${www}/bundle.tar.gz" | cut -d' ' -f1)"
  run_bootstrap good testrole "http://127.0.0.1:${port}/bundle.tar.gz" "${sha}"
  grep -q "ran with ${WORK}/boot-good/role.env" "${WORK}/boot-good/repo/ran" || { log "role script not run"; return 1; }
  [[ "$(cat "${WORK}/boot-good/repo/.source-commit")" == unknown ]]
  if run_bootstrap badsum testrole "http://127.0.0.1:${port}/bundle.tar.gz" "$(printf '%064d' 0)"; then
    log "bootstrap accepted a bundle with the wrong checksum"
    return 1
  fi
  grep -q '"state": "failed"' "${WORK}/boot-badsum/state/status.json"
  [[ ! -e "${WORK}/boot-badsum/repo" ]] || { log "a bundle with the wrong checksum was unpacked"; return 1; }
  sha="$(sha256sum "${www}/head.tar.gz" | cut -d' ' -f1)"
  if run_bootstrap head nosuchrole "http://127.0.0.1:${port}/head.tar.gz" "${sha}"; then
    log "bootstrap succeeded without a provisioning script for the role"
    return 1
  fi
  [[ "$(cat "${WORK}/boot-head/repo/.source-commit")" == "$(git -C "${REPO_ROOT}" rev-parse HEAD)" ]] \
    || { log ".source-commit does not name HEAD"; return 1; }
  grep -q 'no provisioning script' "${WORK}/boot-head/state/status.json"
  test_bootstrap_ssm "${port}"
}

# The bundle address and a secret from the SSM stand-in. Arguments: PORT of the bundle's HTTP server.
test_bootstrap_ssm() {
  local port="$1" secret sha dir="${WORK}/boot-ssm"
  secret="$(python3 -c 'import secrets; print(secrets.token_hex(20))')"
  sha="$(sha256sum "${WORK}/www/bundle.tar.gz" | cut -d' ' -f1)"
  printf '{"/ycsb-docsearch/t/bundle-url": "http://127.0.0.1:%s/bundle.tar.gz", "/ycsb-docsearch/t/bundle-sha256": "%s", "/ycsb-docsearch/t/redis-password": "%s"}' \
    "${port}" "${sha}" "${secret}" >"${WORK}/ssm.json"
  serve_ssm "${WORK}/ssm.json"
  local wanted="BUNDLE_URL=/ycsb-docsearch/t/bundle-url,BUNDLE_SHA256=/ycsb-docsearch/t/bundle-sha256"
  wanted+=",REDIS_PASSWORD=/ycsb-docsearch/t/redis-password"
  run_bootstrap_ssm ssm testrole "${wanted}" \
    || { log "bootstrap with SSM parameters failed: $(tail -3 "${dir}/log" 2>/dev/null)"; return 1; }
  grep -q "ran with ${dir}/role.env" "${dir}/repo/ran" || { log "role script not run after the SSM read"; return 1; }
  [[ "$(stat -c %a "${dir}/secrets.env")" == 600 ]] || { log "secrets.env is not mode 0600"; return 1; }
  grep -qx "REDIS_PASSWORD='${secret}'" "${dir}/secrets.env" || { log "secrets.env lacks the password"; return 1; }
  grep -qx "BUNDLE_URL='http://127.0.0.1:${port}/bundle.tar.gz'" "${dir}/secrets.env" \
    || { log "secrets.env lacks the bundle address"; return 1; }
  if grep -q "${secret}" "${dir}/log" "${dir}/state/status.json"; then
    log "the secret reached the provisioning log or status.json"
    return 1
  fi
  grep -q 'redis-password' "${WORK}/ssm.json.requests" || { log "the stand-in saw no request"; return 1; }
  # The instance profile's credentials arrive two seconds late (NoCredentialsError until then): waited for.
  local late="${WORK}/late-credentials"
  (sleep 2 && printf '[default]\naws_access_key_id = AKIATESTTEST\naws_secret_access_key = test-secret\n' \
    >"${late}") &
  BG_PIDS+=($!)
  run_bootstrap_ssm ssm-late testrole "${wanted}" AWS_SHARED_CREDENTIALS_FILE="${late}" \
    AWS_CONFIG_FILE=/dev/null BOOTSTRAP_SSM_RETRY_S=1 \
    || { log "bootstrap did not wait for late credentials: $(tail -3 "${WORK}/boot-ssm-late/log")"; return 1; }
  grep -q 'not readable yet (NoCredentialsError)' "${WORK}/boot-ssm-late/log" \
    || { log "the late credentials were not waited for: $(cat "${WORK}/boot-ssm-late/log")"; return 1; }
  if run_bootstrap_ssm ssm-missing testrole "BUNDLE_SHA256=/ycsb-docsearch/t/bundle-sha256,REDIS_PASSWORD=/ycsb-docsearch/t/no-such-parameter"; then
    log "bootstrap went on without a parameter it needs"
    return 1
  fi
  grep -q 'could not read the SSM parameters' "${WORK}/boot-ssm-missing/state/status.json"
  grep -q 'missing SSM parameters: /ycsb-docsearch/t/no-such-parameter' "${WORK}/boot-ssm-missing/log"
}

test_versions() {
  local bin="${WORK}/fake-apt"
  mkdir -p "${bin}"
  # A stand-in for apt-cache madison (only the version column matters), listing versions out of order.
  cat >"${bin}/apt-cache" <<'EOF'
#!/usr/bin/env bash
printf ' redis-server | %s | https://example.invalid/deb noble/main amd64 Packages\n' \
  '6:8.0.2-1rl1~noble1' '6:8.2.10-1rl1~noble1' '6:8.2.9-1rl1~noble1' '6:7.4.5-1rl1~noble1' '6:80.1-1' \
  '6:8.2.1-1rl1~noble1'
EOF
  chmod +x "${bin}/apt-cache"
  local got
  got="$(PATH="${bin}:${PATH}" bash -c 'source "$1"
    for p in 8 8.2 8.2.1 7 8.0; do newest_version redis-server "$p"; done
    newest_version redis-server 9 || echo none' _ "${REPO_ROOT}/scripts/provision/common.sh")"
  local want
  want="$(printf '%s\n' 6:8.2.10-1rl1~noble1 6:8.2.10-1rl1~noble1 6:8.2.1-1rl1~noble1 6:7.4.5-1rl1~noble1 \
    6:8.0.2-1rl1~noble1 none)"
  [[ "${got}" == "${want}" ]] || { log "newest_version gave: ${got//$'\n'/ }"; return 1; }
  # write_status: valid JSON whatever the detail text holds.
  YCSB_STATE_DIR="${WORK}/state" ROLE=mongodb bash -c 'source "$1"; write_status failed "said \"no\" \\ twice"' _ \
    "${REPO_ROOT}/scripts/provision/common.sh"
  jq -e '.role == "mongodb" and .state == "failed" and .detail == "said \"no\" \\ twice"' \
    "${WORK}/state/status.json" >/dev/null \
    || { log "status.json is wrong: $(cat "${WORK}/state/status.json")"; return 1; }
}

test_fingerprint() {
  local port out="${WORK}/machine-fingerprint.json"
  port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  iperf3 --server --bind 127.0.0.1 --port "${port}" >/dev/null 2>&1 &
  BG_PIDS+=($!)
  sleep 0.5
  FINGERPRINT_IMDS=off "${REPO_ROOT}/scripts/machine-fingerprint.sh" --size tiny --targets 127.0.0.1 \
    --iperf-port "${port}" --fio-dir "${WORK}/fio" --out "${out}"
  jq -e '.format == 1 and .kind == "machine-fingerprint" and .size == "tiny" and .cpu.online_cpus >= 1
    and .cpu.openssl_sha256_16k_blocks_kbytes_per_s > 0 and .cpu.sysbench_events_per_s_1_thread > 0
    and .disk.randread_4k_qd32.iops > 0 and .disk.write_fsync_4k.fsyncs > 0 and .os.memory_total_kib > 0
    and (.network | length) == 1 and .network[0].ping.loss_pct == 0 and .network[0].ping.rtt_avg_ms >= 0
    and .network[0].iperf3.received_gbit_per_s > 0 and .errors == []' "${out}" >/dev/null \
    || { log "machine fingerprint JSON misses figures:"; jq -c '{disk, network, errors}' "${out}" >&2; return 1; }
  [[ -z "$(ls -A "${WORK}/fio")" ]] || { log "fio test files were left behind"; return 1; }
  # Another client measuring for longer than the fingerprint's other parts take: the server is busy. Allowed one
  # try, the figure is lost (the case is real); by default this client waits its turn and still measures.
  iperf3 -c 127.0.0.1 -p "${port}" -t 14 >/dev/null 2>&1 &
  local other=$!
  sleep 0.5
  FINGERPRINT_IPERF_TRIES=1 FINGERPRINT_IMDS=off "${REPO_ROOT}/scripts/machine-fingerprint.sh" --size tiny \
    --targets 127.0.0.1 --iperf-port "${port}" --out "${out}"
  jq -e '.network[0].iperf3 == null and (.errors[0] | contains("busy"))' "${out}" >/dev/null \
    || { log "the competing client did not keep the server busy:"; jq -c '{network, errors}' "${out}" >&2; return 1; }
  wait "${other}" || { log "the competing iperf3 client failed"; return 1; }
  iperf3 -c 127.0.0.1 -p "${port}" -t 14 >/dev/null 2>&1 &
  other=$!
  sleep 0.5
  FINGERPRINT_IMDS=off "${REPO_ROOT}/scripts/machine-fingerprint.sh" --size tiny --targets 127.0.0.1 \
    --iperf-port "${port}" --out "${out}"
  wait "${other}" || { log "the competing iperf3 client failed"; return 1; }
  jq -e '.network[0].iperf3.received_gbit_per_s > 0 and .errors == []' "${out}" >/dev/null \
    || { log "a busy iperf3 server left no figure:"; jq -c '{network, errors}' "${out}" >&2; return 1; }
  # A target without an iperf3 server: throughput null and one error line, the rest still measured.
  kill "${BG_PIDS[-1]}"
  FINGERPRINT_IMDS=off "${REPO_ROOT}/scripts/machine-fingerprint.sh" --size tiny --targets 127.0.0.1 \
    --iperf-port "${port}" --out "${out}"
  jq -e '.network[0].iperf3 == null and .network[0].ping != null and .disk == null
    and (.errors | map(select(startswith("iperf3"))) | length) == 1' "${out}" >/dev/null \
    || { log "a closed iperf3 port was not reported"; jq -c '{network, errors}' "${out}" >&2; return 1; }
  if "${REPO_ROOT}/scripts/machine-fingerprint.sh" --size huge >/dev/null 2>&1; then
    log "--size huge was accepted"
    return 1
  fi
}

# Runs test_NAME in a subshell with errexit. Call it as a plain command between `set +e` and `set -e`, never in an
# `||`/`&&` list or an `if`: bash ignores errexit in everything such a list runs, subshells with their own `set -e`
# included, so a failing line inside the test would not fail it.
run_test() {
  local t="$1" rc t0=${SECONDS}
  log "--- ${t}"
  (set -e; trap kill_background EXIT; "test_${t}")
  rc=$?
  if ((rc == 0)); then log "ok ${t}  [$((SECONDS - t0)) s]"; else log "FAIL ${t}  [$((SECONDS - t0)) s]"; fi
  return "${rc}"
}

main() {
  if [[ "${1:-}" == -h || "${1:-}" == --help ]]; then
    usage
    return 0
  fi
  local -a tests=("$@")
  local t
  if ((${#tests[@]} == 0)); then
    for t in "${ALL_TESTS[@]}"; do
      [[ " ${TF_TESTS_EXCEPT:-} " == *" ${t} "* ]] || tests+=("${t}")
    done
  fi
  trap cleanup EXIT
  trap 'cleanup; exit 130' INT TERM
  ensure_tools
  WORK="$(mktemp -d)"
  # An empty CLI configuration: no warning about a missing ~/.terraformrc, no user settings leaking in.
  : >"${WORK}/terraformrc"
  export TF_CLI_CONFIG_FILE="${WORK}/terraformrc"
  export PYTHONDONTWRITEBYTECODE=1 # no __pycache__ in terraform/tests
  local i failed=()
  local -a beside=() beside_pids=()
  for t in "${tests[@]}"; do
    declare -F "test_${t}" >/dev/null || { log "unknown test '${t}' (known: ${ALL_TESTS[*]})"; return 2; }
  done
  local rc
  set +e
  for t in "${tests[@]}"; do
    if [[ " ${BESIDE_TESTS[*]} " == *" ${t} "* ]]; then
      run_test "${t}" >"${WORK}/beside-${t}.log" 2>&1 &
      beside+=("${t}")
      beside_pids+=("$!")
    fi
  done
  for t in "${tests[@]}"; do
    [[ " ${BESIDE_TESTS[*]} " == *" ${t} "* ]] && continue
    run_test "${t}"
    rc=$?
    ((rc == 0)) || failed+=("${t}")
  done
  set -e
  for i in "${!beside[@]}"; do
    wait "${beside_pids[i]}" || failed+=("${beside[i]}")
    cat "${WORK}/beside-${beside[i]}.log" >&2
  done
  if ((${#failed[@]})); then
    log "failed: ${failed[*]}"
    return 1
  fi
  log "all passed: ${tests[*]}"
}

main "$@"

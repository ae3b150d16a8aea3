#!/usr/bin/env bash
# Tests of the AWS part (terraform/, scripts/provision/, scripts/baseline.sh, scripts/hosts-from-terraform.sh)
# without an AWS account or network:
#   fmt           terraform fmt -check -recursive terraform/
#   lint          ShellCheck on every script of the AWS part
#   policy        terraform/tests/policy.py on the real configuration (must pass), on a bad fixture and on
#                 single-edit copies (must fail): python-hcl2 from PyPI in a private venv under target/
#   validations   every root variable's validation, evaluated by terraform plan on a copy of variables.tf
#   offline       with a local AWS provider mirror (TF_PLUGIN_MIRROR): terraform validate against the real provider
#                 schema, and a mocked terraform test (terraform/tests/offline/) on a copy whose random/tls
#                 resources are stand-ins; both also on a broken copy, which must fail. Skipped without a mirror.
#   hosts         scripts/hosts-from-terraform.sh on saved outputs of every store: golden files, mode 0600
#   bootstrap     scripts/provision/bootstrap.sh fetching, checking and unpacking a bundle over local HTTP
#   versions      newest_version (scripts/provision/common.sh) choosing among apt versions; write_status
#   baseline      scripts/baseline.sh --size tiny against 127.0.0.1 (iperf3 server started here)
#
# Usage: scripts/tests/test_terraform.sh [TEST...]    (default: all, in the order above)
# Settings: TF_PLUGIN_MIRROR (default /opt/tf-plugins), TF_TEST_VENV (default <repo>/target/tf-policy-venv),
#   TERRAFORM (default terraform). Missing jq/shellcheck/iperf3/fio/ping/sysbench are installed with apt-get.
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
readonly REPO_ROOT
readonly ALL_TESTS=(fmt lint policy validations offline hosts bootstrap versions baseline)
WORK=""
BG_PIDS=()

usage() {
  sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'
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

venv_python() {
  local venv="${TF_TEST_VENV:-${REPO_ROOT}/target/tf-policy-venv}"
  if [[ ! -x "${venv}/bin/python" ]]; then
    python3 -m venv "${venv}" >&2
  fi
  "${venv}/bin/pip" install -q -r "${REPO_ROOT}/terraform/tests/requirements.txt" >&2
  printf '%s\n' "${venv}/bin/python"
}

test_fmt() {
  tf fmt -check -recursive -diff "${REPO_ROOT}/terraform"
}

test_lint() {
  cd "${REPO_ROOT}"
  shellcheck -x scripts/provision/*.sh scripts/baseline.sh scripts/hosts-from-terraform.sh \
    scripts/tests/test_terraform.sh
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
    "store_versions={redis=\"8.2.1\",mongodb=\"8.0.4\",elasticsearch=\"9\"}" "server_instance_type=i4i.8xlarge"
    "durability=strict" "ami_id=ami-0123456789abcdef0")
  local -a invalid=("ssh_allowed_cidr=0.0.0.0/0" "ssh_allowed_cidr=0.0.0.0/1" "ssh_allowed_cidr=::/0"
    "ssh_allowed_cidr=home" "store=redis" "server_count=0" "server_count=2.5" "client_count=0" "client_count=5"
    "expires_on=2026-13-40" "expires_on=tomorrow" "server_instance_type=m5.8xlarge" "durability=none"
    "name_prefix=Bad_Name" "name_prefix=a-name-that-is-far-too-long"
    "store_versions={redis=\"8\",mongodb=\"8\",elasticsearch=\"8\"}" "redis_cluster={shards=2,replicas_per_shard=1}"
    "redis_cluster={shards=27,replicas_per_shard=3}" "elasticsearch={heap_gb=40,primaries=15,replicas=1}"
    "repo_archive_path=repo.zip" "region=useast1" "availability_zone=us-east-1" "hourly_prices_usd={x=-1}"
    "root_volume_size_gb=5" "vpc_cidr=10.0.0.0/8" "subnet_cidr=10.42.1.0/28" "ami_id=ami-xyz"
    "mongodb_replica_set=rs 0" "key_pair_name=" "client_instance_type=big")
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

test_offline() {
  local mirror="${TF_PLUGIN_MIRROR:-/opt/tf-plugins}" good bad
  if [[ ! -d "${mirror}/registry.terraform.io/hashicorp/aws" ]]; then
    log "SKIPPED offline: no AWS provider in ${mirror} (set TF_PLUGIN_MIRROR)"
    return 0
  fi
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
  sed -i '/^run "mongodb_replica_set"/,$d' "${bad}/tests/cluster.tftest.hcl"
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

test_baseline() {
  local port out="${WORK}/baseline.json"
  port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  iperf3 --server --bind 127.0.0.1 --port "${port}" >/dev/null 2>&1 &
  BG_PIDS+=($!)
  sleep 0.5
  BASELINE_IMDS=off "${REPO_ROOT}/scripts/baseline.sh" --size tiny --targets 127.0.0.1 --iperf-port "${port}" \
    --fio-dir "${WORK}/fio" --out "${out}"
  jq -e '.format == 1 and .kind == "machine-baseline" and .size == "tiny" and .cpu.online_cpus >= 1
    and .cpu.openssl_sha256_16k_blocks_kbytes_per_s > 0 and .cpu.sysbench_events_per_s_1_thread > 0
    and .disk.randread_4k_qd32.iops > 0 and .disk.write_fsync_4k.fsyncs > 0 and .os.memory_total_kib > 0
    and (.network | length) == 1 and .network[0].ping.loss_pct == 0 and .network[0].ping.rtt_avg_ms >= 0
    and .network[0].iperf3.received_gbit_per_s > 0 and .errors == []' "${out}" >/dev/null \
    || { log "baseline JSON misses figures:"; jq -c '{disk, network, errors}' "${out}" >&2; return 1; }
  [[ -z "$(ls -A "${WORK}/fio")" ]] || { log "fio test files were left behind"; return 1; }
  # A target without an iperf3 server: throughput null and one error line, the rest still measured.
  kill "${BG_PIDS[-1]}"
  BASELINE_IMDS=off "${REPO_ROOT}/scripts/baseline.sh" --size tiny --targets 127.0.0.1 --iperf-port "${port}" \
    --out "${out}"
  jq -e '.network[0].iperf3 == null and .network[0].ping != null and .disk == null
    and (.errors | map(select(startswith("iperf3"))) | length) == 1' "${out}" >/dev/null \
    || { log "a closed iperf3 port was not reported"; jq -c '{network, errors}' "${out}" >&2; return 1; }
  if "${REPO_ROOT}/scripts/baseline.sh" --size huge >/dev/null 2>&1; then
    log "--size huge was accepted"
    return 1
  fi
}

main() {
  if [[ "${1:-}" == -h || "${1:-}" == --help ]]; then
    usage
    return 0
  fi
  local -a tests=("$@")
  ((${#tests[@]})) || tests=("${ALL_TESTS[@]}")
  trap cleanup EXIT
  trap 'cleanup; exit 130' INT TERM
  ensure_tools
  WORK="$(mktemp -d)"
  # An empty CLI configuration: no warning about a missing ~/.terraformrc, no user settings leaking in.
  : >"${WORK}/terraformrc"
  export TF_CLI_CONFIG_FILE="${WORK}/terraformrc"
  export PYTHONDONTWRITEBYTECODE=1 # no __pycache__ in terraform/tests
  local t rc failed=()
  for t in "${tests[@]}"; do
    declare -F "test_${t}" >/dev/null || { log "unknown test '${t}' (known: ${ALL_TESTS[*]})"; return 2; }
    log "--- ${t}"
    set +e
    (set -e; trap kill_background EXIT; "test_${t}")
    rc=$?
    set -e
    if ((rc == 0)); then log "ok ${t}"; else log "FAIL ${t}"; failed+=("${t}"); fi
  done
  if ((${#failed[@]})); then
    log "failed: ${failed[*]}"
    return 1
  fi
  log "all passed: ${tests[*]}"
}

main "$@"

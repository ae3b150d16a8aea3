#!/usr/bin/env bash
# The project's test command (README; CI's .ci/run calls it). Installs what it needs, starts the real local stores
# (single node and cluster topologies), runs every suite, stops the stores, and ends with "N passed, N failed"
# counted over the suites.
#
# Use like:
#   scripts/test.sh [--quick]
#     --quick   unit tests, shellcheck, ruff and terraform checks only (no stores)
#
# Suites: maven (unit + integration tests against the real stores, cluster ones included), shellcheck, ruff, terraform
# (real offline plans, policy, checkov), the AWS provisioning rendered from the store profiles, the store rules both
# fault paths share (scripts/cluster/, on kept store answers), the benchmarks' Python helpers (scripts/lib/*.py, fed
# the results format's CSV) and the check that no script reads a run folder's file itself, the crash layer's state
# (scripts/faults/volatile_state.py, without FUSE), the AWS servers' fault helper and its SSH key (stand-ins for
# systemd and the stores), a remote client's JVM and its SSH session (real sshd), the AWS journey on a fake cloud of network namespaces
# (scripts/tests/fake-cloud.sh), datasets, store scripts, workloads through YCSB, search verification (single and
# cluster), sweep end to end, report in headless Chromium, the charts' Vega-Lite files drawn by Vega (npm), compare,
# nightly workflow and run history, the store settings read back from the servers (single relaxed, cluster strict),
# the durability check's power (a known-lossy fault on the cluster, relaxed and strict), a crash that drops unsynced
# writes (relaxed and strict), a node lost under load.
# Settings: STORES_HOME (default <repo>/.stores), KEEP_STORES=1 leaves the stores running afterwards.
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly REPO_ROOT
# shellcheck source=lib/common.sh
source "${REPO_ROOT}/scripts/lib/common.sh"

# The benchmarks' Python helpers (scripts/lib/*.py), each fed the CSV the results format writes, and the check that
# no script reads a run folder's file itself (test_run_files_read_once.py).
readonly BENCH_HELPER_TESTS=(scripts/tests/test_bench_clients.py scripts/tests/test_fault_table.py
  scripts/tests/test_open_loop_latency.py scripts/tests/test_pacing_fidelity.py scripts/tests/test_run_files_read_once.py)
PASSED=()
FAILED=()
STARTED_STORES=0
BESIDE_DIR=""
BESIDE_NAMES=()
BESIDE_PIDS=()
# The niceness of the suites started beside: 19 once the store suites run, so that those, whose steps are timed, get
# the CPUs first and the suites beside take what they leave.
BESIDE_NICENESS=0

usage() {
  sed -n '2,21p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

cleanup() {
  local pid
  for pid in "${BESIDE_PIDS[@]}"; do
    kill "${pid}" 2>/dev/null || true
  done
  [[ -z "${BESIDE_DIR}" ]] || rm -rf "${BESIDE_DIR}"
  if ((STARTED_STORES)) && [[ "${KEEP_STORES:-0}" != 1 ]]; then
    STARTED_STORES=0
    "${REPO_ROOT}/scripts/stores.sh" stop --topology cluster >/dev/null 2>&1 || true
    "${REPO_ROOT}/scripts/stores.sh" stop >/dev/null 2>&1 || true
  fi
}
trap cleanup EXIT INT TERM

# Debian packages the tests use; installed once (CI machines start without them).
install_tools() {
  local missing=() tool as_root=(env)
  for tool in shellcheck chromium python3 iperf3 fio jq npm; do
    command -v "${tool}" >/dev/null || missing+=("${tool}")
  done
  [[ -x /usr/sbin/sshd ]] || missing+=(openssh-server)
  if ((${#missing[@]})); then
    log "installing ${missing[*]}"
    [[ "$(id -u)" == 0 ]] || as_root=(sudo)
    "${as_root[@]}" apt-get update -qq >/dev/null
    "${as_root[@]}" DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

# cpu_ticks: the machine's busy and total CPU time so far (every core, in clock ticks), from /proc/stat.
cpu_ticks() {
  awk '/^cpu / { print $2 + $3 + $4 + $7 + $8, $2 + $3 + $4 + $5 + $6 + $7 + $8 }' /proc/stat
}

# suite NAME CMD...: runs one suite, timing it and the machine's CPU use meanwhile (how much room there is to run
# something beside it), and records its outcome.
suite() {
  local name="$1" start rc=0 busy0 total0 busy total
  shift
  start="${SECONDS}"
  read -r busy0 total0 < <(cpu_ticks)
  log "=== suite ${name} (at ${SECONDS} s)"
  "$@" || rc=$?
  read -r busy total < <(cpu_ticks)
  record_suite "${name}" "${rc}" "$((SECONDS - start)) s, the CPUs $((100 * (busy - busy0) / (total - total0 + 1))) % busy"
}

# record_suite NAME EXIT TIME: adds the suite to PASSED or FAILED and says so.
record_suite() {
  if (($2 == 0)); then
    PASSED+=("$1")
    log "=== suite $1: passed in $3"
  else
    FAILED+=("$1")
    log "=== suite $1: FAILED (exit $2) after $3"
  fi
}

# suite_beside NAME CMD...: starts a suite that needs no store in the background, beside work that waits more than
# it computes (the stores' install and start, the store suites at the end); its output is held until
# join_suites_beside prints it.
suite_beside() {
  local name="$1"
  shift
  [[ -n "${BESIDE_DIR}" ]] || BESIDE_DIR="$(mktemp -d)"
  log "=== suite ${name}: started in the background at ${SECONDS} s (its output follows when it ends)"
  (
    renice -n "${BESIDE_NICENESS}" -p "${BASHPID}" >/dev/null
    start="${SECONDS}"
    rc=0
    "$@" >"${BESIDE_DIR}/${name}.log" 2>&1 || rc=$?
    echo "${rc} $((SECONDS - start))" >"${BESIDE_DIR}/${name}.rc"
  ) &
  BESIDE_NAMES+=("${name}")
  BESIDE_PIDS+=("$!")
}

# Waits for the suites started by suite_beside, prints their output and records their outcomes.
join_suites_beside() {
  local i name rc took
  for i in "${!BESIDE_PIDS[@]}"; do
    name="${BESIDE_NAMES[i]}"
    wait "${BESIDE_PIDS[i]}" || true
    cat "${BESIDE_DIR}/${name}.log"
    rc=1
    took="?"
    [[ -s "${BESIDE_DIR}/${name}.rc" ]] && read -r rc took <"${BESIDE_DIR}/${name}.rc"
    record_suite "${name}" "${rc}" "${took} s"
  done
  BESIDE_PIDS=()
  BESIDE_NAMES=()
}

run_shellcheck() {
  local files=()
  mapfile -t files < <(cd "${REPO_ROOT}" && git ls-files '*.sh' run-sweep.sh bin/docsearch .ci/run 2>/dev/null | sort -u)
  (cd "${REPO_ROOT}" && shellcheck "${files[@]}")
}

run_if_present() {
  local script="$1"
  shift
  [[ -x "${REPO_ROOT}/${script}" ]] || { err "${script} is missing"; return 1; }
  "${REPO_ROOT}/${script}" "$@"
}

main() {
  local quick=0
  case "${1:-}" in
    -h | --help) usage; return 0 ;;
    --quick) quick=1 ;;
    "") ;;
    *) err "unknown option '$1'"; usage >&2; return 2 ;;
  esac
  cd "${REPO_ROOT}"
  # The boundary plans of one store (test_terraform.sh says why that is enough in CI).
  export TF_PLAN_BOUNDARY_STORES="${TF_PLAN_BOUNDARY_STORES:-redisjson}"
  # The shellcheck suite checks every tracked script: the terraform suite's lint does not check its own again.
  export TF_LINT_SHELLCHECK=0
  install_tools
  # The pinned Maven, downloaded here once (a fresh machine) and its repository exported, before suites run beside
  # each other and build.
  maven -B -q -v >/dev/null || die "the pinned Maven (./mvnw) is not available"
  # Downloaded once, it runs as a bare ./mvnw too (no MVNW_REPOURL: mvnw would fetch from the placeholder host).
  env -u MVNW_REPOURL "${REPO_ROOT}/mvnw" -B -q -v >/dev/null || die "a bare ./mvnw does not run after the first download"
  # --quick runs the storeless suites one after the other; the whole run starts them beside the stores' start.
  local run=suite_beside
  ((quick == 0)) || run=suite
  # The terraform suite's results test checks run folders with bin/docsearch check-run, which needs the build: in the
  # whole run it comes after the maven suite's build instead of building the project beside the stores' start (176 s
  # of the suite's 407 on a fresh clone, the front's longest pole).
  ((quick)) || export TF_TESTS_EXCEPT=results
  "${run}" shellcheck run_shellcheck
  "${run}" ruff run_if_present scripts/tests/test_ruff.sh
  "${run}" terraform run_if_present scripts/tests/test_terraform.sh
  "${run}" provision-profiles run_if_present scripts/tests/test_provision_profiles.sh
  "${run}" store-rules run_if_present scripts/tests/test_store_rules.sh
  "${run}" bench-helpers python3 -m unittest "${BENCH_HELPER_TESTS[@]}"
  "${run}" crash-layer-state python3 -m unittest scripts/tests/test_unsynced_fs_state.py
  "${run}" provision-fault run_if_present scripts/tests/test_provision_fault.sh
  "${run}" remote-client run_if_present scripts/tests/test_remote_client.sh
  if ((quick)); then
    suite maven-unit maven -B -q install -DskipITs
    suite dataset-quick run_if_present scripts/tests/test_dataset.sh --quick
  else
    "${REPO_ROOT}/scripts/stores.sh" install
    STARTED_STORES=1
    "${REPO_ROOT}/scripts/stores.sh" start
    "${REPO_ROOT}/scripts/stores.sh" start --topology cluster
    # Which of the two sets the pace: the stores or the slowest suite beside them.
    log "stores installed and started at ${SECONDS} s"
    join_suites_beside
    log "suites beside them joined at ${SECONDS} s"
    # The maven suite: the build and the integration tests, the cluster ones too. Its unit tests run beside the
    # store suites below.
    DOCSEARCH_CLUSTER_ITS=true suite maven maven -B install -DskipUTs
    if [[ " ${FAILED[*]} " == *" maven "* ]]; then
      # A failing test stops the reactor before the later modules are installed; built without tests, they let the
      # suites below test what they test instead of failing on a missing jar.
      suite build-without-tests maven -B -q -o install -DskipTests
    fi
    export DOCSEARCH_SKIP_BUILD=1
    # The suites that need the build but no store (unit tests, built jars, golden runs: about 400 s of CPU) run beside
    # the store suites, which mostly wait on stores starting, stopping and failing over, and yield the CPUs to them.
    BESIDE_NICENESS=19
    suite_beside maven-unit maven -B -q test
    suite_beside report run_if_present scripts/tests/test_report_screenshot.sh
    # The charts' Vega-Lite files drawn by Vega's own tools (pinned, from npm): about 20 s on a clean machine.
    suite_beside vega-render run_if_present scripts/tests/test_vega_render.sh
    suite_beside compare run_if_present scripts/tests/test_compare.sh
    suite_beside perf-history run_if_present scripts/tests/test_perf_history.sh
    suite_beside terraform-results run_if_present scripts/tests/test_terraform.sh results
    # Its steps wait on real-time windows: the CPUs were 45 % busy in it alone.
    suite sweep run_if_present scripts/tests/test_sweep_cli.sh
    suite stores run_if_present scripts/tests/test_stores.sh
    # The six search-mix files differ only in their proportions: each runs on one store (all on demand).
    MIXES_SHARED=1 suite workloads run_if_present scripts/tests/test_workloads.sh
    suite verify-single run_if_present scripts/verify-search.sh --queries 1000
    # 5,000 records on the cluster: loading 20,000 into the three-node Elasticsearch took 90 of the suite's 164 s here
    # (its own JIT warming); every shard still holds a third of them and the 1,000 questions are the same mix.
    suite verify-cluster run_if_present scripts/verify-search.sh --topology cluster --queries 1000 --records 5000
    suite dataset run_if_present scripts/tests/test_dataset.sh
    # The AWS journey on a fake cloud of network namespaces (its own Redis cluster inside them, no default port).
    suite fake-cloud run_if_present scripts/tests/fake-cloud.sh
    # The workflow's mechanics (runs, comparison, history, verdict) do not depend on the store: one store keeps
    # the suite short; every store's sweep is tested by the sweep suite.
    # Its build step is the maven suite's build again (18 s of two scenarios): skipped, it uses what is built.
    NIGHTLY_TEST_STORES="${NIGHTLY_TEST_STORES:-redisjson}" NIGHTLY_TEST_SKIP="${NIGHTLY_TEST_SKIP:-build}" \
      suite nightly-workflow run_if_present scripts/tests/test_nightly_workflow.sh
    # A crash that drops unsynced writes (a FUSE layer under a single Redis on its own port), in the loss modes all
    # and torn: relaxed loses a tail within appendfsync everysec's interval plus slack, strict nothing. MongoDB and
    # Elasticsearch run on demand (test_unsynced_crash.sh STORE). It shares nothing with the suites after it and
    # mostly waits (the CPUs 22 % busy in it alone; the known-loss suite beside it 27 %), so it runs beside them.
    BESIDE_NICENESS=0 suite_beside unsynced-crash run_if_present scripts/tests/test_unsynced_crash.sh
    # The durability check's power on the relaxed cluster started above: a fault known to lose acknowledged writes
    # (replicas paused, primary killed, a replica takes over) must be seen as at least one lost write.
    suite known-loss-relaxed run_if_present scripts/tests/test_known_loss.sh --profile relaxed
    # The settings read-back starts the stores with the profile it checks: the shared stores stop first.
    "${REPO_ROOT}/scripts/stores.sh" stop --topology cluster >/dev/null
    "${REPO_ROOT}/scripts/stores.sh" stop >/dev/null
    suite store-settings-single run_if_present scripts/tests/test_store_settings.sh --topology single
    # --keep: the strict cluster stays up for the suite after it (starting Redis and MongoDB again cost about 30 s).
    suite store-settings-cluster-strict run_if_present scripts/tests/test_store_settings.sh --topology cluster \
      --profile strict --keep
    # Its strict twin: the same fault, 0 lost, on the strict Redis and MongoDB clusters left running above.
    suite known-loss-strict run_if_present scripts/tests/test_known_loss.sh --profile strict
    "${REPO_ROOT}/scripts/stores.sh" stop --topology cluster >/dev/null
    # A node lost under load through the sweep's fault step, under strict, where one lost acknowledged write fails:
    # Elasticsearch, the store no known-loss suite kills. For Redis and MongoDB the suites above already kill a
    # primary under writes and restart it (known-loss, strict and relaxed) and test_stores.sh fault/recover, and the
    # fault step's code is the same for every store; their sweep fault runs (287 s of CI's 516) run on demand:
    # scripts/tests/test_fault.sh --profile strict|relaxed [STORE...].
    suite fault-strict run_if_present scripts/tests/test_fault.sh --profile strict elasticsearch
    join_suites_beside
  fi
  log "suites passed: ${PASSED[*]:-none}"
  ((${#FAILED[@]} == 0)) || log "suites FAILED: ${FAILED[*]}"
  printf 'suites: %d passed, %d failed\n' "${#PASSED[@]}" "${#FAILED[@]}"
  ((${#FAILED[@]} == 0))
}

main "$@"

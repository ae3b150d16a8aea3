#!/usr/bin/env bash
# What the suite's own client costs per operation, closed loop against open loop (fixed rate, the shared arrival
# schedule), on this machine in one invocation: client CPU microseconds per operation, and each open-loop figure as
# a ratio of (and an excess over) the same store's closed loop. Rows:
#   basicdb (YCSB's no-op DB) closed loop, and open loop at each BENCH_BASICDB_RATES rate;
#   each BENCH_STORES store's binding, closed loop (BENCH_STORE_THREADS), closed loop with one thread (about the
#     open loop's throughput for RedisJSON here: below a busy core, each request wakes an idle client CPU in
#     closed loop too, so this is the like-for-like reference) and open loop at its rate (BENCH_<STORE>_RATE);
#   each such store's raw driver (benchmarks/) against its binding, closed loop.
# The sweep rows are one-step ./run-sweep.sh runs: the step's client_cpu_cores (read by bin/docsearch step-rows; the
# client JVM over the measured window, JIT compiler threads left out) over the step's throughput. Open-loop steps get
# the sweep's own pool, 2 x rate x 10 ms + 8 threads, at most 256 (StepPlanner.poolThreads). The raw-driver rows run
# site.ycsb.Client directly, binding and raw alike, with the CPU (JIT threads left out) and YCSB's operation count
# read when its status lines for the warm-up's end and the window's end appear. Then a profile with perf (linux-perf)
# of BasicDB at BENCH_PROFILE_RATE: context switches and CPU per operation closed and open loop (perf stat attached
# over the window), and where the open-loop CPU goes (perf record, flat; JIT frames named through
# -XX:+DumpPerfMapAtExit). Then the machine's price of one timed wake-up (benchmarks/ TimedWaitCost): the pacer waits
# once per request, so that is the floor of the open loop's excess. The load average is printed before and after. A
# benchmark that reports, not a pass/fail test.
#
# Use like:
#   scripts/bench-client-cost.sh [--before CHECKOUT] [--no-profile] [--no-raw]
#   scripts/bench-client-cost.sh --latency [--before CHECKOUT]
#     --before CHECKOUT    also run every sweep row and the profile with that checkout's run-sweep.sh (another
#                          worktree, e.g. 'git worktree add /tmp/before <commit>'; built there when stale), the
#                          two alternating: before and after on the same machine in the same invocation
#                          (--baseline CHECKOUT, its previous name, is still accepted)
#     --latency            what the pacing does to latency instead of its cost: basicdb open loop at each
#                          BENCH_BASICDB_RATES rate and the simulated M/M/1 store (mm1, service rate
#                          BENCH_MM1_SERVICE_RATE) at each BENCH_MM1_RATES rate, printing each step's send lag (p50,
#                          p99, max) and intended-latency spectrum of every operation (all requests)
#
# Settings:
#   BENCH_STEP_SECONDS (15), BENCH_WARMUP_SECONDS (5)   measured window and warm-up of every row
#   BENCH_RECORDS (10000)   records            WORKLOAD (workloada)   workload name or path
#   BENCH_BASICDB_THREADS (2)   basicdb closed-loop threads
#   BENCH_BASICDB_RATES (2000,10000,50000)   basicdb open-loop rates (ops/s)
#   BENCH_STORES (redisjson)   stores (redisjson, mongodb, elasticsearch; empty: none); each is started with
#     scripts/stores.sh (STORES_HOME, REDIS_PORT, MONGODB_PORT, ES_HTTP_PORT, ES_TRANSPORT_PORT are its settings)
#     unless it already runs there, and stopped at the end when this script started it
#   BENCH_STORE_THREADS (16)   closed-loop threads of every store
#   BENCH_REDISJSON_RATE (5000), BENCH_MONGODB_RATE (1000), BENCH_ELASTICSEARCH_RATE (500)   open-loop rates
#   BENCH_PROFILE_RATE (10000)   the profiled open-loop rate
#   BENCH_MM1_SERVICE_RATE (1000), BENCH_MM1_RATES (500,700,900)   --latency: the M/M/1 store and its rates
#   BENCH_SERVER_CPU (0), BENCH_CLIENT_CPU (1)   CPU lists (taskset); both empty: no pinning
#   SWEEP_CLIENT_JVM_OPTS   client JVM flags (the sweep's default: -Xms256m -Xmx1g -XX:+UseG1GC -XX:TieredStopAtLevel=1)
set -euo pipefail

# shellcheck source=lib/bench.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/bench.sh"

readonly STEP="${BENCH_STEP_SECONDS:-15}" WARMUP="${BENCH_WARMUP_SECONDS:-5}" RECORDS="${BENCH_RECORDS:-10000}"
readonly WORKLOAD="${WORKLOAD:-workloada}"
readonly BASICDB_THREADS="${BENCH_BASICDB_THREADS:-2}" BASICDB_RATES="${BENCH_BASICDB_RATES-2000,10000,50000}"
readonly STORES="${BENCH_STORES-redisjson}" STORE_THREADS="${BENCH_STORE_THREADS:-16}"
readonly PROFILE_RATE="${BENCH_PROFILE_RATE:-10000}"
readonly MM1_SERVICE_RATE="${BENCH_MM1_SERVICE_RATE:-1000}" MM1_RATES="${BENCH_MM1_RATES:-500,700,900}"
readonly SLO_BOUND_S=0.01 POOL_HEADROOM=2 MIN_POOL=8 MAX_POOL=256
BEFORE_CHECKOUT="" CALL=0 PROFILE=1 RAW=1 LATENCY=0 ROWS="" RESULT="" STEP_LATENCY="" LATENCY_CSV=""

parse_args() {
  while (($#)); do
    case "$1" in
      -h | --help) usage; exit 0 ;;
      --before | --baseline)
        [[ $# -ge 2 && -x "$2/run-sweep.sh" ]] || usage_error "$1 needs a checkout with run-sweep.sh"
        BEFORE_CHECKOUT="$(cd "$2" && pwd)"
        shift 2
        ;;
      --no-profile) PROFILE=0; shift ;;
      --no-raw) RAW=0; shift ;;
      --latency) LATENCY=1; shift ;;
      *) usage_error "unknown argument '$1' (see --help)" ;;
    esac
  done
  check_bench_settings BENCH_STEP_SECONDS BENCH_WARMUP_SECONDS BENCH_RECORDS BENCH_BASICDB_THREADS BENCH_STORE_THREADS \
    BENCH_PROFILE_RATE BENCH_REDISJSON_RATE BENCH_MONGODB_RATE BENCH_ELASTICSEARCH_RATE BENCH_MM1_SERVICE_RATE
  local name
  for name in BASICDB_RATES MM1_RATES; do
    [[ "${!name}" =~ ^([1-9][0-9]*(,[1-9][0-9]*)*)?$ ]] || usage_error "BENCH_${name}='${!name}' is not a list of rates"
  done
  [[ "${STORES}" =~ ^((redisjson|mongodb|elasticsearch)(,(redisjson|mongodb|elasticsearch))*)?$ ]] \
    || usage_error "BENCH_STORES='${STORES}' (known: redisjson, mongodb, elasticsearch)"
}

# The sweep's pool for a fixed rate (StepPlanner.poolThreads under the default objective p99<=10ms).
pool_threads() {
  awk -v r="$1" -v b="${SLO_BOUND_S}" -v h="${POOL_HEADROOM}" -v lo="${MIN_POOL}" -v hi="${MAX_POOL}" 'BEGIN {
    x = r * b * h; n = (x == int(x) ? x : int(x) + 1) + lo
    print (n > hi ? hi : (n < lo ? lo : n)) }'
}

open_rate() {
  local -A default=([redisjson]=5000 [mongodb]=1000 [elasticsearch]=500)
  local name="BENCH_${1^^}_RATE"
  printf '%s' "${!name:-${default[$1]}}"
}

# One sweep run with CHECKOUT's run-sweep.sh, the whole of it on the client CPU; sets RESULT to "threads ops/s cores
# lag_p99_us unsent step_dir" of its last measured step (a noisy closed-loop step is run once more by the sweep), and
# with --latency STEP_LATENCY to that step's latency rows (bin/docsearch step-rows --operations), header first.
sweep_row() {
  local checkout="$1" label="$2" dir csv
  shift 2
  local out="${WORK_DIR}/${label}"
  mkdir -p "${out}"
  dir="$(on_client_cpu "${checkout}/run-sweep.sh" "${WORKLOAD}" --no-pin --out "${out}" --records "${RECORDS}" \
    --warmup-seconds "${WARMUP}" --step-seconds "${STEP}" --floor-seconds 0 --load-fractions none "$@" \
    2>"${out}/sweep.err" | tail -n 1)" || die "${label}: the sweep failed: $(tail -n 3 "${out}/sweep.err")"
  csv="$("${REPO_ROOT}/bin/docsearch" step-rows "${dir}")" || die "${label}: no step rows in ${dir}"
  # Columns: ...,4 step_dir,5 phase,6 threads,...,11 throughput_ops,...,14 send_lag_p99_us,15 unsent,
  # 16 client_cpu_cores.
  RESULT="$(awk -F, 'NR > 1 && $5 != "floor" { r = $6 " " $11 " " $16 " " ($14 == "" ? "-" : $14) " " \
    ($15 == "" ? "-" : $15) " " $4 } END { print r }' <<<"${csv}")"
  [[ "$(wc -w <<<"${RESULT}")" -eq 6 ]] || die "${label}: no measured step with its client CPU in ${dir}"
  if ((LATENCY)); then
    # Column 4 is step_dir, as above; RESULT's last field is the measured step's.
    STEP_LATENCY="$("${REPO_ROOT}/bin/docsearch" step-rows --operations "${dir}" \
      | awk -F, -v step="${RESULT##* }" 'NR == 1 || $4 == step')" || die "${label}: no latency rows in ${dir}"
  fi
}

# Adds one table row: side, what, offered rate (- for closed loop), then RESULT's fields; with --latency, the same
# three columns before each of STEP_LATENCY's rows (the header once).
add_row() {
  ROWS+="$1|$2|$3|${RESULT}"$'\n'
  if ((LATENCY)); then
    [[ -n "${LATENCY_CSV}" ]] || LATENCY_CSV="side,row,offered,$(head -n 1 <<<"${STEP_LATENCY}")"$'\n'
    LATENCY_CSV+="$(awk -v first="$1,$2,$3," 'NR > 1 { print first $0 }' <<<"${STEP_LATENCY}")"$'\n'
  fi
  log "$1 $2: threads ops/s cores lag_p99 unsent step = ${RESULT} (load $(load_average))"
}

# The row for every side (before with --before, then after; alternating which goes first by the call number CALL,
# counted up here).
both_sides() {
  local call="$((CALL++))" what="$1" rate="$2" side
  local -A checkouts=([before]="${BEFORE_CHECKOUT}" [after]="${REPO_ROOT}")
  shift 2
  local sides=(after)
  if [[ -n "${BEFORE_CHECKOUT}" ]]; then
    sides=(before after)
    ((call % 2)) && sides=(after before)
  fi
  for side in "${sides[@]}"; do
    sweep_row "${checkouts[${side}]}" "${side}-${call}" "$@"
    add_row "${side}" "${what}" "${rate}"
  done
}

# WHAT's open-loop rows at each rate of the list RATES, with the sweep's pool for the rate.
open_rows() {
  local what="$1" rate rates=()
  IFS=, read -r -a rates <<<"$2"
  shift 2
  for rate in "${rates[@]}"; do
    both_sides "${what} open" "${rate}" "$@" --rates "${rate}" --threads "$(pool_threads "${rate}")"
  done
}

basicdb_rows() {
  CALL=0
  both_sides "basicdb closed" - --stores basicdb --threads "${BASICDB_THREADS}"
  open_rows basicdb "${BASICDB_RATES}" --stores basicdb
}

# basicdb and mm1 open loop at the same rates on every side, for their latency figures.
latency_rows() {
  CALL=20
  open_rows basicdb "${BASICDB_RATES}" --stores basicdb
  open_rows mm1 "${MM1_RATES}" --stores mm1 -p "mm1.service_rate=${MM1_SERVICE_RATE}"
}

# Starts STORE on the server CPU unless it runs already (then it is left running at the end).
ensure_store() {
  local store="$1"
  if "${REPO_ROOT}/scripts/stores.sh" status "${store}" >/dev/null 2>&1; then
    log "${store}: already running under ${STORES_HOME}; not started, not stopped"
  else
    start_store "${store}"
  fi
}

store_rows() {
  local store="$1"
  local hosts=(--hosts "${STORES_HOME}/hosts-single.json" --stores "${store}")
  ensure_store "${store}"
  CALL=10
  both_sides "${store} closed" - "${hosts[@]}" --threads "${STORE_THREADS}"
  both_sides "${store} closed 1 thread" - "${hosts[@]}" --threads 1
  open_rows "${store}" "$(open_rate "${store}")" "${hosts[@]}"
}

# CPU ticks of PID's threads, JIT compiler threads left out (utime + stime, fields 14 and 15 of each thread's stat).
cpu_ticks() {
  local f line comm total=0
  local -a fields
  for f in /proc/"$1"/task/*/stat; do
    line="$(cat "${f}" 2>/dev/null)" || continue
    comm="${line#*(}"
    comm="${comm%)*}"
    [[ "${comm}" == C[12]\ Compiler* ]] && continue
    read -r -a fields <<<"${line##*) }"
    total=$((total + fields[11] + fields[12]))
  done
  printf '%s' "${total}"
}

# Waits for YCSB's status line of second SEC in LOG, then prints "ops cpu_ticks" of PID at that moment.
sample_at() {
  local pid="$1" log="$2" sec="$3" ops=""
  while [[ -z "${ops}" ]]; do
    kill -0 "${pid}" 2>/dev/null || return 1
    ops="$(awk -v s="${sec}" '$3 == s && $4 == "sec:" { print $5; exit }' "${log}" 2>/dev/null)"
    [[ -n "${ops}" ]] || sleep 0.02
  done
  printf '%s %s' "${ops}" "$(cpu_ticks "${pid}")"
}

# One site.ycsb.Client -t run on the client CPU for the warm-up and the window; PERF (a command prefix run with
# "-p PID -- sleep STEP", or empty) is attached over the window. Sets RESULT to "threads ops/s cores - - -".
direct_run() {
  local cp="$1" label="$2" threads="$3" perf="$4" pid ops0 cpu0 ops1 cpu1 hz
  shift 4
  local dir="${WORK_DIR}/${label}"
  mkdir -p "${dir}/hdr"
  # shellcheck disable=SC2086 # PERF is a command prefix, split on purpose
  (cd "${dir}" && exec taskset -c "${CLIENT_CPU:-0-$(($(nproc) - 1))}" java "${CLIENT_JVM[@]}" ${PERF_JVM:-} \
    -cp "${cp}" site.ycsb.Client -t -s -P "$(workload_file)" -threads "${threads}" -p recordcount="${RECORDS}" \
    -p status.interval=1 -p maxexecutiontime="$((WARMUP + STEP + 2))" -p operationcount=2000000000 \
    -p measurementtype=hdrhistogram -p hdrhistogram.fileoutput=true -p hdrhistogram.output.path=hdr/ \
    -p measurement.interval=both "$@" >ycsb.out 2>ycsb.err) &
  pid=$!
  read -r ops0 cpu0 <<<"$(sample_at "${pid}" "${dir}/ycsb.err" "${WARMUP}")" || die "${label}: YCSB ended early"
  if [[ -n "${perf}" ]]; then
    # shellcheck disable=SC2086 # a command prefix
    ${perf} -p "${pid}" -- sleep "${STEP}" 2>"${dir}/perf.txt" &
  fi
  read -r ops1 cpu1 <<<"$(sample_at "${pid}" "${dir}/ycsb.err" "$((WARMUP + STEP))")" || die "${label}: YCSB ended early"
  wait "${pid}" || die "${label}: YCSB failed: $(tail -n 3 "${dir}/ycsb.err")"
  wait
  hz="$(getconf CLK_TCK)"
  RESULT="$(awk -v t="${threads}" -v o="$((ops1 - ops0))" -v c="$((cpu1 - cpu0))" -v s="${STEP}" -v hz="${hz}" \
    'BEGIN { printf "%d %.1f %.3f - - -", t, o / s, c / hz / s }')"
}

# The subshell of direct_run runs in the run's own folder: the workload file as an absolute path.
workload_file() {
  if [[ -f "${WORKLOAD}" ]]; then
    realpath "${WORKLOAD}"
  else
    printf '%s/workloads/%s' "${REPO_ROOT}" "${WORKLOAD,,}"
  fi
}

# The binding and the raw driver closed loop through site.ycsb.Client, on the table the store's sweep rows loaded.
raw_rows() {
  local store="$1" cp props db
  cp="$(benchmarks_classpath)"
  props="${WORK_DIR}/${store}.properties"
  db="$(java -cp "${cp}" io.github.ycsbdocsearch.common.Preflight "${store}" "${STORES_HOME}/hosts-single.json" \
    "${props}" -P "$(workload_file)")" || die "${store}: preflight failed"
  direct_run "${cp}" "${store}-binding" "${STORE_THREADS}" "" -db "${db}" -P "${props}"
  add_row after "${store} binding direct" -
  direct_run "${cp}" "${store}-raw" "${STORE_THREADS}" "" -db "$(raw_db "${store}")" -P "${props}"
  add_row after "${store} raw driver" -
}

# perf stat and perf record of BasicDB, closed and open loop, with SIDE's classpath.
profile_side() {
  local side="$1" checkout="$2" cp threads rate="${PROFILE_RATE}"
  local noop=(-db site.ycsb.BasicDB "${NOOP[@]}")
  local stat="perf stat -e task-clock,context-switches,cpu-migrations"
  cp="${checkout}/cli/target/lib/*:${checkout}/cli/target/classes"
  threads="$(pool_threads "${rate}")"
  direct_run "${cp}" "${side}-stat-closed" "${BASICDB_THREADS}" "${stat}" "${noop[@]}"
  per_op "${side}" "closed, ${BASICDB_THREADS} threads" "${WORK_DIR}/${side}-stat-closed/perf.txt"
  direct_run "${cp}" "${side}-stat-open" "${threads}" "${stat}" "${noop[@]}" -p docsearch.arrivals.rate="${rate}"
  per_op "${side}" "open ${rate}/s, ${threads} threads" "${WORK_DIR}/${side}-stat-open/perf.txt"
  PERF_JVM="-XX:+UnlockDiagnosticVMOptions -XX:+DumpPerfMapAtExit" direct_run "${cp}" "${side}-record" \
    "${threads}" "perf record -F 999 -o ${WORK_DIR}/${side}.perf.data" "${noop[@]}" \
    -p docsearch.arrivals.rate="${rate}"
  printf '\n%s, open %s/s: where the client CPU goes (perf record over the window; share by thread, by object, top symbols)\n' \
    "${side}" "${rate}"
  perf report -i "${WORK_DIR}/${side}.perf.data" --stdio --sort comm --percent-limit 2 2>/dev/null | grep -v '^#' | grep .
  perf report -i "${WORK_DIR}/${side}.perf.data" --stdio --sort dso --percent-limit 2 2>/dev/null | grep -v '^#' | grep .
  perf report -i "${WORK_DIR}/${side}.perf.data" --stdio --sort sym --percent-limit 1 2>/dev/null | grep -v '^#' \
    | grep . | head -n 25
}

# Prints one profile line: CPU, context switches and migrations per operation of the direct run in RESULT.
per_op() {
  local side="$1" what="$2" file="$3" ops
  ops="$(awk -v s="${STEP}" '{ print $2 * s }' <<<"${RESULT}")"
  awk -v side="${side}" -v what="${what}" -v ops="${ops}" '
    /task-clock/ { gsub(",", "", $1); cpu = $1 }
    /context-switches/ { gsub(",", "", $1); cs = $1 }
    /cpu-migrations/ { gsub(",", "", $1); mig = $1 }
    END { printf "%-7s basicdb %-26s %9.0f ops  task-clock %7.2f us/op  context switches %6.2f/op  migrations %5.2f/op\n",
      side, what, ops, cpu * 1000 / ops, cs / ops, mig / ops }' "${file}"
}

# The table: per side, every row's us/op, and for open loop the ratio to (and excess over) the same store's closed
# loop of that side.
print_table() {
  printf '\nclient CPU per operation (us/op = client cores / throughput; JIT compiler threads left out)\n'
  printf '%-7s %-24s %8s %8s %11s %7s %8s %8s %9s %9s %11s %7s\n' side row offered threads achieved cores us/op \
    x_closed +closed x_closed1 lag_p99_us unsent
  awk -F'|' 'NF > 0 {
      split($4, f, " "); side = $1; what = $2; store = what; sub(/ .*/, "", store)
      us = (f[2] > 0 ? f[3] * 1e6 / f[2] : 0)
      if (what ~ / closed$/) base[side, store] = us
      if (what ~ / closed 1 thread$/) one[side, store] = us
      if (what ~ / binding direct$/) direct[store] = us
      ref = (what ~ / raw driver$/ ? direct[store] : base[side, store])
      x = (ref > 0 ? sprintf("%.2f", us / ref) : "-"); plus = (ref > 0 ? sprintf("%+.2f", us - ref) : "-")
      x1 = ($3 != "-" && one[side, store] > 0 ? sprintf("%.2f", us / one[side, store]) : "-")
      printf "%-7s %-24s %8s %8s %11.0f %7.3f %8.2f %8s %8s %9s %11s %7s\n", side, what, $3, f[1], f[2], f[3], us, x, \
        plus, x1, f[4], f[5] }' <<<"${ROWS}"
  printf '(x_closed, +closed: against the closed-loop row of the same store and side; a raw driver row against its\n'
  printf ' binding run the same way. x_closed1: an open-loop row against the same store and side closed with one\n'
  printf ' thread, whose throughput is nearer the open loop'"'"'s. cores come from 10 ms kernel ticks over %s s: +-%s cores.)\n' "${STEP}" \
    "$(awk -v s="${STEP}" 'BEGIN { printf "%.4f", 0.02 / s }')"
}

main() {
  parse_args "$@"
  command -v java >/dev/null || die "java not found on PATH (JDK 17 or later needed)"
  ((PROFILE == 0)) || command -v perf >/dev/null || die "perf not found (Debian package linux-perf), or pass --no-profile"
  bench_cpus
  bench_work_dir
  runtime_classpath >/dev/null
  local load_before store stores=()
  load_before="$(load_average)"
  log "load average before: ${load_before}; $(nproc) CPUs; client CPU ${CLIENT_CPU:-any}, server CPU" \
    "${SERVER_CPU:-any}; ${WARMUP} s warm-up + ${STEP} s per row; before: ${BEFORE_CHECKOUT:-none}"
  if ((LATENCY)); then
    latency_rows
    printf '\n'
    printf '%s' "${LATENCY_CSV}" | python3 "${REPO_ROOT}/scripts/lib/open_loop_latency.py"
  else
    basicdb_rows
    IFS=, read -r -a stores <<<"${STORES}"
    for store in "${stores[@]}"; do
      store_rows "${store}"
      ((RAW == 0)) || raw_rows "${store}"
    done
    print_table
    # The machine's price of one timed wake-up on the client's CPU: the floor of the open loop's cost per request over
    # the closed loop, since the pacer waits once per request for its arrival.
    printf '\nthe machine: %s\n' \
      "$(on_client_cpu java -cp "$(benchmarks_classpath)" io.github.ycsbdocsearch.benchmarks.TimedWaitCost)"
    if ((PROFILE)); then
      printf '\nprofile (perf stat attached to the client JVM over the %s s window; direct site.ycsb.Client runs)\n' \
        "${STEP}"
      [[ -z "${BEFORE_CHECKOUT}" ]] || profile_side before "${BEFORE_CHECKOUT}"
      profile_side after "${REPO_ROOT}"
    fi
  fi
  printf '\nload average before: %s; after: %s (1, 5, 15 min); %s CPUs\n' "${load_before}" "$(load_average)" "$(nproc)"
}

main "$@"

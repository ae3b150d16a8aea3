#!/usr/bin/env bash
# Records a fingerprint of this machine before a benchmark, as one JSON document the sweep can keep with its manifest:
# CPU (lscpu, sysbench cpu, openssl speed sha256), memory, OS, EC2 instance type and zone when on EC2, disk (fio:
# 4 KiB random read/write, 1 MiB sequential read/write, 4 KiB write+fsync latency) in a directory on the disk to
# measure, and the network to each target (ping round trips, iperf3 TCP throughput; each target runs `iperf3 -s`).
# On AWS, cloud-init runs it on every machine (scripts/provision/); it also runs locally with tiny sizes:
#   scripts/machine-fingerprint.sh --size tiny --targets 127.0.0.1 --fio-dir /var/tmp/fp --out machine-fingerprint.json
#
# Usage: machine-fingerprint.sh [--targets HOST[,HOST...]] [--size tiny|full] [--fio-dir DIR] [--out FILE]
#                               [--iperf-port PORT]
#   --targets     hosts to measure the network to (default: none)
#   --size        tiny: seconds in total; full (default): about 3 minutes, 4 GiB fio files
#   --fio-dir     directory on the disk to measure (default: skip the disk); its test files are removed
#   --out         output file, written atomically (default: stdout)
#   --iperf-port  port of the targets' iperf3 servers (default 5201)
# Settings: FINGERPRINT_IMDS=off skips the EC2 instance metadata lookup (default: try it, 1 s timeout; the
# previous name BASELINE_IMDS is still read); FINGERPRINT_IPERF_TRIES (20) bounds the turns taken at a busy
# iperf3 server (it serves one client at a time).
# Missing tools (fio, iperf3, sysbench, ping) leave their part null and add a line to "errors".
set -euo pipefail

# shellcheck source=scripts/lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"

WORK=""

cleanup() {
  [[ -z "${WORK}" ]] || rm -rf "${WORK}"
  WORK=""
}

# Appends one line to the errors list; the part it describes stays null.
note() {
  printf '%s\n' "$*" >>"${WORK}/errors"
}

# Sets the size knobs as globals: PING_COUNT IPERF_SECONDS IPERF_STREAMS FIO_SIZE FIO_SECONDS CPU_SECONDS.
set_size() {
  case "$1" in
    tiny) PING_COUNT=3 IPERF_SECONDS=1 IPERF_STREAMS=1 FIO_SIZE=16M FIO_SECONDS=1 CPU_SECONDS=1 ;;
    full) PING_COUNT=50 IPERF_SECONDS=10 IPERF_STREAMS=4 FIO_SIZE=4G FIO_SECONDS=20 CPU_SECONDS=5 ;;
    *) err "--size must be tiny or full, not '$1'"; return 2 ;;
  esac
}

# EC2 instance type and zone through IMDSv2, or null off EC2.
instance_json() {
  [[ "${FINGERPRINT_IMDS:-${BASELINE_IMDS:-on}}" != off ]] || { echo null; return 0; }
  local base=http://169.254.169.254/latest token type zone
  token="$(curl -fsS -m 1 -X PUT -H 'X-aws-ec2-metadata-token-ttl-seconds: 60' "${base}/api/token" 2>/dev/null)" \
    || { echo null; return 0; }
  type="$(curl -fsS -m 1 -H "X-aws-ec2-metadata-token: ${token}" "${base}/meta-data/instance-type" || true)"
  zone="$(curl -fsS -m 1 -H "X-aws-ec2-metadata-token: ${token}" "${base}/meta-data/placement/availability-zone" \
    || true)"
  jq -n --arg type "${type}" --arg zone "${zone}" '{type: $type, availability_zone: $zone}'
}

os_json() {
  local pretty
  pretty="$(. /etc/os-release && printf '%s' "${PRETTY_NAME}")"
  jq -n --arg pretty "${pretty}" --arg kernel "$(uname -r)" --arg host "$(uname -n)" \
    --argjson mem "$(awk '/^MemTotal:/ {print $2}' /proc/meminfo)" \
    '{os: $pretty, kernel: $kernel, hostname: $host, memory_total_kib: $mem}'
}

# One number from `sysbench cpu` (events per second) for THREADS threads, or null.
sysbench_eps() {
  command -v sysbench >/dev/null || { echo null; return 0; }
  sysbench cpu --threads="$1" --time="${CPU_SECONDS}" run 2>/dev/null \
    | awk '/events per second:/ {print $4; found=1} END {if (!found) print "null"}'
}

cpu_json() {
  local lscpu openssl_k="null"
  lscpu="$(lscpu -J | jq '[.lscpu[] | select(.field != "Flags:") | {(.field | rtrimstr(":")): .data}] | add')"
  openssl_k="$(openssl speed -seconds "${CPU_SECONDS}" -evp sha256 2>/dev/null | tail -n 1 \
    | awk '{v = $NF; sub(/k$/, "", v); print v + 0}')" || openssl_k=null
  command -v sysbench >/dev/null || note "sysbench not installed: no sysbench figures"
  jq -n --argjson lscpu "${lscpu}" --argjson one "$(sysbench_eps 1)" --argjson all "$(sysbench_eps "$(nproc)")" \
    --argjson sha "${openssl_k:-null}" --argjson n "$(nproc)" \
    '{lscpu: $lscpu, online_cpus: $n, sysbench_events_per_s_1_thread: $one, sysbench_events_per_s_all_threads: $all,
      openssl_sha256_16k_blocks_kbytes_per_s: $sha}'
}

# Runs one fio job and prints its summary. Arguments: NAME DIRECTION(read|write|sync) then fio options.
# Globals: FIO_DIR FIO_SIZE FIO_SECONDS DIRECT (1, or 0 once the file system refused O_DIRECT).
fio_job() {
  local name="$1" dir="$2" out="${WORK}/fio-${1}.json"
  shift 2
  if ! fio --name="${name}" --directory="${FIO_DIR}" --size="${FIO_SIZE}" --runtime="${FIO_SECONDS}" --time_based \
    --direct="${DIRECT}" --output-format=json "$@" >"${out}" 2>"${WORK}/fio.err"; then
    note "fio ${name} failed: $(head -c 300 "${WORK}/fio.err" | tr '\n' ' ')"
    echo null
    return 0
  fi
  if [[ "${dir}" == sync ]]; then
    jq '.jobs[0].sync.lat_ns | {fsyncs: .N, p50_us: (.percentile["50.000000"] / 1000),
      p99_us: (.percentile["99.000000"] / 1000), max_us: (.max / 1000)}' "${out}"
  else
    jq --arg d "${dir}" '.jobs[0][$d] | {iops: .iops, mib_per_s: (.bw / 1024),
      p50_us: (.clat_ns.percentile["50.000000"] / 1000), p99_us: (.clat_ns.percentile["99.000000"] / 1000)}' "${out}"
  fi
}

disk_json() {
  [[ -n "${FIO_DIR}" ]] || { echo null; return 0; }
  command -v fio >/dev/null || { note "fio not installed: no disk figures"; echo null; return 0; }
  mkdir -p "${FIO_DIR}"
  DIRECT=1
  # Some file systems (tmpfs, some overlays) refuse O_DIRECT: measure through the page cache then, and say so.
  if ! fio --name=probe --directory="${FIO_DIR}" --size=1M --rw=read --bs=4k --direct=1 --output-format=json \
    >/dev/null 2>&1; then
    DIRECT=0
    note "O_DIRECT refused in ${FIO_DIR}: disk figures include the page cache"
  fi
  local rr rw sr sw fs
  rr="$(fio_job randread-4k read --ioengine=libaio --rw=randread --bs=4k --iodepth=32)"
  rw="$(fio_job randwrite-4k write --ioengine=libaio --rw=randwrite --bs=4k --iodepth=32)"
  sr="$(fio_job read-1m read --ioengine=libaio --rw=read --bs=1m --iodepth=8)"
  sw="$(fio_job write-1m write --ioengine=libaio --rw=write --bs=1m --iodepth=8)"
  fs="$(fio_job write-fsync-4k sync --ioengine=sync --rw=write --bs=4k --fsync=1 --direct=0)"
  rm -f "${FIO_DIR}"/{randread-4k,randwrite-4k,read-1m,write-1m,write-fsync-4k,probe}.*
  jq -n --arg dir "${FIO_DIR}" --arg fstype "$(stat -f -c %T "${FIO_DIR}")" --arg size "${FIO_SIZE}" \
    --argjson secs "${FIO_SECONDS}" --argjson direct "$((DIRECT == 1))" --argjson rr "${rr}" --argjson rw "${rw}" \
    --argjson sr "${sr}" --argjson sw "${sw}" --argjson fs "${fs}" \
    '{dir: $dir, filesystem: $fstype, file_size: $size, seconds_per_test: $secs, direct_io: ($direct == 1),
      randread_4k_qd32: $rr, randwrite_4k_qd32: $rw, read_1m_qd8: $sr, write_1m_qd8: $sw, write_fsync_4k: $fs}'
}

ping_json() {
  local target="$1" out
  command -v ping >/dev/null || { note "ping not installed: no round-trip figures"; echo null; return 0; }
  out="$(ping -n -q -c "${PING_COUNT}" -i 0.2 "${target}" 2>&1)" \
    || { note "ping ${target} failed"; echo null; return 0; }
  # "x% packet loss" and "rtt min/avg/max/mdev = a/b/c/d ms" from the summary.
  awk '/packet loss/ {for (i = 1; i <= NF; i++) if ($i ~ /%$/) {loss = $i; sub(/%/, "", loss)}}
    /^rtt|^round-trip/ {split($4, v, "/")}
    END {print loss + 0, v[1] + 0, v[2] + 0, v[3] + 0, v[4] + 0}' <<<"${out}" \
    | jq -R --argjson n "${PING_COUNT}" 'split(" ") | map(tonumber)
      | {count: $n, loss_pct: .[0], rtt_min_ms: .[1], rtt_avg_ms: .[2], rtt_max_ms: .[3], rtt_mdev_ms: .[4]}' 
}

# One client at a time: an iperf3 server runs one test at once and answers any other client that it is busy (several
# clients fingerprint at the same moment on AWS). Such a client waits its turn, a test's length and a random second
# or two, up to FINGERPRINT_IPERF_TRIES times (20), instead of recording no figure.
iperf_json() {
  local target="$1" out="${WORK}/iperf.json" why="" try
  command -v iperf3 >/dev/null || { note "iperf3 not installed: no throughput figures"; echo null; return 0; }
  for ((try = 1; ; try++)); do
    iperf3 -c "${target}" -p "${IPERF_PORT}" -t "${IPERF_SECONDS}" -P "${IPERF_STREAMS}" -J >"${out}" 2>&1 || true
    # iperf3 may exit 0 and put the failure in .error; only a measured throughput counts.
    jq -e '.end.sum_received.bits_per_second > 0' "${out}" >/dev/null 2>&1 && break
    why="$(jq -r '.error // empty' "${out}" 2>/dev/null || head -c 200 "${out}")"
    if [[ "${why}" != *busy* ]] || ((try >= ${FINGERPRINT_IPERF_TRIES:-20})); then
      note "iperf3 to ${target}:${IPERF_PORT} failed: ${why:-no throughput reported}"
      echo null
      return 0
    fi
    sleep "$((IPERF_SECONDS + 1 + RANDOM % 2)).$((RANDOM % 10))"
  done
  jq --argjson secs "${IPERF_SECONDS}" --argjson streams "${IPERF_STREAMS}" \
    '{seconds: $secs, streams: $streams, received_gbit_per_s: (.end.sum_received.bits_per_second / 1e9),
      retransmits: (.end.sum_sent.retransmits // null)}' "${out}"
}

network_json() {
  local targets="$1" t
  {
    for t in ${targets//,/ }; do
      jq -n --arg t "${t}" --argjson ping "$(ping_json "${t}")" --argjson iperf "$(iperf_json "${t}")" \
        '{target: $t, ping: $ping, iperf3: $iperf}'
    done
  } | jq -s .
}

tools_json() {
  jq -n --arg fio "$(fio --version 2>/dev/null || true)" \
    --arg iperf "$(iperf3 --version 2>/dev/null | head -n 1 || true)" \
    --arg sysbench "$(sysbench --version 2>/dev/null || true)" --arg openssl "$(openssl version)" \
    '{fio: $fio, iperf3: $iperf, sysbench: $sysbench, openssl: $openssl}'
}

main() {
  local targets="" size=full out=""
  FIO_DIR="" IPERF_PORT=5201
  while (($#)); do
    case "$1" in
      --targets) targets="${2:?--targets needs a value}"; shift 2 ;;
      --size) size="${2:?--size needs a value}"; shift 2 ;;
      --fio-dir) FIO_DIR="${2:?--fio-dir needs a value}"; shift 2 ;;
      --out) out="${2:?--out needs a value}"; shift 2 ;;
      --iperf-port) IPERF_PORT="${2:?--iperf-port needs a value}"; shift 2 ;;
      -h | --help) usage; return 0 ;;
      *) err "unknown argument '$1'"; usage >&2; return 2 ;;
    esac
  done
  set_size "${size}"
  command -v jq >/dev/null || { err "jq is required"; return 1; }
  trap cleanup EXIT
  trap 'cleanup; exit 130' INT TERM
  WORK="$(mktemp -d)"
  : >"${WORK}/errors"
  local started=${SECONDS} doc
  doc="$(jq -n --arg utc "$(date -u +%Y-%m-%dT%H:%M:%SZ)" --arg size "${size}" \
    --argjson instance "$(instance_json)" --argjson os "$(os_json)" --argjson cpu "$(cpu_json)" \
    --argjson disk "$(disk_json)" --argjson network "$(network_json "${targets}")" --argjson tools "$(tools_json)" \
    '{format: 1, kind: "machine-fingerprint", utc: $utc, size: $size, instance: $instance, os: $os, cpu: $cpu,
      disk: $disk, network: $network, tools: $tools}')"
  doc="$(jq --argjson secs $((SECONDS - started)) --rawfile errors "${WORK}/errors" \
    '. + {duration_s: $secs, errors: ($errors | split("\n") | map(select(length > 0)))}' <<<"${doc}")"
  if [[ -z "${out}" ]]; then
    printf '%s\n' "${doc}"
  else
    printf '%s\n' "${doc}" >"${out}.tmp"
    mv "${out}.tmp" "${out}"
  fi
}

main "$@"

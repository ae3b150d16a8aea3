#!/usr/bin/env bash
# Shared functions of the cloud provisioning scripts (scripts/provision/<role>.sh). They run as root, started by
# cloud-init through bootstrap.sh, on Ubuntu 24.04 AWS machines made by terraform/. Source this file; it defines
# functions and read-only paths and changes no shell option.
#
#   source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
#
# role.env (written by terraform/cloud_init.tf, mode 0600) holds KEY='value' lines, none of them secret:
#   ROLE            redisjson | mongodb | elasticsearch | client
#   STORE           the store of this cluster (same as ROLE on servers)
#   CLUSTER_NAME    name of the cluster (resource name prefix)
#   SERVER_IPS      private IPs of all servers, comma-separated, in node order (node 0 forms the cluster)
#   NODE_IP         this machine's private IP
#   NODE_INDEX      this server's index (servers only)
#   CLIENT_SSH_KEY_FILE  clients, when there are several: where the clients' SSH private key goes
#   CLIENT_SSH_FROM      with it: the clients' fixed range (CIDR), the only addresses the key is good from
#                   (CLIENT_IPS, the clients' addresses, in a role.env of an older configuration)
#   FAULT_SSH_KEY_FILE   clients: where the fault SSH private key goes (the sweep's fault steps use it)
#   FAULT_SSH_PUBLIC_KEY servers: the fault key's public half ("ssh-ed25519 ..."), admitted in ~ubuntu's
#                   authorized_keys only as the forced command of the fault helper (install_fault_access)
#   FAULT_SSH_FROM  servers: the clients' fixed range (CIDR), the only addresses the fault key is good from
#   REPO_DIR        where bootstrap.sh unpacked the repository
#   DURABILITY      relaxed | strict: the profile of scripts/stores/profiles/<store>.env applied (topology cluster)
#   STORE_MEMORY_MB the memory budget of the store on each server (the same figure for every store; see
#                   memory_per_process_mb in scripts/stores/profile.sh)
#   AWS_REGION, SSM_PARAMETERS   where bootstrap.sh reads the parameters below from ("VAR=/name,...")
#   REDIS_VERSION REDIS_BASE_PORT REDIS_PROCESSES_PER_SERVER REDIS_REPLICAS_PER_SHARD
#   MONGODB_VERSION MONGOSH_VERSION MONGODB_REPLICA_SET
#   ELASTICSEARCH_VERSION
# secrets.env beside it (written by bootstrap.sh from SSM Parameter Store, mode 0600):
#   BUNDLE_URL, BUNDLE_SHA256 (every machine: the bundle's address and checksum, String parameters)
#   servers only: REDIS_PASSWORD | MONGODB_ADMIN_PASSWORD MONGODB_YCSB_PASSWORD MONGODB_KEYFILE_CONTENT
#   | ES_ELASTIC_PASSWORD ES_YCSB_PASSWORD ES_TLS_CA_CERT ES_TLS_NODE_CERT ES_TLS_NODE_KEY
#   clients only, with several clients: CLIENT_SSH_PRIVATE_KEY (installed at role.env's CLIENT_SSH_KEY_FILE)
#   clients only: FAULT_SSH_PRIVATE_KEY (installed at role.env's FAULT_SSH_KEY_FILE)
# Secrets reach programs through files of mode 0600/0640, the environment or stdin, never as arguments (which any
# local user can read in /proc).
# Versions are pinned in one place: terraform/variables.tf (store_versions, exact versions), passed down through
# role.env; every store package is installed at that version and held (apt-mark hold). The vendors' repositories
# are trusted only with the signing keys whose fingerprints are pinned below.
#
# What every machine leaves in /var/lib/ycsb-docsearch/:
#   status.json     {"role","state":"provisioning|ready|failed","detail","utc"}
#   store.json      servers: installed version, layout and settings of the store (for the results manifest)
#   machine-fingerprint.json  scripts/machine-fingerprint.sh output (CPU, disk on the data volume, network on the
#                             client); baseline.json before the rename
# Env knobs: FORMATION_TIMEOUT_S (default 1800) bounds the wait for the other servers; YCSB_STATE_DIR (default
# /var/lib/ycsb-docsearch) moves the state files (tests).

# Each store's durability profiles, memory split and OS tuning: the one definition the local stores use too
# (os-settings.sh sources profile.sh, and says which kernel file each OS setting is).
# shellcheck source=scripts/cluster/os-settings.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")/../cluster" && pwd)/os-settings.sh"

readonly STATE_DIR="${YCSB_STATE_DIR:-/var/lib/ycsb-docsearch}"
# The bound of every wait for the other machines (they provision in parallel).
readonly FORMATION_TIMEOUT_S="${FORMATION_TIMEOUT_S:-1800}"
# Where every store server gets scripts/provision/fault.sh (install_fault_access); the fault key's forced command.
readonly FAULT_HELPER=/usr/local/sbin/ycsb-docsearch-fault
readonly DATA_DIR=/data
readonly KEYRING_DIR=/usr/share/keyrings

# Fingerprints of the vendors' repository signing keys. A downloaded key with another fingerprint is refused, so a
# compromised or rotated key stops provisioning instead of being trusted silently.
# The role scripts that source this file use them (SC2034).
# shellcheck disable=SC2034
readonly REDIS_KEY_FINGERPRINT=54318FA4052D1E61A6B6F7BB5F4349D6BF53AA0C # packages.redis.io
# shellcheck disable=SC2034
readonly MONGODB_80_KEY_FINGERPRINT=4B0752C1BCA238C0B4EE14DC41DE058A4E7DCA05 # "MongoDB 8.0 Release Signing Key"
# shellcheck disable=SC2034
readonly ELASTIC_KEY_FINGERPRINT=46095ACC8548582C1A2699A9D27D666CD88E42B4 # "Elasticsearch (Elasticsearch Signing Key)"

log() {
  printf '%s %s: %s\n' "$(date -u +%H:%M:%S)" "${ROLE:-provision}" "$*" >&2
}

die() {
  log "error: $*"
  write_status failed "$*"
  exit 1
}

# Sources role.env and the secrets.env beside it (when there is one) and checks that the named variables are set.
# Arguments: FILE, then the names of required variables.
load_role_env() {
  local file="$1" name secrets
  shift
  [[ -r "${file}" ]] || die "role env ${file} is not readable"
  # shellcheck disable=SC1090  # the path is only known at run time (terraform writes it)
  source "${file}"
  secrets="${SECRETS_ENV:-$(dirname "${file}")/secrets.env}"
  if [[ -r "${secrets}" ]]; then
    # shellcheck disable=SC1090  # written by bootstrap.sh from SSM Parameter Store
    source "${secrets}"
  fi
  for name in ROLE STORE SERVER_IPS REPO_DIR DURABILITY STORE_MEMORY_MB "$@"; do
    [[ -n "${!name:-}" ]] || die "role env ${file} does not set ${name}"
  done
}

# Writes status.json atomically. Arguments: STATE DETAIL. python3, not jq: jq may not be installed yet.
write_status() {
  local state="$1" detail="${2:-}"
  mkdir -p "${STATE_DIR}"
  python3 -c 'import json, sys, time
print(json.dumps({"role": sys.argv[1], "state": sys.argv[2], "detail": sys.argv[3],
                  "utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}))' \
    "${ROLE:-unknown}" "${state}" "${detail}" >"${STATE_DIR}/status.json.tmp" || return 0
  mv "${STATE_DIR}/status.json.tmp" "${STATE_DIR}/status.json"
}

# Writes a JSON document (stdin) to STATE_DIR/NAME atomically.
write_state_json() {
  local name="$1"
  mkdir -p "${STATE_DIR}"
  jq . >"${STATE_DIR}/${name}.tmp"
  mv "${STATE_DIR}/${name}.tmp" "${STATE_DIR}/${name}"
}

# apt-get that waits for cloud-init's own apt runs instead of failing on the lock, and retries network hiccups.
apt_get() {
  local attempt
  for attempt in 1 2 3 4 5; do
    if DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 -o Acquire::Retries=3 -y -q "$@"; then
      return 0
    fi
    log "apt-get $* failed (attempt ${attempt}); retrying"
    sleep $((attempt * 10))
  done
  die "apt-get $* kept failing"
}

# Adds a vendor apt repository whose signing key must have the pinned fingerprint (idempotent).
# Arguments: NAME KEY_URL FINGERPRINT "DEB LINE" (the line's [signed-by=...] is added here).
add_vendor_repo() {
  local name="$1" key_url="$2" want="$3" line="$4"
  local keyring="${KEYRING_DIR}/${name}.gpg" tmp got
  tmp="$(mktemp)"
  curl -fsSL --retry 5 --retry-all-errors -o "${tmp}" "${key_url}" || die "cannot download ${key_url}"
  got="$(key_fingerprints "${tmp}")"
  [[ "${got}" == "${want}" ]] || die "the key at ${key_url} has fingerprint(s) ${got//$'\n'/ }, expected ${want}"
  gpg --batch --yes --dearmor -o "${keyring}" <"${tmp}"
  rm -f "${tmp}"
  chmod 0644 "${keyring}"
  printf 'deb [signed-by=%s] %s\n' "${keyring}" "${line}" >"/etc/apt/sources.list.d/${name}.list"
  apt_get update
}

# Primary-key fingerprints in the (armored or binary) key file $1, one per line.
key_fingerprints() {
  gpg --batch --with-colons --show-keys "$1" 2>/dev/null | awk -F: '$1 == "pub" {want = 1} $1 == "fpr" && want {print $10; want = 0}'
}

# Installs PKG at the exact upstream VERSION (the newest Debian revision of it) and holds it, so no later apt run
# replaces it. Arguments: VERSION PKG... Dies when a package lacks that version.
install_pinned() {
  local version="$1" pkg apt_version
  shift
  local -a specs=()
  for pkg in "$@"; do
    apt_version="$(newest_version "${pkg}" "${version}")" || die "no ${pkg} ${version} in the configured repositories"
    specs+=("${pkg}=${apt_version}")
  done
  apt_get install --allow-downgrades "${specs[@]}"
  apt-mark hold "$@" >/dev/null
  log "installed and held: ${specs[*]}"
}

# Prints the newest version of PKG in the apt sources whose upstream version is PREFIX or starts with PREFIX
# followed by '.', '-' or '~' (so "8" matches 8.2.1 but not 80.1). Fails when none matches.
newest_version() {
  local pkg="$1" prefix="$2" v upstream
  local -a matches=()
  while read -r v; do
    upstream="${v#*:}"
    if [[ "${upstream}" == "${prefix}" || "${upstream}" == "${prefix}".* || "${upstream}" == "${prefix}"-* \
      || "${upstream}" == "${prefix}"~* ]]; then
      matches+=("${v}")
    fi
  done < <(apt-cache madison "${pkg}" | awk -F'|' '{gsub(/ /, "", $2); print $2}')
  ((${#matches[@]} > 0)) || return 1
  printf '%s\n' "${matches[@]}" | sort -V | tail -n 1
}

# Ubuntu codename of this machine (the vendors' repositories are per release).
os_codename() {
  # shellcheck disable=SC1091  # os-release is always there on Ubuntu
  (source /etc/os-release && printf '%s\n' "${VERSION_CODENAME}")
}

# No package changes behind the benchmark's back: unattended upgrades and the apt timers (which also restart
# services and take CPU and disk at random times) are stopped and masked on every benchmark machine.
quiet_apt() {
  systemctl disable --now unattended-upgrades.service apt-daily.timer apt-daily-upgrade.timer >/dev/null 2>&1 || true
  systemctl mask unattended-upgrades.service apt-daily.service apt-daily-upgrade.service apt-daily.timer \
    apt-daily-upgrade.timer >/dev/null 2>&1 || true
  cat >/etc/apt/apt.conf.d/99-ycsb-docsearch-no-auto <<'EOF'
APT::Periodic::Enable "0";
APT::Periodic::Update-Package-Lists "0";
APT::Periodic::Unattended-Upgrade "0";
EOF
}

# Base packages and the kernel settings every machine shares; a store vendor's settings are tune_for_store's.
prepare_host() {
  quiet_apt
  apt_get update
  apt_get install curl gnupg jq mdadm xfsprogs nvme-cli iperf3 fio sysbench numactl
  cat >/etc/sysctl.d/90-ycsb-docsearch.conf <<'EOF'
vm.swappiness = 1
net.core.somaxconn = 65535
net.ipv4.tcp_max_syn_backlog = 65535
fs.file-max = 4194304
EOF
  sysctl --system >/dev/null
}

# The operating-system settings of each vendor's production notes, on that store's servers only, made persistent
# (sysctl.d for /proc/sys, a oneshot unit for sysfs, whose settings do not survive a reboot). Which settings is
# scripts/cluster/os-settings.sh's table (aws_* keys before os_*), the one the local stores are tuned from too; the
# values are scripts/stores/profiles/<store>.env's. MongoDB 8.0's glibc rseq setting is the mongod unit's drop-in
# (mongodb-lib.sh). Arguments: STORE.
tune_for_store() {
  local store="$1" key file value name readahead settings sysctl=""
  local -a lines=()
  settings="$(os_wanted "${store}" aws)" || die "tune_for_store: unknown store ${store}"
  while IFS=$'\t' read -r key file _ value; do
    [[ -n "${key}" ]] || continue # no setting at all: "<<<" still gives one empty line
    name="$(os_sysctl_name "${file}")"
    if [[ -n "${name}" ]]; then
      sysctl+="${name} = ${value}"$'\n'
    else
      lines+=("echo ${value} >${file}")
    fi
  done <<<"${settings}"
  [[ -z "${sysctl}" ]] \
    || { printf '%s' "${sysctl}" >"/etc/sysctl.d/91-ycsb-docsearch-${store}.conf"; sysctl --system >/dev/null; }
  readahead="$(profile_var "${store}" aws_readahead_sectors)"
  [[ -z "${readahead}" || -z "${DATA_DEVICE:-}" ]] || lines+=("blockdev --setra ${readahead} ${DATA_DEVICE}")
  if ((${#lines[@]})); then
    printf '#!/bin/sh\n# %s tuning (scripts/provision/common.sh, tune_for_store)\n%s\n' "${store}" \
      "$(printf '%s\n' "${lines[@]}")" >/usr/local/sbin/ycsb-docsearch-tuning
    chmod 0755 /usr/local/sbin/ycsb-docsearch-tuning
    install_unit ycsb-docsearch-tuning.service <<'EOF'
[Unit]
Description=ycsb-docsearch per-store kernel settings
After=local-fs.target data.mount
Before=mongod.service elasticsearch.service

[Service]
Type=oneshot
ExecStart=/usr/local/sbin/ycsb-docsearch-tuning
RemainAfterExit=yes
EOF
    systemctl enable --now ycsb-docsearch-tuning.service || die "the ${store} kernel settings could not be applied"
  fi
  log "tuned for ${store}: $(os_tuning_json | jq -c .)"
}

# The settings tune_for_store touches, as they are now: a JSON object for store.json, one field per kernel setting of
# scripts/cluster/os-settings.sh's table (the file's content as the kernel shows it), and the data volume's readahead.
os_tuning_json() {
  local key file readahead=""
  [[ -z "${DATA_DEVICE:-}" ]] || readahead="$(blockdev --getra "${DATA_DEVICE}" 2>/dev/null)" || readahead=""
  {
    while IFS=$'\t' read -r key file _; do
      printf '%s\t%s\n' "${key}" "$(cat "${file}" 2>/dev/null)"
    done < <(os_setting_files)
    printf 'data_readahead_sectors\t%s\n' "${readahead}"
  } | jq -Rn '[inputs | split("\t") | {(.[0]): .[1]}] | add'
}

# The instance's NVMe instance-store disks (not the EBS root volume), one /dev path per line.
instance_store_disks() {
  local dev model
  for dev in /dev/nvme*n1; do
    [[ -b "${dev}" ]] || continue
    model="$(cat "/sys/block/$(basename "${dev}")/device/model" 2>/dev/null || true)"
    [[ "${model}" != *"Instance Storage"* ]] || printf '%s\n' "${dev}"
  done
}

# Formats and mounts the instance storage at DATA_DIR: RAID 0 over all NVMe instance-store disks, XFS, noatime. Safe
# to re-run. Instance storage is wiped when the instance stops, so the fstab entry is nofail. DATA_DEVICE (for
# tune_for_store's readahead) is the /dev/disk/by-uuid/ link: kernel names (/dev/md127) can change between boots.
# Arguments: "required" (servers: fail without instance storage) or "optional" (clients: carry on without).
prepare_data_volume() {
  local need="${1:-required}"
  if mountpoint -q "${DATA_DIR}"; then
    DATA_DEVICE="/dev/disk/by-uuid/$(findmnt -n -o UUID "${DATA_DIR}")"
    log "${DATA_DIR} already mounted"
    return 0
  fi
  local -a disks
  mapfile -t disks < <(instance_store_disks)
  if ((${#disks[@]} == 0)); then
    [[ "${need}" == optional ]] || die "no NVMe instance storage found: use an instance type with local NVMe disks"
    log "no NVMe instance storage: ${DATA_DIR} stays on the root volume"
    mkdir -p "${DATA_DIR}"
    return 0
  fi
  local dev="${disks[0]}"
  ((${#disks[@]} == 1)) || dev="$(raid0_device "${disks[@]}")"
  blkid "${dev}" >/dev/null 2>&1 || mkfs.xfs -f -q "${dev}"
  mkdir -p "${DATA_DIR}"
  local uuid
  uuid="$(blkid -s UUID -o value "${dev}")"
  grep -q " ${DATA_DIR} " /etc/fstab || echo "UUID=${uuid} ${DATA_DIR} xfs defaults,noatime,nofail 0 2" >>/etc/fstab
  mount "${DATA_DIR}"
  DATA_DEVICE="/dev/disk/by-uuid/${uuid}"
  log "data volume: ${dev} (UUID ${uuid}) over ${disks[*]} mounted at ${DATA_DIR}"
}

readonly RAID_NAME=ycsb-data

# Prints the RAID 0 array over the given disks, /dev/md/ycsb-data, creating it unless a re-run finds it assembled. It
# goes into mdadm.conf and the initramfs, or after a reboot it would assemble as /dev/md127 or similar.
raid0_device() {
  local dev="/dev/md/${RAID_NAME}"
  mdadm --assemble --scan >/dev/null 2>&1 || true
  if [[ ! -b "${dev}" ]]; then
    mdadm --create "${dev}" --run --name="${RAID_NAME}" --level=0 --raid-devices="$#" --chunk=256 "$@" >&2 \
      || die "mdadm could not create ${dev} over $*"
  fi
  # mdadm names the array "<hostname>:ycsb-data" (or just "ycsb-data" without a home host).
  local line="name=([^ ]*:)?${RAID_NAME}( |$)"
  if ! grep -qE "${line}" /etc/mdadm/mdadm.conf 2>/dev/null; then
    mdadm --detail --scan | grep -E "${line}" >>/etc/mdadm/mdadm.conf || die "mdadm does not list ${dev}"
    update-initramfs -u >&2 || log "update-initramfs failed: ${dev} may come back under another name after a reboot"
  fi
  printf '%s\n' "${dev}"
}

# Writes the systemd unit NAME from stdin, with the [Install] section every unit here has (multi-user.target), and
# makes systemd read it.
install_unit() {
  { cat; printf '\n[Install]\nWantedBy=multi-user.target\n'; } >"/etc/systemd/system/$1"
  systemctl daemon-reload
}

# An iperf3 server on every store server, for scripts/machine-fingerprint.sh on the client.
start_iperf_server() {
  install_unit ycsb-iperf3.service <<'EOF'
[Unit]
Description=iperf3 server for the ycsb-docsearch machine fingerprint (network)
After=network-online.target

[Service]
ExecStart=/usr/bin/iperf3 --server --port 5201
Restart=always
DynamicUser=yes
EOF
  systemctl enable --now ycsb-iperf3.service
}

# Machine fingerprint before the store holds data, with TARGETS (comma-separated iperf3 servers) the network to them.
# Not fatal: a benchmark without a fingerprint still runs. Arguments: TARGETS ("" for none) [FIO_DIR].
record_fingerprint() {
  local targets="$1" fio_dir="${2:-${DATA_DIR}/fingerprint}" out="${STATE_DIR}/machine-fingerprint.json"
  local -a net=()
  [[ -z "${targets}" ]] || net=(--targets "${targets}")
  mkdir -p "${STATE_DIR}" "${fio_dir}"
  if "${REPO_DIR}/scripts/machine-fingerprint.sh" --size full --fio-dir "${fio_dir}" --out "${out}" "${net[@]}"; then
    log "machine fingerprint written to ${out}"
  else
    log "machine fingerprint failed (not fatal): see the provisioning log"
  fi
  rm -rf "${fio_dir}"
}

# Writes CONTENT to FILE, owned by OWNER (user:group) with MODE, unreadable to others from the first byte (umask).
# printf is a builtin: the content appears in no process's arguments. Arguments: FILE OWNER MODE CONTENT.
write_secret_file() {
  (umask 077 && printf '%s\n' "$4" >"$1")
  chown "$2" "$1"
  chmod "$3" "$1"
}

# Writes stdin (a private key: never an argument) to FILE, 0600 and USER's (its folder 0700), unreadable to others
# from the first byte (umask), and whole or not at all (renamed into place). Arguments: USER FILE.
write_private_file() {
  local user="$1" file="$2" group
  group="$(id -gn "${user}")"
  install -d -o "${user}" -g "${group}" -m 0700 "$(dirname "${file}")"
  (umask 077 && cat >"${file}.tmp")
  chown "${user}:${group}" "${file}.tmp"
  chmod 0600 "${file}.tmp"
  mv "${file}.tmp" "${file}"
}

# Replaces USER's authorized_keys line (in AUTH) that ends in " MARKER" by LINE, keeping every other line (the
# operator's key). Arguments: USER AUTH MARKER LINE.
set_authorized_key() {
  { grep -v " $3\$" "$2" 2>/dev/null || true; printf '%s\n' "$4"; } | write_private_file "$1" "$2"
}

# Several clients: the sweep on client 0 starts the other clients' JVMs over SSH with the clients' own key pair
# (terraform/secrets.tf). Installs CLIENT_SSH_PRIVATE_KEY (secrets.env) at KEY_FILE and its public half in the
# authorized_keys beside it, usable only from CLIENTS. Safe to re-run.
# Arguments: USER KEY_FILE CLIENTS (addresses or CIDRs, comma-separated).
install_client_ssh_key() {
  local user="$1" key_file="$2" client_ips="$3" dir public
  local -r marker=ycsb-docsearch-clients
  [[ -n "${CLIENT_SSH_PRIVATE_KEY:-}" ]] || die "no CLIENT_SSH_PRIVATE_KEY in secrets.env (its SSM parameter)"
  dir="$(dirname "${key_file}")"
  printf '%s\n' "${CLIENT_SSH_PRIVATE_KEY%$'\n'}" | write_private_file "${user}" "${key_file}"
  public="$(ssh-keygen -y -f "${key_file}" | awk '{print $1, $2}')" \
    || die "${key_file} is not a private key ssh-keygen can read"
  [[ "${public}" == ssh-* ]] || die "ssh-keygen derived no public key from ${key_file}"
  install -o "${user}" -g "$(id -gn "${user}")" -m 0644 /dev/null "${key_file}.pub"
  printf '%s %s\n' "${public}" "${marker}" >"${key_file}.pub"
  # restrict: no forwarding of any kind, no pty, no user rc; the sweep only runs commands.
  set_authorized_key "${user}" "${dir}/authorized_keys" "${marker}" \
    "from=\"${client_ips}\",restrict ${public} ${marker}"
  log "clients' SSH key in ${key_file}; ${dir}/authorized_keys admits it from ${client_ips}"
}

# Every client: the fault SSH key (terraform/secrets.tf), with which the sweep's fault steps end and restart a store
# process on a server (only through its fault helper: install_fault_access). Installs FAULT_SSH_PRIVATE_KEY
# (secrets.env) at KEY_FILE. Safe to re-run. Arguments: USER KEY_FILE.
install_fault_ssh_key() {
  local user="$1" key_file="$2"
  [[ -n "${FAULT_SSH_PRIVATE_KEY:-}" ]] || die "no FAULT_SSH_PRIVATE_KEY in secrets.env (its SSM parameter)"
  printf '%s\n' "${FAULT_SSH_PRIVATE_KEY%$'\n'}" | write_private_file "${user}" "${key_file}"
  ssh-keygen -y -f "${key_file}" >/dev/null 2>&1 || die "${key_file} is not a private key ssh-keygen can read"
  log "fault SSH key in ${key_file} (the servers let it run their fault helper, nothing else)"
}

# Every store server: the fault helper (scripts/provision/fault.sh) and the one key allowed to run it, for the
# sweep's fault steps. The helper is root:root 0755 (it runs as root through sudo, so only root may change it);
# FAULT_SSH_PUBLIC_KEY goes into USER's authorized_keys with from= (the clients' range, FAULT_SSH_FROM, when set),
# restrict (no shell, pty or forwarding) and command= (sshd runs the helper whatever is asked; the helper refuses
# anything but its words). Safe to re-run. Without FAULT_SSH_PUBLIC_KEY (an older role.env) no key is admitted: fault
# steps then fail at their SSH check, the benchmark itself is unaffected.
# Arguments: USER [AUTHORIZED_KEYS (default ~USER/.ssh/authorized_keys)] [HELPER (default FAULT_HELPER)].
install_fault_access() {
  local user="$1" auth="${2:-}" helper="${3:-${FAULT_HELPER}}" from=""
  local -r marker=ycsb-docsearch-fault key_form='^ssh-ed25519 [A-Za-z0-9+/]+={0,2}$'
  [[ -n "${auth}" ]] || auth="$(getent passwd "${user}" | cut -d: -f6)/.ssh/authorized_keys"
  install -o root -g root -m 0755 "$(dirname "${BASH_SOURCE[0]}")/fault.sh" "${helper}"
  [[ -n "${FAULT_SSH_PUBLIC_KEY:-}" ]] \
    || { log "no FAULT_SSH_PUBLIC_KEY in role.env: ${helper} installed, no key may run it (fault steps will fail)"; return 0; }
  # One key and nothing else: a newline or an option list in the value would add lines or options of its own.
  [[ "${FAULT_SSH_PUBLIC_KEY}" =~ ${key_form} ]] || die "FAULT_SSH_PUBLIC_KEY in role.env is not one ssh-ed25519 key"
  if [[ -n "${FAULT_SSH_FROM:-}" ]]; then
    # Addresses or CIDRs, comma-separated, and nothing that could close the option's quotes.
    [[ "${FAULT_SSH_FROM}" =~ ^[0-9./,]+$ ]] || die "FAULT_SSH_FROM in role.env is not a list of addresses"
    from="from=\"${FAULT_SSH_FROM}\","
  fi
  set_authorized_key "${user}" "${auth}" "${marker}" \
    "${from}restrict,command=\"${helper}\" ${FAULT_SSH_PUBLIC_KEY} ${marker}"
  log "fault helper ${helper}; ${auth} lets the fault key run it and nothing else"
}

# What every store server does before its store is installed, in this order: packages and limits, the fault helper
# and its key (install_fault_access), the data volume, the store's OS tuning (before the store starts, so it runs
# tuned from its first page), the machine fingerprint (on an empty volume), then the iperf3 endpoint. The endpoint
# comes last on purpose: it is the servers' "fingerprint done" marker. The client measures the network to every server
# only once all of them accept iperf3 connections (client.sh), so its iperf3 traffic never lands in a server's own
# CPU/disk measurement, nor the other way round.
# Arguments: STORE (profile name), LABEL (for the status line).
prepare_store_host() {
  local store="$1" label="$2"
  write_status provisioning "installing ${label}"
  prepare_host
  # The fault helper early, before the long steps: it needs no store, and a server that fails later still has it.
  install_fault_access ubuntu # the AMI's user (terraform's ssh_user)
  prepare_data_volume required
  tune_for_store "${store}"
  write_status provisioning "recording the machine fingerprint"
  record_fingerprint ""
  start_iperf_server
}

server_ips() {
  tr ',' '\n' <<<"${SERVER_IPS}"
}

port_open() {
  timeout 2 bash -c "exec 3<>/dev/tcp/$1/$2" 2>/dev/null
}

# Re-runs CMD... (its output dropped) every PAUSE seconds until it succeeds; dies with WHY once SECS have passed.
# Arguments: SECS PAUSE WHY CMD...
retry_until() {
  local deadline=$((SECONDS + $1)) pause="$2" why="$3"
  shift 3
  until "$@" >/dev/null 2>&1; do
    ((SECONDS < deadline)) || die "${why}"
    sleep "${pause}"
  done
}

# Waits until every IP:PORT given accepts connections (the machines provision in parallel): FORMATION_TIMEOUT_S in all.
wait_for_ports() {
  local deadline=$((SECONDS + FORMATION_TIMEOUT_S)) address
  for address in "$@"; do
    retry_until $((deadline - SECONDS)) 5 "${address} did not come up within ${FORMATION_TIMEOUT_S}s" \
      port_open "${address%:*}" "${address##*:}"
  done
}

wait_for_servers() {
  local -a addresses
  mapfile -t addresses < <(server_ips | sed "s/\$/:$1/")
  wait_for_ports "${addresses[@]}"
  log "every server accepts connections on port $1"
}

is_first_node() {
  [[ "${NODE_INDEX:-}" == "0" ]]
}

# The start of every role script's main: anything but one argument (ROLE_ENV) prints the header comment (its usage)
# and returns 2; else the exit trap is set. Arguments: the script's.
start_role() {
  [[ $# -eq 1 && "$1" != -h && "$1" != --help ]] \
    || { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0" >&2; return 2; }
  trap on_exit EXIT
}

# The exit trap of every role script: a failure anywhere leaves status.json saying so.
on_exit() {
  local rc=$?
  # die already wrote the precise reason: keep it.
  ((rc == 0)) || grep -q '"state": "failed"' "${STATE_DIR}/status.json" 2>/dev/null \
    || write_status failed "provisioning exited with status ${rc}; see /var/log/ycsb-docsearch-provision.log"
}

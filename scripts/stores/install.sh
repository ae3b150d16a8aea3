#!/usr/bin/env bash
# Installs the local stores' binaries under ${STORES_HOME}. Sourced by scripts/stores.sh (needs lib/common.sh and
# the variables STORES_HOME, REPO_ROOT); defines functions only.
#
#   install_store redisjson|mongodb|elasticsearch
#
# Every step is skipped when its marker file says the same pinned inputs are already installed, so a re-run is quick.
# Env knobs: STORES_PYTHON (python used to create the venv, default python3), MVN (default: the pinned Maven, ./mvnw),
#   LIBSSL_APT_URI (security archive to fetch libssl1.1 from; default: the one in this machine's apt sources).

readonly VENV_REQUIREMENTS="${REPO_ROOT}/scripts/stores/requirements.txt"
readonly LIBSSL_PACKAGE="libssl1.1"

venv_dir() { printf '%s/venv' "${STORES_HOME}"; }
venv_python() { printf '%s/bin/python' "$(venv_dir)"; }
probe() { "$(venv_python)" "${REPO_ROOT}/scripts/stores/probe.py" "$@"; }
libssl_dir() { printf '%s/libssl/usr/lib/%s' "${STORES_HOME}" "$(uname -m)-linux-gnu"; }
es_dist_dir() { printf '%s/elasticsearch/dist' "${STORES_HOME}"; }

# The venv holds the two server wheels and pymongo. Marker = the requirements file's content.
install_venv() {
  local marker python
  marker="$(venv_dir)/.installed-requirements"
  if [[ -f "${marker}" ]] && cmp -s "${marker}" "${VENV_REQUIREMENTS}"; then
    return 0
  fi
  python="${STORES_PYTHON:-python3}"
  if ! command -v "${python}" >/dev/null || ! "${python}" -c 'import venv, ensurepip' 2>/dev/null; then
    # A bare Debian 12 (e.g. a container) lacks python3 or its venv module; python3-venv brings both.
    install_apt_package python3-venv
  fi
  log "creating venv $(venv_dir) and installing pinned wheels (first time: ~1 min)"
  rm -rf "$(venv_dir)"
  "${python}" -m venv "$(venv_dir)"
  "$(venv_python)" -m pip install --quiet --disable-pip-version-check --no-deps --requirement "${VENV_REQUIREMENTS}" \
    || die "pip install of ${VENV_REQUIREMENTS} failed"
  cp "${VENV_REQUIREMENTS}" "${marker}"
}

# Installs a Debian package with the system's own apt (root only): used for python3-venv on a bare machine.
install_apt_package() {
  local pkg="$1"
  [[ "$(id -u)" == 0 ]] || die "package ${pkg} is missing; install it (apt-get install ${pkg}) or run as root"
  log "installing ${pkg} with apt-get"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${pkg}" >/dev/null 2>&1 \
    || { apt-get update -q >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${pkg}" >/dev/null; } \
    || die "apt-get install ${pkg} failed"
}

# The security mirror this machine already uses, read from its apt configuration (deb822 .sources files first,
# then one-line sources.list). Only the suite is changed later, so no mirror host is written in this repository.
security_mirror_uri() {
  local f uri
  [[ -z "${LIBSSL_APT_URI:-}" ]] || { printf '%s\n' "${LIBSSL_APT_URI}"; return 0; }
  for f in /etc/apt/sources.list.d/*.sources; do
    [[ -f "${f}" ]] || continue
    # deb822 stanzas are separated by blank lines; pick the stanza whose Suites mention -security.
    uri="$(awk 'BEGIN{RS=""; FS="\n"} /Suites:[^\n]*-security/ {
             for (i = 1; i <= NF; i++) if ($i ~ /^URIs:/) { split($i, a, /[ \t]+/); print a[2]; exit } }' "${f}")"
    [[ -z "${uri}" ]] || { printf '%s\n' "${uri}"; return 0; }
  done
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [[ -f "${f}" ]] || continue
    # One-line format: deb [opt=val ...] URI SUITE COMPONENTS...; skip the bracketed options, however many.
    uri="$(awk '$1 == "deb" { inopt = 0; u = ""
             for (i = 2; i <= NF; i++) {
               if ($i ~ /^\[/) inopt = 1
               if (!inopt) { u = $i; s = $(i + 1); break }
               if ($i ~ /\]$/) inopt = 0
             }
             if (u != "" && s ~ /-security/) { print u; exit } }' "${f}")"
    [[ -z "${uri}" ]] || { printf '%s\n' "${uri}"; return 0; }
  done
  return 1
}

# libssl1.1 for the Redis Stack binary. Debian 12 and Ubuntu 22.04 (the nightly's runner) have only OpenSSL 3; the
# release before each still carries 1.1 in its security suite, signed by the keyring the system already has. Prints
# "SUITE KEYRING" for this machine's distribution (/etc/os-release).
libssl_source() {
  local id like
  id="$(. /etc/os-release && printf '%s' "${ID:-}")"
  like="$(. /etc/os-release && printf '%s' "${ID_LIKE:-}")"
  case " ${id} ${like} " in
    *" ubuntu "*) printf 'focal-security /usr/share/keyrings/ubuntu-archive-keyring.gpg\n' ;;
    *" debian "*) printf 'bullseye-security /usr/share/keyrings/debian-archive-keyring.gpg\n' ;;
    *) return 1 ;;
  esac
}

# Fetches libssl1.1 with apt-get download under a private apt state (own sources list, lists, cache, status):
# the system's apt sources and state are not touched. dpkg -x unpacks it under ${STORES_HOME}/libssl.
install_libssl() {
  local so dir uri suite keyring
  so="$(libssl_dir)/libssl.so.1.1"
  [[ ! -f "${so}" ]] || return 0
  read -r suite keyring < <(libssl_source) \
    || die "no known source of ${LIBSSL_PACKAGE} on this distribution (Debian and Ubuntu have one): see /etc/os-release"
  uri="$(security_mirror_uri)" || die "no security mirror in /etc/apt sources: cannot fetch ${LIBSSL_PACKAGE}"
  [[ -f "${keyring}" ]] || die "${keyring} missing: it verifies ${suite}"
  dir="${STORES_HOME}/apt"
  rm -rf "${dir}"
  mkdir -p "${dir}/lists/partial" "${dir}/cache/archives/partial" "${dir}/parts" "${dir}/debs"
  printf 'deb [signed-by=%s] %s %s main\n' "${keyring}" "${uri}" "${suite}" >"${dir}/sources.list"
  : >"${dir}/status"
  local -a opts=(-o "Dir::Etc::SourceList=${dir}/sources.list" -o "Dir::Etc::SourceParts=${dir}/parts"
    -o "Dir::State::Lists=${dir}/lists" -o "Dir::State::status=${dir}/status" -o "Dir::Cache=${dir}/cache"
    -o "Debug::NoLocking=1" -o "APT::Sandbox::User=root" -q)
  log "fetching ${LIBSSL_PACKAGE} from ${suite} (private apt state in ${dir})"
  apt-get "${opts[@]}" update >"${dir}/update.log" 2>&1 || die "apt-get update for ${suite} failed: see ${dir}/update.log"
  (cd "${dir}/debs" && apt-get "${opts[@]}" download "${LIBSSL_PACKAGE}") >"${dir}/download.log" 2>&1 \
    || die "apt-get download ${LIBSSL_PACKAGE} failed: see ${dir}/download.log"
  dpkg -x "${dir}"/debs/"${LIBSSL_PACKAGE}"_*.deb "${STORES_HOME}/libssl"
  [[ -f "${so}" ]] || die "${so} not found after unpacking ${LIBSSL_PACKAGE}"
}

# Fingerprint of what the launcher is built from: the module's pom and main sources, and the server version pin.
es_source_fingerprint() {
  local module="${REPO_ROOT}/stores/elasticsearch-node"
  {
    grep -E '<elasticsearch.server.version>' "${REPO_ROOT}/pom.xml"
    find "${module}/pom.xml" "${module}/src/main" -type f -print0 | sort -z | xargs -0 sha256sum
  } | sha256sum | cut -d' ' -f1
}

# True when any Elasticsearch node started by stores.sh (either topology) is running from the installed jars.
es_any_node_running() {
  local pidfile
  for pidfile in "${STORES_HOME}"/elasticsearch/*/*/pid; do
    [[ -f "${pidfile}" ]] && proc_running "${pidfile}" "$(dirname "${pidfile}")" && return 0
  done
  return 1
}

# Builds the launcher module and copies jar + lib/ into ${STORES_HOME}, so a `mvn clean` in the tree never pulls
# the jars from under a running node. Rebuilt only when its sources changed, and never under a running node.
install_elasticsearch() {
  local module="${REPO_ROOT}/stores/elasticsearch-node" dist marker fingerprint mvn
  dist="$(es_dist_dir)"
  marker="${dist}/.fingerprint"
  fingerprint="$(es_source_fingerprint)"
  if [[ -f "${dist}/elasticsearch-node.jar" ]]; then
    [[ ! -f "${marker}" || "$(cat "${marker}")" != "${fingerprint}" ]] || return 0
    if es_any_node_running; then
      log "stores/elasticsearch-node changed: not rebuilt while a node runs (stop elasticsearch and start it again)"
      return 0
    fi
  fi
  mvn="${MVN:-maven}"
  log "building stores/elasticsearch-node"
  # -o first (quick when ~/.m2 has everything); online only if offline resolution fails. -DskipITs: the module's
  # integration test needs the very node being built.
  if ! (cd "${REPO_ROOT}" && "${mvn}" -B -q -o -DskipITs -pl stores/elasticsearch-node package >/dev/null 2>&1); then
    (cd "${REPO_ROOT}" && "${mvn}" -B -q -DskipITs -pl stores/elasticsearch-node package 2>&1) | strip_ansi >&2 \
      || die "maven build of stores/elasticsearch-node failed"
  fi
  rm -rf "${dist}"
  mkdir -p "${dist}"
  cp -r "${module}/target/lib" "${dist}/lib"
  cp "${module}"/target/docsearch-elasticsearch-node-*.jar "${dist}/elasticsearch-node.jar"
  printf '%s\n' "${fingerprint}" >"${marker}"
}

install_store() {
  case "$1" in
    redisjson | mongodb) install_venv && install_libssl ;;
    elasticsearch) install_venv && install_elasticsearch ;;
    *) die "unknown store '$1'" ;;
  esac
}

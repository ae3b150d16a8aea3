#!/usr/bin/env bash
# MongoDB functions shared by the sharded-cluster provisioning of the servers (mongodb.sh: shard and config server
# members) and of the clients (client.sh: mongos). Source it after common.sh; it defines functions only.
#
# The layout comes from terraform (role.env), the one place it is decided:
#   MONGODB_CONFIG_RS   "cfg=IP:PORT,IP:PORT,IP:PORT"            config server replica set, members in order
#   MONGODB_SHARDS      "shard0=IP:PORT,...;shard1=IP:PORT,..."  every shard's replica set, members in order; each
#                       shard's member 0 sits on a different server and is the preferred primary (priority 2)
#   MONGOS_PORT         port of mongos on every client (127.0.0.1 only: YCSB runs on the same machine)
# Secrets (secrets.env): MONGODB_KEYFILE_CONTENT (internal authentication of every member and mongos),
# MONGODB_ADMIN_PASSWORD (user admin, root), MONGODB_YCSB_PASSWORD (user ycsb). They reach mongosh through its
# environment (process.env) and files of mode 0400, never through arguments.

readonly MONGODB_KEYFILE=/etc/mongodb-keyfile

# Adds MongoDB's signed repository for the pinned series and installs PACKAGES at MONGODB_VERSION (held), and
# mongosh at MONGOSH_VERSION (held). Arguments: the mongodb-org packages to install.
install_mongodb_packages() {
  local series="${MONGODB_VERSION%.*}"
  [[ "${series}" == 8.0 ]] || die "the pinned MongoDB signing key is 8.0's; MONGODB_VERSION ${MONGODB_VERSION} needs its own"
  add_vendor_repo "mongodb-${series}" "https://www.mongodb.org/static/pgp/server-${series}.asc" \
    "${MONGODB_80_KEY_FINGERPRINT}" "https://repo.mongodb.org/apt/ubuntu $(os_codename)/mongodb-org/${series} multiverse"
  install_pinned "${MONGODB_VERSION}" "$@"
  install_pinned "${MONGOSH_VERSION}" mongodb-mongosh
  systemctl disable --now mongod.service 2>/dev/null || true
  # The server package creates the mongodb user; a client with mongos only needs it too.
  id mongodb >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin mongodb
}

write_keyfile() {
  write_secret_file "${MONGODB_KEYFILE}" mongodb:mongodb 0400 "${MONGODB_KEYFILE_CONTENT}"
}

# The replica sets of the layout, one "NAME=IP:PORT,..." per line (config servers first).
replica_sets() {
  printf '%s\n' "${MONGODB_CONFIG_RS}"
  tr ';' '\n' <<<"${MONGODB_SHARDS}"
}

# Members of replica set NAME, one IP:PORT per line.
rs_members() {
  replica_sets | awk -F= -v n="$1" '$1 == n {print $2}' | tr ',' '\n'
}

# Runs SCRIPT in mongosh against 127.0.0.1:PORT (directConnection). With AUTH=admin it first authenticates as
# admin; the passwords are in mongosh's environment only (process.env.MONGO_ADMIN_PW / MONGO_YCSB_PW).
# Arguments: PORT AUTH(admin|none) SCRIPT.
mongo_js() {
  local port="$1" auth="$2" script="$3"
  [[ "${auth}" != admin ]] || script="db.getSiblingDB('admin').auth('admin', process.env.MONGO_ADMIN_PW); ${script}"
  MONGO_ADMIN_PW="${MONGODB_ADMIN_PASSWORD}" MONGO_YCSB_PW="${MONGODB_YCSB_PASSWORD:-}" \
    mongosh --quiet "mongodb://127.0.0.1:${port}/admin?directConnection=true&serverSelectionTimeoutMS=5000" \
    --eval "${script}" </dev/null # callers loop over "while read" input that mongosh must not consume
}

# Waits until 127.0.0.1:PORT accepts connections. Arguments: PORT NAME [TIMEOUT_S] (default 180: a local mongod
# that does not listen by then is broken; mongos waits for the config servers, so the client passes its own).
wait_for_local_port() {
  retry_until "${3:-180}" 1 "$2 did not start on port $1 within ${3:-180}s; see /var/log/mongodb/" \
    port_open 127.0.0.1 "$1"
}

# The systemd template both kinds of process run under: ycsb-mongo@NAME runs BINARY with /etc/mongodb/NAME.conf.
# glibc's restartable sequences are off for them (GLIBC_TUNABLES): MongoDB 8.0's production notes ask for it, as
# its TCMalloc uses per-CPU caches of its own. Arguments: none.
write_mongo_unit() {
  install_unit ycsb-mongo@.service <<EOF
[Unit]
Description=MongoDB process %i (ycsb-docsearch)
After=network-online.target ycsb-docsearch-tuning.service
Wants=network-online.target

[Service]
User=mongodb
Group=mongodb
Environment=GLIBC_TUNABLES=$(profile_var mongodb os_v8_glibc_tunables)
EnvironmentFile=/etc/mongodb/%i.env
ExecStart=/bin/sh -c 'exec "\$MONGO_BINARY" --config /etc/mongodb/%i.conf'
LimitNOFILE=$(profile_var mongodb os_nofile)
LimitNPROC=64000
TimeoutStartSec=300
Restart=on-failure
EOF
  install -d -o root -g mongodb -m 0750 /etc/mongodb
  install -d -o mongodb -g mongodb -m 0750 /var/log/mongodb
}

# Starts (or restarts) process NAME with BINARY (mongod or mongos) and the config text on stdin.
start_mongo_process() {
  local name="$1" binary="$2"
  cat >"/etc/mongodb/${name}.conf"
  printf 'MONGO_BINARY=/usr/bin/%s\n' "${binary}" >"/etc/mongodb/${name}.env"
  chown root:mongodb "/etc/mongodb/${name}.conf" "/etc/mongodb/${name}.env"
  chmod 0640 "/etc/mongodb/${name}.conf" "/etc/mongodb/${name}.env"
  systemctl enable "ycsb-mongo@${name}.service" >/dev/null 2>&1
  systemctl restart "ycsb-mongo@${name}.service"
}

# cloud-init user data of every machine. Each machine gets:
#   /etc/ycsb-docsearch/role.env      (0600) KEY='value' lines: role, peers, pinned versions, and in SSM_PARAMETERS
#                                     the *names* of the SSM parameters it reads at boot (secrets.tf)
#   /usr/local/sbin/ycsb-docsearch-bootstrap  = scripts/provision/bootstrap.sh
#   /usr/local/sbin/ycsb-docsearch-expiry     = scripts/provision/expiry.sh, run from boot on by the systemd service
#                                     ycsb-docsearch-expiry.service: it arms the machine's end (first boot + TTL_HOURS)
#                                     and shuts it down then, which terminates it (modules/machines)
#   its SSH host key (var.ssh_host_keys, made by scripts/aws.sh: the operator's known_hosts holds its public half
#                                     before the machine boots, so every SSH call checks the key strictly)
# and runs the bootstrap, which reads those parameters with the instance profile (iam.tf) into
# /etc/ycsb-docsearch/secrets.env (0600), downloads and checks the repository bundle from S3 (through the VPC
# endpoint) and runs scripts/provision/<role>.sh from it. The keys of role.env and secrets.env are documented in
# scripts/provision/common.sh. User data is readable through the EC2 API and the instance metadata service, so it
# holds no secret: scripts/tests/test_terraform.sh renders it from a real plan and searches it for every secret. The one
# exception is the machine's own SSH host key: it must be in place before sshd first starts, which the SSM parameters
# (read later, by the bootstrap) are not. Whoever reads it (EC2 API DescribeInstanceAttribute, or a process on that
# machine through the metadata service) could pose as that one machine to the operator, no more: it opens nothing.

locals {
  bootstrap_script = file("${path.module}/../scripts/provision/bootstrap.sh")
  expiry_script    = file("${path.module}/../scripts/provision/expiry.sh")

  # The machine's end: role.env gives TTL_HOURS; `watch` arms the time at the first boot and keeps it across reboots.
  expiry_service = <<-EOT
    [Unit]
    Description=ycsb-docsearch: shut this machine down (which terminates it) at its expiry
    After=local-fs.target

    [Service]
    EnvironmentFile=/etc/ycsb-docsearch/role.env
    ExecStart=/usr/local/sbin/ycsb-docsearch-expiry watch
    Restart=always
    RestartSec=30

    [Install]
    WantedBy=multi-user.target
  EOT

  # Nothing here may change with client_count or the bundle: every machine's user data is replaced with its machine
  # (user_data_replace_on_change), and a server replaced is a cluster lost. The clients' addresses are their fixed
  # range (client_range_cidr), the bundle's checksum an SSM parameter (BUNDLE_SHA256, secrets.tf).
  common_env = {
    STORE           = var.store
    CLUSTER_NAME    = local.name
    SERVER_IPS      = join(",", local.server_private_ips)
    DURABILITY      = var.durability
    STORE_MEMORY_MB = tostring(var.memory_mb_per_server)
    AWS_REGION      = var.region
    TTL_HOURS       = tostring(var.ttl_hours)
  }

  store_env = {
    redisjson = {
      REDIS_VERSION              = var.store_versions.redis
      REDIS_BASE_PORT            = tostring(local.redis_base_port)
      REDIS_PROCESSES_PER_SERVER = tostring(local.redis_processes_per_server)
      REDIS_REPLICAS_PER_SHARD   = tostring(var.redis_cluster.replicas_per_shard)
    }
    mongodb = local.mongodb_env
    elasticsearch = {
      ELASTICSEARCH_VERSION = var.store_versions.elasticsearch
    }
  }

  # Servers and clients alike: the clients run mongos (scripts/provision/mongodb-lib.sh reads these).
  mongodb_env = {
    MONGODB_VERSION   = var.store_versions.mongodb
    MONGOSH_VERSION   = var.store_versions.mongosh
    MONGODB_CONFIG_RS = local.mongodb_config_rs
    MONGODB_SHARDS    = local.mongodb_shards
    MONGOS_PORT       = tostring(local.mongos_port)
  }

  # "VARIABLE=/parameter/name,..." for the bootstrap: what to fetch and which variable each value becomes.
  ssm_parameters = {
    for role, keys in local.role_parameters : role => join(",", [for k in keys : "${k}=${local.parameter_names[k]}"])
  }

  # FAULT_SSH_PUBLIC_KEY: the fault key's public half, which the servers admit only as the forced command of their
  # fault helper (secrets.tf), and only from the clients' range (FAULT_SSH_FROM). A public key is no secret; its
  # private half is an SSM parameter of the clients only.
  server_env = [for i in range(var.server_count) : merge(local.common_env, local.store_env[var.store], {
    ROLE                 = var.store
    NODE_INDEX           = tostring(i)
    NODE_IP              = local.server_private_ips[i]
    REPO_DIR             = "/opt/ycsb-docsearch"
    SSM_PARAMETERS       = local.ssm_parameters.server
    FAULT_SSH_PUBLIC_KEY = trimspace(tls_private_key.fault_ssh.public_key_openssh)
    FAULT_SSH_FROM       = local.client_range_cidr
  })]

  # With several clients, CLIENT_SSH_KEY_FILE says where client.sh puts the clients' SSH key; FAULT_SSH_KEY_FILE, on
  # every client, where it puts the fault key (their paths only: the keys themselves are SSM parameters,
  # CLIENT_SSH_PRIVATE_KEY and FAULT_SSH_PRIVATE_KEY in secrets.tf).
  client_env = [for i in range(var.client_count) : merge(local.common_env, local.mongodb_env, {
    ROLE               = "client"
    NODE_IP            = local.client_private_ips[i]
    REPO_DIR           = local.client_repo_dir
    REDIS_VERSION      = var.store_versions.redis
    REDIS_BASE_PORT    = tostring(local.redis_base_port)
    SSM_PARAMETERS     = local.ssm_parameters.client
    FAULT_SSH_KEY_FILE = local.fault_ssh_key_file
  }, local.several_clients ? { CLIENT_SSH_KEY_FILE = local.client_ssh_key_file, CLIENT_SSH_FROM = local.client_range_cidr } : {})]

  # One rendering for every machine (servers first, then clients).
  # With ssh_host_keys (scripts/aws.sh makes them), machine i (servers, then clients) gets key i as its only host key.
  # Two YAML mappings one after the other are one mapping (yamlencode writes no document marker).
  user_data = [for i, env in concat(local.server_env, local.client_env) : join("", [
    "#cloud-config\n",
    length(var.ssh_host_keys) == 0 ? "" : yamlencode({
      ssh_deletekeys  = true
      ssh_genkeytypes = []
      ssh_keys = {
        ed25519_private = var.ssh_host_keys[i].private_key
        ed25519_public  = trimspace(var.ssh_host_keys[i].public_key)
      }
    }),
    yamlencode({
      write_files = [for f in [
        ["/etc/ycsb-docsearch/role.env", "0600", join("", [for k in sort(keys(env)) : "${k}='${env[k]}'\n"])],
        ["/usr/local/sbin/ycsb-docsearch-bootstrap", "0755", local.bootstrap_script],
        ["/usr/local/sbin/ycsb-docsearch-expiry", "0755", local.expiry_script],
        ["/etc/systemd/system/ycsb-docsearch-expiry.service", "0644", local.expiry_service],
      ] : { path = f[0], permissions = f[1], owner = "root:root", content = f[2] }]
      # The end is armed first: a bootstrap that fails or hangs must not keep the machine billing.
      runcmd = [
        ["systemctl", "daemon-reload"],
        ["systemctl", "enable", "--now", "ycsb-docsearch-expiry.service"],
        ["/usr/local/sbin/ycsb-docsearch-bootstrap", "/etc/ycsb-docsearch/role.env"],
      ]
    }),
  ])]

  server_user_data = slice(local.user_data, 0, var.server_count)
  client_user_data = slice(local.user_data, var.server_count, var.server_count + var.client_count)
}

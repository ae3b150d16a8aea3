# cloud-init user data of every machine. Each machine gets:
#   /etc/ycsb-docsearch/role.env      (0600) KEY='value' lines: role, peers, versions, secrets of its store
#   /etc/ycsb-docsearch/tls/*         (0600) Elasticsearch transport certificates (Elasticsearch only)
#   /usr/local/sbin/ycsb-docsearch-bootstrap  = scripts/provision/bootstrap.sh
# and runs the bootstrap, which downloads and checks the repository bundle from S3 (through the VPC endpoint) and
# then runs scripts/provision/<role>.sh from it. The keys of role.env are documented in scripts/provision/common.sh.
# User data is visible to whoever can read the instance attribute or the instance metadata: the secrets here are as
# private as the Terraform state, which holds them anyway (see README.md, "Secrets").

locals {
  bootstrap_script = file("${path.module}/../scripts/provision/bootstrap.sh")

  common_env = {
    STORE         = var.store
    CLUSTER_NAME  = local.name
    SERVER_IPS    = join(",", local.server_private_ips)
    BUNDLE_URL    = module.bundle.url
    BUNDLE_SHA256 = module.bundle.sha256
    DURABILITY    = var.durability
  }

  store_env = {
    redisjson = {
      REDIS_VERSION              = var.store_versions.redis
      REDIS_BASE_PORT            = tostring(local.redis_base_port)
      REDIS_PROCESSES_PER_SERVER = tostring(local.redis_processes_per_server)
      REDIS_REPLICAS_PER_SHARD   = tostring(var.redis_cluster.replicas_per_shard)
      REDIS_PASSWORD             = random_password.redis.result
    }
    mongodb = {
      MONGODB_VERSION         = var.store_versions.mongodb
      MONGODB_REPLICA_SET     = var.mongodb_replica_set
      MONGODB_ADMIN_PASSWORD  = random_password.mongodb_admin.result
      MONGODB_YCSB_PASSWORD   = random_password.mongodb_ycsb.result
      MONGODB_KEYFILE_CONTENT = random_password.mongodb_keyfile.result
    }
    elasticsearch = {
      ELASTICSEARCH_VERSION = var.store_versions.elasticsearch
      ES_HEAP_GB            = tostring(var.elasticsearch.heap_gb)
      ES_ELASTIC_PASSWORD   = random_password.elasticsearch_elastic.result
      ES_YCSB_PASSWORD      = random_password.elasticsearch_ycsb.result
      ES_TLS_DIR            = "/etc/ycsb-docsearch/tls"
    }
  }

  server_env = [for i in range(var.server_count) : merge(local.common_env, local.store_env[var.store], {
    ROLE       = var.store
    NODE_INDEX = tostring(i)
    NODE_IP    = local.server_private_ips[i]
    REPO_DIR   = "/opt/ycsb-docsearch"
  })]

  # The client needs no store secret: the hosts file (scripts/hosts-from-terraform.sh) brings the credentials.
  client_env = merge(local.common_env, {
    ROLE          = "client"
    REPO_DIR      = "/home/ubuntu/ycsb-docsearch"
    REDIS_VERSION = var.store_versions.redis
  })

  tls_files = var.store != "elasticsearch" ? [] : [
    { path = "/etc/ycsb-docsearch/tls/ca.crt", permissions = "0600", owner = "root:root", content = tls_self_signed_cert.es_ca[0].cert_pem },
    { path = "/etc/ycsb-docsearch/tls/node.crt", permissions = "0600", owner = "root:root", content = tls_locally_signed_cert.es_node[0].cert_pem },
    { path = "/etc/ycsb-docsearch/tls/node.key", permissions = "0600", owner = "root:root", content = tls_private_key.es_node[0].private_key_pem_pkcs8 },
  ]

  # One rendering for every machine (servers first, then clients); only servers get the TLS files.
  machine_env = concat(local.server_env, [for i in range(var.client_count) : local.client_env])

  user_data = [for env in local.machine_env : join("\n", [
    "#cloud-config",
    yamlencode({
      write_files = concat([
        {
          path        = "/etc/ycsb-docsearch/role.env"
          permissions = "0600"
          owner       = "root:root"
          content     = join("", [for k in sort(keys(env)) : "${k}='${env[k]}'\n"])
        },
        {
          path        = "/usr/local/sbin/ycsb-docsearch-bootstrap"
          permissions = "0755"
          owner       = "root:root"
          content     = local.bootstrap_script
        },
      ], env.ROLE == "client" ? [] : local.tls_files)
      runcmd = [["/usr/local/sbin/ycsb-docsearch-bootstrap", "/etc/ycsb-docsearch/role.env"]]
    }),
  ])]

  server_user_data = slice(local.user_data, 0, var.server_count)
  client_user_data = slice(local.user_data, var.server_count, var.server_count + var.client_count)
}

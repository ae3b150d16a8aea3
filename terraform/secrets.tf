# Generated secrets: they live in the Terraform state and in SSM Parameter Store (SecureString), never in the
# repository or in user data. A machine's user data names the parameters it needs; at boot the bootstrap reads them
# with the machine's instance profile (iam.tf), which may read exactly those parameters and nothing else.
# Letters and digits only, so they need no quoting in shell files, YAML or connection strings.

resource "random_password" "redis" {
  length  = 40
  special = false
}

resource "random_password" "mongodb_admin" {
  length  = 40
  special = false
}

resource "random_password" "mongodb_ycsb" {
  length  = 40
  special = false
}

# The replica-set members authenticate each other with this shared key file (6-1024 base64 characters).
resource "random_password" "mongodb_keyfile" {
  length  = 756
  special = false
}

resource "random_password" "elasticsearch_elastic" {
  length  = 40
  special = false
}

resource "random_password" "elasticsearch_ycsb" {
  length  = 40
  special = false
}

# Elasticsearch with security on needs TLS between nodes: a private CA and one node certificate for every server
# address, generated here so no node has to wait for another to enrol it. HTTP stays plain inside the VPC (reachable
# from the client security group only) with basic authentication.
resource "tls_private_key" "es_ca" {
  count     = var.store == "elasticsearch" ? 1 : 0
  algorithm = "RSA"
  rsa_bits  = 3072
}

resource "tls_self_signed_cert" "es_ca" {
  count                 = var.store == "elasticsearch" ? 1 : 0
  private_key_pem       = tls_private_key.es_ca[0].private_key_pem
  is_ca_certificate     = true
  validity_period_hours = 24 * 365
  allowed_uses          = ["cert_signing", "crl_signing"]

  subject {
    common_name  = "${local.name} transport CA"
    organization = "ycsb-docsearch"
  }
}

resource "tls_private_key" "es_node" {
  count     = var.store == "elasticsearch" ? 1 : 0
  algorithm = "RSA"
  rsa_bits  = 3072
}

resource "tls_cert_request" "es_node" {
  count           = var.store == "elasticsearch" ? 1 : 0
  private_key_pem = tls_private_key.es_node[0].private_key_pem
  ip_addresses    = local.server_private_ips

  subject {
    common_name  = "${local.name} node"
    organization = "ycsb-docsearch"
  }
}

resource "tls_locally_signed_cert" "es_node" {
  count                 = var.store == "elasticsearch" ? 1 : 0
  cert_request_pem      = tls_cert_request.es_node[0].cert_request_pem
  ca_private_key_pem    = tls_private_key.es_ca[0].private_key_pem
  ca_cert_pem           = tls_self_signed_cert.es_ca[0].cert_pem
  validity_period_hours = 24 * 365
  allowed_uses          = ["digital_signature", "key_encipherment", "server_auth", "client_auth"]
}

# Several clients: the sweep on client 0 starts the other clients' JVMs over SSH (the hosts file's "clients" list,
# scripts/hosts-from-terraform.sh). One key pair shared by the clients, made only when there is more than one: the
# private key (OpenSSH format, which every ssh reads) reaches the clients only, through a SecureString parameter that
# only the clients' role may read; client.sh installs it (0600) and derives the public half from it for
# authorized_keys. The servers never see it (their role, their user data) and cannot reach a client's port 22
# (modules/network: SSH between the clients' own security group only).
resource "tls_private_key" "client_ssh" {
  count     = local.several_clients ? 1 : 0
  algorithm = "ED25519"
}

# Fault steps (./run-sweep.sh --hosts hosts.json --fault kill-primary@T): the sweep on client 0 ends the store process
# holding primary data on a server, and later starts it again, over SSH with this key (the hosts file's "fault" entry).
# Always made: any cluster may run a fault step. The private key (OpenSSH format) reaches the clients only, as a
# SecureString parameter only the clients' role may read (client.sh installs it at FAULT_SSH_KEY_FILE). The public half
# is no secret and reaches the servers in role.env (FAULT_SSH_PUBLIC_KEY, cloud_init.tf), where provisioning admits it
# in authorized_keys only with restrict and the fault helper as forced command (scripts/provision/fault.sh, common.sh
# install_fault_access): the key runs that helper's five commands and nothing else, from the client security group
# only (modules/network, ssh_fault_from_clients).
resource "tls_private_key" "fault_ssh" {
  algorithm = "ED25519"
}

locals {
  parameter_prefix = "/ycsb-docsearch/${local.name}"

  # Every value a machine may fetch at boot, by the role.env variable it becomes. The Elasticsearch entries exist
  # only when store = "elasticsearch" (try: the tls_* resources have no instance otherwise).
  parameter_values = {
    BUNDLE_URL              = module.bundle.url
    BUNDLE_SHA256           = module.bundle.sha256
    REDIS_PASSWORD          = random_password.redis.result
    MONGODB_ADMIN_PASSWORD  = random_password.mongodb_admin.result
    MONGODB_YCSB_PASSWORD   = random_password.mongodb_ycsb.result
    MONGODB_KEYFILE_CONTENT = random_password.mongodb_keyfile.result
    ES_ELASTIC_PASSWORD     = random_password.elasticsearch_elastic.result
    ES_YCSB_PASSWORD        = random_password.elasticsearch_ycsb.result
    ES_TLS_CA_CERT          = try(tls_self_signed_cert.es_ca[0].cert_pem, "")
    ES_TLS_NODE_CERT        = try(tls_locally_signed_cert.es_node[0].cert_pem, "")
    ES_TLS_NODE_KEY         = try(tls_private_key.es_node[0].private_key_pem_pkcs8, "")
    CLIENT_SSH_PRIVATE_KEY  = try(tls_private_key.client_ssh[0].private_key_openssh, "")
    FAULT_SSH_PRIVATE_KEY   = tls_private_key.fault_ssh.private_key_openssh
  }

  store_parameters = {
    redisjson     = ["REDIS_PASSWORD"]
    mongodb       = ["MONGODB_ADMIN_PASSWORD", "MONGODB_YCSB_PASSWORD", "MONGODB_KEYFILE_CONTENT"]
    elasticsearch = ["ES_ELASTIC_PASSWORD", "ES_YCSB_PASSWORD", "ES_TLS_CA_CERT", "ES_TLS_NODE_CERT", "ES_TLS_NODE_KEY"]
  }

  # What each kind of machine reads: servers the bundle address and their store's secrets, clients the bundle
  # address and what they need to see the cluster answer before they report ready (client.sh): for MongoDB what
  # mongos needs (the key file; admin adds the shards), otherwise the benchmark user's password, which the client
  # gets with the hosts file anyway (scripts/hosts-from-terraform.sh). Never an administrator's password elsewhere.
  # Every client (only the clients) reads the fault key's private half; with several clients, also the private key
  # they reach each other with.
  client_store_parameters = {
    redisjson     = ["REDIS_PASSWORD"]
    mongodb       = ["MONGODB_ADMIN_PASSWORD", "MONGODB_KEYFILE_CONTENT"]
    elasticsearch = ["ES_YCSB_PASSWORD"]
  }
  role_parameters = {
    server = concat(local.public_parameters, local.store_parameters[var.store])
    client = concat(local.public_parameters, local.client_store_parameters[var.store], ["FAULT_SSH_PRIVATE_KEY"], local.several_clients ? ["CLIENT_SSH_PRIVATE_KEY"] : [])
  }
  parameters = distinct(concat(local.role_parameters.server, local.role_parameters.client))

  # No secrets: the bundle's address and checksum. In parameters rather than user data, so that a new bundle
  # changes no machine's user data (which would replace every machine).
  public_parameters = ["BUNDLE_URL", "BUNDLE_SHA256"]

  # Parameter name of each variable: /ycsb-docsearch/<name>/<variable in lower case, '-' for '_'>.
  parameter_names = { for k in local.parameters : k => "${local.parameter_prefix}/${lower(replace(k, "_", "-"))}" }
}

# Standard tier (free, values up to 4 KB: a 3072-bit RSA key in PKCS#8 PEM is about 2.5 KB), encrypted with the
# account's AWS managed key for SSM; who may read a value is decided by the IAM policies in iam.tf.
resource "aws_ssm_parameter" "machine" {
  for_each = toset(local.parameters)

  # The type: local.public_parameters written out, a form checkov reads (CKV2_AWS_34), which contains() is not.
  name        = local.parameter_names[each.key]
  description = "ycsb-docsearch ${local.name}: ${each.key} for the machines' bootstrap"
  type        = each.key == "BUNDLE_URL" || each.key == "BUNDLE_SHA256" ? "String" : "SecureString"
  tier        = "Standard"
  value       = local.parameter_values[each.key]

  lifecycle {
    precondition {
      condition     = length(local.parameter_values[each.key]) <= 4096
      error_message = "A Standard-tier SSM parameter holds at most 4096 characters."
    }
  }
}

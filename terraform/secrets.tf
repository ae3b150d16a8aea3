# Generated secrets: they live only in the Terraform state and in the machines' user data, never in the repository.
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

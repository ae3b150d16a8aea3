# Ingress rules never name a CIDR except SSH's var.ssh_allowed_cidr; store ports name security groups only; SSH from a
# security group only from the clients: between the clients, and into the servers for the fault helper.

# The description predates SSH between the clients (rule ssh_between_clients below); changing it would make AWS replace
# the group, and with it a running cluster's clients.
resource "aws_security_group" "client" {
  name        = "${var.name}-client"
  description = "ycsb-docsearch benchmark clients: SSH from the operator only"
  vpc_id      = aws_vpc.this.id

  tags = { Name = "${var.name}-client" }
}

# Likewise, the description predates SSH from the clients for the fault helper (rule ssh_fault_from_clients below).
resource "aws_security_group" "server" {
  name        = "${var.name}-server"
  description = "ycsb-docsearch store servers: store ports from the clients and the other servers only"
  vpc_id      = aws_vpc.this.id

  tags = { Name = "${var.name}-server" }
}

resource "aws_vpc_security_group_ingress_rule" "ssh" {
  for_each = {
    client = aws_security_group.client.id
    server = aws_security_group.server.id
  }

  security_group_id = each.value
  description       = "SSH from the operator"
  cidr_ipv4         = var.ssh_allowed_cidr
  ip_protocol       = "tcp"
  from_port         = 22
  to_port           = 22
}

# Several clients: the sweep on client 0 starts the other clients' JVMs over SSH. The rule admits the client group
# into itself only: no server (the server group is not named) reaches a client's port 22 through it.
resource "aws_vpc_security_group_ingress_rule" "ssh_between_clients" {
  #checkov:skip=CKV_AWS_24:false positive: the source is the client security group itself, no CIDR (checkov reads a rule without cidr_ipv4 as open to the world)
  count = var.client_count > 1 ? 1 : 0

  security_group_id            = aws_security_group.client.id
  description                  = "SSH between the benchmark clients (the sweep on client 0 drives the others)"
  referenced_security_group_id = aws_security_group.client.id
  ip_protocol                  = "tcp"
  from_port                    = 22
  to_port                      = 22
}

# Fault steps: the sweep on client 0 ends and restarts the store process holding primary data on a server over SSH,
# with the fault key (terraform/secrets.tf), which the servers' authorized_keys admit only as the forced command of
# the fault helper (scripts/provision/fault.sh). From the client group only: no server reaches another server's port
# 22 through it, and the clients' own key is not admitted on the servers.
resource "aws_vpc_security_group_ingress_rule" "ssh_fault_from_clients" {
  #checkov:skip=CKV_AWS_24:false positive: the source is the client security group, no CIDR (checkov reads a rule without cidr_ipv4 as open to the world); the key it admits runs the fault helper only
  security_group_id            = aws_security_group.server.id
  description                  = "SSH from the benchmark clients: the fault helper only (forced command)"
  referenced_security_group_id = aws_security_group.client.id
  ip_protocol                  = "tcp"
  from_port                    = 22
  to_port                      = 22
}

resource "aws_vpc_security_group_ingress_rule" "store_from_client" {
  for_each = { for p in var.client_ports : p.name => p }

  security_group_id            = aws_security_group.server.id
  description                  = "${each.key} from the benchmark clients"
  referenced_security_group_id = aws_security_group.client.id
  ip_protocol                  = "tcp"
  from_port                    = each.value.from_port
  to_port                      = each.value.to_port
}

resource "aws_vpc_security_group_ingress_rule" "store_from_peers" {
  for_each = { for p in var.peer_ports : p.name => p }

  security_group_id            = aws_security_group.server.id
  description                  = "${each.key} between the store servers"
  referenced_security_group_id = aws_security_group.server.id
  ip_protocol                  = "tcp"
  from_port                    = each.value.from_port
  to_port                      = each.value.to_port
}

# scripts/machine-fingerprint.sh on the client measures the network to every server: ping and iperf3 (port 5201).
resource "aws_vpc_security_group_ingress_rule" "iperf_from_client" {
  security_group_id            = aws_security_group.server.id
  description                  = "iperf3 baseline from the benchmark clients"
  referenced_security_group_id = aws_security_group.client.id
  ip_protocol                  = "tcp"
  from_port                    = 5201
  to_port                      = 5201
}

resource "aws_vpc_security_group_ingress_rule" "ping_from_client" {
  security_group_id            = aws_security_group.server.id
  description                  = "ICMP echo (ping) baseline from the benchmark clients"
  referenced_security_group_id = aws_security_group.client.id
  ip_protocol                  = "icmp"
  from_port                    = 8 # ICMP type: echo request
  to_port                      = 0 # ICMP code
}

# Outbound: package repositories, the S3 bundle, and the store traffic itself.
resource "aws_vpc_security_group_egress_rule" "all" {
  for_each = {
    client = aws_security_group.client.id
    server = aws_security_group.server.id
  }

  security_group_id = each.value
  description       = "all outbound"
  cidr_ipv4         = "0.0.0.0/0"
  ip_protocol       = "-1"
}

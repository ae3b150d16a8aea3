# One benchmark cluster for one store: a VPC with one public subnet in one AZ, N store servers and M clients in one
# cluster placement group, and the repository bundle the machines provision themselves from.

locals {
  name = "${var.name_prefix}-${var.store}"

  tags = merge(var.tags, {
    Project      = "ycsb-docsearch"
    Store        = var.store
    ManagedBy    = "terraform"
    "expires-on" = var.expires_on
  })

  # Fixed server addresses let every server's cloud-init know all its peers before any of them exists. Clients get
  # fixed addresses too, from a range no server can take (servers .10-.18 at most, clients .40-.43): launched in
  # parallel, a client with an address AWS picks could otherwise take one a server is about to claim. Both ranges
  # fit the smallest subnet allowed (/26: AWS reserves .0-.3 and .63).
  server_private_ips = [for i in range(var.server_count) : cidrhost(var.subnet_cidr, local.server_host_offset + i)]
  client_private_ips = [for i in range(var.client_count) : cidrhost(var.subnet_cidr, local.client_host_offset + i)]
  server_host_offset = 10
  client_host_offset = 40
  # The clients' range, whatever client_count is (at most 4: .40-.43): the only addresses the fault key and the
  # clients' own key are good from (authorized_keys from=). Fixed, so a new client_count changes no server.
  client_range_cidr = "${cidrhost(var.subnet_cidr, local.client_host_offset)}/30"

  # Every machine's SSH user (Ubuntu AMI). On a client, the bootstrap unpacks the repository into client_repo_dir and
  # client.sh builds it there; with several clients each also gets the clients' own SSH key at client_ssh_key_file,
  # with which the sweep on client 0 starts the other clients' JVMs (secrets.tf; the hosts file names both paths).
  # Every client gets the fault key at fault_ssh_key_file: the sweep's fault steps run the servers' fault helper with
  # it (secrets.tf; the hosts file's "fault" entry).
  ssh_user            = "ubuntu"
  client_repo_dir     = "/home/${local.ssh_user}/ycsb-docsearch"
  client_ssh_key_file = "/home/${local.ssh_user}/.ssh/ycsb_clients"
  fault_ssh_key_file  = "/home/${local.ssh_user}/.ssh/ycsb_fault"
  # Client 0's known_hosts: every machine's host key by public and private address (the known_hosts output, which
  # scripts/aws.sh copies there), checked strictly by the sweep's SSH to the other clients and the servers.
  cluster_known_hosts_file = "/home/${local.ssh_user}/.ssh/ycsb_known_hosts"
  several_clients          = var.client_count > 1

  # Redis: shards x (1 + replicas) redis-server processes, the same number on every server, on consecutive ports.
  redis_base_port            = 7000
  redis_processes            = var.redis_cluster.shards * (1 + var.redis_cluster.replicas_per_shard)
  redis_processes_per_server = ceil(local.redis_processes / var.server_count)
  redis_last_port            = local.redis_base_port + local.redis_processes_per_server - 1

  # MongoDB: a sharded cluster. One shard per server, each a replica set of min(3, server_count) members; member m
  # of shard s sits on server (s + m) mod server_count, so a shard's members are on different servers and shard s
  # prefers its primary (member 0) on server s. The config server replica set has a member on each of the first
  # min(3, server_count) servers; mongos runs on every client (127.0.0.1), where YCSB connects to it.
  mongodb_members         = min(3, var.server_count)
  mongodb_shard_base_port = 27100
  mongodb_config_port     = 27200
  mongos_port             = 27017
  mongodb_shard_list = [for s in range(var.server_count) : {
    name    = "shard${s}"
    members = [for m in range(local.mongodb_members) : "${local.server_private_ips[(s + m) % var.server_count]}:${local.mongodb_shard_base_port + s}"]
  }]
  mongodb_config_rs = "cfg=${join(",", [for m in range(local.mongodb_members) : "${local.server_private_ips[m]}:${local.mongodb_config_port}"])}"
  mongodb_shards    = join(";", [for sh in local.mongodb_shard_list : "${sh.name}=${join(",", sh.members)}"])

  # Store ports: "client" ones open to the client security group only, "peer" ones (theirs too) between servers only.
  redis_client_ports = [{ name = "redis", from_port = local.redis_base_port, to_port = local.redis_last_port }]
  mongodb_ports = [
    { name = "mongodb-shards", from_port = local.mongodb_shard_base_port, to_port = local.mongodb_shard_base_port + var.server_count - 1 },
    { name = "mongodb-config", from_port = local.mongodb_config_port, to_port = local.mongodb_config_port },
  ]
  es_client_ports = [{ name = "es-http", from_port = 9200, to_port = 9200 }]
  store_ports = {
    redisjson = {
      client = local.redis_client_ports
      peer = concat(local.redis_client_ports, [
        { name = "redis-bus", from_port = local.redis_base_port + 10000, to_port = local.redis_last_port + 10000 },
      ])
      addresses = flatten([for ip in local.server_private_ips : [
        for p in range(local.redis_base_port, local.redis_last_port + 1) : "${ip}:${p}"
      ]])
    }
    mongodb = {
      client = local.mongodb_ports
      peer   = local.mongodb_ports
      # YCSB talks to the mongos on its own machine.
      addresses = ["127.0.0.1:${local.mongos_port}"]
    }
    elasticsearch = {
      client    = local.es_client_ports
      peer      = concat(local.es_client_ports, [{ name = "es-transport", from_port = 9300, to_port = 9300 }])
      addresses = [for ip in local.server_private_ips : "${ip}:9200"]
    }
  }

  # Empty ami_id: the newest Canonical image at the first apply; the instances then keep it (ignore_changes in
  # modules/machines), so a later apply never rebuilds the cluster because Canonical published a new image.
  ami_id = var.ami_id != "" ? var.ami_id : data.aws_ami.ubuntu[0].id
}

data "aws_ami" "ubuntu" {
  count       = var.ami_id == "" ? 1 : 0
  most_recent = true
  owners      = ["099720109477"] # Canonical

  filter {
    name   = "name"
    values = ["ubuntu/images/hvm-ssd-gp3/ubuntu-noble-24.04-amd64-server-*"]
  }

  filter {
    name   = "virtualization-type"
    values = ["hvm"]
  }
}

# All machines in one rack-local group: the network between client and servers is then the same for every store.
resource "aws_placement_group" "cluster" {
  name     = local.name
  strategy = "cluster"

  lifecycle {
    precondition {
      condition     = startswith(var.availability_zone, var.region)
      error_message = "availability_zone ${var.availability_zone} is not in region ${var.region}."
    }
    precondition {
      condition     = var.store != "redisjson" || local.redis_processes % var.server_count == 0
      error_message = "Redis: shards x (1 + replicas_per_shard) must divide evenly over server_count."
    }
    precondition {
      condition     = local.server_host_offset + var.server_count <= local.client_host_offset
      error_message = "Server addresses would run into the clients' fixed addresses."
    }
    precondition {
      condition     = var.allow_wide_ssh_cidr || tonumber(split("/", var.ssh_allowed_cidr)[1]) >= 16
      error_message = "ssh_allowed_cidr ${var.ssh_allowed_cidr} is wider than a /16: give your own address (a /32), or set allow_wide_ssh_cidr = true."
    }
    precondition {
      condition     = length(var.ssh_host_keys) == 0 || length(var.ssh_host_keys) >= var.server_count + var.client_count
      error_message = "ssh_host_keys needs one key per machine (server_count + client_count), or none."
    }
    precondition {
      condition     = var.store != "redisjson" || var.redis_cluster.replicas_per_shard < var.server_count
      error_message = "Redis: every replica must sit on another server than its primary (replicas_per_shard < server_count)."
    }
  }
}

module "network" {
  source = "./modules/network"

  name              = local.name
  region            = var.region
  availability_zone = var.availability_zone
  vpc_cidr          = var.vpc_cidr
  subnet_cidr       = var.subnet_cidr
  ssh_allowed_cidr  = var.ssh_allowed_cidr
  client_count      = var.client_count
  client_ports      = local.store_ports[var.store].client
  peer_ports        = local.store_ports[var.store].peer
}

module "bundle" {
  source = "./modules/bundle"

  name            = local.name
  archive_path    = var.repo_archive_path
  vpc_endpoint_id = module.network.s3_endpoint_id
}

module "servers" {
  source = "./modules/machines"

  name                  = local.name
  role                  = var.store
  instance_count        = var.server_count
  instance_type         = var.server_instance_type
  ami_id                = local.ami_id
  key_pair_name         = var.key_pair_name
  subnet_id             = module.network.subnet_id
  private_ips           = local.server_private_ips
  security_group_ids    = [module.network.server_security_group_id]
  instance_profile_name = aws_iam_instance_profile.machines["server"].name
  placement_group       = aws_placement_group.cluster.name
  root_volume_size      = var.root_volume_size_gb
  user_data             = local.server_user_data

  # The bundle and the parameters must be readable before cloud-init asks for them.
  depends_on = [module.bundle, aws_ssm_parameter.machine, aws_iam_role_policy.read_parameters]
}

module "client" {
  source = "./modules/machines"

  name                  = local.name
  role                  = "client"
  instance_count        = var.client_count
  instance_type         = var.client_instance_type
  ami_id                = local.ami_id
  key_pair_name         = var.key_pair_name
  subnet_id             = module.network.subnet_id
  private_ips           = local.client_private_ips
  security_group_ids    = [module.network.client_security_group_id]
  instance_profile_name = aws_iam_instance_profile.machines["client"].name
  placement_group       = aws_placement_group.cluster.name
  root_volume_size      = var.root_volume_size_gb
  user_data             = local.client_user_data

  depends_on = [module.bundle, aws_ssm_parameter.machine, aws_iam_role_policy.read_parameters]
}

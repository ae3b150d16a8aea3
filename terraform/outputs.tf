# Outputs, in alphabetical order. scripts/hosts-from-terraform.sh turns `terraform output -json` into the hosts file
# that `./run-sweep.sh --hosts` reads: it uses store_connection, store_password, client_private_ips, client_ssh and
# fault_ssh.

output "ami_ids" {
  description = "AMI of each machine (servers, then clients), as launched: later applies keep it, whatever var.ami_id or Canonical's newest image says."
  value       = concat(module.servers.ami_ids, module.client.ami_ids)
}

output "boot_parameters" {
  description = "Names of the SSM parameters the machines read at boot (values are SecureString, except the bundle address)."
  value       = local.parameter_names
}

output "bundle_url" {
  description = "S3 address of the repository bundle the machines provisioned from (readable only through the cluster's VPC endpoint)."
  value       = module.bundle.url
}

output "client_private_ips" {
  description = "Private IPv4 addresses of the client machines."
  value       = module.client.private_ips
}

output "client_public_ips" {
  description = "Public IPv4 addresses of the client machines: SSH there (user ubuntu) and run ./run-sweep.sh from the repository in the home directory."
  value       = module.client.public_ips
}

output "client_ssh" {
  description = "How client 0, where ./run-sweep.sh runs, reaches the other clients (client_private_ips[1:]) over SSH: user, port, the repository built on every client, the clients' own private key file on each client (null with one client: nothing to reach), and the known_hosts file there (scripts/aws.sh copies the known_hosts output to it; checked strictly; null without ssh_host_keys). No secret: the key is on the clients only. scripts/hosts-from-terraform.sh writes the hosts file's clients list from it."
  value = {
    user          = local.ssh_user
    port          = 22
    repo          = local.client_repo_dir
    identity_file = local.several_clients ? local.client_ssh_key_file : null
    known_hosts   = local.several_clients && length(var.ssh_host_keys) > 0 ? local.cluster_known_hosts_file : null
  }
}

output "durability" {
  description = "The durability profile every store was configured with (relaxed or strict; see README.md)."
  value       = var.durability
}

output "estimated_cost_per_hour_usd" {
  description = "On-demand compute cost per hour of the running machines from var.hourly_prices_usd (null when a type has no price there); EBS, public IPv4 and S3 add a few cents (README.md)."
  value = try(
    var.server_count * var.hourly_prices_usd[var.server_instance_type] + var.client_count * var.hourly_prices_usd[var.client_instance_type],
    null
  )
}

output "expiry" {
  description = "How the machines end themselves: each shuts down (which terminates it, instance_initiated_shutdown_behavior) ttl_hours after its first boot, unless scripts/aws.sh extend moved its timer; expires_on is the date of the expires-on tag that scripts/aws.sh reap looks at."
  value = {
    ttl_hours  = var.ttl_hours
    expires_on = var.expires_on
  }
}

output "fault_ssh" {
  description = "How the sweep on client 0 reaches the store servers for its fault steps (--fault kill-primary@T): SSH user, port, the fault key's file on every client, the known_hosts file there (scripts/aws.sh copies the known_hosts output to it; checked strictly; null without ssh_host_keys), and the servers' private addresses in node order. The key runs only the servers' fault helper (scripts/provision/fault.sh: check, locate, kill-primary, stop-node, os-crash, recover), from the client security group only. No secret: the key is on the clients only. scripts/hosts-from-terraform.sh writes the hosts file's fault entry from it."
  value = {
    user          = local.ssh_user
    port          = 22
    identity_file = local.fault_ssh_key_file
    known_hosts   = length(var.ssh_host_keys) > 0 ? local.cluster_known_hosts_file : null
    servers       = local.server_private_ips
  }
}

output "instance_ids" {
  description = "EC2 instance ids, servers then clients: scripts/aws.sh extend retags them (expires-at)."
  value       = concat(module.servers.instance_ids, module.client.instance_ids)
}

output "known_hosts" {
  description = "known_hosts lines (public and private IP, host key) of every machine, servers then clients, from var.ssh_host_keys: scripts/aws.sh writes them to the cluster's own known_hosts, checks every host key strictly, and copies the file to client 0 (client_ssh/fault_ssh known_hosts), where the sweep checks the machines it reaches by private address against it. Empty without ssh_host_keys."
  value = length(var.ssh_host_keys) == 0 ? [] : [
    for i, ip in concat(module.servers.public_ips, module.client.public_ips) :
    "${ip},${concat(module.servers.private_ips, module.client.private_ips)[i]} ${join(" ", slice(split(" ", trimspace(var.ssh_host_keys[i].public_key)), 0, 2))}"
  ]
}

output "region" {
  description = "AWS region of the cluster (scripts/aws.sh reap looks there)."
  value       = var.region
}

output "server_private_ips" {
  description = "Private IPv4 addresses of the store servers, in node order (node 0 forms the cluster)."
  value       = module.servers.private_ips
}

output "server_public_ips" {
  description = "Public IPv4 addresses of the store servers, for SSH from var.ssh_allowed_cidr only (store ports are closed to the outside)."
  value       = module.servers.public_ips
}

output "ssh_user" {
  description = "SSH user of every machine (Ubuntu AMI)."
  value       = local.ssh_user
}

output "store" {
  description = "The store this cluster runs."
  value       = var.store
}

output "store_admin_password" {
  description = "Administrator password of the store, for inspection over SSH (MongoDB admin, Elasticsearch elastic; Redis has one user)."
  value = {
    redisjson     = random_password.redis.result
    mongodb       = random_password.mongodb_admin.result
    elasticsearch = random_password.elasticsearch_elastic.result
  }[var.store]
  sensitive = true
}

output "store_connection" {
  description = "How the client reaches the store, without secrets: store, topology, every endpoint address (host:port; MongoDB: the mongos on each client), user name, MongoDB shard layout, durability profile, memory budget per server, servers and copies of each document, and Elasticsearch shard layout."
  value = {
    store                   = var.store
    topology                = "cluster"
    addresses               = local.store_ports[var.store].addresses
    username                = { redisjson = "default", mongodb = "ycsb", elasticsearch = "ycsb" }[var.store]
    mongodb_shards          = var.store == "mongodb" ? [for sh in local.mongodb_shard_list : "${sh.name}/${join(",", sh.members)}"] : []
    durability              = var.durability
    memory_mb_per_server    = var.memory_mb_per_server
    servers                 = var.server_count
    copies                  = { redisjson = var.redis_cluster.replicas_per_shard + 1, mongodb = local.mongodb_members, elasticsearch = var.elasticsearch.replicas + 1 }[var.store]
    elasticsearch_primaries = var.elasticsearch.primaries
    elasticsearch_replicas  = var.elasticsearch.replicas
    redis_shards            = var.redis_cluster.shards
    redis_replicas          = var.redis_cluster.replicas_per_shard
  }
}

output "store_password" {
  description = "Password of the benchmark user of the store (Redis default user, MongoDB user ycsb, Elasticsearch user ycsb)."
  value = {
    redisjson     = random_password.redis.result
    mongodb       = random_password.mongodb_ycsb.result
    elasticsearch = random_password.elasticsearch_ycsb.result
  }[var.store]
  sensitive = true
}

# Mocked plan/apply of the whole configuration (no AWS account, no network): run by scripts/tests/test_terraform.sh on
# a copy made by tests/offline_copy.py, where random/tls values are literal stand-ins. It checks what only evaluation
# shows: addresses, ports, user data, SSM parameters, outputs, preconditions and variable validations (the real
# provider's plan is checked by tests/plan_check.py).

mock_provider "aws" {
  mock_data "aws_ami" {
    defaults = {
      id = "ami-0123456789abcdef0"
    }
  }
  mock_data "aws_iam_policy_document" {
    defaults = {
      json = "{\"Version\":\"2012-10-17\",\"Statement\":[]}"
    }
  }
  mock_resource "aws_vpc_endpoint" {
    defaults = {
      id = "vpce-0123456789abcdef0"
    }
  }
  mock_resource "aws_s3_bucket" {
    defaults = {
      arn                         = "arn:aws:s3:::ycsb-docsearch-bundle-test"
      bucket_regional_domain_name = "ycsb-docsearch-bundle-test.s3.us-east-1.amazonaws.com"
    }
  }
  mock_resource "aws_instance" {
    defaults = {
      public_ip = "198.51.100.7"
    }
  }
}

variables {
  store             = "redisjson"
  key_pair_name     = "test-key"
  ssh_allowed_cidr  = "203.0.113.7/32"
  expires_on        = "2030-01-01"
  repo_archive_path = "tests/offline/repo.tar.gz"
}

run "redis_cluster_layout" {
  command = apply

  assert {
    condition     = output.server_private_ips == ["10.42.1.10", "10.42.1.11", "10.42.1.12"]
    error_message = "servers must get the fixed addresses 10.42.1.10-12"
  }
  assert {
    condition     = length(output.store_connection.addresses) == 54 && output.store_connection.addresses[0] == "10.42.1.10:7000" && output.store_connection.addresses[53] == "10.42.1.12:7017"
    error_message = "27 shards x 2 copies = 54 processes, 18 per server on ports 7000-7017"
  }
  assert {
    condition     = aws_placement_group.cluster.strategy == "cluster"
    error_message = "one cluster placement group"
  }
  assert {
    condition     = output.estimated_cost_per_hour_usd == 4 * 1.808
    error_message = "cost = 4 x m5d.8xlarge"
  }
  assert {
    condition     = output.client_private_ips == ["10.42.1.40"]
    error_message = "the client takes a fixed address outside the servers' range"
  }
  assert {
    condition     = output.store_password == local.parameter_values.REDIS_PASSWORD && aws_ssm_parameter.machine["REDIS_PASSWORD"].value == output.store_password
    error_message = "the redis password must be the generated one, stored in SSM"
  }
  assert {
    condition     = aws_ssm_parameter.machine["REDIS_PASSWORD"].type == "SecureString" && aws_ssm_parameter.machine["BUNDLE_URL"].type == "String" && aws_ssm_parameter.machine["BUNDLE_SHA256"].type == "String" && length(aws_ssm_parameter.machine) == 4
    error_message = "Redis: the bundle address (String), the password and the fault key (SecureString), nothing else"
  }
  assert {
    condition     = alltrue([for u in local.user_data : length(u) <= 16384 && startswith(u, "#cloud-config\n")])
    error_message = "user data must be cloud-config within EC2's 16 KiB"
  }
  assert {
    condition = alltrue([for u in local.user_data : alltrue([
      yamldecode(u).runcmd[1] == ["systemctl", "enable", "--now", "ycsb-docsearch-expiry.service"],
      yamldecode(u).runcmd[2][0] == "/usr/local/sbin/ycsb-docsearch-bootstrap",
      yamldecode(u).write_files[0].path == "/etc/ycsb-docsearch/role.env",
      yamldecode(u).write_files[0].permissions == "0600",
      strcontains(yamldecode(u).write_files[0].content, "TTL_HOURS='6'\n"),
    ])])
    error_message = "user data must parse as YAML: role.env (0600, TTL_HOURS) written, the expiry timer enabled, then the bootstrap run"
  }
  assert {
    condition     = output.expiry.ttl_hours == 6
    error_message = "the expiry output must give ttl_hours"
  }
  assert {
    condition     = strcontains(local.server_user_data[1], "NODE_INDEX='1'") && strcontains(local.server_user_data[1], "NODE_IP='10.42.1.11'") && strcontains(local.server_user_data[0], "REDIS_PROCESSES_PER_SERVER='18'")
    error_message = "each server's role.env must name its index, address and process count"
  }
  assert {
    condition     = strcontains(local.server_user_data[0], "SSM_PARAMETERS='BUNDLE_URL=/ycsb-docsearch/ycsb-docsearch-redisjson/bundle-url,BUNDLE_SHA256=/ycsb-docsearch/ycsb-docsearch-redisjson/bundle-sha256,REDIS_PASSWORD=/ycsb-docsearch/ycsb-docsearch-redisjson/redis-password'") && strcontains(local.server_user_data[0], "FAULT_SSH_FROM='10.42.1.40/30'") && !strcontains(local.server_user_data[0], "CLIENT_IPS") && !strcontains(local.server_user_data[0], "BUNDLE_SHA256='")
    error_message = "a server's role.env names its parameters"
  }
  assert {
    condition     = strcontains(local.client_user_data[0], "SSM_PARAMETERS='BUNDLE_URL=/ycsb-docsearch/ycsb-docsearch-redisjson/bundle-url,BUNDLE_SHA256=/ycsb-docsearch/ycsb-docsearch-redisjson/bundle-sha256,REDIS_PASSWORD=/ycsb-docsearch/ycsb-docsearch-redisjson/redis-password,FAULT_SSH_PRIVATE_KEY=/ycsb-docsearch/ycsb-docsearch-redisjson/fault-ssh-private-key'") && strcontains(local.client_user_data[0], "REDIS_BASE_PORT='7000'")
    error_message = "the client reads the bundle address, the benchmark password (to see the cluster answer) and the fault key, and knows the first Redis port"
  }
  assert {
    condition     = alltrue([for u in local.user_data : !strcontains(u, output.store_password) && !strcontains(u, "BEGIN")])
    error_message = "no user data may hold a secret"
  }
  assert {
    condition     = aws_iam_instance_profile.machines["server"].role == aws_iam_role.machines["server"].name && aws_iam_role.machines["client"].name == "ycsb-docsearch-redisjson-client"
    error_message = "one instance profile per kind of machine"
  }
  assert {
    condition     = output.bundle_url == "https://ycsb-docsearch-bundle-test.s3.us-east-1.amazonaws.com/ycsb-docsearch.tar.gz"
    error_message = "the bundle URL is the object's regional HTTPS address"
  }
  assert {
    condition     = output.client_ssh.identity_file == null && !strcontains(local.client_user_data[0], "CLIENT_SSH") && !contains(keys(local.parameter_names), "CLIENT_SSH_PRIVATE_KEY")
    error_message = "one client: no clients' SSH key, no key file"
  }
  assert {
    condition     = aws_ssm_parameter.machine["FAULT_SSH_PRIVATE_KEY"].type == "SecureString" && startswith(aws_ssm_parameter.machine["FAULT_SSH_PRIVATE_KEY"].value, "-----BEGIN OPENSSH PRIVATE KEY-----") && aws_ssm_parameter.machine["FAULT_SSH_PRIVATE_KEY"].name == "/ycsb-docsearch/ycsb-docsearch-redisjson/fault-ssh-private-key"
    error_message = "the fault key (OpenSSH format) is a SecureString parameter, also with one client"
  }
  assert {
    condition     = contains(local.role_parameters.client, "FAULT_SSH_PRIVATE_KEY") && !contains(local.role_parameters.server, "FAULT_SSH_PRIVATE_KEY") && contains(data.aws_iam_policy_document.read_parameters["client"].statement[0].resources, aws_ssm_parameter.machine["FAULT_SSH_PRIVATE_KEY"].arn) && !contains(data.aws_iam_policy_document.read_parameters["server"].statement[0].resources, aws_ssm_parameter.machine["FAULT_SSH_PRIVATE_KEY"].arn)
    error_message = "only the clients' role may read the fault key"
  }
  assert {
    condition     = alltrue([for u in local.server_user_data : strcontains(u, "FAULT_SSH_PUBLIC_KEY='ssh-ed25519 AAAA") && !strcontains(u, "FAULT_SSH_KEY_FILE") && !strcontains(u, "fault-ssh-private-key")]) && alltrue([for u in local.client_user_data : strcontains(u, "FAULT_SSH_KEY_FILE='/home/ubuntu/.ssh/ycsb_fault'") && !strcontains(u, "FAULT_SSH_PUBLIC_KEY")]) && alltrue([for u in local.user_data : !strcontains(u, "OPENSSH PRIVATE KEY")])
    error_message = "servers get the fault key's public half, clients the key file; no user data holds the private key"
  }
  assert {
    condition     = jsonencode(output.fault_ssh) == jsonencode({ user = "ubuntu", port = 22, identity_file = "/home/ubuntu/.ssh/ycsb_fault", known_hosts = null, servers = ["10.42.1.10", "10.42.1.11", "10.42.1.12"] })
    error_message = "the output the hosts file's fault entry is made of: user, port, the fault key's file, client 0's known_hosts (none without host keys), the servers in node order"
  }

}

run "mongodb_sharded" {
  command = apply

  variables {
    store      = "mongodb"
    durability = "strict"
  }

  assert {
    condition     = output.store_connection.addresses == ["127.0.0.1:27017"] && output.store_connection.username == "ycsb"
    error_message = "YCSB reaches the mongos on its own machine as user ycsb"
  }
  assert {
    condition     = jsonencode(output.store_connection.mongodb_shards) == jsonencode(["shard0/10.42.1.10:27100,10.42.1.11:27100,10.42.1.12:27100", "shard1/10.42.1.11:27101,10.42.1.12:27101,10.42.1.10:27101", "shard2/10.42.1.12:27102,10.42.1.10:27102,10.42.1.11:27102"])
    error_message = "3 shards of 3 members, each member on another server, shard i's member 0 on server i"
  }
  assert {
    condition     = strcontains(local.server_user_data[1], "MONGODB_CONFIG_RS='cfg=10.42.1.10:27200,10.42.1.11:27200,10.42.1.12:27200'") && strcontains(local.client_user_data[0], "MONGOS_PORT='27017'")
    error_message = "config servers on every server; mongos on the client"
  }
  assert {
    condition     = strcontains(local.client_user_data[0], "MONGODB_KEYFILE_CONTENT=/ycsb-docsearch/") && !strcontains(local.client_user_data[0], "MONGODB_YCSB_PASSWORD")
    error_message = "the client (mongos) reads the key file and admin password, not the benchmark user's"
  }
  assert {
    condition     = anytrue([for r in local.store_ports.mongodb.client : r.from_port == 27100 && r.to_port == 27102])
    error_message = "the client reaches the three shard ports"
  }
  assert {
    condition     = output.store_connection.durability == "strict" && output.store_connection.memory_mb_per_server == 31744 && output.store_connection.servers == 3 && output.store_connection.copies == 3 && strcontains(local.server_user_data[2], "MONGODB_KEYFILE_CONTENT=/ycsb-docsearch/ycsb-docsearch-mongodb/mongodb-keyfile-content")
    error_message = "durability, the memory budget (the default), servers, copies and the key file's parameter must reach the members and the hosts file"
  }
  assert {
    condition     = length(aws_ssm_parameter.machine["MONGODB_KEYFILE_CONTENT"].value) == 756 && aws_ssm_parameter.machine["MONGODB_KEYFILE_CONTENT"].type == "SecureString"
    error_message = "the key file (756 characters) is a SecureString parameter"
  }
}

run "elasticsearch_cluster" {
  command = apply

  variables {
    store = "elasticsearch"
  }

  assert {
    condition     = output.store_connection.addresses == ["10.42.1.10:9200", "10.42.1.11:9200", "10.42.1.12:9200"] && output.store_connection.elasticsearch_primaries == 15 && output.store_connection.elasticsearch_replicas == 1
    error_message = "three nodes on 9200, 15 primaries, 1 replica"
  }
  assert {
    condition     = strcontains(local.server_user_data[0], "ES_TLS_NODE_KEY=/ycsb-docsearch/") && !strcontains(local.client_user_data[0], "ES_TLS")
    error_message = "only servers read the transport TLS parameters"
  }
  assert {
    condition     = strcontains(local.client_user_data[0], "ES_YCSB_PASSWORD=/ycsb-docsearch/") && !strcontains(local.client_user_data[0], "ES_ELASTIC_PASSWORD")
    error_message = "the client reads the ycsb user's password (cluster health), never the elastic superuser's"
  }
  assert {
    condition     = startswith(aws_ssm_parameter.machine["ES_TLS_NODE_KEY"].value, "-----BEGIN PRIVATE KEY-----") && length(aws_ssm_parameter.machine["ES_TLS_NODE_KEY"].value) <= 4096
    error_message = "the node key (PKCS#8 PEM) fits a Standard parameter"
  }
}

run "redis_shards_must_spread_evenly" {
  command = plan

  variables {
    redis_cluster = { shards = 28, replicas_per_shard = 1 }
    server_count  = 3
  }

  expect_failures = [aws_placement_group.cluster]
}

run "az_must_be_in_region" {
  command = plan

  variables {
    availability_zone = "eu-west-1a"
  }

  expect_failures = [aws_placement_group.cluster]
}

run "world_ssh_is_refused" {
  command = plan

  variables {
    ssh_allowed_cidr = "0.0.0.0/0"
  }

  expect_failures = [var.ssh_allowed_cidr]
}

# Wider than a /16 only when forced (a precondition: it reads two variables).
run "wide_ssh_needs_force" {
  command = plan

  variables {
    ssh_allowed_cidr = "10.0.0.0/12"
  }

  expect_failures = [aws_placement_group.cluster]
}

run "wide_ssh_forced" {
  command = plan

  variables {
    ssh_allowed_cidr    = "10.0.0.0/12"
    allow_wide_ssh_cidr = true
  }
}

# The repository archive is gone after the apply (a /tmp file): evaluating the configuration against the applied
# state, as `terraform destroy` does first, must still work (a plan that would upload the bundle must not:
# scripts/tests/test_terraform.sh, test_plan).
run "archive_gone_state_still_evaluates" {
  command = plan

  plan_options {
    mode = refresh-only
  }

  variables {
    store             = "elasticsearch"
    repo_archive_path = "tests/offline/gone.tar.gz"
  }
}

# Four clients: the sweep runs on client 0 and starts the JVMs of clients 1-3 over SSH with the clients' own key.
run "several_clients" {
  command = apply

  variables {
    client_count = 4
  }

  assert {
    condition     = output.client_private_ips == ["10.42.1.40", "10.42.1.41", "10.42.1.42", "10.42.1.43"] && jsonencode(output.client_ssh) == jsonencode({ identity_file = "/home/ubuntu/.ssh/ycsb_clients", known_hosts = null, port = 22, repo = "/home/ubuntu/ycsb-docsearch", user = "ubuntu" })
    error_message = "the outputs the hosts file's clients list is made of: every client's address, user, repository, key file, client 0's known_hosts (none without host keys)"
  }
  assert {
    condition     = aws_ssm_parameter.machine["CLIENT_SSH_PRIVATE_KEY"].type == "SecureString" && startswith(aws_ssm_parameter.machine["CLIENT_SSH_PRIVATE_KEY"].value, "-----BEGIN OPENSSH PRIVATE KEY-----") && aws_ssm_parameter.machine["CLIENT_SSH_PRIVATE_KEY"].name == "/ycsb-docsearch/ycsb-docsearch-redisjson/client-ssh-private-key"
    error_message = "the clients' private key (OpenSSH format) is a SecureString parameter"
  }
  assert {
    condition     = contains(local.role_parameters.client, "CLIENT_SSH_PRIVATE_KEY") && !contains(local.role_parameters.server, "CLIENT_SSH_PRIVATE_KEY") && contains(data.aws_iam_policy_document.read_parameters["client"].statement[0].resources, aws_ssm_parameter.machine["CLIENT_SSH_PRIVATE_KEY"].arn) && !contains(data.aws_iam_policy_document.read_parameters["server"].statement[0].resources, aws_ssm_parameter.machine["CLIENT_SSH_PRIVATE_KEY"].arn)
    error_message = "only the clients' role may read the clients' private key"
  }
  assert {
    condition     = alltrue([for u in local.client_user_data : strcontains(u, "CLIENT_SSH_KEY_FILE='/home/ubuntu/.ssh/ycsb_clients'") && strcontains(u, "CLIENT_SSH_PRIVATE_KEY=/ycsb-docsearch/ycsb-docsearch-redisjson/client-ssh-private-key") && strcontains(u, "CLIENT_SSH_FROM='10.42.1.40/30'")])
    error_message = "every client's role.env names the key's parameter, the key file and the clients' addresses"
  }
  assert {
    condition     = alltrue([for u in local.server_user_data : !strcontains(u, "CLIENT_SSH")]) && alltrue([for u in local.user_data : !strcontains(u, "OPENSSH PRIVATE KEY")])
    error_message = "no server's user data names the clients' key; no user data holds it"
  }
  assert {
    condition     = output.estimated_cost_per_hour_usd == 7 * 1.808
    error_message = "cost = 3 servers + 4 clients"
  }
}

# With host keys (scripts/aws.sh up makes them): known_hosts names each machine by public and private address, and the
# hosts file's entries name client 0's copy of it, which the sweep checks every machine it reaches against.
run "host_keys" {
  command = apply

  variables {
    client_count  = 2
    ssh_host_keys = [for i in range(5) : { private_key = "-----BEGIN OPENSSH PRIVATE KEY-----\nx\n-----END OPENSSH PRIVATE KEY-----\n", public_key = "ssh-ed25519 AAAAkey${i} host${i}" }]
  }

  assert {
    condition     = jsonencode(output.known_hosts) == jsonencode(["198.51.100.7,10.42.1.10 ssh-ed25519 AAAAkey0", "198.51.100.7,10.42.1.11 ssh-ed25519 AAAAkey1", "198.51.100.7,10.42.1.12 ssh-ed25519 AAAAkey2", "198.51.100.7,10.42.1.40 ssh-ed25519 AAAAkey3", "198.51.100.7,10.42.1.41 ssh-ed25519 AAAAkey4"])
    error_message = "known_hosts: every machine by public and private address with its own key, servers then clients"
  }
  assert {
    condition     = output.fault_ssh.known_hosts == "/home/ubuntu/.ssh/ycsb_known_hosts" && output.client_ssh.known_hosts == "/home/ubuntu/.ssh/ycsb_known_hosts"
    error_message = "the hosts file's entries name client 0's known_hosts"
  }
}

################################################################################
# Inputs of the benchmark cluster, in alphabetical order. Every variable has a type, a description and a
# validation (scripts/tests/test_terraform.sh checks that, and exercises the validations with good and bad values).
################################################################################

variable "allow_wide_ssh_cidr" {
  type        = bool
  description = "Let ssh_allowed_cidr be wider than a /16 (down to /8). Off: SSH to the cluster comes from a /16 or narrower, e.g. your address as a /32."
  default     = false

  validation {
    condition     = var.allow_wide_ssh_cidr != null
    error_message = "allow_wide_ssh_cidr must be true or false."
  }
}

variable "ami_id" {
  type        = string
  description = "AMI for every machine (Ubuntu 24.04 LTS amd64: the provisioning scripts expect it). Empty: the newest Canonical image of the region at the first apply; the machines keep the AMI they were launched from on later applies either way (ignore_changes), and the ami_ids output records it. Set it to an id to pin the image across deployments."
  default     = ""

  validation {
    condition     = var.ami_id == "" || can(regex("^ami-[0-9a-f]{8,17}$", var.ami_id))
    error_message = "ami_id must be empty or an AMI id such as ami-0123456789abcdef0."
  }
}

variable "availability_zone" {
  type        = string
  description = "The single availability zone of every machine (same AZ + cluster placement group = lowest, steadiest latency). Must be in var.region."
  default     = "us-east-1a"

  validation {
    condition     = can(regex("^[a-z]{2}(-gov)?-[a-z]+-[0-9][a-z]$", var.availability_zone))
    error_message = "availability_zone must look like us-east-1a."
  }
}

variable "client_count" {
  type        = number
  description = "Number of benchmark client machines (YCSB runs there)."
  default     = 1

  validation {
    condition     = var.client_count >= 1 && var.client_count <= 4 && floor(var.client_count) == var.client_count
    error_message = "client_count must be a whole number from 1 to 4."
  }
}

variable "client_instance_type" {
  type        = string
  description = "EC2 instance type of the client machines."
  default     = "m5d.8xlarge"

  validation {
    condition     = can(regex("^[a-z][a-z0-9-]*\\.[0-9]*[a-z]+$", var.client_instance_type))
    error_message = "client_instance_type must be an EC2 instance type such as m5d.8xlarge."
  }
}

variable "durability" {
  type        = string
  description = "Durability profile applied alike to every store (see the table in README.md): relaxed = acknowledged before fsync, fsync within 1 s; strict = fsync (Redis, Elasticsearch) or majority + journal (MongoDB) before the acknowledgement."
  default     = "relaxed"

  validation {
    condition     = contains(["relaxed", "strict"], var.durability)
    error_message = "durability must be relaxed or strict."
  }
}

variable "memory_mb_per_server" {
  type        = number
  description = "Memory budget of the store on each server, in MiB, the same figure whichever store is deployed (the suite's equal-memory rule, README.md \"Memory budget\"): the Elasticsearch heap (-Xms = -Xmx), the WiredTiger caches of the MongoDB shard members on the server together, Redis maxmemory (noeviction) of the server's processes together; split by scripts/stores/profile.sh. At most 31744 (31 GiB) so that the Elasticsearch heap keeps compressed object pointers; the rest of the 128 GiB is page cache and processes."
  default     = 31744

  validation {
    condition     = var.memory_mb_per_server >= 1024 && var.memory_mb_per_server <= 31744 && floor(var.memory_mb_per_server) == var.memory_mb_per_server
    error_message = "memory_mb_per_server must be a whole number of MiB from 1024 to 31744."
  }
}

variable "elasticsearch" {
  type = object({
    primaries = number
    replicas  = number
  })
  description = "Elasticsearch: primary shards and replicas of the benchmark index (the binding creates the index with these). The heap is memory_mb_per_server."
  default = {
    primaries = 15
    replicas  = 1
  }

  validation {
    condition = alltrue([
      var.elasticsearch.primaries >= 1 && var.elasticsearch.primaries <= 1024,
      var.elasticsearch.replicas >= 0 && var.elasticsearch.replicas <= 2,
    ])
    error_message = "elasticsearch: primaries 1-1024, replicas 0-2."
  }
}

variable "expires_on" {
  type        = string
  description = "Date (YYYY-MM-DD, UTC) after which the machines may be destroyed; written to the expires-on tag of every resource."

  validation {
    condition     = can(regex("^[0-9]{4}-[0-9]{2}-[0-9]{2}$", var.expires_on)) && can(formatdate("YYYY", "${var.expires_on}T00:00:00Z"))
    error_message = "expires_on must be a date such as 2026-12-31."
  }
}

variable "hourly_prices_usd" {
  type        = map(number)
  description = "On-demand Linux price per hour (USD) of each instance type in var.region, used only for the estimated_cost_per_hour_usd output. Default: us-east-1 list price; check the current price before relying on it."
  default = {
    "m5d.8xlarge" = 1.808
  }

  validation {
    condition     = length(var.hourly_prices_usd) > 0 && alltrue([for p in values(var.hourly_prices_usd) : p > 0])
    error_message = "hourly_prices_usd must map at least one instance type to a positive price."
  }
}

variable "key_pair_name" {
  type        = string
  description = "Name of an existing EC2 key pair in var.region, for SSH to every machine (user ubuntu)."

  validation {
    condition     = length(var.key_pair_name) >= 1 && length(var.key_pair_name) <= 255
    error_message = "key_pair_name must be the name of an existing EC2 key pair (1-255 characters)."
  }
}

variable "name_prefix" {
  type        = string
  description = "Prefix of every resource name (lower case, digits and '-'). At most 22 characters: with the longest store name it makes \"<name_prefix>-elasticsearch-\" = 37 characters, the AWS provider's limit for an S3 bucket_prefix (IAM role names, at most 64, and the rest have more room)."
  default     = "ycsb-docsearch"

  validation {
    condition     = can(regex("^[a-z][a-z0-9-]{1,21}$", var.name_prefix)) && length("${var.name_prefix}-elasticsearch-") <= 37
    error_message = "name_prefix must be 2-22 characters (the S3 bucket_prefix limit): a lower-case letter, then lower-case letters, digits or '-'."
  }
}

variable "redis_cluster" {
  type = object({
    shards             = number
    replicas_per_shard = number
  })
  description = "Redis OSS cluster: number of primary shards (redis-server processes holding slots), spread evenly over the servers, and replicas per shard (each on another server)."
  default = {
    shards             = 27
    replicas_per_shard = 1
  }

  validation {
    condition = alltrue([
      var.redis_cluster.shards >= 3 && var.redis_cluster.shards <= 200,
      floor(var.redis_cluster.shards) == var.redis_cluster.shards,
      contains([0, 1, 2], var.redis_cluster.replicas_per_shard),
    ])
    error_message = "redis_cluster: shards must be a whole number from 3 to 200, replicas_per_shard 0, 1 or 2."
  }
}

variable "region" {
  type        = string
  description = "AWS region of every resource."
  default     = "us-east-1"

  validation {
    condition     = can(regex("^[a-z]{2}(-gov)?-[a-z]+-[0-9]$", var.region))
    error_message = "region must look like us-east-1."
  }
}

variable "repo_archive_path" {
  type        = string
  description = "Local path of a tar.gz of this repository (git archive --format=tar.gz --prefix=ycsb-docsearch/ HEAD), uploaded to a private S3 bucket that only the cluster's VPC endpoint may read; every machine unpacks it and runs scripts/provision/<role>.sh from it."

  validation {
    condition     = can(regex("\\.tar\\.gz$", var.repo_archive_path))
    error_message = "repo_archive_path must name a .tar.gz file made with git archive (see README.md)."
  }
}

variable "root_volume_size_gb" {
  type        = number
  description = "Size (GiB) of each machine's encrypted gp3 root volume; store data lives on the instance's NVMe disks, not here."
  default     = 50

  validation {
    condition     = var.root_volume_size_gb >= 20 && var.root_volume_size_gb <= 1000
    error_message = "root_volume_size_gb must be from 20 to 1000."
  }
}

variable "server_count" {
  type        = number
  description = "Number of store servers (Redis cluster nodes, MongoDB servers of one shard each plus members of two other shards, or Elasticsearch nodes)."
  default     = 3

  validation {
    condition     = var.server_count >= 1 && var.server_count <= 9 && floor(var.server_count) == var.server_count
    error_message = "server_count must be a whole number from 1 to 9."
  }
}

variable "server_instance_type" {
  type        = string
  description = "EC2 instance type of the store servers; it must have NVMe instance storage (a 'd' type such as m5d.8xlarge: 2 x 600 GB NVMe, or an i* type)."
  default     = "m5d.8xlarge"

  validation {
    condition     = can(regex("^(i[0-9][a-z0-9-]*|[a-z][a-z0-9-]*d[a-z0-9-]*)\\.[0-9]*[a-z]+$", var.server_instance_type))
    error_message = "server_instance_type must be an EC2 type with instance storage (an i* family or one with a 'd', e.g. m5d.8xlarge)."
  }
}

variable "ssh_allowed_cidr" {
  type        = string
  description = "The only IPv4 CIDR allowed to reach port 22 (your address, e.g. 203.0.113.7/32). The world (0.0.0.0/0) is refused, anything wider than /8 too, and anything wider than /16 unless allow_wide_ssh_cidr is set."

  validation {
    condition     = var.ssh_allowed_cidr != "0.0.0.0/0" && can(cidrhost(var.ssh_allowed_cidr, 0)) && can(regex("^[0-9.]+/[0-9]+$", var.ssh_allowed_cidr)) && try(tonumber(split("/", var.ssh_allowed_cidr)[1]) >= 8, false)
    error_message = "ssh_allowed_cidr must be an IPv4 CIDR with a prefix of /8 or longer (0.0.0.0/0 and other world-wide ranges are refused)."
  }
}

variable "ssh_host_keys" {
  type = list(object({
    private_key = string
    public_key  = string
  }))
  description = "One ED25519 SSH host key per machine (servers, then clients; extra entries are unused), OpenSSH private key and its public line, made and kept by scripts/aws.sh (ssh-keygen, in <tf-dir>/.cluster/, written to ssh-host-keys.auto.tfvars.json) so that its per-cluster known_hosts holds every machine's key before the machine boots and every SSH call checks it strictly. Empty: the machines make their own keys at boot (trust on first use, which scripts/aws.sh does not do)."
  default     = []

  validation {
    condition = alltrue([for k in var.ssh_host_keys : (
      startswith(k.private_key, "-----BEGIN OPENSSH PRIVATE KEY-----") && can(regex("^ssh-ed25519 [A-Za-z0-9+/=]+( .*)?$", trimspace(k.public_key)))
    )])
    error_message = "ssh_host_keys: each entry needs an OpenSSH private key and its ssh-ed25519 public line."
  }
}

variable "store" {
  type        = string
  description = "The store this cluster runs: redisjson, mongodb or elasticsearch (one store per apply)."

  validation {
    condition     = contains(["redisjson", "mongodb", "elasticsearch"], var.store)
    error_message = "store must be redisjson, mongodb or elasticsearch."
  }
}

variable "store_versions" {
  type = object({
    redis         = string
    mongodb       = string
    mongosh       = string
    elasticsearch = string
  })
  description = "Exact upstream versions installed from each vendor's own signed apt repository (no \"newest 8.x\" at boot: every apply installs the same servers). The package's Debian revision is the newest one published for that version; the installed packages are held (apt-mark hold) and recorded in store.json. Elasticsearch matches the local build (8.19.21)."
  default = {
    redis         = "8.2.1"
    mongodb       = "8.0.12"
    mongosh       = "2.5.6"
    elasticsearch = "8.19.21"
  }

  validation {
    condition = alltrue([
      for v in values(var.store_versions) : can(regex("^[0-9]+\\.[0-9]+\\.[0-9]+$", v))
    ])
    error_message = "store_versions: every version must be exact (major.minor.patch, e.g. 8.2.1): a prefix would float to the newest release at boot."
  }
}

variable "subnet_cidr" {
  type        = string
  description = "IPv4 CIDR of the one subnet (inside var.vpc_cidr); servers get fixed addresses from its 11th address on."
  default     = "10.42.1.0/24"

  validation {
    condition     = can(cidrhost(var.subnet_cidr, 32)) && try(tonumber(split("/", var.subnet_cidr)[1]) <= 26, false)
    error_message = "subnet_cidr must be an IPv4 CIDR of /26 or larger, e.g. 10.42.1.0/24."
  }
}

variable "tags" {
  type        = map(string)
  description = "Extra tags for every resource (added to Project, Store, ManagedBy and expires-on)."
  default     = {}

  validation {
    condition     = length(var.tags) <= 40 && alltrue([for k in keys(var.tags) : length(k) >= 1 && length(k) <= 128])
    error_message = "tags: at most 40 tags, keys of 1-128 characters."
  }
}

variable "ttl_hours" {
  type        = number
  description = "Hours a machine lives: at its first boot it arms a timer (scripts/provision/expiry.sh) that shuts it down, which terminates it, this long after; scripts/aws.sh extend HOURS moves the timer on every machine. A backstop against a cluster left billing, not a schedule: keep it above the sweep's length."
  default     = 6

  validation {
    condition     = var.ttl_hours >= 1 && var.ttl_hours <= 168 && floor(var.ttl_hours) == var.ttl_hours
    error_message = "ttl_hours must be a whole number of hours from 1 to 168 (a week)."
  }
}

variable "vpc_cidr" {
  type        = string
  description = "IPv4 CIDR of the benchmark VPC."
  default     = "10.42.0.0/16"

  validation {
    condition     = can(cidrhost(var.vpc_cidr, 0)) && try(tonumber(split("/", var.vpc_cidr)[1]) >= 16 && tonumber(split("/", var.vpc_cidr)[1]) <= 24, false)
    error_message = "vpc_cidr must be an IPv4 CIDR from /16 to /24, e.g. 10.42.0.0/16."
  }
}

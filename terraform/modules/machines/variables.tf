variable "ami_id" {
  type        = string
  description = "AMI of the machines (Ubuntu 24.04: the provisioning scripts expect it)."

  validation {
    condition     = can(regex("^ami-[0-9a-f]{8,17}$", var.ami_id))
    error_message = "ami_id must be an AMI id."
  }
}

variable "instance_count" {
  type        = number
  description = "Number of machines of this role."

  validation {
    condition     = var.instance_count >= 1 && floor(var.instance_count) == var.instance_count
    error_message = "instance_count must be a whole number >= 1."
  }
}

variable "instance_type" {
  type        = string
  description = "EC2 instance type (servers need NVMe instance storage)."

  validation {
    condition     = can(regex("^[a-z][a-z0-9-]*\\.[0-9]*[a-z]+$", var.instance_type))
    error_message = "instance_type must be an EC2 instance type."
  }
}

variable "instance_profile_name" {
  type        = string
  description = "IAM instance profile of the machines (reads this role's SSM parameters at boot)."

  validation {
    condition     = length(var.instance_profile_name) >= 1 && length(var.instance_profile_name) <= 128
    error_message = "instance_profile_name must be 1-128 characters."
  }
}

variable "key_pair_name" {
  type        = string
  description = "EC2 key pair for SSH."

  validation {
    condition     = length(var.key_pair_name) >= 1
    error_message = "key_pair_name must not be empty."
  }
}

variable "name" {
  type        = string
  description = "Name prefix of the instances."

  validation {
    condition     = can(regex("^[a-z][a-z0-9-]{1,62}$", var.name))
    error_message = "name must be lower-case letters, digits and '-'."
  }
}

variable "placement_group" {
  type        = string
  description = "Name of the cluster placement group."

  validation {
    condition     = length(var.placement_group) >= 1
    error_message = "placement_group must not be empty: every machine shares one cluster placement group."
  }
}

variable "private_ips" {
  type        = list(string)
  description = "Private IPv4 address of each machine, in node order; empty lets AWS choose."
  default     = []

  validation {
    condition     = alltrue([for ip in var.private_ips : can(cidrhost("${ip}/32", 0))])
    error_message = "private_ips must be IPv4 addresses."
  }
}

variable "role" {
  type        = string
  description = "What the machines run: a store (servers) or client (tag Role, and the provisioning script's name)."

  validation {
    condition     = contains(["redisjson", "mongodb", "elasticsearch", "client"], var.role)
    error_message = "role must be redisjson, mongodb, elasticsearch or client."
  }
}

variable "root_volume_size" {
  type        = number
  description = "Size (GiB) of the encrypted gp3 root volume."

  validation {
    condition     = var.root_volume_size >= 8
    error_message = "root_volume_size must be at least 8."
  }
}

variable "security_group_ids" {
  type        = list(string)
  description = "Security groups of the machines."

  validation {
    condition     = length(var.security_group_ids) >= 1
    error_message = "security_group_ids must name at least one security group."
  }
}

variable "subnet_id" {
  type        = string
  description = "Subnet of the machines."

  validation {
    condition     = length(var.subnet_id) >= 1
    error_message = "subnet_id must not be empty."
  }
}

variable "user_data" {
  type        = list(string)
  description = "cloud-init user data of each machine, in node order: names of SSM parameters, never their values."

  validation {
    condition     = alltrue([for u in var.user_data : length(u) <= 16384])
    error_message = "user_data: EC2 accepts at most 16 KiB per instance."
  }
}

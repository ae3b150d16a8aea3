variable "availability_zone" {
  type        = string
  description = "The availability zone of the subnet."

  validation {
    condition     = can(regex("^[a-z]{2}(-gov)?-[a-z]+-[0-9][a-z]$", var.availability_zone))
    error_message = "availability_zone must look like us-east-1a."
  }
}

variable "client_count" {
  type        = number
  description = "Number of client machines; with more than one, the client security group admits SSH from itself (client 0 drives the others)."

  validation {
    condition     = var.client_count >= 1 && floor(var.client_count) == var.client_count
    error_message = "client_count must be a whole number of at least 1."
  }
}

variable "client_ports" {
  type = list(object({
    name      = string
    from_port = number
    to_port   = number
  }))
  description = "TCP port ranges of the store that the client security group may reach on the servers."

  validation {
    condition     = length(var.client_ports) > 0 && alltrue([for p in var.client_ports : p.from_port >= 1024 && p.from_port <= p.to_port && p.to_port <= 65535])
    error_message = "client_ports: at least one range, each within 1024-65535 with from_port <= to_port."
  }
}

variable "name" {
  type        = string
  description = "Name (and name prefix) of every resource."

  validation {
    condition     = can(regex("^[a-z][a-z0-9-]{1,62}$", var.name))
    error_message = "name must be lower-case letters, digits and '-'."
  }
}

variable "peer_ports" {
  type = list(object({
    name      = string
    from_port = number
    to_port   = number
  }))
  description = "TCP port ranges the servers may reach on each other (replication, cluster bus, transport)."

  validation {
    condition     = alltrue([for p in var.peer_ports : p.from_port >= 1024 && p.from_port <= p.to_port && p.to_port <= 65535])
    error_message = "peer_ports: each range within 1024-65535 with from_port <= to_port."
  }
}

variable "region" {
  type        = string
  description = "AWS region (names the S3 endpoint service)."

  validation {
    condition     = can(regex("^[a-z]{2}(-gov)?-[a-z]+-[0-9]$", var.region))
    error_message = "region must look like us-east-1."
  }
}

variable "ssh_allowed_cidr" {
  type        = string
  description = "The only IPv4 CIDR allowed to reach port 22."

  validation {
    condition     = var.ssh_allowed_cidr != "0.0.0.0/0" && can(cidrhost(var.ssh_allowed_cidr, 0)) && try(tonumber(split("/", var.ssh_allowed_cidr)[1]) >= 8, false)
    error_message = "ssh_allowed_cidr must be an IPv4 CIDR of /8 or longer, never 0.0.0.0/0."
  }
}

variable "subnet_cidr" {
  type        = string
  description = "IPv4 CIDR of the subnet."

  validation {
    condition     = can(cidrhost(var.subnet_cidr, 0))
    error_message = "subnet_cidr must be an IPv4 CIDR."
  }
}

variable "vpc_cidr" {
  type        = string
  description = "IPv4 CIDR of the VPC."

  validation {
    condition     = can(cidrhost(var.vpc_cidr, 0))
    error_message = "vpc_cidr must be an IPv4 CIDR."
  }
}

variable "archive_path" {
  type        = string
  description = "Local path of the repository tar.gz to upload."

  validation {
    condition     = can(regex("\\.tar\\.gz$", var.archive_path))
    error_message = "archive_path must name a .tar.gz file."
  }
}

variable "name" {
  type        = string
  description = "Name prefix of the bucket (S3 appends a unique suffix; the bucket prefix \"<name>-\" must stay within the AWS provider's 37 characters)."

  validation {
    condition     = can(regex("^[a-z][a-z0-9-]{1,35}$", var.name))
    error_message = "name must be 2-36 lower-case letters, digits or '-' (S3 bucket prefix rules: \"<name>-\" at most 37)."
  }
}

variable "vpc_endpoint_id" {
  type        = string
  description = "Id of the S3 gateway endpoint the machines read through."

  validation {
    condition     = can(regex("^vpce-[0-9a-f]+$", var.vpc_endpoint_id))
    error_message = "vpc_endpoint_id must be a VPC endpoint id (vpce-...)."
  }
}

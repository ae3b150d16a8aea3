# The repository bundle every machine provisions from: a private, encrypted S3 bucket whose policy lets anyone read
# the one object only through the cluster's S3 gateway endpoint. So the machines need no IAM role and no AWS CLI
# (a plain HTTPS GET works), and the bundle cannot be read from outside the VPC.

locals {
  key = "ycsb-docsearch.tar.gz"

  # The archive is only needed to upload it. `terraform destroy` evaluates this configuration too, and the archive is
  # usually long gone by then (a /tmp file, or a later commit's): without it the hashes below are empty and only a
  # destroy may proceed, as the precondition on the object refuses every plan that would create or update it.
  archive_present = fileexists(var.archive_path)
  archive_md5     = local.archive_present ? filemd5(var.archive_path) : null
  archive_sha256  = local.archive_present ? filesha256(var.archive_path) : ""
}

resource "aws_s3_bucket" "this" {
  # S3 appends 26 characters to a prefix and caps the name at 63, so the prefix may have at most 37: the name (at
  # most 36, see variables.tf) and one '-'. The Name tag says what the bucket is for.
  bucket_prefix = "${var.name}-"
  force_destroy = true # the bucket only ever holds a copy of the repository

  tags = { Name = "${var.name}-bundle" }
}

resource "aws_s3_bucket_public_access_block" "this" {
  bucket                  = aws_s3_bucket.this.id
  block_public_acls       = true
  block_public_policy     = true
  ignore_public_acls      = true
  restrict_public_buckets = true
}

resource "aws_s3_bucket_server_side_encryption_configuration" "this" {
  bucket = aws_s3_bucket.this.id

  # SSE-S3, not KMS: anonymous reads through the endpoint cannot use a KMS key.
  rule {
    apply_server_side_encryption_by_default {
      sse_algorithm = "AES256"
    }
  }
}

data "aws_iam_policy_document" "read_through_endpoint" {
  statement {
    sid       = "ReadBundleThroughClusterEndpointOnly"
    effect    = "Allow"
    actions   = ["s3:GetObject"]
    resources = ["${aws_s3_bucket.this.arn}/${local.key}"]

    principals {
      type        = "*"
      identifiers = ["*"]
    }

    # A fixed aws:SourceVpce keeps the policy non-public in the eyes of Block Public Access.
    condition {
      test     = "StringEquals"
      variable = "aws:SourceVpce"
      values   = [var.vpc_endpoint_id]
    }
  }

  statement {
    sid       = "DenyPlainHttp"
    effect    = "Deny"
    actions   = ["s3:*"]
    resources = [aws_s3_bucket.this.arn, "${aws_s3_bucket.this.arn}/*"]

    principals {
      type        = "*"
      identifiers = ["*"]
    }

    condition {
      test     = "Bool"
      variable = "aws:SecureTransport"
      values   = ["false"]
    }
  }
}

resource "aws_s3_bucket_policy" "this" {
  bucket = aws_s3_bucket.this.id
  policy = data.aws_iam_policy_document.read_through_endpoint.json

  depends_on = [aws_s3_bucket_public_access_block.this]
}

resource "aws_s3_object" "bundle" {
  bucket       = aws_s3_bucket.this.id
  key          = local.key
  source       = var.archive_path
  source_hash  = local.archive_md5
  content_type = "application/gzip"

  depends_on = [aws_s3_bucket_server_side_encryption_configuration.this]

  lifecycle {
    precondition {
      condition     = local.archive_present
      error_message = "The repository archive ${var.archive_path} does not exist: make it with git archive (terraform/README.md). Only terraform destroy works without it."
    }
  }
}

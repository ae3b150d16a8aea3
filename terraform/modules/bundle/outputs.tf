output "sha256" {
  description = "SHA-256 of the uploaded archive; the bootstrap refuses a download that does not match (empty when the archive is gone: destroy only)."
  value       = local.archive_sha256
}

output "url" {
  description = "HTTPS address of the bundle (readable only through the cluster's S3 gateway endpoint)."
  value       = "https://${aws_s3_bucket.this.bucket_regional_domain_name}/${aws_s3_object.bundle.key}"
}

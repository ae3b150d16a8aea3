output "client_security_group_id" {
  description = "Security group of the client machines."
  value       = aws_security_group.client.id
}

output "s3_endpoint_id" {
  description = "Id of the S3 gateway endpoint; the bundle bucket's policy admits reads through it only."
  value       = aws_vpc_endpoint.s3.id
}

output "server_security_group_id" {
  description = "Security group of the store servers."
  value       = aws_security_group.server.id
}

output "subnet_id" {
  description = "The one subnet of every machine."
  value       = aws_subnet.this.id
}

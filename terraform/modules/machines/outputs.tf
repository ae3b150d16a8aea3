output "instance_ids" {
  description = "EC2 instance ids, in node order."
  value       = aws_instance.this[*].id
}

output "private_ips" {
  description = "Private IPv4 addresses, in node order."
  value       = aws_instance.this[*].private_ip
}

output "public_ips" {
  description = "Public IPv4 addresses (SSH), in node order."
  value       = aws_instance.this[*].public_ip
}

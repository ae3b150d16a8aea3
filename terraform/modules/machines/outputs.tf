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

output "ami_ids" {
  description = "AMI each machine was launched from, in node order (kept on later applies: ignore_changes)."
  value       = aws_instance.this[*].ami
}

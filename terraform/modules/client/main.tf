# Benchmark clients: same placement group and hardening as the servers; cloud-init installs the JDK and Maven,
# builds the repository, and records a machine baseline (scripts/provision/client.sh).

resource "aws_instance" "this" {
  count = var.instance_count

  ami                         = var.ami_id
  instance_type               = var.instance_type
  key_name                    = var.key_pair_name
  subnet_id                   = var.subnet_id
  vpc_security_group_ids      = var.security_group_ids
  placement_group             = var.placement_group
  associate_public_ip_address = true
  ebs_optimized               = true
  user_data                   = var.user_data[count.index]
  user_data_replace_on_change = true

  metadata_options {
    http_endpoint               = "enabled"
    http_tokens                 = "required"
    http_put_response_hop_limit = 1
    instance_metadata_tags      = "disabled"
  }

  root_block_device {
    volume_type           = "gp3"
    volume_size           = var.root_volume_size
    encrypted             = true
    delete_on_termination = true
  }

  tags = {
    Name = "${var.name}-client-${count.index}"
    Role = "client"
  }

  lifecycle {
    precondition {
      condition     = length(var.user_data) == var.instance_count
      error_message = "client: user_data needs one entry per instance."
    }
  }
}

# The benchmark's machines, store servers and clients alike: the cluster placement group, IMDSv2 only, an encrypted
# root volume, an instance profile that may read only this role's SSM parameters (the secrets are fetched at boot,
# never carried in user data). Every machine gets a fixed private address (servers: so every server's cloud-init
# knows its peers; clients: so AWS never hands a client an address a server is about to take), servers keep store
# data on the instance's NVMe disks, which scripts/provision/common.sh formats at boot (RAID 0 over all of them);
# clients (role "client") build the repository and record a machine fingerprint (scripts/provision/client.sh).

resource "aws_instance" "this" {
  count = var.instance_count

  ami                         = var.ami_id
  instance_type               = var.instance_type
  key_name                    = var.key_pair_name
  iam_instance_profile        = var.instance_profile_name
  subnet_id                   = var.subnet_id
  private_ip                  = length(var.private_ips) > 0 ? var.private_ips[count.index] : null
  vpc_security_group_ids      = var.security_group_ids
  placement_group             = var.placement_group
  associate_public_ip_address = true
  ebs_optimized               = true
  monitoring                  = true # 1-minute CloudWatch metrics beside the run's own baselines (~USD 0.003/hour)
  user_data                   = var.user_data[count.index]
  user_data_replace_on_change = true
  # The machine's expiry timer (scripts/provision/expiry.sh) shuts it down: that ends it, and its bill.
  instance_initiated_shutdown_behavior = "terminate"

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
    Name      = "${var.name}-${var.role == "client" ? "client" : "server"}-${count.index}"
    Role      = var.role
    NodeIndex = tostring(count.index)
  }

  lifecycle {
    # The AMI is chosen once: a newer Canonical image (or a new ami_id) must not silently rebuild a running
    # benchmark cluster. To move to another image on purpose: terraform apply -replace=... (terraform/README.md).
    ignore_changes = [ami]

    precondition {
      condition = (length(var.private_ips) == 0 || length(var.private_ips) == var.instance_count) && length(
      var.user_data) == var.instance_count
      error_message = "machines: user_data, and private_ips when given, need one entry per instance."
    }
  }
}

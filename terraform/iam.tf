# Instance profiles: one for the servers, one for the clients. Each may call ssm:GetParameters on exactly the
# parameters its machines need (secrets.tf, local.role_parameters) and nothing else: no other parameter of the
# account, no other API. The parameters use the AWS managed key for SSM, whose key policy already lets the
# account's principals decrypt through SSM, so no KMS statement is needed (or given).

data "aws_iam_policy_document" "assume_ec2" {
  statement {
    sid     = "Ec2AssumesTheMachineRole"
    actions = ["sts:AssumeRole"]

    principals {
      type        = "Service"
      identifiers = ["ec2.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "machines" {
  for_each = local.role_parameters

  name               = "${local.name}-${each.key}"
  description        = "ycsb-docsearch ${local.name} ${each.key} machines: read their SSM parameters at boot"
  assume_role_policy = data.aws_iam_policy_document.assume_ec2.json
}

data "aws_iam_policy_document" "read_parameters" {
  for_each = local.role_parameters

  statement {
    sid       = "ReadThisDeploymentsParametersOnly"
    actions   = ["ssm:GetParameters"]
    resources = [for k in each.value : aws_ssm_parameter.machine[k].arn]
  }
}

resource "aws_iam_role_policy" "read_parameters" {
  for_each = local.role_parameters

  name   = "read-boot-parameters"
  role   = aws_iam_role.machines[each.key].id
  policy = data.aws_iam_policy_document.read_parameters[each.key].json
}

resource "aws_iam_instance_profile" "machines" {
  for_each = local.role_parameters

  name = "${local.name}-${each.key}"
  role = aws_iam_role.machines[each.key].name
}

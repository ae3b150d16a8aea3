"""Tests of policy.py: the real configuration passes, a deliberately bad one breaks every rule, and single edits of a
copy of the real configuration (one weakened setting each) are caught by the rule they break.

Run: python -m unittest discover -s terraform/tests -p 'test_*.py'   (needs requirements.txt installed)
"""

import contextlib
import io
import os
import re
import shutil
import tempfile
import unittest

import policy

HERE = os.path.dirname(os.path.abspath(__file__))
TERRAFORM = os.path.dirname(HERE)
BAD = os.path.join(HERE, "fixtures", "bad")


def rules(violations):
    return {v.split(" ", 1)[0] for v in violations}


class RealConfigurationTest(unittest.TestCase):
    def test_passes_every_rule(self):
        self.assertEqual([], policy.check(TERRAFORM))


class BadFixtureTest(unittest.TestCase):
    def test_breaks_every_rule_but_files(self):
        found = rules(policy.check(BAD))
        expected = {f"R{n:02d}" for n in range(1, 16)} - {"R11"}  # R11 needs a state file: see MutationTest
        self.assertEqual(expected, found)

    def test_world_ssh_is_reported_twice(self):
        ssh = [v for v in policy.check(BAD) if "aws_vpc_security_group_ingress_rule.ssh" in v]
        self.assertEqual({"R04", "R05"}, rules(ssh))

    def test_cli_exits_1_and_lists_violations(self):
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            self.assertEqual(1, policy.main(["policy.py", BAD]))
        self.assertIn("R06", out.getvalue())


class MutationTest(unittest.TestCase):
    """Each case: file, text to replace (must occur), replacement, the rule that must then fail."""

    CASES = [
        (
            "modules/machines/main.tf",
            'http_tokens                 = "required"',
            'http_tokens                 = "optional"',
            "R06",
        ),
        ("modules/machines/main.tf", "encrypted             = true", "encrypted             = false", "R07"),
        ("main.tf", 'strategy = "cluster"', 'strategy = "spread"', "R03"),
        (
            "modules/network/security_groups.tf",
            'referenced_security_group_id = aws_security_group.client.id\n  ip_protocol                  = "tcp"\n'
            "  from_port                    = each.value.from_port",
            'cidr_ipv4                    = "0.0.0.0/0"\n  ip_protocol                  = "tcp"\n'
            "  from_port                    = each.value.from_port",
            "R04",
        ),
        (
            "modules/network/security_groups.tf",
            "cidr_ipv4         = var.ssh_allowed_cidr",
            'cidr_ipv4         = "0.0.0.0/0"',
            "R05",
        ),
        (
            "modules/network/security_groups.tf",
            'drives the others)"\n  referenced_security_group_id = aws_security_group.client.id',
            'drives the others)"\n  referenced_security_group_id = aws_security_group.server.id',
            "R05",
        ),
        (  # the fault key's SSH into the servers from the servers instead of the clients
            "modules/network/security_groups.tf",
            '(forced command)"\n  referenced_security_group_id = aws_security_group.client.id',
            '(forced command)"\n  referenced_security_group_id = aws_security_group.server.id',
            "R05",
        ),
        (
            "outputs.tf",
            '  }[var.store]\n  sensitive = true\n}\n\noutput "store_connection"',
            '  }[var.store]\n}\n\noutput "store_connection"',
            "R10",
        ),
        ("variables.tf", 'description = "The store this cluster runs', 'label = "The store this cluster runs', "R08"),
        ("modules/network/outputs.tf", 'description = "The one subnet of every machine."', "", "R09"),
        ("variables.tf", "default     = 3\n", "default     = 2\n", "R02"),
        ("providers.tf", "default_tags {\n    tags = local.tags\n  }", "", "R12"),
        ("versions.tf", 'version = "~> 5.80"', 'version = ">= 5.0"', "R01"),
        (
            "modules/network/main.tf",
            "availability_zone       = var.availability_zone",
            'availability_zone       = "us-east-1a"',
            "R13",
        ),
        (
            "cloud_init.tf",
            "    DURABILITY      = var.durability\n",
            "    DURABILITY      = var.durability\n    PW              = random_password.redis.result\n",
            "R14",
        ),
        ("iam.tf", 'actions   = ["ssm:GetParameters"]', 'actions   = ["ssm:*"]', "R15"),
        # The fault key's public half belongs in the servers' role.env; its private half must not go there.
        ("cloud_init.tf", "fault_ssh.public_key_openssh", "fault_ssh.private_key_openssh", "R14"),
    ]

    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="tf-policy-")
        self.copy = os.path.join(self.tmp, "terraform")
        shutil.copytree(TERRAFORM, self.copy, ignore=shutil.ignore_patterns("tests", ".terraform", "*.tfstate*"))

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def edit(self, rel, old, new):
        path = os.path.join(self.copy, rel)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        self.assertEqual(1, text.count(old), f"{rel}: the text to mutate must occur once: {old!r}")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text.replace(old, new))

    def test_copy_passes_before_any_edit(self):
        self.assertEqual([], policy.check(self.copy))

    def test_each_edit_is_caught(self):
        for rel, old, new, rule in self.CASES:
            with self.subTest(file=rel, rule=rule):
                self.tearDown()
                self.setUp()
                self.edit(rel, old, new)
                found = policy.check(self.copy)
                self.assertIn(rule, rules(found), f"{rel}: expected {rule}, got {found}")

    def test_state_file_is_caught(self):
        with open(os.path.join(self.copy, "terraform.tfstate"), "w", encoding="utf-8") as f:
            f.write("{}")
        self.assertEqual({"R11"}, rules(policy.check(self.copy)))

    def test_tfvars_example_is_allowed_but_tfvars_is_not(self):
        self.assertTrue(os.path.exists(os.path.join(self.copy, "terraform.tfvars.example")))
        shutil.copy(os.path.join(self.copy, "terraform.tfvars.example"), os.path.join(self.copy, "my.tfvars"))
        found = policy.check(self.copy)
        self.assertEqual({"R11"}, rules(found))
        self.assertTrue(any(re.search(r"my\.tfvars", v) for v in found))


if __name__ == "__main__":
    unittest.main()

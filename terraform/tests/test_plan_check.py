"""Tests of plan_check.py's MongoDB layout, secret, fault key, expiry and host key checks on hand-made user data:
what terraform renders passes, and each way of breaking it is reported. (scripts/tests/test_terraform.sh checks the
real plans.)

Run: python -m unittest discover -s terraform/tests -p 'test_*.py'
"""

import hashlib
import unittest

import plan_check

IPS = ["10.42.1.10", "10.42.1.11", "10.42.1.12"]
GOOD_SHARDS = (
    "shard0=10.42.1.10:27100,10.42.1.11:27100,10.42.1.12:27100;"
    "shard1=10.42.1.11:27101,10.42.1.12:27101,10.42.1.10:27101;"
    "shard2=10.42.1.12:27102,10.42.1.10:27102,10.42.1.11:27102"
)
GOOD_CONFIG = "cfg=10.42.1.10:27200,10.42.1.11:27200,10.42.1.12:27200"


def user_data(shards=GOOD_SHARDS, config=GOOD_CONFIG, extra=""):
    env = {
        "STORE": "mongodb",
        "SERVER_IPS": ",".join(IPS),
        "MONGODB_SHARDS": shards,
        "MONGODB_CONFIG_RS": config,
        "MONGOS_PORT": "27017",
        "SSM_PARAMETERS": "BUNDLE_URL=/ycsb-docsearch/x/bundle-url",
    }
    lines = "".join(f"    {k}='{v}'\n" for k, v in sorted(env.items()))
    return f"#cloud-config\nwrite_files:\n- content: |\n{lines}{extra}"


def plan_for(texts):
    return {
        "resource_changes": [
            {
                "type": "aws_instance",
                "address": f"module.servers.aws_instance.this[{i}]",
                "module_address": "module.servers",
                "index": i,
                "change": {"after": {"user_data": hashlib.sha1(t.encode()).hexdigest()}},
            }
            for i, t in enumerate(texts)
        ]
    }


class MongoLayoutTest(unittest.TestCase):
    def test_terraforms_layout_passes(self):
        self.assertEqual([], plan_check.check_mongodb_layout([user_data()] * 3, 3))

    def test_members_on_one_server_are_reported(self):
        shards = GOOD_SHARDS.replace("10.42.1.11:27100", "10.42.1.10:27100")
        found = plan_check.check_mongodb_layout([user_data(shards)] * 3, 3)
        self.assertTrue(any("different servers" in e for e in found), found)

    def test_primary_off_its_server_is_reported(self):
        shards = GOOD_SHARDS.replace(
            "shard1=10.42.1.11:27101,10.42.1.12:27101,10.42.1.10:27101",
            "shard1=10.42.1.12:27101,10.42.1.11:27101,10.42.1.10:27101",
        )
        found = plan_check.check_mongodb_layout([user_data(shards)] * 3, 3)
        self.assertTrue(any("member 0 must be on server 1" in e for e in found), found)

    def test_shared_port_and_different_layouts_are_reported(self):
        shards = GOOD_SHARDS.replace(":27101", ":27100")
        self.assertTrue(plan_check.check_mongodb_layout([user_data(shards)] * 3, 3))
        self.assertTrue(plan_check.check_mongodb_layout([user_data(), user_data(shards), user_data()], 3))


class SecretSearchTest(unittest.TestCase):
    def test_clean_user_data_passes(self):
        texts = [user_data()] * 2
        self.assertEqual([], plan_check.check_user_data(plan_for(texts), texts, ["Secret0123456789abcdef"], 2))

    def test_stand_in_pem_and_password_variables_are_reported(self):
        for extra, why in [
            ("    X='Secret0123456789abcdef'\n", "holds a secret"),
            ("    -----BEGIN PRIVATE KEY-----\n", "PEM block"),
            ("    REDIS_PASSWORD='x'\n", "sets REDIS_PASSWORD"),
        ]:
            texts = [user_data(extra=extra)]
            found = plan_check.check_user_data(plan_for(texts), texts, ["Secret0123456789abcdef"], 1)
            self.assertTrue(any(why in e for e in found), (why, found))

    def test_user_data_other_than_planned_is_reported(self):
        found = plan_check.check_user_data(plan_for([user_data()]), [user_data(extra="    X='y'\n")], [], 1)
        self.assertTrue(any("not what the plan sends" in e for e in found), found)


PRIVATE = (
    "-----BEGIN OPENSSH PRIVATE KEY-----\n"
    + "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtz" * 3
    + "\n-----END OPENSSH PRIVATE KEY-----\n"
)
PUBLIC = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIMhREhq+gJWXPJvcG0RgifMknPdOC2RmC2HXO8rgNQ9N"
FAULT_PARAMETER = "/ycsb-docsearch/x/fault-ssh-private-key"


def fault_user_data(client, **env):
    base = (
        {
            "FAULT_SSH_KEY_FILE": "/home/ubuntu/.ssh/ycsb_fault",
            "SSM_PARAMETERS": f"FAULT_SSH_PRIVATE_KEY={FAULT_PARAMETER}",
        }
        if client
        else {"FAULT_SSH_PUBLIC_KEY": PUBLIC, "SSM_PARAMETERS": "BUNDLE_URL=/ycsb-docsearch/x/bundle-url"}
    )
    base.update(env)
    lines = "".join(f"    {k}='{v}'\n" for k, v in sorted(base.items()) if v is not None)
    return f"#cloud-config\nwrite_files:\n- content: |\n{lines}"


def fault_plan(value=PRIVATE, rule=True):
    changes = [
        {
            "type": "aws_ssm_parameter",
            "address": 'aws_ssm_parameter.machine["FAULT_SSH_PRIVATE_KEY"]',
            "name": "machine",
            "change": {"after": {"name": FAULT_PARAMETER, "type": "SecureString", "value": value}},
        }
    ]
    if rule:
        changes.append(
            {
                "type": "aws_vpc_security_group_ingress_rule",
                "address": "module.network.aws_vpc_security_group_ingress_rule.ssh_fault_from_clients",
                "name": "ssh_fault_from_clients",
                "change": {"after": {"from_port": 22, "to_port": 22}},
            }
        )
    return {"resource_changes": changes}


class FaultKeyTest(unittest.TestCase):
    def test_terraforms_layout_passes(self):
        texts = [fault_user_data(False), fault_user_data(False), fault_user_data(True)]
        self.assertEqual([], plan_check.check_fault_ssh(fault_plan(), texts, 2))

    def test_each_leak_or_gap_is_reported(self):
        body_line = PRIVATE.splitlines()[1]
        for texts, plan, why in [
            (
                [fault_user_data(False, SSM_PARAMETERS=f"X={FAULT_PARAMETER}"), fault_user_data(True)],
                fault_plan(),
                "server): reads the fault SSH key: True",
            ),
            (
                [fault_user_data(False), fault_user_data(True, FAULT_SSH_KEY_FILE=None)],
                fault_plan(),
                "FAULT_SSH_KEY_FILE must be",
            ),
            (
                [fault_user_data(False, FAULT_SSH_PUBLIC_KEY=None), fault_user_data(True)],
                fault_plan(),
                "FAULT_SSH_PUBLIC_KEY must be one ssh-ed25519 public key",
            ),
            (
                [fault_user_data(False, X=body_line), fault_user_data(True)],
                fault_plan(),
                "user data holds the fault SSH private key",
            ),
            (
                [fault_user_data(False), fault_user_data(True)],
                fault_plan(rule=False),
                "from the clients into the servers",
            ),
            ([fault_user_data(False), fault_user_data(True)], fault_plan(value="plain"), "SecureString OpenSSH"),
        ]:
            found = plan_check.check_fault_ssh(plan, texts, 1)
            self.assertTrue(any(why in e for e in found), (why, found))


def expiry_user_data(host_key=None, enable_first=True, ttl="    TTL_HOURS='6'\n"):
    """User data shaped as cloud_init.tf renders it: the host key first (when given), then files and runcmd."""
    keys = ""
    if host_key is not None:
        body = "".join(f"    {line}\n" for line in PRIVATE.strip().split("\n"))
        keys = (
            '"ssh_deletekeys": true\n"ssh_genkeytypes": []\n"ssh_keys":\n'
            f'  "ed25519_private": |\n{body}  "ed25519_public": "{host_key}"\n'
        )
    files = "".join(
        f'- "path": "{path}"\n'
        for path in ("/usr/local/sbin/ycsb-docsearch-expiry", "/etc/systemd/system/ycsb-docsearch-expiry.service")
    )
    enable = '- - "systemctl"\n  - "enable"\n  - "--now"\n  - "ycsb-docsearch-expiry.service"\n'
    bootstrap = '- - "/usr/local/sbin/ycsb-docsearch-bootstrap"\n  - "/etc/ycsb-docsearch/role.env"\n'
    runcmd = enable + bootstrap if enable_first else bootstrap + enable
    return f'#cloud-config\n{keys}"write_files":\n- "content": |\n{ttl}{files}"runcmd":\n{runcmd}'


def expiry_plan(behaviour="terminate", n=2):
    return {
        "resource_changes": [
            {
                "type": "aws_instance",
                "address": f"module.servers.aws_instance.this[{i}]",
                "change": {"after": {"instance_initiated_shutdown_behavior": behaviour}},
            }
            for i in range(n)
        ]
    }


class ExpiryAndHostKeyTest(unittest.TestCase):
    OTHER = PUBLIC[:-4] + "AAAA"

    def test_terraforms_rendering_passes(self):
        texts = [expiry_user_data(PUBLIC), expiry_user_data(self.OTHER)]
        self.assertEqual([], plan_check.check_expiry(expiry_plan(), texts))
        self.assertEqual([], plan_check.check_host_keys(texts))
        found = plan_check.check_user_data(plan_for(texts), texts, [], 2)
        self.assertFalse(any("PEM" in e for e in found), found)

    def test_each_gap_is_reported(self):
        for plan, texts, why in [
            (expiry_plan("stop"), [expiry_user_data()] * 2, "not 'terminate'"),
            (expiry_plan(), [expiry_user_data(ttl="")] * 2, "no TTL_HOURS"),
            (expiry_plan(), [expiry_user_data(enable_first=False)] * 2, "before the bootstrap"),
        ]:
            found = plan_check.check_expiry(plan, texts)
            self.assertTrue(any(why in e for e in found), (why, found))

    def test_shared_or_missing_host_key_is_reported(self):
        found = plan_check.check_host_keys([expiry_user_data(PUBLIC), expiry_user_data(PUBLIC)])
        self.assertTrue(any("share a host key" in e for e in found), found)
        found = plan_check.check_host_keys([expiry_user_data(PUBLIC), expiry_user_data()])
        self.assertTrue(any("0 host public keys" in e for e in found), found)

    def test_a_private_key_elsewhere_is_still_a_pem_block(self):
        texts = [expiry_user_data(PUBLIC) + "".join(f"    {line}\n" for line in PRIVATE.strip().split("\n"))]
        found = plan_check.check_user_data(plan_for(texts), texts, [], 1)
        self.assertTrue(any("PEM block" in e for e in found), found)


if __name__ == "__main__":
    unittest.main()

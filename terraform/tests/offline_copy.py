#!/usr/bin/env python3
"""Copies the Terraform configuration into DEST so that it needs the AWS provider only, for `terraform validate`, a
real-provider `terraform plan` and a mocked `terraform test` on a machine with a local AWS provider mirror but no
random/tls provider, no AWS account and no network.

What changes in the copy (nothing else does):
  - every random_password / tls_* resource is removed, and every reference X.NAME[.INDEX].ATTR becomes a string
    literal of the real value's size: a random_password's `length` in letters and digits, a PEM block of the size a
    3072-bit RSA key, certificate or request (or an OpenSSH ED25519 private key) has. Literals are known at plan
    time, so a secret that reached the user data would show up there in the rendered plan. The literals are written
    to DEST/standins.json (for that search). A key's public_key_openssh is no secret (the fault key's reaches the
    servers' user data): it becomes an "ssh-ed25519 AAAA..." line of the real form, not listed there.
  - random and tls leave required_providers
  - offline_override.tf configures the AWS provider for planning without an account: dummy keys, no credential,
    account, region or metadata checks (Terraform merges *_override.tf files into the provider block)
  - offline_outputs.tf adds an output offline_user_data = local.user_data, so the plan itself carries the rendered
    user data (the provider keeps only its hash in aws_instance.user_data)
  - scripts/provision/bootstrap.sh and expiry.sh are copied beside it (cloud_init.tf reads them through ../scripts)
    and a tiny repository archive is written as DEST/terraform/tests/offline/repo.tar.gz
  - terraform/tests/offline/*.tftest.hcl go to DEST/terraform/tests/ (where `terraform test` looks)

Usage: offline_copy.py REPO_ROOT DEST     -> prints DEST/terraform
"""

import base64
import hashlib
import io
import json
import os
import re
import shutil
import struct
import sys
import tarfile

STAND_IN_TYPES = r"(random_password|tls_private_key|tls_self_signed_cert|tls_cert_request|tls_locally_signed_cert)"
BLOCK_START = re.compile(r'^resource "' + STAND_IN_TYPES + r'" "(\w+)" \{\s*$', re.MULTILINE)
PROVIDER_ENTRY = re.compile(r"^    (random|tls) = \{.*?^    \}\n", re.MULTILINE | re.DOTALL)


def block_end(text, start):
    """Index just past the closing brace of the block whose opening brace is the first '{' after start."""
    depth = 0
    for i in range(text.index("{", start), len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return i + 1
    raise ValueError("unbalanced braces")


REFERENCE_ATTR = re.compile(r"\b" + STAND_IN_TYPES + r"\.(\w+)(?:\[[0-9]+\])?\.(\w+)")
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

# DER sizes (bytes) of what the tls provider makes for a 3072-bit RSA key: the PEM text is about 4/3 of it.
PEM_SIZES = {
    "private_key_pem": ("RSA PRIVATE KEY", 1766),
    "private_key_pem_pkcs8": ("PRIVATE KEY", 1793),
    "public_key_pem": ("PUBLIC KEY", 422),
    "cert_pem": ("CERTIFICATE", 1150),
    "cert_request_pem": ("CERTIFICATE REQUEST", 900),
    "private_key_openssh": ("OPENSSH PRIVATE KEY", 234),  # an ED25519 key (the clients' SSH key)
}
OFFLINE_PROVIDER = """provider "aws" {
  access_key                  = "AKIAOFFLINEPLAN00000"
  secret_key                  = "offline-plan-dummy-secret-key-not-used-anywhere"
  skip_credentials_validation = true
  skip_requesting_account_id  = true
  skip_metadata_api_check     = true
  skip_region_validation      = true
}
"""
OFFLINE_OUTPUTS = """output "offline_user_data" {
  description = "Test only: the user data of every machine (servers, then clients), rendered in the plan."
  value       = local.user_data
}
"""


def public_openssh(seed):
    """An ED25519 public key line as the tls provider writes public_key_openssh: "ssh-ed25519 <base64 blob>\n"."""
    blob = b"".join(struct.pack(">I", len(p)) + p for p in (b"ssh-ed25519", hashlib.shake_256(seed).digest(32)))
    return f"ssh-ed25519 {base64.b64encode(blob).decode()}\n"


def stand_in(rtype, name, attr, lengths, salt):
    """A value of the real one's size, unique to the reference (so a search can tell which secret leaked)."""
    seed = f"{salt}/{rtype}.{name}.{attr}".encode()
    if rtype == "random_password":
        digest = hashlib.shake_256(seed).digest(lengths.get(name, 16))
        return "".join(ALNUM[b % len(ALNUM)] for b in digest)
    label, size = PEM_SIZES.get(attr, ("DATA", 1000))
    body = base64.b64encode(hashlib.shake_256(seed).digest(size)).decode()
    lines = [body[i : i + 64] for i in range(0, len(body), 64)]
    return "\n".join([f"-----BEGIN {label}-----", *lines, f"-----END {label}-----", ""])


def remove_blocks(text, lengths):
    """The text without stand-in resources; records each random_password's length in `lengths`."""
    out, pos = [], 0
    for m in BLOCK_START.finditer(text):
        if m.start() < pos:
            continue
        end = block_end(text, m.start())
        length = re.search(r"^\s*length\s*=\s*([0-9]+)\s*$", text[m.start() : end], re.MULTILINE)
        if length:
            lengths[m.group(2)] = int(length.group(1))
        out.append(text[pos : m.start()])
        pos = end
    out.append(text[pos:])
    return "".join(out)


def hcl_string(value):
    return json.dumps(value)  # a JSON string is a valid HCL quoted string (no ${ or %{ in these values)


def rewrite(text, lengths, values, salt):
    text = remove_blocks(text, lengths)

    def literal(m):
        if m.group(3) == "public_key_openssh":  # public: allowed in user data, so not a stand-in secret
            return hcl_string(public_openssh(f"{salt}/{m.group(1)}.{m.group(2)}.public".encode()))
        value = stand_in(m.group(1), m.group(2), m.group(3), lengths, salt)
        values.add(value)
        return hcl_string(value)

    text = REFERENCE_ATTR.sub(literal, text)
    return PROVIDER_ENTRY.sub("", text)


def write_archive(path):
    data = b"#!/usr/bin/env bash\necho stand-in\n"
    with tarfile.open(path, "w:gz") as tar:
        info = tarfile.TarInfo("ycsb-docsearch/scripts/provision/client.sh")
        info.size, info.mode = len(data), 0o755
        tar.addfile(info, io.BytesIO(data))


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    repo, dest = argv[1], argv[2]
    src, tf = os.path.join(repo, "terraform"), os.path.join(dest, "terraform")
    shutil.copytree(src, tf, ignore=shutil.ignore_patterns("tests", ".terraform", "*.tfstate*", ".terraform.lock.hcl"))
    paths = sorted(os.path.join(d, n) for d, _, files in os.walk(tf) for n in files if n.endswith(".tf"))
    texts = {}
    lengths, values, salt = {}, set(), os.urandom(8).hex()
    for path in paths:  # first pass: every random_password's length, wherever it is declared
        with open(path, encoding="utf-8") as f:
            texts[path] = f.read()
        remove_blocks(texts[path], lengths)
    for path in paths:
        with open(path, "w", encoding="utf-8") as f:
            f.write(rewrite(texts[path], lengths, values, salt))
    with open(os.path.join(tf, "offline_override.tf"), "w", encoding="utf-8") as f:
        f.write(OFFLINE_PROVIDER)
    with open(os.path.join(tf, "offline_outputs.tf"), "w", encoding="utf-8") as f:
        f.write(OFFLINE_OUTPUTS)
    with open(os.path.join(dest, "standins.json"), "w", encoding="utf-8") as f:
        json.dump(sorted(values), f, indent=1)
    os.makedirs(os.path.join(dest, "scripts", "provision"))
    for script in ("bootstrap.sh", "expiry.sh"):
        shutil.copy(os.path.join(repo, "scripts", "provision", script), os.path.join(dest, "scripts", "provision"))
    tests = os.path.join(tf, "tests")
    os.makedirs(os.path.join(tests, "offline"))
    for name in os.listdir(os.path.join(src, "tests", "offline")):
        if name.endswith(".tftest.hcl"):
            shutil.copy(os.path.join(src, "tests", "offline", name), tests)
    write_archive(os.path.join(tests, "offline", "repo.tar.gz"))
    print(tf)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

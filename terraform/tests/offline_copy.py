#!/usr/bin/env python3
"""Copies the Terraform configuration into DEST so that it needs the AWS provider only, for `terraform validate` and a
mocked `terraform test` on a machine with a local AWS provider mirror but no random/tls provider and no network.

What changes in the copy (nothing else does):
  - every random_password / tls_* resource becomes a built-in terraform_data resource (same count) whose output is
    a fixed stand-in string, and every reference X.NAME[.INDEX].ATTR becomes terraform_data.X_NAME[.INDEX].output
  - random and tls leave required_providers
  - scripts/provision/bootstrap.sh is copied beside it (cloud_init.tf reads it through ../scripts) and a tiny
    repository archive is written as DEST/terraform/tests/offline/repo.tar.gz
  - terraform/tests/offline/*.tftest.hcl go to DEST/terraform/tests/ (where `terraform test` looks)

Usage: offline_copy.py REPO_ROOT DEST     -> prints DEST/terraform
"""
import io
import os
import re
import shutil
import sys
import tarfile

STAND_IN_TYPES = r"(random_password|tls_private_key|tls_self_signed_cert|tls_cert_request|tls_locally_signed_cert)"
BLOCK_START = re.compile(r'^resource "' + STAND_IN_TYPES + r'" "(\w+)" \{\s*$', re.MULTILINE)
REFERENCE = re.compile(r"\b" + STAND_IN_TYPES + r"\.(\w+)((?:\[[0-9]+\])?)\.\w+")
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


def replace_blocks(text):
    out, pos = [], 0
    for m in BLOCK_START.finditer(text):
        if m.start() < pos:
            continue
        end = block_end(text, m.start())
        body = text[m.start():end]
        count = re.search(r"^\s*count\s*=\s*(.+)$", body, re.MULTILINE)
        out.append(text[pos:m.start()])
        out.append(f'resource "terraform_data" "{m.group(1)}_{m.group(2)}" {{\n')
        if count:
            out.append(f"  count = {count.group(1).strip()}\n")
        out.append(f'  input = "stand-in-{m.group(1)}-{m.group(2)}"\n}}')
        pos = end
    out.append(text[pos:])
    return "".join(out)


def rewrite(text):
    text = replace_blocks(text)
    text = REFERENCE.sub(lambda m: f"terraform_data.{m.group(1)}_{m.group(2)}{m.group(3)}.output", text)
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
    for dirpath, _, files in os.walk(tf):
        for name in files:
            if name.endswith(".tf"):
                path = os.path.join(dirpath, name)
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                with open(path, "w", encoding="utf-8") as f:
                    f.write(rewrite(text))
    os.makedirs(os.path.join(dest, "scripts", "provision"))
    shutil.copy(os.path.join(repo, "scripts", "provision", "bootstrap.sh"), os.path.join(dest, "scripts", "provision"))
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

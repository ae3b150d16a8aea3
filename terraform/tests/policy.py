#!/usr/bin/env python3
"""Policy checks on the Terraform configuration, by parsing it: rules about what the configuration says, beside the
real-provider plan (plan_check.py) and checkov. Each rule has an id; a violation is "RULE file: message".

Usage: policy.py DIR      (a root module; its modules/ subfolders are checked too) -> exit 1 on any violation

Rules
  R01 versions      Terraform >= 1.6 and the AWS provider pinned to 5.x (~> 5.NN)
  R02 sizing        server/client instance types default to m5d.8xlarge, server_count 3, client_count 1, and the
                    instances take their count and type from those variables
  R03 placement     every placement group uses strategy "cluster" and every instance sits in one
  R04 ingress       no ingress from 0.0.0.0/0 or ::/0; store ports (anything but SSH) only from security groups
  R05 ssh           SSH ingress only from var.ssh_allowed_cidr, which has no default and a validation, or from the
                    client security group: into itself (the sweep on client 0 drives the other clients) or into the
                    servers' group (the fault key, which runs the servers' fault helper only); never from another
                    group (no server reaches a client's or another server's port 22)
  R06 imdsv2        every instance and launch template requires IMDSv2 (metadata_options.http_tokens = "required")
  R07 encryption    every root volume / launch-template EBS volume is encrypted
  R08 variables     every variable has a type, a description and a validation
  R09 outputs       every output has a description
  R10 secrets       outputs that carry secrets, and secret-named variables, are sensitive; no secret defaults
  R11 files         no state or tfvars files next to the configuration (only *.tfvars.example)
  R12 tags          the AWS provider sets default_tags, including an expires-on tag from var.expires_on
  R13 one-az        one subnet, in var.availability_zone
  R14 user-data     no generated secret (random_password, tls_* keys) in user data: neither an instance's or launch
                    template's user_data nor any local value named *user_data* or *env* refers to one (secrets go
                    to SSM Parameter Store; user data names the parameters). A key's public half (public_key_*) is
                    no secret (the fault key's reaches the servers' role.env)
  R15 iam           no IAM policy document allows a wildcard action ("*", "service:*") or every resource ("*"):
                    the machines' roles read named parameters only
"""

import os
import re
import sys

import hcl2

WORLD = {"0.0.0.0/0", "::/0"}
SECRET_NAME = re.compile(r"password|secret|token|private_key|keyfile", re.IGNORECASE)
# A reference to a generated secret: any random_password, any attribute of a tls_private_key but its public halves.
SECRET_SOURCE = re.compile(r"random_password\.|tls_private_key\.\w+\b(?!(?:\[[^\]]*\])?\.public_key_)|private_key_pem")
# The clients' security group, the only one SSH may come from (R05).
CLIENT_GROUP = "${aws_security_group.client.id}"


class Module:
    """One module directory: its parsed blocks by kind, and which file each came from."""

    def __init__(self, path):
        self.path = path
        self.blocks = {
            "variable": [],
            "output": [],
            "resource": [],
            "module": [],
            "terraform": [],
            "provider": [],
            "locals": [],
            "data": [],
        }
        for name in sorted(os.listdir(path)):
            if name.endswith(".tf"):
                self._load(os.path.join(path, name))

    def _load(self, file):
        with open(file, encoding="utf-8") as f:
            parsed = hcl2.load(f)
        for kind, entries in parsed.items():
            for entry in entries:
                self.blocks.setdefault(kind, []).append((file, entry))

    def named(self, kind):
        """(file, name, body) for variables, outputs, module calls and providers."""
        for file, entry in self.blocks[kind]:
            for name, body in entry.items():
                yield file, name, body

    def resources(self, *types):
        """(file, type.name, body) for resources of the given types."""
        for file, entry in self.blocks["resource"]:
            for rtype, named in entry.items():
                if rtype in types:
                    for name, body in named.items():
                        yield file, f"{rtype}.{name}", body


def load_modules(root):
    """The root module and every module under root/modules/, keyed by path."""
    modules = [Module(root)]
    sub = os.path.join(root, "modules")
    if os.path.isdir(sub):
        modules += [
            Module(os.path.join(sub, d)) for d in sorted(os.listdir(sub)) if os.path.isdir(os.path.join(sub, d))
        ]
    return modules


def first(block_list):
    """HCL nested blocks parse as lists; the first one or an empty dict."""
    return block_list[0] if isinstance(block_list, list) and block_list else {}


def refers(value, ref):
    return isinstance(value, str) and value.strip() == "${" + ref + "}"


def check_versions(root):
    out = []
    for file, tf in root.blocks["terraform"]:
        req = tf.get("required_version", "")
        if not re.search(r">=\s*1\.(6|[7-9]|[1-9][0-9])", req):
            out.append(f"R01 {file}: required_version must be >= 1.6 (is {req!r})")
        aws = first(tf.get("required_providers")).get("aws", {})
        if not re.fullmatch(r"~>\s*5\.[0-9]+", str(aws.get("version", ""))):
            out.append(f"R01 {file}: the aws provider must be pinned as ~> 5.NN (is {aws.get('version')!r})")
    if not root.blocks["terraform"]:
        out.append(f"R01 {root.path}: no terraform block with required_version and required_providers")
    return out


def check_sizing(root, modules):
    out = []
    defaults = {
        "server_instance_type": "m5d.8xlarge",
        "client_instance_type": "m5d.8xlarge",
        "server_count": 3,
        "client_count": 1,
    }
    variables = {name: body for _, name, body in root.named("variable")}
    for name, want in defaults.items():
        if variables.get(name, {}).get("default") != want:
            out.append(f"R02 {root.path}: variable {name} must exist with default {want!r}")
    wiring = {
        "servers": ("var.server_count", "var.server_instance_type"),
        "client": ("var.client_count", "var.client_instance_type"),
    }
    calls = {name: (f, body) for f, name, body in root.named("module")}  # by the module block's name
    for mod, (count_ref, type_ref) in wiring.items():
        file, body = calls.get(mod, (root.path, None))
        if (
            body is None
            or not refers(body.get("instance_count"), count_ref)
            or not refers(body.get("instance_type"), type_ref)
        ):
            out.append(f"R02 {file}: module {mod} must get instance_count = {count_ref}, instance_type = {type_ref}")
    for m in modules:
        for file, name, body in m.resources("aws_instance"):
            if not re.fullmatch(r"\$\{var\.[a-z_]*count\}", str(body.get("count", ""))):
                out.append(f"R02 {file}: {name} must take its count from a *count variable")
            itype = body.get("instance_type")
            if not (itype == "m5d.8xlarge" or re.fullmatch(r"\$\{var\.[a-z_]*instance_type\}", str(itype))):
                out.append(f"R02 {file}: {name} instance_type must come from an instance_type variable")
    return out


def check_placement(modules):
    out, groups = [], 0
    for m in modules:
        for file, name, body in m.resources("aws_placement_group"):
            groups += 1
            if body.get("strategy") != "cluster":
                out.append(f'R03 {file}: {name} must use strategy "cluster" (is {body.get("strategy")!r})')
        for file, name, body in m.resources("aws_instance"):
            if not (body.get("placement_group") or body.get("placement_group_id")):
                out.append(f"R03 {file}: {name} is not in a placement group")
    if groups == 0:
        out.append(f"R03 {modules[0].path}: no aws_placement_group")
    return out


def ingress_rules(modules):
    """(file, name, cidrs, from_port, to_port, has_sg_source, from_clients) for every ingress rule, whatever the
    resource type; from_clients: the only source group is the client security group (a rule of the client group
    admitting itself, or of another group admitting the clients)."""
    for m in modules:
        for file, name, body in m.resources("aws_vpc_security_group_ingress_rule"):
            cidrs = [c for c in (body.get("cidr_ipv4"), body.get("cidr_ipv6")) if c]
            source = body.get("referenced_security_group_id")
            yield (
                file,
                name,
                cidrs,
                body.get("from_port"),
                body.get("to_port"),
                bool(source or body.get("prefix_list_id")),
                source == CLIENT_GROUP and not body.get("prefix_list_id"),
            )
        for file, name, body in m.resources("aws_security_group"):
            for rule in body.get("ingress", []) or []:
                cidrs = list(rule.get("cidr_blocks", []) or []) + list(rule.get("ipv6_cidr_blocks", []) or [])
                sources = list(rule.get("security_groups", []) or [])
                if rule.get("self"):  # the group the rule belongs to
                    sources.append("${" + name + ".id}")
                yield (
                    file,
                    name + ".ingress",
                    cidrs,
                    rule.get("from_port"),
                    rule.get("to_port"),
                    bool(sources),
                    bool(sources) and all(g == CLIENT_GROUP for g in sources),
                )
        for file, name, body in m.resources("aws_security_group_rule"):
            if body.get("type") == "ingress":
                cidrs = list(body.get("cidr_blocks", []) or []) + list(body.get("ipv6_cidr_blocks", []) or [])
                sources = [g for g in (body.get("source_security_group_id"),) if g]
                if body.get("self"):
                    sources.append(body.get("security_group_id"))
                yield (
                    file,
                    name,
                    cidrs,
                    body.get("from_port"),
                    body.get("to_port"),
                    bool(sources),
                    bool(sources) and all(g == CLIENT_GROUP for g in sources),
                )


def check_ingress(modules):
    out = []
    for file, name, cidrs, lo, hi, from_sg, from_clients in ingress_rules(modules):
        if any(c in WORLD for c in cidrs):
            out.append(f"R04 {file}: {name} admits the whole internet ({', '.join(cidrs)})")
        is_ssh = lo == 22 and hi == 22
        if not is_ssh and (cidrs or not from_sg):
            out.append(f"R04 {file}: {name} (ports {lo}-{hi}) must admit security groups only, not CIDRs")
        if is_ssh and not all(refers(c, "var.ssh_allowed_cidr") for c in cidrs):
            out.append(f"R05 {file}: {name} SSH must come from var.ssh_allowed_cidr only (is {cidrs})")
        if is_ssh and from_sg and not from_clients:
            out.append(f"R05 {file}: {name} SSH from a security group must come from the clients' group only")
    return out


def check_ssh_variable(modules):
    out = []
    for m in modules:
        for file, name, body in m.named("variable"):
            if name == "ssh_allowed_cidr":
                if "default" in body:
                    out.append(f"R05 {file}: variable ssh_allowed_cidr must have no default")
                if not body.get("validation"):
                    out.append(f"R05 {file}: variable ssh_allowed_cidr needs a validation refusing 0.0.0.0/0")
    return out


def check_instances(modules):
    out = []
    for m in modules:
        for file, name, body in m.resources("aws_instance", "aws_launch_template"):
            meta = first(body.get("metadata_options"))
            if meta.get("http_tokens") != "required" or meta.get("http_endpoint", "enabled") != "enabled":
                out.append(f'R06 {file}: {name} must require IMDSv2 (metadata_options.http_tokens = "required")')
            if name.startswith("aws_instance."):
                encrypted = [first(body.get("root_block_device")).get("encrypted")]
            else:
                encrypted = [first(b.get("ebs")).get("encrypted") for b in body.get("block_device_mappings", [])] or [
                    None
                ]
            if not all(e is True or e == "true" for e in encrypted):
                out.append(f"R07 {file}: {name} must encrypt its root/EBS volumes (encrypted = true)")
    return out


def check_variables_and_outputs(modules):
    out = []
    for m in modules:
        for file, name, body in m.named("variable"):
            missing = [k for k in ("type", "description", "validation") if not body.get(k)]
            if missing:
                out.append(f"R08 {file}: variable {name} lacks {', '.join(missing)}")
            if SECRET_NAME.search(name) and not body.get("sensitive"):
                out.append(f"R10 {file}: variable {name} looks secret and must be sensitive = true")
            if SECRET_NAME.search(name) and "default" in body:
                out.append(f"R10 {file}: variable {name} must not have a default (secrets are generated)")
        for file, name, body in m.named("output"):
            if not body.get("description"):
                out.append(f"R09 {file}: output {name} lacks a description")
            secret = SECRET_NAME.search(name) or SECRET_SOURCE.search(str(body.get("value", "")))
            if secret and body.get("sensitive") is not True:
                out.append(f"R10 {file}: output {name} carries a secret and must be sensitive = true")
    return out


def check_files(root):
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in (".terraform", "tests")]
        for f in filenames:
            if f.endswith((".tfstate", ".tfstate.backup")) or (".tfvars" in f and not f.endswith(".tfvars.example")):
                out.append(f"R11 {os.path.join(dirpath, f)}: state and tfvars files must not sit in the repository")
    return out


def check_tags(root):
    out = []
    providers = [(f, body) for f, name, body in root.named("provider") if name == "aws"]
    if not providers or not any(first(b.get("default_tags")).get("tags") for _, b in providers):
        out.append(f"R12 {root.path}: provider aws must set default_tags")
    text = " ".join(str(e) for _, e in root.blocks["locals"] + root.blocks["provider"])
    if not re.search(r"expires-on\"?:\s*\"\$\{var\.expires_on\}\"", text):
        out.append(f"R12 {root.path}: the default tags must include expires-on = var.expires_on")
    return out


def check_one_az(modules):
    subnets = [(f, n, b) for m in modules for f, n, b in m.resources("aws_subnet")]
    out = []
    if len(subnets) != 1:
        out.append(f"R13 {modules[0].path}: expected exactly one subnet, found {len(subnets)}")
    for file, name, body in subnets:
        if not refers(body.get("availability_zone"), "var.availability_zone"):
            out.append(f"R13 {file}: {name} must use var.availability_zone")
    return out


def check_user_data(modules):
    out = []
    for m in modules:
        for file, entry in m.blocks["locals"]:
            for name, value in entry.items():
                if re.search(r"user_data|env", name) and SECRET_SOURCE.search(str(value)):
                    out.append(f"R14 {file}: local {name} (user data) refers to a generated secret")
        for file, name, body in m.resources("aws_instance", "aws_launch_template"):
            if SECRET_SOURCE.search(str(body.get("user_data", ""))):
                out.append(f"R14 {file}: {name} user_data refers to a generated secret")
    return out


def check_iam(modules):
    out = []
    for m in modules:
        for file, entry in m.blocks["data"]:
            for name, body in entry.get("aws_iam_policy_document", {}).items():
                for st in body.get("statement", []) or []:
                    if st.get("effect", "Allow") != "Allow":
                        continue
                    actions = st.get("actions", []) or []
                    if any(a == "*" or a.endswith(":*") for a in actions) or "*" in (st.get("resources") or []):
                        out.append(
                            f"R15 {file}: aws_iam_policy_document.{name} allows {actions} on "
                            f"{st.get('resources')}: name the actions and resources"
                        )
    return out


def check(root):
    """Every violation of the configuration rooted at `root`, as sorted strings."""
    modules = load_modules(root)
    top = modules[0]
    found = (
        check_versions(top)
        + check_sizing(top, modules)
        + check_placement(modules)
        + check_ingress(modules)
        + check_ssh_variable(modules)
        + check_instances(modules)
        + check_variables_and_outputs(modules)
        + check_files(root)
        + check_tags(top)
        + check_one_az(modules)
        + check_user_data(modules)
        + check_iam(modules)
    )
    return sorted(set(found))


def main(argv):
    if len(argv) != 2 or argv[1] in ("-h", "--help"):
        print(__doc__, file=sys.stderr)
        return 2
    violations = check(argv[1])
    for v in violations:
        print(v)
    print(f"policy: {len(violations)} violation(s) in {argv[1]}", file=sys.stderr)
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

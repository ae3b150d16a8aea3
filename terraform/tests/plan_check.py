#!/usr/bin/env python3
"""Checks one real-provider plan of the configuration (made by scripts/tests/test_terraform.sh on an offline copy,
tests/offline_copy.py) against what an apply needs and what the issue promised. Exit 1 with one line per failure.

Usage: plan_check.py PLAN_JSON STANDINS SERVERS CLIENTS
  PLAN_JSON   `terraform show -json` of the saved plan; its output offline_user_data (added by offline_copy.py) is
              local.user_data as rendered in the plan: servers, then clients
  STANDINS    JSON list of every stand-in secret value in the copy (offline_copy.py writes it)
  SERVERS, CLIENTS   the server_count and client_count the plan was made with

Checks
  - the rendered user data is what the instances get: its SHA-1 is the plan's aws_instance.user_data (the provider
    keeps only that hash), one per machine, each known at plan time, cloud-config, within EC2's 16 KiB
  - no secret in any user data: none of the stand-in values (passwords, PEM keys and certificates of real size), no
    PEM block at all, and every secret variable of role.env is absent (only SSM parameter *names* are there)
  - every machine has its own fixed private address, all in the subnet and none shared
  - every secret parameter is a SecureString within the Standard tier's 4096 characters; each instance profile's
    role may call nothing but ssm:GetParameters
  - the bundle bucket's prefix is within the AWS provider's 37 characters
  - the clients' SSH key (several clients only): its parameter is planned exactly when CLIENTS > 1; every client's
    role.env names it and the key file, no server's does; SSH rules naming a security group have the client group as
    their source: into itself (planned exactly when CLIENTS > 1) or into the servers' group (the fault key, always);
    every other SSH rule takes var.ssh_allowed_cidr
  - the fault key (always): one SecureString parameter holding an OpenSSH private key, named by every client's
    role.env (with FAULT_SSH_KEY_FILE) and by no server's; every server's role.env carries FAULT_SSH_PUBLIC_KEY (an
    ssh-ed25519 public key), no client's does; the private key is in no user data; the servers' group admits SSH from
    the clients' group (ssh_fault_from_clients)
  - the machines end themselves: every instance has instance_initiated_shutdown_behavior = "terminate"; every user
    data carries TTL_HOURS in role.env, the expiry program and its systemd service, and its runcmd enables that service
    before the bootstrap runs
  - host keys: a PEM block in user data is allowed only as the machine's own SSH host key (cloud-config ssh_keys,
    ed25519_private, one OpenSSH private key); with host keys every machine's public key differs from every other's
  - MongoDB (STORE='mongodb' in role.env): one shard per server, each a replica set of min(3, servers) members on
    different servers, shard i's member 0 (preferred primary) on server i, one port per shard; the config server
    replica set on the first min(3, servers) servers; every machine (mongos on the clients) gets the same layout
"""

import hashlib
import json
import re
import sys

SECRET_VARIABLES = re.compile(r"^\s*[A-Z_]*(PASSWORD|KEYFILE_CONTENT|TLS_[A-Z_]*|PRIVATE_KEY)='", re.MULTILINE)
CLIENT_KEY_PARAMETER = "/client-ssh-private-key"
FAULT_KEY_PARAMETER = "/fault-ssh-private-key"
FAULT_KEY_FILE = "/home/ubuntu/.ssh/ycsb_fault"
PUBLIC_ED25519 = re.compile(r"ssh-ed25519 [A-Za-z0-9+/]+={0,2}")
PEM = re.compile(r"-----BEGIN [A-Z ]+-----")
# The one PEM block user data may hold: the machine's own SSH host key, as yamlencode writes cloud-config's ssh_keys.
HOST_KEY = re.compile(
    r'^  "ed25519_private": \|\n    -----BEGIN OPENSSH PRIVATE KEY-----\n(?:    [A-Za-z0-9+/=]+\n)+'
    r"    -----END OPENSSH PRIVATE KEY-----\n",
    re.MULTILINE,
)
HOST_PUBLIC = re.compile(r'^  "ed25519_public": "(ssh-ed25519 [A-Za-z0-9+/=]+)', re.MULTILINE)
EXPIRY_SERVICE = "ycsb-docsearch-expiry.service"


def changes(plan, rtype):
    return [rc for rc in plan.get("resource_changes", []) if rc["type"] == rtype]


def instance_order(rc):
    """Servers first, then clients, each by index: the order of local.user_data."""
    return (0 if rc["module_address"] == "module.servers" else 1, rc.get("index", 0))


def check_user_data(plan, user_data, standins, machines):
    errors = []
    instances = sorted(changes(plan, "aws_instance"), key=instance_order)
    if len(instances) != machines or len(user_data) != machines:
        return [f"expected {machines} machines, the plan has {len(instances)} and {len(user_data)} user data"]
    for rc, text in zip(instances, user_data, strict=True):
        where = rc["address"]
        planned = rc["change"]["after"].get("user_data")
        if planned != hashlib.sha1(text.encode()).hexdigest():
            errors.append(f"{where}: rendered user data is not what the plan sends (hash {planned})")
        if not text.startswith("#cloud-config\n"):
            errors.append(f"{where}: user data is not cloud-config")
        if len(text.encode()) > 16384:
            errors.append(f"{where}: user data is {len(text.encode())} bytes, EC2 accepts 16384")
        for value in standins:
            if value.strip() and value.strip() in text:
                errors.append(f"{where}: user data holds a secret ({value[:12]}..., {len(value)} characters)")
        if PEM.search(HOST_KEY.sub("", text)):
            errors.append(f"{where}: user data holds a PEM block (other than its SSH host key)")
        for m in SECRET_VARIABLES.finditer(text):
            errors.append(f"{where}: user data sets {m.group(0).strip()}...")
        if "SSM_PARAMETERS='" not in text:
            errors.append(f"{where}: user data names no SSM parameters")
    return errors


def role_env(text):
    """The KEY='value' lines of the role.env that the user data writes."""
    return dict(re.findall(r"^\s+([A-Z_][A-Z0-9_]*)='([^']*)'$", text, re.MULTILINE))


def replica_set(spec):
    """'name=ip:port,ip:port' -> (name, [(ip, port), ...])"""
    name, members = spec.split("=", 1)
    return name, [tuple(m.rsplit(":", 1)) for m in members.split(",")]


def check_mongodb_layout(user_data, servers):
    envs = [role_env(u) for u in user_data]
    if envs[0].get("STORE") != "mongodb":
        return []
    layouts = {(e.get("MONGODB_CONFIG_RS"), e.get("MONGODB_SHARDS"), e.get("MONGOS_PORT")) for e in envs}
    if len(layouts) != 1:
        return [f"MongoDB: the machines were given different layouts: {sorted(map(str, layouts))}"]
    config, shards, mongos = layouts.pop()
    ips = envs[0]["SERVER_IPS"].split(",")
    members = min(3, servers)
    errors = []
    name, cfg = replica_set(config)
    if [ip for ip, _ in cfg] != ips[:members] or len({p for _, p in cfg}) != 1:
        errors.append(f"MongoDB: config servers {config} are not one port on the first {members} servers")
    shard_list = [replica_set(spec) for spec in shards.split(";")]
    if len(shard_list) != servers:
        errors.append(f"MongoDB: {len(shard_list)} shards for {servers} servers")
    ports = set()
    for i, (name, shard) in enumerate(shard_list):
        hosts = [ip for ip, _ in shard]
        if len(shard) != members or len(set(hosts)) != members:
            errors.append(f"MongoDB: {name} must have {members} members on different servers: {shard}")
        if i < len(ips) and hosts[0] != ips[i]:
            errors.append(f"MongoDB: {name}'s member 0 must be on server {i} ({ips[i]}), is on {hosts[0]}")
        if len({p for _, p in shard}) != 1 or shard[0][1] in ports or shard[0][1] == cfg[0][1]:
            errors.append(f"MongoDB: {name} needs a port of its own, shared by its members")
        ports.add(shard[0][1])
    if mongos != "27017":
        errors.append(f"MongoDB: mongos must listen on 27017 on the clients (is {mongos})")
    return errors


def check_expiry(plan, user_data):
    """The machines end themselves: a shutdown terminates; a timer armed at boot (before the bootstrap) shuts down."""
    errors = []
    for rc in changes(plan, "aws_instance"):
        behaviour = rc["change"]["after"].get("instance_initiated_shutdown_behavior")
        if behaviour != "terminate":
            errors.append(f"{rc['address']}: instance_initiated_shutdown_behavior is {behaviour!r}, not 'terminate'")
    for i, text in enumerate(user_data):
        if not re.search(r"TTL_HOURS='[0-9]+'", text):
            errors.append(f"machine {i}: role.env has no TTL_HOURS")
        for path in ("/usr/local/sbin/ycsb-docsearch-expiry", f"/etc/systemd/system/{EXPIRY_SERVICE}"):
            if f'"path": "{path}"' not in text:
                errors.append(f"machine {i}: user data does not write {path}")
        enable = text.find(f'"{EXPIRY_SERVICE}"')
        bootstrap = text.find('- - "/usr/local/sbin/ycsb-docsearch-bootstrap"')
        if enable < 0 or bootstrap < 0 or enable > bootstrap:
            errors.append(f"machine {i}: runcmd does not enable {EXPIRY_SERVICE} before the bootstrap")
    return errors


def check_host_keys(user_data):
    """With host keys, each machine has exactly one, its own."""
    publics = [HOST_PUBLIC.findall(text) for text in user_data]
    if not any(publics):
        return []
    errors = [f"machine {i}: {len(p)} host public keys, not 1" for i, p in enumerate(publics) if len(p) != 1]
    errors += [f"machine {i}: no host private key" for i, text in enumerate(user_data) if not HOST_KEY.search(text)]
    flat = [p[0] for p in publics if len(p) == 1]
    if len(set(flat)) != len(flat):
        errors.append("two machines share a host key")
    return errors


def check_addresses(plan):
    ips = [rc["change"]["after"].get("private_ip") for rc in changes(plan, "aws_instance")]
    errors = [f"an instance has no fixed private address ({ips})"] if None in ips else []
    if len(set(ips)) != len(ips):
        errors.append(f"instances share a private address: {sorted(ips)}")
    return errors


def check_parameters(plan):
    errors = []
    params = changes(plan, "aws_ssm_parameter")
    if not params:
        errors.append("no SSM parameters in the plan")
    for rc in params:
        after = rc["change"]["after"]
        value = after.get("value") or ""
        secret = not after["name"].endswith(("/bundle-url", "/bundle-sha256"))
        if secret and after.get("type") != "SecureString":
            errors.append(f"{rc['address']}: {after['name']} must be a SecureString")
        if len(value) > 4096:
            errors.append(f"{rc['address']}: {len(value)} characters, the Standard tier holds 4096")
    for rc in changes(plan, "aws_iam_role_policy"):
        policy = rc["change"]["after"].get("policy")
        if policy:  # unknown until the parameters' ARNs exist; checked where known (mocked test)
            actions = {
                a
                for s in json.loads(policy)["Statement"]
                for a in ([s["Action"]] if isinstance(s["Action"], str) else s["Action"])
            }
            if actions != {"ssm:GetParameters"}:
                errors.append(f"{rc['address']}: the machines may call {sorted(actions)}")
    return errors


def module_resources(plan, module):
    """The configuration of the resources of a module call of the root module (expressions with references)."""
    call = plan.get("configuration", {}).get("root_module", {}).get("module_calls", {}).get(module, {})
    return call.get("module", {}).get("resources", [])


def check_client_ssh(plan, user_data, servers, clients):
    errors = []
    several = clients > 1
    keys = [
        rc for rc in changes(plan, "aws_ssm_parameter") if rc["change"]["after"]["name"].endswith(CLIENT_KEY_PARAMETER)
    ]
    if len(keys) != (1 if several else 0):
        errors.append(f"{clients} client(s): {len(keys)} SSM parameter(s) for the clients' SSH key")
    for i, text in enumerate(user_data):
        env = role_env(text)
        client = i >= servers
        names_key = CLIENT_KEY_PARAMETER in env.get("SSM_PARAMETERS", "")
        if names_key != (client and several):
            errors.append(f"machine {i} ({'client' if client else 'server'}): reads the clients' SSH key: {names_key}")
        if ("CLIENT_SSH_KEY_FILE" in env) != (client and several):
            errors.append(f"machine {i}: CLIENT_SSH_KEY_FILE in role.env: {'CLIENT_SSH_KEY_FILE' in env}")
    between = [
        rc
        for rc in changes(plan, "aws_vpc_security_group_ingress_rule")
        if rc["change"]["after"].get("from_port") == 22 and rc["name"] == "ssh_between_clients"
    ]
    if len(between) != (1 if several else 0):
        errors.append(f"{clients} client(s): {len(between)} SSH rule(s) between the clients")
    for r in module_resources(plan, "network"):
        if r.get("type") != "aws_vpc_security_group_ingress_rule":
            continue
        expr = r.get("expressions", {})
        from_port = expr.get("from_port", {}).get("constant_value")
        if from_port != 22 and expr.get("to_port", {}).get("constant_value") != 22:
            continue
        target = expr.get("security_group_id", {}).get("references", [])
        source = expr.get("referenced_security_group_id", {}).get("references", [])
        cidr = expr.get("cidr_ipv4", {}).get("references", [])
        into = {"aws_security_group.client.id", "aws_security_group.server.id"} & set(target)
        if source and not (
            "aws_security_group.client.id" in source and len(into) == 1 and len(target) == len(source) == 2
        ):
            errors.append(
                f"{r['address']}: SSH from a security group must be the clients' (into their own group or the"
                f" servers') ({target} <- {source})"
            )
        if not source and cidr != ["var.ssh_allowed_cidr"]:
            errors.append(f"{r['address']}: SSH must come from var.ssh_allowed_cidr (is {cidr})")
    return errors


def check_fault_ssh(plan, user_data, servers):
    """The fault key: the clients read its private half, the servers get its public half, the servers' group admits
    SSH from the clients' group."""
    errors = []
    keys = [
        rc for rc in changes(plan, "aws_ssm_parameter") if rc["change"]["after"]["name"].endswith(FAULT_KEY_PARAMETER)
    ]
    if len(keys) != 1:
        errors.append(f"{len(keys)} SSM parameter(s) for the fault SSH key, expected 1")
    for rc in keys:
        after = rc["change"]["after"]
        private = after.get("value") or ""
        if after.get("type") != "SecureString" or not private.startswith("-----BEGIN OPENSSH PRIVATE KEY-----"):
            errors.append(f"{rc['address']}: the fault key must be a SecureString OpenSSH private key")
        body = "".join(private.strip().splitlines()[1:-1])  # without the BEGIN/END lines, as a search would see it
        for i, text in enumerate(user_data):
            if body and (body[:64] in text or private.strip() in text):
                errors.append(f"machine {i}: user data holds the fault SSH private key")
    for i, text in enumerate(user_data):
        env = role_env(text)
        client = i >= servers
        what = f"machine {i} ({'client' if client else 'server'})"
        names_key = FAULT_KEY_PARAMETER in env.get("SSM_PARAMETERS", "")
        if names_key != client:
            errors.append(f"{what}: reads the fault SSH key: {names_key}")
        if client and env.get("FAULT_SSH_KEY_FILE") != FAULT_KEY_FILE:
            errors.append(f"{what}: FAULT_SSH_KEY_FILE must be {FAULT_KEY_FILE} (is {env.get('FAULT_SSH_KEY_FILE')})")
        if not client and "FAULT_SSH_KEY_FILE" in env:
            errors.append(f"{what}: a server gets FAULT_SSH_KEY_FILE")
        public = env.get("FAULT_SSH_PUBLIC_KEY")
        if client and public is not None:
            errors.append(f"{what}: a client gets FAULT_SSH_PUBLIC_KEY")
        if not client and not (public and PUBLIC_ED25519.fullmatch(public)):
            errors.append(f"{what}: FAULT_SSH_PUBLIC_KEY must be one ssh-ed25519 public key (is {public!r})")
    rules = [
        rc
        for rc in changes(plan, "aws_vpc_security_group_ingress_rule")
        if rc["name"] == "ssh_fault_from_clients"
        and rc["change"]["after"].get("from_port") == 22
        and rc["change"]["after"].get("to_port") == 22
    ]
    if len(rules) != 1:
        errors.append(f"{len(rules)} planned SSH rule(s) from the clients into the servers (fault helper), expected 1")
    for r in module_resources(plan, "network"):
        if r.get("type") == "aws_vpc_security_group_ingress_rule" and r.get("name") == "ssh_fault_from_clients":
            expr = r.get("expressions", {})
            target = expr.get("security_group_id", {}).get("references", [])
            source = expr.get("referenced_security_group_id", {}).get("references", [])
            if "aws_security_group.server.id" not in target or "aws_security_group.client.id" not in source:
                errors.append(f"{r['address']}: must admit the clients' group into the servers' ({target} <- {source})")
    return errors


def check_bucket(plan):
    errors = []
    for rc in changes(plan, "aws_s3_bucket"):
        prefix = rc["change"]["after"].get("bucket_prefix") or ""
        if len(prefix) > 37:
            errors.append(f"{rc['address']}: bucket_prefix {prefix!r} is longer than 37 characters")
    return errors


def main(argv):
    if len(argv) != 5:
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        plan = json.load(f)
    with open(argv[2], encoding="utf-8") as f:
        standins = json.load(f)
    rendered = plan.get("planned_values", {}).get("outputs", {}).get("offline_user_data", {})
    if "value" not in rendered:
        print("user data is not known at plan time: it depends on a value made during apply")
        return 1
    errors = (
        check_user_data(plan, rendered["value"], standins, int(argv[3]) + int(argv[4]))
        + check_addresses(plan)
        + check_mongodb_layout(rendered["value"], int(argv[3]))
        + check_parameters(plan)
        + check_bucket(plan)
        + check_client_ssh(plan, rendered["value"], int(argv[3]), int(argv[4]))
        + check_fault_ssh(plan, rendered["value"], int(argv[3]))
        + check_expiry(plan, rendered["value"])
        + check_host_keys(rendered["value"])
    )
    for e in errors:
        print(e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

"""Whether two saved plans (terraform show -json) give the store servers the same instances.

A plan of the configuration with one set of variables and a plan with another, both from nothing: when every
server instance (module.servers.aws_instance.this[i]) has the same planned arguments in both, including its user
data, then applying the second set of variables over a cluster built with the first changes no server's arguments,
and so can replace none of them (user_data_replace_on_change replaces a machine whose user data differs).

Usage: python3 same_servers.py PLAN_A.json PLAN_B.json
Exit 0 when the servers are the same (prints how many); 1 with each difference named (one a line).
"""

import json
import sys

PREFIX = "module.servers.aws_instance.this["


def servers(path):
    """{address: (after, after_unknown)} of the plan's server instances."""
    with open(path, encoding="utf-8") as f:
        plan = json.load(f)
    return {
        rc["address"]: (rc["change"].get("after") or {}, rc["change"].get("after_unknown") or {})
        for rc in plan.get("resource_changes", [])
        if rc["address"].startswith(PREFIX)
    }


def differences(a, b):
    """Every difference between the two plans' server instances, as text lines."""
    out = []
    for address in sorted(set(a) | set(b)):
        if address not in a or address not in b:
            out.append(f"{address}: only in {'the second' if address in b else 'the first'} plan")
            continue
        (after_a, unknown_a), (after_b, unknown_b) = a[address], b[address]
        for key in sorted(set(after_a) | set(after_b)):
            if after_a.get(key) != after_b.get(key):
                out.append(f"{address}: {key} differs")
        for key in sorted(set(unknown_a) | set(unknown_b)):
            if unknown_a.get(key) != unknown_b.get(key):
                out.append(f"{address}: whether {key} is known differs")
    return out


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[-2], file=sys.stderr)
        return 2
    a, b = servers(argv[1]), servers(argv[2])
    if not a:
        print(f"{argv[1]}: no server instance in the plan")
        return 1
    diff = differences(a, b)
    for line in diff:
        print(line)
    if not diff:
        print(f"the same {len(a)} server instances in both plans")
    return 1 if diff else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

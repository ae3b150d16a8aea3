#!/usr/bin/env python3
"""What a MongoDB replica set's members say of themselves, read once for the local stores and the AWS servers: the
primary a fault ends, and whether the sets are whole (after a start, and again after a fault). The one definition,
as scripts/cluster/redis-primary.awk is for Redis. Python 3 standard library only: the AWS servers have the system
python3, the local side its stores' venv (scripts/stores/probe.py imports it).

  mongo_sets.py primary < MEMBERS   "HOST<TAB>PORT<TAB>SET" of the PRIMARY of the first set (in MEMBERS' order)
                                    that has one; exit 1 when none has
  mongo_sets.py whole < MEMBERS     exit 0 when the sets are whole; else exit 1 with their states on stderr

MEMBERS: a JSON list in layout order, each set's preferred member (priority 2) first,
  [{"set": NAME, "member": "HOST:PORT", "hello": <that member's own hello answer, or null when it did not answer>}]
gathered by scripts/stores/probe.py mongo-hellos (local, pymongo) or scripts/cluster/mongo-hellos.sh (mongosh: the
AWS servers' provisioning and fault helper, and mongo-rs-initiate.sh without pymongo). Each member's own answer over
a direct connection: not a view of it from another member, which lags by up to a heartbeat.

Whole: every member PRIMARY or SECONDARY, and each set's first member its PRIMARY. Until that member has taken the
primary back, a priority takeover is still to come: a second election with no primary for seconds, whose stepdown
fails the writes in flight (a load once lost 4 inserts to it, and a read-back once failed inside it). So a set is
ready after its first start, and whole again after a fault, by this one rule.
Primary: the first set that has one (shard0 unless an election is under way there), so that a fault hits the same
share of the data in every run; within a set, the first member claiming it (two claim it only for the moment a
deposed primary has not yet heard of the election).
"""

import sys

import answers


def member_state(hello):
    """PRIMARY, SECONDARY, OTHER (up but neither: starting, recovering, arbiter) or DOWN (no answer)."""
    if hello is None:
        return "DOWN"
    if hello.get("isWritablePrimary"):
        return "PRIMARY"
    return "SECONDARY" if hello.get("secondary") else "OTHER"


def sets_in_order(members):
    """{set: [members]} in the order the sets first appear (dicts keep insertion order)."""
    sets = {}
    for m in members:
        sets.setdefault(m["set"], []).append(m)
    return sets


def primary(members):
    """(host, port, set) of the PRIMARY of the first set that has one, or None."""
    for m in members:
        if member_state(m["hello"]) == "PRIMARY":
            host, _, port = m["member"].rpartition(":")
            return host, int(port), m["set"]
    return None


def whole(members):
    return bool(members) and all(
        all(member_state(m["hello"]) in ("PRIMARY", "SECONDARY") for m in group)
        and member_state(group[0]["hello"]) == "PRIMARY"
        for group in sets_in_order(members).values()
    )


def states(members):
    """One line for a message: "shard0: 10.0.0.1:27018 PRIMARY, ...; shard1: ..."."""
    return "; ".join(
        f"{name}: " + ", ".join(f"{m['member']} {member_state(m['hello'])}" for m in group)
        for name, group in sets_in_order(members).items()
    )


def main(argv):
    if len(argv) != 2 or argv[1] not in ("primary", "whole"):
        print(__doc__, file=sys.stderr)
        return 2
    members = answers.read("mongo_sets.py", "member answers")
    if members is None:
        return 1
    if argv[1] == "primary":
        return answers.print_row(primary(members))
    if whole(members):
        return 0
    print(f"not whole: {states(members) or 'no members'}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))

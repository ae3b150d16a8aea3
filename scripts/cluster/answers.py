"""The command-line side the rule files of scripts/cluster/ share: a store's answer read from stdin, and the one
tab-separated line a rule prints (the shape of redis-primary.awk's, which both fault paths cut their fields from)."""

import json
import sys


def read(rule, what):
    """The JSON document on stdin, or None (said on stderr) when there is none: the gatherer before the rule failed,
    and a rule with nothing to judge answers no (no primary, not whole), never with a traceback."""
    try:
        return json.load(sys.stdin)
    except ValueError as e:
        print(f"{rule}: no {what} to read: {e}", file=sys.stderr)
        return None


def print_row(fields):
    """Prints FIELDS as one tab-separated line; exit status 0, or 1 (printing nothing) when FIELDS is None."""
    if fields is None:
        return 1
    print("\t".join(str(v) for v in fields))
    return 0

"""The node-lost-under-load table of fault runs, in Markdown: one row per store and durability profile, from the
rows `bin/docsearch fault-rows` prints (the results format's reading of each store's fault-summary.json) on stdin.
Formatting only: every figure is a cell of those rows.

Use like: bin/docsearch fault-rows RUN_DIR... | python3 scripts/lib/fault_table.py
"""

import csv
import sys

HEADER = (
    "store",
    "profile",
    "offered ops/s",
    "failed after kill (by type)",
    "longest gap s",
    "ack gap ms",
    "p99 before kill us",
    "p99 back within 2x after s",
    "acked writes",
    "lost",
    "stale",
    "indeterminate",
    "unread",
    "may lose",
)

# The fault-rows columns of the table's cells from "profile" to "p99 before kill us", one to one.
LOAD_COLUMNS = ("profile", "target_ops", "failed_after_kill", "longest_gap_s", "longest_ack_gap_ms", "pre_fault_p99_us")


def cell(value):
    """An absent figure (an empty cell) as '-'."""
    return value if value else "-"


def write_cells(r):
    """The five write cells: acknowledged, lost (absent or stale), stale, indeterminate (errored or timed out), unread.
    Any unread write, or any write of a client whose log is not whole (acked_writes_unknown), makes the loss unknown,
    never a count; 'not checked' when the stream did not run."""
    if not r["acked_writes"]:
        return ("not checked", "-", "-", "-", "-")
    unread = r["acked_writes_read_back_failed"]
    unknown = r.get("acked_writes_unknown") or "0"
    lost = r["acked_writes_lost"]
    if unread not in ("", "0"):
        lost = f"unknown ({unread} of {r['acked_writes']} unread)"
    elif unknown != "0":
        lost = f"unknown ({unknown} of {r['acked_writes']} in logs that are not whole)"
    return (
        r["acked_writes"],
        lost,
        cell(r.get("acked_writes_stale")),
        cell(r.get("acked_writes_indeterminate")),
        cell(unread),
    )


def cells(r):
    """The table's cells of one fault-rows row."""
    recovery = "not within the step" if r["recovered"] == "false" else cell(r["recovery_s"])
    return (r["store"], *(cell(r[k]) for k in LOAD_COLUMNS), recovery, *write_cells(r), cell(r["may_lose"]))


def table(lines):
    """The Markdown lines of the fault-rows CSV text in lines; none when it has no row."""
    rows = [cells(r) for r in csv.DictReader(lines)]
    if not rows:
        return []
    out = ["| " + " | ".join(HEADER) + " |", "|" + " --- |" * len(HEADER)]
    out += ["| " + " | ".join(c) + " |" for c in rows]
    return out


def main(argv):
    if argv:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    lines = table(sys.stdin)
    if not lines:
        print("no store ran a fault step (no fault-summary.json in the run folders)", file=sys.stderr)
        return 1
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The node-lost-under-load table of fault runs: one row per store and durability profile, from each store's
fault-summary.json (docs/results-format.md, written by the results-format module's FaultSummary).

Use like: python3 scripts/lib/fault_table.py RUN_DIR...
"""

import json
import sys
from pathlib import Path

HEADER = (
    "store",
    "profile",
    "offered ops/s",
    "failed after kill (by type)",
    "longest gap s",
    "ack gap ms",
    "p99 before kill us",
    "p99 back within 2x after s",
    "acked writes lost",
    "may lose",
)


def failed_after_kill(fault):
    """'READ 12, UPDATE 9' of the fault step's operations, failures from the kill's second on."""
    ops = (fault or {}).get("operations") or {}
    return ", ".join(f"{op} {counts.get('failed_after_kill', 0)}" for op, counts in sorted(ops.items())) or "-"


def row(store, summary):
    acked = summary.get("acked_writes") or {}
    durability = summary.get("durability") or {}
    if acked:
        lost_count = acked.get("lost_before_kill", 0) + acked.get("lost_after_kill", 0)
        lost = f"{lost_count} of {acked.get('acked', 0)}"
        if acked.get("read_back_failed"):
            lost += f" ({acked['read_back_failed']} not read back)"
    else:
        lost = "not checked"
    recovery = summary.get("recovery_s")
    if summary.get("recovered") is False:
        recovery = "not within the step"
    return (
        store,
        durability.get("profile", "-"),
        summary.get("target_ops", "-"),
        failed_after_kill(summary.get("fault")),
        summary.get("longest_gap_s", "-"),
        summary.get("longest_ack_gap_ms", "-"),
        summary.get("pre_fault_p99_us", "-"),
        "-" if recovery is None else recovery,
        lost,
        durability.get("may_lose", "-"),
    )


def main(argv):
    rows = []
    for run_dir in argv[1:]:
        for path in sorted(Path(run_dir).glob("*/fault-summary.json")):
            rows.append(row(path.parent.name, json.loads(path.read_text())))
    if not rows:
        print(f"no fault-summary.json in {' '.join(argv[1:])}", file=sys.stderr)
        return 1
    print("| " + " | ".join(HEADER) + " |")
    print("|" + " --- |" * len(HEADER))
    for cells in rows:
        print("| " + " | ".join(str(c) for c in cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

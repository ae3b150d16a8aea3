"""Latency figures of open-loop steps, side by side: for each step, the send lag (p50, p99, max: how late the client
sent against the schedule) and the intended latency of every operation (all requests: p50, p90, p99, p99.9, max),
from the step's summary.json. Lines on stdin: side|row|offered rate|step folder. Used by
scripts/bench-client-cost.sh --latency to compare two checkouts at the same rates.

Use like: printf 'after|basicdb open|10000|DIR\\n' | python3 scripts/lib/open_loop_latency.py
"""

import json
import sys
from pathlib import Path

SPECTRUM = ("p50_us", "p90_us", "p99_us", "p999_us", "max_us")


def cell(value):
    return "-" if value is None else str(value)


def main(argv):
    if argv:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    header = ("side", "row", "offered", "lag_p50", "lag_p99", "lag_max", "op", "int_p50", "p90", "p99", "p99.9", "max")
    print("send lag and intended latency (all requests), us")
    print("{:<7} {:<14} {:>8} {:>8} {:>8} {:>9}  {:<7} {:>8} {:>8} {:>8} {:>8} {:>9}".format(*header))
    for line in sys.stdin:
        if not line.strip():
            continue
        side, row, rate, step_dir = line.rstrip("\n").split("|")
        summary = json.loads((Path(step_dir) / "summary.json").read_text())
        pacing = summary.get("pacing") or {}
        lag = [cell(pacing.get(k)) for k in ("send_lag_p50_us", "send_lag_p99_us", "send_lag_max_us")]
        ops = [r for r in summary["rows"] if r["latency_kind"] == "intended" and r["requests"] == "all"]
        for r in sorted(ops, key=lambda r: r["op"]):
            spectrum = [cell(r.get(k)) for k in SPECTRUM]
            print(
                "{:<7} {:<14} {:>8} {:>8} {:>8} {:>9}  {:<7} {:>8} {:>8} {:>8} {:>8} {:>9}".format(
                    side, row, rate, *lag, r["op"], *spectrum
                )
            )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

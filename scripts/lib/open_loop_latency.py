"""Latency figures of open-loop steps, side by side: for each step, the send lag (p50, p99, max: how late the client
sent against the schedule) and the intended latency of every operation (all requests: p50, p90, p99, p99.9, max).
Reads CSV on stdin: the columns side, row and offered (the benchmark's own), then those of
`bin/docsearch step-rows --operations` (the results format's reading of the step folder), one line per latency row
of each step. Formatting only. Used by scripts/bench-client-cost.sh --latency to compare two checkouts at the same
rates.

Use like: ... | python3 scripts/lib/open_loop_latency.py
"""

import csv
import sys

LAG = ("send_lag_p50_us", "send_lag_p99_us", "send_lag_max_us")
SPECTRUM = ("p50_us", "p90_us", "p99_us", "p999_us", "max_us")
HEADER = ("side", "row", "offered", "lag_p50", "lag_p99", "lag_max", "op", "int_p50", "p90", "p99", "p99.9", "max")
LINE = "{:<7} {:<14} {:>8} {:>8} {:>8} {:>9}  {:<7} {:>8} {:>8} {:>8} {:>8} {:>9}"


def cell(value):
    """An absent figure (an empty cell) as '-'."""
    return value if value else "-"


def table(lines):
    """The table's lines: a title, the header, then per step (in input order) its operations' intended latency of
    every request, in name order."""
    steps = {}
    for r in csv.DictReader(lines):
        if r["latency_kind"] == "intended" and r["requests"] == "all":
            steps.setdefault((r["side"], r["row"], r["offered"], r["step_dir"]), []).append(r)
    out = ["send lag and intended latency (all requests), us", LINE.format(*HEADER)]
    for (side, row, offered, _), ops in steps.items():
        for r in sorted(ops, key=lambda r: r["op"]):
            lag = [cell(r[k]) for k in LAG]
            spectrum = [cell(r[k]) for k in SPECTRUM]
            out.append(LINE.format(side, row, offered, *lag, r["op"], *spectrum))
    return out


def main(argv):
    if argv:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    print("\n".join(table(sys.stdin)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

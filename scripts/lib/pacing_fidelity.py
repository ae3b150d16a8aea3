"""Pacing fidelity of known-answer runs: prints, for the fixed-rate steps of mm1 run folders, how close to
Poisson the requests the simulated server saw were (mm1-arrivals.json, which Mm1DB writes into the step folder) and
the client's send lag, grouped by offered load as a share of the true capacity. The steps come from
`bin/docsearch step-rows` (the results format's reading of the folders) on stdin.

Use like: bin/docsearch step-rows RUN_DIR... | python3 scripts/lib/pacing_fidelity.py TRUE_CAPACITY
"""

import csv
import json
import statistics
import sys
from pathlib import Path

# Offered load as a share of the true capacity. The curve offers fixed fractions of the measured peak (about 1.3 x
# the capacity here), so "~50 %" takes the steps from 30 to 70 %.
BANDS = ((0.3, 0.7, "~50 %"), (0.8, 1.0, "~90 %"), (1.0, 1.05, "100-105 %"))


def steps(lines):
    """(offered rate, send-lag p99 or None, arrival fit) of every mm1 step with an arrival fit."""
    for row in csv.DictReader(lines):
        fit_file = Path(row["step_dir"]) / "mm1-arrivals.json"
        if row["store"] != "mm1" or not fit_file.is_file():
            continue
        lag = int(row["send_lag_p99_us"]) if row["send_lag_p99_us"] else None
        yield int(row["target_ops"]), lag, json.loads(fit_file.read_text())


def main(argv):
    if len(argv) != 1:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    known = float(argv[0])
    rows = list(steps(sys.stdin))
    print(f"pacing fidelity over {len(rows)} fixed-rate steps (true capacity {known:.1f} ops/s):")
    for lo, hi, label in BANDS:
        band = [r for r in rows if lo * known <= r[0] < hi * known]
        if not band:
            print(f"  {label} of capacity: no step")
            continue
        lags = [r[1] for r in band if r[1] is not None]
        fits = [r[2] for r in band]
        rejected = sum(1 for f in fits if f["exponential_rejected"])
        print(
            f"  {label} of capacity: {len(band)} steps; send-lag p99 median {statistics.median(lags):.0f} us "
            f"(max {max(lags)}); gaps CV median {statistics.median(f['cv'] for f in fits):.3f} (Poisson: 1); "
            f"KS D median {statistics.median(f['ks_d'] for f in fits):.4f}; exponential rejected at 5 % "
            f"(Stephens > {fits[0]['stephens_critical_5pct']}) in {rejected} of {len(fits)}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Pacing fidelity of known-answer runs: prints, for the fixed-rate steps of mm1 run folders, how close to
Poisson the requests the simulated server saw were (the step's arrival fit, mm1-arrivals.json) and the client's send
lag, grouped by offered load as a share of the true capacity; and, per run, the known answer of the store the client
really measured: M/M/1 with the delays the host added to its requests (send lag plus wake lateness), the median of
the steps' mm1_host_capacity_ops between 80 and 120 % of the true capacity. The steps are the rows
`bin/docsearch step-rows` prints (the results format's reading of the folders, the fit in its mm1_* columns) on
stdin; this only groups and formats them.

Use like: bin/docsearch step-rows RUN_DIR... | python3 scripts/lib/pacing_fidelity.py TRUE_CAPACITY
"""

import csv
import statistics
import sys

# Offered load as a share of the true capacity. The curve offers fixed fractions of the measured peak (about 1.3 x
# the capacity here), so "~50 %" takes the steps from 30 to 70 %.
BANDS = ((0.3, 0.7, "~50 %"), (0.8, 1.0, "~90 %"), (1.0, 1.05, "100-105 %"))


def steps(lines):
    """The step-rows rows of every mm1 step with an arrival fit (a fixed-rate step), with the offered rate and the
    send-lag p99 (None when the step has none) as numbers."""
    for row in csv.DictReader(lines):
        if row["store"] != "mm1" or not row["mm1_cv"]:
            continue
        row["rate"] = int(row["target_ops"])
        row["lag"] = int(row["send_lag_p99_us"]) if row["send_lag_p99_us"] else None
        row["host"] = float(row["mm1_host_capacity_ops"]) if row.get("mm1_host_capacity_ops") else None
        row["held"] = int(row["mm1_host_delay_p99_us"]) if row.get("mm1_host_delay_p99_us") else None
        yield row


def report(rows, known):
    """The lines of the report on the steps (from steps()) against the true capacity."""
    out = [f"pacing fidelity over {len(rows)} fixed-rate steps (true capacity {known:.1f} ops/s):"]
    for lo, hi, label in BANDS:
        band = [r for r in rows if lo * known <= r["rate"] < hi * known]
        if not band:
            out.append(f"  {label} of capacity: no step")
            continue
        lags = [r["lag"] for r in band if r["lag"] is not None]
        rejected = sum(1 for r in band if r["mm1_exponential_rejected"] == "true")
        cv = statistics.median(float(r["mm1_cv"]) for r in band)
        ks_d = statistics.median(float(r["mm1_ks_d"]) for r in band)
        out.append(
            f"  {label} of capacity: {len(band)} steps; send-lag p99 median {statistics.median(lags):.0f} us "
            f"(max {max(lags)}); gaps CV median {cv:.3f} (Poisson: 1); KS D median {ks_d:.4f}; exponential rejected "
            f"at 5 % (Stephens > {band[0]['mm1_stephens_critical_5pct']}) in {rejected} of {len(band)}"
        )
    out.extend(host_truths(rows, known))
    return out


def host_truths(rows, known):
    """Per run, the capacity of M/M/1 with the host's measured delays (steps near the truth), when recorded."""
    out = []
    for run in sorted({r["run_dir"] for r in rows}):
        near = [
            r for r in rows if r["run_dir"] == run and r["host"] is not None and 0.8 * known <= r["rate"] <= 1.2 * known
        ]
        if not near:
            continue
        truth = statistics.median(r["host"] for r in near)
        held = statistics.median(r["held"] for r in near)
        out.append(
            f"  {run}: with the host's delays (p99 {held} us, median of {len(near)} steps) the true capacity is "
            f"{truth:.1f} ops/s ({(truth / known - 1) * 100:+.2f} % against {known:.1f})"
        )
    return out


def main(argv):
    if len(argv) != 1:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    print("\n".join(report(list(steps(sys.stdin)), float(argv[0]))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

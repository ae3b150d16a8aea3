"""Figures of scripts/bench-clients.sh, read from the runs' summary.csv (the results format's published rows).

Usage: bench_clients.py OUT [RUN]
  OUT  the benchmark's folder: c1-r<k>/<run>/ and c2-r<k>/<run>/ (one client, two clients, round k)
  RUN  optional results folder of real stores: each store's client CPU per operation
"""

import csv
import glob
import os
import statistics
import sys


def rows(run_dir):
    path = os.path.join(run_dir, "summary.csv")
    with open(path, newline="") as f:
        got = list(csv.DictReader(f))
    # Whether a step counts is decided once, by the results format, and recorded on every row: never here.
    if got and "usable" not in got[0]:
        raise SystemExit(f"{path} has no usable column (written before it existed): rebuild it with scripts/report.sh")
    return got


def read_row(run_dir):
    """The BasicDB READ row of intended latency, successes only, of the run's one fixed-rate step."""
    for r in rows(run_dir):
        if r["op"] == "READ" and r["latency_kind"] == "intended" and r["requests"] == "ok":
            return float(r["throughput_ops"]), float(r["p99_us"]), r["client_bound"] == "true"
    raise SystemExit("no intended READ row in " + run_dir)


def runs_of(out, clients):
    return sorted(glob.glob(os.path.join(out, f"c{clients}-r*", "*", "summary.csv")))


def clients_vs_one(out):
    got = {}
    for clients in (1, 2):
        figures = [read_row(os.path.dirname(f)) for f in runs_of(out, clients)]
        if not figures:
            raise SystemExit(f"no runs with {clients} client(s) under {out}")
        got[clients] = figures
        throughputs = ", ".join(f"{t:.0f}" for t, _, _ in figures)
        p99s = ", ".join(f"{p:.0f}" for _, p, _ in figures)
        limited = "" if not any(b for _, _, b in figures) else " (a step was client-limited)"
        print(f"{clients} client(s): throughput {throughputs} ops/s, intended READ p99 {p99s} us{limited}")
    t1, t2 = (statistics.median(t for t, _, _ in got[c]) for c in (1, 2))
    p1, p2 = (statistics.median(p for _, p, _ in got[c]) for c in (1, 2))
    print(
        f"medians over {len(got[1])} rounds: throughput 2 clients / 1 client = {t2 / t1:.4f}; "
        f"p99 2 clients - 1 client = {p2 - p1:+.0f} us ({p2:.0f} vs {p1:.0f} us)"
    )


def client_cost(run):
    """Client CPU per operation (us), median over each store's usable capacity steps (the rows' recorded verdict)."""
    per_store = {}
    for r in rows(run):
        if (
            r["phase"] == "capacity"
            and r["usable"] == "true"
            and r["latency_kind"] == "service"
            and r["requests"] == "ok"
            and r["client_cpu_cores"]
        ):
            key = (r["store"], r["step"])
            per_store.setdefault(r["store"], {})[key] = 1e6 * float(r["client_cpu_cores"]) / float(r["throughput_ops"])
    for store, steps in per_store.items():
        values = sorted(steps.values())
        print(
            f"{store}: client CPU {statistics.median(values):.1f} us per operation "
            f"(median of {len(values)} capacity steps, {values[0]:.1f} to {values[-1]:.1f})"
        )


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    clients_vs_one(sys.argv[1])
    if len(sys.argv) > 2:
        client_cost(sys.argv[2])


if __name__ == "__main__":
    main()

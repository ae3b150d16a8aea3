"""Simulated nights made from real runs of this suite, for the scenario tests.

A night is a results folder written like the sweep writes it (the current format, or format 1 then migrated:
manifest.json, summary.json, <store>/capacity.json), whose numbers come from real BasicDB runs
(resources/basicdb-runs.json, made by make_fixture.py from `./run-sweep.sh workloada --stores basicdb ...
-p basicdb.simulatedelay=2`, one run with fixed rates 300 and 600 ops/s and one closed-loop run with 1 and 2 threads):
* within-run noise: each step's per-second HdrHistogram intervals are drawn again with replacement, and the
  percentiles and throughput are computed from the merged draw;
* run-to-run noise: each night runs on a machine from a pool; the machine's speed and a per-night factor (log-normal,
  3 %) divide latencies and multiply throughput, and the pool can move to another CPU model that is 10 % slower;
* effects under test: `tail` doubles one operation's latencies above the step's 97th percentile (so p99 doubles and
  p50 stays), `throughput` scales peak and capacity, `bad_night` makes everything slower for one night.

Format 2 folders map the fixed-rate steps at 1 thread to the load phase (300 and 600 ops/s of a 597 ops/s peak:
offered fractions 0.5 and 1.0) and the closed-loop steps to the capacity phase; capacity_ops is the measured
throughput of the 100 % load step. Format 1 folders hold the closed-loop steps only, as today's sweep writes them.
"""

import hashlib
import json
import math
import os
import random
import subprocess
from datetime import datetime, timedelta, timezone

from perf_history.runfolder import DOCSEARCH

FIXTURE = os.path.join(os.path.dirname(__file__), "resources", "basicdb-runs.json")
START = datetime(2026, 10, 1, 2, 17, tzinfo=timezone.utc)
MACHINES = {"old": ("AMD EPYC 7763 64-Core Processor", 1.0), "new": ("Intel Xeon Platinum 8370C", 0.9)}


def load_fixture():
    with open(FIXTURE) as f:
        runs = json.load(f)["runs"]
    rates = next(r for r in runs if any(s["target_ops"] for s in r["stores"]["basicdb"]["steps"].values()))
    closed = next(r for r in runs if r is not rates)
    return rates, closed


def draw(intervals, rng):
    """The merged histogram of len(intervals) intervals drawn with replacement ({value_us: count}), and its seconds."""
    merged, seconds = {}, 0.0
    for _ in intervals:
        interval = rng.choice(intervals)
        seconds += interval["s"]
        for value, count in interval["v"]:
            merged[value] = merged.get(value, 0) + count
    return merged, seconds


def percentile(merged, q, min_count):
    total = sum(merged.values())
    if total < min_count:
        return None  # the suite's rule: p99 needs >= 100 samples, p99.9 >= 1,000
    seen = 0
    for value in sorted(merged):
        seen += merged[value]
        if seen >= q * total:
            return value
    return max(merged)


def slow_tail(merged, factor, above=0.97):
    cut = percentile(merged, above, 1)
    return {(v * factor if v > cut else v): c for v, c in merged.items()}


class Night:
    def __init__(self, index, rng, machine, effects):
        self.index, self.rng, self.effects = index, rng, effects
        self.cpu_model, speed = MACHINES[machine]
        self.speed = speed * math.exp(rng.gauss(0, 0.03))
        if effects.get("bad_night"):
            self.speed *= 0.5
        self.run_id = (START + timedelta(days=index)).strftime("%Y%m%dT%H%M%SZ") + "-workloada"

    def latency_row(self, step_name, step, op, kind, extra):
        merged = {v / self.speed: c for v, c in draw(step["ops"][op][kind], self.rng)[0].items()}
        tail = self.effects.get("tail")
        if tail and tail[:3] == (extra.get("phase_key"), op, kind):
            merged = slow_tail(merged, tail[3])
        row = {
            "store": "basicdb",
            "workload": "workloada",
            "threads": step["threads"],
            "target_ops": step["target_ops"],
            "op": op,
            "count": sum(merged.values()),
            "errors": 0,
            "p50_us": percentile(merged, 0.50, 1),
            "p90_us": percentile(merged, 0.90, 10),
            "p99_us": percentile(merged, 0.99, 100),
            "p999_us": percentile(merged, 0.999, 1000),
            "latency_kind": kind,
            "step_dir": step_name,
            "status": step["status"],
        }
        row.update({k: v for k, v in extra.items() if k != "phase_key"})
        return row

    def throughput(self, step):
        draws = [draw(kinds["service"], self.rng) for kinds in step["ops"].values()]
        per_second = sum(sum(merged.values()) / seconds for merged, seconds in draws)
        return per_second * self.speed * self.effects.get("throughput", 1.0)


def manifest(night, fmt):
    commit = hashlib.sha1(f"night {night.index}".encode()).hexdigest()
    machine = {"cpu_model": night.cpu_model, "cpu_count": 2}
    return {
        "format": fmt,
        "run_id": night.run_id,
        "started_utc": iso(night.run_id),
        "git_commit": commit,
        "git_dirty": False,
        "workload": {"name": "workloada"},
        "stores": {"basicdb": {"status": "complete"}},
        ("environment" if fmt == 2 else "machine"): machine,
    }


def iso(run_id):
    return datetime.strptime(run_id[:16], "%Y%m%dT%H%M%SZ").strftime("%Y-%m-%dT%H:%M:%SZ")


def write_folder(root, night, fmt, rows, capacity):
    folder = os.path.join(root, night.run_id)
    os.makedirs(os.path.join(folder, "basicdb"), exist_ok=True)
    with open(os.path.join(folder, "manifest.json"), "w") as f:
        json.dump(manifest(night, fmt), f)
    with open(os.path.join(folder, "summary.json"), "w") as f:
        json.dump(
            {
                "format": fmt,
                "run_id": night.run_id,
                "rows": rows,
                "stores": {"basicdb": {"capacity": capacity, "verification": None}},
            },
            f,
        )
    with open(os.path.join(folder, "basicdb", "capacity.json"), "w") as f:
        json.dump(capacity, f)
    return folder


def format2_night(root, night, fixture):
    rates, closed = fixture
    peak_ops, rows = 0.0, []
    for name, step in sorted(closed["stores"]["basicdb"]["steps"].items()):
        peak_ops = max(peak_ops, night.throughput(step))
        for op in step["ops"]:
            rows.append(
                night.latency_row(
                    name,
                    step,
                    op,
                    "service",
                    {
                        "phase": "capacity",
                        "offered_fraction": None,
                        "step_status": "complete",
                        "usable": True,
                        "rate_sustained": None,
                        "client_bound": False,
                        "requests": "ok",
                        "part_count": 0,
                    },
                )
            )
    peak_fixture = rates["stores"]["basicdb"]["capacity"]["throughput_ops"]
    capacity_ops = None
    for name, step in sorted(rates["stores"]["basicdb"]["steps"].items()):
        if step["threads"] != 1:
            continue
        fraction = round(step["target_ops"] / peak_fixture * 10) / 10
        extra = {
            "phase": "load",
            "offered_fraction": fraction,
            "step_status": "complete",
            "usable": True,
            "rate_sustained": True,
            "client_bound": False,
            "requests": "ok",
            "part_count": 0,
            "phase_key": f"load-{round(fraction * 100)}pct",
        }
        for op in step["ops"]:
            for kind in ("service", "intended"):
                rows.append(night.latency_row(name, step, op, kind, extra))
        if fraction == 1.0:
            capacity_ops = night.throughput(step)
    capacity = {
        "format": 4,
        "store": "basicdb",
        "peak_ops": peak_ops,
        "capacity_ops": capacity_ops,
        "peak_lower_bound": False,
        "threads": 2,
        "throughput_ops": peak_ops,
    }
    return write_folder(root, night, 2, rows, capacity)


def format1_night(root, night, fixture):
    _, closed = fixture
    peak_ops, rows = 0.0, []
    for name, step in sorted(closed["stores"]["basicdb"]["steps"].items()):
        throughput = night.throughput(step)
        peak_ops = max(peak_ops, throughput)
        for op in step["ops"]:
            for kind in ("service", "intended"):
                rows.append(
                    night.latency_row(
                        name, step, op, kind, {"phase_key": f"t{step['threads']}", "throughput_ops": throughput}
                    )
                )
    capacity = {"store": "basicdb", "max_sustainable_index": 2, "threads": 2, "throughput_ops": peak_ops}
    return write_folder(root, night, 1, rows, capacity)


def from_night(first, effect, last=30):
    return {n: dict(effect) for n in range(first, last + 1)}


def nights(root, fixture, seed, count=30, fmt=2, effects=None, machine_change_at=15):
    """Yields (night number 1..count, results folder). effects: {night number: {effect: value}}."""
    rng = random.Random(seed)
    made = []
    for n in range(1, count + 1):
        machine = "new" if machine_change_at and n >= machine_change_at else "old"
        night = Night(n, rng, machine, (effects or {}).get(n, {}))
        made.append((n, (format2_night if fmt == 2 else format1_night)(root, night, fixture)))
    if fmt == 1:
        # Written as format 1 was; readers take the current format, so the nights are migrated, in one call.
        subprocess.run([DOCSEARCH, "migrate", *(f for _, f in made)], capture_output=True, text=True, check=True)
    yield from made

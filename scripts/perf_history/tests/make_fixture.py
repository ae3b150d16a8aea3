"""Turns real run folders into the small fixture the scenario tests resample (run once, by hand).

The scenario tests need many nights of realistic results without running a sweep per night. Each night is made by
drawing per-second intervals, with replacement, from the HdrHistogram interval logs of real runs of this suite. The
raw logs are large, so this script keeps only what resampling needs: every measured interval of every
<store>/steps/*/hdr/[Intended-]<OP>.hdr as (value in microseconds rounded to 3 significant digits, count) pairs, plus
each step's step.json and each run's capacity file and machine facts.

Decoding HDR logs needs the `hdrhistogram` package (tested with 0.10.3); the tests themselves do not:
    python3 -m venv /tmp/fx && /tmp/fx/bin/pip install hdrhistogram==0.10.3
    /tmp/fx/bin/python scripts/perf_history/tests/make_fixture.py OUT.json RUN_DIR [RUN_DIR...]
"""

import glob
import json
import os
import sys

from hdrh.histogram import HdrHistogram
from hdrh.log import HistogramLogReader


def read_intervals(path):
    reader = HistogramLogReader(path, HdrHistogram(1, 3600 * 1000 * 1000, 3))
    out = []
    while True:
        hist = reader.get_next_interval_histogram()
        if hist is None:
            return out
        values = {}
        for item in hist.get_recorded_iterator():
            value = float(f"{item.value_iterated_to:.3g}")
            values[value] = values.get(value, 0) + item.count_at_value_iterated_to
        out.append(
            {
                "start_ms": hist.get_start_time_stamp(),
                "end_ms": hist.get_end_time_stamp(),
                "values": sorted([v, c] for v, c in values.items()),
            }
        )


def measured(intervals, earliest_ms, warmup_s):
    """The warm-up and trailing-empty rules of docs/results-format.md: keep intervals whose midpoint is past the
    warm-up, then drop the empty ones after the last recorded operation."""
    kept = [i for i in intervals if (i["start_ms"] + i["end_ms"]) / 2 - earliest_ms >= warmup_s * 1000]
    while kept and not kept[-1]["values"]:
        kept.pop()
    return [{"s": round((i["end_ms"] - i["start_ms"]) / 1000, 3), "v": i["values"]} for i in kept]


def step_fixture(step_dir):
    with open(os.path.join(step_dir, "step.json")) as f:
        step = json.load(f)
    logs = {}
    for path in sorted(glob.glob(os.path.join(step_dir, "hdr", "*.hdr"))):
        name = os.path.basename(path)[:-4]
        kind, op = ("intended", name[len("Intended-") :]) if name.startswith("Intended-") else ("service", name)
        if op == "CLEANUP" or op.endswith("-FAILED"):
            continue
        logs[(op, kind)] = read_intervals(path)
    earliest = min(i[0]["start_ms"] for i in logs.values() if i)
    ops = {}
    for (op, kind), intervals in logs.items():
        ops.setdefault(op, {})[kind] = measured(intervals, earliest, step["warmup_s"])
    return {"threads": step["threads"], "target_ops": step["target_ops"], "status": step["status"], "ops": ops}


def run_fixture(run_dir):
    with open(os.path.join(run_dir, "manifest.json")) as f:
        manifest = json.load(f)
    stores = {}
    for store in manifest["stores"]:
        # a run of an older format is migrated first (bin/docsearch migrate RUN_DIR)
        with open(os.path.join(run_dir, store, "capacity.json")) as f:
            capacity = json.load(f)
        steps = {
            os.path.basename(d): step_fixture(d) for d in sorted(glob.glob(os.path.join(run_dir, store, "steps", "*")))
        }
        stores[store] = {"capacity": capacity, "steps": steps}
    return {
        "run_id": manifest["run_id"],
        "git_commit": manifest["git_commit"],
        "command": manifest["command"],
        "workload": manifest["workload"]["name"],
        "machine": manifest["machine"],
        "stores": stores,
    }


def main(out, run_dirs):
    with open(out, "w") as f:
        json.dump({"runs": [run_fixture(d) for d in run_dirs]}, f, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])

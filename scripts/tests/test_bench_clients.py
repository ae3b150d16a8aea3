"""Tests of scripts/lib/bench_clients.py: which steps count is the rows' recorded verdict (summary.csv `usable`), never
a rule applied again to their status and client-bound flag; a summary.csv written before the column existed is refused.

Use like: python3 -m unittest scripts/tests/test_bench_clients.py   (standard library only, no store, no build)
"""

import contextlib
import csv
import io
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))

import bench_clients  # noqa: E402

COLUMNS = ["store", "step", "phase", "step_status", "client_bound", "latency_kind", "requests"]
COLUMNS += ["client_cpu_cores", "throughput_ops", "usable", "unusable_reason"]


def capacity_row(step, cores, usable, client_bound):
    """A closed-loop service row whose status and client-bound flag say the opposite of its recorded verdict."""
    return {
        "store": "s",
        "step": str(step),
        "phase": "capacity",
        "step_status": "complete",
        "client_bound": str(client_bound).lower(),
        "latency_kind": "service",
        "requests": "ok",
        "client_cpu_cores": str(cores),
        "throughput_ops": "1000",
        "usable": str(usable).lower(),
        "unusable_reason": "" if usable else "recorded verdict",
    }


class ClientCost(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.run = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def write(self, rows, columns=COLUMNS):
        with open(os.path.join(self.run, "summary.csv"), "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=columns, extrasaction="ignore")
            w.writeheader()
            w.writerows(rows)

    def test_the_recorded_verdict_decides_which_steps_count(self):
        # Step 1: complete and not client-bound, recorded unusable. Step 2: client-bound, recorded usable.
        self.write([capacity_row(1, 0.5, False, False), capacity_row(2, 0.25, True, True)])
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            bench_clients.client_cost(self.run)
        self.assertEqual(
            "s: client CPU 250.0 us per operation (median of 1 capacity steps, 250.0 to 250.0)\n", out.getvalue()
        )

    def test_a_summary_without_the_recorded_verdict_is_refused(self):
        old = [c for c in COLUMNS if c not in ("usable", "unusable_reason")]
        self.write([capacity_row(1, 0.5, True, False)], old)
        with self.assertRaises(SystemExit) as e:
            bench_clients.rows(self.run)
        self.assertIn("scripts/report.sh", str(e.exception))


if __name__ == "__main__":
    unittest.main()

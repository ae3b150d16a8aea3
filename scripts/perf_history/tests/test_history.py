"""Run folders to history rows through `bin/docsearch history-rows` (formats 1 and 2, filters), the CSV, accepting a
change, and the command line."""

import csv
import json
import os
import shutil
import subprocess
import tempfile
import unittest

from perf_history import BadInput, history
from perf_history.__main__ import main
from perf_history.runfolder import DOCSEARCH, history_rows

HERE = os.path.dirname(__file__)
WRAPPER = os.path.join(HERE, "..", "..", "perf-history.sh")
# A real format-1 folder (resources/format1-run), as written then; the tests read a migrated copy.
FORMAT1 = None
_MIGRATED = None


def setUpModule():
    global FORMAT1, _MIGRATED
    _MIGRATED = tempfile.mkdtemp()
    FORMAT1 = shutil.copytree(os.path.join(HERE, "resources", "format1-run"), os.path.join(_MIGRATED, "format1-run"))
    run = os.path.join(FORMAT1, os.listdir(FORMAT1)[0])
    subprocess.run([DOCSEARCH, "migrate", run], capture_output=True, text=True, check=True)


def tearDownModule():
    shutil.rmtree(_MIGRATED)


def row(**over):
    base = {
        "store": "s",
        "workload": "w",
        "threads": 4,
        "target_ops": 500,
        "throughput_ops": 500.0,
        "op": "READ",
        "count": 5000,
        "errors": 0,
        "p50_us": 100,
        "p90_us": 150,
        "p99_us": 300,
        "p999_us": 900,
        "latency_kind": "intended",
        "requests": "ok",
        "part_count": 0,
        "phase": "load",
        "offered_fraction": 0.5,
        "step_status": "complete",
        "rate_sustained": True,
        "client_bound": False,
        "step": 3,
        "step_dir": "03-t4-r500",
    }
    base.update(over)
    return base


def format2_folder(root, rows, capacity):
    folder = os.path.join(root, "20261101T021700Z-w")
    os.makedirs(os.path.join(folder, "s"))
    with open(os.path.join(folder, "manifest.json"), "w") as f:
        json.dump(
            {
                "run_id": "20261101T021700Z-w",
                "started_utc": "2026-11-01T02:17:00Z",
                "git_commit": "abc",
                "workload": {"name": "w"},
                "environment": {"cpu_model": "X", "cpu_count": 2},
                "stores": {"s": {"status": "complete"}},
            },
            f,
        )
    with open(os.path.join(folder, "summary.json"), "w") as f:
        json.dump({"format": 2, "run_id": "20261101T021700Z-w", "rows": rows, "stores": {}}, f)
    with open(os.path.join(folder, "s", "capacity.json"), "w") as f:
        json.dump(capacity, f)
    # Written as format 2 was; readers take the current format.
    subprocess.run([DOCSEARCH, "migrate", folder], capture_output=True, text=True, check=True)
    return folder


class RunFolders(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp()

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def test_format1_real_run(self):
        run = os.path.join(FORMAT1, os.listdir(FORMAT1)[0])
        rows = history_rows([run])
        names = sorted(history.series_name(r) for r in rows)
        self.assertIn("basicdb/workloada/peak_ops", names)
        self.assertIn("basicdb/workloada/t2/UPDATE/service/p99_us", names)
        self.assertFalse([n for n in names if "intended" in n or "p999" in n or "capacity" in n], names)
        peak = next(r for r in rows if r["metric"] == "peak_ops")
        with open(os.path.join(run, "basicdb", "capacity.json")) as f:
            self.assertEqual(json.load(f)["throughput_ops"], peak["value"])
        self.assertEqual(("AMD EPYC", "2", "1"), (peak["cpu_model"], peak["cpu_count"], peak["format"]))

    def test_format2_filters_and_keys(self):
        rows = [
            row(),
            row(op="UPDATE", p999_us=None),
            row(latency_kind="service"),
            row(op="BAD1", step_status="failed"),
            row(op="BAD2", client_bound=True),
            row(op="BAD3", rate_sustained=False),
            row(op="READ", requests="all", p50_us=1),
            row(op="BAD4", part_count=5000),
            row(op="BAD5", phase="floor"),
            row(op="BAD6", phase="rates"),
            row(
                op="CAP",
                phase="capacity",
                latency_kind="service",
                target_ops=0,
                offered_fraction=None,
                rate_sustained=None,
            ),
            row(op="HIGH", offered_fraction=1.1),
        ]
        folder = format2_folder(
            self.tmp, rows, {"format": 2, "peak_ops": 1000.0, "capacity_ops": 800.0, "throughput_ops": 1000.0}
        )
        got = {history.series_name(r): r["value"] for r in history_rows([folder])}
        self.assertEqual(
            {
                "s/w/load-50pct/READ/intended/p50_us": 100,
                "s/w/load-50pct/READ/intended/p99_us": 300,
                "s/w/load-50pct/READ/intended/p999_us": 900,
                "s/w/load-50pct/UPDATE/intended/p50_us": 100,
                "s/w/load-50pct/UPDATE/intended/p99_us": 300,
                "s/w/load-110pct/HIGH/intended/p50_us": 100,
                "s/w/load-110pct/HIGH/intended/p99_us": 300,
                "s/w/load-110pct/HIGH/intended/p999_us": 900,
                "s/w/peak_ops": 1000.0,
                "s/w/capacity_ops": 800.0,
            },
            got,
        )

    def test_bad_folders(self):
        with self.assertRaisesRegex(BadInput, "^history-rows: .*not a results folder"):
            history_rows([self.tmp])
        folder = format2_folder(self.tmp, [], {})
        with open(os.path.join(folder, "summary.json"), "w") as f:
            f.write("{broken")
        with self.assertRaisesRegex(BadInput, "^history-rows: .*summary.json: malformed JSON"):
            history_rows([folder])


class CommandLine(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp()
        self.hist = os.path.join(self.tmp, "h", "history.csv")

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def test_add_analyze_accept_prune(self):
        self.assertEqual(0, main(["add", self.hist, FORMAT1]))
        self.assertEqual(0, main(["add", self.hist, FORMAT1]))  # same run again: not duplicated
        with open(self.hist) as f:
            rows = list(csv.DictReader(f))
        self.assertEqual(9, len(rows))
        self.assertEqual(0, main(["analyze", self.hist, "--json", os.path.join(self.tmp, "a.json")]))
        run = rows[0]["run_id"]
        self.assertEqual(0, main(["accept", self.hist, "basicdb/workloada/peak_ops", run, "new runner image"]))
        self.assertEqual(1, len(history.read_accepted(os.path.join(self.tmp, "h", "accepted.csv"))))
        self.assertEqual(2, main(["accept", self.hist, "nomatch/*", run, "x"]))
        self.assertEqual(0, main(["prune", self.hist, "--keep", "5"]))

    def test_the_history_keeps_the_columns_of_history_rows(self):
        self.assertEqual(0, main(["add", self.hist, FORMAT1]))
        java = subprocess.run([DOCSEARCH, "history-rows", FORMAT1], capture_output=True, text=True, check=True)
        with open(self.hist) as f:
            self.assertEqual(java.stdout.splitlines()[0], f.readline().rstrip("\n"))
        # A history of other columns is not appended to (it is migrated first), and stays as it was.
        other = os.path.join(self.tmp, "other.csv")
        with open(other, "w") as f:
            f.write(",".join(history.READ_FIELDS) + "\n")
        self.assertEqual(2, main(["add", other, FORMAT1]))
        with open(other) as f:
            self.assertEqual(",".join(history.READ_FIELDS) + "\n", f.read())

    def test_analyze_outputs_on_a_regression(self):
        from perf_history.tests import nightly_sim as sim

        effects = sim.from_night(20, {"tail": ("load-50pct", "UPDATE", "intended", 2.0)})
        folders = [folder for _, folder in sim.nights(self.tmp, sim.load_fixture(), 0, count=24, effects=effects)]
        self.assertEqual(0, main(["add", self.hist, *folders]))
        out = {k: os.path.join(self.tmp, k) for k in ("a.json", "s.md", "charts")}
        res = subprocess.run(
            [
                WRAPPER,
                "analyze",
                self.hist,
                "--json",
                out["a.json"],
                "--markdown",
                out["s.md"],
                "--charts",
                out["charts"],
            ],
            capture_output=True,
            text=True,
        )
        self.assertEqual(1, res.returncode, res.stdout + res.stderr)
        metric = "basicdb/workloada/load-50pct/UPDATE/intended/p99_us"
        self.assertRegex(res.stdout, rf"REGRESSION +{metric} .*\n +\+\d+\.\d% .* regression, p=.*commits \w+\.\.\w+")
        with open(out["a.json"]) as f:
            analysis = json.load(f)
        self.assertEqual(1, analysis["regressions"])
        flagged = next(m for m in analysis["metrics"] if m["metric"] == metric)
        self.assertEqual(("REGRESSION", 19), (flagged["status"], flagged["changes"][-1]["index"]))
        with open(out["s.md"]) as f:
            self.assertIn(f"| REGRESSION | `{metric}` |", f.read())
        self.assertIn(metric.replace("/", "_") + ".svg", os.listdir(out["charts"]))
        run = flagged["changes"][-1]["run_after"]
        self.assertEqual(0, main(["accept", self.hist, "*/UPDATE/intended/p99_us", run, "expected: bigger docs"]))
        self.assertEqual(0, main(["analyze", self.hist]))

    def test_bad_input_exit_2(self):
        bad = os.path.join(self.tmp, "bad.csv")
        with open(bad, "w") as f:
            f.write("a,b\n1,2\n")
        for argv in (
            ["analyze", bad],
            ["analyze", os.path.join(self.tmp, "none.csv")],
            ["add", self.hist, self.tmp],
            ["prune", bad, "--keep", "0"],
            ["analyze"],
            ["frobnicate"],
        ):
            self.assertEqual(2, main(argv), argv)

    def test_wrapper_one_line_errors(self):
        res = subprocess.run([WRAPPER, "analyze", os.path.join(self.tmp, "none.csv")], capture_output=True, text=True)
        self.assertEqual((2, 1), (res.returncode, len(res.stderr.strip().splitlines())), res.stderr)
        res = subprocess.run([WRAPPER, "nonsense"], capture_output=True, text=True)
        self.assertEqual((2, 1), (res.returncode, len(res.stderr.strip().splitlines())), res.stderr)


if __name__ == "__main__":
    unittest.main()

"""Tests of scripts/lib/open_loop_latency.py: per step, the send lag and the intended latency of every operation (all
requests) from the rows `bin/docsearch step-rows --operations` prints, behind the benchmark's side, row and offered
rate; the other latency rows are left out, an absent figure is '-'.

Use like: python3 -m unittest scripts/tests/test_open_loop_latency.py   (standard library only, no store, no build)
"""

import io
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "lib"))
sys.path.insert(0, HERE)

import open_loop_latency  # noqa: E402
from cli_columns import columns, csv_text  # noqa: E402

COLUMNS = ["side", "row", "offered"] + columns("step-rows") + columns("step-rows", before="then ")


def latency_row(side, step_dir, op, kind, requests, p50, lag=("11", "250", "4000")):
    return {
        "side": side,
        "row": "basicdb open",
        "offered": "2000",
        "step_dir": step_dir,
        "send_lag_p50_us": lag[0],
        "send_lag_p99_us": lag[1],
        "send_lag_max_us": lag[2],
        "op": op,
        "latency_kind": kind,
        "requests": requests,
        "p50_us": p50,
        "p90_us": "90",
        "p99_us": "99",
        "p999_us": "",
        "max_us": "1200",
    }


class OpenLoopLatency(unittest.TestCase):
    def test_each_steps_intended_latency_of_all_requests_by_operation(self):
        rows = [
            latency_row("before", "/b/s", "UPDATE", "intended", "all", "21"),
            latency_row("before", "/b/s", "READ", "intended", "all", "20"),
            latency_row("before", "/b/s", "READ", "intended", "ok", "19"),
            latency_row("before", "/b/s", "READ", "service", "all", "5"),
            latency_row("after", "/a/s", "READ", "intended", "all", "18", lag=("", "", "")),
        ]
        got = open_loop_latency.table(io.StringIO(csv_text(COLUMNS, rows)))
        self.assertEqual(
            [
                "send lag and intended latency (all requests), us",
                "side    row             offered  lag_p50  lag_p99   lag_max  op       int_p50      p90      p99"
                "    p99.9       max",
                "before  basicdb open       2000       11      250      4000  READ          20       90       99"
                "        -      1200",
                "before  basicdb open       2000       11      250      4000  UPDATE        21       90       99"
                "        -      1200",
                "after   basicdb open       2000        -        -         -  READ          18       90       99"
                "        -      1200",
            ],
            got,
        )


if __name__ == "__main__":
    unittest.main()

"""Tests of scripts/lib/fault_table.py: the Markdown table of the rows `bin/docsearch fault-rows` prints, each cell
as the row gives it (an absent figure '-'), the lost writes and the recovery put in words.

Use like: python3 -m unittest scripts/tests/test_fault_table.py   (standard library only, no store, no build)
"""

import contextlib
import io
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "lib"))
sys.path.insert(0, HERE)

import fault_table  # noqa: E402
from cli_columns import columns, csv_text  # noqa: E402

COLUMNS = columns("fault-rows")

RECOVERED = {
    "run_dir": "/r/strict",
    "store": "redisjson",
    "profile": "strict",
    "target_ops": "400",
    "failed_after_kill": "READ 150, UPDATE 60",
    "longest_gap_s": "3",
    "longest_ack_gap_ms": "3150",
    "pre_fault_p99_us": "299",
    "recovered": "true",
    "recovery_s": "4.8",
    "acked_writes": "380",
    "acked_writes_lost": "2",
    "acked_writes_read_back_failed": "0",
    "acked_writes_stale": "1",
    "acked_writes_indeterminate": "20",
    "may_lose": "none (AOF fsync always)",
}

# Never recovered, no acked-writes stream, no durability profile, no ack gap or pre-fault p99.
BARE = {
    "run_dir": "/r/relaxed",
    "store": "mongodb",
    "target_ops": "900",
    "failed_after_kill": "",
    "longest_gap_s": "15",
    "recovered": "false",
}


class FaultTable(unittest.TestCase):
    def test_each_store_is_a_row_of_its_cells(self):
        lines = fault_table.table(io.StringIO(csv_text(COLUMNS, [RECOVERED, BARE])))
        self.assertEqual(
            [
                "| store | profile | offered ops/s | failed after kill (by type) | longest gap s | ack gap ms "
                "| p99 before kill us | p99 back within 2x after s | acked writes | lost | stale | indeterminate "
                "| unread | may lose |",
                "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
                "| redisjson | strict | 400 | READ 150, UPDATE 60 | 3 | 3150 | 299 | 4.8 | 380 | 2 | 1 | 20 | 0 "
                "| none (AOF fsync always) |",
                "| mongodb | - | 900 | - | 15 | - | - | not within the step | not checked | - | - | - | - | - |",
            ],
            lines,
        )

    def test_writes_not_read_back_are_said(self):
        row = dict(RECOVERED, acked_writes_read_back_failed="7", recovered="", recovery_s="")
        cells = fault_table.cells(row)
        self.assertEqual("unknown (7 of 380 unread)", cells[9], "an unread write makes the loss unknown, never 2")
        self.assertEqual("7", cells[12])
        self.assertEqual("-", cells[7], "no pre-fault p99 to judge the recovery by")

    def test_writes_in_logs_that_are_not_whole_make_the_loss_unknown(self):
        cells = fault_table.cells(dict(RECOVERED, acked_writes_unknown="40"))
        self.assertEqual("unknown (40 of 380 in logs that are not whole)", cells[9], "never 2")

    def test_no_store_with_a_fault_step_is_an_error(self):
        err = io.StringIO()
        sys.stdin = io.StringIO(csv_text(COLUMNS, []))
        try:
            with contextlib.redirect_stderr(err):
                self.assertEqual(1, fault_table.main([]))
        finally:
            sys.stdin = sys.__stdin__
        self.assertIn("no store ran a fault step", err.getvalue())


if __name__ == "__main__":
    unittest.main()

"""Tests of scripts/lib/pacing_fidelity.py: the mm1 steps of the rows `bin/docsearch step-rows` prints, those with an
arrival fit (its mm1_* columns), grouped by offered load as a share of the true capacity; other stores' steps and
steps without a fit are left out.

Use like: python3 -m unittest scripts/tests/test_pacing_fidelity.py   (standard library only, no store, no build)
"""

import io
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "lib"))
sys.path.insert(0, HERE)

import pacing_fidelity  # noqa: E402
from cli_columns import columns, csv_text  # noqa: E402

COLUMNS = columns("step-rows")


def step(store, rate, lag, cv, ks_d, rejected):
    """A fixed-rate step's row; cv None: no arrival fit (the step's folder had no mm1-arrivals.json)."""
    row = {"store": store, "step_dir": f"/r/{store}/steps/{rate}", "target_ops": str(rate), "send_lag_p99_us": lag}
    if cv is not None:
        row.update(
            mm1_gaps="40000",
            mm1_mean_gap_us="1000.1",
            mm1_cv=cv,
            mm1_ks_d=ks_d,
            mm1_stephens="0.5",
            mm1_stephens_critical_5pct="1.094",
            mm1_exponential_rejected=rejected,
        )
    return row


class PacingFidelity(unittest.TestCase):
    def test_mm1_steps_with_a_fit_are_grouped_by_share_of_the_capacity(self):
        rows = [
            step("mm1", 400, "120", "0.99", "0.002", "false"),  # 40 %: ~50 %
            step("mm1", 500, "80", "1.01", "0.004", "true"),  # 50 %: ~50 %
            step("mm1", 900, "", "1.03", "0.006", "false"),  # 90 %, no send lag: ~90 %
            step("mm1", 950, "300", "0.97", "0.001", "false"),  # 95 %: ~90 %
            step("mm1", 990, "500", None, None, None),  # no fit: left out
            step("basicdb", 600, "1", "0.5", "0.9", "true"),  # another store: left out
        ]
        got = pacing_fidelity.report(list(pacing_fidelity.steps(io.StringIO(csv_text(COLUMNS, rows)))), 1000.0)
        self.assertEqual(
            [
                "pacing fidelity over 4 fixed-rate steps (true capacity 1000.0 ops/s):",
                "  ~50 % of capacity: 2 steps; send-lag p99 median 100 us (max 120); gaps CV median 1.000 "
                "(Poisson: 1); KS D median 0.0030; exponential rejected at 5 % (Stephens > 1.094) in 1 of 2",
                "  ~90 % of capacity: 2 steps; send-lag p99 median 300 us (max 300); gaps CV median 1.000 "
                "(Poisson: 1); KS D median 0.0035; exponential rejected at 5 % (Stephens > 1.094) in 0 of 2",
                "  100-105 % of capacity: no step",
            ],
            got,
        )

    def test_each_run_gets_the_capacity_of_mm1_with_its_hosts_delays_from_the_steps_near_the_truth(self):
        def held(run, rate, p99, capacity):
            row = step("mm1", rate, "100", "1.0", "0.003", "false")
            row.update(run_dir=run, mm1_host_delay_p99_us=p99, mm1_host_capacity_ops=capacity)
            return row

        rows = [
            held("/r/1", 700, "900", "760.0"),  # 91 % of 769.7: near
            held("/r/1", 800, "1100", "750.5"),  # near
            held("/r/1", 900, "1500", "740.0"),  # 117 %: near
            held("/r/1", 400, "200", "768.0"),  # 52 %: not near, left out
            held("/r/2", 770, "5000", "701.2"),
            held("/r/3", 300, "100", "769.0"),  # no step near: no line
        ]
        got = pacing_fidelity.report(list(pacing_fidelity.steps(io.StringIO(csv_text(COLUMNS, rows)))), 769.7)
        self.assertEqual(
            [
                "  /r/1: with the host's delays (p99 1100 us, median of 3 steps) the true capacity is 750.5 ops/s "
                "(-2.49 % against 769.7)",
                "  /r/2: with the host's delays (p99 5000 us, median of 1 steps) the true capacity is 701.2 ops/s "
                "(-8.90 % against 769.7)",
            ],
            got[-2:],
        )


if __name__ == "__main__":
    unittest.main()

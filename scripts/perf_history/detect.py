"""Change points per metric with Apache Otava (E-Divisive means with a Student's t significance test, as in
"Hunter: Using Change Point Detection to Hunt for Performance Regressions", ICPE 2023), and the verdict on them.

Otava finds the points; this module only decides what they mean for the nightly job:
* direction: a change is a regression when throughput falls or latency rises;
* machine: a change where the runs before and after ran on disjoint sets of machines (cpu model, cores), give or
  take `persist` runs, is put down to the machine, not the code (nightly runners change hardware; a random mix of
  machines does not count). A code change within those runs of a hardware change is shown as "machine" too;
* persistence: a regression fails the job only when the newest runs sit after it and stay there: the newest run,
  at least `persist` runs after the change and more than half of them lie on the regressed side of the midpoint
  between the means before and after. One bad night gives at most a "pending" line, never a failure. A regression
  that only brings the metric back to where it was before an improvement just before it is no regression.
"""

import math
import warnings
from dataclasses import dataclass, field

from otava.series import AnalysisOptions, Metric, Series

from .history import HIGHER_IS_BETTER, accepted_since

REGRESSION, PENDING, MACHINE, OK = "REGRESSION", "pending", "machine", "ok"


@dataclass
class Options:
    max_pvalue_throughput: float = 0.005  # Otava's significance level, per kind of metric: tail latencies of short
    max_pvalue_latency: float = 0.0001  # steps are heavy-tailed, so they need stronger evidence than throughput
    min_change_throughput: float = 0.05  # smallest relative change reported, per kind of metric: latency
    min_change_latency: float = 0.20  # percentiles of short nightly steps wander far more than throughput
    window_len: int = 50
    persist: int = 3  # runs after a regression before it fails the job (night 1 and 2 of it: "pending")
    min_runs_before: int = 3  # a change needs this many runs before it: one run or one odd night is too few


@dataclass
class Change:
    index: int  # position in the metric's series (first run after the change)
    run_before: dict
    run_after: dict
    mean_before: float
    mean_after: float
    pvalue: float
    regression: bool
    machine: bool

    @property
    def change(self):
        return self.mean_after / self.mean_before - 1.0 if self.mean_before else math.inf

    def commit_range(self):
        return f"{self.run_before['commit'][:10] or '?'}..{self.run_after['commit'][:10] or '?'}"


@dataclass
class Result:
    name: str
    rows: list
    start: int  # first analysed index (after the newest accepted change)
    changes: list = field(default_factory=list)
    status: str = OK
    runs_after: int = 0

    @property
    def flagged(self):
        return self.status != OK


def machine_of(row):
    return row["cpu_model"], row["cpu_count"]


def otava_change_points(values, options, max_pvalue, min_change):
    """Otava's change points as (index, mean before, mean after, p-value), on the logarithms of the values.

    Run-to-run noise of performance numbers is multiplicative and right-skewed (a slow night is much slower, a fast
    one only a little faster); Otava's t-test expects symmetric noise, and the logarithm gives it that. The means
    reported are geometric means of the segments between the change points; changes smaller than `min_change` are
    dropped after Otava's own merge step (its magnitude filter would read relative changes of logarithms), and so
    are changes with fewer than `options.min_runs_before` runs since the previous one."""
    opts = AnalysisOptions()
    opts.max_pvalue, opts.min_magnitude, opts.window_len = max_pvalue, 0.0, options.window_len
    logs = [math.log(v) for v in values]
    series = Series("nightly", None, list(range(len(values))), {"m": Metric()}, {"m": logs}, {})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # numpy warns on zero-spread segments; Otava handles them
        analysed = series.analyze(opts)
    points = [(int(cp.index), float(cp.pvalue())) for cp in analysed.change_points["m"]]
    while True:
        bounds = [0] + [i for i, _ in points] + [len(values)]
        means = [math.exp(sum(logs[a:b]) / (b - a)) for a, b in zip(bounds, bounds[1:], strict=False)]
        short = [n for n in range(len(points)) if bounds[n + 1] - bounds[n] < options.min_runs_before]
        small = [n for n in range(len(points)) if abs(means[n + 1] / means[n] - 1) < min_change]
        if short:
            del points[min(short, key=lambda n: bounds[n + 1] - bounds[n])]
        elif small:
            del points[min(small, key=lambda n: abs(means[n + 1] / means[n] - 1))]
        else:
            return [(i, means[n], means[n + 1], p) for n, (i, p) in enumerate(points)]


def analyse_metric(name, rows, accepted, options):
    runs = [r["run_id"] for r in rows]
    start = accepted_since(name, accepted, runs)
    result = Result(name, rows, start)
    values = [r["value"] for r in rows[start:]]
    if len(values) < 4 or max(values) == min(values) or min(values) <= 0:
        return result  # too short, a constant or a zero (a percentile below the clock's resolution): nothing to find
    higher_better = name.rsplit("/", 1)[-1] in HIGHER_IS_BETTER
    max_pvalue, min_change = (
        (options.max_pvalue_throughput, options.min_change_throughput)
        if higher_better
        else (options.max_pvalue_latency, options.min_change_latency)
    )
    points = otava_change_points(values, options, max_pvalue, min_change)
    bounds = [0] + [p[0] for p in points] + [len(values)]
    for n, (index, before, after, pvalue) in enumerate(points):
        at = start + index
        worse = (after < before) if higher_better else (after > before)
        machine = machine_switch(rows[start + bounds[n] : start + bounds[n + 2]], index - bounds[n], options.persist)
        result.changes.append(Change(at, rows[at - 1], rows[at], before, after, pvalue, worse, machine))
    if result.changes:
        last = result.changes[-1]
        result.status = verdict(last, values[last.index - start :], higher_better, options)
        result.runs_after = len(rows) - last.index
        if (
            result.status != OK
            and len(result.changes) > 1
            and returns_to_earlier_level(result.changes[-2], last, higher_better, min_change)
        ):
            result.status = OK
    return result


def returns_to_earlier_level(previous, last, higher_better, min_change):
    """True when the last change only undoes an improvement just before it: a metric that was briefly better and is
    now back where it was (within `min_change`) has not regressed."""
    if previous.regression:
        return False
    worse = previous.mean_before / last.mean_after - 1 if higher_better else last.mean_after / previous.mean_before - 1
    return worse < min_change


def machine_switch(segment, split, slack):
    """True when the machines of the runs before and after a split within `slack` runs of `split` are disjoint: the
    change coincides with a move to other hardware. (With few runs after it, a change point can land a few runs off
    the true switch.)"""
    for at in sorted(range(split - slack, split + slack + 1), key=lambda a: abs(a - split)):
        if 0 < at < len(segment) and not {machine_of(r) for r in segment[:at]} & {machine_of(r) for r in segment[at:]}:
            return True
    return False


def verdict(last, after, higher_better, options):
    if not last.regression:
        return OK
    if last.machine:
        return MACHINE
    mid = (last.mean_before + last.mean_after) / 2
    worse = [(v < mid) if higher_better else (v > mid) for v in after]
    persistent = worse[-1] and sum(worse) >= options.persist and sum(worse) * 2 > len(worse)
    return REGRESSION if persistent else PENDING


def analyse(series_by_name, accepted, options):
    return [analyse_metric(name, rows, accepted, options) for name, rows in sorted(series_by_name.items())]

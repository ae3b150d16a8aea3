"""Text, Markdown and JSON views of an analysis."""

import json
import os

from . import chart
from .detect import REGRESSION

# The JSON view's figures of a change, as the Change fields name them (after its run ids and commits).
CHANGE_FIELDS = ("mean_before", "mean_after", "change", "pvalue", "regression", "machine")


def describe(change):
    kind = "machine change" if change.machine else "regression" if change.regression else "improvement"
    return (
        f"{change.change * 100:+.1f}% ({change.mean_before:.4g} -> {change.mean_after:.4g}) {kind}, "
        f"p={change.pvalue:.2g}, runs {change.run_before['run_id']} -> {change.run_after['run_id']}, "
        f"commits {change.commit_range()}"
    )


def text(results, runs):
    lines = [f"{len(results)} metrics over {runs} runs"]
    for result in results:
        if not result.changes:
            continue
        lines.append(
            f"{result.status.upper() if result.status == REGRESSION else result.status:10} {result.name} "
            f"({result.runs_after} run(s) since the last change)"
        )
        lines.extend(f"    {describe(c)}" for c in result.changes)
    flagged = [r for r in results if r.status == REGRESSION]
    lines.append(
        f"VERDICT: {'FAIL' if flagged else 'PASS'} - {len(flagged)} metric(s) regressed and still regressed"
        f" ({sum(r.status == 'pending' for r in results)} pending, "
        f"{sum(r.status == 'machine' for r in results)} put down to a machine change)"
    )
    return "\n".join(lines) + "\n"


def markdown(results, runs, chart_dir=None):
    flagged = [r for r in results if r.flagged]
    verdict = "REGRESSION" if any(r.status == REGRESSION for r in results) else "no regression"
    out = [
        f"## Performance history: {verdict}",
        "",
        f"{len(results)} metrics over {runs} runs; change points by Apache Otava (docs/nightly.md).",
        "",
    ]
    if flagged:
        out += ["| status | metric | change | commits | runs since | history |", "|---|---|---|---|---|---|"]
        for r in flagged:
            c = r.changes[-1]
            change = f"{c.change * 100:+.1f}% ({c.mean_before:.4g} → {c.mean_after:.4g})"
            spark = chart.sparkline([x["value"] for x in r.rows])
            out.append(f"| {r.status} | `{r.name}` | {change} | `{c.commit_range()}` | {r.runs_after} | `{spark}` |")
        if chart_dir:
            out += ["", f"Charts (SVG) of these metrics are in the artifact under `{os.path.basename(chart_dir)}/`."]
    earlier = sum(len(r.changes) for r in results if not r.flagged)
    if earlier:
        out += ["", f"{earlier} earlier change point(s) are followed by an improvement or are accepted history."]
    return "\n".join(out) + "\n\n"


def as_json(results, runs):
    return json.dumps(
        {
            "runs": runs,
            "regressions": sum(r.status == REGRESSION for r in results),
            "metrics": [
                {
                    "metric": r.name,
                    "status": r.status,
                    "runs_after": r.runs_after,
                    "analysed_from": r.rows[r.start]["run_id"],
                    "changes": [
                        {
                            "index": c.index,
                            "run_before": c.run_before["run_id"],
                            "run_after": c.run_after["run_id"],
                            "commits": c.commit_range(),
                            **{k: getattr(c, k) for k in CHANGE_FIELDS},
                        }
                        for c in r.changes
                    ],
                }
                for r in results
            ],
        },
        indent=1,
    )


def write_charts(results, folder):
    os.makedirs(folder, exist_ok=True)
    for result in results:
        if result.flagged:
            with open(os.path.join(folder, chart.file_name(result.name)), "w", encoding="utf-8") as f:
                f.write(chart.svg(result))

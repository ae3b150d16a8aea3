"""Command line: python -m perf_history {add,analyze,accept,prune} ... (wrapper: scripts/perf-history.sh).

Exit codes: 0 fine, 1 the newest runs sit after a regression change point (analyze), 2 bad input (one line)."""

import argparse
import os
import sys

from . import BadInput, detect, history, report
from .runfolder import history_rows


class Parser(argparse.ArgumentParser):
    def error(self, message):
        raise BadInput(message)


# detect.Options' thresholds per kind of metric, each an option of analyze (--max-pvalue-throughput, ...).
THRESHOLDS = ("max_pvalue_throughput", "max_pvalue_latency", "min_change_throughput", "min_change_latency")


def default_accepted(history_path):
    return os.path.join(os.path.dirname(os.path.abspath(history_path)), "accepted.csv")


def positive(kind):
    def parse(text):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if value <= 0:
            raise argparse.ArgumentTypeError(f"{text!r} must be > 0")
        return value

    return parse


def parser():
    p = Parser(prog="perf-history.sh", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True, parser_class=Parser)
    add = sub.add_parser("add", help="append the runs of results folders to the history (created if missing)")
    add.add_argument("history")
    add.add_argument("run_dirs", nargs="+", metavar="run-dir")
    an = sub.add_parser("analyze", help="print the change points per metric; exit 1 on an open regression")
    an.add_argument("history")
    an.add_argument("--accepted", help="accepted change points (default: accepted.csv beside the history)")
    an.add_argument("--json", help="write the analysis as JSON to this file")
    an.add_argument("--markdown", help="append a Markdown summary to this file (e.g. $GITHUB_STEP_SUMMARY)")
    an.add_argument("--charts", help="write an SVG chart of every flagged metric into this folder")
    for name in THRESHOLDS:
        an.add_argument(f"--{name.replace('_', '-')}", type=positive(float), default=getattr(detect.Options, name))
    an.add_argument("--window", type=positive(int), default=detect.Options.window_len)
    ac = sub.add_parser("accept", help="mark a change expected: analyse matching metrics from RUN_ID on")
    ac.add_argument("history")
    ac.add_argument("metric_glob", metavar="metric-glob")
    ac.add_argument("run_id", metavar="run-id")
    ac.add_argument("reason")
    ac.add_argument("--accepted", help="the accepted-changes file (default: accepted.csv beside the history)")
    pr = sub.add_parser("prune", help="keep only the newest N runs of each workload")
    pr.add_argument("history")
    pr.add_argument("--keep", type=positive(int), required=True)
    return p


def cmd_add(args):
    rows = history_rows(args.run_dirs)
    if not rows:
        raise BadInput(f"no measurement in {' '.join(args.run_dirs)} qualifies for the history")
    added, known = history.append(args.history, rows)
    for run in known:
        print(f"run {run} is already in the history; not added again")
    print(f"{args.history}: added {len(added)} run(s), {sum(r['run_id'] in added for r in rows)} rows")
    return 0


def cmd_analyze(args):
    rows = history.read(args.history)
    if not rows:
        raise BadInput(f"{args.history}: the history is empty")
    accepted = history.read_accepted(args.accepted or default_accepted(args.history))
    options = detect.Options(**{name: getattr(args, name) for name in THRESHOLDS}, window_len=args.window)
    results = detect.analyse(history.series(rows), accepted, options)
    runs = len({r["run_id"] for r in rows})
    sys.stdout.write(report.text(results, runs))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            f.write(report.as_json(results, runs) + "\n")
    if args.charts:
        report.write_charts(results, args.charts)
    if args.markdown:
        with open(args.markdown, "a", encoding="utf-8") as f:
            f.write(report.markdown(results, runs, args.charts))
    return 1 if any(r.status == detect.REGRESSION for r in results) else 0


def cmd_accept(args):
    path = args.accepted or default_accepted(args.history)
    history.accept(path, args.metric_glob, args.run_id, args.reason, history.read(args.history))
    print(f"{path}: metrics matching {args.metric_glob} are analysed from run {args.run_id} on")
    return 0


def cmd_prune(args):
    dropped = history.prune(args.history, args.keep)
    print(f"{args.history}: dropped {dropped} run(s), kept the newest {args.keep} per workload")
    return 0


def main(argv=None):
    try:
        args = parser().parse_args(argv)
        return {"add": cmd_add, "analyze": cmd_analyze, "accept": cmd_accept, "prune": cmd_prune}[args.command](args)
    except BadInput as e:
        print(f"perf-history: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

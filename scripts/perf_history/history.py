"""The history CSV: one row per (run, store, workload, step, operation, latency kind, metric)."""

import csv
import fnmatch
import os
import tempfile

from . import BadInput

SERIES_FIELDS = ("store", "workload", "step", "op", "latency_kind", "metric")
# The history's columns are the results format's (HistoryRows.COLUMNS), as bin/docsearch history-rows writes them in
# its header; the history file keeps that header. Named here: only the columns this package reads.
READ_FIELDS = ("run_id", "date", *SERIES_FIELDS, "value")
ACCEPTED_FIELDS = ("metric_glob", "run_id", "reason")
# Higher is better for throughput, lower for latency.
HIGHER_IS_BETTER = {"peak_ops", "capacity_ops"}


def series_name(row):
    """Readable metric name, e.g. mongodb/workloada/load-50pct/READ/intended/p99_us or mongodb/workloada/peak_ops."""
    return "/".join(row[f] for f in SERIES_FIELDS if row[f] != "-")


def check_header(header, fields, what, exact=True):
    """A header that is `fields` (exact) or holds them all; else one line saying which file it is not."""
    if (tuple(header) != fields) if exact else not set(fields) <= set(header):
        raise BadInput(f"{what} (header must {'be' if exact else 'hold'} {','.join(fields)})")


def read_csv(path, fields, what, exact=True):
    """(header, rows) of a CSV file whose header checks against `fields`."""
    if not os.path.isfile(path):
        raise BadInput(f"{path}: no such {what} file")
    with open(path, newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        header = tuple(reader.fieldnames or ())
        check_header(header, fields, f"{path}: not a {what} file", exact)
        rows = list(reader)
    for n, row in enumerate(rows, start=2):
        if None in row or any(v is None for v in row.values()):
            raise BadInput(f"{path}:{n}: wrong number of columns")
    return header, rows


def read_with_header(path):
    header, rows = read_csv(path, READ_FIELDS, "history", exact=False)
    for n, row in enumerate(rows, start=2):
        try:
            row["value"] = float(row["value"])
        except ValueError:
            raise BadInput(f"{path}:{n}: value {row['value']!r} is not a number") from None
    return header, rows


def read(path):
    return read_with_header(path)[1]


def write_csv(path, fields, rows):
    """Writes next to the target and renames, so a failure never leaves half a history."""
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".history-", dir=folder)
    try:
        with os.fdopen(fd, "w", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, fieldnames=fields, lineterminator="\n")
            writer.writeheader()
            for row in rows:
                writer.writerow({k: (repr(float(row[k])) if k == "value" else row[k]) for k in fields})
        os.chmod(tmp, 0o644)  # mkstemp makes it private; the history is a shared, published file
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def append(path, new_rows):
    """Adds the rows of runs not in the history yet; returns (run ids added, run ids already there). The rows keep the
    columns of bin/docsearch history-rows in its order; a history written with other columns must be migrated first."""
    fields = tuple(new_rows[0])
    header, rows = read_with_header(path) if os.path.exists(path) else (fields, [])
    check_header(header, fields, f"{path}: its columns are not those of bin/docsearch history-rows")
    known = {r["run_id"] for r in rows}
    fresh = [r for r in new_rows if r["run_id"] not in known]
    write_csv(path, fields, rows + fresh)
    return sorted({r["run_id"] for r in fresh}), sorted({r["run_id"] for r in new_rows} & known)


def run_order(rows):
    """Run ids oldest first (by start time, then id)."""
    return [run for _, run in sorted({(r["date"], r["run_id"]) for r in rows})]


def prune(path, keep):
    """Keeps the newest `keep` runs of each workload; returns the number of runs dropped."""
    header, rows = read_with_header(path)
    kept = set()
    for workload in {r["workload"] for r in rows}:
        kept.update(run_order([r for r in rows if r["workload"] == workload])[-keep:])
    dropped = {r["run_id"] for r in rows} - kept
    write_csv(path, header, [r for r in rows if r["run_id"] in kept])
    return len(dropped)


def series(rows):
    """{metric name: [row, ...] oldest first}, one row per run."""
    out = {}
    position = {run: i for i, run in enumerate(run_order(rows))}
    for row in sorted(rows, key=lambda r: position[r["run_id"]]):
        out.setdefault(series_name(row), []).append(row)
    return out


def read_accepted(path):
    return read_csv(path, ACCEPTED_FIELDS, "accepted change points")[1] if path and os.path.exists(path) else []


def accepted_since(name, accepted, runs):
    """Index in `runs` (a metric's run ids, oldest first) from which the metric is analysed: the newest accepted run
    that matches it. Everything before an accepted change is history, so the change is not reported again."""
    start = 0
    for entry in accepted:
        if fnmatch.fnmatchcase(name, entry["metric_glob"]) and entry["run_id"] in runs:
            start = max(start, runs.index(entry["run_id"]))
    return start


def accept(path, metric_glob, run_id, reason, history_rows):
    if not any(r["run_id"] == run_id for r in history_rows):
        raise BadInput(f"run {run_id} is not in the history")
    names = {series_name(r) for r in history_rows if r["run_id"] == run_id}
    if not any(fnmatch.fnmatchcase(n, metric_glob) for n in names):
        raise BadInput(f"{metric_glob!r} matches no metric of run {run_id}")
    if not reason.strip():
        raise BadInput("give a reason for accepting the change")
    rows = read_accepted(path)
    rows.append({"metric_glob": metric_glob, "run_id": run_id, "reason": reason.strip()})
    write_csv(path, ACCEPTED_FIELDS, rows)

"""History rows of results folders, from `bin/docsearch history-rows` (the results-format module's HistoryRows).

This package never reads a results folder itself: which runs, stores, steps and percentiles go into the history,
and how older formats are upgraded, is decided once, in Java, by the module that owns the format
(docs/results-format.md, docs/nightly.md "What the history holds"). Here the CSV it writes becomes row dicts.
"""

import csv
import io
import os
import subprocess

from . import BadInput
from .history import READ_FIELDS, check_header

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOCSEARCH = os.environ.get("DOCSEARCH_BIN", os.path.join(REPO_ROOT, "bin", "docsearch"))


def history_rows(paths):
    """The history rows of every run folder the paths name (a run folder, or a folder of run folders), in one call.

    Raises BadInput with the command's own one-line message when a path is not a results folder or a file is
    malformed."""
    res = subprocess.run([DOCSEARCH, "history-rows", *paths], capture_output=True, text=True, check=False)
    if res.returncode != 0:
        lines = [line for line in res.stderr.splitlines() if line.strip()]
        raise BadInput(lines[-1] if lines else f"bin/docsearch history-rows exited {res.returncode}")
    reader = csv.DictReader(io.StringIO(res.stdout))
    # The columns are the Java writer's (HistoryRows.COLUMNS); the history keeps them as they come.
    check_header(reader.fieldnames or (), READ_FIELDS, "bin/docsearch history-rows: unexpected columns", exact=False)
    rows = list(reader)
    for row in rows:
        row["value"] = float(row["value"])
    return rows

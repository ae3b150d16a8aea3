"""The CSV columns of a bin/docsearch command as its help file lists them (docs/cli/<command>-help.txt, written by
picocli from the command's declaration; cli's CsvRowsCommandTest checks that each list is its table's own columns).
The tests of the benchmarks' formatters (scripts/lib/) build their CSV on these names, so a column renamed in the
results format fails them, not a benchmark run on real stores.
"""

import csv
import io
import os
import re

HELP_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "docs", "cli")


def columns(command, before="Columns: "):
    """The comma-separated names that follow `before` in the command's help (its lines joined where they broke)."""
    with open(os.path.join(HELP_DIR, f"{command}-help.txt")) as f:
        text = re.sub(r"\s+", " ", re.sub(r",\s*\n\s*", ",", f.read()))
    found = re.search(re.escape(before) + r"([a-z0-9_]+(?:,[a-z0-9_]+)+)", text)
    if not found:
        raise AssertionError(f"no column list after {before!r} in docs/cli/{command}-help.txt")
    return found.group(1).split(",")


def csv_text(names, rows):
    """CSV text with the header `names` and one line per dict of rows (absent cells empty), as the CLI writes it."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=names, restval="", lineterminator="\n")
    writer.writeheader()
    for row in rows:
        unknown = set(row) - set(names)
        if unknown:
            raise AssertionError(f"not a column of the command: {sorted(unknown)}")
        writer.writerow(row)
    return out.getvalue()

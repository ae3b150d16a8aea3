"""No script parses a file of a run folder itself: the results format (results-format) is the one
reader, and scripts take its CSV (bin/docsearch history-rows, step-rows, fault-rows, check-run ...).

The run folder's file names are those RunLayout declares. A script line that names one of them and also runs a
parser on that line (jq, awk, json.load, a csv reader, open() ...) is a second reader of that file, and fails this
test unless ALLOWED below says why it is not. Test code (scripts/tests/, */tests/) builds fixtures and may write
them. Comment lines are skipped.

Use like: python3 -m unittest scripts/tests/test_run_files_read_once.py   (standard library only, no store, no build)
"""

import os
import re
import unittest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RUN_LAYOUT = os.path.join(
    REPO, "results-format", "src", "main", "java", "io", "github", "ycsbdocsearch", "resultsformat", "RunLayout.java"
)
# A parser applied on the same line: the mark of a script reading a file's content rather than naming it.
PARSE = re.compile(r"\bjq\b|\bawk\b|json\.loads?\(|\bcsv\.|\bopen\(|\bread_csv\b|\bjson\.load\b")
# (script, file name): why reading it there is not a second reader of the run folder.
ALLOWED = {
    # summary.csv is the table the results format publishes for spreadsheets and scripts, verdicts included
    # (`usable`, `client_bound`); reading it is reading the format's output, as reading step-rows' CSV is.
    ("scripts/lib/bench_clients.py", "summary.csv"),
    # Written (not read) on a remote client, in the shape results-format's RemoteCpu reads (ClientFilesTest pins it).
    ("scripts/lib/remote-client.sh", "cpu.json"),
}


def run_file_names():
    """The file names RunLayout declares (its string constants ending in a file extension)."""
    with open(RUN_LAYOUT) as f:
        return sorted(set(re.findall(r'=\s*"([a-z0-9_.-]+\.(?:json|csv|tsv|out|err|hlog))"', f.read())))


def script_files():
    """The shell and Python files outside test folders: scripts/, bin/, run-sweep.sh, .ci/."""
    roots = [os.path.join(REPO, d) for d in ("scripts", "bin", ".ci")]
    found = [os.path.join(REPO, "run-sweep.sh")]
    for root in roots:
        for folder, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if d not in ("tests", "__pycache__", "target") and not d.startswith(".venv")]
            found += [os.path.join(folder, f) for f in files if f.endswith((".sh", ".py")) or folder.endswith("bin")]
    return sorted(found)


def second_readers(path, text, names):
    """(line number, file name, line) of each line of `text` that names a run-folder file and parses on that line."""
    rel = os.path.relpath(path, REPO)
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("#") or not PARSE.search(line):
            continue
        for name in names:
            if re.search(r"(?<![\w.-])" + re.escape(name) + r"\b", line) and (rel, name) not in ALLOWED:
                found.append((number, name, stripped))
    return found


class RunFilesReadOnceTest(unittest.TestCase):
    def test_run_layout_declares_the_names(self):
        names = run_file_names()
        for name in ("manifest.json", "summary.json", "clients.json", "ycsb.out", "step.json"):
            self.assertIn(name, names)

    def test_the_check_sees_a_second_reader(self):
        names = run_file_names()
        planted = 'n="$(jq -r \'.clients | length\' "${step}/clients.json")"\n# jq of summary.json in a comment\n'
        self.assertEqual([(1, "clients.json")], [(n, f) for n, f, _ in second_readers("x.sh", planted, names)])
        self.assertEqual(1, len(second_readers("y.py", 'with open(os.path.join(d, "step.json")) as f:\n', names)))
        self.assertEqual([], second_readers("z.sh", 'log "no capacity.json here"\n', names))

    def test_no_script_parses_a_run_folder_file(self):
        names = run_file_names()
        problems = []
        for path in script_files():
            with open(path, errors="replace") as f:
                for number, name, line in second_readers(path, f.read(), names):
                    problems.append(f"{os.path.relpath(path, REPO)}:{number}: reads {name} itself: {line}")
        self.assertEqual([], problems, "read it through bin/docsearch (the results format) instead")


if __name__ == "__main__":
    unittest.main()

"""Checks of .github/workflows/nightly-perf.yml (run by scripts/tests/test_nightly_workflow.sh, which documents them).

Static part (always): triggers, inputs, runner, Java 17, step order, artifact upload, job summary, permissions, the
comparison with the previous night, the run-history step and publish-history job, no ${{ }} inside run: blocks,
shellcheck on every block, and the small evaluator of GitHub expressions the local part uses.
Local part (NIGHTLY_TEST_MODE=full, the default, or quick): runs every run: block with tiny sizes, in order, with the
workflow's own if: conditions and env: values, against the real local stores; NIGHTLY_TEST_MODE=static skips it.

Use like: python3 -m pytest scripts/tests/test_nightly_workflow.py   (settings: see the shell script's header)
"""

import json
import os
import re
import shutil
import subprocess
import tempfile
import time

import pytest
import yaml

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WORKFLOW = os.path.join(REPO, ".github", "workflows", "nightly-perf.yml")
MODE = os.environ.get("NIGHTLY_TEST_MODE", "full")
FAILS = []
SKIP_IDS = {s for s in os.environ.get("NIGHTLY_TEST_SKIP", "").split(",") if s}
TINY = {
    "PERF_WORKLOADS": os.environ.get("NIGHTLY_TEST_WORKLOADS", "search-only"),
    "PERF_THREADS": "1,2",
    "PERF_STEP_SECONDS": "2",
    "PERF_WARMUP_SECONDS": "1",
    "PERF_RECORDS": "500",
    "PERF_LOAD_FRACTIONS": "0.5,1",
    "PERF_SEARCH_PROBES": "1",
    "PERF_FLOOR_SECONDS": "1",
    "VERIFY_RECORDS": "500",
    "VERIFY_QUERIES": "50",
}


def ok(name):
    print(f"ok   {name}", flush=True)


def fail(name, why=""):
    FAILS.append(name)
    print(f"FAIL {name}{': ' + why if why else ''}", flush=True)


def check(name, cond, why=""):
    ok(name) if cond else fail(name, why)


def skip(name, why):
    print(f"SKIP {name}: {why}", flush=True)


# ---------------------------------------------------------------- expressions
TOKEN = re.compile(
    r"\s*(?:(\|\||&&|==|!=|<=|>=|<|>|!|\(|\)|,)|'((?:[^']|'')*)'|(\d+(?:\.\d+)?)"
    r"|([A-Za-z_][\w-]*(?:\.[A-Za-z_*][\w-]*)*))"
)


class Expr:
    """A subset of the GitHub Actions expression language: literals, contexts, ! == != && ||, status functions."""

    def __init__(self, text, ctx):
        self.tokens, pos, text = [], 0, text.strip()
        while pos < len(text):
            m = TOKEN.match(text, pos)
            if not m or m.end() == pos:
                raise ValueError(f"cannot parse expression at: {text[pos:]!r}")
            op, s, num, ident = m.groups()
            self.tokens.append(
                ("op", op)
                if op
                else ("str", s.replace("''", "'"))
                if s is not None
                else ("num", float(num))
                if num
                else ("id", ident)
            )
            pos = m.end()
        self.i, self.ctx = 0, ctx

    def peek(self):
        return self.tokens[self.i] if self.i < len(self.tokens) else (None, None)

    def take(self):
        tok = self.peek()
        self.i += 1
        return tok

    def value(self):
        v = self.or_()
        if self.i != len(self.tokens):
            raise ValueError(f"trailing tokens {self.tokens[self.i :]}")
        return v

    def or_(self):
        v = self.and_()
        while self.peek() == ("op", "||"):
            self.take()
            r = self.and_()
            v = v if truthy(v) else r
        return v

    def and_(self):
        v = self.cmp()
        while self.peek() == ("op", "&&"):
            self.take()
            r = self.cmp()
            v = r if truthy(v) else v
        return v

    def cmp(self):
        v = self.unary()
        while self.peek()[0] == "op" and self.peek()[1] in ("==", "!="):
            op = self.take()[1]
            r = self.unary()
            same = norm(v) == norm(r)
            v = same if op == "==" else not same
        return v

    def unary(self):
        if self.peek() == ("op", "!"):
            self.take()
            return not truthy(self.unary())
        return self.primary()

    def primary(self):
        kind, val = self.take()
        if kind == "op" and val == "(":
            v = self.or_()
            self.take()
            return v
        if kind in ("str", "num"):
            return val
        if kind == "id":
            if val in ("true", "false"):
                return val == "true"
            if val == "null":
                return None
            if self.peek() == ("op", "("):
                self.take()
                args = []
                while self.peek() != ("op", ")"):
                    args.append(self.or_())
                    if self.peek() == ("op", ","):
                        self.take()
                self.take()
                return self.call(val, args)
            node = self.ctx
            for part in val.split("."):
                node = node.get(part) if isinstance(node, dict) else None
            return node
        raise ValueError(f"unexpected token {val!r}")

    def call(self, name, args):
        status = self.ctx["_job"]
        funcs = {
            "always": lambda: True,
            "cancelled": lambda: False,
            "success": lambda: not status["failed"],
            "failure": lambda: status["failed"],
            "contains": lambda a, b: str(b).lower() in str(a).lower(),
            "startsWith": lambda a, b: str(a).lower().startswith(str(b).lower()),
        }
        if name not in funcs:
            raise ValueError(f"function {name}() not supported by this test")
        return funcs[name](*args)


def truthy(v):
    return v not in (None, False, 0, 0.0, "")


def norm(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return "" if v is None else str(v).lower()


def text(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return "" if v is None else str(v)


def interpolate(s, ctx):
    return re.sub(r"\$\{\{(.*?)\}\}", lambda m: text(Expr(m.group(1), ctx).value()), str(s))


def condition(cond, ctx):
    if cond is None:
        cond = "success()"
    if isinstance(cond, bool):
        return cond
    cond = str(cond).strip()
    if cond.startswith("${{") and cond.endswith("}}"):
        cond = cond[3:-2]
    if not re.search(r"\b(always|success|failure|cancelled)\(", cond):
        cond = f"success() && ({cond})"
    return truthy(Expr(cond, ctx).value())


# ---------------------------------------------------------------- static checks
def load():
    with open(WORKFLOW) as f:
        doc = yaml.safe_load(f)
    if True in doc:  # YAML 1.1 reads the key "on" as the boolean true
        doc["on"] = doc.pop(True)
    return doc


def run_blocks(doc):
    for job_id, job in doc["jobs"].items():
        for step in job.get("steps", []):
            if "run" in step:
                yield job_id, step


def step_index(steps, pattern):
    for i, s in enumerate(steps):
        if re.search(pattern, s.get("run", "") + " " + s.get("uses", "")):
            return i
    return -1


def static_checks(doc):
    on = doc.get("on", {})
    crons = [c.get("cron", "") for c in on.get("schedule", [])]
    check("trigger: schedule with a 5-field cron", crons and all(len(c.split()) == 5 for c in crons), str(crons))
    dispatch = on.get("workflow_dispatch") or {}
    check("trigger: workflow_dispatch", "workflow_dispatch" in on)
    inputs = dispatch.get("inputs", {})
    check("dispatch input workloads is a string", inputs.get("workloads", {}).get("type") == "string")
    jobs = doc.get("jobs", {})
    perf = jobs.get("perf", {})
    check("perf job on an ubuntu runner", str(perf.get("runs-on", "")).startswith("ubuntu"))
    check("perf job has a timeout", "timeout-minutes" in perf)
    check(
        "no service containers or job containers",
        all("services" not in j and "container" not in j for j in jobs.values()),
    )
    steps = perf.get("steps", [])
    java = [s for s in steps if str(s.get("uses", "")).startswith("actions/setup-java")]
    check("Java 17 via actions/setup-java", java and str(java[0].get("with", {}).get("java-version")) == "17")
    # The pinned Maven (scripts/lib/common.sh's maven: ./mvnw) builds.
    check("Maven build step", step_index(steps, r"\bmaven\b.*install") >= 0)
    order = [
        step_index(steps, p)
        for p in (
            r"scripts/stores\.sh install",
            r"scripts/verify-search\.sh",
            r"\./run-sweep\.sh",
            r"compare-results\.sh --json",
        )
    ]
    check(
        "steps in order: stores install, verify-search, sweep, compare",
        all(i >= 0 for i in order) and order == sorted(order),
        str(order),
    )
    sweep = steps[order[2]]["run"] if order[2] >= 0 else ""
    for flag in ("--stores", "--threads", "--step-seconds", "--warmup-seconds", "--records", "--out"):
        check(f"sweep passes {flag}", flag in sweep)
    upload = [s for s in steps if str(s.get("uses", "")).startswith("actions/upload-artifact")]
    check(
        "results folder uploaded as an artifact, even after a failure",
        upload
        and "PERF_OUT" in str(upload[0].get("with", {}).get("path", ""))
        and "always()" in str(upload[0].get("if", "")),
    )
    check(
        "results digest written to GITHUB_STEP_SUMMARY",
        any("--describe" in s.get("run", "") and "GITHUB_STEP_SUMMARY" in s.get("run", "") for s in steps),
    )
    compare = steps[order[3]] if order[3] >= 0 else {}
    check("compare step can fail the job (no continue-on-error)", compare and not compare.get("continue-on-error"))
    check(
        "history and previous run looked up on the perf-history branch (perf-baseline, its old name, as fallback)",
        doc.get("env", {}).get("PERF_BRANCH") == "perf-history"
        and doc.get("env", {}).get("PERF_BRANCH_OLD") == "perf-baseline"
        and any("ls-remote" in s.get("run", "") for s in steps),
    )
    check("perf job only reads the repository", perf.get("permissions", {}).get("contents") == "read")
    check(
        "compare step compares the previous night's run with the new one",
        "previous" in compare.get("run", "") and "run-1" in compare.get("run", ""),
    )
    history = next((s for s in steps if s.get("id") == "history"), {})
    check(
        "history step appends, prunes and analyzes with perf-history.sh, after compare, without continue-on-error",
        all(f"perf-history.sh {c}" in history.get("run", "") for c in ("add", "prune", "analyze"))
        and steps.index(history) > order[3]
        and not history.get("continue-on-error")
        and "GITHUB_STEP_SUMMARY" in history.get("run", "")
        and "--charts" in history.get("run", ""),
    )
    publish = jobs.get("publish-history", {})
    check(
        "publish-history job needs perf, writes contents, runs even after a failed perf, publishes previous/",
        publish.get("needs") == "perf"
        and any("previous" in s.get("run", "") for s in publish.get("steps", []))
        and publish.get("permissions", {}).get("contents") == "write"
        and "always()" in str(publish.get("if", ""))
        and any("publish-to-branch.sh" in s.get("run", "") for s in publish.get("steps", [])),
    )
    for key in TINY:
        check(f"size knob {key} is a workflow env variable", key in doc.get("env", {}))
    for job_id, step in run_blocks(doc):
        name = f"{job_id}/{step.get('id', step.get('name'))}"
        check(f"no ${{{{ }}}} inside run: of {name}", "${{" not in step["run"])


def shellcheck_blocks(doc):
    with tempfile.TemporaryDirectory() as tmp:
        for job_id, step in run_blocks(doc):
            path = os.path.join(tmp, "step.sh")
            with open(path, "w") as f:
                f.write("#!/usr/bin/env bash\nset -eo pipefail\n" + step["run"])
            res = subprocess.run(["shellcheck", "-s", "bash", path], capture_output=True, text=True)
            check(f"shellcheck {job_id}/{step.get('id', step.get('name'))}", res.returncode == 0, res.stdout[-2000:])


# ---------------------------------------------------------------- local runs
SCRIPT_REF = re.compile(r"(?:^|[\s;(|&])((?:\./|scripts/)[\w./-]+\.sh)\b")


def missing_commands(run):
    return [p for p in SCRIPT_REF.findall(run) if not os.access(os.path.join(REPO, p), os.X_OK)]


def parse_kv_file(path):
    out, lines = {}, []
    if os.path.exists(path):
        with open(path) as f:
            lines = f.read().splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        m = re.match(r"^([^=<]+)<<(.+)$", line)
        if m:
            key, delim, body = m.group(1), m.group(2), []
            i += 1
            while i < len(lines) and lines[i] != delim:
                body.append(lines[i])
                i += 1
            out[key] = "\n".join(body)
        elif "=" in line:
            key, _, value = line.partition("=")
            out[key] = value
        i += 1
    return out


class Scenario:
    def __init__(self, name, doc, inputs, root, remote_repo, stores_were_running):
        self.name, self.doc, self.inputs = name, doc, inputs
        self.dir = os.path.join(root, name)
        os.makedirs(self.dir)
        self.summary = os.path.join(self.dir, "step-summary.md")
        open(self.summary, "w").close()
        self.remote_repo, self.stores_were_running = remote_repo, stores_were_running
        self.results = {}
        self.stopped = False

    def context(self, job_status, steps, env):
        return {
            "github": {
                "workspace": REPO,
                "run_id": "local",
                "run_attempt": "1",
                "sha": "local",
                "event_name": "workflow_dispatch" if self.inputs else "schedule",
            },
            "inputs": self.inputs,
            "env": env,
            "steps": steps,
            "runner": {"temp": self.dir},
            "needs": {j: {"result": r} for j, r in self.results.items()},
            "_job": job_status,
        }

    def workflow_env(self):
        ctx = self.context({"failed": False}, {}, {})
        env = {k: interpolate(v, ctx) for k, v in self.doc.get("env", {}).items()}
        env.update(TINY)
        env.update(
            {
                "PERF_OUT": os.path.join(self.dir, "perf-results"),
                "BRANCH_DIR": os.path.join(self.dir, "perf-history"),
                "BRANCH_REPO_DIR": self.remote_repo,
            }
        )
        if "build" in SKIP_IDS:
            env.pop("DOCSEARCH_SKIP_BUILD", None)  # no build step ran: let the scripts build what is missing
        if os.environ.get("NIGHTLY_TEST_STORES"):
            env["PERF_STORES"] = os.environ["NIGHTLY_TEST_STORES"]
        hosts = os.path.join(os.environ.get("STORES_HOME", os.path.join(REPO, ".stores")), "hosts-single.json")
        if self.stores_were_running and os.path.isfile(hosts):
            # Someone else's stores: point the steps at them instead of letting the sweep stop and restart them.
            env["PERF_HOSTS"] = hosts
        return env

    def run_job(self, job_id):
        job = self.doc["jobs"][job_id]
        status, steps, env = {"failed": False}, {}, dict(self.workflow_env())
        print(f"---- scenario {self.name}: job {job_id}", flush=True)
        needs = job.get("needs", [])
        needs = [needs] if isinstance(needs, str) else needs
        needs_status = {"failed": any(self.results.get(n) != "success" for n in needs)}
        if not condition(job.get("if"), self.context(needs_status, steps, env)):
            print(f"     job {job_id} skipped by its if: condition", flush=True)
            self.results[job_id] = "skipped"
            return steps
        env.update({k: interpolate(v, self.context(status, steps, env)) for k, v in job.get("env", {}).items()})
        for n, step in enumerate(job["steps"]):
            sid = step.get("id", f"step{n}")
            label = f"{job_id}/{step.get('name', sid)}"
            step_env = dict(env)
            ctx = self.context(status, steps, step_env)
            step_env.update({k: interpolate(v, ctx) for k, v in step.get("env", {}).items()})
            ctx["env"] = step_env
            if not condition(step.get("if"), ctx):
                steps[sid] = {"outcome": "skipped", "conclusion": "skipped", "outputs": {}}
                print(f"     -    {label}: skipped by if:", flush=True)
                continue
            reason = self.local_skip_reason(sid, step)
            if reason:
                skip(label, reason)
                steps[sid] = {"outcome": "success", "conclusion": "success", "outputs": {}}
                continue
            missing = missing_commands(step["run"])
            if missing:
                skip(f"{label} and the rest of scenario {self.name}", f"command not in the tree yet: {missing}")
                self.results[job_id] = "incomplete"
                return steps
            steps[sid] = self.run_step(label, step, step_env, env)
            if steps[sid]["outcome"] == "failure" and not step.get("continue-on-error"):
                status["failed"] = True
        self.results[job_id] = "failure" if status["failed"] else "success"
        return steps

    def local_skip_reason(self, sid, step):
        if "uses" in step:
            action = step["uses"]
            if action.startswith("actions/upload-artifact") or action.startswith("actions/download-artifact"):
                return f"needs GitHub ({action}); locally the artifact is PERF_OUT itself"
            return f"needs GitHub ({action}); the test runs in the working tree with the installed JDK and Maven"
        if sid in SKIP_IDS:
            return "listed in NIGHTLY_TEST_SKIP"
        if sid == "stores-stop" and self.stores_were_running:
            return "the stores were running before this test; leaving them up for whoever started them"
        return None

    def run_step(self, label, step, step_env, job_env):
        files = {k: os.path.join(self.dir, f"{k.lower()}-{time.time_ns()}") for k in ("GITHUB_OUTPUT", "GITHUB_ENV")}
        for path in files.values():
            open(path, "w").close()
        script = os.path.join(self.dir, "step.sh")
        with open(script, "w") as f:
            f.write(step["run"])
        env = dict(os.environ)
        env.update(step_env)
        env.update(files)
        env.update(
            {
                "GITHUB_STEP_SUMMARY": self.summary,
                "GITHUB_WORKSPACE": REPO,
                "GITHUB_RUN_ID": "local",
                "GITHUB_SHA": "local",
                "RUNNER_TEMP": self.dir,
            }
        )
        log = os.path.join(self.dir, re.sub(r"\W+", "_", label) + ".log")
        start = time.time()
        with open(log, "w") as out:
            rc = subprocess.run(
                ["bash", "--noprofile", "--norc", "-eo", "pipefail", script],
                cwd=os.path.join(REPO, step.get("working-directory", ".")),
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            ).returncode
        outcome = "success" if rc == 0 else "failure"
        print(f"     {'ok  ' if rc == 0 else 'rc=' + str(rc)} {label} ({time.time() - start:.0f} s)", flush=True)
        if rc != 0:
            with open(log) as f:
                tail = f.read().splitlines()[-30:]
            print("\n".join("       | " + line for line in tail), flush=True)
        job_env.update(parse_kv_file(files["GITHUB_ENV"]))
        return {
            "outcome": outcome,
            "conclusion": outcome,
            "outputs": parse_kv_file(files["GITHUB_OUTPUT"]),
            "rc": rc,
            "log": log,
        }


def scratch_remote(root):
    """A bare repository standing in for origin, and a repository whose origin it is (the checkout)."""
    origin, ws = os.path.join(root, "origin.git"), os.path.join(root, "checkout")
    subprocess.run(["git", "init", "-q", "--bare", origin], check=True)
    subprocess.run(["git", "init", "-q", ws], check=True)
    subprocess.run(["git", "-C", ws, "remote", "add", "origin", origin], check=True)
    return origin, ws


def stores_running():
    try:
        return (
            subprocess.run(
                [os.path.join(REPO, "scripts/stores.sh"), "status"], capture_output=True, timeout=180
            ).returncode
            == 0
        )
    except (subprocess.TimeoutExpired, OSError):
        return True  # unknown: never stop what someone else may be using


def local_runs(doc, quick, root):
    origin, ws = scratch_remote(root)
    was_running = stores_running()
    if not quick:
        first = Scenario("first", doc, {}, root, ws, was_running)
        steps = first.run_job("perf")
        if first.results.get("perf") == "incomplete":
            return
        check(
            "first: every perf step succeeded",
            first.results["perf"] == "success",
            str({k: v["outcome"] for k, v in steps.items()}),
        )
        check("first: no previous run yet", steps.get("previous", {}).get("outputs", {}).get("found") == "false")
        first.run_job("publish-history")
        listing = subprocess.run(
            ["git", "--git-dir", origin, "ls-tree", "-r", "--name-only", "perf-history"], capture_output=True, text=True
        )
        check(
            "first: history and the run's summaries pushed to the perf-history branch of origin",
            "history/history.csv" in listing.stdout.split()
            and any(f.startswith("previous/") and f.endswith("/summary.json") for f in listing.stdout.split()),
            listing.stdout,
        )
        status = subprocess.run(["git", "-C", ws, "status", "--porcelain"], capture_output=True, text=True)
        check("first: publishing left the checkout's index and files alone", status.stdout.strip() == "", status.stdout)
    nightly = Scenario("nightly", doc, {}, root, ws, was_running)
    steps = nightly.run_job("perf")
    if nightly.results.get("perf") == "incomplete":
        return
    nightly.run_job("publish-history")
    check("nightly: publish-history job ran", nightly.results.get("publish-history") == "success")
    listing = subprocess.run(
        ["git", "--git-dir", origin, "ls-tree", "-r", "--name-only", "perf-history"], capture_output=True, text=True
    ).stdout.split()
    check(
        "nightly: history and previous run on the perf-history branch",
        "history/history.csv" in listing and any(f.startswith("previous/") for f in listing),
        str(listing),
    )
    if not quick:
        log = subprocess.run(
            ["git", "--git-dir", origin, "show", "perf-history:history/history.csv"], capture_output=True, text=True
        ).stdout
        runs = {line.split(",")[0] for line in log.splitlines()[1:]}
        check("nightly: the history holds the first run and the nightly run", len(runs) == 2, str(runs))
    for sid in ("build", "stores-install", "verify", "sweep", "digest", "previous"):
        if sid in steps and sid not in SKIP_IDS:
            check(f"nightly: step {sid} succeeded", steps[sid]["outcome"] == "success")
    found = steps.get("previous", {}).get("outputs", {}).get("found")
    check("nightly: previous run lookup answered", found == ("false" if quick else "true"), str(found))
    with open(nightly.summary) as f:
        summary = f.read()
    check("nightly: job summary has the results digest", "## Performance results" in summary)
    check("nightly: job summary has the comparison", "## Performance compared with the" in summary)
    check("nightly: job summary has the history analysis", "## Performance history" in summary)
    hist = steps.get("history", {})
    check("nightly: history step ran (exit 0 or 1: a verdict, not an error)", hist.get("rc") in (0, 1), str(hist))
    report = os.path.join(nightly.dir, "perf-results/compare.json")
    compare = steps.get("compare", {})
    if os.path.isfile(report):
        with open(report) as f:
            code = json.load(f)["exit_code"]
        check(
            "nightly: compare step passes on a verdict (exit 0 or 1), fails on bad input or a failed run (2, 3)",
            (code in (0, 1)) == (compare.get("outcome") == "success"),
            f"{code} vs {compare.get('outcome')}",
        )
        print(
            f"     note: at tiny sizes the comparison said: {'no change' if code == 0 else 'CHANGED'}"
            " (real noise; the test checks the mechanics, not the verdict)",
            flush=True,
        )
    else:
        fail("nightly: compare.json written", report)
    print(f"     job summary: {nightly.summary}", flush=True)


@pytest.fixture(autouse=True)
def fresh_failures():
    FAILS.clear()
    yield


@pytest.fixture(scope="module")
def doc():
    return load()


def assert_no_failures():
    assert not FAILS, f"{len(FAILS)} failed: " + ", ".join(FAILS)


def test_expressions():
    ctx = {
        "inputs": {"workloads": "a b", "runs": 3},
        "steps": {"sweep": {"outcome": "success"}},
        "env": {"PERF_RUNS": "1"},
        "_job": {"failed": False},
    }
    assert Expr("inputs.workloads && inputs.runs || 1", ctx).value() == 3
    assert Expr("steps.sweep.outcome == 'success' && !inputs.missing", ctx).value() is True
    assert Expr("contains('a,b', 'B')", ctx).value() is True
    assert interpolate("runs=${{ env.PERF_RUNS }}", ctx) == "runs=1"
    assert condition("always() && steps.sweep.outcome == 'failure'", ctx) is False
    assert condition(None, {"_job": {"failed": True}}) is False
    with pytest.raises(ValueError):
        Expr("hashFiles('x')", ctx).value()


def test_static(doc):
    static_checks(doc)
    assert_no_failures()


def test_shellcheck_of_run_blocks(doc):
    if not shutil.which("shellcheck"):
        pytest.skip("shellcheck not installed")
    shellcheck_blocks(doc)
    assert_no_failures()


@pytest.mark.skipif(MODE == "static", reason="NIGHTLY_TEST_MODE=static: static checks only")
def test_local_runs(doc):
    root = tempfile.mkdtemp(prefix="nightly-wf-")
    try:
        local_runs(doc, MODE == "quick", root)
    finally:
        if os.environ.get("KEEP_TMP") == "1":
            print(f"kept {root}")
        else:
            shutil.rmtree(root, ignore_errors=True)
    assert_no_failures()

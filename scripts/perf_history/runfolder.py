"""Turns one results folder (format 1 or 2, docs/results-format.md) into history rows.

What goes into the history, and why:
* per store: `peak_ops` (best closed-loop throughput; format 1 calls it `throughput_ops`) and `capacity_ops` (the
  highest fixed rate that met the SLO; format 2 only);
* format 2: intended p50/p99/p99.9 per operation at the load phase, keyed by the offered fraction of the peak
  (`load-50pct`), never by the absolute rate: the rate follows the machine's peak, the fraction stays comparable;
* format 1 (no load phase yet): service p50/p99 of the closed-loop steps, keyed by thread count (`t4`).
Rows that describe a broken measurement are left out, so they can neither raise nor hide an alarm: steps that did
not complete, client-bound steps, fixed-rate steps that did not sustain their rate, the all-requests variants
(failures mixed in), the inner operations of a composed one, and the BasicDB harness floor.
"""
import json
import os

from . import BadInput

STORE_METRICS = ("peak_ops", "capacity_ops")
LOAD_PERCENTILES = (("p50_us", "p50_us"), ("p99_us", "p99_us"), ("p999_us", "p999_us"))
CLOSED_LOOP_PERCENTILES = (("p50_us", "p50_us"), ("p99_us", "p99_us"))
NONE = "-"


def is_run_folder(path):
    return os.path.isfile(os.path.join(path, "manifest.json")) and os.path.isfile(os.path.join(path, "summary.json"))


def find_run_folders(path):
    """A run folder, or a folder whose subfolders are run folders (one per workload, as the nightly job writes)."""
    if not os.path.isdir(path):
        raise BadInput(f"{path}: not a folder")
    if is_run_folder(path):
        return [path]
    runs = sorted(os.path.join(path, d) for d in os.listdir(path) if is_run_folder(os.path.join(path, d)))
    if not runs:
        raise BadInput(f"{path}: not a results folder (no manifest.json and summary.json in it or its subfolders)")
    return runs


def load_json(path, required=True):
    if not os.path.isfile(path):
        if required:
            raise BadInput(f"{path}: missing")
        return None
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        raise BadInput(f"{path}: not readable JSON ({e})") from None


def run_identity(run_dir, manifest):
    run_id = manifest.get("run_id")
    if not run_id:
        raise BadInput(f"{run_dir}/manifest.json: no run_id")
    machine = manifest.get("machine") or manifest.get("environment") or {}
    return {"run_id": run_id, "date": manifest.get("started_utc") or "", "commit": manifest.get("git_commit") or "",
            "dirty": str(bool(manifest.get("git_dirty"))).lower(),
            "cpu_model": str(machine.get("cpu_model") or "unknown"), "cpu_count": str(machine.get("cpu_count") or "")}


def measured_properly(row):
    """False for rows that describe a broken or non-comparable measurement (see the module comment)."""
    status = row.get("step_status", row.get("status", "complete"))
    return (status == "complete" and row.get("client_bound") is not True and row.get("rate_sustained") is not False
            and row.get("requests", "ok") != "all" and row.get("part_of") is None and row.get("phase") != "floor")


def latency_key(row):
    """(step key, percentiles) for a row the history tracks, or None."""
    phase = row.get("phase")
    if phase is not None:  # format 2
        fraction = row.get("offered_fraction")
        if phase == "load" and row.get("latency_kind") == "intended" and fraction is not None:
            return f"load-{round(float(fraction) * 100)}pct", LOAD_PERCENTILES
        return None
    if row.get("target_ops") == 0 and row.get("latency_kind") == "service":  # format 1: closed loop
        return f"t{row.get('threads')}", CLOSED_LOOP_PERCENTILES
    return None


def saturation_of(run_dir, store, summary):
    own = load_json(os.path.join(run_dir, store, "saturation.json"), required=False)
    if own is not None:
        return own
    return ((summary.get("stores") or {}).get(store) or {}).get("saturation")


def store_rows(run_dir, manifest, summary, stores):
    out = []
    for store in sorted(stores):
        if ((manifest.get("stores") or {}).get(store) or {}).get("status", "complete") != "complete":
            continue  # a store whose sweep failed has no trustworthy peak
        saturation = saturation_of(run_dir, store, summary)
        if not saturation:
            continue
        values = {"peak_ops": saturation["peak_ops"] if "peak_ops" in saturation else saturation.get("throughput_ops"),
                  "capacity_ops": saturation.get("capacity_ops")}
        for metric in STORE_METRICS:
            if isinstance(values[metric], (int, float)) and values[metric] > 0:
                out.append({"store": store, "step": NONE, "op": NONE, "latency_kind": NONE, "metric": metric,
                            "value": values[metric]})
    return out


def rows_from_run(run_dir):
    """History rows of one run folder (without the identity columns, which `history_rows` adds)."""
    manifest = load_json(os.path.join(run_dir, "manifest.json"))
    summary = load_json(os.path.join(run_dir, "summary.json"))
    if not isinstance(summary, dict) or not isinstance(summary.get("rows"), list):
        raise BadInput(f"{run_dir}/summary.json: no \"rows\" list")
    out, seen, workloads, stores = [], set(), set(), set(manifest.get("stores") or {})
    for row in summary["rows"]:
        if not isinstance(row, dict) or not row.get("store") or not row.get("op"):
            raise BadInput(f"{run_dir}/summary.json: a row without store or op")
        stores.add(row["store"])
        workloads.add(row.get("workload"))
        key = latency_key(row) if measured_properly(row) else None
        if key is None:
            continue
        step, percentiles = key
        for column, metric in percentiles:
            value = row.get(column)
            ident = (row["store"], step, row["op"], row["latency_kind"], metric)
            if not isinstance(value, (int, float)) or ident in seen:
                continue  # a percentile the sample count cannot support is null
            seen.add(ident)
            out.append({"store": row["store"], "step": step, "op": row["op"], "latency_kind": row["latency_kind"],
                        "metric": metric, "value": value})
    out.extend(store_rows(run_dir, manifest, summary, stores))
    workload = (manifest.get("workload") or {}).get("name") or next(iter(workloads - {None}), None)
    if not workload:
        raise BadInput(f"{run_dir}: no workload name in manifest.json or summary.json")
    identity = run_identity(run_dir, manifest)
    identity["format"] = str(summary.get("format", 1))
    return [dict(identity, workload=workload, **r) for r in out]

#!/usr/bin/env python3
"""The `cluster` scenario of loadgen/bench.sh, summed up: for each workload,
one node on PostgreSQL over one node with its data directory (SQLite), and
three nodes over one, from the reports in the directory given
(cluster-sqlite-<workload>.json, cluster-one-… and cluster-three-…)."""

import json
import os
import sys


def load(out, name):
    path = os.path.join(out, name + ".json")
    if not os.path.exists(path):
        return None
    with open(path) as report:
        return json.load(report)


def ratio(numerator, denominator):
    return f"{numerator / denominator:.2f}×" if denominator else "n/a"


def compare(workload, label, top, bottom):
    if not (top and bottom and top.get("latency") and bottom.get("latency")):
        print(f"{workload}, {label}: no reports to compare")
        return
    lt, lb = top["latency"], bottom["latency"]
    st, sb = top.get("server") or {}, bottom.get("server") or {}
    print(
        f"{workload}, {label}: "
        f"latency p50 {ratio(lt['p50_us'], lb['p50_us'])}, "
        f"p99 {ratio(lt['p99_us'], lb['p99_us'])} "
        f"({lt['p99_us'] / 1e3:.1f} against {lb['p99_us'] / 1e3:.1f} ms); "
        f"rounds/s {ratio(top['rounds_per_second'], bottom['rounds_per_second'])}; "
        f"server CPU per frame {ratio(st.get('cpu_us_per_frame') or 0, sb.get('cpu_us_per_frame') or 0)}; "
        f"server RSS {ratio(st.get('rss_bytes') or 0, sb.get('rss_bytes') or 0)}; "
        f"errors {top['run_errors']} and {bottom['run_errors']}"
    )


def main(out):
    for workload in ("human-1000", "human", "spectators"):
        sqlite, one, three = (
            load(out, f"cluster-{setup}-{workload}") for setup in ("sqlite", "one", "three")
        )
        if not (sqlite or one or three):
            continue
        compare(workload, "one node on PostgreSQL over one on SQLite", one, sqlite)
        compare(workload, "three nodes over one", three, one)


if __name__ == "__main__":
    main(sys.argv[1])

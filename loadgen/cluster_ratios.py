#!/usr/bin/env python3
"""The `cluster` scenario of loadgen/bench.sh, summed up: for each workload,
three nodes' figures over one node's, from the reports in the directory
given (cluster-one-<workload>.json and cluster-three-<workload>.json)."""

import json
import os
import sys


def load(out, name):
    path = os.path.join(out, name + ".json")
    if not os.path.exists(path):
        return None
    with open(path) as report:
        return json.load(report)


def ratio(three, one):
    return f"{three / one:.2f}×" if one else "n/a"


def main(out):
    for workload in ("human-1000", "human", "spectators"):
        one, three = load(out, f"cluster-one-{workload}"), load(out, f"cluster-three-{workload}")
        if not (one and three and one.get("latency") and three.get("latency")):
            print(f"{workload}: no reports to compare")
            continue
        lo, lt = one["latency"], three["latency"]
        so, st = one.get("server") or {}, three.get("server") or {}
        print(
            f"{workload}, three nodes over one: "
            f"latency p50 {ratio(lt['p50_us'], lo['p50_us'])}, "
            f"p99 {ratio(lt['p99_us'], lo['p99_us'])}; "
            f"rounds/s {ratio(three['rounds_per_second'], one['rounds_per_second'])}; "
            f"server CPU per frame {ratio(st.get('cpu_us_per_frame') or 0, so.get('cpu_us_per_frame') or 0)}; "
            f"server RSS {ratio(st.get('rss_bytes') or 0, so.get('rss_bytes') or 0)}; "
            f"errors {one['run_errors']} and {three['run_errors']}"
        )


if __name__ == "__main__":
    main(sys.argv[1])

#!/usr/bin/env python3
"""Checks docker/grafana's dashboard and docker/prometheus's alert rules
against the server (docker/smoke-test.sh runs it):

- every series they query is one the server exports (server/src/metrics.rs);
- the dashboard shows what an operator watches: rooms, players, rounds a
  second, reveal latency, refusals, storage waits, cluster leases and
  takeovers, pairing waits;
- every panel asks the provisioned data source, and its queries are PromQL
  (written into a rules file that `promtool check rules` reads);
- with --metrics FILE (a /metrics scraped from a server that played a game),
  every single-server series the dashboard draws has data.

Exit status 1, saying what is wrong, when anything is.
"""

import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
WATCHED = {
    "rooms": "mice_cake_rooms",
    "players": "mice_cake_connections",
    "rounds a second": "mice_cake_rounds_total",
    "reveal latency": "mice_cake_reveal_seconds",
    "refusals": "mice_cake_refused_total",
    "storage waits": "mice_cake_store_wait_seconds",
    "cluster leases": "mice_cake_cluster_lease_renewals_total",
    "takeovers": "mice_cake_rooms_taken_over_total",
    "pairing waits": "mice_cake_pairing_seconds",
}
# Exported by a node of a cluster only, or once something happened there.
CLUSTER_OR_EVENTUAL = {
    "mice_cake_cluster_lease_renewals_total",
    "mice_cake_rooms_taken_over_total",
    "mice_cake_pairing_seconds",
    "mice_cake_seeking",
    "mice_cake_store_errors_total",
    "mice_cake_games_finished_total",
}
SERIES = re.compile(r"\bmice_cake_[a-z_]+\b")


def exported() -> set[str]:
    source = (ROOT / "server/src/metrics.rs").read_text()
    names = set(re.findall(r'pub\(crate\) const [A-Z_]+: &str = "(mice_cake_[a-z_]+)";', source))
    # A summary's series: its quantiles, sum and count.
    return names | {f"{name}{suffix}" for name in names for suffix in ("_sum", "_count")}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--metrics", type=Path, help="a /metrics scraped after a game")
    args = parser.parse_args()
    problems = []
    known = exported()

    dashboard = json.loads((ROOT / "docker/grafana/dashboards/mice-cake.json").read_text())
    source = yaml.safe_load(
        (ROOT / "docker/grafana/provisioning/datasources/prometheus.yml").read_text()
    )
    source_uid = source["datasources"][0]["uid"]
    expressions = []
    for panel in dashboard["panels"]:
        if panel.get("datasource", {}).get("uid") != source_uid:
            problems.append(f"panel {panel['title']!r} does not ask the data source {source_uid!r}")
        if not panel.get("targets"):
            problems.append(f"panel {panel['title']!r} queries nothing")
        for target in panel.get("targets", []):
            expressions.append((f"panel {panel['title']!r}", target["expr"]))
    drawn = {name for _, expr in expressions for name in SERIES.findall(expr)}
    for what, name in WATCHED.items():
        if name not in drawn:
            problems.append(f"the dashboard does not show {what} ({name})")

    alerts = yaml.safe_load((ROOT / "docker/prometheus/alerts.yml").read_text())
    for group in alerts["groups"]:
        for rule in group["rules"]:
            expressions.append((f"alert {rule['alert']}", rule["expr"]))
    for where, expr in expressions:
        for name in SERIES.findall(expr):
            if name not in known:
                problems.append(f"{where} queries {name}, which the server does not export")

    # PromQL, as Prometheus reads it: every query as a recording rule.
    rules = {"groups": [{"name": "queries", "rules": [
        {"record": f"query:{index}", "expr": expr} for index, (_, expr) in enumerate(expressions)
    ]}]}
    with tempfile.NamedTemporaryFile("w", suffix=".yml") as file:
        yaml.safe_dump(rules, file)
        file.flush()
        checked = subprocess.run(["promtool", "check", "rules", file.name],
                                 capture_output=True, text=True)
        if checked.returncode != 0:
            problems.append(f"a query is not PromQL:\n{checked.stdout}{checked.stderr}")

    if args.metrics:
        scraped = {line.split("{")[0].split(" ")[0]
                   for line in args.metrics.read_text().splitlines()
                   if line and not line.startswith("#")}
        for name in sorted(drawn - CLUSTER_OR_EVENTUAL):
            if name not in scraped:
                problems.append(f"the dashboard draws {name}, which the server did not export")

    for problem in problems:
        print(f"check-monitoring: {problem}", file=sys.stderr)
    if not problems:
        print(f"dashboard: {len(dashboard['panels'])} panels; "
              f"{len(expressions)} queries, all PromQL, all on series the server exports")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

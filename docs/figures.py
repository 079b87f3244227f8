#!/usr/bin/env python3
"""The headline figures: docs/figures.json, and every place that quotes them.

README.md and docs/*.md quote a figure between markers, on one line:

    <!-- figure:NAME -->13.8 MB<!-- /figure -->          the figure's text
    <!-- figure:NAME:measured -->2026-12-06<!-- /figure -->  when it was measured
    <!-- figure:NAME:machine -->…<!-- /figure -->          on what machine

    python3 docs/figures.py update NAME VALUE [--date YYYY-MM-DD] [--machine TEXT]
    python3 docs/figures.py write     # every quote rewritten from the file
    python3 docs/figures.py check     # exit 1 if a quote differs from the file

`update` takes VALUE in the figure's unit (bytes, rounds/s, µs), stamps
today's date (UTC) and this machine (or the ones given), writes the file and
rewrites every quote. The benchmarks call it when run with
MICE_CAKE_RECORD_FIGURES=1 (loadgen/bench.sh, docker/smoke-test.sh).
tests/tests/docs.rs runs the same check as `check` in `cargo test`.
Standard library only.
"""

import argparse
import datetime
import json
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FILE = ROOT / "docs" / "figures.json"
MARKER = re.compile(r"<!-- figure:([a-z0-9_]+)(?::([a-z]+))? -->(.*?)<!-- /figure -->")
FIELDS = ("text", "measured", "machine")


def render(value, shown):
    """A value as the docs show it (tests/tests/docs.rs renders the same)."""
    if shown == "MB":
        tenths = (value + 50_000) // 100_000
        return f"{tenths // 10}.{tenths % 10} MB"
    if shown == "KB":
        tenths = (value + 50) // 100
        return f"{tenths // 10}.{tenths % 10} KB"
    if shown == "count":
        return f"{value:,}"
    if shown == "ms":  # value in µs
        tenths = (value + 50) // 100
        if tenths >= 100:
            return f"{(value + 500) // 1000:,} ms"
        return f"{tenths // 10}.{tenths % 10} ms"
    raise SystemExit(f"unknown way to show a figure: {shown}")


def this_machine():
    """`2 vCPU AMD EPYC, 24 GiB`, as docs/performance.md names machines."""
    model, memory = "", ""
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                model = " " + line.split(":", 1)[1].strip()
                break
        for line in open("/proc/meminfo"):
            if line.startswith("MemTotal:"):
                memory = f", {round(int(line.split()[1]) / 2**20)} GiB"
                break
    except OSError:
        pass
    return f"{os.cpu_count()} vCPU{model}{memory}"


def documents():
    return sorted(ROOT.glob("*.md")) + sorted((ROOT / "docs").glob("*.md"))


def load():
    return json.loads(FILE.read_text())


def quotes(figures, path, seen=None):
    """The file's text with every quote rewritten, and the quotes that were wrong.

    Markers in code (fenced blocks, spans between backticks) are text, not quotes.
    """
    name_of = path.relative_to(ROOT)
    wrong = []
    out = []
    fenced = False
    for number, line in enumerate(path.read_text().split("\n"), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        if fenced or line.lstrip().startswith("```"):
            out.append(line)
            continue

        def fix(match):
            name, field, quoted = match.group(1), match.group(2) or "text", match.group(3)
            figure = figures.get(name)
            if figure is None or field not in FIELDS:
                wrong.append(f"{name_of}:{number}: no figure {name}:{field}")
                return match.group(0)
            if seen is not None:
                seen.add(name)
            if quoted != figure[field]:
                wrong.append(f"{name_of}:{number}: {name}:{field} is {quoted!r}, not {figure[field]!r}")
            head = match.group(0)[: match.start(3) - match.start(0)]
            return f"{head}{figure[field]}<!-- /figure -->"

        # Even pieces are outside code spans.
        pieces = line.split("`")
        for i in range(0, len(pieces), 2):
            if pieces[i].count("<!-- figure:") != len(MARKER.findall(pieces[i])):
                wrong.append(f"{name_of}:{number}: a figure's marker not closed on its line")
            pieces[i] = MARKER.sub(fix, pieces[i])
        out.append("`".join(pieces))
    return "\n".join(out), wrong


def write_quotes(figures):
    for path in documents():
        fixed, _ = quotes(figures, path)
        if fixed != path.read_text():
            path.write_text(fixed)
            print(f"rewrote {path.relative_to(ROOT)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    update = commands.add_parser("update", help="record a figure and rewrite its quotes")
    update.add_argument("name")
    update.add_argument("value", type=float)
    update.add_argument("--date", default=datetime.datetime.now(datetime.timezone.utc).date().isoformat())
    update.add_argument("--machine", default=None)
    commands.add_parser("write", help="rewrite every quote from the file")
    commands.add_parser("check", help="exit 1 if a quote differs from the file")
    args = parser.parse_args()

    data = load()
    figures = data["figures"]
    if args.command == "update":
        if args.name not in figures:
            raise SystemExit(f"no figure {args.name}: {', '.join(figures)}")
        if args.value < 0:
            raise SystemExit(f"a figure is never negative: {args.value}")
        figure = figures[args.name]
        figure["value"] = round(args.value)
        figure["text"] = render(figure["value"], figure["shown"])
        figure["measured"] = args.date
        figure["machine"] = args.machine or this_machine()
        FILE.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
        print(f"{args.name}: {figure['text']} ({figure['measured']}, {figure['machine']})")
        write_quotes(figures)
    elif args.command == "write":
        write_quotes(figures)
    else:
        seen = set()
        wrong = [w for path in documents() for w in quotes(figures, path, seen)[1]]
        wrong += [f"docs/figures.json: {name} is quoted nowhere" for name in figures if name not in seen]
        wrong += [
            f"docs/figures.json: {name}'s text is {f['text']!r}, not {render(f['value'], f['shown'])!r}"
            for name, f in figures.items()
            if f["text"] != render(f["value"], f["shown"])
        ]
        for line in wrong:
            print(line, file=sys.stderr)
        sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()

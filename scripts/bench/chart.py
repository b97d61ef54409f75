#!/usr/bin/env python3
"""The throughput chart of BENCHMARKS.md: MB/s per corpus, pctenc's kernels beside the
`percent-encoding` crate and memcpy, from the results of `scripts/bench/run.sh`.

Two steps, so that the chart can be redrawn without rerunning the benchmark and the numbers it
shows are committed next to it:

    python3 scripts/bench/chart.py collect target/bench-runs/run-*.jsonl > docs/bench-data.json
    python3 scripts/bench/chart.py render docs/bench-data.json docs/bench.svg

`collect` reads the interleaved results of the `throughput` bench (`.jsonl`, the median MB/s
of each row over the rounds; pctenc's rows are its `append` encode and `lenient` decode rows,
one per kernel), or a criterion directory (the median time of each row, and the bytes per
iteration), and writes MB/s of input (MB = 10^6 bytes). `render` writes an SVG by hand (Python's
standard library only): one panel per operation and input size, one group of bars per corpus,
a logarithmic axis (the rows span 100 MB/s to 20 GB/s).
"""

import json
import math
import os
import sys
from xml.sax.saxutils import escape

# Row order and colours: the anchors first, then pctenc's kernels slowest first.
ROWS = [
    ("memcpy", "memcpy", "#9e9e9e"),
    ("percent-encoding", "percent-encoding 2.3", "#e69f00"),
    ("pctenc/scalar", "pctenc scalar", "#56b4e9"),
    ("pctenc/ssse3", "pctenc ssse3", "#0072b2"),
    ("pctenc/avx2", "pctenc avx2", "#003f6b"),
    ("pctenc/avx512", "pctenc avx512", "#cc79a7"),
]


def collect(root):
    """{"op/corpus/size": {row: MB/s}} from criterion's `new/` estimates under `root`."""
    groups = {}
    for dirpath, _dirs, files in os.walk(root):
        if os.path.basename(dirpath) != "new" or "estimates.json" not in files:
            continue
        with open(os.path.join(dirpath, "benchmark.json"), encoding="utf-8") as f:
            bench = json.load(f)
        with open(os.path.join(dirpath, "estimates.json"), encoding="utf-8") as f:
            median_ns = json.load(f)["median"]["point_estimate"]
        nbytes = (bench.get("throughput") or {}).get("Bytes")
        if not nbytes or not median_ns:
            continue
        row = bench["full_id"][len(bench["group_id"]) + 1:]
        groups.setdefault(bench["group_id"], {})[row] = round(nbytes / median_ns * 1e3, 1)
    return {k: groups[k] for k in sorted(groups)}


def collect_rounds(paths):
    """As `collect`, from interleaved `.jsonl` results: the median MB/s over all rounds."""
    import statistics

    speeds = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                if not line.strip():
                    continue
                r = json.loads(line)
                direction, corpus = r["group"].split("/")
                op, size = direction.split("-", 1)
                nbytes = {"16MiB": 16 << 20, "1MiB": 1 << 20}.get(size) or int(size.rstrip("B"))
                row = r["row"]
                if row.startswith("pctenc-"):
                    _, kernel, shape = row.split("-", 2)
                    if shape not in ("append", "lenient"):
                        continue
                    row = f"pctenc/{kernel}"
                elif row not in ("memcpy", "percent-encoding"):
                    continue
                key = f"{op}/{corpus}/{nbytes}"
                speeds.setdefault(key, {}).setdefault(row, []).append(r["mbps"])
    return {
        k: {row: round(statistics.median(v), 1) for row, v in rows.items()}
        for k, rows in sorted(speeds.items())
    }


def render(data, title):
    """The SVG text for `data` as `collect` returns it."""
    panels = {}
    for group, rows in data.items():
        op, corpus, size = group.split("/")
        panels.setdefault((op, size), []).append((corpus, rows))
    order = sorted(panels, key=lambda k: (k[0] != "encode", int(k[1]) < 1000, k[0]))
    lo, hi = 50.0, 50000.0  # MB/s axis
    label_w, plot_w, bar_h, gap = 190, 560, 9, 10
    width = label_w + plot_w + 40

    def x(v):
        v = min(max(v, lo), hi)
        return label_w + plot_w * (math.log10(v) - math.log10(lo)) / (math.log10(hi) - math.log10(lo))

    out, y = [], 56
    for op, size in order:
        size_label = "16 MiB" if int(size) >= 1 << 20 else f"{size} B calls"
        out.append(f'<text x="10" y="{y}" class="h">{escape(op)}, {escape(size_label)}</text>')
        y += 14
        top = y
        for corpus, rows in panels[(op, size)]:
            present = [r for r in ROWS if r[0] in rows]
            out.append(
                f'<text x="{label_w - 8}" y="{y + len(present) * bar_h / 2 + 4:.1f}" '
                f'class="c" text-anchor="end">{escape(corpus)}</text>'
            )
            for key, _name, colour in present:
                v = rows[key]
                out.append(
                    f'<rect x="{label_w}" y="{y}" width="{x(v) - label_w:.1f}" height="{bar_h - 1}" '
                    f'fill="{colour}"><title>{escape(key)}: {v:.0f} MB/s</title></rect>'
                )
                out.append(f'<text x="{x(v) + 3:.1f}" y="{y + bar_h - 1.5}" class="v">{v:.0f}</text>')
                y += bar_h
            y += gap
        for tick in (100, 1000, 10000):
            tx = x(tick)
            out.append(f'<line x1="{tx:.1f}" y1="{top - 4}" x2="{tx:.1f}" y2="{y - gap}" class="g"/>')
            out.append(f'<text x="{tx:.1f}" y="{y + 2}" class="v" text-anchor="middle">{tick} MB/s</text>')
        y += 26
    legend = []
    lx = label_w
    for _key, name, colour in ROWS:
        legend.append(f'<rect x="{lx}" y="28" width="10" height="10" fill="{colour}"/>')
        legend.append(f'<text x="{lx + 14}" y="37" class="v">{escape(name)}</text>')
        lx += 18 + 6.2 * len(name)
    height = y + 10
    style = (
        "text{font-family:sans-serif;fill:#222}.h{font-size:13px;font-weight:bold}"
        ".c{font-size:11px}.v{font-size:9px}.g{stroke:#bbb;stroke-dasharray:2,3}"
    )
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}">',
            f"<style>{style}</style>",
            f'<rect width="{width}" height="{height}" fill="white"/>',
            f'<text x="10" y="18" class="h">{escape(title)}</text>',
            *legend,
            *out,
            "</svg>",
            "",
        ]
    )


def main(argv):
    if len(argv) >= 1 and argv[0] == "collect":
        paths = argv[1:] or ["target/criterion"]
        if all(p.endswith(".jsonl") for p in paths):
            data = collect_rounds(paths)
        else:
            data = collect(paths[0])
        root = " ".join(paths)
        if not data:
            sys.exit(f"chart.py: no criterion results under {root}")
        json.dump(data, sys.stdout, indent=1, sort_keys=True)
        sys.stdout.write("\n")
    elif len(argv) == 3 and argv[0] == "render":
        with open(argv[1], encoding="utf-8") as f:
            data = json.load(f)
        title = data.pop("_title", "pctenc throughput, MB/s of input (log scale; higher is better)")
        with open(argv[2], "w", encoding="utf-8") as f:
            f.write(render(data, title))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])

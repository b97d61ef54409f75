#!/usr/bin/env python3
"""Turn criterion results of the `throughput` bench into the markdown tables of BENCHMARKS.md.

Usage: table.py [--goals] [RESULTS ...]

Each RESULTS is either
- a criterion output directory (default: target/criterion) holding
  <group>/<row>/new/{benchmark.json,estimates.json}: one run, MB/s = input bytes / median
  time per iteration; or
- a `.jsonl` file written by the bench's interleaved mode (PCTENC_BENCH_INTERLEAVED=FILE):
  one line per (group, row, round) with its MB/s; every round counts as one run.
Ratios are taken against the `memcpy` and `percent-encoding` rows of the same group in the
same run (round), and the table shows the median over runs (MB/s min..max too). A ratio is
never computed across runs: on a shared machine only same-run ratios are stable.

--goals prints only the goal check: the scalar kernel's rows against percent-encoding at the
big size (goal: >= 5x on encode, >= 1.2x on decode).

--headline prints BENCHMARKS.md's headline table: the `pctenc-auto-*` rows (no kernel forced:
what a user gets) beside memcpy and percent-encoding, with issue 16's targets and whether each
is met. --kernels prints every kernel's ratio to percent-encoding per group, the evidence for
the dispatcher's choice.

Standard library only.
"""

import json
import os
import statistics
import sys

ANCHOR = "percent-encoding"
MEMCPY = "memcpy"
GOALS = {"encode": 5.0, "decode": 1.2}


def load_run(root):
    """{group_id: {function_id: MB/s}} for one criterion directory."""
    groups = {}
    for dirpath, _dirs, files in os.walk(root):
        if os.path.basename(dirpath) != "new" or "benchmark.json" not in files:
            continue
        with open(os.path.join(dirpath, "benchmark.json")) as f:
            bench = json.load(f)
        with open(os.path.join(dirpath, "estimates.json")) as f:
            est = json.load(f)
        nbytes = (bench.get("throughput") or {}).get("Bytes")
        if not nbytes:
            continue
        ns = est["median"]["point_estimate"]
        groups.setdefault(bench["group_id"], {})[bench["function_id"]] = nbytes / ns * 1e3
    return groups


def load_rounds(path):
    """[{group_id: {row: MB/s}}] for one interleaved results file, one dict per round."""
    rounds = {}
    with open(path) as f:
        for line in f:
            if line.strip():
                r = json.loads(line)
                rounds.setdefault((path, r["round"]), {}).setdefault(r["group"], {})[r["row"]] = r["mbps"]
    return list(rounds.values())


def group_key(gid):
    """Order: encode before decode, big before small, then the corpus order of the bench."""
    direction, _, corpus = gid.partition("/")
    verb, _, size = direction.partition("-")
    order = ["ascii-clean", "urls", "utf8-mixed", "binary", "slug",
             "enc-ascii-clean", "enc-urls", "enc-utf8-mixed", "enc-binary", "sparse", "malformed"]
    size_rank = 1 if size.endswith("B") and not size.endswith("iB") else 0
    return (verb != "encode", size_rank, size, order.index(corpus) if corpus in order else 99, corpus)


def row_key(name):
    """memcpy, the anchor, pctenc rows (in bench order), the other anchors."""
    if name == MEMCPY:
        return (0, name)
    if name == ANCHOR:
        return (1, name)
    if name.startswith("pctenc-"):
        return (2, name)
    return (3, name)


def summarize(runs):
    """{group: {row: (median MB/s, min, max, median vs memcpy, median vs anchor, n)}}."""
    out = {}
    for gid in sorted({g for run in runs for g in run}, key=group_key):
        rows = {}
        for name in sorted({r for run in runs for r in run.get(gid, {})}, key=row_key):
            speeds, vs_mem, vs_anchor = [], [], []
            for run in runs:
                g = run.get(gid, {})
                if name not in g:
                    continue
                speeds.append(g[name])
                if MEMCPY in g:
                    vs_mem.append(g[name] / g[MEMCPY])
                if ANCHOR in g:
                    vs_anchor.append(g[name] / g[ANCHOR])
            med = lambda xs: statistics.median(xs) if xs else float("nan")
            rows[name] = (med(speeds), min(speeds), max(speeds), med(vs_mem), med(vs_anchor), len(speeds))
        out[gid] = rows
    return out


def print_tables(summary, nruns):
    print(f"MB/s of input (MB = 10^6 B), median of {nruns} run(s) or round(s); ratios are "
          "medians of per-round ratios to rows of the same group and round.\n")
    for gid, rows in summary.items():
        print(f"#### {gid}\n")
        print("| impl | MB/s (median) | min..max | vs memcpy | vs percent-encoding |")
        print("|---|---:|---:|---:|---:|")
        for name, (speed, lo, hi, vm, va, _n) in rows.items():
            label = f"**{name}**" if name in (MEMCPY, ANCHOR) else name
            print(f"| {label} | {speed:.0f} | {lo:.0f}..{hi:.0f} | {vm:.3f} | {va:.2f}x |")
        print()


def print_goals(summary):
    print("| group | row | MB/s | vs percent-encoding | goal | met |")
    print("|---|---|---:|---:|---:|---|")
    for gid, rows in summary.items():
        verb, _, size = gid.partition("/")[0].partition("-")
        if size.endswith("B") and not size.endswith("iB"):
            continue
        for name, (speed, _lo, _hi, _vm, va, _n) in rows.items():
            if not name.startswith("pctenc-scalar-"):
                continue
            goal = GOALS[verb]
            print(f"| {gid} | {name} | {speed:.0f} | {va:.2f}x | {goal}x | {'yes' if va >= goal else 'NO'} |")


# Issue 16's targets: (direction, size, corpora) -> (what the ratio is taken against, minimum).
TARGETS = [
    ("encode", "16MiB", ["ascii-clean", "urls"], ANCHOR, 12.0),
    ("encode", "16MiB", ["utf8-mixed", "binary"], MEMCPY, 0.3),
    ("encode", "16MiB", ["slug"], MEMCPY, 0.8),
    ("decode", "16MiB", ["sparse"], MEMCPY, 0.8),
    ("decode", "16MiB", ["slug"], MEMCPY, 0.9),
    ("decode", "16MiB", ["enc-ascii-clean", "enc-urls", "enc-utf8-mixed", "enc-binary"], MEMCPY, 0.5),
    ("decode", "16MiB", ["malformed"], MEMCPY, 0.4),
    ("encode", "64B", ["ascii-clean", "urls", "utf8-mixed", "binary", "slug"], ANCHOR, 6.0),
    ("decode", "64B", ["slug", "enc-ascii-clean", "enc-urls", "enc-utf8-mixed", "enc-binary",
                       "sparse", "malformed"], ANCHOR, 5.0),
]


def print_headline(summary):
    print("| workload | pctenc MB/s | memcpy MB/s | percent-encoding MB/s | pctenc vs memcpy "
          "| pctenc vs percent-encoding | target | met |")
    print("|---|---:|---:|---:|---:|---:|---|---|")
    for verb, size, corpora, against, goal in TARGETS:
        for corpus in corpora:
            rows = summary.get(f"{verb}-{size}/{corpus}")
            if not rows:
                continue
            shape = "append" if verb == "encode" else "lenient"
            auto = rows.get(f"pctenc-auto-{shape}")
            if not auto:
                continue
            speed, _lo, _hi, vm, va, _n = auto
            got = va if against == ANCHOR else vm
            unit = "x percent-encoding" if against == ANCHOR else "x memcpy"
            size_label = "16 MiB" if size == "16MiB" else f"{size} calls"
            print(f"| {verb} {corpus}, {size_label} | {speed:.0f} | {rows[MEMCPY][0]:.0f} "
                  f"| {rows[ANCHOR][0]:.0f} | {vm:.2f} | {va:.1f}x | >= {goal:g}{unit} "
                  f"| {'yes' if got >= goal else '**no**'} |")


def print_kernels(summary):
    kernels = []
    for rows in summary.values():
        for name in rows:
            if name.startswith("pctenc-"):
                k = name.split("-")[1]
                if k not in kernels:
                    kernels.append(k)
    order = [k for k in ("scalar", "ssse3", "avx2", "avx512", "neon", "simd128") if k in kernels]
    order += [k for k in kernels if k not in order]
    print("| group | " + " | ".join(order) + " |")
    print("|---|" + "---:|" * len(order))
    for gid, rows in summary.items():
        shape = "append" if gid.startswith("encode") else "lenient"
        cells = []
        best = max((rows[f"pctenc-{k}-{shape}"][4] for k in order
                    if k != "auto" and f"pctenc-{k}-{shape}" in rows), default=None)
        for k in order:
            r = rows.get(f"pctenc-{k}-{shape}")
            if not r:
                cells.append("")
            elif k != "auto" and r[4] == best:
                cells.append(f"**{r[4]:.1f}x**")
            else:
                cells.append(f"{r[4]:.1f}x")
        print(f"| {gid} | " + " | ".join(cells) + " |")


def main(argv):
    goals = "--goals" in argv
    dirs = [a for a in argv if not a.startswith("--")] or ["target/criterion"]
    runs = []
    for d in dirs:
        runs.extend(load_rounds(d) if d.endswith(".jsonl") else [load_run(d)])
    runs = [r for r in runs if r]
    if not runs:
        sys.exit(f"no criterion results under {' '.join(dirs)}")
    summary = summarize(runs)
    if "--headline" in argv:
        print_headline(summary)
    elif "--kernels" in argv:
        print_kernels(summary)
    elif goals:
        print_goals(summary)
    else:
        print_tables(summary, len(runs))


if __name__ == "__main__":
    main(sys.argv[1:])

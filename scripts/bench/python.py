#!/usr/bin/env python3
"""Benchmarks of the Python package, all measured in one run (BENCHMARKS.md "## Python").

1. Per call: ``pctenc.urllib.quote`` / ``unquote`` / ``quote_plus`` / ``unquote_plus`` /
   ``parse_qsl`` against ``urllib.parse`` on strings of 20, 50, 100 and 200 bytes (timeit,
   the median of REPEAT runs, ns per call).
2. Columns: ``pctenc.arrow.decode(col, "py-quote")`` on the URL column of
   scripts/bench/gen_urls.py (10 million rows) against a Python loop over
   ``urllib.parse.unquote``, a pyarrow per-element map (to_pylist, unquote, pa.array) and a
   Polars ``map_elements(unquote)``. The three per-element baselines run on the first
   BASELINE_ROWS rows (default 1 million: at their speed 10 million rows would take minutes
   each); throughput is bytes of input values per second of wall time, single thread.
   Every result is checked equal to urllib.parse's before it is timed.

    python3 scripts/bench/python.py [--rows 10000000] [--baseline-rows 1000000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import time
import timeit
import urllib.parse

import polars as pl
import pyarrow as pa
import pyarrow.feather as feather

import pctenc
import pctenc.arrow
import pctenc.urllib

HERE = os.path.dirname(os.path.abspath(__file__))


def cpu() -> str:
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True, check=True).stdout
        for line in out.splitlines():
            if line.startswith("Model name:"):
                return line.split(":", 1)[1].strip()
    except (OSError, subprocess.CalledProcessError):
        pass
    return platform.processor() or "unknown"


def sample(n: int) -> dict[str, str]:
    """Strings of n bytes: plain path text with spaces, and text with UTF-8; their quoting."""
    base = "/search/caf\u00e9 menu?q=hello world&lang=en-US&page=2&x=\u20ac5 & more text/"
    plain = ("/path/to/some file name-" * 20)[:n]
    utf8 = base.encode()[:n].decode("utf-8", "ignore")
    while len(utf8.encode()) < n:
        utf8 += "a"
    return {
        "plain": plain,
        "clean": ("/path/to/some-file_name.txt~" * 10)[:n],
        "utf8": utf8,
        "plain_q": urllib.parse.quote(plain),
        "utf8_q": urllib.parse.quote(utf8),
    }


def per_call(repeat: int) -> list[tuple[str, int, float, float]]:
    rows = []
    for n in (20, 50, 100, 200):
        s = sample(n)
        cases = [
            ("quote", "quote", (s["utf8"],)),
            ("quote (ASCII, spaces)", "quote", (s["plain"],)),
            ("quote (nothing to escape)", "quote", (s["clean"],)),
            ("quote_plus", "quote_plus", (s["utf8"],)),
            ("unquote", "unquote", (s["utf8_q"],)),
            ("unquote (no %)", "unquote", (s["clean"],)),
            ("unquote_plus", "unquote_plus", (s["utf8_q"].replace("%20", "+"),)),
            ("parse_qsl", "parse_qsl", (urllib.parse.urlencode({"q": s["utf8"][: n // 2], "r": s["plain"][: n // 2]}),)),
        ]
        for label, name, args in cases:
            ours, theirs = getattr(pctenc.urllib, name), getattr(urllib.parse, name)
            assert ours(*args) == theirs(*args), (name, args)
            t = {}
            for who, fn in (("pctenc", ours), ("urllib", theirs)):
                timer = timeit.Timer(lambda: fn(*args))
                number, _ = timer.autorange()
                runs = timer.repeat(repeat=repeat, number=number)
                t[who] = statistics.median(runs) / number * 1e9
            rows.append((label, len(args[0].encode()), t["pctenc"], t["urllib"]))
    return rows


def column(path: str, rows: int) -> pa.Array:
    if not os.path.exists(path):
        subprocess.run([sys.executable, os.path.join(HERE, "gen_urls.py"), "--rows", str(rows), path], check=True)
    col = feather.read_table(path, memory_map=False).column("url").combine_chunks()
    if len(col) != rows:
        os.remove(path)
        return column(path, rows)
    return col


def median_time(fn, repeat: int) -> tuple[float, float]:
    """Median wall seconds and median CPU seconds of this process (all its threads), so that
    a busy machine shows as wall > CPU rather than as a slower program."""
    wall, cpu = [], []
    for _ in range(repeat):
        w, c = time.perf_counter(), time.process_time()
        fn()
        wall.append(time.perf_counter() - w)
        cpu.append(time.process_time() - c)
    return statistics.median(wall), statistics.median(cpu)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=10_000_000)
    ap.add_argument("--baseline-rows", type=int, default=1_000_000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--data", default=os.path.join(HERE, "..", "..", "target", "bench-data"))
    args = ap.parse_args()

    print(f"load average before the run: {os.getloadavg()}")
    print(f"CPU: {cpu()}; kernel {pctenc.KERNEL}; CPython {platform.python_version()}; "
          f"pyarrow {pa.__version__}; polars {pl.__version__}")
    print(f"\n## per call (median of {args.repeat}), ns\n")
    print("| function | bytes | pctenc.urllib | urllib.parse | speed-up |")
    print("|---|---:|---:|---:|---:|")
    for label, n, ours, theirs in per_call(args.repeat):
        print(f"| {label} | {n} | {ours:.0f} | {theirs:.0f} | {theirs / ours:.1f}x |")

    os.makedirs(args.data, exist_ok=True)
    col = column(os.path.join(args.data, f"urls-{args.rows}.arrow"), args.rows)
    nbytes = col.buffers()[2].size
    print(f"\n## pctenc.arrow.decode on {len(col)} URL rows ({nbytes / 1e6:.0f} MB of values, "
          f"mean {nbytes / len(col):.1f} B/row), median of {args.repeat}\n")
    base = col.slice(0, args.baseline_rows)
    base_bytes = sum(len(x) for x in base.to_pylist())
    base_list = base.to_pylist()
    want = [urllib.parse.unquote(x) for x in base_list]
    got = pctenc.arrow.decode(base, "py-quote")
    assert got.to_pylist() == want, "pctenc.arrow.decode differs from urllib.parse.unquote"
    unquote = urllib.parse.unquote
    series = pl.Series("url", base)

    results = []
    t = median_time(lambda: pctenc.arrow.decode(col, "py-quote"), args.repeat)
    results.append(("pctenc.arrow.decode (py-quote)", len(col), nbytes, t))
    t = median_time(lambda: pctenc.arrow.decode(col, "rfc3986", on_error="null"), args.repeat)
    results.append(("pctenc.arrow.decode (rfc3986, on_error=null)", len(col), nbytes, t))
    reps = max(1, args.repeat // 2)
    t = median_time(lambda: [unquote(x) for x in base_list], reps)
    results.append(("Python loop: [unquote(x) for x in list]", len(base), base_bytes, t))
    t = median_time(lambda: pa.array([unquote(x) for x in base.to_pylist()], pa.string()), reps)
    results.append(("pyarrow per element: pa.array(map(unquote, to_pylist()))", len(base), base_bytes, t))
    assert series.map_elements(unquote, return_dtype=pl.String).to_list() == want
    t = median_time(lambda: series.map_elements(unquote, return_dtype=pl.String), reps)
    results.append(("Polars: Series.map_elements(unquote)", len(base), base_bytes, t))
    ours_rate = results[0][2] / results[0][3][1]
    print("| what | rows | wall s | CPU s | MB/s of input (CPU) | MB/s (wall) | pctenc py-quote is (CPU) |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for label, n, b, (wall, cpu_s) in results:
        rate = b / cpu_s
        print(f"| {label} | {n} | {wall:.3f} | {cpu_s:.3f} | {rate / 1e6:.0f} | "
              f"{b / wall / 1e6:.0f} | {ours_rate / rate:.1f}x |")
    print(f"\nload average after the run: {os.getloadavg()}")


if __name__ == "__main__":
    main()

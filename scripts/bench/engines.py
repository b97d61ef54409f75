#!/usr/bin/env python3
"""Benchmarks of the data-engine adapters against each engine's own way, on one URL column.

    $VENV/bin/python scripts/bench/engines.py --rows 10000000 [--runs 3] [--only spark,duckdb,polars]

Cases, each in its own process (so that peak memory is the case's own):

- Spark local[2]: built-in `url_decode` / `url_encode` vs `pctenc.spark.url_decode` /
  `url_encode` (arrow_udf), on a cached DataFrame, written to Spark's `noop` sink so the whole
  column is computed and nothing else; also `mapInArrow` with the same kernel call, to show
  which Arrow UDF path is faster.
- Spark local[2] with the pctenc jar (`--only sparkjvm`, `PCTENC_JAR=...`): built-in
  `url_decode` / `url_encode` vs the JVM-native `pct_decode` / `pct_encode`, and the column
  selected as it is and through `substr(u, 1)` (Spark's own per-row cost).
- DuckDB (in process, its default threads): built-in `url_decode(u)` vs
  `pct_decode(u, 'duckdb')`, aggregated with `sum(length(...))` over an in-memory table.
- Polars: `map_elements(urllib.parse.unquote)` vs `.pct.decode(profile="py-quote")` (the
  profile that is `unquote` byte for byte).
- DuckDB native (`--only duckdb-native`): the loadable extension (crates/pctenc-duckdb, built
  by scripts/build/duckdb.sh with PCTENC_DUCKDB_FEATURES=bench-identity, path in
  $PCTENC_DUCKDB_EXTENSION) against the built-ins, every case on the same number of threads
  ($PCTENC_BENCH_DUCKDB_THREADS, default: the CPU count), consumed by `sum(strlen(...))` (a
  byte count, so that counting characters does not add to both sides); `pct_identity`
  returns its input through the extension's whole path, which is what DuckDB's C API and
  that path cost per row.

The column is the repository's URL generator's output (scripts/bench/gen_urls.py), written
once to target/bench/urls-<rows>.parquet. Each case prints one JSON line: seconds of every
run, the median, MB/s of input, and the peak resident memory of the whole process tree
(sampled from /proc every 50 ms: for Spark that is the driver JVM, the Python driver and its
Python workers together). The closing table says the ratio against the built-in, same run.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.join(ROOT, "target", "bench")
# Rows per Arrow batch between the JVM and the Python workers (Spark's default is 10,000).
SPARK_BATCH = int(os.environ.get("PCTENC_BENCH_SPARK_BATCH", "10000"))


# ---------------------------------------------------------------- memory


def _tree_rss_kib(root_pid):
    """Resident KiB of `root_pid` and all its descendants, from /proc."""
    children, rss = {}, {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                stat = f.read()
            fields = stat[stat.rindex(")") + 2 :].split()
            children.setdefault(int(fields[1]), []).append(int(d))
            rss[int(d)] = int(fields[21]) * os.sysconf("SC_PAGE_SIZE") // 1024
        except (OSError, ValueError, IndexError):
            continue
    total, todo = 0, [root_pid]
    while todo:
        p = todo.pop()
        total += rss.get(p, 0)
        todo.extend(children.get(p, []))
    return total


class PeakMemory:
    """Samples the process tree's resident memory in a thread; `.peak_mib` after `stop`."""

    def __init__(self):
        self.peak = 0
        self._stop = threading.Event()
        self._t = threading.Thread(target=self._run, daemon=True)

    def _run(self):
        while not self._stop.is_set():
            self.peak = max(self.peak, _tree_rss_kib(os.getpid()))
            self._stop.wait(0.05)

    def start(self):
        self._t.start()
        return self

    def stop(self):
        self._stop.set()
        self._t.join()
        self.peak = max(self.peak, _tree_rss_kib(os.getpid()))
        return self.peak / 1024


# ---------------------------------------------------------------- data


def parquet(rows):
    path = os.path.join(OUT, f"urls-{rows}.parquet")
    if os.path.exists(path):
        return path
    os.makedirs(OUT, exist_ok=True)
    sys.path.insert(0, HERE)
    import gen_urls  # the repository's URL generator (the Python package's benchmarks)
    import pyarrow as pa
    import pyarrow.parquet as pq

    col = gen_urls.generate(rows, 14)  # the seed the Python package's benchmarks use
    pq.write_table(pa.table({"u": col}), path + ".tmp", row_group_size=1 << 20)
    os.replace(path + ".tmp", path)
    return path


# ---------------------------------------------------------------- cases


def time_runs(fn, runs):
    mem = PeakMemory().start()
    secs = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        secs.append(time.perf_counter() - t)
    return secs, mem.stop()


def case_spark(name, path, runs):
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from pyspark.sql import SparkSession, functions as F
    import pctenc.spark as ps

    spark = (
        SparkSession.builder.master("local[2]")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.memory", "6g")
        .config("spark.sql.execution.arrow.maxRecordsPerBatch", str(SPARK_BATCH))
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    df = spark.read.parquet(path).cache()
    df.count()
    col = {
        "spark-builtin-decode": lambda: F.url_decode("u"),
        "spark-pctenc-decode": lambda: ps.url_decode("u"),
        "spark-builtin-encode": lambda: F.url_encode("u"),
        "spark-pctenc-encode": lambda: ps.url_encode("u"),
    }.get(name)
    if name == "spark-identity-arrow-udf":
        import pyarrow as pa

        def same(v):
            return v

        same.__annotations__ = {"v": pa.Array, "return": pa.Array}
        ident = F.arrow_udf(same, "string")
        col = lambda: ident("u")  # noqa: E731
    if col is not None:
        run = (
            lambda: df.select(col().alias("o")).write.format("noop").mode("overwrite").save()
        )  # noqa: E731
    else:  # spark-pctenc-decode-mapinarrow: the same column through ps.decode_columns

        def run():
            out = ps.decode_columns(df, "u")
            out.write.format("noop").mode("overwrite").save()

    run()  # warm: Python workers started, UDF shipped
    out = time_runs(run, runs)
    spark.stop()
    return out


def case_sparkjvm(name, path, runs):
    """The pctenc jar's JVM-native functions (no Python worker) beside the built-ins, in a
    session with the jar ($PCTENC_JAR, from scripts/build/jvm.sh): the same cached column
    into the noop sink. `spark-jvm-scan` selects the column as it is and `spark-jvm-substr`
    passes it through a cheap built-in (`substr(u, 1)` returns it whole): Spark's own
    per-row cost, without and with an expression."""
    from pyspark.sql import SparkSession

    jar = os.environ["PCTENC_JAR"]
    spark = (
        SparkSession.builder.master("local[2]")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.memory", "6g")
        .config("spark.jars", jar)
        .config("spark.sql.extensions", "org.pctenc.spark.PctencExtensions")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    df = spark.read.parquet(path).cache()
    df.count()
    expr = {
        "spark-jvm-builtin-decode": "url_decode(u)",
        "spark-jvm-pct-decode": "pct_decode(u)",
        "spark-jvm-builtin-encode": "url_encode(u)",
        "spark-jvm-pct-encode": "pct_encode(u)",
        "spark-jvm-scan": "u",
        "spark-jvm-substr": "substr(u, 1)",
    }[name]
    run = lambda: df.selectExpr(f"{expr} AS o").write.format("noop").mode("overwrite").save()  # noqa: E731
    run()  # warm: classes loaded, native library loaded, code generated and JIT-compiled
    out = time_runs(run, runs)
    spark.stop()
    return out


def case_kernel(name, path, runs):
    """pctenc.arrow alone on the same column, one thread, no engine: what the kernels cost."""
    import pyarrow.parquet as pq
    from pctenc import arrow

    col = pq.read_table(path)["u"].combine_chunks()
    profile = {"kernel-decode-spark": "spark", "kernel-decode-duckdb": "duckdb"}[name]
    return time_runs(lambda: arrow.decode(col, profile=profile), runs)


def case_duckdb(name, path, runs):
    import duckdb
    import pctenc.duckdb

    con = duckdb.connect()
    pctenc.duckdb.register(con)
    con.execute(f"CREATE TABLE t AS SELECT u FROM read_parquet('{path}')")
    if name == "duckdb-identity-arrow-udf":  # the Arrow UDF round trip alone
        from duckdb.func import ARROW
        from duckdb.sqltypes import VARCHAR

        con.create_function("ident", lambda v: v, [VARCHAR], VARCHAR, type=ARROW)
    expr = {
        "duckdb-builtin-decode": "url_decode(u)",
        "duckdb-pctenc-decode": "pct_decode(u, 'duckdb')",
        "duckdb-builtin-encode": "url_encode(u)",
        "duckdb-pctenc-encode": "pct_encode(u, 'duckdb')",
        "duckdb-identity-arrow-udf": "ident(u)",
    }[name]
    q = f"SELECT sum(length({expr})) FROM t"
    con.execute(q).fetchone()
    return time_runs(lambda: con.execute(q).fetchone(), runs)


def case_duckdb_native(name, path, runs):
    import duckdb

    ext = os.environ.get("PCTENC_DUCKDB_EXTENSION")
    if not ext or not os.path.isfile(ext):
        raise SystemExit("set PCTENC_DUCKDB_EXTENSION to a bench-identity build (see above)")
    threads = int(os.environ.get("PCTENC_BENCH_DUCKDB_THREADS", os.cpu_count()))
    con = duckdb.connect(config={"allow_unsigned_extensions": "true", "threads": threads})
    con.execute(f"LOAD '{ext}'")
    con.execute(f"CREATE TABLE t AS SELECT u FROM read_parquet('{path}')")
    expr = {
        "duckdb-native-builtin-decode": "url_decode(u)",
        "duckdb-native-decode": "pct_decode(u)",
        "duckdb-native-builtin-encode": "url_encode(u)",
        "duckdb-native-encode": "pct_encode(u)",
        "duckdb-native-identity": "pct_identity(u)",
        "duckdb-native-scan": "u",
    }[name]
    q = f"SELECT sum(strlen({expr})) FROM t"
    con.execute(q).fetchone()
    return time_runs(lambda: con.execute(q).fetchone(), runs)


def case_polars(name, path, runs):
    import urllib.parse

    import polars as pl
    import pctenc.polars  # noqa: F401

    df = pl.read_parquet(path)
    if name == "polars-map_elements-unquote":
        e = pl.col("u").map_elements(urllib.parse.unquote, return_dtype=pl.String)
    else:
        e = pl.col("u").pct.decode(profile="py-quote")
    return time_runs(lambda: df.select(e), runs)


CASES = {
    "spark": [
        "spark-builtin-decode",
        "spark-pctenc-decode",
        "spark-pctenc-decode-mapinarrow",
        "spark-identity-arrow-udf",
        "spark-builtin-encode",
        "spark-pctenc-encode",
    ],
    "sparkjvm": [
        "spark-jvm-scan",
        "spark-jvm-substr",
        "spark-jvm-builtin-decode",
        "spark-jvm-pct-decode",
        "spark-jvm-builtin-encode",
        "spark-jvm-pct-encode",
    ],
    "kernel": ["kernel-decode-spark", "kernel-decode-duckdb"],
    "duckdb": [
        "duckdb-builtin-decode",
        "duckdb-pctenc-decode",
        "duckdb-identity-arrow-udf",
        "duckdb-builtin-encode",
        "duckdb-pctenc-encode",
    ],
    "polars": ["polars-map_elements-unquote", "polars-pctenc-decode"],
    "duckdb-native": [
        "duckdb-native-scan",
        "duckdb-native-identity",
        "duckdb-native-builtin-decode",
        "duckdb-native-decode",
        "duckdb-native-builtin-encode",
        "duckdb-native-encode",
    ],
}
PEER = {
    "spark-jvm-pct-decode": "spark-jvm-builtin-decode",
    "spark-jvm-pct-encode": "spark-jvm-builtin-encode",
    "spark-pctenc-decode": "spark-builtin-decode",
    "spark-pctenc-decode-mapinarrow": "spark-builtin-decode",
    "spark-identity-arrow-udf": "spark-builtin-decode",
    "spark-pctenc-encode": "spark-builtin-encode",
    "duckdb-pctenc-decode": "duckdb-builtin-decode",
    "duckdb-pctenc-encode": "duckdb-builtin-encode",
    "duckdb-identity-arrow-udf": "duckdb-builtin-decode",
    "polars-pctenc-decode": "polars-map_elements-unquote",
    "duckdb-native-decode": "duckdb-native-builtin-decode",
    "duckdb-native-encode": "duckdb-native-builtin-encode",
}


def one(name, rows, runs):
    path = parquet(rows)
    if name.startswith("duckdb-native"):
        engine = "duckdb-native"
    elif name.startswith("spark-jvm-"):
        engine = "sparkjvm"
    else:
        engine = name.split("-")[0]
    cases = {
        "duckdb-native": case_duckdb_native,
        "sparkjvm": case_sparkjvm,
        "spark": case_spark,
        "duckdb": case_duckdb,
        "polars": case_polars,
        "kernel": case_kernel,
    }
    secs, peak = cases[engine](name, path, runs)
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    nbytes = pc.sum(pc.binary_length(pq.read_table(path)["u"])).as_py()
    med = statistics.median(secs)
    print(
        json.dumps(
            {
                "case": name,
                "rows": rows,
                "runs": [round(s, 3) for s in secs],
                "median_s": round(med, 3),
                "input_mb_s": round(nbytes / med / 1e6, 1),
                "peak_rss_mib": round(peak),
            }
        ),
        flush=True,
    )


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=10_000_000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--only", default="kernel,spark,duckdb,polars")
    ap.add_argument("--case", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.case:
        return one(a.case, a.rows, a.runs)
    parquet(a.rows)
    results = {}
    for engine in a.only.split(","):
        for case in CASES[engine]:
            p = subprocess.run(
                [
                    sys.executable,
                    __file__,
                    "--case",
                    case,
                    "--rows",
                    str(a.rows),
                    "--runs",
                    str(a.runs),
                ],
                capture_output=True,
                text=True,
            )
            line = [l for l in p.stdout.splitlines() if l.startswith("{")]
            if p.returncode or not line:
                print(f"{case}: FAILED\n{p.stderr[-2000:]}", file=sys.stderr)
                continue
            print(line[-1], flush=True)
            results[case] = json.loads(line[-1])
    print(f"\n| case | rows | median s | input MB/s | vs built-in | peak RSS MiB |")
    print("|---|---:|---:|---:|---:|---:|")
    for case, r in results.items():
        peer = results.get(PEER.get(case, ""))
        ratio = f"{peer['median_s'] / r['median_s']:.2f}x" if peer else ""
        cells = [case, f"{r['rows']:,}", r["median_s"], r["input_mb_s"], ratio, r["peak_rss_mib"]]
        print("| " + " | ".join(str(c) for c in cells) + " |")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Picking one query parameter out of a URL column: pctenc against each engine's own way.

    $VENV/bin/python scripts/bench/query.py --rows 10000000 [--runs 3] [--only kernel,spark,duckdb,polars]

The column and the harness are scripts/bench/engines.py's (the URL generator's 10 M rows,
seed 14, Parquet, each case in its own process, peak RSS of the process tree): every row is
`https://HOST/SEG/SEG?K=V&K=V`, two pairs drawn from ten keys, so the key picked (`q`) is in
about one row in five, its value escaped in most of them. Cases:

- kernel: `pctenc.arrow.query_param(col, "q", "spark", input="url")` alone, one thread; and
  `parse_query` of the whole column.
- Spark local[2]: `url_decode(parse_url(u, 'QUERY', 'q'))` vs `pctenc.spark.query_param(u,
  "q", profile="spark", input="url")` (arrow_udf), into the `noop` sink over a cached frame;
  and, when `PCTENC_JAR` names the pctenc jar (`bash scripts/build/jvm.sh` prints its path),
  `spark-jvm-pick`: the jar's native `pct_query_param(u, 'q', 'spark', 'url')` in a session
  with the jar (no Python worker), against the same built-in peer.
- DuckDB: `url_decode(regexp_extract(u, '[?&]q=([^&#]*)', 1))` (DuckDB 2.0 has no URL
  parser) vs the extension's native `pct_query_param(u, 'q', 'duckdb', 'input=url')` when
  it is built (scripts/build/duckdb.sh; found as `pctenc.duckdb.register` finds it:
  $PCTENC_DUCKDB_EXTENSION, or beside the installed module), else the Arrow-UDF macro
  `pct_query_param(u, 'q', profile := 'duckdb', input := 'url')`; as
  `SELECT sum(length(...)) FROM t`, both on $PCTENC_BENCH_DUCKDB_THREADS threads (default:
  the CPU count). The result line says which (`"via"`).
- Polars: `map_elements(lambda u: parse_qs(urlsplit(u).query, keep_blank_values=True).get("q",
  [None])[0])` vs
  `.pct.query_param("q", input="url")`.

Before timing, each pctenc case checks its first 200,000 results against its peer's (the
DuckDB regex gives '' where the key is absent, pctenc NULL: compared as such).
"""

import argparse
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from engines import SPARK_BATCH, parquet, time_runs  # noqa: E402

KEY = "q"
CHECK_ROWS = 200_000


def case_kernel(name, path, runs):
    import pyarrow.parquet as pq
    from pctenc import arrow

    col = pq.read_table(path)["u"].combine_chunks()
    if name == "kernel-parse":
        return time_runs(lambda: arrow.parse_query(col, input="url"), runs)
    return time_runs(lambda: arrow.query_param(col, KEY, "spark", input="url"), runs)


def case_spark(name, path, runs):
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from pyspark.sql import SparkSession, functions as F
    import pctenc.spark as ps

    b = (
        SparkSession.builder.master("local[2]")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.memory", "6g")
        .config("spark.sql.execution.arrow.maxRecordsPerBatch", str(SPARK_BATCH))
    )
    if name == "spark-jvm-pick":
        b = b.config("spark.jars", os.environ["PCTENC_JAR"]).config("spark.sql.extensions", ps.EXTENSION)
    spark = b.getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    df = spark.read.parquet(path).cache()
    df.count()
    builtin = F.expr(f"url_decode(parse_url(u, 'QUERY', '{KEY}'))")
    if name == "spark-jvm-pick":
        ours = F.expr(f"pct_query_param(u, '{KEY}', 'spark', 'url')")
        plan = df.select(ours)._jdf.queryExecution().executedPlan().toString()
        assert "SparkQueries" in plan and "ArrowEvalPython" not in plan, plan
    else:
        ours = ps.query_param("u", KEY, profile="spark", input="url")
    col = builtin if name == "spark-builtin-pick" else ours
    if name != "spark-builtin-pick":
        sample = df.limit(CHECK_ROWS).select(builtin.alias("a"), ours.alias("b"))
        assert sample.where(~F.col("a").eqNullSafe(F.col("b"))).count() == 0, "results differ"
    run = lambda: df.select(col.alias("o")).write.format("noop").mode("overwrite").save()  # noqa: E731
    run()  # warm: Python workers started, UDF shipped
    out = time_runs(run, runs)
    spark.stop()
    return out


def case_duckdb(name, path, runs):
    import duckdb
    import pctenc.duckdb

    native = pctenc.duckdb.extension_path() is not None
    threads = int(os.environ.get("PCTENC_BENCH_DUCKDB_THREADS", os.cpu_count()))
    config = {"threads": threads}
    if native:
        config["allow_unsigned_extensions"] = "true"
    con = duckdb.connect(config=config)
    pctenc.duckdb.register(con, native=native)
    if name == "duckdb-pctenc-pick":
        VIA["duckdb"] = "native" if native else "arrow-udf"
    con.execute(f"CREATE TABLE t AS SELECT u FROM read_parquet('{path}')")
    builtin = f"url_decode(regexp_extract(u, '[?&]{KEY}=([^&#]*)', 1))"
    if native:
        ours = f"pct_query_param(u, '{KEY}', 'duckdb', 'input=url')"
    else:
        ours = f"pct_query_param(u, '{KEY}', profile := 'duckdb', input := 'url')"
    if name == "duckdb-pctenc-pick":
        differ = con.execute(
            f"SELECT count(*) FROM (SELECT {builtin} AS a, {ours} AS b FROM t LIMIT {CHECK_ROWS}) "
            "WHERE a IS DISTINCT FROM coalesce(b, '')"
        ).fetchone()[0]
        assert differ == 0, f"{differ} results differ"
    q = f"SELECT sum(length({builtin if name == 'duckdb-builtin-pick' else ours})) FROM t"
    con.execute(q).fetchone()
    return time_runs(lambda: con.execute(q).fetchone(), runs)


def _parse_qs_first(u):
    import urllib.parse

    query = urllib.parse.urlsplit(u).query
    return urllib.parse.parse_qs(query, keep_blank_values=True).get(KEY, [None])[0]


def case_polars(name, path, runs):
    import polars as pl
    import pctenc.polars  # noqa: F401

    df = pl.read_parquet(path)
    builtin = pl.col("u").map_elements(_parse_qs_first, return_dtype=pl.String)
    ours = pl.col("u").pct.query_param(KEY, input="url")
    if name == "polars-pctenc-pick":
        head = df.head(CHECK_ROWS)
        a, b = head.select(builtin)["u"], head.select(ours)["u"]
        assert a.equals(b), "results differ"
    e = builtin if name == "polars-map_elements-parse_qs" else ours
    return time_runs(lambda: df.select(e), runs)


CASES = {
    "kernel": ["kernel-pick", "kernel-parse"],
    "spark": ["spark-builtin-pick", "spark-pctenc-pick"]
    + (["spark-jvm-pick"] if os.environ.get("PCTENC_JAR") else []),
    "duckdb": ["duckdb-builtin-pick", "duckdb-pctenc-pick"],
    "polars": ["polars-map_elements-parse_qs", "polars-pctenc-pick"],
}
PEER = {
    "spark-pctenc-pick": "spark-builtin-pick",
    "spark-jvm-pick": "spark-builtin-pick",
    "duckdb-pctenc-pick": "duckdb-builtin-pick",
    "polars-pctenc-pick": "polars-map_elements-parse_qs",
}


# How an engine's pctenc case ran, when it has more than one way (printed with the result).
VIA = {}


def one(name, rows, runs):
    path = parquet(rows)
    cases = {"spark": case_spark, "duckdb": case_duckdb, "polars": case_polars,
             "kernel": case_kernel}
    secs, peak = cases[name.split("-")[0]](name, path, runs)
    via = {"via": VIA[name.split("-")[0]]} if name.split("-")[0] in VIA else {}
    print(json.dumps({"case": name, "rows": rows, "runs": [round(s, 3) for s in secs],
                      "median_s": round(statistics.median(secs), 3),
                      "peak_rss_mib": round(peak)} | via), flush=True)


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
            p = subprocess.run([sys.executable, __file__, "--case", case, "--rows", str(a.rows),
                                "--runs", str(a.runs)], capture_output=True, text=True)
            line = [l for l in p.stdout.splitlines() if l.startswith("{")]
            if p.returncode or not line:
                print(f"{case}: FAILED\n{p.stderr[-2000:]}", file=sys.stderr)
                continue
            print(line[-1], flush=True)
            results[case] = json.loads(line[-1])
    print("\n| case | rows | median s | vs the engine's own way | peak RSS MiB |")
    print("|---|---:|---:|---:|---:|")
    for case, r in results.items():
        peer = results.get(PEER.get(case, ""))
        ratio = f"{peer['median_s'] / r['median_s']:.2f}x" if peer else ""
        print(f"| {case} | {r['rows']:,} | {r['median_s']} | {ratio} | {r['peak_rss_mib']} |")


if __name__ == "__main__":
    main()

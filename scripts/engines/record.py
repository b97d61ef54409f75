#!/usr/bin/env python3
"""Records what the data engines' percent-coding built-ins really do, by running them:
Spark `url_encode` / `url_decode` / `try_url_decode` (pyspark local[1], Java 17) and DuckDB
`url_encode` / `url_decode`, on the probes and seeded random strings of inputs.py, plus Spark
strings that are not UTF-8 (`CAST(binary AS STRING)`).

Writes crates/pctenc/tests/data/engines.json, which crates/pctenc/tests/engines.rs replays
against the `spark` and `duckdb` profiles. Rerun after an engine upgrade:

    PYSPARK_PYTHON=$VENV/bin/python $VENV/bin/python scripts/engines/record.py

Each record is `[input, output]`; output is a string, null (SQL NULL), or
{"error": "<the engine's error class or message>"}. Spark's `url_decode` is run row by row for
every input that `try_url_decode` maps to NULL, so each recorded error is an observed one.
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import inputs  # noqa: E402

OUT = os.path.join(ROOT, "crates", "pctenc", "tests", "data", "engines.json")
SEED = 20261125
N = 400


def record_duckdb(values):
    import duckdb

    con = duckdb.connect()
    res = {"url_encode": [], "url_decode": []}
    for v in values:
        for fn in res:
            try:
                out = con.execute(f"SELECT {fn}(?::VARCHAR)", [v]).fetchone()[0]
            except duckdb.Error as e:
                msg = str(e)
                out = {"error": "invalid UTF8" if "invalid UTF8" in msg else msg}
            res[fn].append([v, out])
    return duckdb.__version__, res


def record_spark(values, raw):
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from pyspark.sql import SparkSession
    from pyspark.errors import PySparkException
    import pyspark

    spark = (
        SparkSession.builder.master("local[1]").config("spark.ui.enabled", "false").getOrCreate()
    )
    spark.sparkContext.setLogLevel("OFF")
    df = spark.createDataFrame([(i, v) for i, v in enumerate(values)], "i int, s string")
    rows = sorted(df.selectExpr("i", "url_encode(s) e", "try_url_decode(s) t").collect())
    res = {"url_encode": [], "url_decode": [], "try_url_decode": []}
    for (i, e, t), v in zip(rows, values):
        res["url_encode"].append([v, e])
        res["try_url_decode"].append([v, t])
        if t is not None or v is None:
            res["url_decode"].append([v, t])
            continue
        try:
            out = spark.createDataFrame([(v,)], "s string").selectExpr("url_decode(s)").first()[0]
        except PySparkException as ex:
            out = {"error": ex.getCondition() or str(ex)}
        res["url_decode"].append([v, out])
    # Strings that are not UTF-8: Spark reads them as a Java String first.
    hexes = [b.hex() for b in raw]
    bdf = spark.createDataFrame([(i, h) for i, h in enumerate(hexes)], "i int, h string")
    rows = sorted(
        bdf.selectExpr(
            "i",
            "hex(CAST(url_encode(CAST(unhex(h) AS STRING)) AS BINARY))",
            "hex(CAST(try_url_decode(CAST(unhex(h) AS STRING)) AS BINARY))",
        ).collect()
    )
    nonutf8 = {"url_encode": [], "try_url_decode": []}
    for (i, e, t), h in zip(rows, hexes):
        nonutf8["url_encode"].append([h, e and bytes.fromhex(e).decode()])
        nonutf8["try_url_decode"].append([h, t and bytes.fromhex(t).decode()])
    java = spark.sparkContext._jvm.java.lang.System.getProperty("java.version")
    spark.stop()
    return pyspark.__version__, java, res, nonutf8


def dumps(doc):
    """JSON with one record per line, so that a re-recording diffs line by line."""

    def fmt(v, depth):
        if isinstance(v, dict) and depth < 2:
            pad = "  " * (depth + 1)
            items = ",\n".join(f"{pad}{json.dumps(k)}: {fmt(x, depth + 1)}" for k, x in v.items())
            return "{\n" + items + "\n" + "  " * depth + "}"
        if isinstance(v, list) and v and isinstance(v[0], list):
            pad = "  " * (depth + 1)
            rows = ",\n".join(pad + json.dumps(x) for x in v)
            return "[\n" + rows + "\n" + "  " * depth + "]"
        return json.dumps(v)

    return fmt(doc, 0)


def main():
    values = list(inputs.PROBES) + inputs.random_strings(SEED, N) + [None]
    raw = inputs.random_bytes(SEED, 60) + [b"\xc3%A9", b"\xed\xa0\x80", b"a\xffb", b"%C3\xa9"]
    duck_version, duck = record_duckdb(values)
    spark_version, java, spark, nonutf8 = record_spark(values, raw)
    doc = {
        "generator": "scripts/engines/record.py",
        "seed": SEED,
        "engines": {
            "spark": f"pyspark {spark_version}, Java {java}",
            "duckdb": f"duckdb {duck_version}",
        },
        "spark": spark,
        "spark_not_utf8_hex_input": nonutf8,
        "duckdb": duck,
    }
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(dumps(doc) + "\n")
    print(f"wrote {OUT}: {len(values)} inputs, {len(raw)} non-UTF-8 Spark strings")


if __name__ == "__main__":
    main()

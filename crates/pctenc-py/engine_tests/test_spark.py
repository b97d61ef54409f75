"""pctenc.spark against Spark's own url_encode / url_decode / try_url_decode, in one Spark
session for the whole module (local[2] by default; PCTENC_SPARK_MASTER picks another master,
e.g. local-cluster[2,1,1024] for separate executor processes)."""

import re
import os
import sys

import pytest

import pctenc
import pctenc.spark as ps

from pyspark.errors import PySparkException  # noqa: E402
from pyspark.sql import SparkSession, functions as F  # noqa: E402

MASTER = os.environ.get("PCTENC_SPARK_MASTER", "local[2]")


def session(master):
    """A Spark session on `master` whose Python workers run this interpreter (the one with
    pctenc installed), with the SQL functions registered."""
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    s = (
        SparkSession.builder.master(master)
        .appName("pctenc-engines")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.python.worker.reuse", "true")
        # A failing task fails the job at once (local-cluster would retry it 4 times).
        .config("spark.task.maxFailures", "1")
        .getOrCreate()
    )
    s.sparkContext.setLogLevel("OFF")
    ps.register(s)
    return s


@pytest.fixture(scope="module")
def spark():
    s = session(MASTER)
    yield s
    s.stop()


@pytest.fixture(scope="module")
def df(spark, values):
    rows = [(i, v) for i, v in enumerate(values)] + [(len(values), None)]
    d = spark.createDataFrame(rows, "i int, s string").cache()
    d.createOrReplaceTempView("t")
    return d


def test_url_encode_matches_builtin(df):
    out = df.select("s", F.url_encode("s").alias("a"), ps.url_encode("s").alias("b"))
    assert out.where(~F.col("a").eqNullSafe(F.col("b"))).limit(5).collect() == []
    assert out.count() == df.count()


def test_try_url_decode_matches_builtin(df):
    out = df.select("s", F.try_url_decode("s").alias("a"), ps.try_url_decode("s").alias("b"))
    bad = out.where(~F.col("a").eqNullSafe(F.col("b"))).limit(5).collect()
    assert bad == []
    nulls = out.where(F.col("a").isNull() & F.col("s").isNotNull()).count()
    assert nulls > 100, "the inputs must include malformed escapes"


def test_url_decode_matches_builtin_where_it_succeeds(df):
    ok = df.where(F.try_url_decode("s").isNotNull() | F.col("s").isNull())
    out = ok.select(F.url_decode("s").alias("a"), ps.url_decode("s").alias("b"))
    assert out.where(~F.col("a").eqNullSafe(F.col("b"))).limit(5).collect() == []


def test_raise_fails_the_job_like_the_builtin_with_offset_and_profile(spark):
    bad = spark.createDataFrame([("fine",), ("x=%zz",)], "s string")
    with pytest.raises(PySparkException) as builtin:
        bad.select(F.url_decode("s")).collect()
    assert "CANNOT_DECODE_URL" in str(builtin.value)
    with pytest.raises(PySparkException) as ours:
        bad.select(ps.url_decode("s")).collect()
    msg = str(ours.value)
    assert "pctenc.spark.url_decode" in msg and re.search(r"profile[ =]'?spark", msg), msg
    assert "byte 2" in msg and "%zz" in msg, msg
    # The row in the Arrow batch Spark passed, and the batch's size (docs/engines.md).
    got = pctenc.PctencError(msg)
    batch = int(re.search(r"in a batch of (\d+) rows?", msg).group(1))
    assert got.row < batch and (got.offset, got.code) == (2, "invalid-escape"), msg


def test_plus_bad_escape_and_bad_utf8_as_spark(spark):
    row = spark.sql(
        "SELECT url_decode('a+b%2B%C3') a, pct_decode('a+b%2B%C3', 'spark') b,"
        " try_url_decode('%-1') c, pct_try_decode('%-1', 'spark') d,"
        " url_decode('%+1') e, pct_decode('%+1') f"
    ).first()
    assert row.a == row.b == "a b+\ufffd"
    assert row.c is None and row.d is None
    assert row.e == row.f == "\x01"


def test_strings_that_are_not_utf8_read_as_java_strings(spark, raw_values):
    rows = [(i, b.hex()) for i, b in enumerate(raw_values)]
    d = spark.createDataFrame(rows, "i int, h string").selectExpr("i", "CAST(unhex(h) AS STRING) s")
    out = d.select(
        F.url_encode("s").alias("a"),
        ps.url_encode("s").alias("b"),
        F.try_url_decode("s").alias("c"),
        ps.try_url_decode("s").alias("d"),
    )
    assert out.where(~F.col("a").eqNullSafe(F.col("b"))).limit(5).collect() == []
    assert out.where(~F.col("c").eqNullSafe(F.col("d"))).limit(5).collect() == []


def test_sql_functions(spark, df):
    got = spark.sql(
        "SELECT count(*) n,"
        " sum(CASE WHEN pct_encode(s, 'spark') <=> url_encode(s) THEN 1 ELSE 0 END) enc,"
        " sum(CASE WHEN pct_try_decode(s, 'spark') <=> try_url_decode(s) THEN 1 ELSE 0 END) dec"
        " FROM t"
    ).first()
    assert got.n == got.enc == got.dec


def test_other_profiles_match_the_scalar_api(spark, df, values):
    for profile in ("form", "duckdb", "rfc3986"):
        got = [
            r[0] for r in df.orderBy("i").select(ps.try_url_decode("s", profile=profile)).collect()
        ]
        want = []
        for s in values + [None]:
            try:
                want.append(None if s is None else pctenc.decode(s, profile))
            except pctenc.PctencError:
                want.append(None)
        assert got == want, profile
        enc = [r[0] for r in df.orderBy("i").select(ps.url_encode("s", profile=profile)).collect()]
        assert enc == [None if s is None else pctenc.encode(s, profile) for s in values + [None]]


def test_sql_options_text_per_operation(spark):
    """The options text is the operation's: encode's `hex` (once read as decode's options and
    refused), decode's `utf8=bytes` (a STRING holding the bytes, as the jar's functions give),
    and try-decode's refusal of `on_error` (once a silent override)."""
    row = spark.sql(
        "SELECT pct_encode('a b/', 'profile=form, hex=lower') a,"
        " CAST(pct_decode('%FFa', 'profile=rfc3986, utf8=bytes') AS BINARY) b"
    ).first()
    assert (row.a, bytes(row.b)) == ("a+b%2f", b"\xffa")
    with pytest.raises(ValueError, match="try-decode has no option on_error"):
        ps.try_url_decode("s", on_error="raise")


def test_conformance_table(spark):
    """The conformance table through the SQL functions (spark_conformance.py)."""
    import spark_conformance

    assert spark_conformance.run_adapter(spark) > 5_000


def test_profile_per_row_in_sql(spark):
    rows = spark.sql(
        "SELECT pct_decode(s, p) d FROM VALUES (1, 'a+b', 'form'), (2, 'a+b', 'duckdb'),"
        " (3, 'a+b', NULL) AS v(i, s, p) ORDER BY i"
    ).collect()
    assert [r.d for r in rows] == ["a b", "a+b", None]


def test_nulls_empty_strings_and_empty_frames(spark):
    d = spark.createDataFrame([(None,), ("",)], "s string")
    assert [tuple(r) for r in d.select(ps.url_encode("s"), ps.url_decode("s")).collect()] == [
        (None, None),
        ("", ""),
    ]
    empty = spark.createDataFrame([], "s string")
    assert empty.select(ps.url_decode("s"), ps.url_encode("s")).collect() == []


def test_wrong_column_type_is_a_clear_error(spark):
    with pytest.raises(PySparkException) as e:
        spark.range(3).select(ps.url_encode("id")).collect()
    assert re.search(r"TypeError: .*\b[Ii]nt64\b", str(e.value)), str(e.value)[-800:]
    assert "cast('string')" in str(e.value), str(e.value)[-800:]


def test_unknown_profile_or_option_fails_on_the_driver():
    with pytest.raises(ValueError, match="unknown profile"):
        ps.url_decode("s", profile="sprak")
    with pytest.raises(ValueError, match="unknown on_error"):
        ps.url_decode("s", on_error="skip")
    with pytest.raises(TypeError, match="col must be"):
        ps.url_encode(5)


def test_one_million_rows(spark):
    n = 1_000_000
    d = spark.range(n).selectExpr(
        "concat('https://example.com/p%20', id % 977, '/q?x=', id, '&y=a+b%C3%A9%2F', id % 13) s"
    )
    got = d.select(
        F.count("*").alias("n"),
        F.sum(F.when(F.url_decode("s") == ps.url_decode("s"), 1).otherwise(0)).alias("dec"),
        F.sum(F.when(F.url_encode("s") == ps.url_encode("s"), 1).otherwise(0)).alias("enc"),
    ).first()
    assert (got.n, got.dec, got.enc) == (n, n, n)


def test_legacy_charset(spark):
    d = spark.createDataFrame([("%C4%E3%BA%C3",), (None,)], "s string")
    got = [r[0] for r in d.select(ps.url_decode("s", profile="rfc3986", charset="gbk")).collect()]
    assert got == ["你好", None]


def test_decode_and_encode_columns_with_map_in_arrow(spark, df):
    out = ps.decode_columns(df.select("i", "s", F.col("s").alias("t")), ["s", "t"], on_error="null")
    assert out.columns == ["i", "s", "t"]
    want = df.select("i", F.try_url_decode("s").alias("w"))
    w = F.col("w")
    bad = out.join(want, "i").where(~F.col("s").eqNullSafe(w) | ~F.col("t").eqNullSafe(w))
    assert bad.limit(5).collect() == []
    enc = ps.encode_columns(df, "s").join(df.select("i", F.url_encode("s").alias("w")), "i")
    assert enc.where(~F.col("s").eqNullSafe(F.col("w"))).limit(5).collect() == []
    assert enc.count() == df.count()
    with pytest.raises(ValueError, match="no column 'nope'"):
        ps.decode_columns(df, "nope")

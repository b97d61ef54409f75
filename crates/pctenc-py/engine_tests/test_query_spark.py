"""Query strings as data in Spark (issue 23): `pctenc.spark.parse_query` / `query_param` /
`build_query` and the SQL functions `pct_parse_query`, `pct_query_param`,
`pct_build_query`..., against Spark's own `url_decode(parse_url(u, 'QUERY', k))` on every
value where Spark's is defined (its `try_` forms are not NULL), with the `spark` profile (Spark's
`url_decode`, Java's URLDecoder).

Differences, each asserted (`test_listed_differences_with_parse_url`): a malformed escape
anywhere in the URL makes `parse_url` reject the whole URL (pctenc reads the other keys); so
does a character `java.net.URI` refuses (a space); `parse_url` compares keys as written
(`%71=1` is not `q`), pctenc decoded; a key without `=` is skipped by `parse_url`'s pattern and
read as `""` by pctenc (the URL Standard).

One Spark session for the module (local[2]; PCTENC_SPARK_MASTER picks another master).
"""

import os
import random
import sys

import pytest
from pyspark.errors import PySparkException
from pyspark.sql import SparkSession, functions as F

import pctenc.spark as ps

MASTER = os.environ.get("PCTENC_SPARK_MASTER", "local[2]")
KEYS = ["q", "a", "x"]
VALUES = ["", "1", "a+b", "a%20b", "caf%C3%A9", "%zz", "%E2%82", "%2B", "%26", "é", "100%25",
          "x%3Dy", "%F0%9F%98%80", "%C3", "~*'", "%FF", "a b"]


def urls(seed, n):
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        base = rng.choice(["https://h.example/p", "http://h/a/b", "/rel/path", "https://h/"])
        pairs = [f"{rng.choice(KEYS)}={rng.choice(VALUES)}" for _ in range(rng.randint(0, 4))]
        query = "?" + "&".join(pairs) if pairs or rng.random() < 0.3 else ""
        out.append(base + query + rng.choice(["", "#top", "#x=1"]))
    return out


@pytest.fixture(scope="module")
def spark():
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    s = (
        SparkSession.builder.master(MASTER)
        .appName("pctenc-query")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.task.maxFailures", "1")
        .getOrCreate()
    )
    s.sparkContext.setLogLevel("OFF")
    ps.register(s)
    yield s
    s.stop()


@pytest.fixture(scope="module")
def df(spark):
    rows = [(i, u) for i, u in enumerate(urls(23, 2000))] + [(2000, None)]
    d = spark.createDataFrame(rows, "i int, u string").cache()
    d.createOrReplaceTempView("urls")
    return d


@pytest.mark.parametrize("key", KEYS)
def test_query_param_is_parse_url_and_url_decode_where_spark_defines_it(df, key):
    spark_way = F.expr(f"try_url_decode(try_parse_url(u, 'QUERY', '{key}'))")
    ours = ps.query_param("u", key, profile="spark", input="url", on_error="null")
    rows = df.select("u", spark_way.alias("a"), ours.alias("b")).collect()
    defined = [r for r in rows if r.a is not None]
    assert [r for r in defined if r.a != r.b] == []
    assert len(defined) > 200
    # Where Spark reads the URL and finds no such key, neither does pctenc.
    absent = df.select("u", ours.alias("b")).where(
        F.expr("try_parse_url(u, 'QUERY') IS NOT NULL")
        & F.expr(f"try_parse_url(u, 'QUERY', '{key}') IS NULL")).collect()
    assert [r for r in absent if r.b is not None] == []


def test_listed_differences_with_parse_url(spark):
    cases = [
        ("https://h/p?a=%zz&q=1", None, "1"),    # a bad escape elsewhere: INVALID_URL
        ("https://h/p?a=x y&q=1", None, "1"),    # a space: java.net.URI refuses the URL
        ("https://h/p?%71=1", None, "1"),        # an escaped key
        ("https://h/p?q&q=2", "2", ""),          # a key without '='
    ]
    for u, theirs, ours in cases:
        got = spark.sql(
            "SELECT try_url_decode(try_parse_url(u, 'QUERY', 'q')), "
            "pct_query_param(u, 'q', 'spark', 'url') FROM (SELECT ? AS u)", [u]).first()
        assert tuple(got) == (theirs, ours), u
    with pytest.raises(PySparkException, match="INVALID_URL"):
        spark.sql("SELECT parse_url('https://h/p?a=%zz&q=1', 'QUERY', 'q')").collect()


def test_parse_and_pick_agree_with_the_python_parse(df):
    import pctenc

    rows = df.select("u", ps.parse_query("u", input="url").alias("p"),
                     ps.query_param("u", "q", input="url", all=True).alias("qs")).collect()
    for r in rows:
        if r.u is None:
            assert r.p is None and r.qs is None
            continue
        want = pctenc.query.parse(r.u, input="url")
        assert [(p.key, p.value) for p in r.p] == want, r.u
        assert r.qs == [v for k, v in want if k == "q"]


def test_sql_functions(spark):
    one = lambda q: spark.sql(q).first()[0]  # noqa: E731
    assert one("SELECT pct_query_param('https://h/?q=a+b&n=1', 'q')") == "a b"
    assert one("SELECT pct_query_param('https://h/?q=a+b', 'q', 'rfc3986')") == "a+b"
    assert [tuple(p) for p in one("SELECT pct_parse_query('a=1&b')")] == [("a", "1"), ("b", "")]
    assert one("SELECT pct_parse_query('https://h/', 'form', 'url')") == []
    assert one("SELECT pct_query_param_all('q=1&q=2', 'q')") == ["1", "2"]
    assert one("SELECT pct_query_param(CAST(NULL AS STRING), 'q')") is None
    assert one("SELECT pct_build_query(map('q', 'a b&c', 'n', '1'))") == "q=a+b%26c&n=1"
    assert one("SELECT pct_build_query(pct_parse_query('b=2&a=1&b=3'))") == "b=2&a=1&b=3"
    assert one("SELECT pct_build_query(map('q', 'a b'), 'rfc3986')") == "q=a%20b"
    assert one("SELECT pct_try_query_param('/p?q=%zz', 'q', 'rfc3986')") is None
    with pytest.raises(PySparkException, match=r"pct_query_param: profile rfc3986, row 0, "
                                               r"byte 5: invalid-escape"):
        one("SELECT pct_query_param('/p?q=%zz', 'q', 'rfc3986')")
    keys = spark.sql("SELECT pct_query_param(u, k) AS v FROM VALUES ('a=1&b=2', 'a'), "
                     "('a=1&b=2', 'b'), ('a=1', NULL) AS t(u, k)").collect()
    assert [r.v for r in keys] == ["1", "2", None]


def test_column_functions_and_build(spark, df):
    parsed = df.select(ps.parse_query("u", input="url").alias("p"))
    built = parsed.select(ps.build_query("p").alias("b"))
    again = built.select(ps.parse_query("b", input="form").alias("p")).collect()
    assert [r.p for r in again] == [r.p for r in parsed.collect()]
    with pytest.raises(ValueError, match="unknown profile 'nope'"):
        ps.query_param("u", "q", profile="nope")
    with pytest.raises(TypeError, match="key must be a str"):
        ps.query_param("u", 1)

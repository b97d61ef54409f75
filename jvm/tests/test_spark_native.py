"""pct_encode / pct_decode / pct_try_decode, the JVM-native Spark functions of the pctenc jar,
against Spark's own url_encode / url_decode / try_url_decode in the same session, through
PySpark (the SQL runs in the JVM: no Python worker). One session per master: local[2] here,
local-cluster in test_spark_native_cluster.py (PCTENC_SPARK_MASTER picks another)."""

import os
import re

import pytest
from pyspark.errors import PySparkException
from pyspark.sql import SparkSession, functions as F

MASTER = os.environ.get("PCTENC_SPARK_MASTER", "local[2]")
EXTENSION = "org.pctenc.spark.PctencExtensions"


def session(master, jar, extensions_conf=True):
    """A session with the jar; `extensions_conf=False` leaves spark.sql.extensions unset, so
    that the functions come from the jar's META-INF/services entry alone."""
    b = (
        SparkSession.builder.master(master)
        .appName("pctenc-jvm")
        .config("spark.jars", jar)
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.task.maxFailures", "1")
    )
    if extensions_conf:
        b = b.config("spark.sql.extensions", EXTENSION)
    s = b.getOrCreate()
    s.sparkContext.setLogLevel("OFF")
    # A bad spark.sql.extensions class only logs a warning: check that the functions exist.
    assert s.catalog.functionExists("pct_decode"), "the pctenc extension did not load"
    return s


@pytest.fixture(scope="module")
def spark(jar):
    s = session(MASTER, jar)
    yield s
    s.stop()


@pytest.fixture(scope="module")
def df(spark, values):
    rows = [(i, v) for i, v in enumerate(values)] + [(len(values), None)]
    d = spark.createDataFrame(rows, "i int, s string").cache()
    d.createOrReplaceTempView("t")
    return d


def mismatches(spark, sql):
    return spark.sql(sql).limit(5).collect()


def test_functions_are_native_expressions(spark):
    f = spark.catalog.getFunction("pct_decode")
    assert f.className == "org.pctenc.spark.PctDecode", f
    plan = spark.range(3).selectExpr("CAST(id AS STRING) s").selectExpr("pct_decode(s)")
    text = plan._jdf.queryExecution().executedPlan().toString()
    # Whole-stage code generation with a direct call to the static method, as url_decode.
    assert "*(1) Project [static_invoke(org.pctenc.spark.SparkRows.decode(" in text, text
    assert plan.columns == ["pct_decode(s)"]
    names = spark.sql("SELECT pct_encode('a', 'form'), pct_try_decode('a', 'form', 'utf8=lossy')").columns
    assert names == ["pct_encode(a, form)", "pct_try_decode(a, form, utf8=lossy)"]


def test_encode_matches_url_encode(spark, df):
    assert mismatches(spark, "SELECT s FROM t WHERE NOT (pct_encode(s) <=> url_encode(s))") == []
    assert mismatches(spark, "SELECT s FROM t WHERE NOT (pct_encode(s, 'spark') <=> url_encode(s))") == []


def test_try_decode_matches_try_url_decode(spark, df):
    assert mismatches(spark, "SELECT s FROM t WHERE NOT (pct_try_decode(s) <=> try_url_decode(s))") == []
    nulls = spark.sql("SELECT count(*) n FROM t WHERE s IS NOT NULL AND pct_try_decode(s) IS NULL").first().n
    assert nulls > 100, "the inputs must include malformed escapes"


def test_decode_matches_url_decode_where_it_succeeds(spark, df):
    sql = (
        "SELECT s FROM t WHERE try_url_decode(s) IS NOT NULL"
        " AND NOT (pct_decode(s) <=> url_decode(s))"
    )
    assert mismatches(spark, sql) == []
    n = spark.sql("SELECT count(pct_decode(s)) n FROM t WHERE try_url_decode(s) IS NOT NULL").first().n
    assert n > 1000


def test_raise_fails_the_job_with_profile_snippet_and_offset(spark):
    bad = spark.createDataFrame([("fine",), ("x=%zz",)], "s string")
    with pytest.raises(PySparkException) as builtin:
        bad.select(F.url_decode("s")).collect()
    assert "CANNOT_DECODE_URL" in str(builtin.value)
    with pytest.raises(Exception) as ours:
        bad.select(F.expr("pct_decode(s)")).collect()
    msg = str(ours.value)
    assert "PctencException" in msg and "pct_decode: profile java-urlencoder, byte 2" in msg, msg[-2000:]
    assert '"%zz"' in msg, msg[-2000:]


def test_try_decode_never_fails_the_job(spark):
    rows = spark.sql(
        "SELECT pct_try_decode(s) d FROM VALUES ('%zz'), ('%'), ('%-1'), ('ok%41'), (NULL) AS v(s)"
    ).collect()
    assert [r.d for r in rows] == [None, None, None, "okA", None]


def test_plus_bad_escape_and_bad_utf8_as_spark(spark):
    row = spark.sql(
        "SELECT url_decode('a+b%2B%C3') a, pct_decode('a+b%2B%C3') b,"
        " try_url_decode('%-1') c, pct_try_decode('%-1') d,"
        " url_decode('%+1') e, pct_decode('%+1') f"
    ).first()
    assert row.a == row.b == "a b+\ufffd"
    assert row.c is None and row.d is None
    assert row.e == row.f == "\x01"


def test_strings_that_are_not_utf8_read_as_java_strings(spark, raw_values):
    rows = [(i, b.hex()) for i, b in enumerate(raw_values)]
    spark.createDataFrame(rows, "i int, h string").selectExpr(
        "i", "CAST(unhex(h) AS STRING) s"
    ).createOrReplaceTempView("raw")
    for sql in (
        "SELECT s FROM raw WHERE NOT (pct_encode(s) <=> url_encode(s))",
        "SELECT s FROM raw WHERE NOT (pct_try_decode(s) <=> try_url_decode(s))",
    ):
        assert mismatches(spark, sql) == [], sql
    # Other profiles see the bytes as they are: \xff is one byte, %FF.
    got = spark.sql("SELECT pct_encode(CAST(X'61FF' AS STRING), 'rfc3986') e").first().e
    assert got == "a%FF"


def test_other_profiles_and_options(spark):
    row = spark.sql(
        "SELECT pct_encode('a b~*', 'rfc3986') a, pct_encode('a b/', 'form', 'hex=lower') b,"
        " pct_decode('a+b%zz', 'duckdb') c, pct_try_decode('100%', 'rfc3986') d,"
        " pct_decode('100%', 'rfc3986', 'malformed=lenient') e,"
        " pct_decode('%zz', 'rfc3986', 'on_error=keep') f,"
        " pct_decode('%E2%82%AC', 'js-component') g"
    ).first()
    assert tuple(row) == ("a%20b~%2A", "a+b%2f", "a+b%zz", None, "100%", "%zz", "€")


def test_profile_per_row(spark):
    rows = spark.sql(
        "SELECT pct_decode(s, p) d FROM VALUES (1, 'a+b', 'form'), (2, 'a+b', 'duckdb'),"
        " (3, 'a+b', NULL), (4, 'a+b', 'SPARK') AS v(i, s, p) ORDER BY i"
    ).collect()
    assert [r.d for r in rows] == ["a b", "a+b", None, "a b"]
    with pytest.raises(Exception, match="unknown profile 'sprak'; did you mean spark"):
        spark.sql("SELECT pct_decode(s, p) FROM VALUES ('a', 'sprak') AS v(s, p)").collect()


def test_options_per_row_and_as_the_second_argument(spark):
    rows = spark.sql(
        "SELECT pct_decode(s, 'rfc3986', o) d, pct_decode(s, o2) e FROM VALUES"
        " (1, '%FF', 'utf8=lossy', 'utf8=lossy'), (2, 'a+%zz', 'malformed=lenient', 'profile=form, malformed=lenient')"
        " AS v(i, s, o, o2) ORDER BY i"
    ).collect()
    assert [(r.d, r.e) for r in rows] == [("\ufffd", "\ufffd"), ("a+%zz", "a %zz")]


def test_conformance_table(spark):
    """The conformance table through the native functions, options per row
    (crates/pctenc-py/engine_tests/spark_conformance.py; its list:
    conformance/cannot-express/spark-native.txt)."""
    import spark_conformance

    assert spark_conformance.run_native(spark) > 5_000


def test_nulls_empty_strings_and_empty_frames(spark):
    rows = spark.sql(
        "SELECT pct_encode(s) a, pct_decode(s) b, pct_try_decode(s) c, pct_decode('x', NULL) d"
        " FROM VALUES (NULL), ('') AS v(s)"
    ).collect()
    assert [tuple(r) for r in rows] == [(None, None, None, None), ("", "", "", None)]
    empty = spark.createDataFrame([], "s string")
    assert empty.select(F.expr("pct_decode(s)"), F.expr("pct_encode(s)")).collect() == []


def test_types_cast_as_the_builtin_or_fail_at_analysis(spark):
    row = spark.sql(
        "SELECT url_encode(12.5) a, pct_encode(12.5) b, url_encode(X'2F41') c, pct_encode(X'2F41') d"
    ).first()
    assert row.a == row.b == "12.5" and row.c == row.d == "%2FA"
    for sql, why in (
        ("SELECT pct_encode(array(1))", "DATATYPE_MISMATCH"),
        ("SELECT pct_decode('a', 'sprak')", "unknown profile 'sprak'; did you mean spark"),
        ("SELECT pct_encode('a', 'form', 'hex=small')", "unknown hex 'small'"),
        ("SELECT pct_decode('a', 'form', 'hex=lower')", "decode has no option hex"),
        ("SELECT pct_decode()", "WRONG_NUM_ARGS"),
        ("SELECT pct_decode('a', 'b', 'c', 'd')", "WRONG_NUM_ARGS"),
    ):
        with pytest.raises(PySparkException, match=re.escape(why)):
            spark.sql(sql).collect()


def test_one_million_rows(spark):
    n = 1_000_000
    got = spark.sql(
        f"SELECT count(*) n,"
        " sum(CASE WHEN pct_decode(s) = url_decode(s) THEN 1 ELSE 0 END) dec,"
        " sum(CASE WHEN pct_encode(s) = url_encode(s) THEN 1 ELSE 0 END) enc"
        f" FROM (SELECT concat('https://example.com/p%20', id % 977, '/q?x=', id,"
        f" '&y=a+b%C3%A9%2F', id % 13) s FROM range({n}))"
    ).first()
    assert (got.n, got.dec, got.enc) == (n, n, n)


def test_rows_off_heap_are_read_where_they_are(spark, values, tmp_path):
    """Rows in off-heap column vectors (a vectorized Parquet read with
    spark.sql.columnVector.offheap.enabled) reach the native call by their address, without
    the copy that rows on the heap take: the same results as the built-ins."""
    path = str(tmp_path / "values.parquet")
    spark.createDataFrame([(v,) for v in values] + [(None,)], "s string").write.parquet(path)
    spark.conf.set("spark.sql.columnVector.offheap.enabled", "true")
    try:
        d = spark.read.parquet(path)
        bad = d.where(
            "NOT (pct_encode(s) <=> url_encode(s)) OR NOT (pct_try_decode(s) <=> try_url_decode(s))"
        )
        assert bad.limit(5).collect() == []
    finally:
        spark.conf.unset("spark.sql.columnVector.offheap.enabled")


# pctenc.spark (the Python adapter) on this session: its Column functions use the native
# functions, and fall back to Arrow UDFs for what only those take.


def test_jar_and_native(spark, jar):
    import pctenc.spark as ps

    assert ps.jar() == jar  # from $PCTENC_JAR
    assert ps.native(spark) and ps.native()


def test_column_functions_are_native_and_exact(spark, df):
    import pctenc.spark as ps

    out = df.select(
        F.url_encode("s").alias("a"),
        ps.url_encode("s").alias("b"),
        F.try_url_decode("s").alias("c"),
        ps.try_url_decode("s").alias("d"),
    )
    plan = out._jdf.queryExecution().executedPlan().toString()
    assert "SparkRows" in plan and "ArrowEvalPython" not in plan, plan
    assert out.where(~F.col("a").eqNullSafe(F.col("b")) | ~F.col("c").eqNullSafe(F.col("d"))).count() == 0
    assert df.select(ps.url_decode("s", profile="form").alias("x")).columns == ["x"]


def test_options_only_arrow_takes_fall_back(spark):
    import pctenc.spark as ps

    d = spark.createDataFrame([("a%zz",)], "s string")
    col = ps.url_decode("s", profile="rfc3986", on_error="keep")
    plan = d.select(col)._jdf.queryExecution().executedPlan().toString()
    assert "ArrowEvalPython" in plan, plan
    assert d.select(col).first()[0] == "a%zz"


def test_register_keeps_the_native_functions(spark):
    import pctenc.spark as ps

    ps.register(spark)
    assert spark.catalog.getFunction("pct_decode").className == "org.pctenc.spark.PctDecode"


# Query strings as data (issue 23), natively: pct_query_param, pct_parse_query,
# pct_build_query and the pct_try_* twins, against Spark's own
# url_decode(parse_url(u, 'QUERY', k)) where Spark's is defined, on the seeded URLs of the
# adapter's suite (engine_tests/test_query_spark.py, whose listed differences hold here too).


@pytest.fixture(scope="module")
def urls_df(spark):
    from test_query_spark import urls

    rows = [(i, u) for i, u in enumerate(urls(23, 2000))] + [(2000, None)]
    d = spark.createDataFrame(rows, "i int, u string").cache()
    d.createOrReplaceTempView("urls")
    return d


@pytest.mark.parametrize("key", ["q", "a", "x"])
def test_query_param_is_parse_url_and_url_decode_where_spark_defines_it(spark, urls_df, key):
    spark_way = F.expr(f"try_url_decode(try_parse_url(u, 'QUERY', '{key}'))")
    ours = F.expr(f"pct_try_query_param(u, '{key}', 'spark', 'url')")
    out = urls_df.select("u", spark_way.alias("a"), ours.alias("b"))
    plan = out._jdf.queryExecution().executedPlan().toString()
    assert "SparkQueries" in plan and "ArrowEvalPython" not in plan, plan
    rows = out.collect()
    defined = [r for r in rows if r.a is not None]
    assert [r for r in defined if r.a != r.b] == []
    assert len(defined) > 200
    absent = urls_df.select("u", ours.alias("b")).where(
        F.expr("try_parse_url(u, 'QUERY') IS NOT NULL")
        & F.expr(f"try_parse_url(u, 'QUERY', '{key}') IS NULL")).collect()
    assert [r for r in absent if r.b is not None] == []


def test_query_listed_differences_with_parse_url(spark):
    for u, theirs, ours in [
        ("https://h/p?a=%zz&q=1", None, "1"),  # a bad escape elsewhere: INVALID_URL
        ("https://h/p?a=x y&q=1", None, "1"),  # a space: java.net.URI refuses the URL
        ("https://h/p?%71=1", None, "1"),  # an escaped key
        ("https://h/p?q&q=2", "2", ""),  # a key without '='
    ]:
        got = spark.sql(
            "SELECT try_url_decode(try_parse_url(u, 'QUERY', 'q')), "
            "pct_query_param(u, 'q', 'spark', 'url') FROM (SELECT ? AS u)", [u]).first()
        assert tuple(got) == (theirs, ours), u


def test_parse_query_is_the_python_parse_and_builds_back(spark, urls_df):
    import pctenc

    out = urls_df.select("u", F.expr("pct_parse_query(u, 'form', 'url')").alias("p"),
                         F.expr("pct_build_query(pct_parse_query(u, 'form', 'url'))").alias("b"))
    assert out.schema["p"].dataType.simpleString() == "array<struct<key:string,value:string>>"
    for r in out.collect():
        if r.u is None:
            assert r.p is None and r.b is None
            continue
        want = pctenc.query.parse(r.u, input="url")
        assert [(p.key, p.value) for p in r.p] == want, r.u
        assert r.b == pctenc.query.build(want), r.u


def test_query_nulls_empty_types_and_errors(spark):
    one = lambda q: spark.sql(q).first()[0]  # noqa: E731
    assert one("SELECT pct_query_param('https://h/?q=a+b&n=1', 'q')") == "a b"
    assert one("SELECT pct_query_param('/?q=&r', 'q')") == ""
    assert one("SELECT pct_query_param('/?r', 'q')") is None
    assert one("SELECT pct_query_param('', 'q')") is None
    assert one("SELECT pct_query_param(CAST(NULL AS STRING), 'q')") is None
    assert one("SELECT pct_query_param('/?q=1', NULL)") is None
    assert one("SELECT pct_query_param('/?q=1', 'q', NULL)") is None
    assert one("SELECT pct_query_param(12, '12')") == ""  # cast as url_decode casts
    assert one("SELECT pct_parse_query('')") == []
    assert one("SELECT pct_parse_query(CAST(NULL AS STRING))") is None
    assert one("SELECT pct_build_query(map())") == ""
    assert one("SELECT pct_build_query(CAST(NULL AS MAP<STRING, STRING>))") is None
    pairs = "array(named_struct('k', 'a', 'v', '1'), named_struct('k', 'b', 'v', CAST(NULL AS STRING)))"
    assert one(f"SELECT pct_build_query({pairs})") == "a=1"
    assert one("SELECT pct_try_query_param('/p?q=%zz', 'q', 'rfc3986')") is None
    assert one("SELECT pct_try_parse_query('a=%zz', 'rfc3986')") is None
    assert one("SELECT pct_query_param('/p?x=%zz&q=1', 'q', 'rfc3986')") == "1"
    keys = spark.sql("SELECT pct_query_param(u, k) AS v FROM VALUES ('a=1&b=2', 'a'), "
                     "('a=1&b=2', 'b'), ('a=1', NULL) AS t(u, k)").collect()
    assert [r.v for r in keys] == ["1", "2", None]
    for sql, why in (
        ("SELECT pct_query_param('/p?q=%zz', 'q', 'rfc3986')",
         'pct_query_param: profile rfc3986, byte 5: invalid-escape at "%zz"'),
        ("SELECT pct_parse_query('a=%zz', 'rfc3986')", "pct_parse_query: profile rfc3986, byte 2"),
        ("SELECT pct_query_param('x', 'q', 'frm')", "unknown profile 'frm'; did you mean form"),
        ("SELECT pct_query_param('x', 'q', 'form', 'inptu=url')", "inptu"),
        ("SELECT pct_try_query_param('x', 'q', 'form', 'on_error=keep')", "on_error"),
        ("SELECT pct_build_query(map('a', 1))", "map<string, string> or an array<struct"),
        ("SELECT pct_build_query('a=1')", "map<string, string> or an array<struct"),
        ("SELECT pct_query_param('x')", "WRONG_NUM_ARGS"),
    ):
        with pytest.raises(PySparkException, match=re.escape(why)):
            spark.sql(sql).collect()


def test_query_column_functions_are_native(spark, urls_df):
    import pctenc.spark as ps

    out = urls_df.select(ps.query_param("u", "q").alias("a"), ps.parse_query("u").alias("p"))
    plan = out._jdf.queryExecution().executedPlan().toString()
    assert "SparkQueries" in plan and "ArrowEvalPython" not in plan, plan
    assert out.columns == ["a", "p"]
    ps.register(spark)
    assert spark.catalog.getFunction("pct_query_param").className == "org.pctenc.spark.PctQueryParam"
    # What the jar lacks is an Arrow UDF.
    assert spark.sql("SELECT pct_query_param_all('q=1&q=2', 'q')").first()[0] == ["1", "2"]

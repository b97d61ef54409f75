"""The parity tests that matter most, again with separate executor JVMs:
`local-cluster[2,1,1024]` starts two worker JVMs, each of which loads the native library from
the jar that `spark.jars` ships (after test_spark_native.py's session has stopped: one
SparkContext at a time). This session sets no spark.sql.extensions: the functions come from
the jar's META-INF/services entry."""

import pytest

from test_spark_native import (  # noqa: F401 - collected here, with this module's session
    df,
    session,
    test_encode_matches_url_encode,
    test_raise_fails_the_job_with_profile_snippet_and_offset,
    test_strings_that_are_not_utf8_read_as_java_strings,
    test_try_decode_matches_try_url_decode,
)


@pytest.fixture(scope="module")
def spark(jar):
    s = session("local-cluster[2,1,1024]", jar, extensions_conf=False)
    assert s.sparkContext.master.startswith("local-cluster")
    yield s
    s.stop()


def test_executors_are_separate_jvms_that_load_the_library(spark):
    # The pid of the JVM that ran each task; every task calls the native library.
    rows = spark.sql(
        "SELECT DISTINCT java_method('java.lang.ProcessHandle', 'current') p"
        " FROM range(0, 64, 1, 8) WHERE pct_decode(CAST(id AS STRING)) IS NOT NULL"
    ).collect()
    driver = spark._jvm.java.lang.ProcessHandle.current().pid()
    pids = {int(r.p) for r in rows}
    assert pids and driver not in pids, (driver, pids)


def test_query_functions_on_executors(spark):
    # The compiled query codecs travel with the plan (serialized, compiled again in each
    # executor JVM); a constant key as bytes, a per-row key as a column.
    rows = spark.sql(
        "SELECT pct_query_param(u, 'q', 'spark', 'url') a, pct_query_param(u, k) b,"
        " pct_build_query(pct_parse_query(u, 'form', 'url')) c"
        " FROM (SELECT concat('/p?n=', id, '&q=a+b%2B', id) u, IF(id % 2 = 0, 'n', 'q') k"
        " FROM range(0, 64, 1, 8)) ORDER BY u"
    ).collect()
    assert len(rows) == 64
    for r in rows:
        n = r.c.split("&")[0][2:]
        assert r.a == f"a b+{n}" and r.c == f"n={n}&q=a+b%2B{n}"
        assert r.b in (n, f"a b+{n}")

"""The Spark parity tests that matter most, again with separate executor processes:
`local-cluster[2,1,1024]` starts a standalone master and two worker JVMs from the pip package,
each executor with its own Python workers that import the installed pctenc, as on a real
cluster. (After test_spark.py's local[2] session has stopped: one SparkContext at a time.)"""

import pytest

from test_spark import (  # noqa: F401 - pytest collects these here, with this module's session
    df,
    session,
    test_raise_fails_the_job_like_the_builtin_with_offset_and_profile,
    test_sql_functions,
    test_strings_that_are_not_utf8_read_as_java_strings,
    test_try_url_decode_matches_builtin,
    test_url_encode_matches_builtin,
)


@pytest.fixture(scope="module")
def spark():
    s = session("local-cluster[2,1,1024]")
    assert s.sparkContext.master.startswith("local-cluster")
    yield s
    s.stop()


def test_executors_are_separate_processes(spark):
    import os

    pids = (
        spark.sparkContext.parallelize(range(8), 4)
        .map(lambda _: __import__("os").getppid())
        .distinct()
        .collect()
    )
    # Python workers hang off the executor JVMs, not off this driver's JVM.
    assert os.getpid() not in pids and len(pids) >= 1

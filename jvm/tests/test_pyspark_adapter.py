"""pctenc.spark (the Python adapter) on a session that has the jar: its Column functions use
the JVM-native functions, and fall back to Arrow UDFs for what only those take."""

import pytest
from pyspark.sql import functions as F

import pctenc.spark as ps

from test_spark_native import df, session  # noqa: F401 - the shared fixtures


@pytest.fixture(scope="module")
def spark(jar):
    s = session("local[2]", jar)
    yield s
    s.stop()


def test_jar_and_native(spark, jar):
    assert ps.jar() == jar  # from $PCTENC_JAR
    assert ps.native(spark) and ps.native()


def test_column_functions_are_native_and_exact(spark, df):
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
    d = spark.createDataFrame([("a%zz",)], "s string")
    col = ps.url_decode("s", profile="rfc3986", on_error="keep")
    plan = d.select(col)._jdf.queryExecution().executedPlan().toString()
    assert "ArrowEvalPython" in plan, plan
    assert d.select(col).first()[0] == "a%zz"


def test_register_keeps_the_native_functions(spark):
    ps.register(spark)
    assert spark.catalog.getFunction("pct_decode").className == "org.pctenc.spark.PctDecode"

"""The conformance table (conformance/cases.jsonl) through Spark, in a session a suite already
has: `run_adapter` for pctenc.spark's SQL functions (Arrow UDFs; test_spark.py) and
`run_native` for the jar's JVM-native `pct_encode` / `pct_decode` / `pct_try_decode`
(jvm/tests/test_spark_native.py). Each prints its count of cases run and the count it cannot
express (conformance/cannot-express/spark.txt, spark-native.txt); any other difference fails.

Cheap by construction, a handful of Spark jobs for the whole table:

- Cases with a result (text, bytes or NULL) are rows of one DataFrame: the operation, the
  options in the compact text form and the input (a `string` column, or `binary` for input
  that is not UTF-8) are per row, and one query (a UNION ALL of the three functions over
  their rows) computes them all, each result read back as its bytes (`CAST(... AS BINARY)`).
- Cases whose result is an error cannot share a job: Spark fails the whole job at a row that
  raises, and a Python worker that raised is started again (seconds per case on this
  machine). So the adapter's error cases run in one `mapInArrow` job that calls the SQL
  function's own body (the function `register` gives Spark) on each row of the Arrow batch
  Spark delivers, one row at a time, and keeps the error's code, offset and message; the
  native ones run through the static method each row's generated code calls
  (`SparkRows.encodeWith`...), from the driver's JVM, and option errors as the analysis
  errors of a query with constant arguments (no job). That a raising row fails its job, with
  the code and byte offset in the job's error, is test_spark.py's and test_spark_native.py's
  `test_raise_fails_the_job...`.

The options text always names a profile: the table's cases without one mean the library's
default (`pctenc.options(op)`), while Spark's functions default to `spark` (they are drop-in
replacements for `url_decode`), so the runner says `profile=<default>` first.
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))

import pctenc  # noqa: E402
from conformance import Exclusions, cases, input_of, pairs, key_of, report, same  # noqa: E402

FUNCTIONS = {"encode": "pct_encode", "decode": "pct_decode", "try-decode": "pct_try_decode"}
TABLE = cases()


def options_text(case: dict) -> str:
    """The case's options as SQL's options argument, the library's default profile first
    when they name none."""
    if any(key_of(k) == "profile" for k, _ in pairs(case["options"])):
        return case["options"]
    default = next(o["default"] for o in pctenc.options(case["op"]) if o["key"] == "profile")
    return ", ".join(x for x in (f"profile={default}", case["options"]) if x)


def select(front_end: str, functions: dict = FUNCTIONS):
    """The cases `front_end` runs, as (with a result, with an error), and its exclusions."""
    ex = Exclusions.load(front_end)
    results, errors = [], []
    for case in TABLE:
        if ex.match(case):
            continue
        if case["op"] not in functions:
            raise AssertionError(f"{case['id']}: {case['op']} has no Spark function and is not "
                                 f"listed in conformance/cannot-express/{front_end}.txt")
        (errors if "error" in case else results).append(case)
    ex.check_all_used(TABLE)
    return results, errors


def _frame(spark, group: list[dict]):
    """A DataFrame of `group`: row number, operation, options text, and the input as
    `s` (string) or `b` (binary, input that is not UTF-8)."""
    rows = []
    for n, case in enumerate(group):
        x = input_of(case)
        text = isinstance(x, str)
        rows.append((n, case["op"], options_text(case), x if text else None,
                     None if text else bytearray(x)))
    return spark.createDataFrame(rows, "n int, op string, o string, s string, b binary")


def _results(spark, group: list[dict]) -> list[str]:
    """Runs every case of `group` in one query; the differences."""
    _frame(spark, group).createOrReplaceTempView("pctenc_cases")
    parts = [
        f"SELECT n, CAST({fn}({col}, o) AS BINARY) r FROM pctenc_cases "
        f"WHERE op = '{op}' AND {col} IS NOT NULL"
        for op, fn in FUNCTIONS.items()
        for col in ("s", "b")
    ]
    got = {r.n: r.r for r in spark.sql(" UNION ALL ".join(parts)).collect()}
    spark.catalog.dropTempView("pctenc_cases")
    failures = []
    for n, case in enumerate(group):
        if n not in got:
            failures.append(f"{case['id']}: no row came back")
            continue
        out = None if got[n] is None else bytes(got[n])
        diff = same(case, out, None)
        if diff:
            failures.append(_say(case, diff))
    return failures


def _say(case: dict, diff: str) -> str:
    x = case.get("input", case.get("input_hex", case.get("input_pairs")))
    return f"{case['id']} {case['op']} [{case['options']}] {x!r}: {diff}"


def _finish(front_end: str, run: int, failures: list[str]) -> int:
    report(front_end, run, len(TABLE) - run)
    assert not failures, f"{len(failures)} differ:\n" + "\n".join(failures[:40])
    return run


# pctenc.spark: the SQL functions that `pctenc.spark.register` gives a session.


def run_adapter(spark) -> int:
    """The table through pctenc.spark's SQL functions on `spark` (after `register`)."""
    import pctenc.spark as ps

    assert not ps.native(spark), "this session has the jar's functions: use run_native"
    results, errors = select("spark")
    failures = _results(spark, results)
    failures += _adapter_errors(spark, errors)
    return _finish("spark", len(results) + len(errors), failures)


def _adapter_errors(spark, group: list[dict]) -> list[str]:
    """Each error case through the SQL function's body, one row at a time, in one job."""
    import pyarrow as pa

    def rows(batches):
        import pctenc.spark as ps
        from pctenc import PctencError

        # As `register` makes them: try-decode is decode with the library's try-decode on_error.
        bodies = {op: ps._sql_function(fn, "encode" if op == "encode" else "decode",
                                       None if op in ("encode", "decode") else ps._TRY)
                  for op, fn in FUNCTIONS.items()}
        for batch in batches:
            n, code, offset, message = [], [], [], []
            cols = {name: batch.column(name) for name in batch.schema.names}
            for r in range(batch.num_rows):
                value = cols["s"] if cols["s"][r].is_valid else cols["b"]
                try:
                    bodies[cols["op"][r].as_py()](value.slice(r, 1), cols["o"].slice(r, 1))
                    c, off, msg = None, None, None
                except PctencError as e:
                    c, off, msg = e.code, e.offset, str(e)
                except (ValueError, TypeError) as e:
                    c, off, msg = "option", None, str(e)
                n.append(cols["n"][r].as_py())
                code.append(c)
                offset.append(off)
                message.append(msg)
            yield pa.RecordBatch.from_arrays(
                [pa.array(n, pa.int32()), pa.array(code, pa.string()),
                 pa.array(offset, pa.int64()), pa.array(message, pa.string())],
                names=["n", "code", "offset", "message"])

    got = {r.n: r for r in _frame(spark, group).mapInArrow(
        rows, "n int, code string, offset long, message string").collect()}
    failures = []
    for n, case in enumerate(group):
        r = got.get(n)
        if r is None:
            failures.append(f"{case['id']}: no row came back")
            continue
        diff = same(case, None, _error(r.code, r.offset, r.message))
        if diff:
            failures.append(_say(case, diff))
    return failures


class _Error(Exception):
    def __init__(self, code, offset, message):
        super().__init__(message)
        self.code, self.offset = code, offset


def _error(code, offset, message):
    """The error a row gave, as `same` compares it: an option error is a ValueError."""
    if code is None:
        return None
    if code == "option":
        return ValueError(message)
    return _Error(code, offset, message)


# The jar's native functions (spark.sql.extensions=org.pctenc.spark.PctencExtensions).


def run_native(spark) -> int:
    """The table through the jar's native SQL functions on `spark`: the codec functions,
    then the query functions (`pct_query_param`, `pct_parse_query`, `pct_build_query`)."""
    results, errors = select("spark-native", NATIVE)
    coded = [c for c in results if c["op"] in FUNCTIONS]
    failures = _results(spark, coded)
    failures += _query_results(spark, [c for c in results if c["op"] in QUERY_FUNCTIONS])
    failures += _native_errors(spark, errors)
    return _finish("spark-native", len(results) + len(errors), failures)


QUERY_FUNCTIONS = {"query-param": "pct_query_param", "query-parse": "pct_parse_query",
                   "query-build": "pct_build_query"}
NATIVE = FUNCTIONS | QUERY_FUNCTIONS


def _query_results(spark, group: list[dict]) -> list[str]:
    """The query cases with a result: one query per function over a table of their rows,
    the options per row (the function's per-row path, as `_results` runs the codecs)."""
    rows = []
    for n, case in enumerate(group):
        x = input_of(case) if case["op"] != "query-build" else None
        text = isinstance(x, str)
        pairs_in = [{"key": k, "value": v} for k, v in case.get("input_pairs", [])]
        rows.append((n, case["op"], options_text(case), case.get("key"), x if text else None,
                     None if text or x is None else bytearray(x), pairs_in))
    schema = ("n int, op string, o string, k string, s string, b binary, "
              "p array<struct<key: string, value: string>>")
    spark.createDataFrame(rows, schema).createOrReplaceTempView("pctenc_qcases")
    got = {}
    for col in ("s", "b"):
        v = col if col == "s" else "CAST(b AS STRING)"
        for r in spark.sql(f"SELECT n, CAST(pct_query_param({v}, k, o) AS BINARY) r FROM pctenc_qcases "
                           f"WHERE op = 'query-param' AND {col} IS NOT NULL").collect():
            got[r.n] = None if r.r is None else bytes(r.r)
        for r in spark.sql(f"SELECT n, pct_parse_query({v}, o) r FROM pctenc_qcases "
                           f"WHERE op = 'query-parse' AND {col} IS NOT NULL").collect():
            got[r.n] = None if r.r is None else [(p.key, p.value) for p in r.r]
    for r in spark.sql("SELECT n, pct_build_query(p, o) r FROM pctenc_qcases "
                       "WHERE op = 'query-build'").collect():
        got[r.n] = r.r
    spark.catalog.dropTempView("pctenc_qcases")
    failures = []
    for n, case in enumerate(group):
        if n not in got:
            failures.append(f"{case['id']}: no row came back")
            continue
        out = got[n]
        if case["op"] == "query-parse" and "output" in case:
            diff = None if out == case["output"] else f"{out!r} != {case['output']!r}"
        elif case["op"] == "query-param" and isinstance(out, bytes) and "output_hex" not in case:
            diff = same(case, out.decode("utf-8", "replace"), None)
        else:
            diff = same(case, out, None)
        if diff:
            failures.append(_say(case, diff))
    return failures


def _native_errors(spark, group: list[dict]) -> list[str]:
    """Option errors: a query with constant arguments, refused when Spark analyses it (no
    job). Input errors: `SparkRows.<op>With(value, options, "")`, the call the generated
    code makes per row for `pct_<op>(s, o)`, from the driver's JVM."""
    import py4j.java_gateway as gateway
    import py4j.protocol

    # PySpark wraps py4j's return handling to turn each Java exception into its own class,
    # a dozen more calls into the JVM per exception: the raw Py4JJavaError is all this needs.
    converting = gateway.get_return_value
    gateway.get_return_value = py4j.protocol.get_return_value
    try:
        return _native_error_cases(spark, group)
    finally:
        gateway.get_return_value = converting


def _native_error_cases(spark, group: list[dict]) -> list[str]:
    from py4j.protocol import Py4JJavaError

    jvm = spark._jvm
    text = jvm.org.apache.spark.unsafe.types.UTF8String
    rows = jvm.org.pctenc.spark.SparkRows
    methods = {"encode": rows.encodeWith, "decode": rows.decodeWith,
               "try-decode": rows.tryDecodeWith}
    failures = []
    for case in group:
        if case["op"] in QUERY_FUNCTIONS:
            diff = same(case, None, _native_query_error(spark, case))
            if diff:
                failures.append(_say(case, diff))
            continue
        x = input_of(case)
        raw = x.encode("utf-8") if isinstance(x, str) else x
        opts = options_text(case)
        got, error = None, None
        if "option" in case["error"]:
            sql = (f"SELECT {FUNCTIONS[case['op']]}(CAST(X'{raw.hex()}' AS STRING), "
                   f"CAST(X'{opts.encode('utf-8').hex()}' AS STRING))")
            try:
                spark.sql(sql).schema  # analysed, not run
            except Exception as e:  # noqa: BLE001 - Spark's AnalysisException carries the text
                error = ValueError(str(e))
        else:
            try:
                out = methods[case["op"]](text.fromBytes(bytearray(raw)), text.fromString(opts),
                                          text.fromString(""))
                got = None if out is None else bytes(out.getBytes())
            except Py4JJavaError as e:
                j = e.java_exception
                if j.getClass().getName() == "org.pctenc.PctencException":
                    error = _Error(j.code(), j.offset(), j.getMessage())
                else:
                    error = ValueError(j.getMessage())
        diff = same(case, got, error)
        if diff:
            failures.append(_say(case, diff))
    return failures


def _native_query_error(spark, case: dict):
    """A query case with an error: option errors as the analysis error of a query with
    constant arguments; a row's error through `SparkQueries.paramWith` / `parseWith`, the
    calls the generated code makes per row."""
    from py4j.protocol import Py4JJavaError

    jvm = spark._jvm
    text = jvm.org.apache.spark.unsafe.types.UTF8String
    opts = options_text(case)
    lit = lambda b: f"CAST(X'{b.hex()}' AS STRING)"  # noqa: E731
    fn = QUERY_FUNCTIONS[case["op"]]
    if "option" in case["error"]:
        if case["op"] == "query-build":
            args = f"array(named_struct('key', 'a', 'value', 'b')), {lit(opts.encode())}"
        else:
            x = input_of(case)
            raw = x.encode("utf-8") if isinstance(x, str) else x
            key = f"{lit(case['key'].encode())}, " if case["op"] == "query-param" else ""
            args = f"{lit(raw)}, {key}{lit(opts.encode())}"
        try:
            spark.sql(f"SELECT {fn}({args})").schema  # analysed, not run
            return None
        except Exception as e:  # noqa: BLE001 - Spark's AnalysisException carries the text
            return ValueError(str(e))
    x = input_of(case)
    raw = x.encode("utf-8") if isinstance(x, str) else x
    rows = jvm.org.pctenc.spark.SparkQueries
    try:
        if case["op"] == "query-param":
            rows.paramWith(text.fromBytes(bytearray(raw)), text.fromString(case["key"]),
                           text.fromString(opts), text.fromString(""), False, fn)
        else:
            rows.parseWith(text.fromBytes(bytearray(raw)), text.fromString(opts),
                           text.fromString(""), False, fn)
        return None
    except Py4JJavaError as e:
        j = e.java_exception
        if j.getClass().getName() == "org.pctenc.PctencException":
            return _Error(j.code(), j.offset(), j.getMessage())
        return ValueError(j.getMessage())

"""The conformance table (conformance/cases.jsonl) in the engine adapters: Polars (the `.pct`
expressions, each case a one-row frame) and DuckDB (the SQL functions, options in the
library's compact text form as their second argument: `pct_decode(s, 'profile=form,
utf8=lossy')`). Each prints its count of cases run and the count it cannot express, listed
with reasons in conformance/cannot-express/<front end>.txt; any other difference fails.
Spark's run is spark_conformance.py, called from test_spark.py in that module's session."""

import os
import sys

import duckdb
import polars as pl
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))

import pctenc  # noqa: E402
import pctenc.duckdb  # noqa: E402
import pctenc.polars  # noqa: E402,F401 - registers .pct
from conformance import Exclusions, cases, input_of, kwargs, report, same  # noqa: E402

TABLE = cases()
COLUMN_OPS = ("encode", "decode", "try-decode")


def run_front_end(name, runner):
    ex = Exclusions.load(name)
    failures, run = [], 0
    for case in TABLE:
        if ex.match(case):
            continue
        run += 1
        got, error = runner(case)
        diff = same(case, got, error)
        if diff:
            failures.append(f"{case['id']} {case['op']} [{case['options']}] "
                            f"{case.get('input', case.get('input_hex'))!r}: {diff}")
    ex.check_all_used(TABLE)
    report(name, run, len(TABLE) - run)
    assert not failures, f"{len(failures)} differ:\n" + "\n".join(failures[:40])
    return run


def polars(case):
    x = input_of(case)
    kw = kwargs(case)
    s = pl.Series("u", [x], dtype=pl.Binary if isinstance(x, bytes) else pl.String)
    try:
        expr = pl.col("u").pct
        if case["op"] == "encode":
            e = expr.encode(**kw)
        elif case["op"] == "decode":
            e = expr.decode(**kw)
        else:
            e = expr.try_decode(**kw)
        return pl.DataFrame({"u": s}).select(e)["u"][0], None
    except (pctenc.PctencError, ValueError, TypeError) as err:
        return None, err


def test_polars_runs_the_table():
    assert run_front_end("polars", polars) > 8_000


@pytest.fixture(scope="module")
def con():
    c = duckdb.connect()
    pctenc.duckdb.register(c)
    yield c
    c.close()


def _duck_function(case):
    x = input_of(case)
    utf8_bytes = any(k.strip().lower() == "utf8" and v.strip().lower() == "bytes"
                     for k, _, v in (p.partition("=") for p in case["options"].split(",")))
    if case["op"] == "encode":
        return "pct_encode_blob" if isinstance(x, bytes) else "pct_encode"
    if case["op"] == "decode":
        return "pct_decode_blob" if utf8_bytes else "pct_decode"
    return "pct_try_decode_blob" if utf8_bytes else "pct_try_decode"


def _duck_value(got):
    return bytes(got) if isinstance(got, (bytes, bytearray, memoryview)) else got


def test_duckdb_runs_the_table(con):
    """Cases with a result run as one query per function and options, over a table of their
    inputs (DuckDB's vectors, as a user's query runs); a case with an error runs alone, since
    an error fails the whole query."""
    import pyarrow as pa

    ex = Exclusions.load("duckdb")
    groups, alone, failures = {}, [], []
    for case in TABLE:
        if ex.match(case):
            continue
        if "error" in case:
            alone.append(case)
        else:
            groups.setdefault((_duck_function(case), case["options"]), []).append(case)
    for (fn, opts), group in groups.items():
        values = [input_of(c) for c in group]
        typ = pa.binary() if isinstance(values[0], bytes) else pa.string()
        con.register("inputs", pa.table({"i": list(range(len(values))), "s": pa.array(values, typ)}))
        rows = con.execute(f"SELECT {fn}(s, ?) FROM inputs ORDER BY i", [opts or "rfc3986"])
        for case, (got,) in zip(group, rows.fetchall()):
            diff = same(case, _duck_value(got), None)
            if diff:
                failures.append(f"{case['id']} {fn} [{opts}]: {diff}")
        con.unregister("inputs")
    for case in alone:
        fn = _duck_function(case)
        try:
            got = con.execute(f"SELECT {fn}(?, ?)", [input_of(case), case["options"] or "rfc3986"])
            got, error = _duck_value(got.fetchall()[0][0]), None
        except duckdb.Error as err:
            error = pctenc.PctencError(str(err))
            if error.code is None:  # an option error: the library's message, in DuckDB's text
                error = ValueError(str(err))
            got = None
        diff = same(case, got, error)
        if diff:
            failures.append(f"{case['id']} {fn} [{case['options']}]: {diff}")
    ex.check_all_used(TABLE)
    run = sum(map(len, groups.values())) + len(alone)
    report("duckdb", run, len(TABLE) - run)
    assert run > 5_000 and not failures, f"{len(failures)} differ:\n" + "\n".join(failures[:40])

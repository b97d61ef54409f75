"""The conformance table (conformance/cases.jsonl) in the Python front ends: the scalar API
(every case; the query operations through pctenc.query), pctenc.arrow (each case as a column of one, sliced out of a longer array, and
each group of cases sharing operation and options as one column), and pctenc.urllib (the
cases a urllib.parse call maps onto). Each prints its count of cases run and the count it
cannot express, listed with reasons in conformance/cannot-express/<front end>.txt; any
other difference fails."""

import collections

import pyarrow as pa

import pctenc
import pctenc.arrow
import pctenc.form
import pctenc.query
import pctenc.urllib
from conformance import Exclusions, cases, input_of, kwargs, report, same

TABLE = cases()
PAIRS = pa.list_(pa.struct([("key", pa.string()), ("value", pa.string())]))


def call(fn, *args, **kw):
    try:
        return fn(*args, **kw), None
    except (pctenc.PctencError, ValueError, TypeError) as e:
        return None, e


def scalar(case):
    op, kw, x = case["op"], kwargs(case), input_of(case)
    if op == "encode":
        return call(pctenc.encode, x, **kw)
    if op == "decode":
        return call(pctenc.decode, x, **kw)
    if op == "try-decode":
        return call(pctenc.try_decode, x, **kw)
    if op == "decode-segment":
        return call(pctenc.decode_segment, x, **kw)
    if op == "normalize":
        return call(pctenc.normalize, x, **kw)
    if op == "form-parse":
        return call(pctenc.form.parse, x, **kw)
    if op == "form-serialize":
        return call(pctenc.form.serialize, [tuple(p) for p in case["input_pairs"]], **kw)
    if op == "query-parse":
        return call(pctenc.query.parse, x, **kw)
    if op == "query-build":
        return call(pctenc.query.build, [tuple(p) for p in case["input_pairs"]], **kw)
    if op == "check":
        got, e = call(pctenc.check, x, **kw)
        return (None if got is None else {"findings": got}), e
    raise AssertionError(op)


def run_front_end(name, runner):
    ex = Exclusions.load(name)
    skip = ex.fields()
    failures, run = [], 0
    for case in TABLE:
        if ex.match(case):
            continue
        run += 1
        got, error = runner(case)
        diff = same(case, got, error, skip)
        if diff:
            failures.append(f"{case['id']} {case['op']} [{case['options']}] "
                            f"{case.get('input', case.get('input_hex'))!r}: {diff}")
    ex.check_all_used(TABLE)
    report(name, run, len(TABLE) - run)
    assert not failures, f"{len(failures)} differ:\n" + "\n".join(failures[:40])
    return run


def test_scalar_api_runs_the_table():
    assert run_front_end("python", scalar) >= 10_000


def arrow_call(case, col, kw):
    """`case`'s operation on the column `col` (or, for query-build, its pairs), as pctenc.arrow
    names it, with the keyword arguments `kw`."""
    op = case["op"]
    if op == "query-parse":
        return call(pctenc.arrow.parse_query, col, **kw)
    if op in ("query-param", "query-param-all"):
        return call(pctenc.arrow.query_param, col, case["key"], all=op == "query-param-all", **kw)
    if op == "query-build":
        return call(pctenc.arrow.build_query, col, **kw)
    return call(pctenc.arrow.encode if op == "encode" else pctenc.arrow.decode, col, **kw)


def arrow_value(case, value):
    """A row of pctenc.arrow's result as the table writes it (pairs as tuples)."""
    if case["op"] == "query-parse" and value is not None:
        return [(p["key"], p["value"]) for p in value]
    return value


def arrow_one(case, col):
    """One case through pctenc.arrow on `col` (the input as a column): the first row."""
    kw = kwargs(case)
    if case["op"] == "try-decode":
        kw["on_error"] = "null"
    got, e = arrow_call(case, col, kw)
    if e is not None:
        if getattr(e, "row", 0) != 0:
            return None, AssertionError(f"row {e.row}, not 0")
        return None, e
    return arrow_value(case, got.to_pylist()[0]), None


def arrow(case):
    if case["op"] == "query-build":
        pairs = [{"key": k, "value": v} for k, v in case["input_pairs"]]
        return arrow_one(case, pa.array([[], pairs, None], PAIRS).slice(1, 1))
    x = input_of(case)
    b = x if isinstance(x, bytes) else x.encode("utf-8")
    # Sliced out of a longer array: offsets and validity read from the slice's start.
    col = pa.array([b"pad", b, None], pa.binary()).slice(1, 1)
    return arrow_one(case, col)


def test_arrow_runs_the_table_row_by_row_and_as_columns():
    assert run_front_end("python-arrow", arrow) > 8_000
    # Whole columns: every case of one operation and options that succeeds, in one call.
    ex = Exclusions.load("python-arrow")
    groups = collections.defaultdict(list)
    for case in TABLE:
        if not ex.match(case) and "error" not in case and case["op"] != "try-decode":
            groups[(case["op"], case["options"])].append(case)
    rows = 0
    for (op, _), group in groups.items():
        if op == "query-build":
            col = pa.array([[{"key": k, "value": v} for k, v in c["input_pairs"]] for c in group],
                           PAIRS)
        else:
            values = [input_of(c) for c in group]
            col = pa.array([v if isinstance(v, bytes) else v.encode() for v in values],
                           pa.binary())
        if op in ("query-param", "query-param-all"):  # one key per call
            out = [arrow_call(c, col.slice(i, 1), kwargs(c))[0].to_pylist()[0]
                   for i, c in enumerate(group)]
        else:
            out, e = arrow_call(group[0], col, kwargs(group[0]))
            assert e is None, (op, e)
            out = out.to_pylist()
        for case, got in zip(group, out):
            got = arrow_value(case, got)
            assert same(case, got, None) is None, (case, got)
        rows += len(group)
    print(f"conformance (python-arrow): {rows} cases again as {len(groups)} whole columns")
    assert rows > 5_000


URLLIB = {
    ("encode", "profile=py-quote"): pctenc.urllib.quote,
    ("encode", "profile=py-quote-plus"): pctenc.urllib.quote_plus,
    ("decode", "profile=py-quote"): pctenc.urllib.unquote,
    ("decode", "profile=py-quote-plus"): pctenc.urllib.unquote_plus,
    ("decode", "profile=py-quote, utf8=bytes"): pctenc.urllib.unquote_to_bytes,
}


def test_urllib_runs_the_cases_a_call_maps():
    """quote, quote_plus, unquote, unquote_plus and unquote_to_bytes are the py-quote
    profiles (CPython's defaults); the table's cases of those profiles with no other option
    run through them. Every other case maps onto no urllib.parse call."""
    run = 0
    failures = []
    for case in TABLE:
        fn = URLLIB.get((case["op"], case["options"]))
        x = input_of(case)
        if fn is None or (fn in (pctenc.urllib.unquote, pctenc.urllib.unquote_plus)
                          and isinstance(x, bytes)):
            continue  # unquote takes text: bytes are unquote_to_bytes'
        run += 1
        got, e = call(fn, x)
        if isinstance(got, str) and "output_hex" in case:
            got = got.encode()
        diff = same(case, got, e)
        if diff:
            failures.append(f"{case['id']} {fn.__name__}({x!r}): {diff}")
    print(f"conformance (python-urllib): {run} cases run, {len(TABLE) - run} map onto no "
          f"urllib.parse call")
    assert run > 100 and not failures, "\n".join(failures[:40])

"""The conformance table's query cases (`conformance/cases.jsonl`, ops `query-parse`,
`query-param`, `query-param-all`, `query-build`; format in `conformance/README.md`) through
the Python front end: every case as a one-row Arrow column (`pctenc.arrow.parse_query`,
`query_param`, `build_query`, the options given as the compact text, as SQL passes them), and
the whole of each operation's cases again as one column per options text. `query-parse`
cases also run through `pctenc.form.parse`, `query-build` through `pctenc.form.serialize`,
where their options are keyword arguments.

Nothing is excluded: the Python front end expresses every query case.
"""

import json
import pathlib
from collections import defaultdict

import pyarrow as pa
import pytest

import pctenc
import pctenc.arrow as A
from pctenc import form

TABLE = pathlib.Path(__file__).resolve().parents[3] / "conformance" / "cases.jsonl"
OPS = ("query-parse", "query-param", "query-param-all", "query-build")
PAIRS = pa.list_(pa.struct([("key", pa.string()), ("value", pa.string())]))


@pytest.fixture(scope="module")
def cases():
    # split("\n"), not splitlines(): a case's text may hold U+2028 and other line breaks.
    lines = TABLE.read_text(encoding="utf-8").split("\n")
    rows = [json.loads(line) for line in lines if line]
    return [c for c in rows if c["op"] in OPS]


def data(case):
    if "input_hex" in case:
        return bytes.fromhex(case["input_hex"])
    return case["input"]


def expected(case):
    if "error" in case:
        e = case["error"]
        return ("option-error", e["message"]) if "option" in e else ("error", e["code"], e["offset"])
    if "output_pairs" in case:
        return ("pairs", [tuple(p) for p in case["output_pairs"]])
    if "output_list" in case:
        return ("values", case["output_list"])
    return ("value", case["output"])


def column(value):
    return pa.array([value], pa.binary() if isinstance(value, bytes) else pa.string())


def run_column(case):
    """One case as a one-row column: what the front end gives, in `expected`'s shape."""
    opts = case["options"] or None
    try:
        if case["op"] == "query-build":
            pairs = pa.array([[{"key": k, "value": v} for k, v in case["input_pairs"]]], PAIRS)
            return ("value", A.build_query(pairs, opts).to_pylist()[0])
        col = column(data(case))
        if case["op"] == "query-parse":
            out = A.parse_query(col, opts).to_pylist()[0]
            return ("value", None) if out is None else ("pairs", [(p["key"], p["value"]) for p in out])
        all_ = case["op"] == "query-param-all"
        out = A.query_param(col, case["key"], opts, all=all_).to_pylist()[0]
        return ("values", out) if all_ and out is not None else ("value", out)
    except pctenc.PctencError as e:
        return ("error", e.code, e.offset)
    except ValueError as e:
        return ("option-error", str(e))


def same(case, got):
    want = expected(case)
    if want[0] == "option-error":
        return got[0] == "option-error" and want[1] in got[1]
    return got == want


def test_every_query_case_as_a_one_row_column(cases):
    bad = [(c["id"], expected(c), got) for c in cases if not same(c, got := run_column(c))]
    print(f"conformance (python, pctenc.arrow query): {len(cases)} cases run, 0 cannot express")
    assert bad[:10] == []
    assert len(cases) > 3000


def test_each_options_text_as_one_column(cases):
    """The cases of one operation and options text, all in one column: the rows are read
    together (nulls, offsets, the fast paths for text) and must give the same."""
    groups = defaultdict(list)
    for c in cases:
        if "error" not in c and c["op"] in ("query-parse", "query-param-all"):
            groups[(c["op"], c["options"], c.get("key"))].append(c)
    checked = 0
    for (op, opts, key), group in groups.items():
        values = [data(c) for c in group]
        binary = any(isinstance(v, bytes) for v in values)
        col = pa.array([v if isinstance(v, bytes) or not binary else v.encode() for v in values],
                       pa.binary() if binary else pa.string())
        if op == "query-parse":
            out = A.parse_query(col, opts or None).to_pylist()
            got = [None if o is None else [[p["key"], p["value"]] for p in o] for o in out]
            want = [c.get("output_pairs") for c in group]
        else:
            got = A.query_param(col, key, opts or None, all=True).to_pylist()
            want = [c.get("output_list") for c in group]
        assert got == want, (op, opts)
        checked += len(group)
    assert checked > 1000


def test_form_functions_run_their_cases(cases):
    """`form.parse` and `form.serialize`, options as keyword arguments (`on_error` is a
    column option: those cases are the columns' above)."""
    run = 0
    for c in cases:
        kwargs = dict(kv.split("=", 1) for kv in c["options"].split(", ") if kv)
        kwargs = {k: (v == "true") if v in ("true", "false") else v for k, v in kwargs.items()}
        if c["op"] not in ("query-parse", "query-build") or "on_error" in kwargs:
            continue
        try:
            if c["op"] == "query-build":
                got = ("value", form.serialize([tuple(p) for p in c["input_pairs"]], **kwargs))
            else:
                kwargs.setdefault("input", "auto")  # the table's default; form.parse reads forms
                got = ("pairs", form.parse(data(c), **kwargs))
        except pctenc.PctencError as e:
            got = ("error", e.code, e.offset)
        except (ValueError, TypeError) as e:
            got = ("option-error", str(e))
        assert same(c, got), (c["id"], expected(c), got)
        run += 1
    print(f"conformance (python, pctenc.form): {run} query cases run")
    assert run > 800

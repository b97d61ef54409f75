"""The conformance table (conformance/cases.jsonl, conformance/README.md) through the DuckDB
extension: every `encode`, `decode` and `try-decode` case as a SQL call, in the `duckdb`
Python package and in the DuckDB CLI (one script of every case: the same calls in DuckDB 1.5).

The options are a constant of each query (the bind-time path, where they are parsed once),
so the cases are batched: one SELECT per function, argument type and options text, its inputs
a VALUES column, gives every case of that signature (a few hundred queries instead of one per
case). A case whose result is an error runs alone, as an error ends its query. A batch that
fails at bind time (its signature alone, e.g. `utf8=bytes` into a VARCHAR) gives that error
to each of its calls, as no row was read; one that fails on a row where no case expects it
runs again one case per query, so that the difference names its case.

How a case becomes SQL (the front end's calling convention, nothing else):

- the options text is the functions' options argument as it is, with `profile=rfc3986`
  added where the case names no profile (the table's default; this front end's own default
  profile is `duckdb`, documented in docs/engines.md);
- the input is `unhex('...')` (a BLOB) for `decode` and `try-decode`: decoding a BLOB gives
  exactly the table's results (text unless `utf8=bytes`, bytes that are not UTF-8 an error);
  a case whose input is text runs again through the VARCHAR overload, where the only allowed
  difference is that a VARCHAR result refuses `utf8=bytes` at bind;
- `encode` takes text as VARCHAR (`decode(unhex(...))`) and other bytes as a BLOB.

Results are compared as bytes (`hex()`), NULL as NULL, input errors by code and byte
offset (from the message: `byte N: code at ...`), option errors by the table's message
being part of DuckDB's error. The operations with no SQL function here (check, normalize,
form-parse, form-serialize, decode-segment) are listed in
conformance/cannot-express/duckdb-extension.txt, which a stale entry also fails.
"""

import json
import os
import re
import subprocess

import duckdb
import pytest

from conftest import ROOT

TABLE = os.path.join(ROOT, "conformance", "cases.jsonl")
EXCLUDED = os.path.join(ROOT, "conformance", "cannot-express", "duckdb-extension.txt")
VARCHAR_REFUSES_BYTES = "which a VARCHAR cannot hold"
ERROR = re.compile(r", byte (\d+): ([a-z0-9-]+) at ")


def _key(k):
    return k.strip().lower().replace("_", "").replace("-", "")


def _excluded():
    rules, ids = [], []
    with open(EXCLUDED, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            kind, rest = line.split(None, 1)
            target = rest.split(None, 1) if kind == "rule" else [rest.split()[0]]
            (rules if kind == "rule" else ids).append(target if kind == "rule" else target[0])
    return rules, ids


def _matches(rule, case):
    if rule[0] == "op":
        return case["op"] == rule[1].split()[0]
    if rule[0] == "bytes":
        return case["op"] == rule[1].split()[0] and "input_hex" in case
    raise AssertionError(f"duckdb.txt: rule {rule} is not one this runner implements")


@pytest.fixture(scope="module")
def cases():
    with open(TABLE, encoding="utf-8") as f:
        table = [json.loads(line) for line in f]
    rules, ids = _excluded()
    used = set()
    run = []
    for c in table:
        hit = [i for i, r in enumerate(rules) if _matches(r, c)]
        if c["id"] in ids or hit:
            used.update(hit)
            used.add(c["id"]) if c["id"] in ids else None
            continue
        run.append(c)
    stale = [r for i, r in enumerate(rules) if i not in used] + [i for i in ids if i not in used]
    assert not stale, f"duckdb.txt: entries that match no case: {stale}"
    assert len(run) > 9000, len(run)
    return table, run


def _options(case):
    text = case["options"]
    keys = {_key(p.split("=", 1)[0]) for p in text.split(",") if p.strip()}
    if "profile" not in keys:
        text = "profile=rfc3986" + (", " + text if text.strip() else "")
    return text.replace("'", "''")


def _input_hex(case):
    return case["input_hex"] if "input_hex" in case else case["input"].encode().hex()


QUERY = {
    "query-parse": "pct_parse_query",
    "query-param": "pct_query_param",
    "query-param-all": "pct_query_param_all",
    "query-build": "pct_build_query",
}
PAIRS = "STRUCT(key VARCHAR, value VARCHAR)[]"


def _sql_string(s):
    return "'" + s.replace("'", "''") + "'"


def _text(s):
    return f"decode(unhex('{s.encode().hex()}'))"


def _canon(op, r):
    """SQL text of a query result `r` that compares as a string, in Python and in the CLI's
    CSV alike (no comma): hex of a string, a list as `[item;item;]`, a pair as `key:value`;
    NULL stays NULL."""
    item = {
        "query-parse": "hex(x.key) || ':' || hex(x.value) || ';'",
        "query-param-all": "hex(x) || ';'",
    }.get(op)
    if item is None:
        return f"hex({r})"
    return f"'[' || array_to_string(list_transform({r}, lambda x: {item}), '') || ']'"


def _query_input(case):
    """SQL of a query case's first argument."""
    if case["op"] == "query-build":
        pairs = ", ".join(f"{{'key': {_text(k)}, 'value': {_text(v)}}}" for k, v in case["input_pairs"])
        return f"CAST([{pairs}] AS {PAIRS})"
    return _text(case["input"])


def _query_call(case, arg, key=None, opts=None):
    """The function of a query case on `arg`: the key (a constant unless given), an empty
    profile (the default) and the options text (as a literal unless given)."""
    if key is None and case.get("key") is not None:
        key = _text(case["key"])
    key = f", {key}" if key else ""
    opts = opts or "'" + case["options"].replace("'", "''") + "'"
    return f"{QUERY[case['op']]}({arg}{key}, '', {opts})"


def calls(case):
    """(label, SQL expression giving hex of the result or NULL) for one case."""
    if case["op"] in QUERY:
        return [("query", _canon(case["op"], _query_call(case, _query_input(case))))]
    opts = _options(case)
    h = _input_hex(case)
    fn = {"encode": "pct_encode", "decode": "pct_decode", "try-decode": "pct_try_decode"}[
        case["op"]
    ]
    text = f"decode(unhex('{h}'))"
    blob = f"unhex('{h}')"
    if case["op"] == "encode":
        arg = blob if "input_hex" in case else text
        return [("encode", f"hex({fn}({arg}, '{opts}'))")]
    out = [("blob", f"hex({fn}({blob}, '{opts}'))")]
    if "input_hex" not in case:
        out.append(("varchar", f"hex({fn}({text}, '{opts}'))"))
    return out


def _hex(s):
    return s.encode().hex().upper()


def expected(case):
    if "error" in case:
        return ("error", case["error"])
    if case["op"] in QUERY:
        if "output_pairs" in case:
            return ("value", "[" + "".join(f"{_hex(k)}:{_hex(v)};" for k, v in case["output_pairs"]) + "]")
        if "output_list" in case:
            return ("value", "[" + "".join(f"{_hex(x)};" for x in case["output_list"]) + "]")
        return ("value", None if case["output"] is None else _hex(case["output"]))
    if "output_hex" in case:
        return ("value", case["output_hex"].upper())
    if case["output"] is None:
        return ("value", None)
    return ("value", case["output"].encode().hex().upper())


def check(case, label, got_value, got_error):
    """None if the result is the table's, else a description of the difference."""
    kind, want = expected(case)
    if got_error is not None:
        if label == "varchar" and VARCHAR_REFUSES_BYTES in got_error and "utf8" in case["options"]:
            return None
        if kind != "error":
            return f"error {got_error!r}, want {want!r}"
        if "offset" in want:
            m = ERROR.search(got_error)
            if not m or (int(m.group(1)), m.group(2)) != (want["offset"], want["code"]):
                return f"error {got_error!r}, want {want}"
            return None
        return None if want["message"] in got_error else f"error {got_error!r}, want {want}"
    if kind == "error":
        return f"value {got_value!r}, want error {want}"
    return None if got_value == want else f"value {got_value!r}, want {want!r}"


def report(front, table, run, failures):
    excluded = len(table) - len(run)
    print(
        f"\nconformance ({front}): {len(run)} cases run, {excluded} cannot express "
        "(conformance/cannot-express/duckdb-extension.txt)"
    )
    assert not failures, f"{len(failures)} differences, first: {failures[:10]}"


def _signature(case, label):
    """(function, argument SQL over the column `h`, options literal) of one call: the part
    of calls() that a batch shares."""
    if case["op"] in QUERY:
        return ("query", case["op"], case["options"], case.get("key"))
    fn = {"encode": "pct_encode", "decode": "pct_decode", "try-decode": "pct_try_decode"}[case["op"]]
    text = label == "varchar" or (label == "encode" and "input_hex" not in case)
    return fn, "decode(unhex(h))" if text else "unhex(h)", _options(case)


def plan(run):
    """The calls of every case, as (batches, singles): batches maps a signature to its
    (index, case, label) calls, none expecting an error; singles are (index, case, label,
    SQL expression) calls that run one per query."""
    batches, singles, i = {}, [], 0
    for c in run:
        for label, expr in calls(c):
            if expected(c)[0] == "error":
                singles.append((i, c, label, expr))
            else:
                batches.setdefault(_signature(c, label), []).append((i, c, label))
            i += 1
    return batches, singles


def batch_sql(sig, items, value="hex({f}({a}, '{o}'))"):
    if sig[0] == "query":
        # One query per operation, options and key, the values a column: the bind-time path.
        c = items[0][1]
        col = "p" if c["op"] == "query-build" else "decode(unhex(h))"
        rows = ", ".join(f"({i}, {_query_input(c) if col == 'p' else repr(_input_hex(c))})"
                         for i, c, _ in items)
        expr = _canon(c["op"], _query_call(c, col))
        return f"SELECT k, {expr} FROM (VALUES {rows}) AS t(k, {col[0] if col == 'p' else 'h'}) ORDER BY k"
    fn, arg, opts = sig
    rows = ", ".join(f"({i}, '{_input_hex(c)}')" for i, c, _ in items)
    expr = value.format(f=fn, a=arg, o=opts)
    return f"SELECT k, {expr} FROM (VALUES {rows}) AS t(k, h) ORDER BY k"


def is_bind_error(error):
    """Whether a batch's error came at bind time, from its signature alone (e.g. `utf8=bytes`
    through the VARCHAR overload): then it is every call's answer, as no row was read."""
    return "Binder Error" in error


def single_expr(case, label):
    return dict(calls(case))[label]


def test_batches_run_every_call_once(cases):
    """The batching loses no call: every call of calls() is in exactly one query."""
    _, run = cases
    batches, singles = plan(run)
    n = sum(len(calls(c)) for c in run)
    seen = [i for items in batches.values() for i, _, _ in items] + [i for i, _, _, _ in singles]
    assert sorted(seen) == list(range(n))
    assert len(batches) + len(singles) < n / 2, (len(batches), len(singles), n)


def test_conformance_in_python(con, cases):
    table, run = cases
    batches, singles = plan(run)
    failures = []

    def one(c, label, expr):
        value, error = None, None
        try:
            value = con.execute(f"SELECT {expr}").fetchall()[0][0]
        except duckdb.Error as e:
            error = str(e)
        diff = check(c, label, value, error)
        if diff:
            failures.append((c["id"], label, diff))

    for sig, items in batches.items():
        try:
            got, error = dict(con.execute(batch_sql(sig, items)).fetchall()), None
        except duckdb.Error as e:
            got, error = {}, str(e)
            if not is_bind_error(error):
                for _, c, label in items:  # find the case that fails, and its error
                    one(c, label, single_expr(c, label))
                continue
        for i, c, label in items:
            diff = check(c, label, got.get(i), error)
            if diff:
                failures.append((c["id"], label, diff))
    for _, c, label, expr in singles:
        one(c, label, expr)
    print(f"\nduckdb python: {len(batches)} batch queries, {len(singles)} single ones")
    report("duckdb python", table, run, failures)


def test_query_cases_with_arguments_from_columns(con, cases):
    """The query cases again with the key and the options as columns (the per-row path:
    runs of rows with equal arguments, one plan each), one query per operation."""
    _, run = cases
    failures, n = [], 0
    for op in QUERY:
        items = [c for c in run if c["op"] == op and "error" not in c]
        col = "p" if op == "query-build" else "decode(unhex(h))"
        rows = ", ".join(
            f"({i}, {_query_input(c) if col == 'p' else repr(_input_hex(c))}, "
            f"{repr(c['key'].encode().hex()) if c.get('key') is not None else 'NULL'}, "
            f"{_sql_string(c['options'])})"
            for i, c in enumerate(items)
        )
        key = "decode(unhex(kh))" if op in ("query-param", "query-param-all") else None
        expr = _canon(op, _query_call({"op": op}, col, key=key, opts="o"))
        first = "p" if col == "p" else "h"
        got = dict(con.execute(
            f"SELECT i, {expr} FROM (VALUES {rows}) AS t(i, {first}, kh, o) ORDER BY i"
        ).fetchall())
        for i, c in enumerate(items):
            if got[i] != expected(c)[1]:
                failures.append((c["id"], got[i], expected(c)[1]))
        n += len(items)
    print(f"\nduckdb python, arguments from columns: {n} query cases")
    assert not failures, f"{len(failures)} differences, first: {failures[:10]}"


def _cli_script(extension, queries):
    """A CLI script running `queries` [(tag, SQL)], each answer after a line `@@tag`."""
    script = [f"LOAD '{extension}';"]
    for tag, sql in queries:
        script.append(f".print @@{tag}")
        script.append(sql + ";")
    return "\n".join(script) + "\n"


def _run_cli(cli, extension, queries, path):
    path.write_text(_cli_script(extension, queries), encoding="utf-8")
    with open(path, encoding="utf-8") as stdin:
        p = subprocess.run(
            [cli.exe, "-unsigned", "-csv", "-noheader"],
            stdin=stdin,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=1200,
        )
    answers, current = {}, None
    for line in p.stdout.splitlines():
        if line.startswith("@@"):
            current = line[2:]
            answers[current] = []
        elif current is not None:
            answers[current].append(line)
    assert len(answers) == len(queries), (len(answers), len(queries), p.stdout[-2000:])
    return answers


def _cli_value(c, label, lines):
    text = "\n".join(lines)
    if "Error:" in text:
        return None, text
    assert len(lines) == 1, (c["id"], lines)
    return (None if lines[0] == "NULL" else lines[0]), None


def test_conformance_in_the_cli(cli, extension, cases, tmp_path):
    table, run = cases
    batches, singles = plan(run)
    sigs = list(batches)
    value = "coalesce(hex({f}({a}, '{o}')), 'NULL')"
    queries = [(f"b{n}", batch_sql(sig, batches[sig], value)) for n, sig in enumerate(sigs)]
    queries += [(f"s{i}", f"SELECT coalesce({expr}, 'NULL')") for i, _, _, expr in singles]
    answers = _run_cli(cli, extension, queries, tmp_path / "cases.sql")
    n_queries = len(queries)
    failures, retry = [], []
    for n, sig in enumerate(sigs):
        lines = answers[f"b{n}"]
        error = "\n".join(lines) if any("Error:" in line for line in lines) else None
        if error and not is_bind_error(error):
            retry += batches[sig]  # find the case that fails, and its error
            continue
        got = dict(line.split(",", 1) for line in lines) if not error else {}
        for i, c, label in batches[sig]:
            v = got.get(str(i))
            if error:
                diff = check(c, label, None, error)
            else:
                diff = check(c, label, None if v == "NULL" else v, None) if v is not None else "no row"
            if diff:
                failures.append((c["id"], label, diff))
    for i, c, label, _ in singles:
        diff = check(c, label, *_cli_value(c, label, answers[f"s{i}"]))
        if diff:
            failures.append((c["id"], label, diff))
    if retry:
        one_by_one = [(f"r{i}", f"SELECT coalesce({single_expr(c, label)}, 'NULL')") for i, c, label in retry]
        again = _run_cli(cli, extension, one_by_one, tmp_path / "retry.sql")
        for i, c, label in retry:
            diff = check(c, label, *_cli_value(c, label, again[f"r{i}"]))
            if diff:
                failures.append((c["id"], label, diff))
    print(f"\nduckdb cli: {n_queries} queries, then {len(retry)} calls of failed batches one by one")
    report("duckdb cli", table, run, failures)

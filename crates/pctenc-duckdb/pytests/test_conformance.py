"""The conformance table (conformance/cases.jsonl, conformance/README.md) through the DuckDB
extension: every `encode`, `decode` and `try-decode` case as a SQL call, in the `duckdb`
Python package (one query per case, constant arguments: the bind-time path) and in the
DuckDB CLI (one script of every case: the same calls in DuckDB 1.5).

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


def calls(case):
    """(label, SQL expression giving hex of the result or NULL) for one case."""
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


def expected(case):
    if "error" in case:
        return ("error", case["error"])
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


def test_conformance_in_python(con, cases):
    table, run = cases
    failures = []
    for c in run:
        for label, expr in calls(c):
            value, error = None, None
            try:
                value = con.execute(f"SELECT {expr}").fetchall()[0][0]
            except duckdb.Error as e:
                error = str(e)
            diff = check(c, label, value, error)
            if diff:
                failures.append((c["id"], label, diff))
    report("duckdb python", table, run, failures)


def test_conformance_in_the_cli(cli, extension, cases, tmp_path):
    table, run = cases
    script = [f"LOAD '{extension}';"]
    labels = []
    for c in run:
        for label, expr in calls(c):
            labels.append((c, label))
            script.append(f".print @@{len(labels) - 1}")
            script.append(f"SELECT coalesce({expr}, 'NULL');")
    path = tmp_path / "cases.sql"
    path.write_text("\n".join(script) + "\n", encoding="utf-8")
    with open(path, encoding="utf-8") as stdin:
        p = subprocess.run(
            [cli.exe, "-unsigned", "-csv", "-noheader"],
            stdin=stdin,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=1200,
        )
    answers = {}
    current = None
    for line in p.stdout.splitlines():
        if line.startswith("@@"):
            current = int(line[2:])
            answers[current] = []
        elif current is not None:
            answers[current].append(line)
    assert len(answers) == len(labels), (len(answers), len(labels), p.stdout[-2000:])
    failures = []
    for i, (c, label) in enumerate(labels):
        lines = answers[i]
        text = "\n".join(lines)
        if "Error:" in text:
            value, error = None, text
        else:
            assert len(lines) == 1, (c["id"], lines)
            value, error = (None if lines[0] == "NULL" else lines[0]), None
        diff = check(c, label, value, error)
        if diff:
            failures.append((c["id"], label, diff))
    report("duckdb cli", table, run, failures)

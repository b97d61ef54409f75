"""CPython's own test cases for the urllib.parse functions pctenc.urllib replaces.

shared/testdata/cpython/cpython-urllib-cases.json records every call that CPython 3.11.7's
test_urllib.py (QuotingTests, UnquotingTests, urlencode_Tests) and test_urlparse.py (test_qsl,
test_qs, the parse_qs[l] encoding and separator tests, urlencode sequences and quote_via,
quote_from_bytes, unquote_to_bytes, quote errors) make, with its result or exception type.
Each call is replayed against pctenc.urllib and against CPython's own functions: both must
give the recorded answer (the second proves the record fits this interpreter). Twice: with
pctenc.urllib left in place (calls to `pctenc.urllib.quote`), and installed into urllib.parse
for the whole program (`pctenc.urllib.install()`, then calls to `urllib.parse.quote`), where
every fallback must reach CPython's original, never the installed function again.
"""

import json
import subprocess
import sys
import types
import urllib.parse

import pytest

import pctenc.urllib

#: CPython's own functions, as pctenc captured them at import.
ORIGINAL = types.SimpleNamespace(**pctenc.urllib._ORIGINAL)

CASES_FILE = "cpython/cpython-urllib-cases.json"


def _value(v, module=pctenc.urllib):
    """A recorded argument or result as the Python value (see the file's encoding_of_values)."""
    if isinstance(v, list):
        return [_value(x, module) for x in v]
    if isinstance(v, dict):
        if "bytes_hex" in v:
            return bytes.fromhex(v["bytes_hex"])
        if "pairs" in v:
            return {_value(k, module): _value(x, module) for k, x in v["pairs"]}
        if "tuple" in v:
            return tuple(_value(x, module) for x in v["tuple"])
        if "str_codepoints" in v:
            return "".join(chr(c) for c in v["str_codepoints"])
        if "function" in v:
            name = v["function"].rsplit(".", 1)[1]
            return getattr(module, name)
        return {k: _value(x, module) for k, x in v.items()}
    return v


def _normal(result):
    """Results compared as JSON would hold them (tuples inside results are lists)."""
    if isinstance(result, (list, tuple)):
        return [_normal(x) for x in result]
    if isinstance(result, dict):
        return {k: _normal(v) for k, v in result.items()}
    return result


def _cases():
    from conftest import TESTDATA

    data = json.loads((TESTDATA / CASES_FILE).read_text(encoding="utf-8"))
    assert data["count"] == len(data["cases"]) > 500
    return data["cases"]


CASES = _cases()


def _run(module, case):
    name = case["fn"].rsplit(".", 1)[1]
    fn = getattr(module, name)
    args = [_value(a, module) for a in case["args"]]
    kwargs = {k: _value(v, module) for k, v in case.get("kwargs", {}).items()}
    if "raises" in case:
        with pytest.raises(BaseException) as info:
            fn(*args, **kwargs)
        assert type(info.value).__name__ == case["raises"]
        return None
    return fn(*args, **kwargs)


@pytest.fixture(scope="module", params=["in-place", "installed"])
def ours(request):
    """The module whose functions are called: pctenc.urllib, or urllib.parse with pctenc's
    functions installed in it."""
    if request.param == "in-place":
        yield pctenc.urllib
        return
    pctenc.urllib.install()
    try:
        assert urllib.parse.quote is pctenc.urllib.quote
        assert urllib.parse.parse_qsl is pctenc.urllib.parse_qsl
        yield urllib.parse
    finally:
        pctenc.urllib.uninstall()
    assert urllib.parse.quote is ORIGINAL.quote


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['fn'].rsplit('.', 1)[1]}" for i, c in enumerate(CASES)])
def test_cpython_case(ours, case):
    ours_result = _run(ours, case)
    theirs = _run(ORIGINAL, case)
    if "raises" in case:
        return
    want = _value(case["result"])
    assert _normal(theirs) == _normal(want), "the record does not fit this CPython"
    assert _normal(ours_result) == _normal(want)
    assert type(ours_result) is type(theirs)


def test_every_function_is_covered():
    names = {c["fn"].rsplit(".", 1)[1] for c in CASES}
    assert names == set(pctenc.urllib.__all__) - {"install", "uninstall"}


def test_installed_fallbacks_reach_cpython_not_themselves():
    """The reported failure: installed by assignment, as a program speeding up a library
    would, a call that falls back (another separator, another codec) once found the
    installed function in urllib.parse again and recursed without end."""
    try:
        for name in pctenc.urllib._REPLACED:
            setattr(urllib.parse, name, getattr(pctenc.urllib, name))
        assert urllib.parse.parse_qs("a=1;b=2", separator=";") == {"a": ["1"], "b": ["2"]}
        assert urllib.parse.parse_qsl("a=1;b=2", separator=";") == [("a", "1"), ("b", "2")]
        assert urllib.parse.quote("é", encoding="latin-1") == "%E9"
        assert urllib.parse.unquote("%E9", encoding="latin-1") == "é"
        assert urllib.parse.quote_plus("a b/", safe=b"/") == "a+b/"
        assert urllib.parse.urlencode({"a": "b c"}) == "a=b+c"
    finally:
        pctenc.urllib.uninstall()


def test_install_and_uninstall_for_a_whole_program():
    """install() is seen by code that calls urllib.parse.<name> (here a separate process,
    with a library-like module imported after); uninstall() restores CPython's own."""
    code = """
import urllib.parse, pctenc.urllib
orig = urllib.parse.quote
pctenc.urllib.install(); pctenc.urllib.install()   # twice changes nothing
assert all(getattr(urllib.parse, n) is getattr(pctenc.urllib, n) for n in pctenc.urllib._REPLACED)
assert urllib.parse.parse_qs("a=1;b=2", separator=";") == {"a": ["1"], "b": ["2"]}
import urllib.request   # imported after install(): binds pctenc's quote
assert urllib.request.quote is pctenc.urllib.quote
assert urllib.request.pathname2url("/a b/é") == "/a%20b/%C3%A9"
pctenc.urllib.uninstall()
assert urllib.parse.quote is orig and urllib.parse.quote.__module__ == "urllib.parse"
print("ok")
"""
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout == "ok\n", r.stderr

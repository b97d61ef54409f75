"""CPython's own test cases for the urllib.parse functions pctenc.urllib replaces.

shared/testdata/cpython/cpython-urllib-cases.json records every call that CPython 3.11.7's
test_urllib.py (QuotingTests, UnquotingTests, urlencode_Tests) and test_urlparse.py (test_qsl,
test_qs, the parse_qs[l] encoding and separator tests, urlencode sequences and quote_via,
quote_from_bytes, unquote_to_bytes, quote errors) make, with its result or exception type.
Each call is replayed against pctenc.urllib and against the running urllib.parse: both must
give the recorded answer (the second proves the record fits this interpreter).
"""

import json
import urllib.parse

import pytest

import pctenc.urllib

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


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['fn'].rsplit('.', 1)[1]}" for i, c in enumerate(CASES)])
def test_cpython_case(case):
    ours = _run(pctenc.urllib, case)
    theirs = _run(urllib.parse, case)
    if "raises" in case:
        return
    want = _value(case["result"])
    assert _normal(theirs) == _normal(want), "the record does not fit this CPython"
    assert _normal(ours) == _normal(want)
    assert type(ours) is type(theirs)


def test_every_function_is_covered():
    names = {c["fn"].rsplit(".", 1)[1] for c in CASES}
    assert names == set(pctenc.urllib.__all__)

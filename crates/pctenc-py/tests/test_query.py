"""Query strings as data (issue 23): `pctenc.query.parse` / `build` on one value (read here
with `input="form"`, all of the value, as `parse_qsl` reads it) and
`pctenc.arrow.parse_query` / `query_param` / `build_query` on columns, against the real
things: CPython's `parse_qsl(keep_blank_values=True)`, `parse_qs`, `urlsplit` and
`urlencode` (hypothesis differential tests and CPython's own recorded cases), and the wpt
urlencoded-parser and URLSearchParams cases.

Known differences, each asserted where it applies rather than skipped:

- A `str` with a lone surrogate: Python's parser keeps it; pctenc reads a `str` as UTF-8,
  which cannot hold one, so it raises UnicodeEncodeError (`test_lone_surrogates_differ`).
- `urlsplit` deletes tab, CR and LF anywhere in a URL and strips leading C0 controls and
  spaces (the URL Standard's input cleanup); `input="url"` looks for `?` and `#` only and
  keeps every byte (`test_urlsplit_cleanup_differs`).
- `urlencode` writes `str()` of a non-string value, as `build` does, but expands
  sequences only with `doseq=True`: the differential passes pairs of strings.
"""

import functools
import json
import urllib.parse

import polars as pl
import pyarrow as pa
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pctenc
import pctenc.arrow as A
import pctenc.polars  # noqa: F401 - registers the .pct namespace
from pctenc import query

# The value as a form body (all of it), as parse_qsl reads it; input= still overrides.
parse = functools.partial(query.parse, input="form")

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

pieces = st.sampled_from(
    ["%", "%4", "%41", "%zz", "%E2", "%82", "%AC", "%C3%A9", "%ff", "%ED%A0%80", "%26", "%3D",
     "+", "&", "&&", "=", "==", ";", " ", "?", "#", "é", "€", "𝄞", "\x00", "q", "a", "utm"]
)
no_surrogates = st.text(st.characters(exclude_categories=["Cs"]), max_size=5)
query_text = st.lists(st.one_of(no_surrogates, pieces), max_size=14).map("".join)


def qsl(s):
    return urllib.parse.parse_qsl(s, keep_blank_values=True)


# ---------------------------------------------------------------- one value


@SETTINGS
@given(query_text)
def test_parse_is_parse_qsl(s):
    assert parse(s) == qsl(s)
    assert parse(s.encode()) == qsl(s)
    # py-quote-plus (unquote_plus) decodes names and values exactly as the form profile
    assert parse(s, profile="py-quote-plus") == qsl(s)


@SETTINGS
@given(st.lists(st.tuples(no_surrogates | pieces, no_surrogates | pieces), max_size=5))
def test_serialize_is_urlencode_with_py_quote_plus(pairs):
    assert query.build(pairs, profile="py-quote-plus") == urllib.parse.urlencode(pairs)
    # and what it writes reads back as the same pairs
    assert parse(query.build(pairs)) == pairs


def _recorded(v):
    """A value of the recorded file as Python had it (see its `encoding_of_values`)."""
    if isinstance(v, list):
        return [_recorded(x) for x in v]
    if isinstance(v, dict):
        if "bytes_hex" in v:
            return bytes.fromhex(v["bytes_hex"])
        if "tuple" in v:
            return tuple(_recorded(x) for x in v["tuple"])
        if "pairs" in v:
            return {_recorded(k): _recorded(x) for k, x in v["pairs"]}
        if "str_codepoints" in v:
            return "".join(map(chr, v["str_codepoints"]))
    return v


def test_cpython_recorded_cases(testdata):
    """CPython's own parse_qsl / urlencode calls (recorded from its test suite) where the
    arguments are ones query.parse / build stand for: str input, keep_blank_values=True,
    the default separator and codec; urlencode without doseq, of pairs or a dict of str,
    bytes and other values (written as their str())."""
    cases = json.loads((testdata / "cpython" / "cpython-urllib-cases.json").read_text())["cases"]
    ran = {"parse_qsl": 0, "urlencode": 0}
    for c in cases:
        fn, args, kwargs = c["fn"].rsplit(".", 1)[1], c.get("args", []), c.get("kwargs", {})
        if "result" not in c:
            continue
        if fn == "parse_qsl" and len(args) == 1 and isinstance(args[0], str):
            if kwargs != {"keep_blank_values": True}:
                continue
            assert parse(args[0]) == [tuple(p) for p in c["result"]], args
            ran["parse_qsl"] += 1
        elif fn == "urlencode" and len(args) == 1 and not kwargs:
            recorded = _recorded(args[0])
            assert query.build(recorded, profile="py-quote-plus") == c["result"], args
            assert urllib.parse.urlencode(recorded) == c["result"], args
            ran["urlencode"] += 1
    assert ran["parse_qsl"] >= 3 and ran["urlencode"] >= 3, ran


def test_wpt_urlencoded_parser(testdata):
    cases = json.loads((testdata / "wpt" / "urlencoded-parser-data.json").read_text())
    for c in cases:
        assert parse(c["input"]) == [tuple(p) for p in c["output"]], c["input"]
    col = A.parse_query(pa.array([c["input"] for c in cases]), input="form")
    assert col.to_pylist() == [[{"key": k, "value": v} for k, v in c["output"]] for c in cases]
    assert len(cases) == 35


def test_wpt_urlsearchparams(testdata):
    data = json.loads((testdata / "wpt" / "urlsearchparams-cases.json").read_text())
    for c in data["parse"]:
        assert parse(c["input"], input="query") == [tuple(p) for p in c["pairs"]]
    for c in data["serialize"]:
        assert query.build(c["pairs"]) == c["expected"]
    for c in data["reserialize"]:
        assert query.build(parse(c["input"], input="query")) == c["expected"]


def test_lone_surrogates_differ():
    assert qsl("a=\ud800") == [("a", "\ud800")]
    with pytest.raises(UnicodeEncodeError):
        parse("a=\ud800")


def test_inputs_and_errors():
    url = "https://x.example/p?q=caf%C3%A9+au+lait&n=1&n&q=2#frag?z=9"
    assert parse(url, input="url") == [("q", "café au lait"), ("n", "1"), ("n", ""),
                                            ("q", "2")]
    assert parse("/p", input="url") == []
    assert parse("?a=1", input="query") == [("a", "1")]
    assert parse("?a=1") == [("?a", "1")]  # input="form": the value as it is
    with pytest.raises(pctenc.PctencError) as e:
        parse("/p?a=1&b=%zz", profile="rfc3986", input="url")
    assert (e.value.offset, e.value.code) == (9, "invalid-escape")
    with pytest.raises(ValueError, match=r"unknown input 'uri' \(input takes auto\|url\|query\|form\)"):
        parse("a", input="uri")
    with pytest.raises(ValueError, match="profile with url-query: it keeps '%'"):
        query.build([("a", "b")], profile="url-query")
    # bytes are escaped as they are where the profile reads bytes (urlencode's quote_plus);
    # the form serializer reads text, so 0xFF is U+FFFD there
    assert query.build({"a": 1, b"k": b"\xff"}, profile="py-quote-plus") == "a=1&k=%FF"
    assert query.build({"a": 1, b"k": b"\xff"}) == "a=1&k=%EF%BF%BD"
    assert parse(b"q=%82%B1", charset="shift_jis") == [("q", "こ")]
    assert query.build([("q", "こ")], charset="shift_jis") == "q=%82%B1"


# ---------------------------------------------------------------- columns

url_text = st.builds(
    lambda base, q, frag: base + q + frag,
    st.sampled_from(["", "https://h.example/p", "/a/b", "h", "?"]),
    st.one_of(st.just(""), query_text.map(lambda s: "?" + s)),
    st.one_of(st.just(""), query_text.map(lambda s: "#" + s)),
)
cleanup = "\t\r\n"


@SETTINGS
@given(st.lists(st.one_of(st.none(), url_text), max_size=12))
def test_columns_are_urlsplit_then_parse_qs(urls):
    """parse_query / query_param on a column, input="url", against urlsplit(u).query and
    parse_qsl / parse_qs row by row (URLs without urlsplit's cleanup characters)."""
    urls = [u if u is None or not (set(u) & set(cleanup) or u[:1] <= " ") else None for u in urls]
    col = pa.array(urls, pa.string())
    parsed = A.parse_query(col, input="url").to_pylist()
    first = A.query_param(col, "q", input="url").to_pylist()
    every = A.query_param(col, "q", input="url", all=True).to_pylist()
    for i, u in enumerate(urls):
        if u is None:
            assert parsed[i] is None and first[i] is None and every[i] is None
            continue
        query = urllib.parse.urlsplit(u).query
        want = qsl(query) if "?" in u.split("#")[0] else []
        assert [(p["key"], p["value"]) for p in parsed[i]] == want, u
        qs = urllib.parse.parse_qs(query, keep_blank_values=True) if want else {}
        assert every[i] == qs.get("q", []), u
        assert first[i] == (qs["q"][0] if "q" in qs else None), u


def test_urlsplit_cleanup_differs():
    u = "https://h/p?q=a\tb"
    assert urllib.parse.urlsplit(u).query == "q=ab"
    assert A.query_param(pa.array([u]), "q", input="url").to_pylist() == ["a\tb"]


def test_types_nulls_and_empties():
    rows = ["https://h/?a=1&b&a=%zz&c=x+y", None, "https://h/", "", "a=1", "https://h/?"]
    for t in (pa.string(), pa.large_string(), pa.string_view(), pa.binary()):
        arr = pa.array(rows, pa.string()).cast(t)
        out = A.parse_query(arr)
        large = t == pa.large_string()
        inner = pa.struct([pa.field("key", pa.large_string() if large else pa.string(), False),
                           pa.field("value", pa.large_string() if large else pa.string(), False)])
        want_type = (pa.large_list if large else pa.list_)(pa.field("item", inner, False))
        assert out.type == want_type, t
        assert out.to_pylist() == [
            [{"key": "a", "value": "1"}, {"key": "b", "value": ""}, {"key": "a", "value": "%zz"},
             {"key": "c", "value": "x y"}],
            None,
            [{"key": "https://h/", "value": ""}],  # auto: no '?', a bare query
            [],
            [{"key": "a", "value": "1"}],
            [],
        ]
        assert A.parse_query(arr, input="url").to_pylist()[2:4] == [[], []]
        assert A.query_param(arr, "a").to_pylist() == ["1", None, None, None, "1", None]
        assert A.query_param(arr, "a", all=True).to_pylist() == [
            ["1", "%zz"], None, [], [], ["1"], []]
    d = pa.array(rows).dictionary_encode()
    assert A.parse_query(d).to_pylist() == A.parse_query(pa.array(rows)).to_pylist()
    assert A.query_param(d, "a").to_pylist() == ["1", None, None, None, "1", None]
    assert A.parse_query(pa.nulls(3)).to_pylist() == [None] * 3
    with pytest.raises(TypeError, match=r"not int64: cast the column to string first"):
        A.query_param(pa.array([1, 2]), "a")
    m = A.parse_query(pa.array(rows), map=True)
    assert pa.types.is_map(m.type) and (m.type.key_type, m.type.item_type) == (pa.string(),) * 2
    assert m.to_pylist()[0] == [("a", "1"), ("b", ""), ("a", "%zz"), ("c", "x y")]


def test_error_policies_name_row_and_offset():
    rows = pa.chunked_array([["a=1"], ["b=2", "/p?x=%zz&a=%E2%82%AC", "/p?a=%E2%82"]])
    with pytest.raises(pctenc.PctencError) as e:
        A.parse_query(rows, "rfc3986")
    assert (e.value.row, e.value.offset, e.value.code) == (2, 5, "invalid-escape")
    assert "profile rfc3986, row 2, byte 5: invalid-escape" in str(e.value)
    # picking 'a' reads past the bad 'x', and fails on row 3's own value
    with pytest.raises(pctenc.PctencError) as e:
        A.query_param(rows, "a", "rfc3986")
    assert (e.value.row, e.value.offset, e.value.code) == (3, 5, "invalid-utf8")
    assert A.query_param(rows, "a", "rfc3986", on_error="null").to_pylist() == [
        "1", None, "€", None]
    assert A.query_param(rows, "a", "rfc3986", on_error="keep").to_pylist()[3] == "%E2%82"
    assert A.query_param(rows, "a", "rfc3986", on_error="replace").to_pylist()[3] == "\ufffd"
    assert A.parse_query(rows, "rfc3986", on_error="null").to_pylist()[2] is None
    assert isinstance(A.parse_query(rows), pa.ChunkedArray)


def test_polars_series_and_build():
    s = pl.Series("u", ["/p?q=a+b&n=1", None, "/p"])
    parsed = A.parse_query(s, input="url")
    assert parsed.to_pylist()[0] == [{"key": "q", "value": "a b"}, {"key": "n", "value": "1"}]
    built = A.build_query(parsed)
    assert built.to_pylist() == ["q=a+b&n=1", None, ""]
    assert A.build_query(A.parse_query(s, input="url", map=True)).to_pylist() == built.to_pylist()
    assert A.build_query(parsed, "rfc3986").to_pylist()[0] == "q=a%20b&n=1"
    # a Polars list<struct> (its strings are views) and nullable names and values
    df = pl.DataFrame({"p": [[{"key": "a b", "value": "&"}, {"key": "k", "value": None}], None]})
    assert A.build_query(df["p"]).to_pylist() == ["a+b=%26", None]
    with pytest.raises(TypeError, match="list<struct<key: string, value: string>>"):
        A.build_query(pa.array(["a"]))
    assert A.build_query(pa.array([[], None])).to_pylist() == ["", None]  # list<null>
    with pytest.raises(ValueError, match="profile with js-uri: it keeps '&'"):
        A.build_query(parsed, "js-uri")


def test_the_docs_examples_run():
    """docs/python.md's query section: its example session runs and gives what it shows."""
    import doctest
    import pathlib

    doc = pathlib.Path(__file__).resolve().parents[3] / "docs" / "python.md"
    text = doc.read_text(encoding="utf-8")
    section = text.split("## Query strings as data", 1)[1].split("\n## ", 1)[0]
    test = doctest.DocTestParser().get_doctest(section, {}, "docs/python.md", str(doc), 0)
    assert len(test.examples) >= 8
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    assert runner.run(test).failed == 0


def test_polars_error_names_the_frames_row():
    """A query read that can raise (a strict profile) sees the whole column, so `.row` is the
    frame's row under the streaming engine too (elementwise, a morsel's row: 24999 here)."""
    parts = [pl.DataFrame({"u": ["/p?q=1"] * 50_000}), pl.DataFrame({"u": ["/p?q=%zz"]})]
    lf = pl.concat(parts, rechunk=False).lazy()
    for expr in (pl.col("u").pct.query_param("q", "rfc3986"),
                 pl.col("u").pct.parse_query("rfc3986", input="url")):
        with pytest.raises(pctenc.PctencError) as e:
            lf.select(expr).collect(engine="streaming")
        assert (e.value.row, e.value.offset) == (50_000, 5)
    # the default profile cannot fail a row: it stays elementwise and streams
    got = lf.select(pl.col("u").pct.query_param("q")).collect(engine="streaming")
    assert got["u"][-1] == "%zz"

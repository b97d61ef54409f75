"""The extension's query functions (`pct_query_param`, `pct_parse_query`, `pct_build_query`
and their twins) against the real things, in the `duckdb` Python package and the DuckDB CLI:

- CPython's `parse_qsl(keep_blank_values=True)` on every engine test string read as a form
  body (probes, shared conformance strings, seeded random strings), on the wpt
  urlencoded-parser cases, and on seeded random URLs (their `urlsplit(...).query`);
- CPython's `urlencode` (profile `py-quote-plus`, which is `quote_plus`) on seeded random
  pairs, and `pct_parse_query` reading back what `pct_build_query` wrote (profile `form`);
- DuckDB's own `url_decode(regexp_extract(u, '[?&]k=([^&#]*)', 1))` for one key of the
  random URLs, profile `duckdb` (which is `url_decode`), where the regex is defined: the URLs
  are generated so that keys are written plainly and always followed by `=`, and paths and
  fragments hold no `&k=` (the listed differences of crates/pctenc-py/engine_tests/
  test_query_duckdb_polars.py are the regex's, not the extension's);

plus NULLs, empty values, MAP and list input, errors that name the value and byte offset,
`try` and `on_error=null` keeping a query alive past a bad row, arguments from columns, and
`pctenc.duckdb.register` choosing the native functions.
"""

import importlib.util
import json
import os
import random
import urllib.parse

import duckdb
import pyarrow as pa
import pytest

from conftest import ROOT, parquet, table

SHARED = os.path.join(ROOT, "..", "shared", "testdata")
SEED = 20261126

# The random URLs of the Python adapter's query tests (their keys and values, seeded).
_spec = importlib.util.spec_from_file_location(
    "adapter_query_tests",
    os.path.join(ROOT, "crates", "pctenc-py", "engine_tests", "test_query_duckdb_polars.py"),
)
_adapter = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_adapter)
KEYS, urls = _adapter.KEYS, _adapter.urls


def random_pairs(seed, n):
    rng = random.Random(seed)
    alphabet = "ab =&+%é~*'/?#\u20ac\U0001f600"
    word = lambda: "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 5)))  # noqa: E731
    return [[(word(), word()) for _ in range(rng.randint(0, 4))] for _ in range(n)]


def qsl(s):
    return urllib.parse.parse_qsl(s, keep_blank_values=True)


def pairs_of(rows):
    return [None if r is None else [(p["key"], p["value"]) for p in r] for r in rows]


def column(con, sql, params=()):
    return [r[0] for r in con.execute(sql, list(params)).fetchall()]


def test_parse_query_is_parse_qsl_on_every_test_string(con, values):
    table(con, "v", values)
    got = pairs_of(column(con, "SELECT pct_parse_query(s, 'form', 'input=form') FROM v ORDER BY i"))
    assert got == [qsl(s) for s in values]
    assert sum(len(g) > 1 for g in got) > 40 and sum(len(g) == 1 for g in got) > 1000


def test_parse_query_is_the_wpt_urlencoded_parser(con):
    with open(os.path.join(SHARED, "wpt", "urlencoded-parser-data.json"), encoding="utf-8") as f:
        cases = [c for c in json.load(f) if isinstance(c, dict)]
    inputs = [c["input"] for c in cases]
    table(con, "w", inputs)
    got = pairs_of(column(con, "SELECT pct_parse_query(s, '', 'input=form') FROM w ORDER BY i"))
    assert got == [[tuple(p) for p in c["output"]] for c in cases]
    assert len(cases) > 20


@pytest.fixture(scope="module")
def url_table(con):
    vals = urls(SEED, 3000) + [None, ""]
    table(con, "u", vals)
    return vals


def test_parse_query_of_urls_is_parse_qsl_of_their_query(con, url_table):
    got = pairs_of(column(con, "SELECT pct_parse_query(s, 'profile=form, input=url') FROM u ORDER BY i"))
    for u, g in zip(url_table, got):
        if u is None:
            assert g is None
        elif "?" not in u.split("#")[0]:
            assert g == [], u  # no query: an empty list
        else:
            assert g == qsl(urllib.parse.urlsplit(u).query), u


@pytest.mark.parametrize("key", KEYS)
def test_query_param_is_parse_qs_and_the_regex(con, url_table, key):
    rows = con.execute(
        f"SELECT s, pct_query_param(s, '{key}', 'form', 'input=url'), "
        f"pct_query_param_all(s, '{key}', 'form', 'input=url'), "
        f"CASE WHEN regexp_matches(s, '[?&]{key}=') "
        f"THEN TRY(url_decode(regexp_extract(s, '[?&]{key}=([^&#]*)', 1))) END, "
        f"pct_try_query_param(s, '{key}', 'duckdb', 'input=url') FROM u ORDER BY i"
    ).fetchall()
    found = 0
    for u, first, every, regex, ours in rows:
        if u is None:
            assert (first, every, regex, ours) == (None, None, None, None)
            continue
        query = urllib.parse.urlsplit(u).query if "?" in u.split("#")[0] else ""
        want = [v for k, v in qsl(query) if k == key]
        assert every == want, u
        assert first == (want[0] if want else None), u
        assert ours == regex, u
        found += ours is not None
    assert found > 300


def test_build_query_is_urlencode_and_reads_back(con):
    cases = random_pairs(SEED, 1500) + [[]]
    t = pa.table({
        "i": list(range(len(cases))),
        "p": pa.array([[{"key": k, "value": v} for k, v in c] for c in cases],
                      pa.list_(pa.struct([("key", pa.string()), ("value", pa.string())]))),
    })
    con.register("pairs_arrow", t)
    rows = con.execute(
        "SELECT pct_build_query(p, 'py-quote-plus'), pct_build_query(p), "
        "pct_parse_query(pct_build_query(p), 'form', 'input=form') FROM pairs_arrow ORDER BY i"
    ).fetchall()
    con.unregister("pairs_arrow")
    for c, (py, form, back) in zip(cases, rows):
        assert py == urllib.parse.urlencode(c), c
        assert pairs_of([back])[0] == c, (c, form)


def test_nulls_empties_maps_and_per_row_arguments(con):
    one = lambda q, *a: con.execute(q, list(a)).fetchall()[0][0]  # noqa: E731
    assert one("SELECT pct_query_param(NULL, 'q')") is None
    assert one("SELECT pct_query_param('q=1', NULL)") is None
    assert one("SELECT pct_query_param('q=1', 'q', NULL)") is None
    assert one("SELECT pct_parse_query('q=1', 'form', NULL)") is None
    assert one("SELECT pct_query_param('/p?q=&r=1', 'q')") == ""
    assert one("SELECT pct_query_param('/p?r=1', 'q')") is None
    assert one("SELECT pct_query_param('/p?q', 'q')") == ""
    assert one("SELECT pct_query_param_all('/p?r=1', 'q')") == []
    assert one("SELECT pct_parse_query('https://h/', '', 'input=url')") == []
    assert one("SELECT pct_build_query(MAP {'q': 'a b', 'n': '1'})") == "q=a+b&n=1"
    assert one("SELECT pct_build_query(MAP {'q': 'a b'}, 'rfc3986')") == "q=a%20b"
    assert one("SELECT pct_build_query_pairs([{'key': 'a', 'value': NULL}, "
               "{'key': 'b', 'value': ''}])") == "b="
    assert one("SELECT pct_build_query(CAST([] AS STRUCT(key VARCHAR, value VARCHAR)[]))") == ""
    assert one("SELECT pct_build_query(CAST(NULL AS MAP(VARCHAR, VARCHAR)))") is None
    m = one("SELECT map_from_entries(pct_parse_query('a=1&b=%20'))")
    assert dict(m) == {"a": "1", "b": " "}
    # the key, profile and options from columns: runs of equal arguments, NULL rows NULL
    got = column(con, """
        SELECT pct_query_param(u, k, p) FROM (VALUES
            (1, '/p?q=a+b&r=%20', 'q', 'form'), (2, '/p?q=a+b&r=%20', 'q', 'duckdb'),
            (3, '/p?q=a+b&r=%20', 'r', 'duckdb'), (4, '/p?q=1', NULL, 'form'),
            (5, '/p?q=1', 'q', NULL), (6, '/p?q=1', 'q', 'profile=form, input=query'))
        AS t(i, u, k, p) ORDER BY i""")
    assert got == ["a b", "a+b", " ", None, None, None]


def test_errors_name_the_value_and_byte_and_try_keeps_the_query(con):
    with pytest.raises(duckdb.Error, match=r'pct_query_param: profile rfc3986, value "/p\?q=%zz", '
                                           r"byte 5: invalid-escape"):
        con.execute("SELECT pct_query_param('/p?q=%zz', 'q', 'rfc3986')").fetchall()
    # picking decodes only what it returns: a bad pair elsewhere is no error
    assert con.execute("SELECT pct_query_param('/p?x=%zz&q=1', 'q', 'rfc3986')").fetchall() == [("1",)]
    with pytest.raises(duckdb.Error, match="unknown profile 'rfc3968'; did you mean rfc3986"):
        con.execute("SELECT pct_parse_query('a', 'rfc3968')").fetchall()
    with pytest.raises(duckdb.Error, match="unknown input 'uri'"):
        con.execute("SELECT pct_parse_query('a', '', 'input=uri')").fetchall()
    with pytest.raises(duckdb.Error, match="profile with url-query: it keeps '%'"):
        con.execute("SELECT pct_build_query(MAP {'a': 'b'}, 'url-query')").fetchall()
    # one bad row among 100,000: raise names it; try and on_error=null make it NULL alone
    con.execute("CREATE OR REPLACE TEMP TABLE big AS SELECT i, "
                "CASE WHEN i = 77777 THEN '/p?q=%E2%82' ELSE '/p?q=' || i END AS u FROM range(100000) r(i)")
    with pytest.raises(duckdb.Error, match=r'value "/p\?q=%E2%82", byte 5: invalid-utf8'):
        con.execute("SELECT count(pct_query_param(u, 'q', 'rfc3986')) FROM big").fetchall()
    for f in ["pct_try_query_param(u, 'q', 'rfc3986')",
              "pct_query_param(u, 'q', 'rfc3986', 'on_error=null')"]:
        assert con.execute(f"SELECT count({f}), count(*) FROM big").fetchall() == [(99999, 100000)]
    assert con.execute("SELECT count(pct_try_parse_query(u, 'rfc3986')) FROM big").fetchall() == [(99999,)]


def test_in_the_cli(cli, extension, url_table, tmp_path_factory):
    """DuckDB 1.5's CLI: the same file, the same answers as parse_qsl, over a Parquet file."""
    path = parquet(tmp_path_factory, "urls", url_table)
    sql = (f"LOAD '{extension}'; SELECT i, coalesce(hex(pct_query_param(s, 'q', '', 'input=url')), 'NULL'), "
           "coalesce(array_to_string(list_transform(pct_parse_query(s, 'form', 'input=url'), "
           "lambda p: hex(p.key) || ':' || hex(p.value) || ';'), ''), 'NULL') "
           f"FROM '{path}' ORDER BY i")
    lines = cli(sql, "-csv", "-noheader").stdout.splitlines()
    assert len(lines) == len(url_table)
    for line, u in zip(lines, url_table):
        _, first, pairs = line.split(",")
        if u is None:
            assert (first, pairs) == ("NULL", "NULL")
            continue
        query = urllib.parse.urlsplit(u).query if "?" in u.split("#")[0] else ""
        want = qsl(query)
        q = [v for k, v in want if k == "q"]
        assert first == (q[0].encode().hex().upper() if q else "NULL"), u
        assert pairs == "".join(f"{k.encode().hex().upper()}:{v.encode().hex().upper()};" for k, v in want), u


def test_register_uses_the_native_functions(extension):
    import pctenc.duckdb

    native = pctenc.duckdb.connect(path=extension)
    pctenc.duckdb.register(native, path=extension)
    kinds = native.execute("SELECT DISTINCT function_type FROM duckdb_functions() "
                           "WHERE function_name = 'pct_query_param'").fetchall()
    assert kinds == [("scalar",)]
    fallback = duckdb.connect()
    with pytest.warns(pctenc.duckdb.NativeUnavailable):
        pctenc.duckdb.register(fallback, path=extension)
    assert fallback.execute("SELECT DISTINCT function_type FROM duckdb_functions() "
                            "WHERE function_name = 'pct_query_param'").fetchall() == [("macro",)]
    # SQL with the options text after the key runs on both, with the same answers
    q = "SELECT pct_query_param('/p?a=1#x?q=2', 'q', 'profile=form, input=url'), " \
        "pct_parse_query('?a=b+c', 'profile=form, input=query')"
    assert native.execute(q).fetchall() == fallback.execute(q).fetchall() == [(None, [{"key": "a", "value": "b c"}])]
    native.close()
    fallback.close()

"""Query strings as data in DuckDB and Polars (issue 23): `pct_parse_query`,
`pct_query_param`, `pct_build_query`... and `.pct.parse_query()` / `.pct.query_param()`,
against what each engine's users write today.

DuckDB 2.0 has no URL parser: the reference is `url_decode(regexp_extract(u,
'[?&]q=([^&#]*)', 1))`, exact on URLs whose path and fragment hold no `&` or `?`, whose keys
are written plainly and always followed by `=` (the generated ones). Polars has none either:
the reference is `map_elements` of CPython's `urlsplit` + `parse_qs(keep_blank_values=True)`.

Differences with the DuckDB regex, each asserted (`test_listed_differences_with_the_regex`):
an escaped key (`%71=1`: the regex compares written keys, pctenc decoded ones), a key without
`=` (`q&q=2`: the regex skips it, pctenc reads `""` as the URL Standard says), `&q=` in the
fragment or path (the regex matches there), and an absent key (the regex gives `''`).
"""

import random
import urllib.parse

import duckdb
import polars as pl
import pyarrow as pa
import pytest

import pctenc.duckdb
import pctenc.polars  # noqa: F401 - registers the namespace

KEYS = ["q", "a", "utm_source", "x"]
VALUES = ["", "1", "a+b", "a%20b", "caf%C3%A9", "%zz", "%E2%82", "%2B", "%26", "é", "100%25",
          "x%3Dy", "%F0%9F%98%80", "%C3", "~*'", "%FF"]


def urls(seed, n):
    """URLs with queries of 0-4 pairs of the keys and values above, some with a fragment."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        base = rng.choice(["https://h.example/p", "http://h/a/b", "/rel/path", "https://h/"])
        pairs = [f"{rng.choice(KEYS)}={rng.choice(VALUES)}" for _ in range(rng.randint(0, 4))]
        query = "?" + "&".join(pairs) if pairs or rng.random() < 0.3 else ""
        out.append(base + query + rng.choice(["", "#top", "#x=1"]))
    return out


@pytest.fixture(scope="module")
def con():
    c = duckdb.connect()
    pctenc.duckdb.register(c)
    vals = urls(23, 3000) + [None]
    c.register("u_arrow", pa.table({"i": range(len(vals)), "u": pa.array(vals, pa.string())}))
    c.execute("CREATE TEMP TABLE u AS SELECT * FROM u_arrow")
    c.unregister("u_arrow")
    yield c
    c.close()


REGEX = ("CASE WHEN regexp_matches(u, '[?&]{k}=') "
         "THEN TRY(url_decode(regexp_extract(u, '[?&]{k}=([^&#]*)', 1))) END")


@pytest.mark.parametrize("key", KEYS)
def test_query_param_is_the_regex_and_url_decode(con, key):
    rows = con.execute(
        f"SELECT i, u, {REGEX.format(k=key)} AS a, "
        f"pct_try_query_param(u, '{key}', profile := 'duckdb', input := 'url') AS b FROM u"
    ).fetchall()
    differ = [r for r in rows if r[2] != r[3]]
    assert differ == []
    assert sum(r[3] is not None for r in rows) > 300


def test_parse_query_is_the_scalar_parse(con):
    rows = con.execute("SELECT u, pct_parse_query(u, input := 'url') FROM u").fetchall()
    for u, pairs in rows:
        if u is None:
            assert pairs is None
            continue
        want = pctenc.query.parse(u, input="url")
        assert [(p["key"], p["value"]) for p in pairs] == want, u
    every = con.execute("SELECT pct_query_param_all(u, 'q', input := 'url') FROM u").fetchall()
    assert [e[0] for e in every[:-1]] == [
        [v for k, v in pctenc.query.parse(u, input="url") if k == "q"] for u, _ in rows[:-1]
    ]


def test_listed_differences_with_the_regex(con):
    for u, regex, ours in [
        ("/p?%71=1", None, "1"),             # an escaped key: pctenc decodes names
        ("/p?q&q=2", "2", ""),               # a key without '=': value "" (URL Standard)
        ("/p?a=1#&q=9", "9", None),          # '&q=' in the fragment
        ("/a&q=3/p?a=1", "3/p?a=1", None),   # '&q=' in the path
    ]:
        got = con.execute(
            f"SELECT {REGEX.format(k='q')}, pct_query_param(?, 'q', input := 'url') "
            "FROM (SELECT ? AS u)", [u, u]).fetchall()[0]
        assert got == (regex, ours), u
    assert con.execute("SELECT regexp_extract('/p', '[?&]q=([^&#]*)', 1)").fetchall()[0] == ("",)


def test_sql_surface(con):
    one = lambda q, *a: con.execute(q, list(a)).fetchall()[0][0]  # noqa: E731
    assert one("SELECT pct_query_param('https://h/?q=a+b&n=1', 'q')") == "a b"
    assert one("SELECT pct_query_param('https://h/?q=a+b', 'q', 'rfc3986')") == "a+b"
    assert one("SELECT pct_query_param('?q=1', 'q', input := 'form')") is None
    assert one("SELECT pct_parse_query('a=1&b')") == [{"key": "a", "value": "1"},
                                                      {"key": "b", "value": ""}]
    assert one("SELECT pct_parse_query('https://h/')") == [{"key": "https://h/", "value": ""}]
    assert one("SELECT pct_parse_query('https://h/', input := 'url')") == []
    assert one("SELECT pct_parse_query(NULL)") is None
    assert one("SELECT pct_query_param('a=1', NULL)") is None
    assert one("SELECT pct_query_param('a=1', 'a', NULL)") is None
    assert one("SELECT pct_build_query(MAP {'q': 'a b&c', 'n': '1'})") == "q=a+b%26c&n=1"
    assert one("SELECT pct_build_query(MAP {'q': 'a b'}, profile := 'rfc3986')") == "q=a%20b"
    assert one("SELECT pct_build_query(MAP {'q': NULL, 'n': '1'})") == "n=1"
    assert one("SELECT pct_build_query_pairs(pct_parse_query('b=2&a=1&b=3'))") == "b=2&a=1&b=3"
    assert one("SELECT pct_build_query_pairs([])") == ""
    with pytest.raises(duckdb.Error, match=r"pct_query_param: profile rfc3986, row 0, byte 5: "
                                           r"invalid-escape at \"%zz\""):
        one("SELECT pct_query_param('/p?q=%zz', 'q', 'rfc3986')")
    assert one("SELECT pct_try_query_param('/p?q=%zz', 'q', 'rfc3986')") is None
    assert one("SELECT pct_try_parse_query('/p?q=%zz', 'rfc3986')") is None
    with pytest.raises(duckdb.Error, match="unknown profile 'rfc3968'; did you mean rfc3986"):
        one("SELECT pct_query_param('a', 'a', 'rfc3968')")
    with pytest.raises(duckdb.Error, match="unknown input 'uri'"):
        one("SELECT pct_parse_query('a', input := 'uri')")
    with pytest.raises(duckdb.Error, match="profile with url-query: it keeps '%'"):
        one("SELECT pct_build_query(MAP {'a': 'b'}, 'url-query')")


def test_keys_per_row(con):
    rows = con.execute("SELECT pct_query_param(u, k) FROM (VALUES ('a=1&b=2', 'a'), "
                       "('a=1&b=2', 'b'), ('a=1', NULL), (NULL, 'a'), ('a=3', 'a')) v(u, k)"
                       ).fetchall()
    assert [r[0] for r in rows] == ["1", "2", None, None, "3"]


def test_one_million_rows(con):
    con.execute("CREATE TEMP TABLE big AS SELECT 'https://h/p?i=' || i || '&q=a+' || (i % 7) "
                "AS u FROM range(1000000) t(i)")
    got = con.execute("SELECT count(*), count(DISTINCT pct_query_param(u, 'q')), "
                      "sum(length(pct_query_param(u, 'q'))) FROM big").fetchall()[0]
    assert got == (1000000, 7, 3000000)


# ---------------------------------------------------------------- Polars


def parse_qs_first(u, key):
    if u is None:
        return None
    return urllib.parse.parse_qs(urllib.parse.urlsplit(u).query,
                                 keep_blank_values=True).get(key, [None])[0]


def test_polars_query_param_is_urlsplit_and_parse_qs():
    s = pl.Series("u", urls(29, 3000) + [None])
    for key in KEYS:
        want = s.map_elements(lambda u: parse_qs_first(u, key), return_dtype=pl.String)
        got = s.pct.query_param(key, input="url")
        # parse_qs decodes with errors='replace' as the form profile does
        assert got.to_list() == want.to_list(), key


def test_polars_eager_lazy_streaming_and_build():
    df = pl.DataFrame({"u": urls(31, 5000) + [None, ""]})
    exprs = [pl.col("u").pct.query_param("q", input="url").alias("q"),
             pl.col("u").pct.query_param("q", input="url", all=True).alias("qs"),
             pl.col("u").pct.parse_query(input="url").alias("pairs")]
    eager = df.select(exprs)
    lazy = df.lazy().select(exprs).collect()
    streaming = pl.concat([df.slice(i, 700) for i in range(0, len(df), 700)]).lazy().select(
        exprs).collect(engine="streaming")
    assert eager.equals(lazy) and eager.equals(streaming)
    assert eager.schema["pairs"] == pl.List(pl.Struct({"key": pl.String, "value": pl.String}))
    assert eager.schema["qs"] == pl.List(pl.String)
    built = eager.select(pl.col("pairs").pct.build_query())["pairs"]
    # building the parsed pairs again gives a query that parses to the same pairs
    again = built.pct.parse_query(input="form")
    assert again.to_list()[:-2] == eager["pairs"].to_list()[:-2]
    assert eager["pairs"].to_list()[-2:] == [None, []]
    with pytest.raises(ValueError, match="unknown profile"):
        pl.col("u").pct.query_param("q", profile="nope")
    with pytest.raises(TypeError, match="key must be a str"):
        pl.col("u").pct.query_param(1)


# ---------------------------------------------------------------- the conformance table


def table_cases(ops):
    """The conformance table's cases of `ops` (conformance/cases.jsonl)."""
    import json
    import pathlib

    path = pathlib.Path(__file__).resolve().parents[3] / "conformance" / "cases.jsonl"
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").split("\n") if line]
    return [c for c in rows if c["op"] in ops]


QUERY_OPS = ("query-parse", "query-param", "query-param-all", "query-build")
SQL = {
    "query-parse": "pct_parse_query(u, o)",
    "query-param": "pct_query_param(u, k, o)",
    "query-param-all": "pct_query_param_all(u, k, o)",
    "query-build": "pct_build_query_pairs(p, o)",
}


def test_conformance_query_cases_through_sql(con):
    """Every query case of the table through the SQL functions, the options text as their
    profile argument (as SQL passes options), grouped into one query per operation; a case
    the table answers with an error runs alone and must fail naming its code and byte. Cannot
    express: an input that is not UTF-8 (a VARCHAR cannot hold it)."""
    cases = table_cases(QUERY_OPS)
    run = skipped = 0
    pairs_type = pa.list_(pa.struct([("key", pa.string()), ("value", pa.string())]))
    for op in QUERY_OPS:
        ok = [c for c in cases if c["op"] == op and "error" not in c and "input_hex" not in c]
        t = pa.table({
            "id": [c["id"] for c in ok],
            "u": [c.get("input") for c in ok],
            "k": [c.get("key") for c in ok],
            "o": [c["options"] for c in ok],
            "p": pa.array([c.get("input_pairs", []) and
                           [{"key": a, "value": b} for a, b in c.get("input_pairs", [])]
                           for c in ok], pairs_type),
        })
        con.register("cases_arrow", t)
        got = dict(con.execute(f"SELECT id, {SQL[op]} FROM cases_arrow").fetchall())
        con.unregister("cases_arrow")
        for c in ok:
            if "output_pairs" in c:
                want = [{"key": a, "value": b} for a, b in c["output_pairs"]]
            elif "output_list" in c:
                want = c["output_list"]
            else:
                want = c["output"]
            assert got[c["id"]] == want, (c["id"], c["options"], got[c["id"]], want)
        run += len(ok)
    for c in cases:
        if "error" not in c:
            skipped += "input_hex" in c
            continue
        if "input_hex" in c:
            skipped += 1
            continue
        e = c["error"]
        args = [c.get("input"), c.get("key"), c["options"]]
        q = {"query-parse": "SELECT pct_parse_query(?, ?)",
             "query-param": "SELECT pct_query_param(?, ?, ?)",
             "query-param-all": "SELECT pct_query_param_all(?, ?, ?)",
             "query-build": "SELECT pct_build_query_pairs([{'key': 'a', 'value': 'b'}], ?)"}[c["op"]]
        params = {"query-parse": [args[0], args[2]], "query-build": [args[2]]}.get(c["op"], args)
        with pytest.raises(duckdb.Error) as raised:
            con.execute(q, params).fetchall()
        said = str(raised.value)
        if "option" in e:
            assert e["message"] in said, (c["id"], said)
        else:
            assert f"byte {e['offset']}: {e['code']}" in said, (c["id"], said)
        run += 1
    print(f"conformance (duckdb, query SQL functions): {run} cases run, {skipped} cannot express "
          "(input-not-utf8: a VARCHAR cannot hold it)")
    assert run + skipped == len(cases) and run > 3000

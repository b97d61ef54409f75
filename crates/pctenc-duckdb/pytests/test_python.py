"""The native extension in the `duckdb` Python package (2.0), against DuckDB's own
`url_encode` / `url_decode` in the same session, and against pctenc's scalar API for the
profiles DuckDB has no built-in for."""

import os
import re
import warnings

import duckdb
import pytest

import pctenc
import pctenc.duckdb
from conftest import table, workspace_version


def test_loaded_natively_with_the_workspace_version(con):
    got = con.execute(
        "SELECT loaded, extension_version FROM duckdb_extensions() WHERE extension_name = 'pctenc'"
    ).fetchall()
    assert got == [(True, workspace_version())]
    assert duckdb.__version__.startswith("2.")


def test_encode_matches_builtin(con, values):
    table(con, "t", values + [None])
    rows = con.execute(
        "SELECT s, url_encode(s), pct_encode(s), pct_encode(s, 'duckdb') FROM t"
        " WHERE url_encode(s) IS DISTINCT FROM pct_encode(s)"
        "    OR url_encode(s) IS DISTINCT FROM pct_encode(s, 'duckdb')"
    ).fetchall()
    assert rows == []
    assert con.execute("SELECT count(*) FROM t").fetchall()[0][0] == len(values) + 1


def test_decode_matches_builtin_row_by_row_including_errors(con, values):
    table(con, "t", values + [None])
    # TRY() makes the built-in's per-row error a NULL; pct_try_decode must agree exactly.
    rows = con.execute(
        "SELECT s, try(url_decode(s)) b, pct_try_decode(s) p, pct_try_decode(s, 'duckdb') q"
        " FROM t WHERE b IS DISTINCT FROM p OR b IS DISTINCT FROM q"
    ).fetchall()
    assert rows == []
    failing = [
        r[0]
        for r in con.execute(
            "SELECT s FROM t WHERE s IS NOT NULL AND try(url_decode(s)) IS NULL"
        ).fetchall()
    ]
    passing = con.execute("SELECT count(*) FROM t WHERE try(url_decode(s)) IS NOT NULL").fetchall()[0][0]
    assert len(failing) > 100 and passing > 1000, (len(failing), passing)
    # Where the built-in fails the query, pct_decode fails it too, and says where.
    for s in failing[:25]:
        with pytest.raises(duckdb.Error, match="invalid UTF8"):
            con.execute("SELECT url_decode(?)", [s]).fetchall()
        with pytest.raises(duckdb.InvalidInputException) as e:
            con.execute("SELECT pct_decode(?, 'duckdb')", [s]).fetchall()
        msg = str(e.value)
        want = pctenc.PctencError
        assert msg.startswith("Invalid Input Error: pct_decode: profile duckdb, value "), msg
        offset = int(re.search(r", byte (\d+): invalid-utf8 at ", msg).group(1))
        with pytest.raises(want) as scalar:
            pctenc.decode(s, "duckdb")
        assert offset == scalar.value.offset, (s, msg)


def test_a_failing_row_in_a_column_names_its_value(con):
    table(con, "f", ["ok", "a%20b", "caf%C3 x", None])
    with pytest.raises(duckdb.InvalidInputException) as e:
        con.execute("SELECT pct_decode(s) FROM f").fetchall()
    assert 'pct_decode: profile duckdb, value "caf%C3 x", byte 3: invalid-utf8 at "%C3 x"' in str(
        e.value
    )
    with pytest.raises(duckdb.InvalidInputException, match=r'profile rfc3986, value "ok100%", byte 5: truncated-escape'):
        con.execute("SELECT pct_decode(s || '100%', 'rfc3986') FROM f").fetchall()
    assert con.execute("SELECT pct_try_decode(s) FROM f ORDER BY ALL NULLS LAST").fetchall() == [
        ("a b",),
        ("ok",),
        (None,),
        (None,),
    ]


def test_plus_bad_escapes_and_bad_utf8(con):
    got = con.execute(
        "SELECT pct_decode('a+b%zz%4%'), url_decode('a+b%zz%4%'), pct_decode('a+b', 'form'),"
        "       pct_try_decode('%FF'), pct_decode('%FF', 'spark'), pct_decode('%%41%41', 'clickhouse')"
    ).fetchall()[0]
    assert got == ("a+b%zz%4%", "a+b%zz%4%", "a b", None, "\ufffd", "%%41A")


def test_bytes_that_are_not_utf8_come_out_as_blob_never_null(con):
    got = con.execute(
        "SELECT pct_decode_blob('%FF%C3'), pct_decode('%FF'::BLOB, 'duckdb', 'utf8=bytes'),"
        "       pct_try_decode('a%FF'::BLOB), pct_try_decode_blob('a%FF'::BLOB),"
        "       pct_decode_blob('%FF', 'clickhouse'), pct_encode('\\xFF\\x00 '::BLOB),"
        "       pct_encode_blob('\\xC3'::BLOB, 'rfc3986')"
    ).fetchall()[0]
    assert got == (b"\xff\xc3", b"\xff", None, b"a\xff", b"\xff", "%FF%00%20", "%C3")
    # A VARCHAR result cannot hold them: an error naming the byte, never a silent NULL.
    with pytest.raises(duckdb.InvalidInputException, match="byte 0: invalid-utf8"):
        con.execute("SELECT pct_decode('%FF', 'clickhouse')").fetchall()
    # Decoding gives text unless asked for bytes, also into a BLOB (the options model's rule).
    with pytest.raises(duckdb.InvalidInputException, match="byte 1: invalid-utf8"):
        con.execute("SELECT pct_decode('a%FF'::BLOB)").fetchall()


def test_blob_columns(con, raw_values):
    table(con, "b", raw_values, "BLOB")
    rows = con.execute("SELECT s, pct_encode(s, 'rfc3986') FROM b ORDER BY i").fetchall()
    assert [r[1] for r in rows] == [pctenc.encode(bytes(r[0]), "rfc3986") for r in rows]
    back = con.execute(
        "SELECT s, pct_decode_blob(pct_encode(s, 'duckdb')::BLOB, 'duckdb'),"
        "       pct_decode_blob(pct_encode(s, 'clickhouse-form'), 'clickhouse-form') FROM b"
    ).fetchall()
    assert all(bytes(r[0]) == bytes(r[1]) == bytes(r[2]) for r in back)
    assert sum(1 for r in back if not _is_utf8(bytes(r[0]))) > 250


def _is_utf8(b):
    try:
        b.decode()
        return True
    except UnicodeDecodeError:
        return False


def test_null_in_null_out_in_every_form(con):
    got = con.execute(
        "SELECT pct_encode(NULL), pct_decode(NULL), pct_try_decode(NULL),"
        "       pct_encode(NULL, 'form'), pct_decode('a%20b', NULL), pct_decode('a', 'form', NULL),"
        "       pct_decode(NULL::BLOB), pct_decode_blob(NULL, 'form', ''),"
        "       pct_encode(''), pct_decode(''), pct_decode('', 'form', 'on_error=null'),"
        "       pct_decode(''::BLOB)"
    ).fetchall()[0]
    assert got == (None,) * 8 + ("", "", "", b"")


def test_empty_table(con):
    con.execute("CREATE OR REPLACE TEMP TABLE e (s VARCHAR)").fetchall()
    assert con.execute("SELECT pct_decode(s, 'form'), pct_encode(s) FROM e").fetchall() == []


def test_wrong_types_are_binder_errors_or_casts_like_the_builtin(con):
    for arg in ("[1, 2]", "42", "DATE '2024-01-01'"):
        with pytest.raises(duckdb.BinderException, match="url_decode"):
            con.execute(f"SELECT url_decode({arg})").fetchall()
        with pytest.raises(duckdb.BinderException, match="pct_decode"):
            con.execute(f"SELECT pct_decode({arg})").fetchall()
    # Where the built-in casts (a string literal of unknown type), so does pct_decode.
    assert con.execute("SELECT url_decode('%41'), pct_decode('%41')").fetchall()[0] == ("A", "A")
    with pytest.raises(duckdb.BinderException, match="pct_decode"):
        con.execute("SELECT pct_decode('a', 42)").fetchall()


def test_unknown_profile_or_option_fails_at_bind(con):
    with pytest.raises(duckdb.BinderException, match="unknown profile 'sprak'; did you mean spark"):
        con.execute("SELECT pct_decode('a', 'sprak')").fetchall()
    with pytest.raises(duckdb.BinderException, match="'lower' is not key=value"):
        con.execute("SELECT pct_decode('a', 'form', 'lower')").fetchall()
    with pytest.raises(duckdb.BinderException, match="decode has no option lower"):
        con.execute("SELECT pct_decode('a', 'form', 'lower=true')").fetchall()
    with pytest.raises(duckdb.BinderException, match="unknown utf8 'latin1'"):
        con.execute("SELECT pct_decode('a', 'form', 'utf8=latin1')").fetchall()
    with pytest.raises(duckdb.BinderException, match="try-decode has no option on_error"):
        con.execute("SELECT pct_try_decode('a', 'form', 'on_error=keep')").fetchall()
    # Bind-time: the error comes before any row is read, even from an empty table.
    con.execute("CREATE OR REPLACE TEMP TABLE e (s VARCHAR)").fetchall()
    with pytest.raises(duckdb.BinderException):
        con.execute("SELECT pct_decode(s, 'nope') FROM e").fetchall()


def test_options(con):
    got = con.execute(
        "SELECT pct_encode('é ~', 'rfc3986', 'lower=true'),"
        "       pct_decode('a%zz%C3', 'duckdb', 'on_error=keep'),"
        "       pct_decode('a%zz%C3', 'duckdb', 'on_error=replace'),"
        "       pct_decode('a%zz', 'duckdb', 'on_error=null, malformed=strict'),"
        "       pct_decode('a%FF', 'duckdb', 'utf8=lossy'),"
        "       pct_decode_blob('a%FF', 'duckdb', 'utf8=bytes')"
    ).fetchall()[0]
    assert got == ("%c3%a9%20~", "a%zz%C3", "a%zz\ufffd", None, "a\ufffd", b"a\xff")
    with pytest.raises(duckdb.BinderException, match="BLOB"):
        con.execute("SELECT pct_decode('a', 'duckdb', 'utf8=bytes')").fetchall()
    # The two-argument form takes the options text too, profile included.
    got = con.execute(
        "SELECT pct_decode('a+%zz', 'profile=form, on_error=null, malformed=strict'),"
        "       pct_decode('a+b', 'profile=form'), pct_encode('é', 'hex=lower')"
    ).fetchall()[0]
    assert got == (None, "a b", "%c3%a9")


def test_profile_and_options_per_row(con):
    rows = con.execute(
        "SELECT pct_decode(s, p, o) FROM (VALUES (1, 'a+b%20', 'form', ''),"
        " (2, 'a+b%20', 'duckdb', ''), (3, 'a+b%20', NULL, ''), (4, 'a+b%20', 'rfc3986', NULL),"
        " (5, 'a+%zz', 'form', 'on_error=null, malformed=strict'), (6, '%41', 'form', '')) t(i, s, p, o)"
        " ORDER BY i"
    ).fetchall()
    assert rows == [("a b ",), ("a+b ",), (None,), (None,), (None,), ("A",)]
    with pytest.raises(duckdb.InvalidInputException, match="unknown profile 'nope'"):
        con.execute("SELECT pct_decode(s, p) FROM (VALUES ('a', 'nope')) t(s, p)").fetchall()


def test_other_profiles_match_the_scalar_api(con, values):
    table(con, "t", values)
    for profile in ("form", "spark", "rfc3986", "js-component", "py-quote-plus", "clickhouse-form"):
        got = con.execute(f"SELECT pct_try_decode(s, '{profile}') FROM t ORDER BY i").fetchall()
        want = []
        for s in values:
            try:
                want.append((pctenc.decode(s, profile),))
            except pctenc.PctencError:
                want.append((None,))
        assert got == want, profile
        enc = con.execute(f"SELECT pct_encode(s, '{profile}') FROM t ORDER BY i").fetchall()
        assert enc == [(pctenc.encode(s, profile),) for s in values], profile


def test_one_million_rows_on_two_threads(con):
    n = 1_000_000
    assert con.execute("SELECT current_setting('threads')").fetchall()[0][0] == 2
    con.execute(
        "CREATE OR REPLACE TEMP TABLE m AS SELECT 'https://example.com/p%20' || (i % 977) || "
        "'/q?x=' || i || '&y=a+b%C3%A9%2F' || (i % 13) AS s FROM range(?) t(i)",
        [n],
    ).fetchall()
    got = con.execute(
        "SELECT count(*), count(pct_decode(s)),"
        " count(*) FILTER (WHERE pct_decode(s) = url_decode(s)),"
        " count(*) FILTER (WHERE pct_encode(s) = url_encode(s)),"
        " count(*) FILTER (WHERE pct_decode(s, 'form') = replace(url_decode(s), '+', ' ')) FROM m"
    ).fetchall()[0]
    assert got == (n, n, n, n, n)


def test_register_loads_natively_when_the_connection_allows_it(extension):
    c = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pctenc.duckdb.register(c, path=extension)
    assert c.execute("SELECT pct_decode('%41', 'form', 'on_error=null')").fetchall()[0] == ("A",)
    loaded = "SELECT loaded FROM duckdb_extensions() WHERE extension_name = 'pctenc'"
    assert c.execute(loaded).fetchall()[0] == (True,)


def test_register_falls_back_to_the_arrow_udfs_and_says_why(extension):
    c = duckdb.connect()
    with pytest.warns(pctenc.duckdb.NativeUnavailable, match="allow_unsigned_extensions"):
        pctenc.duckdb.register(c, path=extension)
    assert c.execute("SELECT pct_decode('a+b', 'form')").fetchall()[0] == ("a b",)
    with pytest.raises(RuntimeError, match="allow_unsigned_extensions"):
        pctenc.duckdb.register(duckdb.connect(), path=extension, native=True)


def test_the_wheel_carries_the_extension(monkeypatch):
    # scripts/build/duckdb.sh puts it beside pctenc/duckdb.py before the wheel is built.
    monkeypatch.delenv("PCTENC_DUCKDB_EXTENSION", raising=False)
    found = pctenc.duckdb.extension_path()
    assert found and found.startswith(os.path.dirname(pctenc.duckdb.__file__)), found
    c = pctenc.duckdb.connect()
    assert c.execute("SELECT pct_decode('a%20b')").fetchall() == [("a b",)]


def test_a_character_split_across_rows_is_two_bad_rows(con):
    """Rows decoded in one vector and checked as text at once: `%C3` then `%A9` is `é` as a
    whole, but neither row is text on its own (each must start on a character)."""
    rows = "(VALUES (1, '%C3'), (2, '%A9'), (3, 'caf%C3%A9')) AS t(i, s)"
    got = con.execute(f"SELECT pct_decode(s, 'rfc3986', 'utf8=lossy') FROM {rows} ORDER BY i").fetchall()
    assert got == [("\ufffd",), ("\ufffd",), ("café",)]
    got = con.execute(f"SELECT pct_try_decode(s, 'rfc3986') FROM {rows} ORDER BY i").fetchall()
    assert got == [(None,), (None,), ("café",)]
    with pytest.raises(duckdb.Error, match=r'value "%C3", byte 0: invalid-utf8'):
        con.execute(f"SELECT pct_decode(s, 'rfc3986') FROM {rows}").fetchall()


def test_vectors_of_nulls_short_long_and_bad_rows(con):
    """Each vector's results are written in place (inline entries for values of at most 12
    bytes, pointers into one copy of the vector's bytes for longer ones, NULL rows between
    them): 5,000 seeded rows (three vectors) of NULLs, empty, short and long values, some with
    escapes that are not UTF-8 or malformed, against pctenc's scalar API row by row."""
    import random

    import pyarrow as pa

    rng = random.Random(25)
    parts = ["a", "%20", "caf%C3%A9", "%E2%82%AC", "x" * 13, "+", ""]
    bad = ["%FF", "%zz", "%C3", "%A9"]  # not UTF-8, malformed, or half a character
    rows = []
    for i in range(5000):
        row = [rng.choice(parts) for _ in range(rng.randrange(0, 9))]
        if rng.random() < 0.2:
            row.insert(rng.randrange(len(row) + 1), rng.choice(bad))
        rows.append(None if i % 7 == 3 else "".join(row))
    con.register("v_rows", pa.table({"i": list(range(len(rows))), "s": rows}))
    con.execute("CREATE OR REPLACE TEMP TABLE v AS SELECT * FROM v_rows").fetchall()

    def expect(s, **kw):
        if s is None:
            return None
        try:
            return pctenc.decode(s, profile="rfc3986", **kw)
        except pctenc.PctencError:
            return None

    got = [r[0] for r in con.execute("SELECT pct_try_decode(s, 'rfc3986') FROM v ORDER BY i").fetchall()]
    want = [expect(s) for s in rows]
    assert got == want
    # The mix this test is about: many NULL results and many values longer than 12 bytes.
    assert sum(w is None for w in want) > 1000
    assert sum(w is not None and len(w.encode()) > 12 for w in want) > 1000
    lossy = "SELECT pct_decode(s, 'rfc3986', 'utf8=lossy') FROM v"
    got = [r[0] for r in con.execute(f"{lossy} WHERE s IS NULL OR NOT contains(s, '%zz') ORDER BY i").fetchall()]
    want = [expect(s, utf8="lossy") for s in rows if s is None or "%zz" not in s]
    assert got == want

"""pctenc.duckdb against DuckDB's own url_encode / url_decode, in one in-process DuckDB."""

import re
import subprocess
import sys

import duckdb
import pyarrow as pa
import pytest

import pctenc
import pctenc.duckdb


@pytest.fixture(scope="module")
def con():
    c = duckdb.connect()
    pctenc.duckdb.register(c)
    yield c
    c.close()


def table(con, name, vals, typ="VARCHAR"):
    con.register(
        f"{name}_arrow",
        pa.table(
            {
                "i": list(range(len(vals))),
                "s": pa.array(vals, pa.binary() if typ == "BLOB" else pa.string()),
            }
        ),
    )
    con.execute(f"CREATE OR REPLACE TEMP TABLE {name} AS SELECT i, s FROM {name}_arrow").fetchall()
    con.unregister(f"{name}_arrow")


def test_encode_matches_builtin(con, values):
    table(con, "t", values + [None])
    rows = con.execute(
        "SELECT s, url_encode(s), pct_encode(s, 'duckdb') FROM t"
        " WHERE url_encode(s) IS DISTINCT FROM pct_encode(s, 'duckdb')"
    ).fetchall()
    assert rows == []
    assert con.execute("SELECT count(*) FROM t").fetchall()[0][0] == len(values) + 1


def test_decode_matches_builtin_row_by_row_including_errors(con, values):
    table(con, "t", values + [None])
    # TRY() makes the built-in's per-row error a NULL; pct_try_decode must agree exactly.
    rows = con.execute(
        "SELECT s, try(url_decode(s)) b, pct_try_decode(s, 'duckdb') p FROM t "
        "WHERE b IS DISTINCT FROM p"
    ).fetchall()
    assert rows == []
    failing = [
        r[0]
        for r in con.execute(
            "SELECT s FROM t WHERE s IS NOT NULL AND try(url_decode(s)) IS NULL"
        ).fetchall()
    ]
    passing = con.execute("SELECT count(*) FROM t WHERE try(url_decode(s)) IS NOT NULL").fetchall()[
        0
    ][0]
    assert len(failing) > 100 and passing > 1000, (len(failing), passing)
    # Where the built-in fails the query, pct_decode fails it too, and says where.
    for s in failing[:25]:
        with pytest.raises(duckdb.Error, match="invalid UTF8"):
            con.execute("SELECT url_decode(?)", [s]).fetchall()
        with pytest.raises(duckdb.Error) as e:
            con.execute("SELECT pct_decode(?, 'duckdb')", [s]).fetchall()
        msg = str(e.value)
        assert (
            "pct_decode" in msg and re.search(r"profile[ =]'?duckdb", msg) and "byte " in msg
        ), msg


def test_errors_name_the_row_in_the_batch_the_value_and_the_batch(con):
    """DuckDB hands a function 2,048 rows at a time and does not say where they start: the
    error names the row in that batch, the batch's size, the byte and the value's snippet."""
    con.execute(
        "CREATE OR REPLACE TEMP TABLE big AS SELECT CASE WHEN i = 5000 THEN 'x%C3y' "
        "ELSE 'ok%20' END AS s FROM range(6000) t(i)"
    ).fetchall()
    with pytest.raises(duckdb.Error) as e:
        con.execute("SELECT pct_decode(s, 'duckdb') FROM big").fetchall()
    msg = str(e.value)
    got = pctenc.PctencError(msg)  # the attributes, read back from the text
    assert (got.profile, got.offset, got.code) == ("duckdb", 1, "invalid-utf8"), msg
    batch = int(re.search(r"in a batch of (\d+) rows", msg).group(1))
    assert batch <= 2048 and got.row < batch, msg  # DuckDB's vectors hold 2,048 rows at most
    assert '"%C3y"' in msg, msg


def test_rows_grouped_by_profile_are_named_in_the_batch(con):
    # Rows of several profiles are run a profile at a time; the row is still the batch's.
    with pytest.raises(duckdb.Error) as e:
        con.execute(
            "SELECT pct_decode(s, p) FROM (VALUES (0, 'a', 'form'), (1, 'b', 'rfc3986'),"
            " (2, 'c', 'form'), (3, '%zz', 'rfc3986')) t(i, s, p) ORDER BY i"
        ).fetchall()
    got = pctenc.PctencError(str(e.value))
    assert (got.row, got.code, got.profile) == (3, "invalid-escape", "rfc3986"), str(e.value)


def test_try_decode_with_a_profile_that_keeps_malformed_escapes_never_gives_null(con, values):
    table(con, "t", values + [None])
    nulls = con.execute("SELECT count(*) FROM t WHERE pct_try_decode(s, 'form') IS NULL")
    assert nulls.fetchall()[0][0] == 1  # the NULL row only
    nulls = con.execute("SELECT count(*) FROM t WHERE pct_try_decode(s, 'rfc3986') IS NULL")
    assert nulls.fetchall()[0][0] > 100


def test_without_numpy_register_says_what_to_install():
    """DuckDB's create_function imports numpy, whatever the UDF: without it, register()
    says so and what to install (numpy is in the package's `duckdb` extra)."""
    code = """
import sys
sys.modules["numpy"] = None   # any `import numpy` now fails, as if it were not installed
import duckdb, pctenc.duckdb
try:
    pctenc.duckdb.register(duckdb.connect())
except ImportError as e:
    print(e)
"""
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0 and "numpy" in r.stdout and "pctenc[duckdb]" in r.stdout, r


def test_plus_bad_escapes_and_bad_utf8_as_duckdb(con):
    got = con.execute(
        "SELECT pct_decode('a+b%zz%4%', 'duckdb'), url_decode('a+b%zz%4%'),"
        "       pct_decode('a+b', 'form'), pct_try_decode('%FF', 'duckdb'),"
        "       pct_decode('%FF', 'spark')"
    ).fetchall()[0]
    assert got == ("a+b%zz%4%", "a+b%zz%4%", "a b", None, "\ufffd")


def test_null_in_null_out_and_null_profile(con):
    got = con.execute(
        "SELECT pct_encode(NULL, 'form'), pct_decode(NULL, 'form'), pct_try_decode(NULL, 'form'),"
        "       pct_decode('a%20b', NULL), pct_encode('', 'form'), pct_decode('', 'form')"
    ).fetchall()[0]
    assert got == (None, None, None, None, "", "")


def test_empty_table(con):
    con.execute("CREATE OR REPLACE TEMP TABLE e (s VARCHAR)").fetchall()
    assert (
        con.execute("SELECT pct_decode(s, 'form'), pct_encode(s, 'form') FROM e").fetchall() == []
    )


def test_wrong_type_is_a_binder_error_like_the_builtin(con):
    with pytest.raises(duckdb.BinderException, match="pct_decode"):
        con.execute("SELECT pct_decode([1, 2], 'form')").fetchall()
    with pytest.raises(duckdb.BinderException, match="url_decode"):
        con.execute("SELECT url_decode([1, 2])").fetchall()


def test_unknown_profile_names_the_nearest(con):
    with pytest.raises(duckdb.Error, match="unknown profile") as e:
        con.execute("SELECT pct_decode('a', 'sprak')").fetchall()
    assert "spark" in str(e.value)


def test_profile_per_row(con):
    rows = con.execute(
        "SELECT pct_decode(s, p) FROM (VALUES (1, 'a+b%20', 'form'), (2, 'a+b%20', 'duckdb'),"
        " (3, 'a+b%20', NULL), (4, 'a+b%20', 'rfc3986')) t(i, s, p) ORDER BY i"
    ).fetchall()
    assert rows == [("a b ",), ("a+b ",), (None,), ("a+b ",)]


def test_other_profiles_match_the_scalar_api(con, values):
    table(con, "t", values)
    for profile in ("form", "spark", "rfc3986", "js-component", "py-quote-plus"):
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


def test_blob_variants(con, raw_values):
    table(con, "b", raw_values, "BLOB")
    rows = con.execute("SELECT s, pct_encode_blob(s, 'rfc3986') FROM b ORDER BY i").fetchall()
    assert [r[1] for r in rows] == [pctenc.encode(bytes(r[0]), "rfc3986") for r in rows]
    back = con.execute(
        "SELECT s, pct_decode_blob(pct_encode_blob(s, 'rfc3986'), 'rfc3986') FROM b ORDER BY i"
    ).fetchall()
    assert all(bytes(r[0]) == bytes(r[1]) for r in back)


def test_one_million_rows(con):
    n = 1_000_000
    con.execute(
        "CREATE OR REPLACE TEMP TABLE m AS SELECT 'https://example.com/p%20' || (i % 977) || "
        "'/q?x=' || i || '&y=a+b%C3%A9%2F' || (i % 13) AS s FROM range(?) t(i)",
        [n],
    ).fetchall()
    got = con.execute(
        "SELECT count(*), count(pct_decode(s, 'duckdb')),"
        " sum(CASE WHEN pct_decode(s, 'duckdb') = url_decode(s) THEN 1 ELSE 0 END),"
        " sum(CASE WHEN pct_encode(s, 'duckdb') = url_encode(s) THEN 1 ELSE 0 END) FROM m"
    ).fetchall()[0]
    assert got == (n, n, n, n)

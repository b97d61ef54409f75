"""The same extension file in the DuckDB CLI (the `duckdb-cli` package, 1.5.x), started with
`-unsigned`, against the CLI's own `url_encode` / `url_decode`: one binary, two DuckDB
versions."""

import csv
import io

import pytest

from conftest import cli_version, parquet, workspace_version


def rows(p):
    return list(csv.reader(io.StringIO(p.stdout)))


@pytest.fixture(scope="module")
def load(extension):
    return f"LOAD '{extension}';"


def test_cli_is_15_and_loads_the_extension(cli, load):
    assert cli_version(cli).startswith("v1.5."), cli_version(cli)
    p = cli(
        load + "SELECT loaded, extension_version FROM duckdb_extensions()"
        " WHERE extension_name = 'pctenc'",
        "-csv",
        "-noheader",
    )
    assert rows(p) == [["true", workspace_version()]]


def test_without_unsigned_the_load_is_refused(cli, extension):
    import subprocess

    p = subprocess.run(
        [cli.exe, "-c", f"LOAD '{extension}'"], capture_output=True, text=True, timeout=120
    )
    assert p.returncode != 0 and "signature" in p.stderr, p.stderr


def test_parity_with_the_builtins(cli, load, values, tmp_path_factory):
    path = parquet(tmp_path_factory, "values", values + [None])
    p = cli(
        load + f"CREATE TABLE t AS SELECT * FROM '{path}';"
        "SELECT count(*),"
        " count(*) FILTER (WHERE url_encode(s) IS DISTINCT FROM pct_encode(s)),"
        " count(*) FILTER (WHERE try(url_decode(s)) IS DISTINCT FROM pct_try_decode(s, 'duckdb')),"
        " count(*) FILTER (WHERE try(url_decode(s)) IS NULL AND s IS NOT NULL),"
        " count(*) FILTER (WHERE pct_decode_blob(pct_encode(s, 'clickhouse')) <> encode(s))"
        " FROM t",
        "-csv",
        "-noheader",
    )
    total, enc_diff, dec_diff, failing, round_trip = map(int, rows(p)[0])
    assert (total, enc_diff, dec_diff, round_trip) == (len(values) + 1, 0, 0, 0)
    assert failing > 100


def test_errors_nulls_and_types(cli, load):
    p = cli(load + "SELECT pct_decode('caf%C3');", check=False)
    assert p.returncode != 0
    assert 'pct_decode: profile duckdb, value "caf%C3", byte 3: invalid-utf8' in p.stderr
    p = cli(load + "SELECT pct_decode('a', 'sprak');", check=False)
    assert "unknown profile 'sprak'; did you mean spark?" in p.stderr
    p = cli(load + "SELECT pct_decode(42);", check=False)
    q = cli("SELECT url_decode(42);", check=False)
    assert "Binder Error" in p.stderr and "Binder Error" in q.stderr
    p = cli(
        load + "SELECT pct_decode(NULL) IS NULL, pct_decode('a', NULL) IS NULL,"
        " pct_decode(''), pct_encode('a b', 'form'), hex(pct_decode_blob('%FF')),"
        " pct_decode('a%20b', 'form', 'on_error=null');",
        "-csv",
        "-noheader",
    )
    assert rows(p) == [["true", "true", "", "a+b", "FF", "a b"]]


def test_one_million_rows_on_two_threads(cli, load):
    p = cli(
        load + "SET threads = 2;"
        "CREATE TABLE m AS SELECT 'https://example.com/p%20' || (i % 977) || '/q?x=' || i ||"
        " '&y=a+b%C3%A9%2F' || (i % 13) AS s FROM range(1000000) t(i);"
        "SELECT count(*), count(*) FILTER (WHERE pct_decode(s) = url_decode(s)),"
        " count(*) FILTER (WHERE pct_encode(s) = url_encode(s)) FROM m;",
        "-csv",
        "-noheader",
    )
    assert rows(p) == [["1000000", "1000000", "1000000"]]

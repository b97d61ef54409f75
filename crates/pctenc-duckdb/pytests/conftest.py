"""Fixtures for the DuckDB extension's suites: the shared test strings of the engine suites
(crates/pctenc-py/engine_tests/conftest.py: probes, shared conformance strings, seeded random
strings, byte strings that are not UTF-8), the extension file, the DuckDB CLI, and a
connection of the `duckdb` Python package with the extension loaded."""

import importlib.util
import os
import shutil
import subprocess

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))

_spec = importlib.util.spec_from_file_location(
    "engine_conftest", os.path.join(ROOT, "crates", "pctenc-py", "engine_tests", "conftest.py")
)
engine = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(engine)

values = engine.values
raw_values = engine.raw_values


@pytest.fixture(scope="session")
def extension():
    """The built extension: $PCTENC_DUCKDB_EXTENSION (scripts/test.d/46-duckdb.sh sets it)."""
    path = os.environ.get("PCTENC_DUCKDB_EXTENSION")
    assert path and os.path.isfile(path), (
        f"PCTENC_DUCKDB_EXTENSION={path!r}: build it with scripts/build/duckdb.sh"
    )
    return path


@pytest.fixture(scope="session")
def cli():
    """The DuckDB CLI from the `duckdb-cli` package (1.5.x), as a function of SQL text."""
    exe = os.environ.get("PCTENC_DUCKDB_CLI") or shutil.which("duckdb")
    assert exe, "no duckdb CLI: pip install duckdb-cli (scripts/python/requirements-test.txt)"

    def run(sql, *flags, check=True):
        p = subprocess.run(
            [exe, "-unsigned", *flags, "-c", sql], capture_output=True, text=True, timeout=600
        )
        if check and p.returncode != 0:
            raise AssertionError(f"duckdb CLI failed ({p.returncode}): {p.stderr}")
        return p

    run.exe = exe
    return run


@pytest.fixture(scope="module")
def con(extension):
    """A `duckdb` (Python) connection with the extension loaded, two threads."""
    import pctenc.duckdb

    c = pctenc.duckdb.connect(path=extension, config={"threads": 2})
    yield c
    c.close()


def table(con, name, vals, typ="VARCHAR"):
    """A temp table `name(i, s)` of `vals` (str, bytes or None), row order kept in `i`."""
    import pyarrow as pa

    arrow = pa.table(
        {
            "i": list(range(len(vals))),
            "s": pa.array(vals, pa.binary() if typ == "BLOB" else pa.string()),
        }
    )
    con.register(f"{name}_arrow", arrow)
    con.execute(f"CREATE OR REPLACE TEMP TABLE {name} AS SELECT i, s FROM {name}_arrow").fetchall()
    con.unregister(f"{name}_arrow")


def parquet(tmp_path_factory, name, vals, typ="VARCHAR"):
    """`vals` written to a Parquet file (for the CLI, which reads it), as `table` does."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    path = str(tmp_path_factory.mktemp("duckdb") / f"{name}.parquet")
    arrow = pa.table(
        {
            "i": list(range(len(vals))),
            "s": pa.array(vals, pa.binary() if typ == "BLOB" else pa.string()),
        }
    )
    pq.write_table(arrow, path)
    return path


def workspace_version():
    """The workspace's version (Cargo.toml), which the extension must report."""
    import tomllib

    with open(os.path.join(ROOT, "Cargo.toml"), "rb") as f:
        return tomllib.load(f)["workspace"]["package"]["version"]


def cli_version(cli):
    return cli("SELECT version()", "-csv", "-noheader").stdout.strip()


__all__ = ["values", "raw_values", "table", "parquet", "workspace_version", "subprocess"]

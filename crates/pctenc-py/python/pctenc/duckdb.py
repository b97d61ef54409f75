"""pctenc in DuckDB: SQL functions, native where the connection allows it.

```python
import pctenc.duckdb
con = pctenc.duckdb.connect()            # a connection that can load the native extension
con.sql("SELECT pct_decode(url, 'form'), pct_try_decode(url), pct_encode(q, 'rfc3986') FROM t")

con = duckdb.connect(); pctenc.duckdb.register(con)   # any connection: native or Arrow UDFs
```

`register(con)` gives the connection `pct_encode`, `pct_decode` and `pct_try_decode`
(value, profile or options), and the BLOB forms `pct_encode_blob` / `pct_decode_blob` /
`pct_try_decode_blob` for bytes that are not text. The second argument is a profile name or
options in the library's compact text form (`'profile=form, utf8=lossy'`).

- **Native** (the loadable extension `crates/pctenc-duckdb`, built by
  `scripts/build/duckdb.sh`): `LOAD`ed into the connection's database, vectorized in Rust,
  with one-, two- and three-argument forms and VARCHAR and BLOB overloads. DuckDB loads an
  unsigned extension only into a database opened with `allow_unsigned_extensions`, a setting
  that cannot be changed once it is open: `connect()` opens one so. `pct_decode` fails the
  query naming the function, profile, value and byte offset.
- **Arrow UDFs** otherwise (the connection does not allow unsigned extensions, or no
  extension file is found, or `prefix` renames the functions): the same names with
  `(value, profile)`, one Python call per DuckDB vector into the Rust kernels.
  `register` warns (`NativeUnavailable`) when it falls back and says why. `pct_decode` fails
  the query naming the function, profile, row (in its vector, whose size it gives: DuckDB
  does not say where a vector starts), byte offset and a snippet of the value.

The extension file is found at, in order: `path=`, the environment variable
`PCTENC_DUCKDB_EXTENSION`, `pctenc.duckdb_extension` beside this module. NULL in gives NULL
out (a NULL profile too); `pct_try_decode` gives NULL for a row that does not decode (never,
under a profile that keeps malformed escapes and writes U+FFFD for bad UTF-8, such as
`form`).

The `duckdb` profile reproduces DuckDB's own `url_encode` / `url_decode` byte for byte (`+`
kept, malformed escapes kept, an error where the result is not UTF-8), so
`pct_decode(s, 'duckdb')` is `url_decode(s)`, and every other profile gives DuckDB a dialect
it lacks: `form` (`+` as space), `spark` (Spark's `url_decode`), `rfc3986` (strict).

Query strings as data (DuckDB's only URL functions are `url_encode` and `url_decode`):

```sql
SELECT pct_query_param(url, 'utm_source') FROM logs;            -- VARCHAR, NULL if absent
SELECT pct_parse_query(url) FROM logs;                          -- STRUCT(key, value)[]
SELECT pct_build_query(MAP {'q': 'a b', 'n': '1'});              -- 'q=a+b&n=1'
SELECT pct_build_query_pairs(pct_parse_query(url)) FROM logs;   -- lists of pairs back to text
```

- **Native** (the extension loaded): vectorized in Rust, the options positional as in the
  codec functions: `pct_query_param(url, 'q', 'rfc3986', 'input=url')`, or the options
  text as the second option argument (`pct_query_param(url, 'q', 'profile=rfc3986,
  input=url')`); an empty profile is the default (`form`). `pct_build_query` takes a MAP or a
  `STRUCT(key, value)[]`. docs/engines.md lists them.
- **Macros over Arrow UDFs** otherwise, with the options also by name:
  `pct_query_param(url, 'q', profile := 'rfc3986', input := 'url')`
  (`pctenc.arrow.parse_query` and `query_param` say what each option does).

SQL that passes a profile name or the options text as the argument after the value (or
key) runs on both: `pct_query_param(url, 'q', 'profile=rfc3986, input=url')`.

`pct_parse_query(u, profile := '', input := '')`, `pct_query_param(u, key, ...)` and
`pct_query_param_all(u, key, ...)` (VARCHAR[]) fail the query on a value a strict profile
rejects; their `pct_try_*` twins give NULL. `pct_build_query(m MAP(VARCHAR, VARCHAR),
profile := '')` and `pct_build_query_pairs(l STRUCT(key VARCHAR, value VARCHAR)[], ...)`
write a query string: DuckDB UDFs cannot be overloaded by type, hence two names. An empty
option is the library's default (profile `form`, input `auto`); a profile holding `=` is the
compact options text (`'profile=rfc3986, input=url, malformed=lenient'`).
"""

from __future__ import annotations

import os
import warnings
from typing import Any, Optional

from . import _engine, _pctenc

__all__ = ["register", "register_query", "connect", "extension_path", "NativeUnavailable"]

EXTENSION_FILE = "pctenc.duckdb_extension"


class NativeUnavailable(RuntimeWarning):
    """`register` could not load the native extension and registered the Arrow UDFs."""


def extension_path(path: Optional[str] = None) -> Optional[str]:
    """The native extension's file: `path`, else `$PCTENC_DUCKDB_EXTENSION`, else
    `pctenc.duckdb_extension` beside this module; None when none of them exists."""
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), EXTENSION_FILE)
    for candidate in (path, os.environ.get("PCTENC_DUCKDB_EXTENSION"), here):
        if candidate and os.path.isfile(candidate):
            return candidate
    if path:
        raise FileNotFoundError(f"pctenc.duckdb: no extension file at {path!r}")
    return None


def connect(database: str = ":memory:", path: Optional[str] = None, **kwargs: Any) -> Any:
    """`duckdb.connect(database, ...)` with `allow_unsigned_extensions` set, the native
    extension loaded (`FileNotFoundError` when there is none: see `extension_path`)."""
    import duckdb

    config = dict(kwargs.pop("config", None) or {})
    config["allow_unsigned_extensions"] = "true"
    con = duckdb.connect(database, config=config, **kwargs)
    found = extension_path(path)
    if found is None:
        con.close()
        raise FileNotFoundError(
            f"pctenc.duckdb: no {EXTENSION_FILE}; build it with scripts/build/duckdb.sh "
            "and pass path= or set PCTENC_DUCKDB_EXTENSION"
        )
    con.execute(f"LOAD '{_quote(found)}'")
    return con


def register(
    con: Any, prefix: str = "pct_", path: Optional[str] = None, native: Optional[bool] = None
) -> Any:
    """Gives the connection `con` the `pct_*` functions and returns it.

    `native=None` loads the native extension when it can and falls back to the Arrow UDFs
    with a `NativeUnavailable` warning saying why; `native=True` raises instead of falling
    back; `native=False` registers the Arrow UDFs. `prefix` renames the functions, which only
    the Arrow UDFs can (`prefix="url_"` gives `url_decode(s, profile)`, which DuckDB resolves
    apart from its one-argument built-in)."""
    import duckdb

    if native is not False and prefix == "pct_":
        why = _load_native(con, path)
        if why is None:
            # The extension has the query functions natively (positional options); an older
            # extension file without them gets the macros over Arrow UDFs.
            if not _has_function(con, "pct_query_param"):
                register_query(con, prefix)
            return con
        if native:
            raise RuntimeError(f"pctenc.duckdb: native extension not loaded: {why}")
        warnings.warn(
            f"pctenc.duckdb: using the Arrow UDFs (one Python call per vector): {why}",
            NativeUnavailable,
            stacklevel=2,
        )
    elif native:
        raise ValueError("pctenc.duckdb: the native functions cannot be renamed (prefix)")
    from duckdb.func import ARROW, FunctionNullHandling

    try:
        import numpy  # noqa: F401 - DuckDB's create_function imports it for any Python UDF
    except ImportError as e:
        raise ImportError(
            "pctenc.duckdb needs numpy: DuckDB's create_function imports it for every Python "
            "function (pip install numpy, or pip install 'pctenc[duckdb]')"
        ) from e
    from duckdb.sqltypes import BLOB, VARCHAR

    # decode is the library's decode defaults; try_decode its try-decode (the on_error word
    # that makes a failing row NULL, from the options model: this module spells no option
    # word or default, crates/pctenc/tests/one_copy.rs).
    null = {"on_error": _pctenc.effective("try-decode")["on_error"]}
    specs = [
        ("encode", "encode", {}, VARCHAR, VARCHAR),
        ("decode", "decode", {}, VARCHAR, VARCHAR),
        ("try_decode", "decode", null, VARCHAR, VARCHAR),
        ("encode_blob", "encode", {}, BLOB, VARCHAR),
        ("decode_blob", "decode", {"utf8": "bytes"}, VARCHAR, BLOB),
        ("try_decode_blob", "decode", {**null, "utf8": "bytes"}, VARCHAR, BLOB),
    ]
    for name, op, options, arg, ret in specs:
        fn = _udf(prefix + name, op, options)
        try:
            con.remove_function(prefix + name)
        except duckdb.InvalidInputException:
            pass
        # SPECIAL: the UDF sees NULL rows and may return NULL (pct_try_decode must);
        # pctenc keeps a NULL row NULL, and a NULL profile makes the row NULL.
        con.create_function(
            prefix + name,
            fn,
            [arg, VARCHAR],
            ret,
            type=ARROW,
            null_handling=FunctionNullHandling.SPECIAL,
            side_effects=False,
        )
    register_query(con, prefix)
    return con


def pa_types():
    import pyarrow as pa

    return pa.types


def _udf(where: str, op: str, options: dict):
    text_out = not _engine._binary(op, options)

    def apply(values, profiles):
        out = _engine.run_per_profile(where, op, values, profiles, **options)
        if text_out and not (pa_types().is_string(out.type) or pa_types().is_large_string(out.type)):
            # utf8=bytes asked of a VARCHAR function: DuckDB would show the bytes escaped.
            raise ValueError(f"{where} returns VARCHAR: decode to bytes with the _blob function")
        return out

    apply.__name__ = where
    return apply


def _quote(path: str) -> str:
    return path.replace("'", "''")


def _has_function(con: Any, name: str) -> bool:
    """Whether `con` has a scalar function `name` (not a macro) in its catalog."""
    found = con.execute(
        "SELECT count(*) FROM duckdb_functions() WHERE function_name = ? "
        "AND function_type = 'scalar'",
        [name],
    ).fetchall()
    return found[0][0] > 0


def _load_native(con: Any, path: Optional[str]) -> Optional[str]:
    """LOADs the extension into `con`'s database; None, or why it could not."""
    import duckdb

    found = extension_path(path)
    if found is None:
        return (
            f"no {EXTENSION_FILE} found (build it with scripts/build/duckdb.sh, then pass "
            "path= or set PCTENC_DUCKDB_EXTENSION)"
        )
    allowed = con.execute("SELECT current_setting('allow_unsigned_extensions')").fetchall()[0][0]
    if not allowed:
        return (
            "the connection was opened without allow_unsigned_extensions, which DuckDB "
            "only takes when a database is opened: use pctenc.duckdb.connect(), or "
            "duckdb.connect(config={'allow_unsigned_extensions': 'true'})"
        )
    try:
        con.execute(f"LOAD '{_quote(found)}'")
    except duckdb.Error as e:
        return f"LOAD {found!r} failed: {e}"
    return None


# ---------------------------------------------------------------- query strings as data


def register_query(con: Any, prefix: str = "pct_") -> Any:
    """Registers the query functions (see the module docs) on `con`: an Arrow UDF
    `_<prefix><name>` per function, with every option a positional argument, and a temporary
    macro `<prefix><name>` that gives the options their names and defaults."""
    import duckdb
    from duckdb.func import ARROW, FunctionNullHandling
    from duckdb.sqltypes import VARCHAR

    pairs = duckdb.list_type(duckdb.struct_type({"key": VARCHAR, "value": VARCHAR}))
    text_map = duckdb.map_type(VARCHAR, VARCHAR)
    texts = duckdb.list_type(VARCHAR)
    # '' is "not given": the library's defaults (profile form, input auto).
    opts = "profile := '', input := ''"
    # name, query function, on_error, UDF arguments, return type, macro parameters, UDF call
    specs = [
        ("parse_query", "parse_query", None, 3, pairs, f"u, {opts}", "u, profile, input"),
        ("try_parse_query", "parse_query", "null", 3, pairs, f"u, {opts}", "u, profile, input"),
        ("query_param", "query_param", None, 4, VARCHAR, f"u, key, {opts}",
         "u, key, profile, input"),
        ("try_query_param", "query_param", "null", 4, VARCHAR, f"u, key, {opts}",
         "u, key, profile, input"),
        ("query_param_all", "query_param_all", None, 4, texts, f"u, key, {opts}",
         "u, key, profile, input"),
        ("try_query_param_all", "query_param_all", "null", 4, texts, f"u, key, {opts}",
         "u, key, profile, input"),
        ("build_query", "build_query", None, 2, VARCHAR, "m, profile := ''", "m, profile"),
        ("build_query_pairs", "build_query", None, 2, VARCHAR, "l, profile := ''",
         "l, profile"),
    ]
    for name, op, on_error, arity, ret, params, call in specs:
        udf = f"_{prefix}{name}"
        first = text_map if name == "build_query" else pairs if op == "build_query" else VARCHAR
        args = [first] + [VARCHAR] * (arity - 1)
        try:
            con.remove_function(udf)
        except duckdb.InvalidInputException:
            pass
        con.create_function(
            udf,
            _query_udf(prefix + name, op, on_error),
            args,
            ret,
            type=ARROW,
            null_handling=FunctionNullHandling.SPECIAL,
            side_effects=False,
        )
        con.execute(f"CREATE OR REPLACE TEMP MACRO {prefix}{name}({params}) AS {udf}({call})")
    return con


def _query_udf(where: str, op: str, on_error: str | None):
    """The UDF of one query function: DuckDB reads its arity from the signature."""
    from . import _query

    if op == "build_query":

        def apply(values, profile):
            return _query.run(where, op, values, profile=profile, on_error=on_error)

    elif op == "parse_query":

        def apply(values, profile, input):
            return _query.run(where, op, values, profile=profile, input=input, on_error=on_error)

    else:

        def apply(values, key, profile, input):
            return _query.run(where, op, values, key=key, profile=profile, input=input,
                              on_error=on_error)

    apply.__name__ = where
    return apply

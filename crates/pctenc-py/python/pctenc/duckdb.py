"""pctenc in DuckDB: SQL functions as Arrow UDFs.

```python
import duckdb, pctenc.duckdb
con = duckdb.connect()
pctenc.duckdb.register(con)
con.sql("SELECT pct_decode(url, 'form'), pct_try_decode(url, 'duckdb'), pct_encode(q, 'rfc3986') FROM t")
```

`register(con)` adds `pct_encode(s, profile)`, `pct_decode(s, profile)` and
`pct_try_decode(s, profile)` (VARCHAR in, VARCHAR out), and the BLOB variants
`pct_encode_blob(b, profile)` / `pct_decode_blob(s, profile)` / `pct_try_decode_blob(s,
profile)` for bytes that are not text. The second argument is a profile name or options in
the library's compact text form (`'profile=form, utf8=lossy'`).
Each is a DuckDB Arrow UDF: DuckDB hands Python one vector of rows at a time as an Arrow
array, and the whole vector is one call into the kernels. NULL in gives NULL out (a NULL
profile too); `pct_decode` fails the query naming the function, profile, row (in its
vector, whose size it gives: DuckDB does not say where a vector starts), byte offset and a
snippet of the value; `pct_try_decode` gives NULL for that row (never, under a profile that
keeps malformed escapes and writes U+FFFD for bad UTF-8, such as `form`).

The `duckdb` profile reproduces DuckDB's own `url_encode` / `url_decode` byte for byte (`+`
kept, malformed escapes kept, an error where the result is not UTF-8), so
`pct_decode(s, 'duckdb')` is `url_decode(s)`, and every other profile gives DuckDB a dialect
it lacks: `form` (`+` as space), `spark` (Spark's `url_decode`), `rfc3986` (strict).
"""

from __future__ import annotations

from typing import Any

from . import _engine

__all__ = ["register"]


def register(con: Any, prefix: str = "pct_") -> Any:
    """Registers the `pct_*` functions on the connection `con` and returns it.

    `prefix` renames them (`prefix="url_"` gives `url_decode(s, profile)`, which DuckDB
    resolves apart from its one-argument built-in)."""
    import duckdb
    from duckdb.func import ARROW, FunctionNullHandling

    try:
        import numpy  # noqa: F401 - DuckDB's create_function imports it for any Python UDF
    except ImportError as e:
        raise ImportError(
            "pctenc.duckdb needs numpy: DuckDB's create_function imports it for every Python "
            "function (pip install numpy, or pip install 'pctenc[duckdb]')"
        ) from e
    from duckdb.sqltypes import BLOB, VARCHAR

    specs = [
        ("encode", "encode", {}, VARCHAR, VARCHAR),
        ("decode", "decode", {"on_error": "raise"}, VARCHAR, VARCHAR),
        ("try_decode", "decode", {"on_error": "null"}, VARCHAR, VARCHAR),
        ("encode_blob", "encode", {}, BLOB, VARCHAR),
        ("decode_blob", "decode", {"on_error": "raise", "utf8": "bytes"}, VARCHAR, BLOB),
        ("try_decode_blob", "decode", {"on_error": "null", "utf8": "bytes"}, VARCHAR, BLOB),
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
    return con


def pa_types():
    import pyarrow as pa

    return pa.types


def _udf(where: str, op: str, options: dict):
    text_out = options.get("utf8") != "bytes"

    def apply(values, profiles):
        out = _engine.run_per_profile(where, op, values, profiles, **options)
        if text_out and not (pa_types().is_string(out.type) or pa_types().is_large_string(out.type)):
            # utf8=bytes asked of a VARCHAR function: DuckDB would show the bytes escaped.
            raise ValueError(f"{where} returns VARCHAR: decode to bytes with the _blob function")
        return out

    apply.__name__ = where
    return apply

"""pctenc in DuckDB: SQL functions as Arrow UDFs.

```python
import duckdb, pctenc.duckdb
con = duckdb.connect()
pctenc.duckdb.register(con)
con.sql("SELECT pct_decode(url, 'form'), pct_try_decode(url, 'duckdb'), pct_encode(q, 'rfc3986') FROM t")
```

`register(con)` adds `pct_encode(s, profile)`, `pct_decode(s, profile)` and
`pct_try_decode(s, profile)` (VARCHAR in, VARCHAR out), and the BLOB variants
`pct_encode_blob(b, profile)` / `pct_decode_blob(s, profile)` for bytes that are not text.
Each is a DuckDB Arrow UDF: DuckDB hands Python one vector of rows at a time as an Arrow
array, and the whole vector is one call into the kernels. NULL in gives NULL out (a NULL
profile too); `pct_decode` fails the query naming the function, profile, row (in its
vector), byte offset and a snippet of the value; `pct_try_decode` gives NULL for that row.

The `duckdb` profile reproduces DuckDB's own `url_encode` / `url_decode` byte for byte (`+`
kept, malformed escapes kept, an error where the result is not UTF-8), so
`pct_decode(s, 'duckdb')` is `url_decode(s)`, and every other profile gives DuckDB a dialect
it lacks: `form` (`+` as space), `spark` (Spark's `url_decode`), `rfc3986` (strict).

Query strings as data (DuckDB's only URL functions are `url_encode` and `url_decode`), as
macros with named, defaulted options over Arrow UDFs (`pctenc.arrow.parse_query` and
`query_param` say what each option does):

```sql
SELECT pct_query_param(url, 'utm_source') FROM logs;            -- VARCHAR, NULL if absent
SELECT pct_parse_query(url) FROM logs;                          -- STRUCT(key, value)[]
SELECT pct_query_param(url, 'q', profile := 'rfc3986', input := 'url') FROM logs;
SELECT pct_build_query(MAP {'q': 'a b', 'n': '1'});              -- 'q=a+b&n=1'
SELECT pct_build_query_pairs(pct_parse_query(url)) FROM logs;   -- lists of pairs back to text
```

`pct_parse_query(u, profile := '', input := '')`, `pct_query_param(u, key, ...)` and
`pct_query_param_all(u, key, ...)` (VARCHAR[]) fail the query on a value a strict profile
rejects; their `pct_try_*` twins give NULL. `pct_build_query(m MAP(VARCHAR, VARCHAR),
profile := '')` and `pct_build_query_pairs(l STRUCT(key VARCHAR, value VARCHAR)[], ...)`
write a query string: DuckDB UDFs cannot be overloaded by type, hence two names. An empty
option is the library's default (profile `form`, input `auto`); a profile holding `=` is the
compact options text (`'profile=rfc3986, input=url, malformed=lenient'`).
"""

from __future__ import annotations

from typing import Any

from . import _engine

__all__ = ["register", "register_query"]


def register(con: Any, prefix: str = "pct_") -> Any:
    """Registers the `pct_*` functions on the connection `con` and returns it.

    `prefix` renames them (`prefix="url_"` gives `url_decode(s, profile)`, which DuckDB
    resolves apart from its one-argument built-in)."""
    import duckdb
    from duckdb.func import ARROW, FunctionNullHandling
    from duckdb.sqltypes import BLOB, VARCHAR

    specs = [
        ("encode", "encode", {}, VARCHAR, VARCHAR),
        ("decode", "decode", {"on_error": "raise"}, VARCHAR, VARCHAR),
        ("try_decode", "decode", {"on_error": "null"}, VARCHAR, VARCHAR),
        ("encode_blob", "encode", {}, BLOB, VARCHAR),
        ("decode_blob", "decode", {"on_error": "raise", "utf8": "bytes"}, VARCHAR, BLOB),
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


def _udf(where: str, op: str, options: dict):
    def apply(values, profiles):
        return _engine.run_per_profile(where, op, values, profiles, **options)

    apply.__name__ = where
    return apply


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

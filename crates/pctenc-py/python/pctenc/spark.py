"""pctenc in Spark: Column functions and SQL functions built on Arrow UDFs.

```python
from pyspark.sql import functions as F
import pctenc.spark as ps

df.select(ps.url_decode("u"))                          # exactly F.url_decode("u")
df.select(ps.try_url_decode("u", profile="form"))      # NULL where a row is malformed
df.select(ps.url_encode(F.col("q"), profile="rfc3986", lower=True))

ps.register(spark)   # SQL: pct_encode(s, 'form'), pct_decode(s, 'spark'), pct_try_decode(s, 'duckdb')
```

Each function is a `pyspark.sql.functions.arrow_udf`: Spark hands the Python worker one Arrow
batch at a time (`spark.sql.execution.arrow.maxRecordsPerBatch` rows), and the whole batch
is one call into the kernels, with the GIL released. The default profile is `spark`, so the
functions are drop-in replacements for Spark's own `url_encode` / `url_decode` /
`try_url_decode`, byte for byte (including `%+1`, `+` as space, and U+FFFD for bytes that
are not UTF-8); any other profile gives Spark that dialect.

Errors: in raise mode (`url_decode`, `pct_decode`) a malformed row fails the task, and the
job's error names the function, the profile, the row's index in its Arrow batch, the byte
offset and an escaped snippet of the value. `try_url_decode` makes that row NULL instead.

Spark strings that are not UTF-8 (from `CAST(binary AS STRING)`) are read by Spark's
built-ins as a Java `String`, which replaces the bad bytes first; with the `spark` profile
(`java-urlencoder`) this adapter does the same repair, with pctenc's own Java decoder, so
that those rows match too.

Query strings as data (the `form` profile by default: `+` is a space, as browsers and
`URLSearchParams` read a query; `pctenc.arrow.parse_query` and `query_param` say what each
option does):

```python
df.select(ps.query_param("url", "utm_source"))          # string, NULL where absent
df.select(ps.parse_query("url"))                        # array<struct<key, value>>
df.select(ps.build_query(F.col("params")))              # map or array<struct> to a query
spark.sql("SELECT pct_query_param(url, 'q') FROM logs")  # after ps.register(spark)
```

Unlike `url_decode(parse_url(u, 'QUERY', 'q'))`, the value comes back decoded, a malformed
escape elsewhere in the URL is no error, and nothing of the URL but its `?` and `#` is looked
at (`parse_url` fails the job, or gives NULL, on a URL `java.net.URI` rejects).

The workers import `pctenc`: on a cluster the wheel must be on every executor (see
docs/engines.md).

**Native functions.** With the pctenc jar (`bash scripts/build/jvm.sh` builds it) the
session has `pct_encode`, `pct_decode` and `pct_try_decode` in the JVM, with no Python
worker and several times faster:

```python
spark = (SparkSession.builder.config("spark.jars", ps.jar())
         .config("spark.sql.extensions", ps.EXTENSION).getOrCreate())
```

Then `url_encode`, `url_decode(on_error="raise"|"null")` and `try_url_decode` without other
options use them (`native(spark)` says whether they are there); the Arrow UDFs remain for
everything else (options, `charset`, `on_error="keep"|"replace"`, `utf8="bytes"`). The jar
also has the query functions `pct_query_param`, `pct_parse_query`, `pct_build_query` (and
`pct_try_query_param`, `pct_try_parse_query`): `query_param`, `parse_query` and
`build_query` use them for `on_error="raise"|"null"`, and `register` keeps them (only
`pct_query_param_all`, which the jar lacks, is an Arrow UDF there).
"""

from __future__ import annotations

from typing import Any, Union

from . import _engine, _pctenc

__all__ = [
    "EXTENSION",
    "jar",
    "native",
    "url_encode",
    "url_decode",
    "try_url_decode",
    "register",
    "decode_columns",
    "encode_columns",
    "parse_query",
    "query_param",
    "build_query",
    "register_query",
]

DEFAULT_PROFILE = "spark"

# The on_error word of try-decode (a failing row becomes NULL), from the library's options
# model: this module spells no option word or default (crates/pctenc/tests/one_copy.rs).
_TRY = _pctenc.effective("try-decode")["on_error"]

# The Spark session extension class of the pctenc jar (jvm/spark/).
EXTENSION = "org.pctenc.spark.PctencExtensions"


def jar() -> Union[str, None]:
    """The path of the pctenc jar for `spark.jars`: `$PCTENC_JAR`, else a jar placed in
    this package's `pctenc/jars/` (the wheel does not carry one yet: build it with
    `bash scripts/build/jvm.sh`, which prints its path), else None."""
    import glob
    import os

    path = os.environ.get("PCTENC_JAR")
    if path:
        return path
    found = sorted(glob.glob(os.path.join(os.path.dirname(__file__), "jars", "pctenc-*.jar")))
    return found[-1] if found else None


def native(spark: Any = None) -> bool:
    """Whether `spark` (default: the active session) has the pctenc jar's JVM-native SQL
    functions. Without them this module uses Arrow UDFs; to enable them, start the session
    with `.config("spark.jars", pctenc.spark.jar())` and
    `.config("spark.sql.extensions", pctenc.spark.EXTENSION)`."""
    if spark is None:
        from pyspark.sql import SparkSession

        spark = SparkSession.getActiveSession()
    if spark is None:
        return False
    try:
        return spark.catalog.getFunction("pct_decode").className == "org.pctenc.spark.PctDecode"
    except Exception:  # noqa: BLE001 - no such function, or a session without a catalog
        return False



def url_encode(col: Union[str, Any], profile: str = DEFAULT_PROFILE, **options: Any):
    """Percent-encodes a string or binary column under `profile`; NULL stays NULL.

    `options` are those of `pctenc.arrow.encode` (`lower`, `charset`)."""
    return _column("url_encode", "encode", col, profile, options)


def url_decode(
    col: Union[str, Any], profile: str = DEFAULT_PROFILE, on_error: Any = None, **options: Any
):
    """Percent-decodes a string or binary column under `profile`.

    `on_error`: "raise" (the default) fails the job naming the value, byte offset and
    profile; "null", "keep" and "replace" as in `pctenc.arrow.decode`. `options`:
    `malformed`, `utf8` (`"bytes"` gives a binary column), `charset`."""
    return _column("url_decode", "decode", col, profile, _with_on_error(options, on_error))


def try_url_decode(col: Union[str, Any], profile: str = DEFAULT_PROFILE, **options: Any):
    """`url_decode(col, profile, on_error="null")`: NULL where a row cannot be decoded,
    like Spark's `try_url_decode`. Under a profile that keeps malformed escapes and writes
    U+FFFD for bad UTF-8 (`form`, `py-quote`...) no row can fail, so none is NULL; pass
    `malformed="strict"` to make malformed rows NULL (docs/engines.md)."""
    if "on_error" in options:  # try-decode takes none: the library's refusal, not a silent override
        _refuse_on_error("pctenc.spark.try_url_decode")
    return _column("try_url_decode", "decode", col, profile, dict(options, on_error=_TRY))


def register(spark: Any, prefix: str = "pct_") -> None:
    """Registers the SQL functions `pct_encode(s, profile)`, `pct_decode(s, profile)` and
    `pct_try_decode(s, profile)` on the session (`prefix` changes `pct_`). The second
    argument, per row, is a profile name or the options text of the function's operation
    (`'profile=form, hex=lower'`); they return STRING, which under `utf8=bytes` holds the
    decoded bytes (`CAST(... AS BINARY)` gives them), as the jar's functions do. A session that
    has the jar's native functions keeps them (nothing is registered over them; only the
    query functions the jar lacks, `pct_query_param_all` and its twin, are added)."""
    if prefix == "pct_" and native(spark):
        register_query(spark, prefix)  # only the query functions the jar lacks
        return
    for name, op, on_error in (
        ("encode", "encode", None),
        ("decode", "decode", None),
        ("try_decode", "decode", _TRY),
    ):
        spark.udf.register(prefix + name, _sql_udf(prefix + name, op, on_error))
    register_query(spark, prefix)


def decode_columns(
    df: Any,
    columns: Union[str, list],
    profile: str = DEFAULT_PROFILE,
    on_error: Any = None,
    **options: Any,
):
    """`df` with `columns` percent-decoded in place, in one `mapInArrow` pass.

    The same result as `df.withColumn(c, url_decode(c, ...))` for each column, but Spark
    streams the Arrow batches through Python once, without holding the input rows to join
    the UDF's output back: measured faster than the Column functions (BENCHMARKS.md, "Data
    engines"). Use it when the decoded columns replace the raw ones."""
    opts = _with_on_error(options, on_error)
    return _map_columns("pctenc.spark.decode_columns", "decode", df, columns, profile, opts)


def encode_columns(
    df: Any, columns: Union[str, list], profile: str = DEFAULT_PROFILE, **options: Any
):
    """`df` with `columns` percent-encoded in place, in one `mapInArrow` pass (see
    `decode_columns`)."""
    return _map_columns("pctenc.spark.encode_columns", "encode", df, columns, profile, options)


def _map_columns(where: str, op: str, df: Any, columns: Any, profile: str, options: dict):
    import pyarrow as pa
    from pyspark.sql.types import BinaryType, StringType, StructField, StructType

    names = [columns] if isinstance(columns, str) else list(columns)
    missing = [c for c in names if c not in df.columns]
    if missing:
        raise ValueError(f"{where}: no column {missing[0]!r} (columns: {df.columns})")
    _check(op, profile, options)
    out = BinaryType() if _return_type(op, options) == "binary" else StringType()
    schema = StructType(
        [StructField(f.name, out, True) if f.name in names else f for f in df.schema.fields]
    )

    def batches(it):
        for b in it:
            arrays = [
                _batch(where, op, b.column(i), profile, options) if n in names else b.column(i)
                for i, n in enumerate(b.schema.names)
            ]
            yield pa.RecordBatch.from_arrays(arrays, names=b.schema.names)

    return df.mapInArrow(batches, schema)


def _with_on_error(options: dict, on_error: Any) -> dict:
    """`options` with `on_error` when one is given (None: the library's default)."""
    return options if on_error is None else dict(options, on_error=on_error)


def _return_type(op: str, options: dict) -> str:
    """The Spark type of the result: binary where the library's result is bytes (decoding
    with `utf8="bytes"`), else string."""
    return "binary" if _pctenc.effective(op, **options)["binary"] else "string"


def _column(where: str, op: str, col: Any, profile: str, options: dict):
    import pyarrow as pa
    from pyspark.sql import Column, functions as F

    if not isinstance(profile, str):
        raise TypeError(f"profile must be a str, not {type(profile).__name__}")
    if not isinstance(col, (str, Column)):
        raise TypeError(f"col must be a column name (str) or a Column, not {type(col).__name__}")
    _check(op, profile, options)
    label = f"pctenc.spark.{where}"
    sql = _native_function(op, options)
    if sql is not None and native():
        c = F.col(col) if isinstance(col, str) else col
        return F.call_function(sql, c, F.lit(profile)).alias(f"{where}({_name(col)})")

    def apply(values: pa.Array) -> pa.Array:
        return _batch(label, op, values, profile, options)

    # Spark picks the UDF kind from real type hints (not the strings this module's
    # `from __future__ import annotations` would leave).
    apply.__annotations__ = {"values": pa.Array, "return": pa.Array}
    udf = F.arrow_udf(apply, _return_type(op, options))
    return udf(F.col(col) if isinstance(col, str) else col).alias(f"{where}({_name(col)})")


def _native_function(op: str, options: dict):
    """The jar's SQL function for a call with these options, or None where only the Arrow
    path takes them."""
    if op == "encode" and not options:
        return "pct_encode"
    if op == "decode" and set(options) <= {"on_error"}:
        # The jar's two decode functions are the library's decode and try-decode defaults.
        on_error = _pctenc.effective(op, **options)["on_error"]
        if on_error == _pctenc.effective(op)["on_error"]:
            return "pct_decode"
        if on_error == _TRY:
            return "pct_try_decode"
    return None


def _sql_udf(name: str, op: str, on_error: Any):
    from pyspark.sql import functions as F

    return F.arrow_udf(_sql_function(name, op, on_error), "string")


def _sql_function(name: str, op: str, on_error: Any):
    """The body of the SQL function `name`: Arrow arrays of values and of profiles or
    options texts (per row) in, one Arrow array out."""
    import pyarrow as pa

    options = {} if on_error is None else {"on_error": on_error}

    def apply(values: pa.Array, profiles: pa.Array = None) -> pa.Array:
        if profiles is None:  # pct_decode(s): the default profile
            return _sql_string(_batch(name, op, values, DEFAULT_PROFILE, options))
        if on_error is not None and _names_on_error(profiles):
            _refuse_on_error(name)
        prepare = lambda v, text: _prepare(v, text, op)  # noqa: E731
        out = _engine.run_per_profile(name, op, values, profiles, prepare, **options)
        return _sql_string(_result(out))

    apply.__annotations__ = {"values": pa.Array, "profiles": pa.Array, "return": pa.Array}
    return apply


def _names_on_error(texts: Any) -> bool:
    """Whether an options text among `texts` (SQL's second argument, per row) sets on_error."""
    import pyarrow.compute as pc

    for text in pc.unique(_engine._combine(texts).drop_null()).to_pylist():
        if "=" in text:
            _, given = _engine.split_options(text)
            if "on_error" in given:
                return True
    return False


def _refuse_on_error(where: str) -> None:
    """try-decode is decode with on_error=null, so it takes no on_error: the library says so."""
    from . import _pctenc

    try:
        _pctenc.check_options("try-decode", f"on_error={_TRY}")
    except ValueError as e:
        raise ValueError(f"{where}: {e}") from None
    raise AssertionError("the library takes on_error for try-decode")


def _sql_string(out: Any):
    """SQL functions return STRING: with utf8=bytes, a STRING that holds the decoded bytes
    (`CAST(pct_decode(s, 'utf8=bytes') AS BINARY)` gives them), as the jar's functions do."""
    import pyarrow as pa

    if pa.types.is_binary(out.type):
        return out.view(pa.string())
    return out


def _batch(where: str, op: str, values: Any, profile: str, options: dict):
    values = _prepare(_engine._combine(values), profile, op)
    try:
        return _result(_engine.run(where, op, values, profile, **options))
    except TypeError as e:
        raise TypeError(f"{where}: {e}; in Spark: F.col(name).cast('string')") from e


def _prepare(values: Any, profile: str, op: str):
    """Spark's own dialect reads its input as Java Strings; other profiles see the bytes.
    `profile` is a name or `op`'s options text (SQL's second argument)."""
    from . import _pctenc

    name, _ = _engine.split_options(profile, op)
    java = _pctenc.profile_info(name or DEFAULT_PROFILE)["name"] == "java-urlencoder"
    return _as_java_string(values) if java else values


def _result(out: Any):
    """Spark wants a `pyarrow.Array` of its own type: `string` (or `binary`) with 32-bit
    offsets where pctenc returned a large type for a big batch."""
    import pyarrow as pa

    out = _engine._as_array(out)
    if pa.types.is_large_string(out.type):
        return out.cast(pa.string())
    if pa.types.is_large_binary(out.type):
        return out.cast(pa.binary())
    return out


def _as_java_string(values: Any):
    """Spark's built-ins read a string as a Java `String`, which replaces bytes that are not
    UTF-8 (one U+FFFD per maximal invalid subpart, one per encoded surrogate). Rows that are
    valid are left alone (one validation pass); where some are not, the column is escaped
    whole (`rfc3986`) and decoded by the `java-urlencoder` profile, which is Java's decoder,
    so the repair has no codec logic of its own."""
    import pyarrow as pa

    if not (pa.types.is_string(values.type) or pa.types.is_large_string(values.type)):
        return values
    try:
        values.validate(full=True)
        return values
    except pa.ArrowInvalid:
        pass
    from . import arrow as _arrow

    as_bytes = pa.binary() if pa.types.is_string(values.type) else pa.large_binary()
    escaped = _arrow.encode(values.view(as_bytes), profile="rfc3986")
    return _engine._as_array(_arrow.decode(escaped, profile="java-urlencoder"))


def _check(op: str, profile: str, options: dict) -> None:
    """Fails on the driver, before the job runs, for an unknown profile or option."""
    import pyarrow as pa

    try:
        _engine.check(op, pa.array([], pa.string()), profile, **options)
    except ValueError as e:
        raise ValueError(f"pctenc.spark: {e}") from e


def _name(col: Any) -> str:
    if isinstance(col, str):
        return col
    try:
        return col._jc.toString()
    except Exception:  # noqa: BLE001 - a Column without a JVM name (Spark Connect)
        return "col"


# ---------------------------------------------------------------- query strings as data

_QUERY_TYPES = {
    "parse_query": "array<struct<key:string,value:string>>",
    "query_param": "string",
    "query_param_all": "array<string>",
    "build_query": "string",
}

# This module's query function names -> the library's operation names.
_QUERY_OPS = {"parse_query": "query-parse", "query_param": "query-param",
              "build_query": "query-build"}


def parse_query(col: Union[str, Any], profile: Any = None, *, input: Any = None,
                on_error: Any = None):
    """Each row's query as (key, value) pairs: `array<struct<key: string, value: string>>`,
    in order, repeated keys kept; NULL for a NULL row, empty for a row without a query."""
    return _query_column("parse_query", col, None, profile, input, on_error)


def query_param(col: Union[str, Any], key: str, profile: Any = None, *,
                all: bool = False, input: Any = None, on_error: Any = None):
    """The first value of `key` in each row's query, decoded (a string; NULL where absent),
    or every value with `all=True` (`array<string>`)."""
    if not isinstance(key, str):
        raise TypeError(f"key must be a str, not {type(key).__name__}")
    op = "query_param_all" if all else "query_param"
    return _query_column(op, col, key, profile, input, on_error)


def build_query(col: Union[str, Any], profile: Any = None):
    """A query string per row of a `map<string, string>` or `array<struct<key, value>>`
    column (pairs with a NULL key or value are left out)."""
    return _query_column("build_query", col, None, profile, None, None)


def register_query(spark: Any, prefix: str = "pct_") -> None:
    """Registers the SQL query functions: `pct_parse_query(u [, profile [, input]])`,
    `pct_query_param(u, key [, profile [, input]])`, `pct_query_param_all(...)` (and their
    `pct_try_*` twins, NULL where a strict profile rejects the value), and
    `pct_build_query(map_or_pairs [, profile])`. `register` calls it. A session with the
    jar's native query functions keeps them: only `pct_query_param_all` and its twin, which
    the jar lacks, are registered."""
    keep = prefix == "pct_" and native(spark)
    for name, op, on_error in (
        ("parse_query", "parse_query", None),
        ("try_parse_query", "parse_query", _TRY),
        ("query_param", "query_param", None),
        ("try_query_param", "query_param", _TRY),
        ("query_param_all", "query_param_all", None),
        ("try_query_param_all", "query_param_all", _TRY),
        ("build_query", "build_query", None),
    ):
        if keep and _is_native(spark, prefix + name):
            continue
        spark.udf.register(prefix + name, _query_sql_udf(prefix + name, op, on_error))


def _is_native(spark: Any, name: str) -> bool:
    """Whether the session's function `name` is one of the jar's (not a Python UDF)."""
    try:
        return spark.catalog.getFunction(name).className.startswith("org.pctenc.spark.")
    except Exception:  # noqa: BLE001 - no such function
        return False


def _query_prepare(values: Any, profile: Any):
    """`_prepare` for the query functions, whose profile may be unset or options text."""
    if isinstance(profile, str) and profile and "=" not in profile:
        return _prepare(values, profile, "decode")  # a plain name: no options text to read
    return values


def _query_column(op: str, col: Any, key: Any, profile: str, input: str, on_error: str):
    import pyarrow as pa
    from pyspark.sql import functions as F

    from . import _query

    if profile is not None and not isinstance(profile, str):
        raise TypeError(f"profile must be a str, not {type(profile).__name__}")
    # Unknown names fail on the driver, before the job runs.
    _query.run(f"pctenc.spark.{op}", op, pa.array([], pa.string()) if op != "build_query"
               else pa.array([], _query.out_type("parse_query")), key=key or "",
               profile=profile, input=input, on_error=on_error)
    where = f"pctenc.spark.{op}"
    native_call = _native_query(op, col, key, profile, input, on_error)
    if native_call is not None:
        return native_call

    def apply(values: pa.Array) -> pa.Array:
        return _query.run(where, op, values, key=key, profile=profile, input=input,
                          on_error=on_error, prepare=_query_prepare)

    apply.__annotations__ = {"values": pa.Array, "return": pa.Array}
    udf = F.arrow_udf(apply, _QUERY_TYPES[op])
    return udf(F.col(col) if isinstance(col, str) else col).alias(f"{op}({_name(col)})")


def _native_query(op: str, col: Any, key: Any, profile: Any, input: Any, on_error: str):
    """The jar's native query function for this call (a Column), or None when the session
    lacks it or only the Arrow path takes the arguments (`query_param(all=True)`,
    `on_error="keep"|"replace"`). The jar takes the same profile, and the input word as its
    options argument."""
    from pyspark.sql import functions as F

    core_op = _QUERY_OPS.get(op)
    if core_op is None:  # query_param(all=True): the jar has no native form
        return None
    # The jar's functions are the query operations under their default on_error, and the
    # pct_try_* twins under try-decode's word; any other word takes the Arrow path.
    word = _pctenc.effective(core_op, on_error=on_error)["on_error"]
    if word == _pctenc.effective(core_op)["on_error"]:
        sql = "pct_" + op
    elif word == _TRY and op != "build_query":
        sql = "pct_try_" + op
    else:
        sql = None
    if sql is None or not native():
        return None
    from pyspark.sql import SparkSession

    if not _is_native(SparkSession.getActiveSession(), sql):  # a jar without query functions
        return None
    c = F.col(col) if isinstance(col, str) else col
    args = [c] + ([F.lit(key)] if op == "query_param" else [])
    args += [F.lit(profile or "")] + ([F.lit(input or "")] if op != "build_query" else [])
    return F.call_function(sql, *args).alias(f"{op}({_name(col)})")


def _query_sql_udf(name: str, op: str, on_error: Any):
    import pyarrow as pa
    from pyspark.sql import functions as F

    from . import _query

    if op == "build_query":

        def apply(values: pa.Array, profile: pa.Array = None) -> pa.Array:
            return _query.run(name, op, values, profile=profile, on_error=on_error)

        apply.__annotations__ = {"values": pa.Array, "profile": pa.Array, "return": pa.Array}
    elif op == "parse_query":

        def apply(values: pa.Array, profile: pa.Array = None, input: pa.Array = None) -> pa.Array:
            return _query.run(name, op, values, profile=profile, input=input,
                              on_error=on_error, prepare=_query_prepare)

        apply.__annotations__ = {"values": pa.Array, "profile": pa.Array, "input": pa.Array,
                                 "return": pa.Array}
    else:

        def apply(values: pa.Array, key: pa.Array, profile: pa.Array = None,
                  input: pa.Array = None) -> pa.Array:
            return _query.run(name, op, values, key=key, profile=profile, input=input,
                              on_error=on_error, prepare=_query_prepare)

        apply.__annotations__ = {"values": pa.Array, "key": pa.Array, "profile": pa.Array,
                                 "input": pa.Array, "return": pa.Array}
    return F.arrow_udf(apply, _QUERY_TYPES[op])

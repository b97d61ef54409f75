"""pctenc in Polars: a `pct` namespace on expressions and Series.

```python
import polars as pl
import pctenc.polars  # registers the namespace

df.with_columns(pl.col("u").pct.decode(profile="form"))
lf.select(pl.col("u").pct.try_decode()).collect(engine="streaming")
pl.Series(["a b"]).pct.encode(profile="rfc3986")
```

Methods (the same on `Expr.pct` and `Series.pct`), with the library's options as keyword
arguments (`pctenc.options("decode")` lists them; checked when the expression is built):

- `encode(profile="rfc3986", **options)` (`lower`, `plus`, `utf8`, `charset`, `on_error`):
  String, Binary, Categorical or Enum in, String out.
- `decode(profile="rfc3986", on_error="raise", **options)` (`malformed`, `utf8`, `plus`,
  `charset`):
  `on_error` "raise" (a `PctencError` naming the frame row, the byte offset and a snippet),
  "null", "keep" or "replace"; `utf8="bytes"` gives a Binary column.
- `try_decode(profile="rfc3986", **options)`:
  `decode(..., on_error="null")`. With a profile that keeps malformed escapes and replaces
  bad UTF-8 (`form`, `py-quote`...) no row can fail, so no row becomes null.

Every option is checked when the expression is built, not when the query runs.

Errors: `PctencError` keeps `.row`, `.offset`, `.code` and `.profile` through Polars (which
re-raises an exception from its text: `PctencError` reads them back from it), and `.row` is
the row of the frame (of the Series). For that, an expression that can raise
(`on_error="raise"`) is given the whole column at once (`is_elementwise=False`): the streaming
engine gathers that column before calling it. The other policies cannot raise, stay
elementwise, and stream morsel by morsel.

Types for mypy: `pl.col("u").pct` is added at run time, which a type checker cannot see;
`PctExpr(pl.col("u")).decode(...)` and `PctSeries(s).decode(...)` are the same calls, typed.

Query strings as data, the library's query operations (the `form` profile and `input="auto"`
by default; `pctenc.arrow.parse_query` and `query_param` say what each option does):

- `parse_query(profile=None, **options)`: each row's
  `(key, value)` pairs, a `List(Struct({"key": String, "value": String}))` column.
- `query_param(key, profile=None, all=False, **options)`:
  the first value of `key` (String; null where absent), or every value (`all=True`,
  `List(String)`).
- `build_query(profile=None, **options)`: a query string per row of a
  `List(Struct)` column of key/value pairs.

How it runs: this is an Arrow batch map, not a compiled expression plugin. Each expression
is `Expr.map_batches(...)`: Polars hands over a Series, which goes to `pctenc.arrow`
zero-copy through the Arrow PyCapsule interface and comes back as one Arrow array, one call
per batch with the GIL released. What a plugin built with pyo3-polars would add (no Python
frame per batch, the optimizer seeing the output type without calling) does not pay for its
build: it needs a second native module pinned to Polars' exact Rust version, compiled with
Polars' own crates, minutes of CI on two cores.
"""

from __future__ import annotations

import functools
from typing import Any

import polars as pl

from . import _engine, _pctenc
from . import arrow as _arrow

__all__ = ["PctExpr", "PctSeries"]

# The library's default profile of encode and decode, and the on_error word of try-decode (a
# failing row becomes null), from its options model: this module spells no option word or
# default (crates/pctenc/tests/one_copy.rs).
DEFAULT_PROFILE = _pctenc.effective("decode")["profile"]
_TRY = _pctenc.effective("try-decode")["on_error"]

# The column types taken; the others are a TypeError naming the type and the cast.
_TAKEN = (pl.String, pl.Binary, pl.Categorical, pl.Enum, pl.Null)


def _dtype(op: str, options: dict[str, Any]) -> Any:
    """Binary where the library's result is bytes (decoding with `utf8="bytes"`)."""
    return pl.Binary if _pctenc.effective(op, **options)["binary"] else pl.String


def _series(op: str, s: pl.Series, profile: str, options: dict[str, Any]) -> pl.Series:
    if not isinstance(s.dtype, _TAKEN):
        raise TypeError(
            f"pctenc.polars: column {s.name!r} is {s.dtype}, not String, Binary, Categorical "
            f"or Enum: cast it first, e.g. pl.col({s.name!r}).cast(pl.String)"
        )
    out = _engine.convert(op, s, profile, **options)
    return pl.Series(s.name, out, dtype=_dtype(op, options))


@functools.cache
def _can_refuse_text(profile: str) -> bool:
    """Whether encoding with `profile` can refuse a row: a profile whose input must be text
    (its runtime throws on a lone surrogate) or that keeps non-ASCII, over Binary rows that
    are not UTF-8 (the core's profile table says which)."""
    from . import _pctenc

    p = _pctenc.profile_info(profile)
    return bool(p["input_utf8"] == "strict" or p["non_ascii"] != "escaped")


def _check(op: str, profile: Any, options: dict[str, Any]) -> None:
    """Every argument is checked when the expression is built (an unknown profile, a wrong
    type, a misspelt policy), on an empty column, by the same code that runs the query."""
    if not isinstance(profile, str):
        raise TypeError(f"profile must be a str, not {type(profile).__name__}")
    _engine.check(op, pl.Series([], dtype=pl.String), profile, **options)


def _can_raise(op: str, profile: str, options: dict[str, Any]) -> bool:
    if not _pctenc.effective(op, **options)["raises"]:
        return False
    return op == "decode" or _can_refuse_text(profile)


@pl.api.register_expr_namespace("pct")
class PctExpr:
    """`pl.col(...).pct`: percent-encoding under any pctenc profile."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def _map(self, op: str, profile: str, options: dict[str, Any]) -> pl.Expr:
        _check(op, profile, options)
        return self._expr.map_batches(
            lambda s: _series(op, s, profile, options),
            return_dtype=_dtype(op, options),
            # A map that can raise sees the whole column, so that .row is the frame's row.
            is_elementwise=not _can_raise(op, profile, options),
        )

    def encode(self, profile: str = DEFAULT_PROFILE, **options: Any) -> pl.Expr:
        """Percent-encodes the column under `profile`.

        >>> import polars as pl, pctenc.polars
        >>> pl.DataFrame({"q": ["a b", "é"]}).select(pl.col("q").pct.encode("form"))["q"].to_list()
        ['a+b', '%C3%A9']
        """
        return self._map("encode", profile, options)

    def decode(
        self, profile: str = DEFAULT_PROFILE, on_error: str | None = None, **options: Any
    ) -> pl.Expr:
        """Percent-decodes the column under `profile`.

        >>> import polars as pl, pctenc.polars
        >>> df = pl.DataFrame({"u": ["caf%C3%A9", "a+b"]})
        >>> df.select(pl.col("u").pct.decode("form"))["u"].to_list()
        ['café', 'a b']
        """
        return self._map("decode", profile, dict(options, on_error=on_error))

    def try_decode(self, profile: str = DEFAULT_PROFILE, **options: Any) -> pl.Expr:
        """Percent-decodes; rows that cannot be decoded become null (none can, under a
        profile that keeps malformed escapes and replaces bad UTF-8, such as `form`).

        >>> import polars as pl, pctenc.polars
        >>> pl.DataFrame({"u": ["%41", "%zz"]}).select(pl.col("u").pct.try_decode())["u"].to_list()
        ['A', None]
        """
        return self._map("decode", profile, dict(options, on_error=_TRY))


@pl.api.register_series_namespace("pct")
class PctSeries:
    """`series.pct`: the same methods as `Expr.pct`, eagerly."""

    def __init__(self, series: pl.Series) -> None:
        self._s = series

    def _run(self, op: str, profile: str, options: dict[str, Any]) -> pl.Series:
        _check(op, profile, options)
        return _series(op, self._s, profile, options)

    def encode(self, profile: str = DEFAULT_PROFILE, **options: Any) -> pl.Series:
        """Percent-encodes the Series under `profile`.

        >>> import polars as pl, pctenc.polars
        >>> pl.Series(["a b"]).pct.encode().to_list()
        ['a%20b']
        """
        return self._run("encode", profile, options)

    def decode(
        self, profile: str = DEFAULT_PROFILE, on_error: str | None = None, **options: Any
    ) -> pl.Series:
        """Percent-decodes the Series under `profile`.

        >>> import polars as pl, pctenc.polars
        >>> pl.Series(["a%20b", None]).pct.decode().to_list()
        ['a b', None]
        """
        return self._run("decode", profile, dict(options, on_error=on_error))

    def try_decode(self, profile: str = DEFAULT_PROFILE, **options: Any) -> pl.Series:
        """Percent-decodes; rows that cannot be decoded become null.

        >>> import polars as pl, pctenc.polars
        >>> pl.Series(["%41", "%zz"]).pct.try_decode().to_list()
        ['A', None]
        """
        return self._run("decode", profile, dict(options, on_error=_TRY))



# ---------------------------------------------------------------- query strings as data

_PAIRS = pl.List(pl.Struct({"key": pl.String, "value": pl.String}))


def _query_check(profile: Any, key: Any = "") -> None:
    """Unknown profiles and options fail when the expression is built."""
    if profile is not None and not isinstance(profile, str):
        raise TypeError(f"profile must be a str, not {type(profile).__name__}")
    if not isinstance(key, str):
        raise TypeError(f"key must be a str, not {type(key).__name__}")
    _arrow.query_param(pl.Series([], dtype=pl.String), key, profile=profile)


def _query_can_raise(profile: Any, options: dict) -> bool:
    """Whether a read can raise on a row: not under the default profile (form, which keeps a
    bad escape and writes U+FFFD), nor under an on_error policy other than "raise". A map
    that can raise sees the whole column, so that `.row` is the frame's row, as `decode`."""
    if not _pctenc.effective("query-parse", on_error=options.get("on_error"))["raises"]:
        return False
    return profile is not None or any(options.get(k) is not None for k in ("malformed", "utf8"))


def _parse_query(s: pl.Series, profile: str, options: dict) -> pl.Series:
    return pl.Series(s.name, _arrow.parse_query(s, profile, **options), dtype=_PAIRS)


def _query_param(s: pl.Series, key: str, profile: str, options: dict) -> pl.Series:
    dtype = pl.List(pl.String) if options.get("all") else pl.String
    return pl.Series(s.name, _arrow.query_param(s, key, profile, **options), dtype=dtype)


def _build_query(s: pl.Series, profile: str, options: dict) -> pl.Series:
    return pl.Series(s.name, _arrow.build_query(s, profile, **options), dtype=pl.String)


# The methods below are defined here and attached to the namespaces after their classes, so
# that the query methods stay in this one section of the file.


def _expr_parse_query(self: "PctExpr", profile: Any = None, **options: Any) -> pl.Expr:
    """Each row's query as (key, value) pairs: List(Struct(key, value))."""
    _query_check(profile)
    _arrow.parse_query(pl.Series([], dtype=pl.String), profile, **options)
    return self._expr.map_batches(
        lambda s: _parse_query(s, profile, options),
        return_dtype=_PAIRS,
        is_elementwise=not _query_can_raise(profile, options),
    )


def _expr_query_param(
    self: "PctExpr", key: str, profile: Any = None, **options: Any
) -> pl.Expr:
    """The first value of `key` in each row's query (`all=True`: every value)."""
    _query_check(profile, key)
    _arrow.query_param(pl.Series([], dtype=pl.String), key, profile, **options)
    dtype = pl.List(pl.String) if options.get("all") else pl.String
    return self._expr.map_batches(
        lambda s: _query_param(s, key, profile, options),
        return_dtype=dtype,
        is_elementwise=not _query_can_raise(profile, options),
    )


def _expr_build_query(self: "PctExpr", profile: Any = None, **options: Any) -> pl.Expr:
    """A query string per row of a List(Struct(key, value)) column."""
    _query_check(profile)
    _arrow.build_query(pl.Series([], dtype=_PAIRS), profile, **options)
    return self._expr.map_batches(
        lambda s: _build_query(s, profile, options), return_dtype=pl.String, is_elementwise=True
    )


def _series_parse_query(
    self: "PctSeries", profile: Any = None, **options: Any
) -> pl.Series:
    """Each row's query as (key, value) pairs: List(Struct(key, value))."""
    return _parse_query(self._s, profile, options)


def _series_query_param(
    self: "PctSeries", key: str, profile: Any = None, **options: Any
) -> pl.Series:
    """The first value of `key` in each row's query (`all=True`: every value)."""
    return _query_param(self._s, key, profile, options)


def _series_build_query(
    self: "PctSeries", profile: Any = None, **options: Any
) -> pl.Series:
    """A query string per row of a List(Struct(key, value)) column."""
    return _build_query(self._s, profile, options)


PctExpr.parse_query = _expr_parse_query  # type: ignore[attr-defined]
PctExpr.query_param = _expr_query_param  # type: ignore[attr-defined]
PctExpr.build_query = _expr_build_query  # type: ignore[attr-defined]
PctSeries.parse_query = _series_parse_query  # type: ignore[attr-defined]
PctSeries.query_param = _series_query_param  # type: ignore[attr-defined]
PctSeries.build_query = _series_build_query  # type: ignore[attr-defined]

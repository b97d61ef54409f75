"""pctenc in Polars: a `pct` namespace on expressions and Series.

```python
import polars as pl
import pctenc.polars  # registers the namespace

df.with_columns(pl.col("u").pct.decode(profile="form"))
lf.select(pl.col("u").pct.try_decode()).collect(engine="streaming")
pl.Series(["a b"]).pct.encode(profile="rfc3986")
```

Methods (the same on `Expr.pct` and `Series.pct`):

- `encode(profile="rfc3986", **options)`: `options` as `pctenc.arrow.encode` (`lower`,
  `charset`); String or Binary in, String out.
- `decode(profile="rfc3986", on_error="raise", **options)`: `on_error` "raise" (a
  `PctencError` naming the row, byte offset and a snippet), "null", "keep" or "replace";
  `options` `malformed`, `utf8` (`"bytes"` gives a Binary column), `charset`.
- `try_decode(profile="rfc3986", **options)`: `decode(..., on_error="null")`.

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
is `Expr.map_batches(..., is_elementwise=True)`: Polars hands over a whole Series chunk, which
goes to `pctenc.arrow` zero-copy through the Arrow PyCapsule interface and comes back as one
Arrow array, one call per batch with the GIL released. Marked elementwise, it runs in eager,
lazy and streaming queries (the streaming engine calls it per morsel). What a plugin built
with pyo3-polars would add (no Python frame per batch, the optimizer seeing the output
type without calling) does not pay for its build: it needs a second native module pinned to
Polars' exact Rust version, compiled with Polars' own crates, minutes of CI on two cores.
"""

from __future__ import annotations

from typing import Any

import polars as pl

from . import _engine
from . import arrow as _arrow

__all__ = ["PctExpr", "PctSeries"]

DEFAULT_PROFILE = "rfc3986"


def _dtype(options: dict):
    return pl.Binary if options.get("utf8") == "bytes" else pl.String


def _series(op: str, s: pl.Series, profile: str, options: dict) -> pl.Series:
    out = _engine.convert(op, s, profile, **options)
    return pl.Series(s.name, out, dtype=_dtype(options))


def _check(profile: Any) -> None:
    """An unknown profile fails when the expression is built, not when the query runs."""
    if not isinstance(profile, str):
        raise TypeError(f"profile must be a str, not {type(profile).__name__}")
    _arrow.encode(pl.Series([], dtype=pl.String), profile=profile)


@pl.api.register_expr_namespace("pct")
class PctExpr:
    """`pl.col(...).pct`: percent-encoding under any pctenc profile."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def _map(self, op: str, profile: str, options: dict) -> pl.Expr:
        _check(profile)
        return self._expr.map_batches(
            lambda s: _series(op, s, profile, options),
            return_dtype=_dtype(options),
            is_elementwise=True,
        )

    def encode(self, profile: str = DEFAULT_PROFILE, **options: Any) -> pl.Expr:
        """Percent-encodes the column under `profile`."""
        return self._map("encode", profile, options)

    def decode(
        self, profile: str = DEFAULT_PROFILE, on_error: str = "raise", **options: Any
    ) -> pl.Expr:
        """Percent-decodes the column under `profile`."""
        return self._map("decode", profile, dict(options, on_error=on_error))

    def try_decode(self, profile: str = DEFAULT_PROFILE, **options: Any) -> pl.Expr:
        """Percent-decodes; rows that cannot be decoded become null."""
        return self._map("decode", profile, dict(options, on_error="null"))


@pl.api.register_series_namespace("pct")
class PctSeries:
    """`series.pct`: the same methods as `Expr.pct`, eagerly."""

    def __init__(self, series: pl.Series) -> None:
        self._s = series

    def encode(self, profile: str = DEFAULT_PROFILE, **options: Any) -> pl.Series:
        """Percent-encodes the Series under `profile`."""
        return _series("encode", self._s, profile, options)

    def decode(
        self, profile: str = DEFAULT_PROFILE, on_error: str = "raise", **options: Any
    ) -> pl.Series:
        """Percent-decodes the Series under `profile`."""
        return _series("decode", self._s, profile, dict(options, on_error=on_error))

    def try_decode(self, profile: str = DEFAULT_PROFILE, **options: Any) -> pl.Series:
        """Percent-decodes; rows that cannot be decoded become null."""
        return _series("decode", self._s, profile, dict(options, on_error="null"))


# ---------------------------------------------------------------- query strings as data

_PAIRS = pl.List(pl.Struct({"key": pl.String, "value": pl.String}))


def _query_check(profile: Any, key: Any = "") -> None:
    """Unknown profiles and options fail when the expression is built."""
    if profile is not None and not isinstance(profile, str):
        raise TypeError(f"profile must be a str, not {type(profile).__name__}")
    if not isinstance(key, str):
        raise TypeError(f"key must be a str, not {type(key).__name__}")
    _arrow.query_param(pl.Series([], dtype=pl.String), key, profile=profile)


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
        lambda s: _parse_query(s, profile, options), return_dtype=_PAIRS, is_elementwise=True
    )


def _expr_query_param(
    self: "PctExpr", key: str, profile: Any = None, **options: Any
) -> pl.Expr:
    """The first value of `key` in each row's query (`all=True`: every value)."""
    _query_check(profile, key)
    _arrow.query_param(pl.Series([], dtype=pl.String), key, profile, **options)
    dtype = pl.List(pl.String) if options.get("all") else pl.String
    return self._expr.map_batches(
        lambda s: _query_param(s, key, profile, options), return_dtype=dtype, is_elementwise=True
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

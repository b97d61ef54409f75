from typing import Literal

import polars as pl

__all__ = ["PctExpr", "PctSeries"]

DEFAULT_PROFILE: str

_OnError = Literal["raise", "null", "keep", "replace"]
_Malformed = Literal["strict", "lenient"] | None
_Utf8 = Literal["strict", "lossy", "replace", "bytes"] | None

class PctExpr:
    def __init__(self, expr: pl.Expr) -> None: ...
    def encode(
        self,
        profile: str = "rfc3986",
        *,
        lower: bool = False,
        charset: str | None = None,
        on_error: _OnError = "raise",
    ) -> pl.Expr: ...
    def decode(
        self,
        profile: str = "rfc3986",
        on_error: _OnError = "raise",
        *,
        malformed: _Malformed = None,
        utf8: _Utf8 = None,
        charset: str | None = None,
    ) -> pl.Expr: ...
    def try_decode(
        self,
        profile: str = "rfc3986",
        *,
        malformed: _Malformed = None,
        utf8: _Utf8 = None,
        charset: str | None = None,
    ) -> pl.Expr: ...

class PctSeries:
    def __init__(self, series: pl.Series) -> None: ...
    def encode(
        self,
        profile: str = "rfc3986",
        *,
        lower: bool = False,
        charset: str | None = None,
        on_error: _OnError = "raise",
    ) -> pl.Series: ...
    def decode(
        self,
        profile: str = "rfc3986",
        on_error: _OnError = "raise",
        *,
        malformed: _Malformed = None,
        utf8: _Utf8 = None,
        charset: str | None = None,
    ) -> pl.Series: ...
    def try_decode(
        self,
        profile: str = "rfc3986",
        *,
        malformed: _Malformed = None,
        utf8: _Utf8 = None,
        charset: str | None = None,
    ) -> pl.Series: ...

from typing import Literal

import polars as pl

__all__ = ["PctExpr", "PctSeries"]

DEFAULT_PROFILE: str

_OnError = Literal["raise", "null", "keep", "replace"]
_Malformed = Literal["strict", "lenient"] | None
_Utf8 = Literal["strict", "lossy", "replace", "bytes"] | None
_Hex = Literal["upper", "lower"]
_Unmappable = Literal["ncr", "error"]
_Input = Literal["auto", "url", "query", "form"] | None
_Text = Literal["strict", "lossy"] | None

class PctExpr:
    def __init__(self, expr: pl.Expr) -> None: ...
    def encode(
        self,
        profile: str = "rfc3986",
        *,
        hex: _Hex | None = None,
        lower: bool | None = None,
        utf8: _Utf8 = None,
        plus: bool | None = None,
        charset: str | None = None,
        unmappable: _Unmappable | None = None,
        on_error: _OnError | None = None,
    ) -> pl.Expr: ...
    def decode(
        self,
        profile: str = "rfc3986",
        on_error: _OnError | None = None,
        *,
        malformed: _Malformed = None,
        utf8: _Utf8 = None,
        plus: bool | None = None,
        charset: str | None = None,
    ) -> pl.Expr: ...
    def try_decode(
        self,
        profile: str = "rfc3986",
        *,
        malformed: _Malformed = None,
        utf8: _Utf8 = None,
        plus: bool | None = None,
        charset: str | None = None,
    ) -> pl.Expr: ...
    # query strings as data
    def parse_query(
        self, profile: str | None = None, *, input: _Input = None,
        on_error: _OnError | None = None, malformed: _Malformed = None, utf8: _Text = None,
        plus: bool | None = None, charset: str | None = None,
    ) -> pl.Expr: ...
    def query_param(
        self, key: str, profile: str | None = None, *, all: bool = False, input: _Input = None,
        on_error: _OnError | None = None, malformed: _Malformed = None, utf8: _Text = None,
        plus: bool | None = None, charset: str | None = None,
    ) -> pl.Expr: ...
    def build_query(
        self, profile: str | None = None, *, charset: str | None = None,
        hex: _Hex | None = None, lower: bool | None = None, plus: bool | None = None,
    ) -> pl.Expr: ...

class PctSeries:
    def __init__(self, series: pl.Series) -> None: ...
    def encode(
        self,
        profile: str = "rfc3986",
        *,
        hex: _Hex | None = None,
        lower: bool | None = None,
        utf8: _Utf8 = None,
        plus: bool | None = None,
        charset: str | None = None,
        unmappable: _Unmappable | None = None,
        on_error: _OnError | None = None,
    ) -> pl.Series: ...
    def decode(
        self,
        profile: str = "rfc3986",
        on_error: _OnError | None = None,
        *,
        malformed: _Malformed = None,
        utf8: _Utf8 = None,
        plus: bool | None = None,
        charset: str | None = None,
    ) -> pl.Series: ...
    def try_decode(
        self,
        profile: str = "rfc3986",
        *,
        malformed: _Malformed = None,
        utf8: _Utf8 = None,
        plus: bool | None = None,
        charset: str | None = None,
    ) -> pl.Series: ...
    # query strings as data
    def parse_query(
        self, profile: str | None = None, *, input: _Input = None,
        on_error: _OnError | None = None, malformed: _Malformed = None, utf8: _Text = None,
        plus: bool | None = None, charset: str | None = None,
    ) -> pl.Series: ...
    def query_param(
        self, key: str, profile: str | None = None, *, all: bool = False, input: _Input = None,
        on_error: _OnError | None = None, malformed: _Malformed = None, utf8: _Text = None,
        plus: bool | None = None, charset: str | None = None,
    ) -> pl.Series: ...
    def build_query(
        self, profile: str | None = None, *, charset: str | None = None,
        hex: _Hex | None = None, lower: bool | None = None, plus: bool | None = None,
    ) -> pl.Series: ...

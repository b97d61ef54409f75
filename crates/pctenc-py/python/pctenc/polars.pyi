from typing import Literal

import polars as pl

__all__ = ["PctExpr", "PctSeries"]

DEFAULT_PROFILE: str

_OnError = Literal["raise", "null", "keep", "replace"]
_Malformed = Literal["strict", "lenient"] | None
_Utf8 = Literal["strict", "lossy", "bytes"] | None
_Input = Literal["auto", "url", "query", "form"]
_Text = Literal["strict", "lossy"] | None

class PctExpr:
    def __init__(self, expr: pl.Expr) -> None: ...
    def encode(
        self, profile: str = "rfc3986", *, lower: bool = ..., charset: str | None = ...
    ) -> pl.Expr: ...
    def decode(
        self,
        profile: str = "rfc3986",
        on_error: _OnError = "raise",
        *,
        malformed: _Malformed = ...,
        utf8: _Utf8 = ...,
        charset: str | None = ...,
    ) -> pl.Expr: ...
    def try_decode(
        self,
        profile: str = "rfc3986",
        *,
        malformed: _Malformed = ...,
        utf8: _Utf8 = ...,
        charset: str | None = ...,
    ) -> pl.Expr: ...
    # query strings as data
    def parse_query(
        self, profile: str = "form", *, input: _Input = "auto", on_error: _OnError = "raise",
        malformed: _Malformed = ..., utf8: _Text = ..., charset: str | None = ...,
    ) -> pl.Expr: ...
    def query_param(
        self, key: str, profile: str = "form", *, all: bool = False, input: _Input = "auto",
        on_error: _OnError = "raise", malformed: _Malformed = ..., utf8: _Text = ...,
        charset: str | None = ...,
    ) -> pl.Expr: ...
    def build_query(self, profile: str = "form", *, charset: str | None = ...) -> pl.Expr: ...

class PctSeries:
    def __init__(self, series: pl.Series) -> None: ...
    def encode(
        self, profile: str = "rfc3986", *, lower: bool = ..., charset: str | None = ...
    ) -> pl.Series: ...
    def decode(
        self,
        profile: str = "rfc3986",
        on_error: _OnError = "raise",
        *,
        malformed: _Malformed = ...,
        utf8: _Utf8 = ...,
        charset: str | None = ...,
    ) -> pl.Series: ...
    def try_decode(
        self,
        profile: str = "rfc3986",
        *,
        malformed: _Malformed = ...,
        utf8: _Utf8 = ...,
        charset: str | None = ...,
    ) -> pl.Series: ...
    # query strings as data
    def parse_query(
        self, profile: str = "form", *, input: _Input = "auto", on_error: _OnError = "raise",
        malformed: _Malformed = ..., utf8: _Text = ..., charset: str | None = ...,
    ) -> pl.Series: ...
    def query_param(
        self, key: str, profile: str = "form", *, all: bool = False, input: _Input = "auto",
        on_error: _OnError = "raise", malformed: _Malformed = ..., utf8: _Text = ...,
        charset: str | None = ...,
    ) -> pl.Series: ...
    def build_query(self, profile: str = "form", *, charset: str | None = ...) -> pl.Series: ...

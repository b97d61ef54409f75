import polars as pl

from ._words import Hex, Input, Malformed, OnError, Unmappable, Utf8, Utf8Text

__all__ = ["PctExpr", "PctSeries"]

DEFAULT_PROFILE: str

_OnError = OnError
_Malformed = Malformed | None
_Utf8 = Utf8 | None
_Hex = Hex
_Unmappable = Unmappable
_Input = Input | None
_Text = Utf8Text | None

class PctExpr:
    def __init__(self, expr: pl.Expr) -> None: ...
    def encode(
        self,
        profile: str = ...,
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
        profile: str = ...,
        on_error: _OnError | None = None,
        *,
        malformed: _Malformed = None,
        utf8: _Utf8 = None,
        plus: bool | None = None,
        charset: str | None = None,
    ) -> pl.Expr: ...
    def try_decode(
        self,
        profile: str = ...,
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
        profile: str = ...,
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
        profile: str = ...,
        on_error: _OnError | None = None,
        *,
        malformed: _Malformed = None,
        utf8: _Utf8 = None,
        plus: bool | None = None,
        charset: str | None = None,
    ) -> pl.Series: ...
    def try_decode(
        self,
        profile: str = ...,
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

from typing import Any

from ._pctenc import Option, PctencError as PctencError
from ._words import Hex, Input, Malformed, OnError, Utf8Text

__all__ = ["encode", "decode", "parse_query", "query_param", "build_query", "PctencError",
           "ON_ERROR", "INPUTS"]

ON_ERROR: tuple[str, ...]
INPUTS: tuple[str, ...]

def encode(values: Any, profile: str | None = None, **options: Option) -> Any:
    """Percent-encodes every row of an Arrow string/binary column (a pyarrow Array or
    ChunkedArray back when pyarrow is installed)."""

def decode(values: Any, profile: str | None = None, **options: Option) -> Any:
    """Percent-decodes every row of an Arrow string/binary column."""

def parse_query(values: Any, profile: str | None = None, *, input: Input | None = None,
                on_error: OnError | None = None, malformed: Malformed | None = None,
                utf8: Utf8Text | None = None, plus: bool | None = None,
                charset: str | None = None, map: bool = False) -> Any:
    """The (key, value) pairs of each row's query: list<struct<key, value>> (or a map)."""

def query_param(values: Any, key: str, profile: str | None = None, *, all: bool = False,
                input: Input | None = None, on_error: OnError | None = None,
                malformed: Malformed | None = None,
                utf8: Utf8Text | None = None, plus: bool | None = None,
                charset: str | None = None) -> Any:
    """The first value (or every value, ``all=True``) of ``key`` in each row's query."""

def build_query(values: Any, profile: str | None = None, *, charset: str | None = None,
                lower: bool | None = None, hex: Hex | None = None,
                plus: bool | None = None) -> Any:
    """A query string per row of a list<struct<key, value>> or map column."""

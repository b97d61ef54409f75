from collections.abc import Iterable, Mapping
from typing import Any

from ._words import Hex, Input, Malformed, Utf8Text

__all__ = ["parse", "build"]

def parse(data: str | bytes, profile: str | None = None, *, charset: str | None = None,
          input: Input | None = None,
          malformed: Malformed | None = None,
          utf8: Utf8Text | None = None,
          plus: bool | None = None) -> list[tuple[str, str]]:
    """The (name, value) pairs of the query in ``data``."""

def build(pairs: Iterable[tuple[Any, Any]] | Mapping[Any, Any],
          profile: str | None = None, *, charset: str | None = None,
          lower: bool | None = None, hex: Hex | None = None,
          plus: bool | None = None) -> str:
    """The query string of ``pairs``."""

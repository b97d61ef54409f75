from collections.abc import Iterable, Mapping
from typing import Any, Literal

__all__ = ["parse", "build"]

def parse(data: str | bytes, profile: str | None = None, *, charset: str | None = None,
          input: Literal["auto", "url", "query", "form"] | None = None,
          malformed: Literal["strict", "lenient"] | None = None,
          utf8: Literal["strict", "lossy"] | None = None,
          plus: bool | None = None) -> list[tuple[str, str]]:
    """The (name, value) pairs of the query in ``data``."""

def build(pairs: Iterable[tuple[Any, Any]] | Mapping[Any, Any],
          profile: str | None = None, *, charset: str | None = None,
          lower: bool | None = None, hex: Literal["upper", "lower"] | None = None,
          plus: bool | None = None) -> str:
    """The query string of ``pairs``."""

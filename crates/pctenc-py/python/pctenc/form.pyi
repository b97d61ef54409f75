from collections.abc import Iterable, Mapping
from typing import Literal

__all__ = ["parse", "serialize"]

def parse(data: str | bytes, *, charset: str | None = None, profile: str | None = None,
          input: Literal["auto", "url", "query", "form"] = "form",
          malformed: Literal["strict", "lenient"] | None = None,
          utf8: Literal["strict", "lossy"] | None = None,
          plus: bool | None = None) -> list[tuple[str, str]]: ...
def serialize(pairs: Iterable[tuple[object, object]] | Mapping[object, object], *,
              charset: str | None = None, profile: str | None = None,
              lower: bool | None = None, hex: Literal["upper", "lower"] | None = None,
              plus: bool | None = None) -> str: ...

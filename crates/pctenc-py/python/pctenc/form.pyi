from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["parse", "serialize"]

def parse(data: str | bytes, *, charset: str | None = None) -> list[tuple[str, str]]: ...
def serialize(query: Mapping[Any, Any] | Sequence[tuple[Any, Any]], doseq: bool = False, *,
              charset: str | None = None) -> str: ...

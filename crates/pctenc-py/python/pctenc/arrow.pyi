from typing import Any

from ._pctenc import Option, PctencError as PctencError

__all__ = ["encode", "decode", "PctencError", "ON_ERROR"]

ON_ERROR: tuple[str, ...]

def encode(values: Any, profile: str | None = None, **options: Option) -> Any:
    """Percent-encodes every row of an Arrow string/binary column (a pyarrow Array or
    ChunkedArray back when pyarrow is installed)."""

def decode(values: Any, profile: str | None = None, **options: Option) -> Any:
    """Percent-decodes every row of an Arrow string/binary column."""

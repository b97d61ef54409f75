from typing import Any, Literal

from ._pctenc import Malformed, OnError, PctencError as PctencError, Utf8Policy

__all__ = ["encode", "decode", "PctencError", "ON_ERROR"]

ON_ERROR: tuple[str, ...]

def encode(values: Any, profile: str = "rfc3986", *, lower: bool = False,
           on_error: OnError = "raise") -> Any:
    """Percent-encodes every row of an Arrow string/binary column (a pyarrow Array or
    ChunkedArray back when pyarrow is installed)."""

def decode(values: Any, profile: str = "rfc3986", *, on_error: OnError = "raise",
           malformed: Malformed | None = None, utf8: Utf8Policy | None = None) -> Any:
    """Percent-decodes every row of an Arrow string/binary column."""

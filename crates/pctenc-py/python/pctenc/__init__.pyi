from . import arrow as arrow, form as form, urllib as urllib
from ._pctenc import (
    Context as Context,
    Finding as Finding,
    Malformed as Malformed,
    PctencError as PctencError,
    ProfileInfo as ProfileInfo,
    Utf8Policy as Utf8Policy,
    check as check,
    profiles as profiles,
)
from typing import Literal, overload

__all__ = ["PctencError", "check", "decode", "encode", "normalize", "profiles", "KERNEL",
           "__version__", "arrow", "form", "urllib"]

KERNEL: str
__version__: str

def encode(data: str | bytes, profile: str = "rfc3986", *, lower: bool = False,
           charset: str | None = None) -> str:
    """Percent-encodes ``data`` with the named profile (names and aliases as the CLI's)."""

@overload
def decode(text: str | bytes, profile: str = "rfc3986", *, malformed: Malformed | None = None,
           utf8: Literal["bytes"], charset: None = None) -> bytes: ...
@overload
def decode(text: str | bytes, profile: str = "rfc3986", *, malformed: Malformed | None = None,
           utf8: Literal["strict", "lossy", "replace"] | None = None,
           charset: str | None = None) -> str: ...
@overload
def normalize(text: str, context: Context = "url") -> str: ...
@overload
def normalize(text: bytes, context: Context = "url") -> bytes: ...

from . import arrow as arrow, form as form, query as query, urllib as urllib
from ._pctenc import (
    Context as Context,
    Hex as Hex,
    OnError as OnError,
    OptionInfo as OptionInfo,
    Unmappable as Unmappable,
    check as check,
    decode_segment as decode_segment,
    options as options,
    try_decode as try_decode,
    Finding as Finding,
    Malformed as Malformed,
    PctencError as PctencError,
    ProfileInfo as ProfileInfo,
    Utf8Policy as Utf8Policy,
    profiles as profiles,
)
from typing import overload

from ._words import Utf8Bytes, Utf8Text

__all__ = ["PctencError", "check", "decode", "decode_segment", "encode", "normalize",
           "options", "profiles", "try_decode", "KERNEL", "__version__", "arrow", "form",
           "query", "urllib"]

KERNEL: str
__version__: str

def encode(data: str | bytes, profile: str | None = None, *, hex: Hex | None = None,
           lower: bool | None = None, utf8: Utf8Policy | None = None, plus: bool | None = None,
           charset: str | None = None, unmappable: Unmappable | None = None,
           on_error: OnError | None = None) -> str:
    """Percent-encodes ``data`` with the named profile (names and aliases as the CLI's)."""

@overload
def decode(text: str | bytes, profile: str | None = None, *,
           malformed: Malformed | None = None, utf8: Utf8Bytes, plus: bool | None = None,
           charset: None = None, on_error: OnError | None = None) -> bytes: ...
@overload
def decode(text: str | bytes, profile: str | None = None, *,
           malformed: Malformed | None = None,
           utf8: Utf8Text | None = None, plus: bool | None = None,
           charset: str | None = None, on_error: OnError | None = None) -> str: ...
@overload
def normalize(text: str, context: Context | None = None) -> str: ...
@overload
def normalize(text: bytes, context: Context | None = None) -> bytes: ...

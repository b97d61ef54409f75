"""pctenc: percent-encoding in every dialect, exact in both directions, at memory speed.

The scalar API works on one ``str`` or ``bytes`` at a time::

    >>> import pctenc
    >>> pctenc.encode("a b/ü")
    'a%20b%2F%C3%BC'
    >>> pctenc.decode("caf%C3%A9", "js-component")
    'café'

``pctenc.urllib`` is a drop-in for ``urllib.parse``'s quoting functions, and ``pctenc.arrow``
encodes and decodes whole Arrow columns (pyarrow, Polars, DuckDB...) in one call;
``pctenc.form`` and ``pctenc.query`` read and write query strings.
Every decision is the Rust library's: profile names, aliases and policies are the CLI's.
"""

from __future__ import annotations

from . import _pctenc, arrow, form, query, urllib
from ._error import PctencError
from ._pctenc import (
    check,
    decode,
    decode_segment,
    encode,
    normalize,
    options,
    profiles,
    try_decode,
)

__all__ = [
    "PctencError",
    "check",
    "decode",
    "decode_segment",
    "encode",
    "normalize",
    "options",
    "profiles",
    "try_decode",
    "KERNEL",
    "__version__",
    "arrow",
    "form",
    "query",
    "urllib",
]

#: The kernel the library picked for this CPU ("avx512", "avx2", "ssse3", "neon", "scalar").
KERNEL: str = _pctenc.KERNEL

#: The package's version: the Rust crate's, as built.
__version__: str = _pctenc.__version__

"""Whole Arrow columns in one call: ``encode`` and ``decode`` over any Arrow array or stream.

``values`` is anything that exports the Arrow PyCapsule interface (``__arrow_c_array__`` or
``__arrow_c_stream__``): a pyarrow ``Array`` or ``ChunkedArray``, a Polars ``Series``, a
DuckDB or DataFusion result column... of type string, large_string, string_view, binary,
large_binary or binary_view. A plain Python list or tuple is accepted too when pyarrow is
installed (it is converted first). The input is read in place; the GIL is released while
the kernels run; the result has as many rows as the input, nulls stay null.

The result is a pyarrow ``Array`` (``ChunkedArray`` for stream input) when pyarrow is
installed, else an object that exports the same interface (any Arrow library takes it).

    >>> import pyarrow as pa, pctenc.arrow
    >>> pctenc.arrow.decode(pa.array(["a%20b", None, "%zz"]), "rfc3986", on_error="null")
    <pyarrow.lib.StringArray object at ...>
    [
      "a b",
      null,
      null
    ]
"""

from __future__ import annotations

from . import _pctenc
from ._pctenc import PctencError

__all__ = [
    "encode",
    "decode",
    "parse_query",
    "query_param",
    "build_query",
    "PctencError",
    "ON_ERROR",
    "INPUTS",
]

#: The per-row error policies of ``decode`` (and ``encode``).
ON_ERROR = ("raise", "null", "keep", "replace")


def _pyarrow():
    try:
        import pyarrow
    except ImportError:
        return None
    return pyarrow


def _arrow_input(values):
    if hasattr(values, "__arrow_c_array__") or hasattr(values, "__arrow_c_stream__"):
        return values
    if isinstance(values, (list, tuple)):
        pa = _pyarrow()
        if pa is not None:
            return pa.array(values)
    return values  # the native side names the type in its TypeError


def _result(out, stream):
    pa = _pyarrow()
    if pa is None:
        return out
    return pa.chunked_array(out) if stream else pa.array(out)


def encode(values, profile="rfc3986", *, lower=False, on_error="raise"):
    """Percent-encodes every row of ``values`` with ``profile``; a string column back.

    Every profile writes ASCII, so rows cannot fail, but for profiles that keep non-ASCII
    (``iri``) over binary rows that are not UTF-8: those follow ``on_error``.
    """
    values = _arrow_input(values)
    stream = not hasattr(values, "__arrow_c_array__") and hasattr(values, "__arrow_c_stream__")
    return _result(_pctenc.arrow_encode(values, profile, lower=lower, on_error=on_error), stream)


def decode(values, profile="rfc3986", *, on_error="raise", malformed=None, utf8=None):
    """Percent-decodes every row of ``values`` with ``profile``.

    ``on_error`` says what a row that does not decode becomes:

    - ``"raise"``: :class:`pctenc.PctencError` naming the row (``.row``), the byte offset in
      it (``.offset``) and an escaped snippet;
    - ``"null"``: null (as SQL's ``try_url_decode``);
    - ``"keep"``: the row unchanged;
    - ``"replace"``: decoded leniently (a malformed ``%`` kept, U+FFFD for bad UTF-8).

    ``malformed`` ("strict"/"lenient") overrides the profile's policy for a ``%`` that does
    not start an escape; ``utf8`` is "strict", "lossy" or "bytes" (a binary column), and by
    default the profile's own policy, made strict where the profile would pass bytes that
    are not UTF-8 (a string column cannot hold them).
    """
    values = _arrow_input(values)
    stream = not hasattr(values, "__arrow_c_array__") and hasattr(values, "__arrow_c_stream__")
    out = _pctenc.arrow_decode(values, profile, on_error=on_error, malformed=malformed, utf8=utf8)
    return _result(out, stream)


# ---------------------------------------------------------------- query strings as data

#: Where the query is in each value (``input=``): ``"auto"`` (a URL if it contains ``?``,
#: else a bare query string), ``"url"``, ``"query"`` (a leading ``?`` dropped), ``"form"``.
INPUTS = ("auto", "url", "query", "form")


def _stream(values):
    return not hasattr(values, "__arrow_c_array__") and hasattr(values, "__arrow_c_stream__")


def parse_query(values, profile=None, *, map=False, **options):
    """The (key, value) pairs of the query of every row: a ``list<struct<key: string,
    value: string>>`` column (``map<string, string>`` with ``map=True``: the same pairs, in
    order, repeated keys kept), the library's ``query-parse``. Names and values are decoded
    by ``profile`` (``"form"`` when not given: ``+`` is a space, a stray ``%`` stays, U+FFFD
    for bytes that are not UTF-8, as ``URLSearchParams`` reads a query).

    ``options`` are the library's words for ``query-parse`` (conformance/README.md lists
    them). ``input`` says where the query is: ``"auto"`` (the default) reads a value that contains
    ``?`` as a URL (the query is between the first ``?`` and the next ``#``) and any other as
    a bare query string; ``"url"``, ``"query"`` (one leading ``?`` dropped) and ``"form"``
    (the value as it is) force one reading. A null row gives null, a row without a query an
    empty list, a key without ``=`` the value ``""``. ``on_error`` (a strict ``profile``
    only) as in ``decode``: "raise" (the default) names the row and the byte offset in it;
    "null" makes the row null; "keep" writes its keys and values undecoded; "replace" decodes
    them leniently. ``malformed``, ``utf8`` ("strict"/"lossy"), ``plus`` and ``charset`` as in
    ``decode``. A ``profile`` holding ``=`` is the compact options text
    (``"profile=rfc3986, input=url"``).
    """
    values = _arrow_input(values)
    out = _pctenc.arrow_parse_query(values, profile, map=map, **options)
    return _result(out, _stream(values))


def query_param(values, key, profile=None, *, all=False, **options):
    """The value of the first pair named ``key`` in the query of every row (a string column),
    or with ``all=True`` every such value (``list<string>``): the library's ``query-param``
    and ``query-param-all``. Keys are compared after decoding, byte for byte. A null row, a
    row without a query or without the key gives null (``all=True``: an empty list). Only the
    values returned are decoded: a malformed escape elsewhere in the query is no error.
    Options as in ``parse_query``.
    """
    values = _arrow_input(values)
    out = _pctenc.arrow_query_param(values, key, profile, all=all, **options)
    return _result(out, _stream(values))


def build_query(values, profile=None, **options):
    """A query string (without ``?``) per row of a ``list<struct<key, value>>`` or
    ``map<string, string>`` column, the library's ``query-build``: ``key=value`` pairs joined
    by ``&``, each escaped by ``profile`` (``"form"`` when not given: as
    ``URLSearchParams.toString()``; ``"py-quote-plus"``: as ``urllib.parse.urlencode``). A
    null row gives null, an empty list ``""``; a pair whose key or value is null is left out.
    Profiles that would leave ``%&=#+`` unescaped are refused. ``options``: ``charset``,
    ``lower`` (or ``hex``), ``plus``.
    """
    values = _arrow_input(values)
    out = _pctenc.arrow_build_query(values, profile, **options)
    return _result(out, _stream(values))

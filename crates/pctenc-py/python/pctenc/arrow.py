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

#: The per-row error policies of ``decode`` (and ``encode``), as the library names them.
ON_ERROR = tuple(_pctenc.ON_ERROR)


def _pyarrow():
    try:
        import pyarrow
    except ImportError:
        return None
    return pyarrow


def _arrow_input(values):
    if type(values).__module__.startswith("polars") and str(getattr(values, "dtype", "")) == "Null":
        # Polars exports its Null dtype with a buffer the C Data Interface does not give
        # that type, which the Arrow import refuses: an all-null String column instead.
        return values.cast(str)
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


def encode(values, profile=None, **options):
    """Percent-encodes every row of ``values`` with ``profile``; a string column back.

    ``options`` are those of :func:`pctenc.encode` (``lower``, ``plus``, ``utf8``...), and
    ``on_error`` ("raise", "null", "keep", "replace") for a row that fails.

    ``values`` is any Arrow string or binary column (a dictionary column is encoded once per
    distinct value). A row can fail only where one value would (``pctenc.encode``): bytes
    that are not UTF-8 under a profile whose runtime takes text (``js-component``) or one
    that keeps non-ASCII (``iri``); those follow ``on_error``.

    >>> import pyarrow as pa, pctenc.arrow
    >>> pctenc.arrow.encode(pa.array(["a b", None, "é"]), "form").to_pylist()
    ['a+b', None, '%C3%A9']
    """
    values = _arrow_input(values)
    stream = not hasattr(values, "__arrow_c_array__") and hasattr(values, "__arrow_c_stream__")
    return _result(_pctenc.arrow_encode(values, profile, **options), stream)


def decode(values, profile=None, **options):
    """Percent-decodes every row of ``values`` with ``profile``; ``options`` are those of
    :func:`pctenc.decode` (``malformed``, ``utf8``, ``plus``), and ``on_error``.

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

    >>> import pyarrow as pa, pctenc.arrow
    >>> col = pa.array(["caf%C3%A9", None, "x%zz"])
    >>> pctenc.arrow.decode(col, on_error="null").to_pylist()
    ['café', None, None]
    >>> pctenc.arrow.decode(col)
    Traceback (most recent call last):
    ...
    pctenc.PctencError: profile rfc3986, row 2, byte 1: invalid-escape at "%zz": ...
    """
    values = _arrow_input(values)
    stream = not hasattr(values, "__arrow_c_array__") and hasattr(values, "__arrow_c_stream__")
    return _result(_pctenc.arrow_decode(values, profile, **options), stream)


# ---------------------------------------------------------------- query strings as data

#: Where the query is in each value (``input=``): ``"auto"`` (a URL if it contains ``?``,
#: else a bare query string), ``"url"``, ``"query"`` (a leading ``?`` dropped), ``"form"``.
INPUTS = tuple(_pctenc.INPUTS)


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

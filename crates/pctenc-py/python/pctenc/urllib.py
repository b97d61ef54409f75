"""A drop-in for ``urllib.parse``'s quoting and query functions, backed by pctenc's kernels.

Same signatures, defaults, results and exceptions as the running CPython's ``urllib.parse``::

    from pctenc.urllib import quote, unquote, urlencode, parse_qsl

How it stays exact: each function takes the argument shapes nearly every call has (``str``
or ``bytes`` input, ``safe`` as ``str``, UTF-8 with CPython's default error handler) in
Rust, with the escaping decided by the Rust library (``quote``'s ``safe`` becomes a set of
bytes built at run time, the way CPython's ``_Quoter`` builds its table). Every other shape
(another ``encoding`` or ``errors``, ``safe`` as a list of ints, ``strict_parsing=True``,
``max_num_fields``, another ``separator``, a ``str`` with lone surrogates, a wrong type)
is passed with the same arguments to ``urllib.parse`` itself, so its result or exception is
CPython's by construction. ``urlencode`` is CPython's own, with this module's
``quote_plus`` as its default ``quote_via``.

The tests run CPython's own test cases for these functions and a property-based
differential test against ``urllib.parse`` over random text, bytes and arguments.
"""

from __future__ import annotations

import urllib.parse as _parse

from . import _pctenc

__all__ = [
    "quote",
    "quote_plus",
    "quote_from_bytes",
    "unquote",
    "unquote_plus",
    "unquote_to_bytes",
    "urlencode",
    "parse_qs",
    "parse_qsl",
]

_quote = _pctenc.quote
_quote_plus = _pctenc.quote_plus
_quote_from_bytes = _pctenc.quote_from_bytes
_unquote = _pctenc.unquote
_unquote_plus = _pctenc.unquote_plus
_unquote_to_bytes = _pctenc.unquote_to_bytes
_parse_qsl = _pctenc.parse_qsl
_parse_qs = _pctenc.parse_qs


def quote(string, safe="/", encoding=None, errors=None):
    """quote('abc def') -> 'abc%20def'; as ``urllib.parse.quote``."""
    return _quote(string, safe, encoding, errors)


def quote_plus(string, safe="", encoding=None, errors=None):
    """As ``urllib.parse.quote_plus``: like quote(), and ' ' becomes '+'."""
    return _quote_plus(string, safe, encoding, errors)


def quote_from_bytes(bs, safe="/"):
    """As ``urllib.parse.quote_from_bytes``: quote() for bytes, without encoding."""
    return _quote_from_bytes(bs, safe)


def unquote(string, encoding="utf-8", errors="replace"):
    """unquote('abc%20def') -> 'abc def'; as ``urllib.parse.unquote``."""
    return _unquote(string, encoding, errors)


def unquote_plus(string, encoding="utf-8", errors="replace"):
    """As ``urllib.parse.unquote_plus``: like unquote(), and '+' becomes ' '."""
    return _unquote_plus(string, encoding, errors)


def unquote_to_bytes(string):
    """unquote_to_bytes('abc%20def') -> b'abc def'; as ``urllib.parse.unquote_to_bytes``."""
    return _unquote_to_bytes(string)


def urlencode(query, doseq=False, safe="", encoding=None, errors=None, quote_via=quote_plus):
    """As ``urllib.parse.urlencode`` (it is CPython's, quoting with this module's quote_plus)."""
    return _parse.urlencode(query, doseq, safe, encoding, errors, quote_via)


def parse_qsl(qs, keep_blank_values=False, strict_parsing=False, encoding="utf-8",
              errors="replace", max_num_fields=None, separator="&"):
    """As ``urllib.parse.parse_qsl``: the (name, value) pairs of a query string."""
    return _parse_qsl(qs, keep_blank_values, strict_parsing, encoding, errors,
                      max_num_fields, separator)


def parse_qs(qs, keep_blank_values=False, strict_parsing=False, encoding="utf-8",
             errors="replace", max_num_fields=None, separator="&"):
    """As ``urllib.parse.parse_qs``: a dict from names to lists of values."""
    return _parse_qs(qs, keep_blank_values, strict_parsing, encoding, errors,
                     max_num_fields, separator)

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

To speed up code that calls ``urllib.parse`` itself (libraries, ``urllib.parse.quote(...)``
written out), :func:`install` puts these functions into ``urllib.parse`` for the whole
program and :func:`uninstall` puts CPython's back::

    >>> import urllib.parse, pctenc.urllib
    >>> pctenc.urllib.install()
    >>> urllib.parse.quote is pctenc.urllib.quote
    True
    >>> urllib.parse.parse_qs("a=1;b=2", separator=";")   # a fallback: CPython's own
    {'a': ['1'], 'b': ['2']}
    >>> pctenc.urllib.uninstall()
    >>> urllib.parse.quote is pctenc.urllib.quote
    False

Installed or not, the fallbacks call CPython's ORIGINAL functions, captured when pctenc was
first imported, never ``urllib.parse``'s attributes at call time (which would be these).

The tests run CPython's own test cases for these functions (with the module left in place
and installed) and a property-based differential test against ``urllib.parse`` over random
text, bytes and arguments.
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
    "install",
    "uninstall",
]

#: CPython's own functions, as they were when pctenc was first imported, by name: the
#: names ``install`` replaces in ``urllib.parse``.
_ORIGINAL = _pctenc.URLLIB_ORIGINALS
_REPLACED = tuple(_ORIGINAL)
_urlencode = _ORIGINAL["urlencode"]

_quote = _pctenc.quote
_quote_plus = _pctenc.quote_plus
_quote_from_bytes = _pctenc.quote_from_bytes
_unquote = _pctenc.unquote
_unquote_plus = _pctenc.unquote_plus
_unquote_to_bytes = _pctenc.unquote_to_bytes
_parse_qsl = _pctenc.parse_qsl
_parse_qs = _pctenc.parse_qs


def quote(string, safe="/", encoding=None, errors=None):
    """As ``urllib.parse.quote``: escapes all but RFC 3986's unreserved characters and
    ``safe``, text as UTF-8 (or ``encoding``).

    >>> quote("/a b/café")
    '/a%20b/caf%C3%A9'
    >>> quote("a/b", safe="")
    'a%2Fb'
    """
    return _quote(string, safe, encoding, errors)


def quote_plus(string, safe="", encoding=None, errors=None):
    """As ``urllib.parse.quote_plus``: like :func:`quote` with ``safe=''``, and ' ' becomes
    '+' (form values).

    >>> quote_plus("a b&c/d")
    'a+b%26c%2Fd'
    """
    return _quote_plus(string, safe, encoding, errors)


def quote_from_bytes(bs, safe="/"):
    """As ``urllib.parse.quote_from_bytes``: :func:`quote` for bytes.

    >>> quote_from_bytes(b"a b\\xff")
    'a%20b%FF'
    """
    return _quote_from_bytes(bs, safe)


def unquote(string, encoding="utf-8", errors="replace"):
    """As ``urllib.parse.unquote``: escapes decoded as UTF-8 (or ``encoding``), a ``%`` that
    starts no escape kept, bytes that are not UTF-8 as U+FFFD (``errors='replace'``).

    >>> unquote("caf%C3%A9%20100%")
    'café 100%'
    """
    return _unquote(string, encoding, errors)


def unquote_plus(string, encoding="utf-8", errors="replace"):
    """As ``urllib.parse.unquote_plus``: like :func:`unquote`, and '+' becomes ' '.

    >>> unquote_plus("a+b%2B")
    'a b+'
    """
    return _unquote_plus(string, encoding, errors)


def unquote_to_bytes(string):
    """As ``urllib.parse.unquote_to_bytes``: the decoded bytes, whatever they are.

    >>> unquote_to_bytes("a%20b%FF")
    b'a b\\xff'
    """
    return _unquote_to_bytes(string)


def urlencode(query, doseq=False, safe="", encoding=None, errors=None, quote_via=quote_plus):
    """As ``urllib.parse.urlencode`` (it is CPython's own, quoting with this module's
    :func:`quote_plus`): a mapping or a sequence of pairs; ``doseq`` spreads sequences.

    >>> urlencode({"q": "a b", "tag": ["x", "y"]}, doseq=True)
    'q=a+b&tag=x&tag=y'
    """
    return _urlencode(query, doseq, safe, encoding, errors, quote_via)


def parse_qsl(qs, keep_blank_values=False, strict_parsing=False, encoding="utf-8",
              errors="replace", max_num_fields=None, separator="&"):
    """As ``urllib.parse.parse_qsl``: the (name, value) pairs of a query string.

    >>> parse_qsl("a=1&b=%C3%A9+x&c=")
    [('a', '1'), ('b', 'é x')]
    """
    return _parse_qsl(qs, keep_blank_values, strict_parsing, encoding, errors,
                      max_num_fields, separator)


def parse_qs(qs, keep_blank_values=False, strict_parsing=False, encoding="utf-8",
             errors="replace", max_num_fields=None, separator="&"):
    """As ``urllib.parse.parse_qs``: a dict from names to lists of values.

    >>> parse_qs("a=1&a=2&b=3")
    {'a': ['1', '2'], 'b': ['3']}
    """
    return _parse_qs(qs, keep_blank_values, strict_parsing, encoding, errors,
                     max_num_fields, separator)


def install():
    """Puts this module's functions into ``urllib.parse`` for the whole program, so that
    every later ``urllib.parse.quote(...)`` (in any library) runs pctenc's kernels with
    CPython's results. Names a module bound with ``from urllib.parse import quote`` BEFORE
    the call keep CPython's function. Calling it again changes nothing; :func:`uninstall`
    undoes it.

    >>> import urllib.parse, pctenc.urllib
    >>> pctenc.urllib.install()
    >>> urllib.parse.unquote_plus("a+b%20c")
    'a b c'
    >>> pctenc.urllib.uninstall()
    """
    g = globals()
    for name in _REPLACED:
        setattr(_parse, name, g[name])


def uninstall():
    """Puts CPython's own functions back into ``urllib.parse`` (those it had when pctenc was
    first imported); harmless when :func:`install` was not called.

    >>> import urllib.parse, pctenc.urllib
    >>> pctenc.urllib.uninstall()
    >>> urllib.parse.quote.__module__
    'urllib.parse'
    """
    for name in _REPLACED:
        setattr(_parse, name, _ORIGINAL[name])

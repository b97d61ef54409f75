"""Query strings as data, one value at a time: the library's ``query-parse`` and
``query-build`` (``pctenc.arrow.parse_query`` / ``query_param`` / ``build_query`` are the
same operations on whole columns).

    >>> from pctenc import query
    >>> query.parse("https://x.example/p?q=caf%C3%A9+au+lait&tag=a&tag=b&flag#top")
    [('q', 'café au lait'), ('tag', 'a'), ('tag', 'b'), ('flag', '')]
    >>> query.build([("q", "a b&c"), ("n", "1")])
    'q=a+b%26c&n=1'

``pctenc.form`` is the URL Standard's form parser and serializer with ``urlencode``'s
calling convention; this module adds what a log table needs: where the query is in the value
(``input``), the profile that decodes or escapes it, and strict errors with byte offsets.
"""

from __future__ import annotations

from . import _pctenc

__all__ = ["parse", "build"]


def parse(data, profile=None, **options):
    """The (name, value) pairs of the query in ``data`` (str or bytes), in order, repeated
    names kept, a name without ``=`` given the value ``""``.

    ``input`` says where the query is: ``"auto"`` (the default: a URL if ``data`` contains
    ``?``, the query then being between the first ``?`` and the next ``#``; else a bare
    query string), ``"url"`` (no ``?`` gives no pairs), ``"query"`` (one leading ``?``
    dropped, as ``URLSearchParams``) or ``"form"`` (all of ``data``). Names and values are
    decoded by ``profile`` (``"form"`` when not given: ``+`` is a space, a stray ``%``
    stays, U+FFFD for bytes that are not UTF-8). A strict profile raises
    :class:`pctenc.PctencError` with the byte offset in ``data``. Other ``options``:
    ``charset``, ``malformed``, ``utf8`` ("strict"/"lossy"), ``plus``.

    >>> parse("/search?q=a+b&empty=&q=%zz")
    [('q', 'a b'), ('empty', ''), ('q', '%zz')]
    >>> parse("/p?q=a+b", "rfc3986")
    [('q', 'a+b')]
    >>> parse("/p?q=%zz", "rfc3986")
    Traceback (most recent call last):
    ...
    pctenc.PctencError: profile rfc3986, byte 5: invalid-escape at "%zz": ...
    """
    return _pctenc.query_parse(data, profile, **options)


def build(pairs, profile=None, **options):
    """The query string (without ``?``) of ``pairs`` (an iterable of (name, value), or a
    mapping): each name and value escaped by ``profile`` (``"form"`` when not given: space
    is ``+``, as ``URLSearchParams.toString()``; ``"py-quote-plus"``: as ``urlencode``),
    joined by ``=`` and ``&``. ``str`` is written as UTF-8 (or ``charset``), ``bytes`` as
    they are, anything else as its ``str()``. Profiles that would leave ``%&=#+`` unescaped
    are refused. Other ``options``: ``charset``, ``lower`` (or ``hex``), ``plus``.

    >>> build({"q": "a b", "t": "~"})
    'q=a+b&t=%7E'
    >>> build({"q": "a b", "t": "~"}, "py-quote-plus")
    'q=a+b&t=~'
    """
    if hasattr(pairs, "items"):
        pairs = pairs.items()
    return _pctenc.query_build([(_part(n), _part(v)) for n, v in pairs], profile, **options)


def _part(x):
    return x if isinstance(x, (str, bytes)) else str(x)

"""application/x-www-form-urlencoded and query strings, one value at a time.

    >>> from pctenc import form
    >>> form.parse("a=b+c&%zz=%FF")
    [('a', 'b c'), ('%zz', '\ufffd')]
    >>> form.parse("https://x.example/p?q=caf%C3%A9&n=1#top", input="url")
    [('q', 'café'), ('n', '1')]
    >>> form.serialize([("q", "a b&c")])
    'q=a+b%26c'
    >>> form.serialize({"q": "a b", "t": "~"}, profile="py-quote-plus")   # as urlencode
    'q=a+b&t=~'

By default ``parse`` is the URL Standard's parser, which is ``urllib.parse.parse_qsl(data,
keep_blank_values=True)`` for every ``str`` (the tests replay both), and ``serialize`` is
``URLSearchParams.toString()``; ``profile="py-quote-plus"`` makes it ``urlencode``.
``charset`` takes a WHATWG encoding label for forms of legacy pages (``"shift_jis"``).
The columns versions are ``pctenc.arrow.parse_query`` / ``query_param`` / ``build_query``.
"""

from __future__ import annotations

from . import _pctenc

__all__ = ["parse", "serialize"]


def parse(data, *, profile=None, input="form", **options):
    """The (name, value) pairs of ``data`` (str or bytes): the library's ``query-parse`` of a
    form body. Split on '&', then at the first '=', names and values decoded by ``profile``
    (``"form"`` when not given: '+' is a space, a stray '%' stays, U+FFFD for bytes that are
    not UTF-8) as UTF-8 text (or ``charset``).

    ``input`` says where the query is: ``"form"`` (this function's reading: all of ``data``,
    as ``parse_qsl`` and a form body), ``"query"`` (one leading '?' dropped, as
    ``URLSearchParams``), ``"url"`` (between the first '?' and the next '#'; no '?' gives no
    pairs) or ``"auto"`` (a URL if ``data`` contains '?'). A strict profile (``"rfc3986"``)
    raises :class:`pctenc.PctencError` with the byte offset in ``data`` of a name or value
    that does not decode. Other ``options``: ``charset``, ``malformed``, ``utf8``
    ("strict"/"lossy"), ``plus``, as the library's ``query-parse`` takes them."""
    return _pctenc.query_parse(data, profile, input=input, **options)


def _part(x):
    return x if isinstance(x, (str, bytes)) else str(x)


def serialize(pairs, *, profile=None, **options):
    """The query string of ``pairs`` (an iterable of (name, value), or a mapping), the
    library's ``query-build``: each name and value escaped by ``profile`` (``"form"`` when not
    given: space is '+', as ``URLSearchParams``;
    ``"py-quote-plus"``: as ``urlencode``), joined by '=' and '&'. ``str`` is written as
    UTF-8 (or ``charset``), ``bytes`` as they are, anything else as its ``str()``. Other
    ``options``: ``charset``, ``lower`` (or ``hex``), ``plus``."""
    if hasattr(pairs, "items"):
        pairs = pairs.items()
    return _pctenc.query_build([(_part(n), _part(v)) for n, v in pairs], profile, **options)

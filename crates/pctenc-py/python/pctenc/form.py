"""application/x-www-form-urlencoded, as the URL Standard parses and serializes it.

    >>> from pctenc import form
    >>> form.parse("a=b+c&%zz=%FF")
    [('a', 'b c'), ('%zz', '\ufffd')]
    >>> form.serialize({"q": "a b&c", "n": 1})
    'q=a+b%26c&n=1'

``serialize`` takes its query in every shape ``urllib.parse.urlencode`` takes (a mapping, a
sequence of pairs, ``doseq`` for sequences of values) and raises what it raises for the
others; it differs from ``urlencode`` only in the bytes it escapes, which are the URL
Standard's (``~`` escaped, ``*`` kept), as ``URLSearchParams`` writes them.

``charset`` takes a WHATWG encoding label for forms from legacy pages (``"shift_jis"``).
"""

from __future__ import annotations

from . import _pctenc

__all__ = ["parse", "serialize"]


def parse(data, **options):
    """The (name, value) pairs of ``data`` (str or bytes): split on '&', then at the first
    '=', '+' and escapes decoded, text decoded as UTF-8 (or ``charset``) with U+FFFD.

    >>> parse("q=caf%C3%A9+au+lait&empty=&flag")
    [('q', 'café au lait'), ('empty', ''), ('flag', '')]
    >>> parse(b"q=%82%B1", charset="shift_jis")
    [('q', 'こ')]
    """
    return _pctenc.form_parse(data, **options)


def _part(x):
    # urlencode quotes bytes as they are and everything else as str(x).
    return x if isinstance(x, bytes) else str(x)


def serialize(query, doseq=False, **options):
    """The urlencoded form of ``query``, read as ``urllib.parse.urlencode`` reads it: a
    mapping (its ``items()``) or a sequence of ``(name, value)`` tuples; names and values
    are ``str`` (encoded as UTF-8, or ``charset``), ``bytes`` (escaped as they are) or
    anything else (``str()`` of it). With ``doseq``, a value that is a sequence (but not
    ``str`` or ``bytes``) gives one pair per element. Space is written '+'.

    >>> serialize([("q", "a b&c"), ("lang", "fr")])
    'q=a+b%26c&lang=fr'
    >>> serialize({"tag": ["x", "y"]}, doseq=True)
    'tag=x&tag=y'
    >>> serialize("a=b")
    Traceback (most recent call last):
    ...
    TypeError: not a valid non-string sequence or mapping object
    """
    if hasattr(query, "items"):
        query = query.items()
    else:
        # The same test as urlencode's, with its exception.
        try:
            if len(query) and not isinstance(query[0], tuple):
                raise TypeError
        except TypeError as err:
            raise TypeError("not a valid non-string sequence or mapping object") from err
    pairs = []
    if not doseq:
        for k, v in query:
            pairs.append((_part(k), _part(v)))
    else:
        for k, v in query:
            k = _part(k)
            if isinstance(v, (str, bytes)):
                pairs.append((k, v))
                continue
            try:
                len(v)
            except TypeError:
                pairs.append((k, str(v)))
            else:
                pairs.extend((k, _part(e)) for e in v)
    return _pctenc.form_serialize(pairs, **options)

"""application/x-www-form-urlencoded, as the URL Standard parses and serializes it.

    >>> from pctenc import form
    >>> form.parse("a=b+c&%zz=%FF")
    [('a', 'b c'), ('%zz', '\ufffd')]
    >>> form.serialize([("q", "a b&c")])
    'q=a+b%26c'

``charset`` takes a WHATWG encoding label for forms from legacy pages (``"shift_jis"``).
"""

from __future__ import annotations

from . import _pctenc

__all__ = ["parse", "serialize"]


def parse(data, *, charset=None):
    """The (name, value) pairs of ``data`` (str or bytes): split on '&', then at the first
    '=', '+' and escapes decoded, text decoded as UTF-8 (or ``charset``) with U+FFFD."""
    return _pctenc.form_parse(data, charset=charset)


def serialize(pairs, *, charset=None):
    """The urlencoded form of ``pairs`` (an iterable of (str, str)); space is '+'."""
    return _pctenc.form_serialize([(str(n), str(v)) for n, v in pairs], charset=charset)

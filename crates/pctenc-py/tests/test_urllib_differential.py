"""Property-based differential test: pctenc.urllib against the running urllib.parse over
random text, bytes and arguments (hypothesis). Any difference in result, result type,
exception type or exception message fails, with hypothesis's smallest example."""

import urllib.parse

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pctenc.urllib as ours

# Text that hits the interesting places: escapes (good, short, bad hex), '+', separators,
# ASCII, Latin-1, BMP, astral characters and lone surrogates.
pieces = st.sampled_from(
    ["%", "%4", "%41", "%zz", "%E2", "%82", "%AC", "%C3%A9", "%ff", "%ED%A0%80", "+", "&",
     "=", ";", " ", "/", "~", "é", "€", "𝄞", "\x00", "\ud800", "\udcff"]
)
text = st.lists(st.one_of(st.text(max_size=6), pieces), max_size=12).map("".join)
raw = st.binary(max_size=40)
safe = st.one_of(
    st.just("/"), st.just(""), st.text(max_size=4), st.binary(max_size=4),
    st.sampled_from(["/ ", "+", "%", "ü", "=&"]),
)
codec = st.sampled_from([None, "utf-8", "latin-1", "ascii", "UTF-8"])
handler = st.sampled_from([None, "strict", "replace", "ignore", "surrogateescape"])

SETTINGS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def outcome(fn, *args, **kwargs):
    try:
        r = fn(*args, **kwargs)
    except Exception as e:  # noqa: BLE001
        return ("raises", type(e).__name__, str(e))
    return (type(r).__name__, r)


def check(name, *args, **kwargs):
    assert outcome(getattr(ours, name), *args, **kwargs) == outcome(
        getattr(urllib.parse, name), *args, **kwargs
    )


@SETTINGS
@given(st.one_of(text, raw), safe)
def test_quote(s, safe):
    check("quote", s, safe)
    check("quote_plus", s, safe)


@SETTINGS
@given(text, safe, codec, handler)
def test_quote_codecs(s, safe, encoding, errors):
    check("quote", s, safe, encoding, errors)
    check("quote_plus", s, safe, encoding, errors)


@SETTINGS
@given(raw, safe)
def test_quote_from_bytes(b, safe):
    check("quote_from_bytes", b, safe)


@SETTINGS
@given(st.one_of(text, raw))
def test_unquote_defaults(s):
    check("unquote", s)
    check("unquote_plus", s)
    check("unquote_to_bytes", s)


@SETTINGS
@given(text, codec, handler)
def test_unquote_codecs(s, encoding, errors):
    check("unquote", s, encoding, errors)
    check("unquote_plus", s, encoding, errors)


@SETTINGS
@given(st.one_of(text, raw), st.booleans(), st.booleans(), st.sampled_from(["&", ";"]),
       st.one_of(st.none(), st.integers(0, 6)))
def test_parse_qs(qs, keep_blank, strict, separator, max_fields):
    if isinstance(qs, bytes):
        separator = separator.encode()
    kw = dict(keep_blank_values=keep_blank, strict_parsing=strict, separator=separator,
              max_num_fields=max_fields)
    check("parse_qsl", qs, **kw)
    check("parse_qs", qs, **kw)


@SETTINGS
@given(st.lists(st.tuples(st.one_of(text, raw, st.integers()),
                          st.one_of(text, raw, st.lists(text, max_size=3))), max_size=5),
       st.booleans(), safe)
def test_urlencode(pairs, doseq, safe):
    check("urlencode", pairs, doseq, safe)

"""pctenc.form.serialize reads its query as urllib.parse.urlencode does: a mapping, a sequence
of pairs, doseq, bytes, other values through str(), and the same exception for every shape
urlencode refuses. Compared with urlencode itself on the same inputs: where the two escape
the same bytes (neither '~' nor '*' in the text) the strings must be equal, and everywhere
urlencode quoting with the form profile must give serialize's string."""

import urllib.parse

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pctenc
from pctenc import form

# CPython's original, whatever a test installs into urllib.parse.
urlencode = pctenc.urllib._ORIGINAL["urlencode"]


def form_quote(s, safe="", encoding=None, errors=None):
    """quote_via for urlencode: what serialize escapes. Text: the form profile; bytes: the
    same set over the bytes as they are (quote_plus keeps '~' and escapes '*', the URL
    Standard the reverse)."""
    if isinstance(s, bytes):
        return urllib.parse.quote_plus(s, safe="*").replace("~", "%7E")
    return pctenc.encode(s, "form")


def outcome(fn, *args, **kwargs):
    try:
        return ("ok", fn(*args, **kwargs))
    except Exception as e:  # noqa: BLE001 - the exception type is the contract
        return ("raises", type(e).__name__)


def same_as_urlencode(query, doseq=False, exact=False):
    got = outcome(form.serialize, query, doseq)
    via = outcome(urlencode, query, doseq, quote_via=form_quote)
    assert got == via, (query, doseq)
    if exact:
        assert got == outcome(urlencode, query, doseq), (query, doseq)
    return got


SHAPES = [
    {"ab": "zz", "cd": "yy"},  # two-letter keys: once read as pairs ('a=b&c=d')
    {"a": "b c", "d": ["e", "f"]},
    {"a": ("x", b"\xff", 3), "n": 1, 2: None},
    [("ab", "zz"), ("cd", "yy")],
    [("a", "ü"), (b"\xff", b"\xfe"), ("n", 1)],
    (("t", "1"),),
    [("k", ["v", "w"]), ("k2", "plain"), ("k3", b"bytes"), ("k4", 5)],
    [("k", iter([1]))],  # no len(): str() of it under doseq
    [],
    {},
    # Shapes urlencode refuses, each with its exception type.
    "not a mapping",
    b"ab",
    [["a", "b"]],
    [("a", 1, 2)],
    [("a",)],
    (x for x in [("a", "b")]),
    5,
    None,
    ["ab", "cd"],
]


@pytest.mark.parametrize("query", SHAPES, ids=repr)
@pytest.mark.parametrize("doseq", [False, True])
def test_every_shape_as_urlencode(query, doseq):
    # A generator is used up by the first call: give each call its own.
    if hasattr(query, "__next__"):
        same_as_urlencode((x for x in [("a", "b")]), doseq)
        return
    same_as_urlencode(query, doseq, exact=True)


def test_the_reported_dict():
    # The defect as reported: the dict's keys were unpacked as pairs.
    assert form.serialize({"ab": "zz", "cd": "yy"}) == "ab=zz&cd=yy"
    assert form.serialize({"ab": "zz", "cd": "yy"}) == urlencode({"ab": "zz", "cd": "yy"})


def test_bytes_are_escaped_as_they_are_and_charset_is_for_text():
    assert form.serialize([(b"\xff k", "é")]) == "%FF+k=%C3%A9"
    assert form.serialize([(b"\x82\xa0", "あ")], charset="shift_jis") == "%82%A0=%82%A0"


def test_where_the_profiles_differ_it_is_the_url_standard():
    # urlencode (quote_plus) keeps '~' and escapes '*'; URLSearchParams the reverse.
    assert form.serialize({"a": "~*"}) == "a=%7E*"
    assert urlencode({"a": "~*"}) == "a=~%2A"


SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# Text where both escape the same bytes: everything but '~' and '*'.
same_set_text = st.text(
    alphabet=st.characters(blacklist_characters="~*", blacklist_categories=("Cs",)), max_size=8
)
same_set_bytes = st.binary(max_size=6).filter(lambda b: b"~" not in b and b"*" not in b)
part = st.one_of(same_set_text, same_set_bytes, st.integers(), st.none())
value = st.one_of(part, st.lists(part, max_size=3), st.tuples(part, part))


@SETTINGS
@given(st.lists(st.tuples(part, value), max_size=5), st.booleans())
def test_pairs_against_urlencode(pairs, doseq):
    same_as_urlencode(pairs, doseq, exact=True)


@SETTINGS
@given(st.dictionaries(st.one_of(same_set_text, st.integers()), value, max_size=5),
       st.booleans())
def test_mappings_against_urlencode(mapping, doseq):
    same_as_urlencode(mapping, doseq, exact=True)

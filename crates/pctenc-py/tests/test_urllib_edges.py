"""pctenc.urllib beside urllib.parse on what the recorded CPython cases do not reach: the
signatures, every error, the arguments that take the fallback path, and inputs at the edges
of the fast paths (lone surrogates, non-ASCII around escapes, `safe` with non-ASCII)."""

import inspect
import urllib.parse

import pytest

import pctenc.urllib as ours

#: The functions that stand in for urllib.parse's (the module also has install/uninstall).
DROP_INS = [n for n in ours.__all__ if n not in ("install", "uninstall")]


def outcome(fn, *args, **kwargs):
    """(type name, result) or (exception type name, message)."""
    try:
        r = fn(*args, **kwargs)
    except Exception as e:  # noqa: BLE001 - every exception is part of the contract
        return ("raises", type(e).__name__, str(e))
    return (type(r).__name__, r)


def same(name, *args, **kwargs):
    got = outcome(getattr(ours, name), *args, **kwargs)
    want = outcome(getattr(urllib.parse, name), *args, **kwargs)
    assert got == want, (name, args, kwargs)
    return got


@pytest.mark.parametrize("name", DROP_INS)
def test_signature_is_cpythons(name):
    assert inspect.signature(getattr(ours, name)).parameters.keys() == inspect.signature(
        getattr(urllib.parse, name)
    ).parameters.keys()
    for p, q in zip(
        inspect.signature(getattr(ours, name)).parameters.values(),
        inspect.signature(getattr(urllib.parse, name)).parameters.values(),
    ):
        if name == "urlencode" and p.name == "quote_via":
            assert p.default is ours.quote_plus
            continue
        assert (p.name, p.default, p.kind) == (q.name, q.default, q.kind)


QUOTE_INPUTS = [
    "", "a", "a b/c?d=e&f#g", "ü€𝄞", "\x00\x7f\x80", "~-._", "%41", "+ +",
    "\ud800", "a\udcffb",  # lone surrogates: UnicodeEncodeError from both
    b"", b"a b", b"\xff\x00/", bytearray(b"a b"), memoryview(b"a b"),
    None, 1, 1.5, ["a"],
]
SAFES = ["/", "", "/ ", "+", "ü/", "%", b"/", b"\xfc/", [47], bytearray(b"/"), None, 1]


@pytest.mark.parametrize("string", QUOTE_INPUTS, ids=repr)
@pytest.mark.parametrize("safe", SAFES, ids=repr)
def test_quote_family(string, safe):
    same("quote", string, safe)
    same("quote_plus", string, safe)
    same("quote_from_bytes", string, safe)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"encoding": "latin-1"},
        {"errors": "strict"},
        {"encoding": "ascii", "errors": "replace"},
        {"encoding": "utf-8", "errors": "surrogateescape"},
        {"encoding": "no-such-codec"},
        {"encoding": 1},
    ],
    ids=repr,
)
@pytest.mark.parametrize("string", ["a b", "ü\udcff", b"a b", ""], ids=repr)
def test_quote_codec_arguments(string, kwargs):
    same("quote", string, **kwargs)
    same("quote_plus", string, **kwargs)


UNQUOTE_INPUTS = [
    "", "abc", "%", "%4", "%41", "%zz%41", "a+b%2B", "%E2%82%AC", "%E2%82", "%e2%82%ac",
    "€%E2%82%AC€", "%E2€%82", "é%C3", "%F0%9F%98%80x", "%ED%A0%80", "%C0%AE", "%FF%FE",
    "\ud800%41", "%41\udcff", b"a%20b", b"%zz", b"", bytearray(b"a%20b"), None, 1, ["%41"],
]


@pytest.mark.parametrize("string", UNQUOTE_INPUTS, ids=repr)
@pytest.mark.parametrize(
    "kwargs",
    [{}, {"encoding": "latin-1"}, {"errors": "strict"}, {"errors": "ignore"},
     {"encoding": None, "errors": None}, {"encoding": "utf-8", "errors": "replace"},
     {"encoding": "UTF-8"}],
    ids=repr,
)
def test_unquote_family(string, kwargs):
    same("unquote", string, **kwargs)
    same("unquote_plus", string, **kwargs)


@pytest.mark.parametrize("string", UNQUOTE_INPUTS, ids=repr)
def test_unquote_to_bytes(string):
    same("unquote_to_bytes", string)


QS = [
    "", "&", "=", "a", "a=", "=b", "a=1&b=2", "a=1&&b=2&", "a=1;b=2", "a=%zz+%41&a=2",
    "a==b", "%E2%82%AC=%FF", "€=€%E2", "a=1&b", "a+b=c+d", "\ud800=1",
    b"a=1&b=%FF", b"", "&&a=&b",
]


@pytest.mark.parametrize("qs", QS, ids=repr)
@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"keep_blank_values": True},
        {"keep_blank_values": 1},
        {"strict_parsing": True},
        {"keep_blank_values": True, "strict_parsing": True},
        {"max_num_fields": 1},
        {"max_num_fields": 5},
        {"separator": ";"},
        {"separator": ""},
        {"separator": None},
        {"separator": b"&"},
        {"encoding": "latin-1"},
        {"errors": "strict"},
    ],
    ids=repr,
)
def test_parse_qs_family(qs, kwargs):
    same("parse_qsl", qs, **kwargs)
    same("parse_qs", qs, **kwargs)


@pytest.mark.parametrize(
    "query",
    [
        {"a": "b c", "d": ["e", "f"]},
        [("a", "ü"), (b"\xff", b"\xfe"), ("n", 1)],
        "not a mapping",
        [("a", 1, 2)],
        [],
        {},
    ],
    ids=repr,
)
@pytest.mark.parametrize("doseq", [False, True])
@pytest.mark.parametrize("safe", ["", "/", " "])
def test_urlencode(query, doseq, safe):
    same("urlencode", query, doseq, safe)
    same("urlencode", query, doseq, safe, quote_via=ours.quote)


def test_quote_cache_is_bounded_and_correct():
    # Many distinct safe sets: results stay right past the cache's capacity.
    for i in range(600):
        safe = chr(33 + i % 90) + chr(33 + (i * 7) % 90)
        assert ours.quote("a b!\"#$%&'()*+,/:;<=>?@[\\]^`{|}", safe) == urllib.parse.quote(
            "a b!\"#$%&'()*+,/:;<=>?@[\\]^`{|}", safe
        )


def test_subclasses_of_str_take_the_cpython_path():
    class S(str):
        pass

    same("quote", S("a b"))
    same("unquote", S("a%20b"))
    same("parse_qsl", S("a=1"))


def test_fast_paths_do_not_call_urllib_parse(monkeypatch):
    """The common argument shapes are pctenc's own work: with urllib.parse's functions
    broken, they still give CPython's answers (so the differential tests test pctenc)."""
    want = {
        ("quote", ("a b/ü?",)): urllib.parse.quote("a b/ü?"),
        ("quote", ("a b/ü?", "")): urllib.parse.quote("a b/ü?", ""),
        ("quote", (b"a b\xff", "?")): urllib.parse.quote(b"a b\xff", "?"),
        ("quote_plus", ("a b+/c",)): urllib.parse.quote_plus("a b+/c"),
        ("quote_plus", ("a b+/c", "/")): urllib.parse.quote_plus("a b+/c", "/"),
        ("quote_from_bytes", (b"a b\x00",)): urllib.parse.quote_from_bytes(b"a b\x00"),
        ("unquote", ("a%20b%E2%82%AC%zz€%C3",)): urllib.parse.unquote("a%20b%E2%82%AC%zz€%C3"),
        ("unquote_plus", ("a+b%2B",)): urllib.parse.unquote_plus("a+b%2B"),
        ("unquote_to_bytes", ("a%20b%FF",)): urllib.parse.unquote_to_bytes("a%20b%FF"),
        ("unquote_to_bytes", (b"a%20b%FF",)): urllib.parse.unquote_to_bytes(b"a%20b%FF"),
        ("parse_qsl", ("a=1&b=&c&d=%41+x",)): urllib.parse.parse_qsl("a=1&b=&c&d=%41+x"),
        ("parse_qsl", ("a=1&b=&c", True)): urllib.parse.parse_qsl("a=1&b=&c", True),
        ("parse_qs", ("a=1&a=2&b=3",)): urllib.parse.parse_qs("a=1&a=2&b=3"),
    }

    def broken(*args, **kwargs):
        raise AssertionError("fell back to urllib.parse")

    for name in DROP_INS:
        if name != "urlencode":
            monkeypatch.setattr(urllib.parse, name, broken)
    for (name, args), result in want.items():
        assert getattr(ours, name)(*args) == result, (name, args)
    # ...and an argument shape outside the fast path does reach urllib.parse.
    with pytest.raises(AssertionError, match="fell back"):
        ours.quote("a b", encoding="latin-1")

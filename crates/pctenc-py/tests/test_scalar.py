"""The scalar API: the library's profiles, policies and errors, one string at a time."""

import pytest

import pctenc
from pctenc import PctencError, form


def test_encode_str_and_bytes():
    assert pctenc.encode("a b/ü") == "a%20b%2F%C3%BC"
    assert pctenc.encode(b"a b\xff") == "a%20b%FF"
    assert pctenc.encode("a b", "form") == "a+b"
    assert pctenc.encode("a b", "quote_plus") == "a+b"  # an alias, as the CLI takes it
    assert pctenc.encode("é", lower=True) == "%c3%a9"
    assert pctenc.encode("q=安", "url-query", charset="gbk") == "q=%B0%B2"


def test_unchanged_input_is_the_same_object():
    s = "plain-text_~"
    assert pctenc.encode(s) is s
    assert pctenc.decode(s) is s


def test_decode_policies():
    assert pctenc.decode("caf%C3%A9", "js-component") == "café"
    assert pctenc.decode("100%", "url-component") == "100%"  # WHATWG keeps a stray '%'
    assert pctenc.decode("%FF", utf8="bytes") == b"\xff"
    assert pctenc.decode("%FF", utf8="lossy") == "\ufffd"
    assert pctenc.decode("%FF", "py-quote") == "\ufffd"  # the profile's own policy
    assert pctenc.decode("100%", malformed="lenient") == "100%"
    with pytest.raises(PctencError):
        pctenc.decode("100%", "url-component", malformed="strict")
    assert pctenc.decode("%82%A0", charset="shift_jis") == "あ"
    assert pctenc.decode(b"a+b", "form") == "a b"


def test_error_says_where():
    with pytest.raises(PctencError) as info:
        pctenc.decode("abc%zz\x1b", "rfc3986")
    e = info.value
    assert isinstance(e, ValueError)
    assert (e.offset, e.profile, e.code, e.row) == (3, "rfc3986", "invalid-escape", None)
    assert str(e) == (
        "profile rfc3986, byte 3: invalid-escape at \"%zz\\x1b\": "
        "invalid escape at byte 3: '%' is not followed by two hex digits"
    )
    with pytest.raises(PctencError) as info:
        pctenc.decode("ok%FF")
    assert (info.value.offset, info.value.code) == (2, "invalid-utf8")
    # Offsets count UTF-8 bytes of a str, as the library and CLI do.
    with pytest.raises(PctencError) as info:
        pctenc.decode("é%zz")
    assert info.value.offset == 2


def test_strict_input_profiles_reject_bytes_that_are_not_text():
    with pytest.raises(PctencError) as info:
        pctenc.encode(b"a\xffb", "js-component")
    assert info.value.offset == 1


def test_wrong_types_and_names():
    with pytest.raises(TypeError, match="data must be str or bytes, not int"):
        pctenc.encode(1)
    with pytest.raises(TypeError, match="not list"):
        pctenc.decode(["a"])
    with pytest.raises(ValueError, match=r"unknown profile 'js-componnet'; did you mean js-component"):
        pctenc.encode("a", "js-componnet")
    with pytest.raises(ValueError, match=r"unknown utf8 'latin1' \(utf8 takes strict\|lossy\|bytes\)"):
        pctenc.decode("a", utf8="latin1")
    with pytest.raises(ValueError, match="unknown malformed 'maybe'"):
        pctenc.decode("a", malformed="maybe")
    with pytest.raises(ValueError, match="unknown charset"):
        pctenc.encode("a", charset="klingon")
    with pytest.raises(ValueError, match=r"unknown option 'utf9'; did you mean utf8\?"):
        pctenc.decode("a", utf9="lossy")


def test_profiles_match_the_library_table():
    ps = pctenc.profiles()
    names = [p["name"] for p in ps]
    assert names[0] == "rfc3986" and "form" in names and "js-component" in names
    assert len(names) == len(set(names)) >= 37
    form_p = next(p for p in ps if p["name"] == "form")
    assert form_p["space"] == "+"
    assert form_p["decode"]["plus_as_space"] is True
    rfc = ps[0]
    assert rfc["unencoded"] == "-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"
    assert rfc["decode"]["malformed"] == "reject" and rfc["non_ascii"] == "escaped"
    # Every name and alias listed is one encode() takes.
    for p in ps:
        for n in [p["name"], *p["aliases"]]:
            pctenc.encode("x", n)


def test_check_and_normalize():
    findings = pctenc.check("/a/%2e%2e/b", "path")
    assert findings and findings[0]["offset"] == 3 and findings[0]["end"] == 9
    assert {"code", "severity", "offset", "end", "message", "depth"} <= findings[0].keys()
    assert pctenc.check("/plain", "path") == []
    assert pctenc.normalize("a%20b%2d", "form") == "a+b-"
    assert pctenc.normalize(b"%7e", "path") == b"~"
    with pytest.raises(ValueError, match="unknown context"):
        pctenc.check("a", "nowhere")


def test_form():
    assert form.parse("a=b+c&%zz=%FF") == [("a", "b c"), ("%zz", "\ufffd")]
    assert form.parse(b"q=%82%B1", charset="shift_jis") == [("q", "こ")]
    assert form.serialize([("q", "a b&c"), ("n", 1)]) == "q=a+b%26c&n=1"
    assert form.parse(form.serialize([("k", "v=1&x")])) == [("k", "v=1&x")]


# Each call with one argument of a wrong type, and the argument its TypeError must name.
WRONG_TYPES = [
    (lambda: pctenc.encode(1), "data"),
    (lambda: pctenc.encode("a", 1), "profile"),
    (lambda: pctenc.encode("a", lower=1), "lower"),
    (lambda: pctenc.encode("a", charset=1), "charset"),
    (lambda: pctenc.decode(["a"]), "text"),
    (lambda: pctenc.decode("a", 3.5), "profile"),
    (lambda: pctenc.decode("a", malformed=True), "malformed"),
    (lambda: pctenc.decode("a", utf8=1), "utf8"),
    (lambda: pctenc.check(1), "text"),
    (lambda: pctenc.check("a", 1), "context"),
    (lambda: pctenc.decode("a", plus=2), "plus"),
    (lambda: pctenc.try_decode("a", utf8=2), "utf8"),
    (lambda: pctenc.check("a", max_len=3.0), "max_len"),
    (lambda: pctenc.check("a", max_params=1.5), "max_params"),
    (lambda: pctenc.normalize(None), "text"),
    (lambda: pctenc.normalize("a", b"url"), "context"),
    (lambda: form.parse(1), "data"),
    (lambda: form.parse("a", charset=1), "charset"),
    (lambda: form.serialize([("a", "b")], charset=1), "charset"),
    (lambda: pctenc.arrow.encode(1), "values"),
    (lambda: pctenc.arrow.encode(["a"], 1), "profile"),
    (lambda: pctenc.arrow.encode(["a"], lower=0), "lower"),
    (lambda: pctenc.arrow.decode(["a"], on_error=1), "on_error"),
    (lambda: pctenc.arrow.decode(["a"], malformed=1), "malformed"),
    (lambda: pctenc.arrow.decode(["a"], utf8=b"bytes"), "utf8"),
]


@pytest.mark.parametrize("call,name", WRONG_TYPES, ids=[n for _, n in WRONG_TYPES])
def test_argument_types_are_checked_at_the_call(call, name):
    with pytest.raises(TypeError) as info:
        call()
    assert name in str(info.value), str(info.value)


def test_negative_limits_are_value_errors_naming_them():
    for kw in ("max_len", "max_params"):
        with pytest.raises((ValueError, OverflowError)) as info:
            pctenc.check("a", **{kw: -1})
        assert kw in str(info.value), str(info.value)


def test_version_is_the_crates():
    import re

    assert re.fullmatch(r"\d+\.\d+\.\d+\S*", pctenc.__version__)
    from conftest import REPO

    cargo = (REPO / "crates" / "pctenc-py" / "Cargo.toml").read_text()
    assert f'\nversion = "{pctenc.__version__}"\n' in cargo
    from importlib.metadata import version

    assert version("pctenc") == pctenc.__version__


def test_kernel_is_named():
    assert pctenc.KERNEL in {"avx512", "avx2", "ssse3", "neon", "simd128", "scalar"}


def test_stubs_name_what_the_package_has():
    """Every .pyi parses, and each public name it declares exists at run time (and the
    reverse for each module's __all__), so editors and mypy see the real API."""
    import ast
    import importlib
    import pathlib

    root = pathlib.Path(pctenc.__file__).parent
    assert (root / "py.typed").exists()
    # This package's own modules (the engine modules have their own suites and imports).
    for stub in [root / f"{m}.pyi" for m in ("__init__", "_pctenc", "urllib", "arrow", "form")]:
        name = "pctenc" if stub.stem == "__init__" else f"pctenc.{stub.stem}"
        module = importlib.import_module(name)
        tree = ast.parse(stub.read_text())
        declared = set()
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                declared.add(node.name)
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                declared.add(node.target.id)
        for n in declared:
            if n[0].isupper() and not hasattr(module, n) and n not in ("KERNEL",):
                continue  # type aliases and TypedDicts exist only for type checkers
            assert hasattr(module, n), (name, n)
        for n in getattr(module, "__all__", []):
            assert n in declared or any(
                isinstance(node, ast.ImportFrom) and any((a.asname or a.name) == n for a in node.names)
                for node in tree.body
            ), (name, n)

"""The type stubs (python/pctenc/*.pyi) under `mypy --strict`: the stubs themselves, and
tests/typing/usage.py, a program that states with `assert_type` what each call returns
(`normalize` str in str out, bytes in bytes out; `decode(..., utf8="bytes")` bytes...).
mypy is pinned in scripts/python/requirements-test.txt."""

import pathlib
import subprocess
import sys

import pctenc

HERE = pathlib.Path(__file__).parent


def mypy(*args):
    r = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", "/dev/null",
         "--no-error-summary", *args],
        capture_output=True,
        text=True,
        cwd=HERE,
    )
    return r.returncode, r.stdout + r.stderr


def test_stubs_pass_mypy_strict_and_a_wrong_claim_fails(tmp_path):
    """One mypy run (it reads Polars' types, the slow part): the typed program is clean, and
    a program with claims the stubs contradict gets exactly those errors (the check can
    fail)."""
    bad = tmp_path / "bad.py"
    bad.write_text(
        "from typing import assert_type\nimport pctenc\n"
        "assert_type(pctenc.normalize(b'x'), str)\n"
        "pctenc.encode(1)\n"
    )
    code, out = mypy(str(HERE / "typing" / "usage.py"), str(bad))
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert code == 1 and len(errors) == 2, out
    assert all(line.startswith(str(bad)) for line in errors), out
    assert "[assert-type]" in errors[0] and "[arg-type]" in errors[1], out
    assert pathlib.Path(pctenc.__file__).with_name("py.typed").exists()


def test_the_stubs_words_are_the_librarys():
    """The stubs take the option words as Literal types (for editors and mypy) from one
    generated module, `_words.pyi` (crates/pctenc/examples/python_words.rs writes it from the
    library's table; crates/pctenc/tests/one_copy.rs checks it is current): each alias holds
    exactly the words and aliases the library takes, and no other stub spells a Literal."""
    import typing

    from pctenc import _pctenc as native

    here = pathlib.Path(pctenc.__file__).parent
    ns = {}
    exec(compile((here / "_words.pyi").read_text(), "_words.pyi", "exec"), ns)
    assert list(typing.get_args(ns["OnError"])) == native.ON_ERROR
    for op, key, alias in [("check", "context", "Context"), ("decode", "utf8", "Utf8"),
                           ("decode", "malformed", "Malformed"), ("encode", "hex", "Hex"),
                           ("query-parse", "input", "Input"), ("decode-segment", "policy", "Policy"),
                           ("check", "fail_on", "FailOn"), ("encode", "unmappable", "Unmappable")]:
        words = next(o for o in native.options(op) if o["key"] == key)["words"]
        got = typing.get_args(ns[alias])
        assert set(words) <= set(got), (alias, words, got)  # the names, and the aliases too
    assert set(typing.get_args(ns["Utf8Text"])) | set(typing.get_args(ns["Utf8Bytes"])) == set(
        typing.get_args(ns["Utf8"]))
    for stub in here.glob("*.pyi"):
        if stub.name != "_words.pyi":
            assert "Literal[" not in stub.read_text(), stub.name


def test_the_stubs_keywords_are_the_options_the_library_takes():
    """Each function's keyword arguments in the stubs are the options the library's model
    gives its operation (`pctenc.options(op)`), plus `lower` (a spelling of `hex`): a stub
    that drifts from the core fails here."""
    import ast

    from pctenc import _pctenc as native

    tree = ast.parse((pathlib.Path(pctenc.__file__).parent / "_pctenc.pyi").read_text())
    stubs = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    for fn, op, first in [("encode", "encode", "profile"), ("decode", "decode", "profile"),
                          ("try_decode", "try-decode", "profile"), ("check", "check", "context"),
                          ("decode_segment", "decode-segment", None)]:
        args = stubs[fn].args
        declared = {a.arg for a in args.kwonlyargs} | ({first} if first else set())
        core = {o["key"] for o in native.options(op)}
        if "hex" in core:
            core.add("lower")
        assert declared == core, (fn, declared ^ core)

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

"""Shared inputs for the engine suites: the probes and seeded random strings of
scripts/engines/inputs.py, plus every string in the shared conformance data
(../shared/testdata: the recorded runtime probes, WPT and CPython cases), so that each
engine's built-in and pctenc see the same values in one session."""

import json
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
SHARED = os.path.abspath(os.path.join(ROOT, "..", "shared", "testdata"))
sys.path.insert(0, os.path.join(ROOT, "scripts", "engines"))

import inputs  # noqa: E402

SEED = int(os.environ.get("PCTENC_ENGINES_SEED", "20261125"))
SHARED_FILES = [
    "runtimes/openjdk.json",
    "runtimes/cpython.json",
    "runtimes/go.json",
    "runtimes/php.json",
    "runtimes/node.json",
    "wpt/percent-encoding.json",
    "cpython/cpython-urllib-cases.json",
    "go/go-net-url-cases.json",
]


def _strings(v, out):
    if isinstance(v, str):
        if len(v) <= 300:
            out.add(v)
    elif isinstance(v, dict):
        for k, x in v.items():
            _strings(k, out)
            _strings(x, out)
    elif isinstance(v, list):
        for x in v:
            _strings(x, out)


def shared_strings():
    out = set()
    for f in SHARED_FILES:
        path = os.path.join(SHARED, f)
        if not os.path.exists(path):
            raise FileNotFoundError(f"{path}: clone the repo next to shared/ (see README)")
        with open(path, encoding="utf-8") as fh:
            _strings(json.load(fh), out)
    # Strings that cannot travel as UTF-8 (lone surrogates) are not column values.
    return sorted(s for s in out if _is_utf8(s))


def _is_utf8(s):
    try:
        s.encode("utf-8")
        return True
    except UnicodeEncodeError:
        return False


@pytest.fixture(scope="session")
def values():
    """Every test string: probes, shared conformance strings, seeded random strings."""
    vals = list(inputs.PROBES) + shared_strings() + inputs.random_strings(SEED, 1500)
    assert len(vals) > 2000
    return vals


@pytest.fixture(scope="session")
def raw_values():
    """Byte strings that are mostly not UTF-8."""
    return inputs.random_bytes(SEED, 300) + [b"\xc3%A9", b"\xed\xa0\x80", b"a\xffb", b"%C3\xa9"]


def url_column(n):
    """`n` URL-like strings, deterministic, built in Python (for the 1-million-row tests)."""
    return [f"https://example.com/p%20{i % 977}/q?x={i}&y=a+b%C3%A9%2F{i % 13}" for i in range(n)]

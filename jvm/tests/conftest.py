"""Fixtures for the native Spark suite (scripts/test.d/46-jvm.sh): the jar under test and the
shared test values of the Python engine suite (crates/pctenc-py/engine_tests/conftest.py:
probes, shared conformance strings, seeded random strings, bytes that are not UTF-8), loaded
from there so that both suites compare the built-ins with pctenc on the same values."""

import importlib.util
import os

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))

_spec = importlib.util.spec_from_file_location(
    "engine_conftest", os.path.join(ROOT, "crates", "pctenc-py", "engine_tests", "conftest.py")
)
engine = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(engine)

import sys

sys.path.insert(0, HERE)  # conformance.py, for the Java API's table
# spark_conformance.py, the table through Spark's SQL functions (shared with engine_tests).
sys.path.insert(0, os.path.join(ROOT, "crates", "pctenc-py", "engine_tests"))

values = engine.values
raw_values = engine.raw_values


@pytest.fixture(scope="session")
def jar():
    path = os.environ.get("PCTENC_JAR")
    assert path and os.path.exists(path), "PCTENC_JAR must name the jar (scripts/build/jvm.sh)"
    return path

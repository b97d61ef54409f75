"""Writes the engine suites' test strings (crates/pctenc-py/engine_tests/conftest.py: probes,
shared conformance strings, seeded random strings) one per line as hex of their UTF-8, for
the Java API harness (ApiTest.java), which has no JSON reader.

    python3 jvm/tests/values.py > values.hex
"""

import sys

from conftest import engine

vals = list(engine.inputs.PROBES) + engine.shared_strings()
vals += engine.inputs.random_strings(engine.SEED, 1500)
sys.stdout.write("".join(v.encode("utf-8").hex() + "\n" for v in vals))

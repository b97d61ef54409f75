#!/usr/bin/env python3
"""Records what ClickHouse's URL-coding functions really do, by running ClickHouse itself
(the `chdb` package: ClickHouse's engine in process): `encodeURLComponent`,
`decodeURLComponent`, `encodeURLFormComponent` and `decodeURLFormComponent` on the probes and
seeded random strings of inputs.py, the ClickHouse probes below (malformed escapes next to
`%` and `+`, truncated escapes, NUL), and byte strings that are not UTF-8 (ClickHouse strings
are bytes).

Writes crates/pctenc/tests/data/clickhouse.json, which crates/pctenc/tests/clickhouse.rs
replays against the `clickhouse` and `clickhouse-form` profiles (so CI needs no chdb).
Rerun after a ClickHouse upgrade, in a venv with the pinned chdb
(scripts/python/requirements-record.txt):

    $VENV/bin/python scripts/engines/record_clickhouse.py

Each record is `[input hex, output hex]`: every value crosses as hex (`unhex` in,
`hex` out), so that no layer between ClickHouse and the file re-reads the bytes as text.
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import inputs  # noqa: E402
from record import dumps  # noqa: E402

OUT = os.path.join(ROOT, "crates", "pctenc", "tests", "data", "clickhouse.json")
SEED = 20261125
N = 400
FUNCTIONS = [
    "encodeURLComponent",
    "decodeURLComponent",
    "encodeURLFormComponent",
    "decodeURLFormComponent",
]

# Where ClickHouse's decoders differ from every other runtime: a malformed `%` is kept with
# the two bytes after it, unread, whatever they are (`%`, `+`, hex, a byte >= 0x80, NUL).
PROBES = [
    b"%%41%41",
    b"%+1+",
    b"%z+",
    b"+%z++",
    b"%%2B",
    b"%%%41",
    b"%%%%41",
    b"%4%41",
    b"%4+",
    b"ab%",
    b"ab%4",
    b"ab%z",
    b"%zz%41",
    b"%\xff41",
    b"%4\xff",
    b"%\x00\x00%41",
    b"%a",
    b"%ag%41",
    b"%41%",
    b"%41%4",
    b"%2b%2B",
    b"+",
    b"++%2B+",
    b"\x00",
    b"a\x00b%00",
    b"\xff\xfe",
    b"\xc3\xa9%C3%A9",
    b"%ED%A0%80\xed\xa0\x80",
    bytes(range(256)),
]


def record(values):
    import chdb

    res = {f: [] for f in FUNCTIONS}
    for v in values:
        cols = ", ".join(f"hex({f}(unhex('{v.hex()}')))" for f in FUNCTIONS)
        row = chdb.query(f"SELECT {cols}", "JSONCompact").bytes()
        outs = json.loads(row)["data"][0]
        for f, out in zip(FUNCTIONS, outs):
            res[f].append([v.hex(), out.lower()])
    version = chdb.query("SELECT version()", "CSV").bytes().decode().strip().strip('"')
    return chdb.__version__, version, res


def main():
    texts = list(inputs.PROBES) + inputs.random_strings(SEED, N)
    values = [s.encode() for s in texts] + PROBES + inputs.random_bytes(SEED, 100)
    chdb_version, version, res = record(values)
    doc = {
        "generator": "scripts/engines/record_clickhouse.py",
        "seed": SEED,
        "engine": f"ClickHouse {version} (chdb {chdb_version})",
        "clickhouse": res,
    }
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(dumps(doc) + "\n")
    print(f"wrote {OUT}: {len(values)} inputs x {len(FUNCTIONS)} functions")


if __name__ == "__main__":
    main()

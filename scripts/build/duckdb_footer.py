#!/usr/bin/env python3
"""Appends DuckDB's extension metadata footer to a shared library.

    duckdb_footer.py LIBRARY OUT --version 0.1.0 --c-api v1.5.6 --platform linux_amd64

DuckDB reads the last 512 bytes of a file it is asked to LOAD: eight NUL-padded 32-byte
fields, then a 256-byte signature (all zeros: unsigned). The fields, in file order: three
unused, the ABI type, the extension version, the C API version, the platform, and the magic
value "4". ABI `C_STRUCT` says the extension uses only the stable C API function table, from
the version named on (DuckDB accepts it when its own API is that version or newer), rather
than one exact DuckDB build. See crates/pctenc-duckdb/src/api.rs.
"""

import argparse
import os

FIELD = 32


def field(text):
    raw = text.encode("ascii")
    if len(raw) > FIELD:
        raise SystemExit(f"footer field {text!r} is longer than {FIELD} bytes")
    return raw + b"\0" * (FIELD - len(raw))


def footer(version, c_api, platform):
    fields = ["", "", "", "C_STRUCT", version, c_api, platform, "4"]
    meta = b"".join(field(f) for f in fields)
    return meta + b"\0" * 256


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("library")
    ap.add_argument("out")
    ap.add_argument("--version", required=True)
    ap.add_argument("--c-api", required=True)
    ap.add_argument("--platform", required=True)
    a = ap.parse_args()
    with open(a.library, "rb") as f:
        lib = f.read()
    tmp = a.out + ".tmp"
    with open(tmp, "wb") as f:
        f.write(lib + footer(a.version, a.c_api, a.platform))
    os.replace(tmp, a.out)


if __name__ == "__main__":
    main()

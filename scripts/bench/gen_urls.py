#!/usr/bin/env python3
"""Generates the URL column the Python benchmarks decode: N rows (default 10 million) of
URL-shaped text, deterministic for a seed, written as an Arrow IPC file.

Each row is ``https://HOST/SEG/SEG?KEY=VALUE&KEY=VALUE`` with parts drawn from small pools:
about nine rows in ten carry escapes (spaces, ``%2F``, UTF-8 text such as ``%E2%82%AC``,
``+`` in queries), and rows run from 33 to about 200 bytes (mean 76 with the default seed),
as request logs do. Built with pyarrow's vectorised take and join, so 10M rows take seconds.

    python3 scripts/bench/gen_urls.py [--rows N] [--seed S] OUT.arrow
"""

from __future__ import annotations

import argparse
import random

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.feather as feather

HOSTS = ["example.com", "www.example.org", "api.shop.example", "cdn.example.net",
         "xn--bcher-kva.example", "search.example.io", "localhost:8080", "static.example"]
SEGMENTS = ["index.html", "a%20b", "caf%C3%A9", "%E2%82%AC", "docs", "v1", "v2", "users",
            "12345", "search", "img%2Fthumb", "%E6%97%A5%E6%9C%AC", "na%C3%AFve%20file.txt",
            "products", "2024", "report%202024.pdf", "%7Euser", "api", "item", "~list",
            "%D0%BF%D1%80%D0%B8%D0%B2%D0%B5%D1%82", "download", "a+b", "x%25y"]
KEYS = ["q", "id", "lang", "utm_source", "page", "sort", "filter", "ref", "name", "redirect"]
VALUES = ["hello+world", "42", "en-US", "newsletter", "1", "price%3Adesc", "a%26b%3Dc",
          "%E2%9C%93", "John%20Smith", "https%3A%2F%2Fexample.com%2Fnext%3Fa%3D1", "",
          "true", "r%C3%A9sum%C3%A9", "100%25", "x", "2024-01-01T00%3A00%3A00Z"]


def generate(rows: int, seed: int) -> pa.Array:
    rng = random.Random(seed)

    def pick(pool: list[str]) -> pa.Array:
        idx = pa.array(rng.choices(range(len(pool)), k=rows), pa.int32())
        return pa.array(pool).take(idx)

    lit = pa.scalar
    parts = [
        lit("https://"), pick(HOSTS), lit("/"), pick(SEGMENTS), lit("/"), pick(SEGMENTS),
        lit("?"), pick(KEYS), lit("="), pick(VALUES), lit("&"), pick(KEYS), lit("="),
        pick(VALUES),
    ]
    return pc.binary_join_element_wise(*parts, "")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("--rows", type=int, default=10_000_000)
    ap.add_argument("--seed", type=int, default=14)
    args = ap.parse_args()
    col = generate(args.rows, args.seed)
    feather.write_feather(pa.table({"url": col}), args.out, compression="uncompressed")
    nbytes = col.buffers()[2].size
    print(f"{args.out}: {len(col)} rows, {nbytes} bytes of values, "
          f"mean {nbytes / len(col):.1f} bytes/row")


if __name__ == "__main__":
    main()

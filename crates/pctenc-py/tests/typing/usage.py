"""What a typed program sees of pctenc: checked by `mypy --strict` (tests/test_typing.py),
never run. Each `assert_type` is a claim about the stubs; a stub that says less fails."""

from typing import assert_type

import polars as pl

import pctenc
import pctenc.arrow
import pctenc.form
import pctenc.urllib
from pctenc.polars import PctExpr, PctSeries

assert_type(pctenc.encode("a b"), str)
assert_type(pctenc.encode(b"a b", "form", lower=True), str)
assert_type(pctenc.decode("a%20b"), str)
assert_type(pctenc.decode("a%20b", utf8="bytes"), bytes)
assert_type(pctenc.decode("a%20b", "form", utf8="lossy"), str)
assert_type(pctenc.normalize("/%7e"), str)
assert_type(pctenc.normalize(b"/%7e", "path"), bytes)
assert_type(pctenc.__version__, str)
assert_type(pctenc.KERNEL, str)

for finding in pctenc.check("/a/%2e%2e", "path", max_len=100):
    assert_type(finding["offset"], int)
    assert_type(finding["code"], str)
for p in pctenc.profiles():
    assert_type(p["aliases"], list[str])

try:
    pctenc.decode("%zz")
except pctenc.PctencError as e:
    assert_type(e.offset, int | None)
    assert_type(e.row, int | None)

assert_type(pctenc.form.parse("a=b"), list[tuple[str, str]])
assert_type(pctenc.form.serialize({"a": "b"}), str)
assert_type(pctenc.query.parse("/p?a=b"), list[tuple[str, str]])
assert_type(pctenc.query.build({"a": "b"}, "py-quote-plus"), str)
assert_type(pctenc.form.serialize([("a", 1)], True, charset="gbk"), str)

assert_type(pctenc.urllib.quote("a b"), str)
assert_type(pctenc.urllib.parse_qs("a=1"), dict[str, list[str]])
assert_type(pctenc.urllib.install(), None)

expr = PctExpr(pl.col("u"))
assert_type(expr.decode("form", on_error="null", utf8="bytes"), pl.Expr)
assert_type(expr.try_decode(charset="gbk"), pl.Expr)
assert_type(expr.encode("rfc3986", lower=True), pl.Expr)
assert_type(PctSeries(pl.Series(["a"])).decode(), pl.Series)

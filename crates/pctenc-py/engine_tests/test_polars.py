"""pctenc.polars: the `pct` namespace in eager, lazy and streaming queries. Polars has no
percent-coding of its own, so the oracle is pctenc's scalar API row by row, and
urllib.parse for the profiles that reproduce it."""

import urllib.parse

import polars as pl
import pytest

import pctenc
import pctenc.polars  # noqa: F401 - registers the namespace


def scalar(fn, s, profile, **kw):
    if s is None:
        return None
    try:
        return fn(s, profile, **kw)
    except pctenc.PctencError:
        return None


@pytest.fixture(scope="module")
def frame(values):
    return pl.DataFrame({"u": values + [None, ""]})


@pytest.mark.parametrize(
    "profile", ["rfc3986", "form", "spark", "duckdb", "py-quote", "js-component"]
)
def test_eager_expr_and_series_match_the_scalar_api(frame, profile):
    us = frame["u"].to_list()
    enc = frame.select(pl.col("u").pct.encode(profile=profile))["u"].to_list()
    assert enc == [None if s is None else pctenc.encode(s, profile) for s in us]
    dec = frame["u"].pct.try_decode(profile=profile).to_list()
    assert dec == [scalar(pctenc.decode, s, profile) for s in us]


def test_py_quote_is_urllib(frame):
    us = [s for s in frame["u"].to_list() if s is not None]
    got = pl.Series(us).pct.decode(profile="py-quote-plus").to_list()
    assert got == [urllib.parse.unquote_plus(s) for s in us]
    got = pl.Series(us).pct.encode(profile="py-quote").to_list()
    assert got == [urllib.parse.quote(s) for s in us]


def test_lazy_and_streaming_equal_eager_over_many_chunks(values):
    # Many small chunks, so the streaming engine calls the map once per morsel.
    df = pl.concat(
        [pl.DataFrame({"u": values[i : i + 97]}) for i in range(0, len(values), 97)], rechunk=False
    )
    assert df["u"].n_chunks() > 10
    q = df.lazy().select(
        pl.col("u").pct.try_decode(profile="form").alias("d"),
        pl.col("u").pct.encode(profile="rfc3986").alias("e"),
    )
    eager = df.select(
        pl.col("u").pct.try_decode(profile="form").alias("d"),
        pl.col("u").pct.encode(profile="rfc3986").alias("e"),
    )
    assert q.collect().equals(eager)
    assert q.collect(engine="streaming").equals(eager)
    assert eager.height == len(values)


def test_raise_names_row_offset_and_snippet():
    with pytest.raises(pctenc.PctencError) as e:
        pl.DataFrame({"u": ["ok", "bad%zz"]}).select(pl.col("u").pct.decode(profile="rfc3986"))
    msg = str(e.value)
    assert "row 1" in msg and "byte 3" in msg and "%zz" in msg, msg
    assert (e.value.row, e.value.offset, e.value.code) == (1, 3, "invalid-escape")


@pytest.fixture(scope="module")
def long_frame():
    """500,000 rows, one bad at frame row 400,123: Polars splits a column this long into
    batches (about 83,000 rows each here) for an elementwise map."""
    vals = ["ok%20"] * 500_000
    vals[400_123] = "x%C3y"
    return pl.DataFrame({"u": vals})


@pytest.mark.parametrize("how", ["eager", "lazy", "streaming", "series"])
def test_errors_keep_their_attributes_and_name_the_frame_row(long_frame, how):
    expr = pl.col("u").pct.decode(profile="rfc3986")
    with pytest.raises(pctenc.PctencError) as info:
        if how == "eager":
            long_frame.select(expr)
        elif how == "lazy":
            long_frame.lazy().select(expr).collect()
        elif how == "streaming":
            long_frame.lazy().select(expr).collect(engine="streaming")
        else:
            long_frame["u"].pct.decode(profile="rfc3986")
    e = info.value
    assert (e.row, e.offset, e.code, e.profile) == (400_123, 1, "invalid-utf8", "rfc3986"), str(e)
    assert "row 400123, byte 1: invalid-utf8 at \"%C3y\"" in str(e)


def test_policies_that_cannot_raise_stay_elementwise(long_frame):
    """try_decode and the other policies run batch by batch (streamed); only an expression
    that can raise sees the whole column."""
    calls = []
    original = pctenc.polars._series

    def counting(op, s, profile, options):
        calls.append(len(s))
        return original(op, s, profile, options)

    pctenc.polars._series = counting
    try:
        out = long_frame.lazy().select(pl.col("u").pct.try_decode()).collect(engine="streaming")
        assert out["u"].null_count() == 1 and len(calls) > 1, calls
        calls.clear()
        long_frame.lazy().select(pl.col("u").pct.encode()).collect(engine="streaming")
        assert len(calls) > 1, calls  # rfc3986 encoding cannot fail: elementwise
        calls.clear()
        long_frame.lazy().select(pl.col("u").pct.decode(on_error="null")).collect()
        assert len(calls) > 1, calls
    finally:
        pctenc.polars._series = original


def test_try_decode_with_a_profile_that_keeps_malformed_escapes_never_gives_null(frame):
    """As the docs say: form keeps a stray '%' and replaces bad UTF-8, so no row fails."""
    out = frame.select(pl.col("u").pct.try_decode(profile="form"))["u"]
    assert out.null_count() == frame["u"].null_count() == 1
    assert frame.select(pl.col("u").pct.try_decode(profile="rfc3986"))["u"].null_count() > 100


def test_categorical_enum_and_null_columns():
    rows = ["a%20b", None, "a%20b", "%C3%A9"]
    for dtype in (pl.Categorical, pl.Enum(["a%20b", "%C3%A9"])):
        df = pl.DataFrame({"u": pl.Series(rows, dtype=dtype)})
        out = df.select(pl.col("u").pct.decode())["u"]
        assert out.dtype == pl.String and out.to_list() == ["a b", None, "a b", "é"]
        assert df["u"].pct.encode("form").to_list() == ["a%2520b", None, "a%2520b", "%25C3%25A9"]
        with pytest.raises(pctenc.PctencError) as info:
            pl.DataFrame({"u": pl.Series(["ok", "%zz"], dtype=dtype if dtype is pl.Categorical
                                         else pl.Enum(["ok", "%zz"]))}).select(
                pl.col("u").pct.decode())
        assert info.value.row == 1
    nulls = pl.DataFrame({"u": [None, None]})
    assert nulls.schema["u"] == pl.Null
    assert nulls.select(pl.col("u").pct.decode())["u"].to_list() == [None, None]
    assert nulls.lazy().select(pl.col("u").pct.encode()).collect()["u"].dtype == pl.String


def test_options_are_checked_when_the_expression_is_built():
    with pytest.raises(ValueError, match="unknown on_error 'skip'"):
        pl.col("u").pct.decode(on_error="skip")
    with pytest.raises(ValueError, match="unknown charset"):
        pl.col("u").pct.decode(charset="klingon")
    with pytest.raises(TypeError, match="utf8"):
        pl.col("u").pct.decode(utf8=1)
    with pytest.raises(TypeError, match="lower"):
        pl.Series(["a"]).pct.encode(lower=1)
    with pytest.raises(ValueError, match=r"unknown option 'lenient' \(decode takes profile"):
        pl.col("u").pct.decode(lenient=True)


def test_on_error_policies():
    s = pl.Series("u", ["a%zz", "ok%20", None])
    assert s.pct.decode("rfc3986", on_error="null").to_list() == [None, "ok ", None]
    assert s.pct.decode("rfc3986", on_error="keep").to_list() == ["a%zz", "ok ", None]
    assert s.pct.try_decode("rfc3986").to_list() == [None, "ok ", None]
    assert pl.Series(["%FF", "%C3%A9"]).pct.try_decode("js-component").to_list() == [None, "é"]


def test_bytes_out_is_binary():
    s = pl.Series("u", ["%FF%00a"])
    out = s.pct.decode("rfc3986", utf8="bytes")
    assert out.dtype == pl.Binary and out.to_list() == [b"\xff\x00a"]
    expr = pl.DataFrame({"u": ["%FF"]}).select(pl.col("u").pct.decode("rfc3986", utf8="bytes"))
    assert expr["u"].to_list() == [b"\xff"]


def test_binary_input():
    s = pl.Series("b", [b"\xff a", None], dtype=pl.Binary)
    assert s.pct.encode("rfc3986").to_list() == ["%FF%20a", None]


def test_nulls_empty_strings_and_empty_frames():
    df = pl.DataFrame({"u": [None, "", None]}, schema={"u": pl.String})
    assert df.select(pl.col("u").pct.decode())["u"].to_list() == [None, "", None]
    empty = pl.DataFrame({"u": []}, schema={"u": pl.String})
    out = empty.lazy().select(pl.col("u").pct.encode()).collect(engine="streaming")
    assert out.height == 0 and out.schema["u"] == pl.String


def test_wrong_dtype_is_a_type_error_naming_it_and_the_cast():
    with pytest.raises(TypeError, match=r"column 'i' is Int64.*pl.col\('i'\).cast\(pl.String\)"):
        pl.DataFrame({"i": [1, 2]}).select(pl.col("i").pct.encode())
    with pytest.raises(TypeError, match=r"is List\(String\)"):
        pl.Series("l", [["a"]]).pct.decode()


def test_unknown_profile_fails_when_the_expression_is_built():
    with pytest.raises(ValueError, match="unknown profile"):
        pl.col("u").pct.decode(profile="sprak")


def test_one_million_rows():
    from conftest import url_column

    n = 1_000_000
    lf = pl.LazyFrame({"u": url_column(n)})
    out = lf.select(pl.col("u").pct.decode(profile="form").alias("d")).collect(engine="streaming")
    assert out.height == n
    d = out["d"]
    assert d.null_count() == 0
    assert d[0] == "https://example.com/p 0/q?x=0&y=a bé/0"
    assert d[n - 1] == urllib.parse.unquote_plus(url_column(n)[n - 1])


def test_legacy_charset_row_by_row():
    # GBK: 你好 is C4 E3 BA C3. (pctenc.arrow takes no charset yet: the adapters go row by
    # row through the scalar API, the slow path, for these.)
    s = pl.Series("u", ["%C4%E3%BA%C3", None, "%zz"])
    assert s.pct.decode("rfc3986", charset="gbk", on_error="null").to_list() == ["你好", None, None]
    out = pl.DataFrame({"u": ["你好"]}).select(pl.col("u").pct.encode("rfc3986", charset="gbk"))
    assert out["u"].to_list() == ["%C4%E3%BA%C3"]
    with pytest.raises(pctenc.PctencError, match="row 2"):
        s.pct.decode("rfc3986", charset="gbk")

"""pctenc.arrow over real pyarrow and Polars columns: every input type, nulls, slices,
chunks, the per-row error policies, wrong types, and a result past 2 GiB."""

import threading
import time
import urllib.parse

import polars as pl
import pyarrow as pa
import pytest

import pctenc
import pctenc.arrow as A

ROWS = ["a%20b", None, "%E2%82%AC", "", "x%zz", "plain", "%FF", "%2Fetc%2Fpasswd"]


def per_row(rows, profile="rfc3986"):
    out = []
    for r in rows:
        if r is None:
            out.append(None)
            continue
        try:
            out.append(pctenc.decode(r, profile))
        except pctenc.PctencError:
            out.append("<error>")
    return out


@pytest.mark.parametrize("type_", [pa.string(), pa.large_string(), pa.string_view(),
                                   pa.binary(), pa.large_binary(), pa.binary_view()], ids=str)
def test_every_input_type(type_):
    arr = pa.array([r.encode() if r is not None and pa.types.is_binary(type_) else r
                    for r in ROWS], type=pa.string()).cast(type_)
    out = A.decode(arr, on_error="null")
    assert isinstance(out, pa.Array) and len(out) == len(ROWS)
    want = [None if w == "<error>" else w for w in per_row(ROWS)]
    assert out.to_pylist() == want
    large = type_ in (pa.large_string(), pa.large_binary())
    view = type_ in (pa.string_view(), pa.binary_view())
    assert out.type == (pa.large_string() if large else pa.string_view() if view else pa.string())
    enc = A.encode(arr)
    assert enc.to_pylist() == [None if r is None else pctenc.encode(r) for r in ROWS]


def test_bytes_out():
    out = A.decode(pa.array(["%FF%00", None, "a"]), utf8="bytes")
    assert out.type == pa.binary() and out.to_pylist() == [b"\xff\x00", None, b"a"]


def test_slices_respect_offsets_and_validity():
    arr = pa.array(ROWS * 3)
    for start, length in [(1, 5), (3, 9), (7, 1), (0, 0), (13, 11)]:
        s = arr.slice(start, length)
        got = A.decode(s, on_error="null").to_pylist()
        want = [None if w == "<error>" else w for w in per_row(s.to_pylist())]
        assert got == want, (start, length)


def test_chunked_arrays_and_polars():
    ch = pa.chunked_array([ROWS[:3], ROWS[3:], []], type=pa.string())
    out = A.decode(ch, on_error="keep")
    assert isinstance(out, pa.ChunkedArray) and len(out) == len(ROWS)
    want = [r if w == "<error>" else w for r, w in zip(ROWS, per_row(ROWS))]
    assert out.to_pylist() == want
    s = pl.Series("urls", ROWS)
    out = A.decode(s, on_error="null")
    assert pl.Series(out).to_list() == [None if w == "<error>" else w for w in per_row(ROWS)]
    assert pl.Series(A.encode(s, "form")).to_list() == [
        None if r is None else pctenc.encode(r, "form") for r in ROWS
    ]


def test_on_error_policies():
    arr = pa.array(["ok%41", "x%zz", None, "%C3", "%C3%A9"])
    with pytest.raises(pctenc.PctencError) as info:
        A.decode(arr)
    e = info.value
    assert (e.row, e.offset, e.code, e.profile) == (1, 1, "invalid-escape", "rfc3986")
    assert str(e).startswith('profile rfc3986, row 1, byte 1: invalid-escape at "%zz"')
    assert A.decode(arr, on_error="null").to_pylist() == ["okA", None, None, None, "é"]
    assert A.decode(arr, on_error="keep").to_pylist() == ["okA", "x%zz", None, "%C3", "é"]
    assert A.decode(arr, on_error="replace").to_pylist() == ["okA", "x%zz", None, "\ufffd", "é"]
    # Rows in later chunks are numbered in the whole column.
    ch = pa.chunked_array([["a", "b"], ["c", "%zz"]])
    with pytest.raises(pctenc.PctencError) as info:
        A.decode(ch)
    assert info.value.row == 3


def test_profiles_and_overrides_match_the_scalar_api():
    rows = ["a+b%2B", "100%", "%u20AC", "%FF"]
    for profile in ["form", "url-component", "js-escape", "py-quote-plus", "dotnet-httputility"]:
        got = A.decode(pa.array(rows), profile, on_error="null").to_pylist()
        want = []
        for r in rows:
            try:
                want.append(pctenc.decode(r, profile))
            except pctenc.PctencError:
                want.append(None)
        assert got == want, profile
    assert A.decode(pa.array(["100%"]), "rfc3986", malformed="lenient").to_pylist() == ["100%"]
    assert A.decode(pa.array(["%FF"]), "rfc3986", utf8="lossy").to_pylist() == ["\ufffd"]
    assert A.encode(pa.array(["é"]), lower=True).to_pylist() == ["%c3%a9"]


def test_lists_are_taken_with_pyarrow():
    assert A.encode(["a b", None]).to_pylist() == ["a%20b", None]


def test_wrong_input_types():
    with pytest.raises(TypeError, match=r"not int64: cast the column to string first"):
        A.decode(pa.array([1, 2]))
    with pytest.raises(TypeError, match=r"not list\(utf8\): cast"):
        A.encode(pa.array([["a"]]))
    with pytest.raises(TypeError, match=r"not int64"):
        A.encode(pa.chunked_array([], pa.int64()))  # no chunk to run: still refused
    with pytest.raises(TypeError, match=r"not dictionary\(int32, int64\)"):
        A.encode(pa.array([1, 1]).dictionary_encode())
    with pytest.raises(TypeError, match="not dict"):
        A.decode({"a": 1})
    with pytest.raises(ValueError, match="unknown profile 'rfc396'; did you mean rfc3986"):
        A.decode(pa.array(["a"]), "rfc396")
    with pytest.raises(ValueError, match=r"unknown on_error 'skip' \(on_error takes raise\|null\|keep\|replace\)"):
        A.decode(pa.array(["a"]), on_error="skip")


def test_empty_and_all_null():
    assert A.decode(pa.array([], pa.string())).to_pylist() == []
    assert A.encode(pa.array([None, None], pa.string())).to_pylist() == [None, None]


@pytest.mark.parametrize("type_", [pa.string(), pa.large_string(), pa.string_view(),
                                   pa.binary(), pa.large_binary(), pa.binary_view(),
                                   pa.dictionary(pa.int32(), pa.string()), pa.null()], ids=str)
def test_empty_columns_of_every_type(type_):
    for values in (pa.array([], type_), pa.chunked_array([], type_),
                   pa.chunked_array([pa.array([], type_)])):
        for out in (A.decode(values), A.encode(values), A.decode(values, utf8="bytes")):
            assert len(out) == 0, (type_, type(values))


def test_null_typed_columns_are_nulls_of_the_output_type():
    # pa.nulls() and Polars' Null dtype: an all-null column whose type nobody gave.
    out = A.decode(pa.nulls(3))
    assert out.type == pa.string() and out.to_pylist() == [None] * 3
    assert A.decode(pa.nulls(2), utf8="bytes").type == pa.binary()
    assert A.encode(pa.chunked_array([pa.nulls(2), pa.nulls(1)])).to_pylist() == [None] * 3
    s = pl.Series("n", [None, None])
    assert s.dtype == pl.Null
    assert pl.Series(A.decode(s)).to_list() == [None, None]
    assert pl.Series(A.encode(pl.Series("e", [], dtype=pl.Null))).to_list() == []


DICT_ROWS = ["a%20b", "x%zz", None, "a%20b", "%C3%A9", "a%20b", "%C3%A9", None]


@pytest.mark.parametrize("index_type", [pa.int8(), pa.int32(), pa.uint32(), pa.int64()], ids=str)
@pytest.mark.parametrize("value_type", [pa.string(), pa.large_string(), pa.string_view(),
                                        pa.binary()], ids=str)
def test_dictionary_columns_are_coded_once_per_distinct_value(index_type, value_type):
    plain = pa.array(DICT_ROWS)
    col = plain.dictionary_encode().cast(pa.dictionary(index_type, value_type))
    out = A.decode(col, on_error="keep")
    # Back dictionary-encoded, with the same keys: each distinct value was coded once.
    assert pa.types.is_dictionary(out.type), out.type
    assert out.indices.equals(col.indices)
    assert len(out.dictionary) == len(col.dictionary) == 3
    assert out.to_pylist() == A.decode(plain, on_error="keep").to_pylist()
    assert A.encode(col).to_pylist() == A.encode(plain).to_pylist()
    # null: the row that used the bad value is null, in the keys too.
    got = A.decode(col, on_error="null")
    assert got.to_pylist() == [None if r is None or "%zz" in r else pctenc.decode(r) for r in DICT_ROWS]
    assert got.null_count == 3


def test_dictionary_errors_name_the_row_not_the_dictionary_entry():
    col = pa.DictionaryArray.from_arrays(pa.array([0, 0, 2, 1, 2], pa.int32()),
                                         pa.array(["ok", "x%zz", "%C3"]))
    with pytest.raises(pctenc.PctencError) as info:
        A.decode(col)
    e = info.value
    assert (e.row, e.offset, e.code) == (2, 0, "invalid-utf8"), str(e)
    assert str(e).startswith('profile rfc3986, row 2, byte 0: invalid-utf8 at "%C3"')
    # Rows are counted in the whole column, across chunks and slices.
    with pytest.raises(pctenc.PctencError) as info:
        A.decode(pa.chunked_array([col.slice(0, 2), col.slice(3, 2)]))
    assert info.value.row == 2 and info.value.code == "invalid-escape"
    # A bad dictionary entry no row uses is no error.
    unused = pa.DictionaryArray.from_arrays(pa.array([0, 0], pa.int32()), pa.array(["ok", "%zz"]))
    assert A.decode(unused).to_pylist() == ["ok", "ok"]


def test_polars_categorical_and_enum():
    rows = ["a%20b", None, "a%20b", "%C3%A9"]
    for s in (pl.Series("c", rows, dtype=pl.Categorical),
              pl.Series("e", rows, dtype=pl.Enum(["a%20b", "%C3%A9"]))):
        assert pl.Series(A.decode(s)).cast(pl.String).to_list() == ["a b", None, "a b", "é"]
        with pytest.raises(pctenc.PctencError) as info:
            A.decode(pl.Series("c", ["ok", "ok", "%zz"], dtype=pl.Categorical))
        assert info.value.row == 2


def test_gil_is_released_while_the_kernels_run():
    # A Python thread keeps counting while a large column decodes on the main thread.
    arr = pa.array(["%41" * 4000] * 2000)  # 24 MB of escapes
    ticks = []
    stop = threading.Event()

    def count():
        while not stop.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0)

    t = threading.Thread(target=count)
    t.start()
    time.sleep(0.01)
    start = time.perf_counter()
    for _ in range(5):
        A.decode(arr)
    end = time.perf_counter()
    stop.set()
    t.join()
    during = [x for x in ticks if start < x < end]
    # With the GIL held for the whole call the thread could not run in between at all.
    assert len(during) > 50, (len(during), end - start)


def test_result_past_2_gib_switches_to_large_string():
    # One row of 716 MB of spaces encodes to 2 GiB + 1 byte: past 32-bit offsets.
    n = (2**31) // 3 + 1
    arr = pa.array([" " * n], pa.string())
    out = A.encode(arr)
    assert out.type == pa.large_string()
    assert len(out) == 1 and out[0].as_buffer().size == 3 * n
    del out


def test_agrees_with_urllib_on_a_url_column():
    urls = [f"https://example.com/p%20{i}/%E2%82%AC?q=a%2Bb&r={i}%25" for i in range(1000)]
    got = A.decode(pa.array(urls), "py-quote").to_pylist()
    assert got == [urllib.parse.unquote(u) for u in urls]
# Values that hit each way a row can differ: bytes that are not UTF-8 (alone, and beside
# escapes), encoded surrogates, malformed escapes, '+', and text that needs nothing.
AGREE = [b"\xff a", b"a\xed\xa0\x80b", "é".encode(), b"plain", b"%zz", b"%", b"%C3",
         b"%ED%A0%80", b"a+b%2B", b"\xc3%A9", "ü/?#".encode(), b"%u20AC", b"", b"\x00\x1b"]


@pytest.mark.parametrize("profile", [p["name"] for p in pctenc.profiles()])
def test_scalar_and_column_calls_agree(profile):
    """pctenc.encode / decode on one value, and pctenc.arrow on a column of it: the same
    text, or the same error (code, offset); the column's row is the value's."""
    def scalar(fn, v):
        try:
            return fn(v, profile)
        except pctenc.PctencError as e:
            return (e.code, e.offset)

    if profile == "rfc8187":
        # One value is a whole RFC 8187 ext-value; a column refuses it rather than answer
        # otherwise (conformance/cannot-express/python-arrow.txt).
        with pytest.raises(ValueError, match="ext-values"):
            A.encode(pa.array(["a"]), profile)
        return
    for op, fn, col_fn in (("encode", pctenc.encode, A.encode),
                           ("decode", pctenc.decode, A.decode)):
        for v in AGREE:
            want = scalar(fn, v)
            col = pa.array([b"ok", v], pa.binary())
            try:
                got = col_fn(col, profile).to_pylist()[1]
            except pctenc.PctencError as e:
                assert e.row == 1, (op, v)
                got = (e.code, e.offset)
            assert got == want, (op, v)

"""What the engine adapters (`pctenc.spark`, `pctenc.duckdb`, `pctenc.polars`) share.

Every adapter hands whole Arrow batches to `pctenc.arrow` (one call per batch, the GIL
released while the kernels run) and adds only what its engine needs:

- `check`: every argument checked before a query runs, by the code that will run it.
- `run`: one batch, one profile; an error names the adapter function, the profile and the
  size of the batch, so a failed Spark job or DuckDB query says which call and which dialect
  rejected which value. Its row is the value's index in the batch the engine passed: neither
  DuckDB nor Spark tells a function where its batch starts, so the snippet of the value and
  the byte offset are what finds it (docs/engines.md).
- `convert`: the call itself; a legacy `charset` (GBK, Shift_JIS...) goes row by row through
  the scalar API, because `pctenc.arrow` does not take one yet (slow, but exact).
- `run_per_profile`: SQL passes the profile as a column (`pct_decode(s, 'form')`), constant in
  practice; rows are grouped by profile so that a column of several profiles still costs one
  call per profile, and a NULL profile gives a NULL row, as SQL functions do.
"""

from __future__ import annotations

from typing import Any

from . import arrow as _arrow
from ._error import PctencError


def _fn(op: str):
    if op == "encode":
        return _arrow.encode
    if op == "decode":
        return _arrow.decode
    raise ValueError(f"unknown operation {op!r}")


def convert(op: str, values: Any, profile: str, **options: Any):
    """`pctenc.arrow.<op>(values, profile=profile, **options)`, or the row-by-row path for a
    legacy `charset` (see `_rows_with_charset`)."""
    if options.get("charset") is not None:
        return _rows_with_charset(op, values, profile, **options)
    options.pop("charset", None)
    return _fn(op)(values, profile=profile, **options)


def split_options(text: str, op: str = "decode") -> tuple[str | None, dict[str, str]]:
    """SQL's second argument: a profile name (`'form'`), or options in the library's compact
    text form (`'profile=form, utf8=lossy'`), split and checked by the library (a key given
    twice, a misspelling: its error), each key as the library names it and each value left
    as text for the library to read. Returns the profile and the other options."""
    if "=" not in text:
        return text, {}
    from . import _pctenc

    options = dict(_pctenc.check_options(op, text))
    return options.pop("profile", None), options


def check(op: str, empty: Any, profile: str, **options: Any) -> None:
    """Checks `profile` and every option of `op` before a query runs (an unknown profile, a
    misspelt policy, a wrong type), on `empty`, an empty column of the engine's own kind,
    by the same code that will run: the errors are `pctenc.arrow`'s."""
    if options.get("charset") is not None:
        # Such a column runs row by row through the scalar API: check with it.
        from . import decode, encode

        (encode if op == "encode" else decode)("", profile, **options)
        return
    options.pop("charset", None)
    _fn(op)(empty, profile=profile, **options)


def run(where: str, op: str, values: Any, profile: str, **options: Any):
    """`pctenc.arrow.<op>(values, profile=profile, **options)`, `profile` a name or options
    text (`split_options`). A `PctencError` becomes one
    whose message starts with `where`, the profile asked for and the batch's size; another
    `ValueError` (an unknown profile) one that starts with `where`; the original is chained
    as the cause. Engines turn a worker's exception into text, so the text says everything."""
    profile, given = split_options(profile, op)
    options = {**options, **given}
    try:
        return convert(op, values, profile, **options)
    except PctencError as e:
        raise in_batch(where, profile, len(values), e) from e
    except ValueError as e:
        said = f"{e}"
        context = where if f"profile {profile}" in said else f"{where}(profile={profile!r})"
        raise ValueError(f"{context}: {said}") from e


def in_batch(where: str, profile: str, n: int, e: PctencError, row: int | None = None):
    """`e` said again from an engine's function: `where`, the profile asked for (when it is
    an alias of the one named), the batch's size, and `row` in place of `e.row` (a row
    counted in a part of the batch, put back in the batch's count)."""
    asked = "" if profile in (None, e.profile) else f"(profile={profile!r})"
    rows = "row" if n == 1 else "rows"
    return e.relocated(f"{where}{asked}, in a batch of {n} {rows}: ", e.row if row is None else row)


def _binary(op: str, options: dict) -> bool:
    """Whether the library's result is bytes (decoding with `utf8="bytes"`)."""
    from . import _pctenc

    return bool(_pctenc.effective(op, **options)["binary"])


def _rows_with_charset(op: str, values: Any, profile: str, **options: Any):
    """Legacy charsets (`charset="gbk"`), row by row through the scalar API (which runs the
    library's options model, `on_error` included): `pctenc.arrow` takes no `charset` yet, so
    this is the slow path (a Python call per row), kept until it does."""
    import pyarrow as pa

    from . import decode, encode

    fn = encode if op == "encode" else decode
    out = []
    for i, row in enumerate(_as_array(values).to_pylist()):
        if row is None:
            out.append(None)
            continue
        try:
            out.append(fn(row, profile, **options))
        except PctencError as e:
            raise e.relocated("", i) from e
    return pa.array(out, pa.binary() if _binary(op, options) else pa.string())


def run_per_profile(
    where: str, op: str, values: Any, profiles: Any, prepare: Any = None, **options: Any
):
    """`run` with the profile given per row (a pyarrow array, as SQL passes arguments).

    `prepare(values, profile)`, when given, is applied to each profile's rows first (Spark
    reads its strings as Java Strings for its own dialect)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    values = _combine(values)
    profiles = _combine(profiles)
    names = pc.unique(profiles.drop_null()).to_pylist()
    prepare = prepare or (lambda v, _name: v)
    if len(names) == 1 and profiles.null_count == 0:
        return run(where, op, prepare(values, names[0]), names[0], **options)
    pieces, order = [], []
    for name in names:
        idx = pc.indices_nonzero(pc.equal(profiles, name))
        rows = prepare(values.take(idx), name)
        profile, given = split_options(name, op)
        try:
            pieces.append(_as_array(convert(op, rows, profile, **{**options, **given})))
        except PctencError as e:
            # Its row is in this profile's rows: say it in the batch's count.
            row = None if e.row is None else idx[e.row].as_py()
            raise in_batch(where, name, len(values), e, row) from e
        except ValueError as e:
            raise ValueError(f"{where}(profile={name!r}): {e}") from e
        order.append(idx)
    nulls = pc.indices_nonzero(pc.is_null(profiles))
    # Options per row may mix text and utf8=bytes: bytes that are not UTF-8 cannot be cast
    # to text, so such a batch is binary (each engine says how it returns it).
    binary = [p.type for p in pieces if pa.types.is_binary(p.type) or pa.types.is_large_binary(p.type)]
    out_type = (
        (binary or [pieces[0].type])[0]
        if pieces
        else (pa.binary() if _binary(op, options) else pa.string())
    )
    pieces = [p.cast(out_type) for p in pieces]
    pieces.append(pa.nulls(len(nulls), out_type))
    order.append(nulls)
    # Rows were taken grouped by profile; put each back where it came from.
    where_from = pa.concat_arrays([o.cast(pa.int64()) for o in order])
    return pa.concat_arrays(pieces).take(pc.sort_indices(where_from))


def _combine(a: Any):
    import pyarrow as pa

    if isinstance(a, pa.ChunkedArray):
        return a.combine_chunks()
    return a


def _as_array(a: Any):
    """One `pyarrow.Array`, from whatever Arrow object `pctenc.arrow` returned."""
    import pyarrow as pa

    if isinstance(a, pa.ChunkedArray):
        return a.combine_chunks()
    if isinstance(a, pa.Array):
        return a
    if hasattr(a, "__arrow_c_array__"):
        return pa.array(a)
    return pa.chunked_array(a).combine_chunks()

"""What the engine adapters (`pctenc.spark`, `pctenc.duckdb`, `pctenc.polars`) share.

Every adapter hands whole Arrow batches to `pctenc.arrow` (one call per batch, the GIL
released while the kernels run) and adds only what its engine needs:

- `run`: one batch, one profile; an error names the adapter function and the profile, so a
  failed Spark job or DuckDB query says which call and which dialect rejected which value
  (`pctenc.arrow`'s message already has the row, the byte offset and a snippet).
- `convert`: the call itself; a legacy `charset` (GBK, Shift_JIS...) goes row by row through
  the scalar API, because `pctenc.arrow` does not take one yet (slow, but exact).
- `run_per_profile`: SQL passes the profile as a column (`pct_decode(s, 'form')`), constant in
  practice; rows are grouped by profile so that a column of several profiles still costs one
  call per profile, and a NULL profile gives a NULL row, as SQL functions do.
"""

from __future__ import annotations

from typing import Any

from . import arrow as _arrow


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
    return _fn(op)(values, profile=profile, **options)


def run(where: str, op: str, values: Any, profile: str, **options: Any):
    """`pctenc.arrow.<op>(values, profile=profile, **options)`. A `ValueError` (a
    `PctencError`, an unknown profile) becomes a `ValueError` whose message starts with
    `where` and the profile, the original chained as its cause: engines turn a worker's
    exception into text, so the text must say everything."""
    try:
        return convert(op, values, profile, **options)
    except ValueError as e:
        said = f"{e}"
        context = where if f"profile {profile}" in said else f"{where}(profile={profile!r})"
        raise ValueError(f"{context}: {said}") from e


def _rows_with_charset(op: str, values: Any, profile: str, on_error: str = "raise", **options):
    """Legacy charsets (`charset="gbk"`), row by row through the scalar API: `pctenc.arrow`
    takes no `charset` yet, so this is the slow path (a Python call per row), kept until it
    does. `on_error` as in `pctenc.arrow.decode`; "replace" decodes leniently."""
    import pyarrow as pa

    from . import PctencError, decode, encode

    fn = encode if op == "encode" else decode
    rows = _as_array(values).to_pylist()
    out = []
    for i, row in enumerate(rows):
        if row is None:
            out.append(None)
            continue
        try:
            out.append(fn(row, profile, **options))
        except PctencError as e:
            if on_error == "raise":
                raise PctencError(f"row {i}: {e}") from e
            if on_error == "null":
                out.append(None)
            elif on_error == "keep":
                out.append(row)
            else:
                lenient = dict(options, malformed="lenient", utf8="lossy")
                out.append(fn(row, profile, **lenient) if op == "decode" else None)
    binary = op == "decode" and options.get("utf8") == "bytes"
    return pa.array(out, pa.binary() if binary else pa.string())


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
        pieces.append(_as_array(run(where, op, rows, name, **options)))
        order.append(idx)
    nulls = pc.indices_nonzero(pc.is_null(profiles))
    out_type = (
        pieces[0].type
        if pieces
        else (pa.binary() if options.get("utf8") == "bytes" else pa.string())
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

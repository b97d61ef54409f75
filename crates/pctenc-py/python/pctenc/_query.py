"""The query functions of the SQL adapters (`pctenc.duckdb`, `pctenc.spark`): one batch of
rows, with the key, profile and input given per row as SQL passes its arguments.

SQL hands a UDF every argument as a column, constant in practice (`pct_query_param(u, 'q')`).
`run` calls `pctenc.arrow` once when every argument column holds one value, and otherwise
groups the rows by their arguments, one call per group, as `_engine.run_per_profile` does
for the codec functions; a NULL argument makes the row NULL, as SQL functions do. An error
names the SQL function and the profile before `pctenc.arrow`'s row, offset and snippet.

The results have one Arrow type per function (`TYPES`), with 32-bit offsets and nullable
fields, the types the engines declare for them: `list<struct<key, value>>`, `string`,
`list<string>`.
"""

from __future__ import annotations

import functools
from typing import Any

from . import _engine, _pctenc
from . import arrow as _arrow

#: The functions, by the name the adapters give them after their prefix.
FUNCTIONS = ("parse_query", "query_param", "query_param_all", "build_query")


@functools.cache
def _types():
    import pyarrow as pa

    pairs = pa.list_(pa.struct([("key", pa.string()), ("value", pa.string())]))
    return {
        "parse_query": pairs,
        "query_param": pa.string(),
        "query_param_all": pa.list_(pa.string()),
        "build_query": pa.string(),
    }


def out_type(op: str):
    """The Arrow type of `op`'s result."""
    return _types()[op]


def _call(op: str, values: Any, key: Any, profile: str, input: str, on_error: str | None):
    if op == "parse_query":
        return _arrow.parse_query(values, profile, input=input, on_error=on_error)
    if op == "query_param":
        return _arrow.query_param(values, key, profile, input=input, on_error=on_error)
    if op == "query_param_all":
        return _arrow.query_param(values, key, profile, all=True, input=input, on_error=on_error)
    if op == "build_query":
        return _arrow.build_query(values, profile)
    raise ValueError(f"unknown query function {op!r}")


def _one(where: str, op: str, values: Any, key: Any, profile: str, input: str,
         on_error: str | None):
    try:
        out = _call(op, values, key, profile, input, on_error)
    except ValueError as e:
        said = f"{e}"
        context = where if f"profile {profile}" in said else f"{where}(profile={profile!r})"
        raise ValueError(f"{context}: {said}") from e
    return _engine._as_array(out).cast(out_type(op))


def run(
    where: str,
    op: str,
    values: Any,
    *,
    key: Any = None,
    profile: Any = None,
    input: Any = None,
    on_error: str | None = None,
    prepare: Any = None,
):
    """`op` over one batch; `key`, `profile` and `input` are each a `str` (or None: the
    library's default) or a column of one value per row; a `profile` holding `=` is the
    compact options text. `on_error` None leaves it to the options ("raise" unless the text
    says otherwise: the SQL functions without `try_`). `prepare(values, profile)`, when
    given, is applied to each group's rows first (Spark reads its strings as Java Strings
    for its own dialect)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    values = _engine._combine(values)
    prepare = prepare or (lambda v, _profile: v)
    given = {"key": key, "profile": profile, "input": input}
    columns = {
        k: _engine._combine(v) for k, v in given.items() if isinstance(v, (pa.Array, pa.ChunkedArray))
    }
    consts = {k: v for k, v in given.items() if k not in columns}
    # SQL passes a literal as a column of one value: one check per column, natively.
    constant = {k: _pctenc.arrow_constant(c) for k, c in columns.items()}
    if all(v is not None for v in constant.values()):
        args = dict(consts, **constant)
        rows = prepare(values, args["profile"])
        return _one(where, op, rows, args["key"], args["profile"], args["input"], on_error)
    # Rows grouped by their arguments; a NULL argument makes the row NULL.
    valid = None
    for c in columns.values():
        valid = pc.is_valid(c) if valid is None else pc.and_(valid, pc.is_valid(c))
    table = pa.table(
        {k: c.cast(pa.string()) for k, c in columns.items()} | {"_row": pa.array(range(len(values)))}
    ).filter(valid)
    pieces, order = [], []
    for g in table.group_by(list(columns)).aggregate([("_row", "list")]).to_pylist():
        args = dict(consts, **{k: g[k] for k in columns})
        idx = pa.array(g["_row_list"], pa.int64())
        rows = prepare(values.take(idx), args["profile"])
        pieces.append(_one(where, op, rows, args["key"], args["profile"], args["input"], on_error))
        order.append(idx)
    dead = pc.indices_nonzero(pc.invert(valid)).cast(pa.int64())
    pieces.append(pa.nulls(len(dead), out_type(op)))
    order.append(dead)
    # Put each row back where it came from.
    return pa.concat_arrays(pieces).take(pc.sort_indices(pa.concat_arrays(order)))

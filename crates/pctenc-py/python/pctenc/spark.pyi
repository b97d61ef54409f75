from pyspark.sql import Column, DataFrame, SparkSession

from ._words import Input, Malformed, OnError, Utf8

__all__ = [
    "EXTENSION",
    "jar",
    "native",
    "url_encode",
    "url_decode",
    "try_url_decode",
    "register",
    "decode_columns",
    "encode_columns",
    "parse_query",
    "query_param",
    "build_query",
    "register_query",
]

DEFAULT_PROFILE: str
EXTENSION: str

def jar() -> str | None: ...
def native(spark: SparkSession | None = None) -> bool: ...

def url_encode(
    col: Column | str,
    profile: str = ...,
    *,
    lower: bool = ...,
    charset: str | None = ...,
) -> Column: ...
def url_decode(
    col: Column | str,
    profile: str = ...,
    on_error: OnError | None = ...,
    *,
    malformed: Malformed | None = ...,
    utf8: Utf8 | None = ...,
    charset: str | None = ...,
) -> Column: ...
def try_url_decode(
    col: Column | str,
    profile: str = ...,
    *,
    malformed: Malformed | None = ...,
    utf8: Utf8 | None = ...,
    charset: str | None = ...,
) -> Column: ...
def register(spark: SparkSession, prefix: str = ...) -> None: ...
def decode_columns(
    df: DataFrame,
    columns: str | list[str],
    profile: str = ...,
    on_error: OnError | None = ...,
    *,
    malformed: Malformed | None = ...,
    utf8: Utf8 | None = ...,
    charset: str | None = ...,
) -> DataFrame: ...
def encode_columns(
    df: DataFrame,
    columns: str | list[str],
    profile: str = ...,
    *,
    lower: bool = ...,
    charset: str | None = ...,
) -> DataFrame: ...

def parse_query(col: Column | str, profile: str | None = ..., *, input: Input | None = ...,
                on_error: OnError | None = ...) -> Column: ...
def query_param(col: Column | str, key: str, profile: str | None = ..., *, all: bool = ...,
                input: Input | None = ..., on_error: OnError | None = ...) -> Column: ...
def build_query(col: Column | str, profile: str | None = ...) -> Column: ...
def register_query(spark: SparkSession, prefix: str = ...) -> None: ...

from typing import Literal

from pyspark.sql import Column, DataFrame, SparkSession

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
    profile: str = "spark",
    *,
    lower: bool = ...,
    charset: str | None = ...,
) -> Column: ...
def url_decode(
    col: Column | str,
    profile: str = "spark",
    on_error: Literal["raise", "null", "keep", "replace"] = "raise",
    *,
    malformed: Literal["strict", "lenient"] | None = ...,
    utf8: Literal["strict", "lossy", "bytes"] | None = ...,
    charset: str | None = ...,
) -> Column: ...
def try_url_decode(
    col: Column | str,
    profile: str = "spark",
    *,
    malformed: Literal["strict", "lenient"] | None = ...,
    utf8: Literal["strict", "lossy", "bytes"] | None = ...,
    charset: str | None = ...,
) -> Column: ...
def register(spark: SparkSession, prefix: str = "pct_") -> None: ...
def decode_columns(
    df: DataFrame,
    columns: str | list[str],
    profile: str = "spark",
    on_error: Literal["raise", "null", "keep", "replace"] = "raise",
    *,
    malformed: Literal["strict", "lenient"] | None = ...,
    utf8: Literal["strict", "lossy", "bytes"] | None = ...,
    charset: str | None = ...,
) -> DataFrame: ...
def encode_columns(
    df: DataFrame,
    columns: str | list[str],
    profile: str = "spark",
    *,
    lower: bool = ...,
    charset: str | None = ...,
) -> DataFrame: ...

_Input = Literal["auto", "url", "query", "form"]
_OnError = Literal["raise", "null", "keep", "replace"]

def parse_query(col: Column | str, profile: str = "form", *, input: _Input = "auto",
                on_error: _OnError = "raise") -> Column: ...
def query_param(col: Column | str, key: str, profile: str = "form", *, all: bool = False,
                input: _Input = "auto", on_error: _OnError = "raise") -> Column: ...
def build_query(col: Column | str, profile: str = "form") -> Column: ...
def register_query(spark: SparkSession, prefix: str = "pct_") -> None: ...

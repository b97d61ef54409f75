from typing import Any, Optional

from duckdb import DuckDBPyConnection

__all__ = ["register", "register_query", "connect", "extension_path", "NativeUnavailable"]

EXTENSION_FILE: str

class NativeUnavailable(RuntimeWarning): ...

def extension_path(path: Optional[str] = None) -> Optional[str]: ...
def connect(
    database: str = ":memory:", path: Optional[str] = None, **kwargs: Any
) -> DuckDBPyConnection: ...
def register(
    con: DuckDBPyConnection,
    prefix: str = "pct_",
    path: Optional[str] = None,
    native: Optional[bool] = None,
) -> DuckDBPyConnection: ...
def register_query(con: DuckDBPyConnection, prefix: str = "pct_") -> DuckDBPyConnection: ...

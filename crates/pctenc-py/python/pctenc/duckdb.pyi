from duckdb import DuckDBPyConnection

__all__ = ["register"]

def register(con: DuckDBPyConnection, prefix: str = "pct_") -> DuckDBPyConnection: ...

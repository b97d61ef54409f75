"""Type stubs of the native module (the public names are re-exported by pctenc)."""

from collections.abc import Callable
from typing import Any, TypedDict, overload

from ._error import PctencError as PctencError
from ._words import Context as Context
from ._words import FailOn as FailOn
from ._words import Hex as Hex
from ._words import Malformed as Malformed
from ._words import OnError as OnError
from ._words import Policy, Utf8
from ._words import Unmappable as Unmappable

KERNEL: str
__version__: str
ON_ERROR: list[str]
INPUTS: list[str]
URLLIB_ORIGINALS: dict[str, Callable[..., Any]]

class Finding(TypedDict):
    code: str
    severity: str
    offset: int
    len: int
    end: int
    message: str
    depth: int | None

class ProfileDecode(TypedDict):
    malformed: str
    plus_as_space: bool
    kept_escapes: str
    utf8: str

class ProfileInfo(TypedDict):
    name: str
    aliases: list[str]
    unencoded: str
    space: str
    controls: str
    non_ascii: str
    hex: str
    unit: str
    decode: ProfileDecode
    input_utf8: str
    source: str

Utf8Policy = Utf8
SegmentPolicy = Policy
Option = str | bool | int | None

class Effective(TypedDict):
    profile: str
    on_error: str
    raises: bool
    binary: bool

class OptionInfo(TypedDict):
    key: str
    takes: str
    words: list[str]
    default: str | None
    about: str

def encode(data: str | bytes, profile: str | None = None, *, hex: Hex | None = None,
           lower: bool | None = None, utf8: Utf8Policy | None = None, plus: bool | None = None,
           charset: str | None = None, unmappable: Unmappable | None = None,
           on_error: OnError | None = None) -> str: ...
def decode(text: str | bytes, profile: str | None = None, *, malformed: Malformed | None = None,
           utf8: Utf8Policy | None = None, plus: bool | None = None, charset: str | None = None,
           on_error: OnError | None = None) -> str | bytes: ...
def try_decode(text: str | bytes, profile: str | None = None, *,
               malformed: Malformed | None = None, utf8: Utf8Policy | None = None,
               plus: bool | None = None, charset: str | None = None) -> str | bytes | None: ...
def decode_segment(text: str | bytes, *, policy: SegmentPolicy | None = None,
                   max_len: int | None = None) -> str: ...
def options(op: str) -> list[OptionInfo]: ...
def check_options(op: str, text: str) -> list[tuple[str, str]]: ...
def effective(op: str, **options: Option) -> Effective: ...
def profiles() -> list[ProfileInfo]: ...
def profile_info(name: str) -> ProfileInfo: ...
def check(text: str | bytes, context: Context | None = None, *, max_len: int | None = None,
          max_params: int | None = None, fail_on: FailOn | None = None) -> list[Finding]: ...
@overload
def normalize(text: str, context: Context | None = None) -> str: ...
@overload
def normalize(text: bytes, context: Context | None = None) -> bytes: ...
def form_parse(data: str | bytes, *, charset: str | None = None) -> list[tuple[str, str]]: ...
def form_serialize(pairs: list[tuple[str | bytes, str | bytes]], *,
                   charset: str | None = None) -> str: ...
def quote(string: Any, safe: Any, encoding: Any, errors: Any) -> str: ...
def quote_plus(string: Any, safe: Any, encoding: Any, errors: Any) -> str: ...
def quote_from_bytes(bs: Any, safe: Any) -> str: ...
def unquote(string: Any, encoding: Any, errors: Any) -> Any: ...
def unquote_plus(string: Any, encoding: Any, errors: Any) -> str: ...
def unquote_to_bytes(string: Any) -> bytes: ...
def parse_qsl(qs: Any, keep_blank_values: Any, strict_parsing: Any, encoding: Any,
              errors: Any, max_num_fields: Any, separator: Any) -> Any: ...
def parse_qs(qs: Any, keep_blank_values: Any, strict_parsing: Any, encoding: Any,
             errors: Any, max_num_fields: Any, separator: Any) -> Any: ...
def arrow_encode(values: Any, profile: str | None = None, **options: Option) -> Any: ...
def arrow_decode(values: Any, profile: str | None = None, **options: Option) -> Any: ...
def arrow_parse_query(values: Any, profile: str | None = None, *, map: bool = False,
                      **options: Any) -> Any: ...
def arrow_query_param(values: Any, key: str, profile: str | None = None, *, all: bool = False,
                      **options: Any) -> Any: ...
def arrow_build_query(values: Any, profile: str | None = None, **options: Any) -> Any: ...
def query_parse(data: str | bytes, profile: str | None = None, **options: Any) -> list[tuple[str, str]]: ...
def query_build(pairs: list[tuple[str | bytes, str | bytes]], profile: str | None = None,
                **options: Any) -> str: ...
def arrow_constant(values: Any) -> str | None: ...

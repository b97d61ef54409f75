"""The option words of pctenc as Literal types, for the other stubs to import.

GENERATED from the library's options table (pctenc::options::OPTIONS) by
`cargo run -p pctenc --example python_words > crates/pctenc-py/python/pctenc/_words.pyi`:
do not edit; crates/pctenc/tests/one_copy.rs fails when this file is not what that
writes. Each alias holds an option's words and their aliases (the library also takes
them in any ASCII case)."""

from typing import Literal

# hex: the case of the hex digits the encoder writes (lower=true is hex=lower)
Hex = Literal["upper", "lower"]

# malformed: what a '%' that does not start a well-formed escape does
Malformed = Literal["strict", "lenient"]

# utf8: bytes that are not UTF-8: the encoder's input, or the decoded result
Utf8 = Literal["strict", "lossy", "replace", "bytes"]

# unmappable: with a charset: what a character the charset lacks becomes
Unmappable = Literal["ncr", "error"]

# context: where the input sits in a URL
Context = Literal["segment", "path", "query", "form", "fragment", "userinfo", "host", "url"]

# input: where the query is in a value
Input = Literal["auto", "url", "query", "form"]

# policy: what a path segment may hold
Policy = Literal["strict", "servlet6", "lenient"]

# on_error: columns: what a row that fails becomes
OnError = Literal["raise", "null", "keep", "replace"]

# fail_on: the least severe finding that makes check fail (the CLI's exit status 1)
FailOn = Literal["info", "low", "medium", "med", "high", "critical", "crit"]

# utf8 words whose decoded result is text (str), and the one that gives bytes
Utf8Text = Literal["strict", "lossy", "replace"]
Utf8Bytes = Literal["bytes"]

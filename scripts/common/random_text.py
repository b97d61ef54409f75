"""Seeded random text rich in what percent-coders disagree on: ASCII (controls included), `+`,
well-formed escapes in either hex case, malformed escapes, non-ASCII text, escaped non-ASCII
text, and escapes of bytes that are not UTF-8.

One generator for the suites that feed the same kind of input to other implementations: the
live runtime differential (scripts/differential/run.py) and the data-engine comparisons
(scripts/engines/inputs.py). Each brings its own lists of pieces (`Alphabet`), so each keeps
the inputs it has always drawn for a given seed; the draws themselves are written once here.
"""

from dataclasses import dataclass

#: Every ASCII character, controls included.
ASCII = [chr(c) for c in range(128)]


@dataclass(frozen=True)
class Alphabet:
    """What the pieces are drawn from."""

    #: Single characters (usually `ASCII`).
    ascii: list
    #: Non-ASCII text (letters, emoji, bidi controls, noncharacters...).
    multi: list
    #: `%` sequences that are not a well-formed escape.
    bad_escapes: list
    #: Well-formed escapes whose bytes are not UTF-8.
    invalid_utf8: list
    #: Whether an escaped character mixes upper and lower hex digits at random (one draw per
    #: byte) or writes upper case only (no draw).
    mixed_case: bool = True


def escape_text(r, s, mixed_case=True):
    """`s` as escapes of its UTF-8 bytes."""
    if not mixed_case:
        return "".join("%%%02X" % b for b in s.encode("utf-8"))
    return "".join(("%%%02X" if r.random() < 0.5 else "%%%02x") % b for b in s.encode("utf-8"))


def piece(r, a, clean, decoder=True):
    """One piece. `clean`: no malformed escape (a well-formed one in its place). `decoder`:
    the input is for a decoder, so it also gets escaped text and escapes of bytes that are not
    UTF-8 (an encoder's input gets plain text there instead)."""
    k = r.random()
    if clean and 0.62 <= k < 0.72:
        k = 0.55  # no malformed escape: a well-formed %XX instead
    if k < 0.40:
        return r.choice(a.ascii)
    if k < 0.50:
        return "+"
    if k < 0.62:
        return ("%%%02X" if r.random() < 0.5 else "%%%02x") % r.randrange(256)
    if k < 0.72:
        return r.choice(a.bad_escapes)
    if k < 0.84 or not decoder:
        return r.choice(a.multi)
    if k < 0.92:
        return escape_text(r, r.choice(a.multi), a.mixed_case)
    return r.choice(a.invalid_utf8)


def text(r, a, decoder=True):
    """One string of 0 to 13 pieces. Half the strings have no malformed escape, so that strict
    decoders (Go, Java, JavaScript, Spark) are compared on their output too, not only on where
    they fail."""
    clean = r.random() < 0.5
    return "".join(piece(r, a, clean, decoder) for _ in range(r.randrange(0, 14)))

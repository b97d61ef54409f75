"""Inputs for comparing the data engines' built-ins with pctenc: the hand-picked probes
(every case the engines' docs and bug reports name) and seeded random strings mixing ASCII,
`+`, escapes (valid, malformed, not UTF-8) and non-ASCII text.

Used by record.py (which writes the recorded vectors) and by the live parity tests.
"""

import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import random_text  # noqa: E402

# The cases each engine's behaviour turns on: `+`, space, malformed escapes, escapes that are
# not UTF-8, reserved and sub-delimiter characters, `~*'()!`, non-ASCII, empty.
PROBES = [
    "",
    "a",
    "a+b",
    "a b",
    "+",
    " ",
    "%20",
    "%2B",
    "%2b",
    "%",
    "%4",
    "%zz",
    "%G1",
    "%4g",
    "a%2",
    "%%41",
    "%+1",
    "%-1",
    "%-0",
    "%+f",
    "% 1",
    "%u00e9",
    "%uD83D%uDE00",
    "%C3",
    "%FF",
    "%80",
    "%C3%A9",
    "%c3%a9",
    "%E2%82",
    "%E2%82%AC",
    "%ED%A0%80",
    "%ED%A0",
    "%C0%80",
    "%F4%90%80%80",
    "%F0%9F%98",
    "%F0%9F%98%80",
    "%E2%82%E2%82%AC",
    "%00",
    "%7F",
    ":/?#[]@",
    "!$&'()*+,;=",
    "~*'()!",
    "-._~",
    '"<>\\^`{|}',
    "\x00\x01\x1f\x7f",
    "\t\r\n",
    "é",
    "漢字",
    "😀",
    "\u00a0",
    "\ufffd",
    "\U0010ffff",
    "é%C3%A9",
    "100%",
    "50% off",
    "https://example.com/a b/c?q=1&r=x+y#frag",
    "a%2Fb%3Fc%3Dd",
    "%%",
    "%%%",
    "%25",
    "%2525",
]

# The pieces random strings are drawn from (scripts/common/random_text.py has the draws).
ALPHABET = random_text.Alphabet(
    ascii=random_text.ASCII,
    multi=[
        "é",
        "ü",
        "ß",
        "ÿ",
        "\u00a0",
        "漢字",
        "Фото",
        "العربية",
        "😀",
        "\u200e",
        "\ufffd",
        "\U0010ffff",
        "\u0800",
        "€",
    ],
    bad_escapes=["%", "%zz", "%G1", "%4", "%4g", "%+1", "%-1", "%-0", "%+f", "%u00e9", "%%41", "% 1"],
    invalid_utf8=[
        "%ED%A0%80",
        "%ED%A0",
        "%C0%80",
        "%F4%90%80%80",
        "%E2%82",
        "%FF",
        "%80",
        "%F0%9F%98",
        "%C2",
        "%E2%82%E2%82%AC",
        "%ED%A0A",
    ],
    mixed_case=False,
)


def random_strings(seed, n):
    """`n` seeded random strings; half without a malformed escape, so that strict decoders
    are compared on their output, not only on where they fail."""
    r = random.Random(seed)
    return [random_text.text(r, ALPHABET) for _ in range(n)]


def random_bytes(seed, n):
    """`n` seeded random byte strings that are mostly not UTF-8 (for binary columns and
    Spark strings cast from binary)."""
    r = random.Random(seed)
    out = []
    for s in random_strings(seed + 1, n):
        b = s.encode()
        for _ in range(r.randrange(1, 3)):
            pos = r.randrange(len(b) + 1)
            b = (
                b[:pos]
                + bytes([r.choice([0x80, 0xA9, 0xC3, 0xED, 0xF0, 0xFF, r.randrange(0x80, 0x100)])])
                + b[pos:]
            )
        out.append(b)
    return out

"""`PctencError`, the one exception for input a profile rejects.

It is a Python class (the native module raises it, with its attributes set) so that it can
be built again from its text alone: Polars, for one, re-raises an exception from a UDF as
`type(e)(str(e) + context)`, which keeps the type and the text and drops every attribute.
The text always starts the way the core writes it (`profile P[, row R], byte B: CODE at
SNIPPET: why`), and `PctencError(text)` reads `.profile`, `.row`, `.offset` and `.code` back
from it, so they survive that trip (and pickling, which does the same).
"""

from __future__ import annotations

import re

__all__ = ["PctencError"]

# The core's "where" prefix; adapters may put their own words before it.
_WHERE = re.compile(r"profile ([^\s,]+), (?:row (\d+), )?byte (\d+): ([a-z0-9-]+) at ")


class PctencError(ValueError):
    """Input the profile rejects.

    ``.offset`` is the byte offset (in the UTF-8 bytes of a ``str``), ``.code`` the kind
    (``invalid-escape``, ``truncated-escape``, ``invalid-utf8``, ``not-text``...),
    ``.profile`` the profile's name, ``.row`` the row for columns (else ``None``): in
    ``pctenc.arrow`` the row in the whole column, in Polars the frame's row. The message
    shows an escaped snippet of the input, never its raw control or bidi characters.

    >>> import pctenc
    >>> try:
    ...     pctenc.decode("ab%zz")
    ... except pctenc.PctencError as e:
    ...     print(e.code, e.offset, e.profile, e.row)
    invalid-escape 2 rfc3986 None
    >>> pctenc.PctencError('profile form, row 7, byte 1: invalid-utf8 at "%FF"').row
    7
    """

    offset: int | None
    code: str | None
    profile: str | None
    row: int | None

    def __init__(self, *args: object) -> None:
        super().__init__(*args)
        found = _WHERE.search(args[0]) if args and isinstance(args[0], str) else None
        if found is None:
            self.profile = self.row = self.offset = self.code = None
            return
        profile, row, offset, code = found.groups()
        self.profile = profile
        self.row = None if row is None else int(row)
        self.offset = int(offset)
        self.code = code

    def relocated(self, before: str, row: int | None) -> PctencError:
        """This error said again with `before` in front and `row` as its row (an adapter
        that knows where its rows came from)."""
        text = str(self)
        found = _WHERE.search(text)
        rest = text[found.end() :] if found else text
        where = "" if row is None else f"row {row}, "
        message = f"{before}profile {self.profile}, {where}byte {self.offset}: {self.code} at "
        e = PctencError(message + rest)
        e.profile, e.row, e.offset, e.code = self.profile, row, self.offset, self.code
        return e


PctencError.__module__ = "pctenc"

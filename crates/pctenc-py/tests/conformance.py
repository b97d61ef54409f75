"""The conformance table (conformance/cases.jsonl, format in conformance/README.md) as the
Python front ends run it: reading the cases and a front end's cannot-express list, mapping a
case onto keyword arguments, and comparing a result with the case's. Used by
test_conformance.py (scalar API, pctenc.arrow, pctenc.urllib) and by the engine suites
(Polars, DuckDB, Spark)."""

from __future__ import annotations

import json
import pathlib
from dataclasses import dataclass, field
from typing import Any

import pctenc

REPO = pathlib.Path(__file__).resolve().parents[3]
TABLE = REPO / "conformance" / "cases.jsonl"
CANNOT = REPO / "conformance" / "cannot-express"


def cases() -> list[dict]:
    with TABLE.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def pairs(options: str) -> list[tuple[str, str]]:
    """The compact text form as (key, value) pairs: split on ',', then at the first '='."""
    out = []
    for piece in options.split(","):
        if piece.strip():
            key, _, value = piece.partition("=")
            out.append((key.strip(), value.strip()))
    return out


def key_of(key: str) -> str:
    """A key as the library compares keys: ASCII case, '_' and '-' ignored."""
    return key.lower().replace("_", "").replace("-", "")


_TAKES: dict[str, dict[str, str]] = {}


def kwargs(case: dict) -> dict[str, Any]:
    """The case's options as Python keyword arguments: `true`/`false` as bool and numbers as
    int where the option takes them (the library's `pctenc.options` says which), every
    other value as the str written. A key the operation does not know is passed as written,
    so that the library refuses it."""
    op = case["op"]
    if op not in _TAKES:
        _TAKES[op] = {key_of(o["key"]): o["takes"] for o in pctenc.options(op)}
        _TAKES[op].setdefault("lower", "true|false")
    out: dict[str, Any] = {}
    for key, value in pairs(case["options"]):
        takes = _TAKES[op].get(key_of(key), "")
        if takes == "true|false" and value.lower() in ("true", "false"):
            out[key] = value.lower() == "true"
        elif "number" in takes and value.isdigit():
            out[key] = int(value)
        else:
            out[key] = value
    return out


def input_of(case: dict) -> Any:
    """The input: a `str` for `input` (UTF-8), `bytes` for `input_hex`."""
    if "input_hex" in case:
        return bytes.fromhex(case["input_hex"])
    return case.get("input")


@dataclass
class Exclusions:
    """A front end's cannot-express list: `id <id> <reason>` and `rule <rule> <reason>`."""

    front_end: str
    ids: dict[str, str] = field(default_factory=dict)
    rules: list[tuple[str, str]] = field(default_factory=list)
    used: set[str] = field(default_factory=set)

    @classmethod
    def load(cls, front_end: str) -> Exclusions:
        ex = cls(front_end)
        path = CANNOT / f"{front_end}.txt"
        for raw in path.read_text(encoding="utf-8").splitlines():
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            kind, _, rest = line.partition(" ")
            if kind == "id":
                ex.ids[rest.split()[0]] = rest
            elif kind == "rule":
                ex.rules.append((rest, raw))
            else:
                raise ValueError(f"{path}: not an id or rule line: {raw!r}")
            assert "  " in rest or "\t" in rest, f"{path}: a line without its reason: {raw!r}"
        return ex

    def match(self, case: dict) -> str | None:
        """The entry that excludes `case`, or None. A `field` rule excludes nothing whole."""
        if case["id"] in self.ids:
            self.used.add("id " + case["id"])
            return self.ids[case["id"]]
        for rule, raw in self.rules:
            if _matches(rule, case):
                self.used.add(rule)
                return raw
        return None

    def fields(self) -> set[str]:
        """Fields compared without (`rule field <name>`), marked used when a case has them."""
        return {r.split()[1] for r, _ in self.rules if r.startswith("field ")}

    def check_all_used(self, table: list[dict]) -> None:
        for rule, raw in self.rules:
            if rule.startswith("field "):
                name = rule.split()[1]
                assert any(name in c for c in table), f"stale: {raw}"
            else:
                assert rule in self.used, f"a rule that matches no case: {raw}"
        for i in self.ids:
            assert "id " + i in self.used, f"an id that matches no case: {i}"


def _matches(rule: str, case: dict) -> bool:
    words = rule.split()
    kind = words[0]
    if kind == "op":
        return case["op"] == words[1]
    if kind == "option":
        key, _, word = words[1].partition("=")
        for k, v in pairs(case["options"]):
            if key_of(k) == key_of(key) and (not word or _same_word(key, v, word)):
                return True
        return False
    if kind == "input-not-utf8":
        return "input_hex" in case
    if kind == "output-not-utf8":
        return "output_hex" in case
    if kind == "option-error":
        return "option" in case.get("error", {})
    if kind == "field":
        return False
    raise ValueError(f"unknown rule {rule!r}")


def _same_word(key: str, a: str, b: str) -> bool:
    """Whether two values of `key` are one word (a profile's aliases are its name)."""
    if key_of(key) == "profile":
        try:
            return pctenc._pctenc.profile_info(a)["name"] == pctenc._pctenc.profile_info(b)["name"]
        except ValueError:
            pass
    return a.lower() == b.lower()


def same(case: dict, got: Any, error: BaseException | None, skip_fields=()) -> str | None:
    """None when `got` (or `error`) is the case's result, else what differs."""
    want_error = case.get("error")
    if want_error is not None:
        if error is None:
            return f"no error, got {got!r}; want {want_error}"
        if "option" in want_error:
            if not isinstance(error, (ValueError, TypeError)) or want_error["message"] not in str(
                error
            ):
                return f"option error {error!r}; want one containing {want_error['message']!r}"
            return None
        code, offset = getattr(error, "code", None), getattr(error, "offset", None)
        if (code, offset) != (want_error["code"], want_error["offset"]):
            return f"error {code} at {offset} ({error}); want {want_error}"
        return None
    if error is not None:
        return f"error {error!r}"
    if "output_hex" in case:
        want = bytes.fromhex(case["output_hex"])
        return None if got == want else f"{got!r} != {want!r}"
    if "output_pairs" in case:
        want = [tuple(p) for p in case["output_pairs"]]
        return None if got == want else f"{got!r} != {want!r}"
    if "output_list" in case:
        want = case["output_list"]
        return None if got == want else f"{got!r} != {want!r}"
    if "findings" in case:
        keep = [k for k in ("code", "severity", "offset", "len", "depth", "message")]
        mine = [{k: f[k] for k in keep if k in f and not (k == "depth" and f[k] is None)}
                for f in got["findings"]]
        if mine != case["findings"]:
            return f"{mine!r} != {case['findings']!r}"
        if "fails" not in skip_fields and got.get("fails") != case["fails"]:
            return f"fails {got.get('fails')!r} != {case['fails']!r}"
        return None
    want = case["output"]
    if isinstance(got, bytes) and want is not None:  # utf8=bytes: the table writes UTF-8 as text
        return None if got == want.encode("utf-8") else f"{got!r} != {want!r}"
    return None if got == want else f"{got!r} != {want!r}"


def report(front_end: str, run: int, excluded: int) -> str:
    line = (
        f"conformance ({front_end}): {run} cases run, {excluded} cannot express "
        f"(conformance/cannot-express/{front_end}.txt)"
    )
    print(line)
    return line

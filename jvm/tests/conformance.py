"""The conformance table (conformance/cases.jsonl) for the JVM runners, which have no JSON
reader: the cases of the operations the JVM has (encode, decode, try-decode), less those
excluded by conformance/cannot-express/<front end>.txt, one per line, tab-separated, bytes in
hex:

    id  op  options_hex  input_hex  out|null|err|opterr  [output_hex | code offset | message_hex]

The first line is `#excluded N`. A rule or id of the exclusion file that matches no case is an
error (a stale exclusion hides nothing).

    python3 jvm/tests/conformance.py jvm > cases.tsv
"""

import json
import os
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
OPS = ("encode", "decode", "try-decode")


def norm_key(k):
    return k.strip().lower().replace("_", "").replace("-", "")


def option_keys(options):
    return {norm_key(p.split("=", 1)[0]): p.split("=", 1)[1].strip().lower() if "=" in p else ""
            for p in options.split(",") if p.strip()}


def cases():
    with open(os.path.join(ROOT, "conformance", "cases.jsonl"), encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def exclusions(front_end):
    """(kind, what, reason) from cannot-express/<front_end>.txt."""
    path = os.path.join(ROOT, "conformance", "cannot-express", f"{front_end}.txt")
    out = []
    for line in open(path, encoding="utf-8"):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        kind, rest = line.split(None, 1)
        words = rest.split()
        n = 2 if words[0] in ("op", "option", "field") else 1
        if kind == "id":
            n = 1
        out.append((kind, " ".join(words[:n]), " ".join(words[n:])))
    return out


def matches(case, kind, what):
    if kind == "id":
        return case["id"] == what
    rule = what.split()
    if rule[0] == "op":
        return case["op"] == rule[1]
    if rule[0] == "option":
        key, _, word = rule[1].partition("=")
        keys = option_keys(case.get("options", ""))
        return norm_key(key) in keys and (not word or keys[norm_key(key)] == word.lower())
    if rule[0] == "input-not-utf8":
        return "input_hex" in case
    if rule[0] == "output-not-utf8":
        return "output_hex" in case
    if rule[0] == "option-error":
        return isinstance(case.get("error"), dict) and "option" in case["error"]
    raise ValueError(f"unknown rule {what!r}")


def select(front_end):
    """(cases to run, number excluded)."""
    rules = exclusions(front_end)
    used = set()
    run, excluded = [], 0
    for c in cases():
        hit = [r for r in rules if matches(c, r[0], r[1])]
        for r in hit:
            used.add(r)
        if hit:
            excluded += 1
        else:
            run.append(c)
    stale = [r for r in rules if r not in used]
    if stale:
        raise SystemExit(f"conformance/cannot-express/{front_end}.txt: matches no case: {stale}")
    return run, excluded


def hexof(c, field):
    if field + "_hex" in c:
        return c[field + "_hex"]
    return c[field].encode("utf-8").hex()


def main():
    front_end = sys.argv[1]
    run, excluded = select(front_end)
    print(f"#excluded {excluded}")
    for c in run:
        if c["op"] not in OPS:
            raise SystemExit(f"{c['id']}: operation {c['op']} is not excluded for {front_end}")
        head = [c["id"], c["op"], c["options"].encode("utf-8").hex(), hexof(c, "input")]
        if "error" in c and "option" in c["error"]:
            tail = ["opterr", c["error"]["message"].encode("utf-8").hex()]
        elif "error" in c:
            tail = ["err", c["error"]["code"], str(c["error"]["offset"])]
        elif c.get("output", "") is None:
            tail = ["null"]
        else:
            tail = ["out", hexof(c, "output")]
        print("\t".join(head + tail))


if __name__ == "__main__":
    main()

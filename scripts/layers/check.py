#!/usr/bin/env python3
"""Checks that the modules of each crate only look down: no two files import each other.

Issue 18 §4 found three pairs of files that imported each other (`kernel/tables.rs` <->
`profile/mod.rs`, the CLI's `exec/codec.rs` <-> `exec/report.rs`, the wasm bridge's `ops.rs` <->
`charset.rs`/`check.rs`). A pair like that has no lower room: neither file can be read, tested or
moved without the other. This script keeps them untied: it reads every crate's `src/`, resolves
each path that names a module of the same crate (`use crate::a::b::C`, `use super::x`,
`self::`, a bare child module `use names::ALL`, and inline `crate::a::f(...)` calls) to the file
that defines it, and fails on every strongly connected group of two or more files, that is on any
import cycle, a pair or longer.

What is not an edge, and why:
- Test code (`#[cfg(test)] mod ... { }`): a test of a lower room may use the upper ones (a
  table's test may walk every named profile) without the code depending on them.
- Comments and doc links: `[`super::charset`]` documents, it does not import.
- A module and its own ancestors or descendants: a `mod.rs` that declares and re-exports its
  children, and a child that uses its parent's items through `super::`, is Rust's ordinary
  nesting, not two rooms of a house.

Expected cycles (work that another branch finishes) are listed in `expected.txt` beside this
script, one per line as `crate: file file ... # reason`; an expected cycle that no longer
exists is a failure too, so the list cannot go stale.

Ends with `N passed, N failed` (one check per crate, one per expected line).
"""
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def modules(src):
    """Maps each module path (tuple) of a crate to its file, relative to src."""
    mods = {}
    for dirpath, _, files in os.walk(src):
        for f in files:
            if not f.endswith(".rs"):
                continue
            rel = os.path.relpath(os.path.join(dirpath, f), src)
            parts = rel[:-3].split(os.sep)
            if parts[-1] in ("mod", "lib", "main"):
                parts = parts[:-1]
            if rel in ("lib.rs", "main.rs") or parts[-1:] != ["lib", "main"]:
                mods.setdefault(tuple(parts), rel)
    return mods


def strip(text):
    """The file's code without comments, string literals and `#[cfg(test)]` modules."""
    # Line comments (incl. doc comments); block comments are rare in this tree.
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r'r#*"(?:.|\n)*?"#*|"(?:\\.|[^"\\])*"', '""', text)
    out = []
    i = 0
    for m in re.finditer(r"#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{", text):
        if m.start() < i:
            continue
        out.append(text[i : m.start()])
        depth = 1
        j = m.end()
        while j < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        i = j
    out.append(text[i:])
    return "".join(out)


def expand_use(tree):
    """`a::{b, c::{d, e}}` -> ['a::b', 'a::c::d', 'a::c::e']."""
    tree = re.sub(r"\s+", "", tree)
    m = re.match(r"^(.*?)\{(.*)\}$", tree)
    if not m:
        return [re.sub(r"as\w+$", "", tree)]
    prefix, inner = m.groups()
    items, depth, cur = [], 0, ""
    for ch in inner:
        if ch == "," and depth == 0:
            items.append(cur)
            cur = ""
            continue
        depth += ch == "{"
        depth -= ch == "}"
        cur += ch
    items.append(cur)
    return [p for it in items if it for p in expand_use(prefix + it)]


def resolve(mods, here, path):
    """The module (tuple) a path names, or None if it leaves the crate."""
    segs = [s for s in path.split("::") if s]
    if not segs:
        return None
    if segs[0] == "crate":
        base, segs = (), segs[1:]
    elif segs[0] in ("super", "self"):
        base = here
        while segs and segs[0] in ("super", "self"):
            if segs[0] == "super":
                base = base[:-1]
            segs = segs[1:]
    elif here + (segs[0],) in mods:  # a child module, named bare (edition 2018)
        base = here
    else:
        return None
    target = base
    for s in segs:
        if target + (s,) in mods:
            target = target + (s,)
        else:
            break
    return target if target in mods else None


def edges(mods, src):
    """{(from_module, to_module): [path, ...]} for every reference between two modules."""
    found = {}
    for mod, rel in mods.items():
        code = strip(open(os.path.join(src, rel), encoding="utf-8").read())
        paths = []
        for m in re.finditer(r"\buse\s+([^;]+);", code):
            paths += expand_use(m.group(1))
        code_wo_use = re.sub(r"\buse\s+[^;]+;", "", code)
        paths += re.findall(r"\b(?:crate|super|self)(?:::\w+)+", code_wo_use)
        for p in paths:
            to = resolve(mods, mod, p)
            if to is None or to == mod:
                continue
            # A module and its ancestors: ordinary nesting, not two rooms.
            if to[: len(mod)] == mod or mod[: len(to)] == to:
                continue
            found.setdefault((mod, to), []).append(p)
    return found


def cycles(nodes, found):
    """Strongly connected groups of two or more modules (Tarjan)."""
    succ = {n: [] for n in nodes}
    for a, b in found:
        succ[a].append(b)
    index, low, stack, on, groups = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in succ[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(group)

    sys.setrecursionlimit(10000)
    for n in sorted(nodes):
        if n not in index:
            visit(n)
    return groups


def main():
    expected = {}
    exp_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "expected.txt")
    if os.path.exists(exp_path):
        for line in open(exp_path, encoding="utf-8"):
            body = line.split("#", 1)[0].strip()
            if body:
                krate, files = body.split(":", 1)
                expected[(krate.strip(), frozenset(files.split()))] = line.strip()
    passed = failed = 0
    seen_expected = set()
    crates_dir = os.path.join(ROOT, "crates")
    for krate in sorted(os.listdir(crates_dir)):
        src = os.path.join(crates_dir, krate, "src")
        if not os.path.isdir(src):
            continue
        mods = modules(src)
        found = edges(mods, src)
        bad = []
        for group in cycles(mods, found):
            files = frozenset(mods[m] for m in group)
            if (krate, files) in expected:
                seen_expected.add((krate, files))
                print(f"expected: {krate}: cycle {' '.join(sorted(files))} ({expected[(krate, files)]})")
                continue
            bad.append(group)
        listed = sum(1 for k in seen_expected if k[0] == krate)
        if bad:
            failed += 1
            for group in bad:
                print(f"FAIL {krate}: these files import each other (an import cycle):")
                for a in sorted(group):
                    for b in sorted(group):
                        if (a, b) in found:
                            uses = ", ".join(sorted(set(found[(a, b)])))
                            print(f"    {mods[a]} -> {mods[b]}: {uses}")
        else:
            passed += 1
            rest = f"no other cycle, {listed} expected one(s) listed" if listed else "no cycle"
            print(f"ok   {krate}: {len(mods)} modules, {len(found)} imports between rooms, {rest}")
    for key, line in expected.items():
        if key in seen_expected:
            passed += 1
        else:
            failed += 1
            print(f"FAIL expected.txt lists a cycle that no longer exists; remove the line: {line}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Live differential tests: the same seeded random inputs go to each real runtime function
and to pctenc (crates/pctenc/examples/differential.rs); the output bytes must be identical,
and where the runtime fails (throws, returns an error) pctenc must fail too. For Go the error
must also name the same escape (`invalid URL escape "%zz"`).

One process per runtime, inputs in one batch on stdin. A runtime that is missing is reported
as skipped by name; with CI=true a missing runtime is a failure. .NET is not in Debian, so the
dotnet-* profiles are checked against dotnet-from-source.json only (crates/pctenc/tests).

Environment: DIFF_SEED (default 20261122), DIFF_N (inputs per function, default 600).
Ends with a line `N passed, N failed`; exits non-zero on any mismatch.
"""

import json
import os
import random
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BUILD = os.path.join(ROOT, "target", "differential")
SEED = int(os.environ.get("DIFF_SEED", "20261122"))
N = int(os.environ.get("DIFF_N", "600"))
CI = os.environ.get("CI", "").lower() == "true"

sys.path.insert(0, os.path.join(ROOT, "scripts", "common"))
import random_text  # noqa: E402

# ---------------------------------------------------------------- inputs

# The pieces this suite draws from (random_text has the draws): more non-ASCII and more
# malformed forms than the engines' list, for the runtimes' edge cases.
ALPHABET = random_text.Alphabet(
    ascii=random_text.ASCII,
    multi=["é", "ü", "ß", "ÿ", "\u00a0", "漢字", "Фото", "العربية", "עברית", "ελληνικά", "😀",
           "🇯🇵", "\u200e", "\u202e", "\ufffd", "\U0010ffff", "\u0800", "\uffff", "€", "\u00ad"],
    bad_escapes=["%", "%zz", "%G1", "%4", "%4g", "%+1", "%-1", "%-0", "%+f", "%u00e9", "%%41",
                 "%uD83D%uDE00", "%uDC00", "%u12", "% 1"],
    invalid_utf8=["%ED%A0%80", "%ED%A0", "%ed%bf%bf", "%C0%80", "%F4%90%80%80", "%E2%82",
                  "%FF", "%80", "%F0%9F%98", "%E0%80%80", "%F5%80%80%80", "%C2", "%E2%82%E2%82%AC",
                  "%ED%A0A", "%F0%9F"],
)


def gen(r, kind):
    """One input, as bytes. kind: text-enc, bytes-enc, text-dec, bytes-dec."""
    b = random_text.text(r, ALPHABET, decoder=kind.endswith("dec")).encode("utf-8")
    if kind.startswith("bytes") and r.random() < 0.3:
        pos = r.randrange(len(b) + 1)
        b = b[:pos] + bytes([r.randrange(0x80, 0x100)]) + b[pos:]
    return b


# ---------------------------------------------------------------- runtimes

# (runtime function, pctenc profile, pctenc op, input kind, compare mode)
RUNTIMES = [
    {
        "name": "python3",
        "need": ["python3"],
        "cmd": ["python3", os.path.join(HERE, "probe.py")],
        "funcs": [
            ("quote", "py-quote", "encode", "text-enc", "exact"),
            ("quote_plus", "py-quote-plus", "encode", "text-enc", "exact"),
            ("unquote", "py-quote", "decode_str", "text-dec", "exact"),
            ("unquote_plus", "py-quote-plus", "decode_str", "text-dec", "exact"),
            ("unquote_to_bytes", "py-quote", "decode_bytes", "text-dec", "exact"),
        ],
    },
    {
        "name": "node",
        "need": ["node"],
        "cmd": ["node", os.path.join(HERE, "probe.js")],
        "funcs": [
            ("encodeURI", "js-uri", "encode", "text-enc", "exact"),
            ("encodeURIComponent", "js-component", "encode", "text-enc", "exact"),
            ("escape", "js-escape", "encode", "text-enc", "exact"),
            ("decodeURI", "js-uri", "decode_str", "text-dec", "exact"),
            ("decodeURIComponent", "js-component", "decode_str", "text-dec", "exact"),
            ("unescape", "js-escape", "decode_str", "text-dec", "exact"),
        ],
    },
    {
        "name": "java",
        "need": ["java", "javac"],
        "build": [["javac", "-d", os.path.join(BUILD, "java"), os.path.join(HERE, "Probe.java")]],
        "cmd": ["java", "-cp", os.path.join(BUILD, "java"), "Probe"],
        "funcs": [
            ("encode", "java-urlencoder", "encode", "text-enc", "exact"),
            ("decode", "java-urlencoder", "decode_str", "text-dec", "exact"),
        ],
    },
    {
        "name": "php",
        "need": ["php"],
        "cmd": ["php", os.path.join(HERE, "probe.php")],
        "funcs": [
            ("urlencode", "php-urlencode", "encode", "bytes-enc", "exact"),
            ("rawurlencode", "php-rawurlencode", "encode", "bytes-enc", "exact"),
            ("urldecode", "php-urlencode", "decode", "bytes-dec", "exact"),
            ("rawurldecode", "php-rawurlencode", "decode", "bytes-dec", "exact"),
        ],
    },
    {
        "name": "go",
        "need": ["go"],
        "build": [["go", "build", "-o", os.path.join(BUILD, "goprobe"), os.path.join(HERE, "probe.go")]],
        "cmd": [os.path.join(BUILD, "goprobe")],
        "funcs": [
            ("QueryEscape", "go-query", "encode", "bytes-enc", "exact"),
            ("PathEscape", "go-path", "encode", "bytes-enc", "exact"),
            ("QueryUnescape", "go-query", "decode", "bytes-dec", "go"),
            ("PathUnescape", "go-path", "decode", "bytes-dec", "go"),
        ],
    },
    {
        "name": "perl (URI::Escape)",
        "need": ["perl"],
        "probe": ["perl", "-MURI::Escape", "-e", "1"],
        "cmd": ["perl", os.path.join(HERE, "probe.pl")],
        "funcs": [
            # The same bytes go to Perl and to pctenc: a script's input stays bytes unless
            # it decodes it (probe.pl says which call decodes first). The decoding variant gets
            # UTF-8 text only: Perl cannot decode other bytes (it dies), while pctenc's Latin-1
            # unit escapes them as they are (documented on Unit::Latin1), a chosen difference.
            ("uri_escape", "perl-uri-escape", "encode", "bytes-enc", "exact"),
            ("uri_escape_decoded", "perl-uri-escape-decoded", "encode", "text-enc", "exact"),
            ("uri_unescape", "perl-uri-escape", "decode", "bytes-dec", "exact"),
        ],
    },
    {
        "name": "libcurl",
        "need": ["gcc"],
        "build": [["gcc", "-O1", "-o", os.path.join(BUILD, "curlprobe"), os.path.join(HERE, "probe.c"), "-lcurl"]],
        "cmd": [os.path.join(BUILD, "curlprobe")],
        "funcs": [
            ("curl_easy_escape", "curl", "encode", "bytes-enc", "exact"),
            ("curl_easy_unescape", "curl", "decode", "bytes-dec", "exact"),
        ],
    },
]


def run(cmd, stdin_text, env=None):
    p = subprocess.run(cmd, input=stdin_text.encode(), capture_output=True, env=env, check=False)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {p.returncode}: {p.stderr.decode(errors='replace')[:500]}")
    return p.stdout.decode().splitlines()


def available(rt, env):
    missing = [t for t in rt["need"] if shutil.which(t) is None]
    if missing:
        return f"{', '.join(missing)} not found"
    if "probe" in rt and subprocess.run(rt["probe"], capture_output=True, check=False).returncode != 0:
        return f"{' '.join(rt['probe'])} failed"
    for step in rt.get("build", []):
        p = subprocess.run(step, capture_output=True, env=env, check=False)
        if p.returncode != 0:
            return f"build failed: {p.stderr.decode(errors='replace')[:300]}"
    return None


def same(mode, got_rt, got_us, inp):
    if got_rt.startswith("OK ") or got_us.startswith("OK "):
        return got_rt == got_us
    if mode == "go":
        # Go names up to three bytes from the bad `%`; pctenc names the offset of that `%`.
        off = int(got_us.split()[2])
        return got_rt == "ERR " + inp[off:off + 3].hex()
    return True  # both failed


def main():
    os.makedirs(BUILD, exist_ok=True)
    env = dict(os.environ)
    env.setdefault("GOCACHE", os.path.join(BUILD, "gocache"))
    env.setdefault("GOFLAGS", "-mod=mod")
    env["GO111MODULE"] = "off"
    # The test profile: the example as `cargo test --workspace` built it (no dev-profile build).
    build = subprocess.run(["cargo", "build", "-q", "--profile", "test", "-p", "pctenc", "--example",
                            "differential", "--message-format=json"],
                           cwd=ROOT, capture_output=True, check=False)
    exes = [json.loads(l).get("executable") for l in build.stdout.decode().splitlines()
            if l.startswith("{")]
    exes = [e for e in exes if e]
    if build.returncode != 0 or not exes:
        print("could not build the pctenc differential example:", build.stderr.decode()[-2000:])
        return 1
    ours = exes[-1]

    passed = failed = 0
    skipped = []
    for rt in RUNTIMES:
        why = available(rt, env)
        if why:
            skipped.append((rt["name"], why))
            print(f"SKIPPED {rt['name']}: {why}")
            continue
        r = random.Random(f"{SEED}:{rt['name']}")
        batch = []  # (func index, input bytes)
        for i, (_, _, _, kind, _) in enumerate(rt["funcs"]):
            for _ in range(N):
                batch.append((i, gen(r, kind)))
        rt_in = "".join(f"{rt['funcs'][i][0]}\t{b.hex()}\n" for i, b in batch)
        us_in = "".join(f"{rt['funcs'][i][1]}\t{rt['funcs'][i][2]}\t{b.hex()}\n" for i, b in batch)
        rt_out = run(rt["cmd"], rt_in, env)
        us_out = run([ours], us_in)
        if len(rt_out) != len(batch) or len(us_out) != len(batch):
            print(f"FAIL {rt['name']}: {len(rt_out)} / {len(us_out)} answers for {len(batch)} inputs")
            failed += len(batch)
            continue
        counts = [[0, 0, 0] for _ in rt["funcs"]]
        shown = {}
        for (i, inp), a, b in zip(batch, rt_out, us_out):
            func, prof, op, _, mode = rt["funcs"][i]
            if same(mode, a, b, inp):
                counts[i][0] += 1
                counts[i][2] += a.startswith("ERR")
            else:
                counts[i][1] += 1
                if shown.get(i, 0) < 3:
                    shown[i] = shown.get(i, 0) + 1
                    print(f"  MISMATCH {rt['name']} {func} vs {prof} {op}: input {inp!r}\n"
                          f"    runtime: {a}\n    pctenc:  {b}")
        for (func, prof, op, _, _), (ok, bad, errs) in zip(rt["funcs"], counts):
            print(f"{rt['name']:18} {func:18} = {prof:17} {op:12} {ok:5} passed "
                  f"({errs} both fail), {bad} failed")
            passed += ok
            failed += bad
    print("dotnet-*: not run (.NET is not in Debian); checked against dotnet-from-source.json only")
    if skipped:
        print("skipped runtimes: " + ", ".join(f"{n} ({w})" for n, w in skipped))
        if CI:
            print("CI=true: a missing runtime is a failure")
            failed += len(skipped)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""One version everywhere: every artifact built from this repository carries the workspace's
version (`[workspace.package] version` in Cargo.toml), the one place it is written by hand.

Two kinds of check, each a line `ok ...` or `FAIL ...`, then `N passed, N failed`:

- SOURCES, always: the files that state a version themselves (a crate outside the workspace,
  the npm package.json, the version requirement other crates put on the library) must state
  the workspace's, and so must every artifact's file name in the docs (pctenc-0.1.0.jar).
  Files that inherit it (`version.workspace = true`, pyproject's dynamic version) need no
  entry.
- ARTIFACTS, for each `--artifact KIND=PATH` given: a built file reports the workspace's
  version (its name, its metadata, or what the program prints). `scripts/test.d/74-packages.sh`
  passes every artifact it builds; another suite that builds an artifact adds its own kind to
  `ARTIFACTS` and passes it the same way.

    python3 scripts/release/versions.py [--artifact KIND=PATH ...]
    python3 scripts/release/versions.py --set 0.2.0      # writes every SOURCE, then checks

`--set` is how a release changes the version: it rewrites the workspace's version and every
source below, so that nothing is edited by hand but this one command.
"""

import argparse
import json
import re
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def workspace_version():
    return tomllib.loads((ROOT / "Cargo.toml").read_text())["workspace"]["package"]["version"]


# --- sources: (file, what, read, write) --------------------------------------------------


def toml_field(path, *keys):
    data = tomllib.loads((ROOT / path).read_text())
    for k in keys:
        data = data.get(k, {}) if isinstance(data, dict) else {}
    return data if isinstance(data, str) else None


def sub_line(path, pattern, version):
    """Replaces the version group of the one line matching `pattern` (a regex with one group
    around the version) in `path`."""
    text = (ROOT / path).read_text()
    new, n = re.subn(pattern, lambda m: m.group(0).replace(m.group(1), version), text, count=1, flags=re.M)
    if n != 1:
        raise SystemExit(f"{path}: no line matches {pattern}")
    (ROOT / path).write_text(new)


def npm_version():
    return json.loads((ROOT / "npm/package.json").read_text())["version"]


def write_npm(version):
    path = ROOT / "npm/package.json"
    pkg = json.loads(path.read_text())
    pkg["version"] = version
    path.write_text(json.dumps(pkg, indent=2, ensure_ascii=False) + "\n")


SOURCES = [
    (
        "Cargo.toml",
        "[workspace.dependencies] pctenc requirement",
        lambda: toml_field("Cargo.toml", "workspace", "dependencies", "pctenc", "version"),
        lambda v: sub_line("Cargo.toml", r'^pctenc = \{ path = "crates/pctenc", version = "([^"]+)"', v),
    ),
    (
        "crates/pctenc-py/Cargo.toml",
        "package version (the Python package's own workspace; the wheel's version)",
        lambda: toml_field("crates/pctenc-py/Cargo.toml", "package", "version"),
        lambda v: sub_line("crates/pctenc-py/Cargo.toml", r'^version = "([^"]+)"', v),
    ),
    (
        "crates/pctenc-py/Cargo.toml",
        "pctenc requirement",
        lambda: toml_field("crates/pctenc-py/Cargo.toml", "dependencies", "pctenc", "version"),
        lambda v: sub_line("crates/pctenc-py/Cargo.toml", r'^pctenc = \{ path = "../pctenc", version = "([^"]+)"', v),
    ),
    ("npm/package.json", "version", npm_version, write_npm),
]


# The docs name the artifacts' files (pctenc-0.1.0.jar, the wheel's name, the npm tarball):
# every such name must carry the workspace's version, and --set rewrites them.
DOC_FILES = ["README.md", "docs/*.md", "npm/README.md", "crates/*/README.md"]
DOC_NAME = re.compile(r"\bpctenc(?:-cli)?-(\d+\.\d+\.\d+)(?=[-.])")


def doc_versions():
    """(path, line number, version) for every artifact file name in the docs."""
    for pattern in DOC_FILES:
        for path in sorted(ROOT.glob(pattern)):
            for n, line in enumerate(path.read_text().splitlines(), 1):
                for m in DOC_NAME.finditer(line):
                    yield path.relative_to(ROOT), n, m.group(1)


def write_docs(version):
    for pattern in DOC_FILES:
        for path in ROOT.glob(pattern):
            text = path.read_text()
            new = DOC_NAME.sub(lambda m: m.group(0).replace(m.group(1), version), text)
            if new != text:
                path.write_text(new)


def inherited():
    """Checks that need no entry in SOURCES: every workspace member inherits the version, and
    the Python package takes its version from its crate."""
    problems = []
    members = tomllib.loads((ROOT / "Cargo.toml").read_text())["workspace"]["members"]
    for m in members:
        pkg = tomllib.loads((ROOT / m / "Cargo.toml").read_text())["package"]
        if pkg.get("version") != {"workspace": True}:
            problems.append(f"{m}/Cargo.toml: version is {pkg.get('version')!r}, not `version.workspace = true`")
    project = tomllib.loads((ROOT / "crates/pctenc-py/pyproject.toml").read_text())["project"]
    if "version" in project or "version" not in project.get("dynamic", []):
        problems.append("crates/pctenc-py/pyproject.toml: the version must be dynamic (the crate's)")
    return problems


# --- artifacts: KIND -> function(path) returning the version it reports ------------------


def wheel_version(path):
    # name-version-python-abi-platform.whl, and the METADATA inside
    name_version = Path(path).name.split("-")[1]
    with zipfile.ZipFile(path) as z:
        meta = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        field = re.search(r"^Version: (.+)$", z.read(meta).decode(), re.M).group(1)
    return name_version if name_version == field else f"{name_version} (name) / {field} (METADATA)"


def sdist_version(path):
    name_version = Path(path).name.removesuffix(".tar.gz").rsplit("-", 1)[1]
    with tarfile.open(path) as t:
        meta = next(m for m in t.getmembers() if m.name.count("/") == 1 and m.name.endswith("/PKG-INFO"))
        field = re.search(r"^Version: (.+)$", t.extractfile(meta).read().decode(), re.M).group(1)
    return name_version if name_version == field else f"{name_version} (name) / {field} (PKG-INFO)"


def npm_tarball_version(path):
    with tarfile.open(path) as t:
        return json.load(t.extractfile("package/package.json"))["version"]


def crate_version(path):
    # NAME-VERSION.crate, and the Cargo.toml inside
    with tarfile.open(path) as t:
        toml = next(m for m in t.getmembers() if m.name.count("/") == 1 and m.name.endswith("/Cargo.toml"))
        return tomllib.loads(t.extractfile(toml).read().decode())["package"]["version"]


def cli_version(path):
    out = subprocess.run([path, "--version"], capture_output=True, text=True, check=True).stdout
    return out.split("\n")[0].removeprefix("pctenc ")


def python_module_version(path):
    """PATH is a Python interpreter in whose environment `pctenc` is installed (and imports)."""
    code = "import importlib.metadata as m, pctenc; print(m.version('pctenc'))"
    return subprocess.run([path, "-c", code], capture_output=True, text=True, check=True).stdout.strip()


def wasm_module_version(path):
    """PATH is the npm package directory (or an installed copy): its `version()` export."""
    code = "import(process.argv[1] + '/index.js').then(m => console.log(m.version()))"
    out = subprocess.run(["node", "-e", code, str(Path(path).resolve())], capture_output=True, text=True, check=True)
    return out.stdout.strip()


def jar_version(path):
    """The jar's two statements of its version, which must agree: the manifest's
    Implementation-Version (what Java's Package.getImplementationVersion() reads) and the
    org/pctenc/pctenc.properties resource (what Pctenc.version() reads, and checks against
    the native library's at load). Both are written by scripts/build/jvm.sh from Cargo.toml."""
    with zipfile.ZipFile(path) as z:
        manifest = z.read("META-INF/MANIFEST.MF").decode().replace("\r\n", "\n").replace("\n ", "")
        props = z.read("org/pctenc/pctenc.properties").decode()
    impl = re.search(r"^Implementation-Version: *(.+)$", manifest, re.M)
    prop = re.search(r"^version *= *(.+)$", props, re.M)
    impl, prop = (m.group(1).strip() if m else None for m in (impl, prop))
    return impl if impl == prop else f"{impl} (manifest) / {prop} (pctenc.properties)"


def duckdb_extension_version(path):
    """The extension version field of the metadata footer DuckDB reads at LOAD (and shows as
    duckdb_extensions().extension_version): the last 512 bytes are eight 32-byte fields, then
    the signature; the fifth field is the version (scripts/build/duckdb_footer.py)."""
    with open(path, "rb") as f:
        f.seek(-512, 2)
        fields = [f.read(32).rstrip(b"\0").decode("ascii") for _ in range(8)]
    if fields[3] != "C_STRUCT" or fields[7] != "4":
        raise ValueError(f"no DuckDB metadata footer (fields {fields})")
    return fields[4]


# Each suite that builds an artifact passes it here (`--artifact KIND=PATH`): 74-packages.sh
# the crates, the npm tarball, the wheel and the sdist; 46-jvm.sh the jar; 46-duckdb.sh the
# extension and its wheel.
ARTIFACTS = {
    "wheel": wheel_version,
    "sdist": sdist_version,
    "npm-tarball": npm_tarball_version,
    "crate": crate_version,
    "cli": cli_version,
    "python": python_module_version,
    "wasm": wasm_module_version,
    "jar": jar_version,
    "duckdb-extension": duckdb_extension_version,
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--artifact", action="append", default=[], metavar="KIND=PATH")
    ap.add_argument("--set", metavar="VERSION", help="write VERSION everywhere first")
    args = ap.parse_args()
    if args.set:
        sub_line("Cargo.toml", r'^\[workspace\.package\]\nversion = "([^"]+)"', args.set)
        for _, _, _, write in SOURCES:
            write(args.set)
        write_docs(args.set)
    want = workspace_version()
    passed = failed = 0

    def report(ok, what):
        nonlocal passed, failed
        passed += ok
        failed += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {what}")

    for path, what, read, _ in SOURCES:
        got = read()
        report(got == want, f"{path}: {what}: {got} (workspace {want})")
    names = list(doc_versions())
    wrong = [f"{p}:{n} says {v}" for p, n, v in names if v != want]
    if wrong:
        report(False, "artifact names in the docs: " + "; ".join(wrong))
    else:
        report(True, f"artifact names in the docs: {len(names)} name {want}")
    for problem in inherited():
        report(False, problem)
    for spec in args.artifact:
        kind, _, path = spec.partition("=")
        if kind not in ARTIFACTS:
            report(False, f"unknown artifact kind {kind!r} (known: {', '.join(ARTIFACTS)})")
            continue
        try:
            got = ARTIFACTS[kind](path)
        except Exception as e:  # a missing or malformed artifact is a failure, said as such
            report(False, f"{kind} {path}: cannot read its version: {e}")
            continue
        report(got == want, f"{kind} {Path(path).name}: {got} (workspace {want})")
    print(f"versions: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

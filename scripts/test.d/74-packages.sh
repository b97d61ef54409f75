#!/usr/bin/env bash
# Every package as its ecosystem's own command makes it, checked by that ecosystem's checker,
# installed and run (README.md, "Install"):
#   - versions: every source of a version says the workspace's (scripts/release/versions.py),
#     and so does every artifact built below;
#   - Rust: `cargo package --workspace --no-verify` (every member packs: path dependencies
#     carry versions), then `cargo package` with its verification build for each crate
#     meant for crates.io (publish not false), and the library's docs as docs.rs builds them
#     (nightly, every feature, --cfg docsrs, warnings denied);
#   - npm: `npm pack` in npm/ with the built files removed first (as in a clean checkout: the
#     prepack script must build them), its file list exactly the expected one, the tarball
#     installed into a scratch project and imported; `npm publish --dry-run` lists the .wasm;
#   - Python: `maturin build` (the documented command) writes an abi3 wheel tagged
#     manylinux_2_34, and `maturin sdist` the sdist; auditwheel (from PyPI) must agree with the
#     tag; the wheel installs into a fresh venv with `python -m pip install` and imports; the
#     sdist holds the core crate and installs into another fresh venv OFFLINE: pip with
#     --no-index and no build isolation (maturin already in the venv), cargo with
#     CARGO_NET_OFFLINE and the crates its own Cargo.lock names fetched beforehand (`cargo
#     fetch --locked` on the unpacked sdist), the whole install run in a network namespace
#     with no network (`unshare --net`), so that any download fails.
#     Not `maturin build --sdist`: since maturin 1.12.3 it builds the wheel from the unpacked
#     sdist in a temporary directory, every crate from scratch (arrow, pyo3: minutes of CI's
#     two cores), which the sdist install below proves anyway. `maturin build` reuses
#     crates/pctenc-py/target, where the Python and engine suites built the same profile.
# Ends with `N passed, N failed`. Needs what 40-python.sh and 70-web.sh need, the nightly
# toolchain (deps.d/58-nightly.sh) and util-linux's unshare (root).
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
t0=$SECONDS
target_dir=${CARGO_TARGET_DIR:-$root/target}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   $* ($((SECONDS - t0)) s so far)"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
# run WHAT CMD...: ok if CMD exits 0, else FAIL with the end of its output.
run() {
  local what=$1; shift
  local out
  if out=$("$@" 2>&1); then ok "$what"; else bad "$what"; printf '%s\n' "$out" | tail -30; fi
}
version=$(python3 -c 'import tomllib; print(tomllib.load(open("Cargo.toml", "rb"))["workspace"]["package"]["version"])')
artifacts=()

run "versions of the sources" python3 scripts/release/versions.py

# README.md's "Install" shows the commands run here (output directory and -q aside) and by
# 46-jvm.sh (scripts/build/jvm.sh) and 46-duckdb.sh (scripts/build/duckdb.sh): a command
# changed here or there must change there too. The maturin it names is the pinned one.
install=$(sed -n '/^## Install$/,/^## [^I]/p' README.md)
maturin_pin=$(grep -oE '^maturin==[^ ]+' scripts/python/requirements-test.txt)
missing=""
for cmd in "cargo package -p pctenc -p pctenc-cli" \
  "pip install $maturin_pin" "maturin build -m crates/pctenc-py/Cargo.toml -o dist" \
  "maturin sdist -m crates/pctenc-py/Cargo.toml -o dist" \
  "python -m pip install dist/pctenc-$version-cp311-abi3-manylinux_2_34_x86_64.whl" \
  "(cd npm && npm pack)" "npm install /path/to/pctenc/npm/pctenc-$version.tgz" \
  "bash scripts/build/jvm.sh" "bash scripts/build/duckdb.sh"; do
  grep -qF -- "$cmd" <<<"$install" || missing+=" [$cmd]"
done
[ -z "$missing" ] && ok "README.md's Install section shows the commands the suites run" \
  || bad "README.md's Install section lacks:$missing"

# --- Rust ---------------------------------------------------------------------------------
run "cargo package --workspace --no-verify (every member packs)" \
  cargo package --workspace --no-verify --allow-dirty -q
publishable=$(cargo metadata -q --no-deps --format-version 1 | python3 -c '
import json, sys
m = json.load(sys.stdin)
print(" ".join(p["name"] for p in m["packages"] if p["publish"] != []))')
# One command for all of them: each is verified against the others as packed (crates.io does
# not have them), as `cargo publish --workspace` would publish them in order. Cargo serves the
# packed crates from a local registry in target/package and unpacks them into
# $CARGO_HOME/registry/src/-<hash of that path>/NAME-VERSION, and it reuses a directory it
# unpacked before without comparing it to the new .crate: a second run from the same path
# (CI's clone, after an earlier commit) would verify against the earlier sources. So those
# unpacked copies of our own crates go first (the crates.io sources, index.*/, are untouched).
cargo_home=${CARGO_HOME:-$HOME/.cargo}
for crate in $publishable; do
  rm -rf "$cargo_home"/registry/src/-*/"$crate-$version"
done
run "cargo package ${publishable//pctenc/-p pctenc} (verification builds of the packed crates)" \
  cargo package $(printf -- '-p %s ' $publishable) --allow-dirty -q
for crate in $publishable; do
  artifacts+=(--artifact "crate=$target_dir/package/$crate-$version.crate")
done
[ "$publishable" = "pctenc pctenc-cli" ] && ok "publishable crates: $publishable" \
  || bad "publishable crates are '$publishable', not 'pctenc pctenc-cli' (mark the others publish = false)"
run "docs.rs build of pctenc (nightly, --all-features, --cfg docsrs, -D warnings)" \
  env RUSTDOCFLAGS="-D warnings --cfg docsrs" \
  cargo +nightly doc -q -p pctenc --all-features --no-deps --target-dir "$target_dir/docsrs"

# --- npm ----------------------------------------------------------------------------------
rm -f npm/pctenc.wasm npm/options.d.ts npm/LICENSE-MIT npm/LICENSE-APACHE npm/*.tgz
if (cd npm && npm pack --json --pack-destination "$tmp" >"$tmp/pack.json" 2>"$tmp/pack.err"); then
  got=$(node -e 'console.log(require(process.argv[1])[0].files.map(f => f.path).sort().join(" "))' "$tmp/pack.json")
  want="LICENSE-APACHE LICENSE-MIT README.md index.d.ts index.js manual.d.ts manual.js options.d.ts package.json pctenc.wasm"
  [ "$got" = "$want" ] && ok "npm pack from a checkout without build output: $got" \
    || bad "npm pack file list: got '$got', want '$want'"
  tarball=$tmp/$(node -e 'console.log(require(process.argv[1])[0].filename)' "$tmp/pack.json")
  artifacts+=(--artifact "npm-tarball=$tarball")
  wasm=$(tar tvzf "$tarball" package/pctenc.wasm | awk '{ print $3 }')
  [ "${wasm:-0}" -gt 100000 ] && ok "pctenc.wasm in the tarball: $wasm bytes" || bad "pctenc.wasm in the tarball: '${wasm:-}' bytes"
  mkdir "$tmp/npm-scratch"
  printf '{"name": "scratch", "private": true, "type": "module"}\n' >"$tmp/npm-scratch/package.json"
  if (cd "$tmp/npm-scratch" && npm install -q --no-audit --no-fund --no-package-lock "$tarball" >/dev/null 2>&1); then
    out=$(cd "$tmp/npm-scratch" && node -e "import('pctenc').then(m => console.log(m.encode('a b/é')))" 2>&1)
    [ "$out" = "a%20b%2F%C3%A9" ] && ok "the tarball installs and runs: encode('a b/é') = $out" || bad "installed tarball: $out"
    artifacts+=(--artifact "wasm=$tmp/npm-scratch/node_modules/pctenc")
  else
    bad "npm install of the tarball"
  fi
else
  bad "npm pack"; tail -20 "$tmp/pack.err"
fi
if (cd npm && npm publish --dry-run --json >"$tmp/publish.json" 2>"$tmp/publish.err"); then
  grep -q '"path": "pctenc.wasm"' "$tmp/publish.json" && ok "npm publish --dry-run ships pctenc.wasm" \
    || bad "npm publish --dry-run: no pctenc.wasm in $(head -c 600 "$tmp/publish.json")"
else
  bad "npm publish --dry-run"; tail -20 "$tmp/publish.err"
fi

# --- Python -------------------------------------------------------------------------------
venv() { # venv DIR PACKAGES...: a fresh venv with the pinned PACKAGES
  python3 -m venv "$1" || return 1
  local pins
  pins=$(for p in "${@:2}"; do grep -E "^$p==" scripts/python/requirements-test.txt | sed 's/ *#.*//'; done)
  [ -z "$pins" ] || "$1/bin/python" -m pip install -q --disable-pip-version-check $pins
}
smoke='import pctenc; assert pctenc.encode("a b/é") == "a%20b%2F%C3%A9"; print(pctenc.__file__)'
if venv "$tmp/build" maturin auditwheel; then
  # The documented commands (README.md, "Install").
  if "$tmp/build/bin/maturin" build -q -m crates/pctenc-py/Cargo.toml -o "$tmp/dist" >"$tmp/maturin.log" 2>&1 &&
    "$tmp/build/bin/maturin" sdist -m crates/pctenc-py/Cargo.toml -o "$tmp/dist" >>"$tmp/maturin.log" 2>&1; then
    wheel=$(ls "$tmp"/dist/*.whl) sdist=$(ls "$tmp"/dist/*.tar.gz)
    artifacts+=(--artifact "wheel=$wheel" --artifact "sdist=$sdist")
    [[ $(basename "$wheel") =~ ^pctenc-$version-cp311-abi3-manylinux_2_34_x86_64\.whl$ ]] \
      && ok "maturin build: $(basename "$wheel") and $(basename "$sdist")" \
      || bad "wheel name $(basename "$wheel") is not cp311-abi3-manylinux_2_34_x86_64"
    # (auditwheel wraps its lines: read them as one)
    show=$("$tmp/build/bin/auditwheel" show "$wheel" 2>&1 | tr -s ' \n' '  ')
    grep -q 'consistent with the following platform tag: "manylinux_2_34_x86_64"' <<<"$show" \
      && ok "auditwheel show: consistent with manylinux_2_34_x86_64" || { bad "auditwheel show"; echo "$show"; }
  else
    bad "maturin build"; tail -30 "$tmp/maturin.log"
  fi
else
  bad "fresh venv with maturin and auditwheel"
fi
if [ -n "${wheel:-}" ] && python3 -m venv "$tmp/wheel-venv" &&
  "$tmp/wheel-venv/bin/python" -m pip install -q --disable-pip-version-check "$wheel"; then
  run "the wheel installs into a fresh venv and imports" bash -c "cd $tmp && $tmp/wheel-venv/bin/python -c '$smoke'"
  artifacts+=(--artifact "python=$tmp/wheel-venv/bin/python")
else
  bad "python -m pip install of the wheel into a fresh venv"
fi
if [ -n "${sdist:-}" ]; then
  # (the listing first: `tar | grep -q` fails under pipefail when grep stops reading early)
  listing=$(tar tzf "$sdist")
  grep -qx "pctenc-$version/pctenc/src/lib.rs" <<<"$listing" \
    && ok "the sdist holds the core crate" || bad "the sdist has no pctenc/src/lib.rs"
  mkdir "$tmp/unpacked" && tar xzf "$sdist" -C "$tmp/unpacked"
  manifest=$tmp/unpacked/pctenc-$version/pctenc-py/Cargo.toml
  if venv "$tmp/sdist-venv" maturin && cargo fetch -q --locked --manifest-path "$manifest"; then
    # No network from here on. The compiled registry crates of crates/pctenc-py/target (the
    # suites before this one built them) are reused; pctenc and the extension build anew
    # from the sdist's sources.
    # (PATH: maturin's PEP 517 hook runs the `maturin` binary it finds there, the venv's)
    if unshare --net env PATH="$tmp/sdist-venv/bin:$PATH" CARGO_NET_OFFLINE=true \
      CARGO_TARGET_DIR="$root/crates/pctenc-py/target" \
      "$tmp/sdist-venv/bin/python" -m pip install -q --disable-pip-version-check --no-index \
      --no-build-isolation "$sdist" >"$tmp/sdist.log" 2>&1; then
      run "the sdist builds offline into a fresh venv and imports" \
        bash -c "cd $tmp && $tmp/sdist-venv/bin/python -c '$smoke'"
    else
      bad "offline install of the sdist"; tail -30 "$tmp/sdist.log"
    fi
  else
    bad "fresh venv with maturin, and the sdist's crates fetched"
  fi
fi

# --- every artifact's version -------------------------------------------------------------
run "versions of the artifacts (${#artifacts[@]} args)" python3 scripts/release/versions.py "${artifacts[@]}"
echo "packages: $((SECONDS - t0)) s"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

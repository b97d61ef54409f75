# The one virtualenv of the Python and engine suites (scripts/test.d/40-python.sh,
# 45-engines.sh, 46-duckdb.sh, 46-jvm.sh, and any later suite that needs Python packages).
# Source it from the repository's root:
#
#     . scripts/python/venv.sh      # sets $venv and $py, puts $venv/bin first on PATH
#     pctenc_wheel                  # builds the wheel and installs it into the venv
#
# The venv holds every pin of scripts/python/requirements-test.txt, installed once: it lives in
# target/test-venv (PCTENC_VENV moves it) and is made afresh whenever requirements-test.txt or
# the Python interpreter changes, so a clean clone (CI) gets a fresh venv, built by the first
# suite that needs it, and the later suites reuse it instead of installing the same ~1 GB again.
# pctenc_wheel installs the package with the documented command (`pip install ./crates/pctenc-py`,
# maturin as the PEP 517 backend, profile `wheel`): cargo rebuilds only what changed, and the
# package is reinstalled only when the wheel's bytes changed (e.g. scripts/build/duckdb.sh has
# since put the DuckDB extension beside the module). A suite run alone gets the same result.
# Suites run the tests from outside the source tree, so that the installed wheel is imported.

venv=${PCTENC_VENV:-$PWD/target/test-venv}
py=$venv/bin/python
_pctenc_requirements=$PWD/scripts/python/requirements-test.txt

_pctenc_venv_ready() {
    local want
    want="$(sha256sum <"$_pctenc_requirements" | cut -d' ' -f1) $(python3 -c 'import sys; print(sys.version)' | head -1)"
    if [ -x "$py" ] && [ "$(cat "$venv/.pctenc-requirements" 2>/dev/null)" = "$want" ]; then
        echo "venv: reusing $venv (same requirements-test.txt)"
        return 0
    fi
    rm -rf "$venv"
    mkdir -p "$(dirname "$venv")"
    python3 -m venv "$venv"
    sed 's/ *#.*//' "$_pctenc_requirements" | grep . >"$venv/requirements.txt"
    "$py" -m pip install -q --disable-pip-version-check -r "$venv/requirements.txt"
    echo "$want" >"$venv/.pctenc-requirements"
    echo "venv: fresh $venv with $(tr '\n' ' ' <"$venv/requirements.txt")"
}

# Builds the wheel (pip install ./crates/pctenc-py: maturin, profile `wheel`) into the venv.
pctenc_wheel() {
    local dir=$venv/wheel new old
    rm -rf "$dir"
    mkdir -p "$dir"
    # The documented install command, with the pinned maturin rather than whatever an isolated
    # build env would fetch; `pip wheel` is the same PEP 517 build, keeping the file to compare.
    "$py" -m pip wheel -q --disable-pip-version-check --no-build-isolation --no-deps \
        -w "$dir" ./crates/pctenc-py
    new=$(sha256sum "$dir"/pctenc-*.whl | cut -d' ' -f1)
    old=$(cat "$venv/.pctenc-wheel" 2>/dev/null || true)
    if [ "$new" = "$old" ] && "$py" -c 'import pctenc' 2>/dev/null; then
        echo "venv: wheel unchanged, already installed"
        return 0
    fi
    "$py" -m pip install -q --disable-pip-version-check --no-deps --force-reinstall "$dir"/pctenc-*.whl
    echo "$new" >"$venv/.pctenc-wheel"
    echo "venv: wheel installed ($(basename "$dir"/pctenc-*.whl))"
}

# As an activated venv: maturin's build hook runs the `maturin` binary from PATH.
export PATH="$venv/bin:$PATH" VIRTUAL_ENV="$venv"
mkdir -p "$(dirname "$venv")"
exec 9>"$(dirname "$venv")/.test-venv.lock"
flock 9 # one suite at a time builds or changes the venv (two suites run by hand at once)
_pctenc_venv_ready

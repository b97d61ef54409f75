"""Shared fixtures: where the repository's shared test data is."""

import json
import pathlib
import subprocess

import pytest

#: ../shared/testdata beside the checkout (tests read it in place, never copy it).
REPO = pathlib.Path(__file__).resolve().parents[3]
TESTDATA = REPO.parent / "shared" / "testdata"


@pytest.fixture(scope="session")
def testdata() -> pathlib.Path:
    if not TESTDATA.is_dir():
        raise FileNotFoundError(
            f"shared test data not found at {TESTDATA}: clone the repository next to shared/"
        )
    return TESTDATA


@pytest.fixture(scope="session")
def pctenc_cli() -> pathlib.Path:
    """The `pctenc` command of this checkout, for tests that hold the package to its words.
    Built with the test profile, which `cargo test --workspace` has already built when the
    whole suite runs (then this is a freshness check); needs cargo, as the wheel does."""
    subprocess.run(
        ["cargo", "build", "-q", "--profile", "test", "-p", "pctenc-cli"], cwd=REPO, check=True
    )
    meta = subprocess.run(
        ["cargo", "metadata", "-q", "--format-version", "1", "--no-deps"],
        cwd=REPO,
        check=True,
        capture_output=True,
        text=True,
    )
    exe = pathlib.Path(json.loads(meta.stdout)["target_directory"]) / "debug" / "pctenc"
    assert exe.is_file(), f"cargo built no {exe}"
    return exe

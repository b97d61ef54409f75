"""Shared fixtures: where the repository's shared test data is."""

import pathlib

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

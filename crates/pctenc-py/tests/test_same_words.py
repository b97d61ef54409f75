"""The package says what the `pctenc` command says: the profiles table, byte for byte, and the
same "did you mean" names for a misspelt profile. Both come from the library (its knob names
and `profile::suggest`); these tests hold the two front ends to it by running the command."""

import json
import subprocess

import pytest

import pctenc

#: Misspellings of every kind: a typo, a part of a name, a family head, a wrong case, a
#: runtime's own spelling, and names too far from any profile to suggest one.
MISSPELT = [
    "rfc396",
    "rfc3986x",
    "componnet",
    "component",
    "js-componnet",
    "encodeURIComponnet",
    "FORMM",
    "quote-plus",
    "url",
    "dotnet",
    "py",
    "zzzzzz",
]


def cli_message(cli, name: str) -> str:
    """The command's error for profile `name`, without the prefix and its pointer."""
    r = subprocess.run([cli, "encode", "-p", name, "x"], capture_output=True, text=True)
    assert r.returncode == 2, r
    prefix, pointer = "pctenc: ", " ('pctenc profiles' lists them all)\n"
    assert r.stderr.startswith(prefix) and r.stderr.endswith(pointer), r.stderr
    return r.stderr[len(prefix) : -len(pointer)]


def py_message(name: str) -> str:
    """The package's ValueError for profile `name`: the options model's message."""
    with pytest.raises(ValueError) as info:
        pctenc.encode("x", name)
    return str(info.value)


def test_did_you_mean_names_the_same_profiles_as_the_cli(pctenc_cli):
    suggested = 0
    for name in MISSPELT:
        cli, py = cli_message(pctenc_cli, name), py_message(name)
        assert py == cli, name
        assert py.startswith(f"unknown profile '{name}'"), py
        suggested += "; did you mean " in py
    # The list is worth having only if most of it gets a suggestion.
    assert suggested >= len(MISSPELT) - 3, suggested


def test_profiles_table_is_the_cli_json_byte_for_byte(pctenc_cli):
    r = subprocess.run([pctenc_cli, "profiles", "--json"], capture_output=True, check=True)
    cli = r.stdout.decode("utf-8")
    ours = pctenc.profiles()
    assert ours == json.loads(cli)
    # The same text as well, key order included, when written the way the CLI writes it
    # (two-space indent, UTF-8, DEL as \u007f).
    text = json.dumps(ours, indent=2, ensure_ascii=False).replace("\x7f", "\\u007f") + "\n"
    assert text == cli

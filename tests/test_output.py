"""Atomic writes and the JSON text form."""

from __future__ import annotations

import enum
import json
import os
from pathlib import Path
from typing import Any

import pytest

from homestaging.core.errors import InputError, StrEnum
from homestaging.formats.output import dumps_json, write_atomic


def test_dumps_json_keeps_order_and_characters() -> None:
    assert dumps_json({"b": 1, "a": ["é"]}) == '{\n  "b": 1,\n  "a": [\n    "é"\n  ]\n}\n'


def test_write_atomic_writes_and_replaces(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    write_atomic(target, "first")
    write_atomic(target, b"second")
    assert target.read_bytes() == b"second"
    assert os.listdir(tmp_path) == ["out.txt"]


def test_write_atomic_keeps_the_usual_permissions(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    write_atomic(target, "x")
    umask = os.umask(0)
    os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask


def test_write_atomic_refuses_an_input_file(tmp_path: Path) -> None:
    source = tmp_path / "sheet.json"
    source.write_text("{}")
    with pytest.raises(InputError) as caught:
        write_atomic(tmp_path / "." / "sheet.json", "x", protect=[source])
    target = tmp_path / "." / "sheet.json"
    assert str(caught.value) == f"{target}: refusing to overwrite an input file"
    assert source.read_text() == "{}"


@pytest.mark.parametrize("error", [KeyboardInterrupt, OSError], ids=["interrupt", "os-error"])
def test_write_atomic_leaves_nothing_on_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: type[BaseException]
) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old")

    def fail(*args: object) -> None:
        raise error()

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(InputError if error is OSError else KeyboardInterrupt):
        write_atomic(target, "new")
    assert os.listdir(tmp_path) == ["out.txt"]
    assert target.read_text() == "old"


def test_write_atomic_into_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(InputError) as caught:
        write_atomic(tmp_path / "nope" / "out.txt", "x")
    assert "cannot be written" in str(caught.value)


def test_write_atomic_onto_a_folder(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="is a folder"):
        write_atomic(tmp_path, "x")


class _Word(StrEnum):
    ONE = "one-word"


class _Number(enum.IntEnum):
    THREE = 3


@pytest.mark.parametrize("value", [
    {"text": "é \u2028 \n \" \\ \x7f", "numbers": [0, -7, 2**70, 1.5, -0.0, 1e300, 1e-7],
     "flags": [True, False, None], "enums": [_Word.ONE, _Number.THREE], "pair": (1, "a"),
     "empty": [[], {}, [[]], {"x": {}}], "nested": [{"a": [{"b": []}]}]},
    [], {}, "text", 3, 2.5, True, None, _Word.ONE,
    {1: "a key that is a number"}, {"x": float("nan")}, [float("inf"), float("-inf")],
])
def test_dumps_json_writes_what_json_dumps_writes(value: Any) -> None:
    assert dumps_json(value) == json.dumps(value, indent=2, ensure_ascii=False) + "\n"


def test_dumps_json_refuses_what_json_refuses() -> None:
    with pytest.raises(TypeError, match="not JSON serializable"):
        dumps_json({"a": [object()]})


def test_write_atomic_through_a_link_only_to_the_file_it_replaces(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    with pytest.raises(InputError) as refused:
        write_atomic(link, "new")
    assert str(refused.value) == (f"{link}: is a symbolic link; not written through (nothing "
                                  "written): give the file's own name")
    assert real.read_text() == "old"
    write_atomic(link, "new", replaces=link)  # the editor saving the sheet it opened
    assert link.is_symlink() and real.read_text() == "new"

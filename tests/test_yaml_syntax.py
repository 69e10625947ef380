"""YAML syntax errors in a player's words, at the place to mend, the same with PyYAML's own
parser and libyaml's."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from homestaging.cli.root import main
from homestaging.core.errors import InputError
from homestaging.formats.readers import load_yaml
from homestaging.formats.yamlsyntax import syntax_error

INDENT = "check the indentation"
KEY_IN_LIST = f"a key where a list item ('- ...') was expected; {INDENT}"
TAB = "a tab character: YAML indents with spaces only; replace it with spaces"
COLON = ("a colon (':') where none was expected: check the indentation of this key, or put "
         "the value in quotes if the colon is part of it")
NO_COLON = "no colon (':') on this line: expected 'key: value', or '- ' before a list item"
ALIAS = ("'&' and '*' start an anchor or an alias in YAML: put a value starting with them "
         "in quotes")

# (text, line:column: message)
CASES = {
    "list item in a mapping": ("id: x\nrooms:\n  - name: K\n  - type: k\n -  bad: 1\n",
                               f"5:2: a list item ('- ...') where a key was expected; {INDENT}"),
    "key in a list": ("- a\n- b\nc: 1\n",
                      f"3:1: {KEY_IN_LIST}"),
    "key of an item out of line": ("rooms:\n  - name: a\n    type: b\n   cards: 3\n",
                                   f"4:4: {KEY_IN_LIST}"),
    "dash without a space": ("rooms:\n  - name: a\n  -name: b\n",
                             "3:3: a '-' is followed by a space in a list item: write "
                             "'- name: value'"),
    "key indented too far": ("id: x\nname: y\n  number: 3\n", f"3:9: {COLON}"),
    "colon in a value": ("text: +3 if: it works\n", f"1:12: {COLON}"),
    "tab indenting a key": ("id: x\n\tname: y\n", f"2:1: {TAB}"),
    "tab indenting an item": ("rooms:\n\t- a\n", f"2:1: {TAB}"),
    "double quote never closed": ('id: "x\nname: y\n',
                                  '1:5: a quote (") that is never closed: the closing " is '
                                  "missing"),
    "single quote never closed": ("id: x\nname: 'y\n",
                                  "2:7: a quote (') that is never closed: the closing ' is "
                                  "missing"),
    "bracket never closed": ("id: [x, y\nname: y\n",
                             "2:5: expected ',' or ']' here: a comma is missing, or the '[' "
                             "(opened at line 1, column 5) is never closed"),
    "bracket never closed at the end": ("id: x\ncells: [A1, B2\n",
                                        "2:8: a '[' that is never closed: the closing ']' is "
                                        "missing"),
    "brace never closed": ("a: {b: 1\nc: 2\n",
                           "2:2: expected ',' or '}' here: a comma is missing, or the '{' "
                           "(opened at line 1, column 4) is never closed"),
    "bracket closing nothing": ("a: [x, y]]\n",
                                "1:10: a ']' that closes nothing: no '[' or '{' was opened "
                                "before it"),
    "missing colon": ("id: x\nname y\nnumber: 3\n", f"2:1: {NO_COLON}"),
    "colon without a space": ("id: x\nname:y\nnumber: 3\n",
                              "2:1: a colon (':') is followed by a space in YAML: write "
                              "'key: value'"),
    "text after a quoted value": ('text: "+3" if on a tree\n',
                                  "1:12: text after the closing quote of a value: put all of "
                                  "the value inside the quotes (or is a quote missing on a "
                                  "line above?)"),
    "list item after a key": ("a: - b\n", "1:4: a list item ('- ...') cannot follow a key on "
                                          "its line: start it on the next line, indented"),
    "value starting with @": ("name: @home\n",
                              "1:7: a value cannot start with '@' in YAML: put the value in "
                              "quotes"),
    "text starting with *": ("text: *cosy* corner\n", f"1:7: {ALIAS}"),
    "alias of nothing": ("text: *cosy\n", f"1:7: {ALIAS}"),
    "unknown escape": ('text: "C:\\my files"\n',
                       "1:7: a backslash in double quotes starts an escape such as \\n: write "
                       "\\\\ for a backslash, or put the text in single quotes"),
    "text after a block's bar": ("art: |x\n  KK\n",
                                 "1:6: text after '|' or '>' on its line: start the block's "
                                 "text on the next line, indented"),
    "a tag": ("a: !!python/object x\n",
              "1:4: tags ('!...') are not read: write the value without its tag"),
    "two documents": ("a: 1\n---\nb: 2\n",
                      "2:1: a second document ('---'): a file holds one document"),
    "anything else": ("a: [, x]\n",
                      "1:5: not valid YAML here: check the indentation, and the colons, "
                      "quotes and brackets on this line and the one above"),
}


def _loaders() -> list[type[yaml.SafeLoader]]:
    return [yaml.SafeLoader, *([yaml.CSafeLoader] if hasattr(yaml, "CSafeLoader") else [])]


@pytest.mark.parametrize(("text", "expected"), CASES.values(), ids=CASES.keys())
def test_a_syntax_error_is_told_in_words(text: str, expected: str) -> None:
    with pytest.raises(InputError) as caught:
        load_yaml(text, "p.yaml")
    assert [str(m) for m in caught.value.messages] == [f"p.yaml:{expected}"]


@pytest.mark.parametrize("loader", _loaders(), ids=lambda loader: loader.__name__)
@pytest.mark.parametrize(("text", "expected"), CASES.values(), ids=CASES.keys())
def test_both_parsers_give_the_same_message(
        loader: type[yaml.SafeLoader], text: str, expected: str) -> None:
    with pytest.raises(yaml.MarkedYAMLError) as caught:
        yaml.load(text, Loader=loader)
    assert str(syntax_error("p.yaml", text, caught.value)) == f"p.yaml:{expected}"


@pytest.mark.skipif(not hasattr(yaml, "CSafeLoader"), reason="libyaml's own limit")
def test_libyaml_nesting_limit_is_told_in_words() -> None:
    text = "a: " + "[" * 1001
    with pytest.raises(yaml.MarkedYAMLError) as caught:
        yaml.load(text, Loader=yaml.CSafeLoader)
    assert str(syntax_error("p.yaml", text, caught.value)) == (
        "p.yaml:1:1003: lists and mappings nested too deep")


def test_a_bad_catalog_names_the_place(tmp_path: Path) -> None:
    from homestaging.formats.catalogreader import load_catalog

    (tmp_path / "a.yaml").write_text("- id: stool\n  name: Stool\n tags: [chair]\n")
    with pytest.raises(InputError) as caught:
        load_catalog(tmp_path)
    assert [str(m) for m in caught.value.messages] == [
        f"{tmp_path / 'a.yaml'}:3:2: {KEY_IN_LIST}"]


def test_validate_says_where_and_exits_1(runner: CliRunner, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("p.yaml").write_text("id: x\nname: y\nrooms:\n  - name: K\n - type: k\n")
    result = runner.invoke(main, ["projects", "validate", "p.yaml"])
    assert (result.exit_code, result.stderr) == (1, "")
    assert result.stdout == (
        f"p.yaml:5:2: a list item ('- ...') where a key was expected; {INDENT}\n")


@pytest.mark.parametrize("args", [
    ["projects", "show", "plans/p.yaml"],
    ["furniture", "list", "--project", "plans/p.yaml"],
    ["new", "plans/p.yaml"],
    ["deal", "plans/p.yaml", "--seed", "1"],
], ids=["projects show", "furniture list", "new", "deal"])
def test_a_project_argument_is_named_as_typed(runner: CliRunner, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch,
                                              args: list[str]) -> None:
    monkeypatch.chdir(tmp_path)
    Path("plans").mkdir()
    Path("plans/p.yaml").write_text("id: x\nname: 'Cottage\n")
    result = runner.invoke(main, args)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "plans/p.yaml:2:7: a quote (') that is never closed: the closing ' is missing\n")

"""docs/rules.md documents every option and every preset the package registers.

Each rule family has one frozen dataclass of options (``Rules``, ``CircleRules``,
``MaumauRules``, …). These tests collect the families from ``durak_edu.VARIANTS`` itself, so a
new family, a new option or a new preset fails here until docs/rules.md names it in code style
(in backticks: `name`, or `"name"` for a preset).
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

import durak_edu

DOCS = Path(__file__).parent.parent / "docs" / "rules.md"

#: the text of every inline code span, e.g. `throw_in` -> "throw_in"
CODE_SPAN = re.compile(r"`([^`\n]+)`")


def rule_classes() -> list[type]:
    """The Rules class of every registered variant family, in registration order."""
    seen: dict[type, None] = {}
    for v in durak_edu.VARIANTS.values():
        seen.setdefault(type(v.rules), None)
    return list(seen)


def option_names(cls: type) -> list[str]:
    return [f.name for f in dataclasses.fields(cls)]


def spans(text: str) -> set[str]:
    """The contents of the code spans of ``text``, quotes around a whole span removed."""
    out = set()
    for s in CODE_SPAN.findall(text):
        s = s.strip()
        out.add(s)
        if len(s) > 1 and s[0] == s[-1] and s[0] in "\"'":
            out.add(s[1:-1])
    return out


def table_options(text: str) -> set[str]:
    """Names in backticks in the first cell of a Markdown table row (the options tables)."""
    out = set()
    for line in text.splitlines():
        if line.startswith("|"):
            first = line.split("|")[1]
            out.update(CODE_SPAN.findall(first))
    return out


@pytest.fixture(scope="module")
def docs() -> str:
    return DOCS.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def code(docs) -> set[str]:
    return spans(docs)


def test_helpers():
    assert spans('set `throw_in` or `"podkidnoy"`, not throw_in') == {"throw_in", '"podkidnoy"',
                                                                      "podkidnoy"}
    assert "deck" not in spans("`deck=52` and deck")
    assert table_options("| `a`, `b` | R1 | `c` |\ntext `d`\n") == {"a", "b"}


def test_families_are_found():
    # Guard against a vacuous pass: the registry has presets of all three families at least.
    classes = rule_classes()
    names = {c.__name__ for c in classes}
    assert {"Rules", "CircleRules", "MaumauRules"} <= names, names
    assert all(dataclasses.is_dataclass(c) and option_names(c) for c in classes)


@pytest.mark.parametrize("cls", rule_classes(), ids=lambda c: c.__name__)
def test_every_option_is_documented(code, cls):
    missing = [name for name in option_names(cls) if name not in code]
    assert not missing, (f"docs/rules.md does not mention these {cls.__name__} options in "
                         f"backticks: {', '.join(missing)}")


@pytest.mark.parametrize("cls", rule_classes(), ids=lambda c: c.__name__)
def test_every_option_is_in_an_options_table(docs, cls):
    have = table_options(docs)
    missing = [name for name in option_names(cls) if name not in have]
    assert not missing, (f"add a row for each of these {cls.__name__} options to the options "
                         f"tables of docs/rules.md (first column, in backticks): "
                         f"{', '.join(missing)}")


def test_every_preset_is_documented(code):
    assert durak_edu.VARIANTS
    missing = [name for name in durak_edu.VARIANTS if name not in code]
    assert not missing, ("docs/rules.md does not name these presets in backticks: "
                         + ", ".join(missing))

"""docs/rules.md defines every rule clause that the package cites (R2.13: errors name a clause).

Error messages, docstrings and comments cite clauses such as ``R2.6``; users look them up in
docs/rules.md. These tests fail if a cited clause is missing from the docs (or a citation has a
typo), and if any numbered clause of the rules contract is missing.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
PACKAGE = ROOT / "durak_edu"
DOCS = ROOT / "docs" / "rules.md"

#: a clause reference, e.g. R2 or R2.6 (not inside a longer word or number)
REFERENCE = re.compile(r"(?<![A-Za-z0-9_.])R\d+(?:\.\d+)?(?![0-9])(?!\.\d)")

#: the sections and numbered clauses of the rules contract
SECTIONS = [f"R{i}" for i in range(12)]
CLAUSES = ([f"R1.{i}" for i in range(1, 4)] + [f"R2.{i}" for i in range(1, 14)]
           + [f"R3.{i}" for i in range(1, 5)] + [f"R7.{i}" for i in range(1, 9)]
           + [f"R8.{i}" for i in range(1, 6)] + [f"R9.{i}" for i in range(1, 52)])


def cited_clauses() -> dict[str, list[str]]:
    """Every clause reference in the package's .py files -> where it is cited ("file:line")."""
    found: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for ref in REFERENCE.findall(line):
                found.setdefault(ref, []).append(f"{path.relative_to(ROOT)}:{lineno}")
    return found


def mentions(text: str, ref: str) -> bool:
    """Does ``ref`` occur in ``text`` as a whole token ("R2.1" is not found in "R2.12")?"""
    return re.search(r"(?<![A-Za-z0-9_.])" + re.escape(ref) + r"(?![0-9])(?!\.\d)", text) is not None


def defined(text: str) -> set[str]:
    """Sections (``## R4. …``) and clauses (``**R2.6 …**`` at a line start) defined in ``text``."""
    sections = re.findall(r"^## (R\d+)\.\s", text, flags=re.M)
    clauses = re.findall(r"^\*\*(R\d+\.\d+)[\s.*]", text, flags=re.M)
    return set(sections) | set(clauses)


@pytest.fixture(scope="module")
def docs() -> str:
    return DOCS.read_text(encoding="utf-8")


def test_token_matching_is_exact():
    assert mentions("see R2.12 and R3.", "R3")
    assert not mentions("see R2.12", "R2.1")
    assert not mentions("see R2.12", "R2")
    assert not mentions("see R21", "R2")
    assert mentions("(R2.1)", "R2.1")
    assert REFERENCE.findall("R2.6: limit; R4 B; see R2.12.") == ["R2.6", "R4", "R2.12"]
    assert defined("## R2. Title\n**R2.1 Roles.** x\n- R2.2 in a bullet\n") == {"R2", "R2.1"}


def test_package_cites_clauses():
    # Guard against a vacuous pass (e.g. the package moved): the code does cite clauses.
    cited = cited_clauses()
    assert len(cited) >= 10 and "R2.6" in cited, sorted(cited)


def test_every_cited_clause_is_in_the_docs(docs):
    have = defined(docs)
    missing = {ref: where for ref, where in cited_clauses().items()
               if ref not in have or not mentions(docs, ref)}
    assert not missing, "clauses cited in the code but not defined in docs/rules.md:\n" + "\n".join(
        f"  {ref}: cited at {', '.join(where[:5])}" for ref, where in sorted(missing.items()))


@pytest.mark.parametrize("ref", SECTIONS + CLAUSES)
def test_contract_clause_is_in_the_docs(docs, ref):
    assert ref in defined(docs), (
        f"docs/rules.md lacks {ref}: write it as '## {ref}. Title' (a section) or as a line "
        f"starting '**{ref} Title.**' (a clause)")


def test_docs_define_no_unknown_clauses(docs):
    # A clause in the docs that the contract lacks would be a numbering mistake.
    assert defined(docs) <= set(SECTIONS + CLAUSES)

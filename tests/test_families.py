"""The rule families are registered parts (issue 14): one registration per family ties its
options class, its engine and its presets together, ``VARIANTS`` is complete whatever is imported
first, and no module reaches into another's private names.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from durak_edu import new_game
from durak_edu.games import ENGINES, Game
from durak_edu.games.wide import is_wide
from durak_edu.rules import FAMILIES, VARIANTS, Rules, register, register_family

PACKAGE = Path(__file__).resolve().parent.parent / "durak_edu"


def test_one_registration_per_family():
    assert list(FAMILIES) == ["attack", "circle", "shedding"]
    assert {v.family for v in VARIANTS.values()} == set(FAMILIES)
    assert len({f.rules for f in FAMILIES.values()}) == len(FAMILIES)
    for name, family in FAMILIES.items():
        assert family.name == name == family.rules.family
        assert family.presets, name
    with pytest.raises(ValueError, match="the attack family is registered already"):
        register_family(Rules, "durak_edu.games.core.game:AttackGame", "R1")
    assert list(FAMILIES) == ["attack", "circle", "shedding"]


def test_every_preset_belongs_to_its_family_and_its_family_has_an_engine():
    for name, v in VARIANTS.items():
        family = FAMILIES[v.family]
        assert isinstance(v.rules, family.rules), name
        assert name in family.presets
        engine = family.engine
        assert issubclass(engine, Game) and engine.family == v.family, name
        assert ENGINES[v.family] is engine
        players = v.rules.table_sizes()[0]
        game = new_game(name, players=players, seed=1)
        if v.rules.deck == 72:  # R9.21, R9.29: two decks, on the core's wide copy (wide.py)
            assert is_wide(type(game).__module__) and type(game).__name__ == engine.__name__, name
        else:
            assert type(game) is engine, name


def test_a_preset_of_an_unregistered_family_is_refused():
    class Stray(Rules):
        family = "stray"

    with pytest.raises(ValueError, match="register the stray family first"):
        register("stray", "Stray", "Stray", "R0", "none", Stray())
    assert "stray" not in VARIANTS


FIRST_IMPORTS = [
    "import durak_edu.rules",
    "from durak_edu.rules.attack import Rules",
    "from durak_edu.rules.registry import VARIANTS",
    "from durak_edu.games.circle import CircleGame",
    "from durak_edu.games.maumau import MaumauRules",
    "import durak_edu.record",
]


@pytest.mark.parametrize("first", FIRST_IMPORTS)
def test_variants_are_complete_whatever_is_imported_first(first):
    code = (f"{first}\nimport json, sys\nfrom durak_edu.rules import VARIANTS\n"
            "json.dump({n: v.family for n, v in VARIANTS.items()}, sys.stdout)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=PACKAGE.parent).stdout
    seen = json.loads(out)
    assert len(seen) >= 23
    assert seen == {n: v.family for n, v in VARIANTS.items()}
def private_imports(path: Path, root: Path = PACKAGE.parent) -> list[str]:
    """``from m import _name`` anywhere in ``path`` (a name with one leading underscore is its
    module's own), and a ``_module`` imported from outside its package."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.ImportFrom):
            continue
        for alias in node.names:
            if alias.name.startswith("_") and not alias.name.startswith("__"):
                out.append(f"{path.relative_to(root)}:{node.lineno}: "
                           f"{alias.name} from {node.module}")
        parts = (node.module or "").split(".")
        if node.level != 1 and any(p.startswith("_") and not p.startswith("__") for p in parts):
            out.append(f"{path.relative_to(root)}:{node.lineno}: module {node.module}")
    return out


def test_the_walker_sees_a_private_import(tmp_path):
    f = tmp_path / "m.py"
    f.write_text("from .a import b, _c\nfrom ..x._y import z\nfrom ._ok import w\n")
    found = [line.split(": ", 1)[1] for line in private_imports(f, tmp_path)]
    assert found == ["_c from a", "module x._y"]


def test_no_module_imports_a_private_name_of_another():
    found = [hit for path in sorted(PACKAGE.rglob("*.py")) for hit in private_imports(path)]
    assert not found, "give these shared helpers a public name (and a shared module):\n" + \
        "\n".join(found)


def test_the_rules_layer_does_not_import_the_engines():
    # docs/architecture.md: no module imports from a layer above; the engines are named instead.
    found = []
    for path in sorted((PACKAGE / "rules").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                module = "." * node.level + (node.module or "")
                if "games" in module.split(".") or module.startswith("durak_edu.games"):
                    found.append(f"{path.name}:{node.lineno}: {module}")
            elif isinstance(node, ast.Import):
                found += [f"{path.name}:{node.lineno}: {a.name}" for a in node.names
                          if a.name.startswith("durak_edu.games")]
    assert not found, found


def test_a_family_no_search_serves_says_so_when_asked_for_a_position_key():
    import pytest
    from durak_edu import new_game
    assert new_game("podkidnoy", seed=1).position_key()
    for name in ("japanese_circle", "japanese_maumau"):
        with pytest.raises(TypeError, match="which no search serves yet"):
            new_game(name, players=3, seed=1).position_key()

"""The house parts by hook point (durak_edu/games/core/hooks.py, issue 25): the compiled core
calls at each hot hook point only the active parts that implement that hook, so a part's hook
is never skipped and a no-op is never called. The move-for-move agreement of every preset is
the part tests' (tests/test_core_part_*.py); these hold the dispatch itself to its promise."""

from __future__ import annotations

import ast
import pathlib

import pytest

from durak_edu import VARIANTS, new_game
from durak_edu.games.core import hooks
from durak_edu.games.core.house import PARTS, HousePart
from durak_edu.games.core.game import AttackGame
from durak_edu.games.core.state import with_trump

from core_parts import core_state

CORE = pathlib.Path(hooks.__file__).resolve().parent


def _play_hooks() -> set[str]:
    """The hooks of ``HousePart`` that the hot modules (apply, moves, checks) call in play."""
    called = set()
    for name in ("apply", "moves", "checks"):
        for node in ast.walk(ast.parse((CORE / f"{name}.py").read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "part"):
                called.add(node.func.attr)
    return called


def test_every_hook_the_hot_modules_call_is_dispatched_by_hook():
    called = _play_hooks()
    assert called and called <= set(hooks.NAMES)


def test_the_hot_modules_loop_over_the_parts_of_the_hook_they_call():
    """``for part in ....hooks.X: ... part.Y(...)`` has X == Y: a loop over another hook's
    parts would skip a part (or call a no-op)."""
    loops = 0
    for name in ("apply", "moves", "checks"):
        tree = ast.parse((CORE / f"{name}.py").read_text())
        for node in ast.walk(tree):
            if not (isinstance(node, ast.For) and isinstance(node.target, ast.Name)
                    and node.target.id == "part"):
                continue
            it = node.iter
            assert isinstance(it, ast.Attribute) and isinstance(it.value, ast.Attribute)
            assert it.value.attr == "hooks", f"{name}.py:{node.lineno} loops over {ast.unparse(it)}"
            calls = {c.func.attr for c in ast.walk(node) if isinstance(c, ast.Call)
                     and isinstance(c.func, ast.Attribute) and isinstance(c.func.value, ast.Name)
                     and c.func.value.id == "part"}
            assert calls == {it.attr}, f"{name}.py:{node.lineno}"
            loops += 1
    assert loops >= len(hooks.NAMES)


@pytest.mark.parametrize("part", PARTS, ids=lambda p: type(p).__name__)
def test_a_part_is_called_exactly_at_the_hooks_it_implements(part):
    h = hooks.of(PARTS)
    for name in hooks.NAMES:
        mine = any(name in vars(k) for k in type(part).__mro__ if k not in (HousePart, object))
        assert (part in getattr(h, name)) == mine, name


def test_the_hooks_keep_the_parts_order():
    h = hooks.of(PARTS)
    for name in hooks.NAMES:
        got = getattr(h, name)
        assert list(got) == sorted(got, key=PARTS.index)


@pytest.mark.parametrize("name", [n for n, v in VARIANTS.items() if v.family == "attack"])
def test_every_preset_s_config_holds_its_parts_by_hook(name):
    g = new_game(name, players=VARIANTS[name].rules.player_range().start, seed=3)
    if not isinstance(g, AttackGame):
        assert VARIANTS[name].rules.deck == 72  # R9.21, R9.29: the wide copy's (wide.py)
        pytest.skip("not on the compiled core (72 cards)")
    c = core_state(g).cfg
    for hook in hooks.NAMES:
        assert getattr(c.hooks, hook) == tuple(p for p in c.parts if hooks.implements(p, hook))
    assert with_trump(c, -1).hooks is c.hooks  # a trump swap (R9.36) keeps them


def test_a_rule_with_nothing_to_do_in_play_calls_no_hook():
    c = core_state(new_game("bezmastny", players=2, seed=1)).cfg  # R9.2: beating only
    assert c.parts and not any(getattr(c.hooks, name) for name in hooks.NAMES)


def test_the_parts_copies_of_the_core_s_move_kinds_are_the_core_s():
    """A part names a core move kind by number (it cannot import ``moves``: the core imports
    the parts); the numbers must be the core's."""
    from durak_edu.games.core import moves
    from durak_edu.games.core.house import counter_attack, jokers, one_higher_phase
    assert jokers._BEAT == moves.BEAT
    assert counter_attack.SHIFT == one_higher_phase.SHIFT == moves.SHIFT
    assert one_higher_phase.TAKE == moves.TAKE

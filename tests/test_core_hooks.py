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
            calls = {c.func.attr for c in ast.walk(node) if isinstance(c, ast.Call)
                     and isinstance(c.func, ast.Attribute) and isinstance(c.func.value, ast.Name)
                     and c.func.value.id == "part"}
            if ast.unparse(it) == "phase_moves(st)":  # the ``moves`` parts of one phase
                assert calls == {"moves"}, f"{name}.py:{node.lineno}"
                loops += 1
                continue
            assert isinstance(it, ast.Attribute) and isinstance(it.value, ast.Attribute)
            assert it.value.attr == "hooks", f"{name}.py:{node.lineno} loops over {ast.unparse(it)}"
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
    from durak_edu.games.core.state import config_of
    c = config_of(g)  # (the game's own may have a part asked at fewer hooks: house.rehook)
    assert core_state(g).cfg.parts == c.parts
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
    from durak_edu.games.core.house import counter_attack, joker_ends_bout, one_higher_phase
    assert joker_ends_bout._BEAT == moves.BEAT
    assert counter_attack.SHIFT == one_higher_phase.SHIFT == moves.SHIFT
    assert one_higher_phase.TAKE == moves.TAKE


# -- when a part's hook acts (HousePart.moves_in, apply_own_only, piles_grow) --------------------
# The core skips a part's ``moves`` outside the phases it declares, its ``apply`` for core moves
# if it plays only its own kinds, and counts a playout's repetitions by epochs if every part
# keeps the piles growing. Each declaration is checked against the part itself, asked anyway
# at every position of random games of every preset that plays it.

#: every preset on the core, at its smallest table
_PRESETS = [n for n, v in VARIANTS.items() if v.family == "attack" and v.rules.deck != 72]


def _games(name, seeds=3):
    """Each of ``seeds`` random games of ``name``: its positions (copies of the core's state)."""
    import random
    for seed in range(seeds):
        g = new_game(name, players=VARIANTS[name].rules.player_range().start, seed=seed)
        rng = random.Random(seed)
        game = [core_state(g).copy()]
        while not g.is_over:
            g.play(rng.choice(g.legal_actions()))
            game.append(core_state(g).copy())
        yield game


def _positions(name, seeds=3):
    for game in _games(name, seeds):
        yield from game


def _phase(st):
    if st.opening:
        return "opening"
    return "defence" if st.to_act == st.defender and not st.taking else "throw"


def test_the_hooks_hold_the_parts_declarations():
    h = hooks.of(PARTS)
    for phase in hooks.PHASES:
        assert getattr(h, f"moves_{phase}") == tuple(p for p in h.moves if phase in p.moves_in)
    assert h.apply_core == any(not p.apply_own_only for p in h.apply)
    assert hooks.of(()).piles_grow and hooks.of(()).menu_free
    for p in PARTS:
        assert set(p.moves_in) <= set(hooks.PHASES), type(p).__name__
        if p.apply_own_only:
            assert p.kinds and min(p.kinds) >= 8, type(p).__name__


@pytest.mark.parametrize("name", _PRESETS)
def test_a_part_s_moves_leave_the_menu_alone_outside_its_phases(name):
    from durak_edu.games.core.moves import core_menu, phase_moves
    asked = 0
    for st in _positions(name):
        if st.to_act < 0 or not st.cfg.hooks.moves:
            continue
        skipped = [p for p in st.cfg.hooks.moves if p not in phase_moves(st)]
        assert all(_phase(st) not in p.moves_in for p in skipped)
        for part in skipped:
            m = core_menu(st)
            assert part.moves(st, m) is m, (type(part).__name__, _phase(st))
            asked += 1
    if any(p.moves_in != frozenset(hooks.PHASES) for p in core_state(
            new_game(name, players=VARIANTS[name].rules.player_range().start)).cfg.hooks.moves):
        assert asked, "no position outside the part's phases was met"


@pytest.mark.parametrize("name", _PRESETS)
def test_a_part_that_plays_its_own_kinds_only_plays_no_core_move(name):
    from durak_edu.games.core.moves import SHIFT, moves
    asked = 0
    for st in _positions(name, seeds=2):
        own = [p for p in st.cfg.hooks.apply if p.apply_own_only]
        if st.to_act < 0 or not own:
            continue
        for move in moves(st):
            if move >> SHIFT < 8:
                for part in own:
                    assert not part.apply(st.copy(), move), (type(part).__name__, move)
                    asked += 1
    cfg = core_state(new_game(name, players=VARIANTS[name].rules.player_range().start)).cfg
    assert asked or not any(p.apply_own_only for p in cfg.hooks.apply)


@pytest.mark.parametrize("name", _PRESETS)
def test_the_parts_that_say_the_piles_grow_draw_and_discard_only(name):
    """R2.11's epochs (``apply._end_bout``'s ``lean``): the talon drawn and the discard's size
    never go back while a playout may count by epochs."""
    cfg = core_state(new_game(name, players=VARIANTS[name].rules.player_range().start)).cfg
    if not cfg.hooks.piles_grow:
        pytest.skip("a part of it does not say so: its playouts count every position")
    for game in _games(name):
        for before, after in zip(game, game[1:]):
            assert after.tp >= before.tp and len(after.discard) >= len(before.discard)


def test_a_retired_part_is_asked_no_more_and_undo_asks_it_again():
    """R9.38: once the first phase is over its part retires (``house.retire``): the core
    stops asking its hooks, the config keeps the part, and undo returns to the phase."""
    import random
    from durak_edu.games.core.house.one_higher_phase import OneHigherPhase, climbing
    g = new_game("krestovy", players=2, seed=5)
    rng = random.Random(5)
    part = next(p for p in core_state(g).cfg.parts if isinstance(p, OneHigherPhase))
    assert part in core_state(g).cfg.hooks.moves and part in core_state(g).cfg.hooks.apply
    while climbing(core_state(g)):
        g.play(rng.choice(g.legal_actions()))
    cfg = core_state(g).cfg
    assert part in cfg.parts and not any(part in getattr(cfg.hooks, name)
                                         for name in hooks.NAMES)
    assert cfg.hooks.menu_free and cfg.hooks.piles_grow and not cfg.hooks.moves
    g.undo()
    assert climbing(core_state(g)) and part in core_state(g).cfg.hooks.moves


@pytest.mark.parametrize("name", ["volshebny", "krestovy", "ochkovy", "figurny",
                                  "trump_six_swap", "armyansky", "vtoraya_popytka", "pokerny"])
def test_a_part_left_out_of_a_hook_has_nothing_to_do_there(name):
    """``house.rehook``/``retire``: where the core no longer asks a part (R9.49: a bout whose
    opener holds no joker; R9.38: the first phase over; R9.28: who laid, but in pogonny), asking it
    anyway changes nothing: its ``moves`` leaves the menu alone, its ``apply`` plays none of
    the legal moves, its ``played`` writes no slot."""
    from durak_edu.games.core.moves import core_menu, moves
    left_out = 0
    for st in _positions(name, seeds=4):
        if st.to_act < 0:
            continue
        for part in st.cfg.parts:
            if hooks.implements(part, "moves") and part not in st.cfg.hooks.moves:
                m = core_menu(st)
                assert part.moves(st, m) is m, type(part).__name__
                left_out += 1
            if hooks.implements(part, "apply") and part not in st.cfg.hooks.apply:
                for move in moves(st):
                    assert not part.apply(st.copy(), move), (type(part).__name__, move)
            if hooks.implements(part, "played") and part not in st.cfg.hooks.played:
                for move in moves(st):
                    cp = st.copy()
                    part.played(cp, move)
                    assert cp.extra == st.extra, (type(part).__name__, move)
                left_out += 1
    assert left_out, "no position where a part was left out"


def test_rehook_goes_back_to_the_same_configs():
    """R9.49's part is asked at every hook in a bout whose opener holds a joker and at the bout's
    start only otherwise: a game going back and forth uses the same two configs (and a third
    once both jokers are discarded: retired)."""
    import random
    from durak_edu.games.core.house.joker_gives import JokerGives
    asked = set()
    for seed in range(6):
        g = new_game("volshebny", players=2, seed=seed)
        rng = random.Random(seed)
        configs = set()
        while not g.is_over:
            c = core_state(g).cfg
            part = next(p for p in c.parts if isinstance(p, JokerGives))
            configs.add(id(c))
            asked.add(tuple(n for n in hooks.NAMES if part in getattr(c.hooks, n)))
            g.play(rng.choice(g.legal_actions()))
        assert len(configs) <= 3, seed  # (the game's own config, quiet, retired)
    assert asked == {("apply", "bout_start", "moves"), ("bout_start",), ()}

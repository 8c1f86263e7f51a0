"""The core's C typing (issue 25): the .pxd files, the compiled build and the plain-Python switch.

The hot modules of ``durak_edu/games/core/`` are compiled by Cython with C types from a ``.pxd``
beside each (``unsigned long long`` masks, ``cdef class`` states). What a user relies on: the
compiled core plays exactly the plain-Python core's games — card positions up to 53 (the
jokers, R9.22) included, where a 32-bit shift would overflow — and ``DURAK_EDU_PURE=1`` runs
the very same sources as plain Python, so every core test can run both ways.
"""

from __future__ import annotations

import ast
import os
import pathlib
import random
import subprocess
import sys

import pytest

from durak_edu import new_game
from durak_edu.games import cython_shim
from durak_edu.games.core import bits, moves, playout, state
from durak_edu.games.core.state import CONFIG_FIELDS, supports, with_trump

from core_parts import core_state

ROOT = pathlib.Path(__file__).resolve().parent.parent
BUILT = not moves.__file__.endswith(".py")


def test_setup_compiles_the_modules_the_switch_knows():
    """setup.py's list of the core's compiled modules is ``cython_shim.CORE_COMPILED`` (a module
    compiled but unknown to the switch would stay compiled under DURAK_EDU_PURE=1)."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    core = next(node.value for node in ast.walk(tree) if isinstance(node, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == "CORE" for t in node.targets))
    assert tuple(ast.literal_eval(core)) == cython_shim.CORE_COMPILED


def _imported_files(pure: bool) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("DURAK_EDU_PURE", None)
    if pure:
        env["DURAK_EDU_PURE"] = "1"
    code = ("import json, importlib, durak_edu\n"
            "from durak_edu.games import cython_shim\n"
            "print(json.dumps({m: importlib.import_module(m).__file__ "
            "for m in cython_shim.COMPILED}))")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, check=True).stdout
    import json
    files: dict[str, str] = json.loads(out)
    return files


def test_the_pure_switch_imports_every_compiled_module_from_its_source():
    files = _imported_files(pure=True)
    assert set(files) == set(cython_shim.COMPILED)
    for name, path in files.items():
        assert path.endswith(".py"), (name, path)


@pytest.mark.skipif(not BUILT, reason="the core was not compiled (or DURAK_EDU_PURE is on)")
def test_without_the_switch_the_compiled_modules_are_imported():
    for name, path in _imported_files(pure=False).items():
        assert not path.endswith(".py"), (name, path)


def test_masks_above_bit_31_keep_their_high_cards():
    """C shifts of 1 overflow above bit 31: positions 32-53 (the high ranks and the jokers)
    must count, unrank and pick exactly as Python's integers do."""
    red, black, ace = 1 << 53, 1 << 52, 1 << 51
    m = red | black | ace | 1
    assert bits.popcount(m) == 4
    assert bits.bitlen(red) == 54 and bits.lowest(red) == 53 and bits.lowest(0) == -1
    assert bits.nth_bit(m, 3) == red
    assert [bits.nth_combination(m, 2, j) for j in range(6)] == [
        1 | ace, 1 | black, 1 | red, ace | black, ace | red, black | red]
    assert bits.nth_subset(m, 4, 14) == m
    assert bits.rank_counts_multi(0xF << 48) == 1 << 48  # four aces: a rank held twice or more


@pytest.mark.parametrize("name,players", [("two_joker", 3), ("jokers_by_colour", 2), ("podkidnoy", 6)])
def test_core_playouts_with_high_positions_match_the_api_game(name, players):
    """Whole games with jokers (positions 52, 53) and with aces (48-51) on the core, compiled
    or not, end as the public-API games with the same generator end."""
    for seed in range(12):
        g = new_game(name, players=players, seed=seed)
        assert supports(g), name
        ref = g.clone()
        rng = random.Random(seed)
        while not ref.is_over:  # the public API, move by move
            ref.play(rng.choice(ref.legal_actions()))
        st = core_state(g.clone(history=False))
        playout.playout(st, random.Random(seed).getrandbits)
        assert st.to_act == -1
        durak = st.end[0] if st.end is not None and st.end[0] >= 0 else None
        assert durak == ref.result.durak, (name, seed)
        assert sorted(st.discard) == sorted(state._POS[c.index] for c in ref.discard)


def test_a_trump_swapped_config_keeps_every_other_field():
    """R9.36 swaps the trump by copying a Config field by field (``CONFIG_FIELDS``): a field
    left out would be unset (plain Python) or zero (compiled)."""
    c = core_state(new_game("perevodnoy", players=3, seed=5)).cfg
    other = (c.trump_suit + 1) % 4
    new = with_trump(c, other)
    assert new.trump_suit == other and new.trump_mask == 0x1111111111111 << other
    for name in CONFIG_FIELDS:
        if name not in ("trump_suit", "trump_mask", "beat", "beat_rules"):
            assert getattr(new, name) == getattr(c, name), name
    if not BUILT:  # plain Python: the field list is the slots
        assert set(CONFIG_FIELDS) == set(state.Config.__slots__)


def test_huge_bout_limits_play_as_the_deck():
    """R2.6's limits are any whole number >= 1; the core's C integers keep one above 2**62
    as 2**62, which plays exactly as the deck size does."""
    st = core_state(new_game("podkidnoy", players=3, seed=2, bout_limit=2 ** 80,
                             first_bout_limit=2 ** 70))
    assert st.cfg.first_limit == st.cfg.later_limit == 2 ** 62
    same = core_state(new_game("podkidnoy", players=3, seed=2, bout_limit=36,
                               first_bout_limit=36))
    playout.playout(st, random.Random(3).getrandbits)
    playout.playout(same, random.Random(3).getrandbits)
    assert st.end == same.end and st.hands == same.hands

"""The house parts that add moves of their own (R9.10, R9.17–R9.19, R9.26, R9.38, R9.39) on the
core: the tests of the hooks themselves (``moves.extended``, the move kinds, ``count``/``nth``)
and of every such part's preset played out on the core. The machinery their test modules share
(``invariants_all``, ``through_core_game``, ``new_games_until``: the gallery's move shapes among
the candidates) is in ``core_parts``.
"""

from __future__ import annotations

import random

import pytest

from durak_edu.cards import mask_of, to_rank_major
from durak_edu.games.core import decode, moves as core_moves
from durak_edu.games.core.house import PARTS, part_of_kind
from durak_edu.games.core.state import supports
from durak_edu import new_game

from core_parts import core_state


# -- the hooks themselves -----------------------------------------------------------------------

def test_every_part_kind_is_its_own_and_above_the_cores():
    kinds = [k for p in PARTS for k in p.kinds]
    assert len(kinds) == len(set(kinds))  # no two parts share a kind
    assert all(8 <= k < 64 for k in kinds)  # above the core's (1-7), below the shift's room
    assert all(k in part_of_kind(k).kinds for k in kinds)
    import sys
    for p in PARTS:  # the parts' copy of the move encoding's shift is the core's
        assert getattr(sys.modules[type(p).__module__], "SHIFT", core_moves.SHIFT) == \
            core_moves.SHIFT


def test_extended_lists_a_parts_moves_after_the_cores_and_counts_them():
    c = core_state(new_game("podkidnoy", seed=3))  # the core's own game (new_game's)
    base = core_moves.menu(c)
    n = core_moves.count_menu(base)
    extra = [20 << core_moves.SHIFT | 1, 20 << core_moves.SHIFT | 2]
    m = core_moves.extended(base, extra[:1])
    m = core_moves.extended(m, extra[1:])  # a second part adds after the first
    assert core_moves.count_menu(m) == n + 2
    assert [core_moves.nth_of_menu(m, j) for j in range(n + 2)] == core_moves.moves(c) + extra
    assert core_moves.extended(base, []) is base


def test_extended_subsets_counts_and_unranks_what_extended_would_list():
    """R9.19's swaps (``moves.extended_subsets``): a part's moves made of the subsets of some
    cards, counted and unranked, are in order the moves ``extended`` would list with
    ``bits.subsets``, after the core's and after another part's listed ones."""
    from durak_edu.games.core import bits
    c = core_state(new_game("podkidnoy", seed=3))
    base = core_moves.menu(c)
    other = [20 << core_moves.SHIFT | 1]
    tag = 23 << core_moves.SHIFT
    for cards in (0, 0b1, 0b1011, 0xF0F0F, 1 << 53 | 1 << 40 | 7):
        for room in (0, 1, 2, 3, 9):
            m = core_moves.extended_subsets(core_moves.extended(base, other), tag, cards, room)
            count = core_moves.count_menu(m)
            want = core_moves.moves(c) + other + [tag | s for s in bits.subsets(cards, room)]
            assert [core_moves.nth_of_menu(m, j) for j in range(count)] == want, (cards, room)
            with pytest.raises(IndexError):
                core_moves.nth_of_menu(m, count)
    assert core_moves.extended_subsets(base, tag, 0b11, 0) is base
    assert core_moves.extended_subsets(base, tag, 0, 2) is base


def test_extended_combinations_counts_and_unranks_every_k_subset():
    """R9.49's gifts (``moves.extended_combinations``): every subset of exactly ``k`` of some
    cards, counted and unranked, in ``bits.combinations`` order after the menu's own moves,
    and listed only by ``moves``."""
    from math import comb
    from durak_edu.games.core import bits
    c = core_state(new_game("podkidnoy", seed=3))
    base = core_moves.menu(c)
    tag = 26 << core_moves.SHIFT
    for cards in (0b1, 0b1011, 0xF0F0F, 1 << 53 | 1 << 52 | 1 << 40 | 7):
        for k in (1, 2, 5):
            m = core_moves.extended_combinations(base, tag, cards, k)
            count = core_moves.count_menu(m)
            n = bin(cards).count("1")
            if k > n:
                assert m is base
                continue
            assert count == core_moves.count_menu(base) + comb(n, k)
            want = core_moves.moves(c) + [tag | s for s in bits.combinations(cards, k)]
            assert [core_moves.nth_of_menu(m, j) for j in range(count)] == want, (cards, k)
            assert all(bin(s & ~tag).count("1") == k for s in want[-comb(n, k):])
            with pytest.raises(IndexError):
                core_moves.nth_of_menu(m, count)
    assert core_moves.extended_combinations(base, tag, 0b11, 0) is base


#: a preset of each part that adds moves, at two table sizes
PLAYOUT_PRESETS = ["trump_six_swap", "amerikansky", "vtoraya_popytka", "pokerny", "armyansky",
                   "pribaltiysky", "krestovy"]


def test_every_part_preset_plays_out_as_the_api_game():
    # core.playout (compiled where built) draws as rng.choice over legal_actions() does, so a
    # history-free playout is the API's random game move for move, to the same end
    from durak_edu.games.core import playout as core_playout
    from helpers import sample
    for name in PLAYOUT_PRESETS:
        for players in (2, 4):
            for seed in sample(range(6), 2):
                ref = new_game(name, players=players, seed=seed)
                assert supports(ref), name
                st = core_state(ref.clone(history=False))
                core_playout.playout(st, random.Random(seed).getrandbits)
                rng = random.Random(seed)
                while not ref.is_over:  # the API's game, move by move
                    ref.play(rng.choice(ref.legal_actions()))
                want = ref.result
                assert decode.result(st, ref.players, ref.names) == want, (name, players, seed)
                assert tuple(st.hands) == tuple(to_rank_major(mask_of(h)) for h in ref.hands)
                assert [decode.card(p) for p in st.discard] == ref.discard

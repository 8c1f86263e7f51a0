"""The attack shapes (R4 reading D, R9.7, R9.8) on the core.

Each shape is played by the core (``durak_edu.games.core.moves``: the shape's menu, counted and
unranked; ``refuse``: the shape's words) on its own invariants (``tests/core_parts.py``), from
new games, from set positions and from any move of a game; the counted menus list exactly the
combinations of the shape, in order; R4 D's passes and the shapes' refusals literal; and the
core's playout plays the public API's game.
"""

from __future__ import annotations

import random

import pytest

from durak_edu import from_position
from durak_edu.actions import Attack, Pass, Take
from durak_edu.cards import cards
from durak_edu.games.core import decode, moves as core_moves, shapes
from durak_edu.games.core.game import AttackGame
from durak_edu.games.core.state import supports

from helpers import DEEP, sample
from core_parts import (core_state, examples, facade, given_moves, given_positions, ids,
                        new_games, playouts, set_positions, taken_over, verdict)

#: the shaped presets and options this module proves (R4 D, R9.7, R9.8)
CASES = [
    ("prostoy_pair_only", {}),                      # R4 D
    ("prostoy_pair_only", {"deck": 52}),
    ("prostoy_pair_only", {"hand_size": 6, "bout_limit": 6}),
    ("tryoshka", {}),                               # R9.7
    ("tryoshka", {"deck": 52}),
    ("tryoshka", {"transfer": True}),
    ("s_grupp", {}),                                # R9.8
    ("s_grupp", {"deck": 52, "hand_size": 8}),
    ("s_grupp", {"throw_in": "neighbours"}),
]
IDS = ids(CASES)
#: most seats each case allows (the preset's max_players; more with a bigger deck)
SEATS = range(2, 9)


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_the_core_holds_its_invariants_in_new_games(name, options):
    new_games(name, options, sample(SEATS, 3), least=(2, 30))


@examples(100, 25)
@given_positions(CASES)
def test_property_the_core_holds_its_invariants_from_set_positions(case, players, seed):
    set_positions(case, players, seed)


@examples(60, 15, slow=False)
@given_moves(CASES, prefix=80)
def test_property_the_core_holds_its_invariants_from_any_move(case, players, seed, prefix):
    taken_over(case, players, seed, prefix)


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_core_game_holds_its_invariants(name, options):
    facade(name, options, sample((2, 3, 4, 5), 2))


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_the_core_playout_is_the_api_game(name, options):
    playouts(name, options, sample((2, 3, 5), 2), seeds=4, per_size=2, every=True)


# -- R4 D by hand: the passes and the single card after everyone has passed -------------------

def _pair_only(hands, attacker=0):
    """An R4 D position set up by hand (on the core)."""
    return from_position("prostoy_pair_only", hands, talon="", attacker=attacker, trump="S")


def test_pair_only_no_pair_passes_on_and_everyone_passing_opens_singles():
    g = _pair_only(["7♠ 9♦", "8♣ J♥", "10♦ Q♣"])
    assert supports(g)
    for seat in (0, 1, 2):  # R4 D: nobody holds a pair: each passes the opening on
        assert g.legal_actions() == [Pass()]
        ev = g.play(Pass())
        assert ev.text == f"seat {seat} has no pair and passes the attack on"
    # everyone has passed in turn: seat 0 opens with a single card (the game cannot stall)
    listed = g.legal_actions()
    assert listed == [Attack((c,)) for c in cards("7♠ 9♦")]
    assert decode.actions(core_moves.moves(core_state(g))) == listed
    assert verdict(g, Pass()) == (
        "R4|R4: everyone has passed in turn: open with a single card now")
    both = Attack(tuple(cards("7♠ 9♦")))
    assert verdict(g, both) == "R4|R4: an attack is one card or one pair; '7♠ 9♦' is not"


def test_pair_only_a_pair_must_attack():
    g = _pair_only(["7♠ 7♦ 9♣", "8♣ J♥ K♦"])
    assert decode.actions(core_moves.moves(core_state(g))) == g.legal_actions() == [
        Attack(tuple(cards("7♠ 7♦")))]
    assert verdict(g, Pass()) == "R4|R4: seat 0 holds a pair and must attack with it"
    single = Attack(tuple(cards("9♣")))
    assert verdict(g, single) == "R4|R4: an attack is exactly one pair; '9♣' is not"


def test_pair_only_passes_start_afresh_each_bout():
    # seats 0 and 1 pass, seat 2 opens with his kings and seat 0 takes; in the new bout the
    # passes count from none (R4 D), so seat 2, pairless after seat 1 passes, passes too
    g = _pair_only(["7♠ 9♦ J♠", "8♣ 10♥ Q♦", "K♣ K♥ 6♦"])
    for act in (Pass(), Pass(), Attack(tuple(cards("K♣ K♥"))), Take(), Pass()):
        assert act in g.legal_actions()
        g.play(act)
    assert g.to_act == 2 and not g.table
    assert g.legal_actions() == [Pass()]
    assert decode.actions(core_moves.moves(core_state(g))) == [Pass()]


# -- the counted shapes (core/shapes.py) against a plain listing ---------------------------------

def _plain_listing(shape, h, most):
    """The attacks of ``shape`` for the hand ``h`` (a rank-major mask), as masks, listed the
    plain way: every combination of the held cards, by size, then the cards' listing order,
    kept where the shape's rule (``shape_ok``) allows it."""
    import itertools
    held = [p for p in range(52) if h >> p & 1]
    out = []
    for k in core_moves.SHAPES[shape][0] if shape != "one_or_two" else (1, 2):
        if k > most:
            continue
        for combo in itertools.combinations(held, k):
            mask = sum(1 << p for p in combo)
            if core_moves.shape_ok(shape, mask):
                out.append(mask)
    return out


@pytest.mark.parametrize("shape", ["one_or_two", "pair_plus_one", "pairs", "pair_only",
                                   "groups"])
def test_shapes_count_and_unrank_as_the_plain_listing(shape):
    rng = random.Random(shape)
    for _ in range(300 if DEEP else 60):
        h = sum(1 << p for p in rng.sample(range(52), rng.randint(0, 20)))
        most = rng.randint(1, 6)
        want = _plain_listing(shape, h, most)
        m = core_moves._shaped(shape, h, most)
        assert core_moves.count_menu(m) == len(want)
        got = [core_moves.payload_of(core_moves.nth_of_menu(m, j)) for j in range(len(want))]
        assert got == want, (shape, hex(h), most)
        assert all(core_moves.shape_ok(shape, g) for g in got)
        if shape != "one_or_two":  # the listing walk (moves) gives the same, in order
            assert [g for c in m.listed for g in shapes.listing(h, c & 7, c >> 3)] == want
        with pytest.raises(IndexError):
            core_moves.nth_of_menu(m, len(want))


def test_every_group_counts_as_its_subsets_checked_one_by_one():
    """``shapes.count_group`` (closed forms for the shapes' groups, the remembered walk for the
    rest) against every subset of ``k`` cards checked by ``shapes.fits``, for every size and
    condition (R4, R9.7, R9.8), on hands with ranks of one to four cards."""
    import itertools
    rng = random.Random(8)
    for _ in range(40 if DEEP else 12):
        ranks = rng.sample(range(13), rng.randint(1, 7))
        h = 0
        for r in ranks:  # one to four cards of each rank (R9.8's groups need the fours)
            for s in rng.sample(range(4), rng.randint(1, 4)):
                h |= 1 << (4 * r + s)
        held = [p for p in range(52) if h >> p & 1]
        for k in range(1, 6):
            for cond in (shapes.ANY, shapes.PAIR, shapes.TWO_PAIRS, shapes.TWO_PAIRS_ONE):
                if k == 2 and cond > shapes.PAIR:
                    continue  # (no shape has them: count and nth read a group of two as a pair)
                c = shapes.code(k, cond)
                want = sum(shapes.fits(sum(1 << p for p in combo), [c])
                           for combo in itertools.combinations(held, k))
                assert shapes.count_group(h, c) == want, (hex(h), k, cond)


def test_tryoshka_refuses_any_other_size_under_r9_7():
    g = from_position("tryoshka", ["7♠ 9♦ J♣ K♥", "8♣ 10♥ Q♦ A♠"], talon="", trump="S")
    assert core_moves.count(core_state(g)) == len(g.legal_actions()) == 4  # any three of four
    for text in ("7♠ 9♦", "7♠ 9♦ J♣ K♥"):
        assert verdict(g, Attack(tuple(cards(text)))).startswith("R9.7|")


def test_s_grupp_refuses_a_card_added_to_three_of_a_rank():
    g = from_position("s_grupp", ["7♠ 7♦ 7♣ K♥ 9♠", "8♣ 10♥ Q♦ A♠ 6♦"], talon="", trump="S")
    act = Attack(tuple(cards("7♠ 7♦ 7♣ K♥")))
    assert verdict(g, act).startswith("R9.8|")
    three = Attack(tuple(cards("7♠ 7♦ 7♣")))
    assert verdict(g, three) == "-" and three in g.legal_actions()


def test_the_endgame_search_leaves_r4_d_to_the_api_search():
    # R4 D's passes live in st.extra, which the fast search's table key leaves out: the core
    # plays R4 D (new_game/from_position build it on the core, issue 25), and the endgame
    # search leaves it to the search through the public API
    from durak_edu.bots import endgame
    g = from_position("prostoy_pair_only", ["7♠ 9♦", "8♣ J♥"], talon="", trump="S")
    assert isinstance(g, AttackGame) and not endgame.fits(g)
    assert endgame.fits(from_position("prostoy_pairs", ["7♠ 9♦", "8♣ J♥"], talon="",
                                      trump="S"))


@pytest.mark.deep  # the reference search takes minutes on a busy machine
@pytest.mark.parametrize("variant,seed", [(v, s) for v in ("tryoshka", "s_grupp",
                                                           "prostoy_pairs") for s in range(2)])
def test_the_fast_endgame_search_answers_shaped_endings_as_the_reference(variant, seed):
    # the shaped presets now fit the core's search (issue 29): the same values and moves
    from test_solve_fast import _agree, _ending
    g = _ending(variant, seed, 8)
    if g is None:
        pytest.skip("the game ended before such a position")
    _agree(g)

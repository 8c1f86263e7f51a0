"""The jokers as a part of the core (issue 25; core/house/jokers.py): R9.22 (``deck=53/54``,
``jokers="beat_all"``/``"novosibirsk"``) and R9.33 (``"by_colour"``, ``"by_colour_no_trump"``).

Each preset is played move for move on the core beside the reference ``AttackGame`` (the
machinery of core_parts.py): the same lists in the same order, the same refusals
(R9.22's words included: a joker opens only alone, is never thrown in, never transfers), the
same positions with the jokers in them, the same R2.11 position keys, the same results."""

from __future__ import annotations

import random

import pytest

from helpers import sample
from reference.parts import (examples, facade, given_moves, given_positions, ids, new_games,
                        set_positions, taken_over)

from durak_edu.actions import Attack, ThrowIn, Transfer
from durak_edu.cards import Card, Rank, mask_of
from durak_edu.games.core import decode
from durak_edu.games.core.refuse import Context, refuse
from durak_edu.games.core.state import rank_major, suit_major, supports
from reference import reference_game, take_over, context_of

RED, BLACK = Card(Rank.RED_JOKER), Card(Rank.BLACK_JOKER)

CASES = [
    ("one_joker", {}),                                  # R9.22, 53 cards
    ("two_joker", {}),                                  # R9.22, 54 cards
    ("two_joker_novosibirsk", {}),                      # R9.22, Novosibirsk
    ("jokers_by_colour", {}),                           # R9.33
    ("two_joker", {"transfer": True}),                  # R9.22 with R3's transfers
    ("two_joker", {"jokers": "by_colour_no_trump"}),    # R9.33's other reading
    ("one_joker", {"repetition_draw": True}),           # R2.11 position keys with a joker
]
IDS = ids(CASES)


def test_a_jokers_position_is_its_index_and_survives_the_round_trip():
    # R9.22: positions 52 (black) and 53 (red) sit after every suited card, in a 64-bit mask
    m = mask_of([BLACK, RED, Card.parse("A♥"), Card.parse("2♠")])
    assert rank_major(m) >> 52 == 3 and suit_major(rank_major(m)) == m
    assert decode.card(52) is BLACK and decode.card(53) is RED
    assert decode.cards_of(rank_major(m))[-2:] == [BLACK, RED]


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_the_core_agrees_with_the_reference_from_new_games(name, options):
    new_games(name, options, range(2, 7), least=(3, 100))


@examples(100, 25)
@given_positions(CASES)
def test_property_the_core_agrees_from_set_positions(case, players, seed):
    set_positions(case, players, seed)


@examples(60, 15, slow=False)
@given_moves(CASES)
def test_property_the_core_takes_over_at_any_move(case, players, seed, prefix):
    taken_over(case, players, seed, prefix)


def _joker_game(name, seed, **options):
    """A game of ``name`` played until a joker is on the table unbeaten, or in the hand of the
    seat to act with cards on the table (``None``: none came). The reference's game: the core
    takes it over and is compared with it."""
    g = reference_game(name, players=3, seed=seed, **options)
    rng = random.Random(seed)
    while not g.is_over:
        on_table = any(a.is_joker and d is None for a, d in g.table)
        held = any(c.is_joker for c in g.hands[g.to_act])
        if g.table and (on_table or held):
            return g
        g.play(rng.choice(g.legal_actions()))
    return None


@pytest.mark.parametrize("name,options", [("two_joker", {}), ("two_joker", {"transfer": True})])
def test_r9_22_refusals_are_the_references_words(name, options):
    # a joker opens a bout only alone, is never thrown in, never transfers; an attack with a
    # joker cannot be transferred: the core's refuse gives the reference's clause and words
    seen = set()
    for seed in range(40):
        g = _joker_game(name, seed, **options)
        if g is None:
            continue
        c, ctx = take_over(g), context_of(g)
        hand = g.hands[g.to_act]
        jokers = [x for x in hand if x.is_joker]
        others = [x for x in hand if not x.is_joker]
        tries = []
        for j in jokers:
            tries += [ThrowIn((j,)), Transfer((j,)), Attack((j, *others[:1]))]
        if others:
            tries.append(Transfer((others[0],)))
        for act in tries:
            want = g._diagnose(act)
            assert refuse(c, act, ctx) == want, act
            if want is not None and want[0] == "R9.22":
                seen.add(want[1].split(": ", 1)[1] if ": " in want[1] else want[1])
    assert any("never thrown in" in w for w in seen), seen
    if options.get("transfer"):
        assert any("transfer" in w for w in seen), seen


@pytest.mark.parametrize("name", ["two_joker", "jokers_by_colour"])
def test_the_facade_plays_a_joker_game_as_the_reference(name):
    # through CoreGame: lists, refusals, events, views, records, undo (side_by_side)
    facade(name, {}, sample((2, 3, 5), 2), seed=1, every=True)


def test_what_the_core_does_not_play_with_jokers_stays_refused():
    # R4's shapes count a joker as one odd card; R9.33's two trumps with transfers read the
    # trump suit: not played by the core, so supports() says no (nothing silently wrong)
    assert not supports(reference_game("two_joker", players=2, seed=0,
                                        attack_shape="one_or_two"))
    assert not supports(reference_game("jokers_by_colour", players=2, seed=0, transfer=True))
    assert not supports(reference_game("bolshoy", players=2, seed=0))  # 72 cards: the docs
    assert supports(reference_game("two_joker", players=2, seed=0))  # (the preset is)

"""The jokers as a part of the core (issue 25; core/house/jokers.py): R9.22 (``deck=53/54``,
``jokers="beat_all"``/``"novosibirsk"``) and R9.33 (``"by_colour"``, ``"by_colour_no_trump"``).

Each preset is played on the core's own invariants (core_parts.py), with the jokers' moves
refused in R9.22's words (a joker opens only alone, is never thrown in, never transfers); what
the core does not play with jokers is refused by ``new_game``."""

from __future__ import annotations

import random

import pytest

from helpers import sample
from core_parts import (examples, facade, given_moves, given_positions, ids, new_games,
                        set_positions, taken_over, verdict)

from durak_edu.actions import Attack, ThrowIn, Transfer
from durak_edu.cards import Card, Rank, mask_of
from durak_edu.games.core import decode
from durak_edu import new_game
from durak_edu.games.core.state import rank_major, suit_major, supports

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
def test_the_core_holds_its_invariants_in_new_games(name, options):
    new_games(name, options, range(2, 7), least=(3, 100))


@examples(100, 25)
@given_positions(CASES)
def test_property_the_core_holds_its_invariants_from_set_positions(case, players, seed):
    set_positions(case, players, seed)


@examples(60, 15, slow=False)
@given_moves(CASES)
def test_property_the_core_holds_its_invariants_from_any_move(case, players, seed, prefix):
    taken_over(case, players, seed, prefix)


def _joker_game(name, seed, **options):
    """A game of ``name`` played until a joker is on the table unbeaten, or in the hand of the
    seat to act with cards on the table (``None``: none came)."""
    g = new_game(name, players=3, seed=seed, **options)
    rng = random.Random(seed)
    while not g.is_over:
        on_table = any(a.is_joker and d is None for a, d in g.table)
        held = any(c.is_joker for c in g.hands[g.to_act])
        if g.table and (on_table or held):
            return g
        g.play(rng.choice(g.legal_actions()))
    return None


@pytest.mark.parametrize("name,options", [("two_joker", {}), ("two_joker", {"transfer": True})])
def test_r9_22_refusals_name_the_clause_and_the_words(name, options):
    # a joker opens a bout only alone, is never thrown in, never transfers; an attack with a
    # joker cannot be transferred: refused under R9.22 in its words, never listed
    seen = set()
    for seed in range(40):
        g = _joker_game(name, seed, **options)
        if g is None:
            continue
        hand = g.hands[g.to_act]
        jokers = [x for x in hand if x.is_joker]
        others = [x for x in hand if not x.is_joker]
        tries = []
        for j in jokers:
            tries += [ThrowIn((j,)), Transfer((j,)), Attack((j, *others[:1]))]
        if others:
            tries.append(Transfer((others[0],)))
        listed = g.legal_actions()
        for act in tries:
            said = verdict(g, act)
            assert (said == "-") == (act in listed), act
            if said.startswith("R9.22|"):
                words = said.split("|", 1)[1]
                seen.add(words.split(": ", 1)[1] if ": " in words else words)
    assert any("never thrown in" in w for w in seen), seen
    if options.get("transfer"):
        assert any("transfer" in w for w in seen), seen


@pytest.mark.parametrize("name", ["two_joker", "jokers_by_colour"])
def test_the_facade_plays_a_joker_game(name):
    # through AttackGame: the invariants at more table sizes
    facade(name, {}, sample((2, 3, 5), 2), seed=1, every=True)


def test_what_the_core_does_not_play_with_jokers_stays_refused():
    # R4's shapes count a joker as one odd card; R9.33's two trumps with transfers read the
    # trump suit: not played by the core, so new_game refuses them (nothing silently wrong)
    with pytest.raises(ValueError, match="is not played: R9.22"):
        new_game("two_joker", players=2, seed=0, attack_shape="one_or_two")
    with pytest.raises(ValueError, match="is not played"):
        new_game("jokers_by_colour", players=2, seed=0, transfer=True)
    assert not supports(new_game("bolshoy", players=2, seed=0))  # 72 cards: the wide copy's
    assert supports(new_game("two_joker", players=2, seed=0))  # (the preset is)
    # the gallery's moves read every position as one of the 52 cards: with jokers they listed
    # a joker as a throw-in against himself (R9.10) and failed on a drawn or swapped joker
    # (R9.17, R9.18, R9.19) or a joker's beat (R9.39), so they are refused
    for option in ("defender_throws_in", "defender_draws", "talon_attack", "defender_swaps",
                   "counter_attack"):
        with pytest.raises(ValueError, match=rf"is not played: R9\.22 .* {option}=True"):
            new_game("two_joker", players=2, seed=0, **{option: True})

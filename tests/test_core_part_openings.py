"""R9.6 (zanudny: open with your highest rank) and R9.11 (albansky: the deck aces first) as
parts of the core (durak_edu/games/core/house/highest_opens.py, aces_first.py), on the core's
own invariants (``tests/core_parts.py``) from new games, set positions and any move; R9.6's
listing and refusal words; the core's playout."""

from __future__ import annotations

import pytest

from durak_edu import from_position, new_game
from durak_edu.actions import Attack
from durak_edu.cards import cards
from durak_edu.games.core import decode, moves as core_moves
from durak_edu.games.core.state import supports

from helpers import sample
from core_parts import (core_state, examples, facade, given_moves, given_positions, ids,
                        new_games, playouts, set_positions, taken_over, verdict)

CASES = [
    ("zanudny", {}),                                    # R9.6
    ("zanudny", {"transfer": True}),
    ("zanudny", {"deck": 52, "throw_in": "neighbours"}),
    ("prostoy_pairs", {"attack_with_highest": True}),   # R9.6 with the R4 shapes
    ("s_grupp", {"attack_with_highest": True}),
    ("albansky", {}),                                   # R9.11
    ("albansky", {"transfer": True, "deck": 52}),
]
IDS = ids(CASES)


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_the_core_holds_its_invariants_in_new_games(name, options):
    new_games(name, options, sample(range(2, 9), 3), least=(2, 30))


@examples(100, 20)
@given_positions(CASES)
def test_property_the_core_holds_its_invariants_from_set_positions(case, players, seed):
    set_positions(case, players, seed)


@examples(60, 12, slow=False)
@given_moves(CASES, prefix=80)
def test_property_the_core_holds_its_invariants_from_any_move(case, players, seed, prefix):
    taken_over(case, players, seed, prefix)


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_core_game_holds_its_invariants(name, options):
    facade(name, options, sample((2, 3, 4, 6), 2))


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_the_core_playout_is_the_api_game(name, options):
    playouts(name, options, sample((2, 3, 5), 2), seeds=4, per_size=2, every=True)


def test_zanudny_opens_only_with_the_highest_rank():
    g = from_position("zanudny", ["7♠ K♦ K♣ 9♥", "8♠ 9♣ 10♦"], talon="", trump="H")
    listed = [Attack(tuple(cards(t))) for t in ("K♣", "K♦", "K♣ K♦")]
    assert decode.actions(core_moves.moves(core_state(g))) == g.legal_actions() == listed
    low = Attack(tuple(cards("9♥")))  # a trump counts by its rank (R9.6)
    assert verdict(g, low) == (
        "R9.6|R9.6: open only with your highest rank (zanudny); 9♥ is not of it")
    missing = Attack(tuple(cards("A♠")))  # not held: R2.2 first
    assert verdict(g, missing).startswith("R2.2|")


def test_albansky_is_dealt_and_played_by_the_core():
    # with the switch on (issue 25) new_game deals albansky on the core too: the deck lies aces
    # first (R9.11, new.py's order, dealt by core/deal.py) and no part acts in play
    g = new_game("albansky", players=3, seed=7)
    ranks = [c.rank for c in g.deck_order]
    assert ranks == sorted(ranks, reverse=True)
    assert core_state(g).cfg.parts == ()  # nothing to do in play
    assert supports(g)


@pytest.mark.parametrize("options", [{"attack_shape": "three"}, {"attack_shape": "pair_only",
                                                                  "throw_in": "none"}])
def test_zanudny_with_the_shapes_it_does_not_narrow_is_refused(options):
    with pytest.raises(ValueError, match="is not played: R9.6"):
        new_game("zanudny", players=2, seed=1, **options)

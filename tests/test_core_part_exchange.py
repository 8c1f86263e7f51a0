"""R9.26 (the trump six for the trump card, ``trump_six_exchange``) as a part of the core
(core/house/trump_six_exchange.py), on the core's own invariants (``core_parts``) and R9.26's
literal behaviour: from new games (2–6 players, the preset and with options), from
``from_position`` positions and from any move of a game in progress; the exchange's listing,
words, talon, trump card, refusals and undo."""

from __future__ import annotations

import pytest

from durak_edu import IllegalAction, from_position
from durak_edu.actions import Exchange

from core_parts import (core_state, invariants_all, examples, given_moves, given_positions, ids,
                        new_games_until, set_positions, taken_over, through_core_game)

CASES = [
    ("trump_six_swap", {}),
    ("trump_six_swap", {"deck": 52}),
    ("trump_six_swap", {"deck": 24, "first_bout_limit": 6}),  # the lowest trump is a nine
    ("trump_six_swap", {"transfer": True}),
    ("trump_six_swap", {"throw_in": "neighbours", "draw_order": "clockwise"}),
    ("perevodnoy", {"trump_six_exchange": True, "take_first_only": True}),
]
IDS = ids(CASES)


def exchanges(g) -> int:
    return sum(isinstance(a, Exchange) for a in g.actions)


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_r9_26_holds_its_invariants_in_new_games(name, options):
    new_games_until(name, options, exchanges)  # the exchange itself played, not only listed


def test_r9_26_the_exchange_is_listed_last_and_keeps_the_turn():
    # seat 0 holds the six of hearts, hearts are trumps, the ace lies under the talon
    core = from_position("trump_six_swap", ["6♥ 7♠ 8♣", "9♦ 10♦ J♦"], trump_card="A♥",
                         talon="K♠ Q♠")
    listed = core.legal_actions()
    assert listed[-1] == Exchange("6♥")
    core.play(Exchange("6♥"))
    assert core.to_act == 0 and "A♥" in map(str, core.hands[0])
    assert core.talon[-1] == core.trump_card == Exchange("6♥").card
    assert core.history[-1].text == "seat 0 exchanges 6♥ for the trump card A♥ (R9.26)"
    assert Exchange("6♥") not in core.legal_actions()  # he no longer holds it
    core.undo()
    assert str(core.trump_card) == "A♥" and core.legal_actions() == listed


def _refusal(core, act) -> tuple[str, str]:
    with pytest.raises(IllegalAction) as got:
        core.check(act)
    return got.value.rule, str(got.value)


def test_r9_26_refusals_name_the_clause_and_the_words():
    core = from_position("trump_six_swap", ["6♥ 7♠", "9♦ 10♦"], trump_card="A♥", talon="K♠")
    assert _refusal(core, Exchange("7♠"))[1].startswith(
        "R9.26: only the trump suit's lowest card (6♥)")
    # the trump card alone under no other card: it is the next card drawn anyway
    core = from_position("trump_six_swap", ["6♥ 7♠", "9♦ 10♦"], trump_card="A♥")
    rule, words = _refusal(core, Exchange("6♥"))
    assert rule == "R9.26" and "face up under the talon with a card over it" in words
    core = from_position("trump_six_swap", ["8♥ 7♠", "6♥ 10♦"], trump_card="A♥", talon="K♠")
    assert "is not in seat 0's hand" in _refusal(core, Exchange("6♥"))[1]


@examples(60, 8)
@given_positions(CASES)
def test_property_r9_26_holds_its_invariants_from_set_positions(case, players, seed):
    set_positions(case, players, seed, invariants_all)


@examples(40, 5, slow=False)
@given_moves(CASES)
def test_property_r9_26_invariants_from_any_move(case, players, seed, prefix):
    taken_over(case, players, seed, prefix, invariants_all)


@pytest.mark.parametrize("name,options", CASES[:2], ids=IDS[:2])
def test_r9_26_through_core_game(name, options):
    through_core_game(name, options, seeds=3)


def test_r9_26_alone_is_asked_while_a_hand_holds_the_six():
    """Played alone, R9.26's part is asked at the moves hook in a bout whenever a hand holds
    the six (so no exchange is missed), and not while none does (the six in the talon: the
    core counts the moves), until the trump card has no card over it (retired)."""
    import random
    from durak_edu import new_game
    from durak_edu.games.core.house.trump_six_exchange import SIX, TrumpSixExchange
    quiet = asked = 0
    for seed in range(6):
        g = new_game("trump_six_swap", players=2, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            st = core_state(g)
            part = next(p for p in st.cfg.parts if isinstance(p, TrumpSixExchange))
            six = st.extra[SIX]
            held = any(h >> six & 1 for h in st.hands)
            if part in st.cfg.hooks.moves:
                asked += 1
            elif len(st.talon) - st.tp >= 2:  # (not retired: a card over the trump card)
                assert not held, (seed, g.actions)
                quiet += 1
            g.play(rng.choice(g.legal_actions()))
    assert quiet and asked

"""R9.35 dvukhkozyrny (``trump_per_seat``, ``opponents_trump``) as a part of the core (issue 25;
core/house/two_trumps.py): every player has his own trump, and the defender's counts — set as
each bout starts and after each transfer. On the core's own invariants (``core_parts``) from new
games, set positions and any move of a game in progress, 2–4 players; at every position the
trump is the defender's own; through ``AttackGame`` R9.35's refusals and words, views
(``seat_trumps``), ``beats_for``, undo and history-free playouts."""

from __future__ import annotations

import random

import pytest

from durak_edu import IllegalAction, new_game
from durak_edu.actions import Beat
from durak_edu.games.core.state import supports

from helpers import sample
from core_parts import (core_state, examples, game_or_skip, given_moves, given_positions,
                        invariants, set_positions, taken_over)

CASES = [
    ("dvukhkozyrny", {}),
    ("dvukhkozyrny", {"opponents_trump": "as_trump"}),
    ("dvukhkozyrny", {"transfer": True}),  # R3: the trump changes with the defender mid-bout
    ("dvukhkozyrny", {"transfer": True, "opponents_trump": "as_trump",
                      "transfer_with_trump_on_table": True}),
    ("dvukhkozyrny", {"deck": 52, "epaulettes_need_plain_six": True}),  # R2.12: his trump
]
IDS = [f"{n}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'preset'}" for n, o in CASES]


def walk(g, rng: random.Random) -> int:
    """Play ``g`` with random moves: at every position the trump that counts is the defender's
    own (R9.35), in the game, its core state and every view; the number of times it changed
    within a bout."""
    changes = 0
    while not g.is_over:
        own = g.seat_trumps[g.defender]
        assert g.trump == own and core_state(g).cfg.trump_suit == int(own)
        assert all(v.trump == own for v in map(g.view, range(g.players)))
        bout, trump = g.bout_number, g.trump
        g.play(rng.choice(g.legal_actions()))
        changes += not g.is_over and g.bout_number == bout and g.trump != trump
    return changes


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_r9_35_holds_its_invariants_in_new_games(name, options):
    positions = changes = 0
    for players in range(2, 5):  # four suits: at most four players
        for seed in sample(range(3), 2):
            g = game_or_skip(name, players, seed, options)
            if g is None:
                continue
            assert supports(g) and len(g.seat_trumps) == players
            positions += invariants(g, random.Random(1000 * players + seed))
            changes += walk(game_or_skip(name, players, seed, options), random.Random(players))
    assert positions > 100
    if options.get("transfer"):
        assert changes > 0  # a transfer gave the bout a new defender, and his trump


@examples(60, 15)
@given_positions(CASES, (2, 4))
def test_property_r9_35_holds_its_invariants_from_set_positions(case, players, seed):
    set_positions(case, players, seed)


@examples(60, 20)
@given_moves(CASES, (2, 4), prefix=100)
def test_property_r9_35_invariants_from_any_move(case, players, seed, prefix):
    # from_game in any bout, mid-transfer too: the core starts from the defender's trump
    taken_over(case, players, seed, prefix)


def refusals(options: dict) -> list[tuple[str, str]]:
    """Every beat with a card of another suit than its target's the defender tries in a few
    random games, refused (clause, words), the game unchanged."""
    out = []
    for seed in range(12):
        g = core = game_or_skip("dvukhkozyrny", 2 + seed % 3, seed, options)
        rng = random.Random(seed)
        while not g.is_over:
            if g.to_act == g.defender and not g.taking:
                for target in [a for a, d in g.table if d is None]:
                    for card in g.hands[g.to_act]:
                        if card.suit == target.suit or g.beats(card, target):
                            continue
                        before = len(core.history), core.hands
                        with pytest.raises(IllegalAction) as mine:
                            core.check(Beat(target, card))
                        assert (len(core.history), core.hands) == before
                        out.append((mine.value.rule, str(mine.value)))
            g.play(rng.choice(g.legal_actions()))
    return out


def test_r9_35_an_opponents_trump_is_no_trump_for_the_defender():
    # R9.35: a card of an opponent's trump suit beats nothing of another suit
    words = [w for clause, w in refusals({}) if clause == "R9.35"]
    assert words and all("an opponent's trump is no trump for you" in w for w in words)


def test_r9_35_as_trump_an_opponents_trump_is_beaten_only_by_its_own_suit():
    # opponents_trump="as_trump": his own trump does not beat an opponent's trump
    words = [w for clause, w in refusals({"opponents_trump": "as_trump"}) if clause == "R9.35"]
    assert any("is beaten as a trump, only by a higher" in w for w in words)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_facade_plays_every_seats_trump(players):
    # AttackGame: the views (seat_trumps, the defender's trump), undo
    for seed in sample(range(4), 2):
        invariants(game_or_skip("dvukhkozyrny", players, seed, {"transfer": True}),
                   random.Random(seed), 4)
    core = game_or_skip("dvukhkozyrny", players, 0, {})
    first = core.trump
    assert walk(core.clone(), random.Random(0)) >= 0
    rng = random.Random(0)
    while not core.is_over:
        assert all(v.seat_trumps == core.seat_trumps for v in map(core.view, range(players)))
        core.play(rng.choice(core.legal_actions()))
    for _ in range(len(core.actions)):  # undo all the way back: the first defender's trump
        core.undo()
    assert core.trump == first


def test_a_history_free_dvukhkozyrny_game_plays_out_as_the_full_game():
    for seed in sample(range(10), 4):
        full = game_or_skip("dvukhkozyrny", 2 + seed % 3, seed, {"transfer": seed % 2 == 1})
        light = full.clone(history=False)
        assert light.playout(seed) == full.playout(seed)
        assert (light.hands, light.discard) == (full.hands, full.discard)


def test_r9_35_is_refused_in_team_play():
    # R5 with R9.35: the defender's player and seat differ; the core does not play it
    g = game_or_skip("dvukhkozyrny", 4, 0, {"teams": True})
    assert g is None or not supports(g)


@pytest.mark.parametrize("options", [{}, {"opponents_trump": "as_trump", "transfer": True},
                                     {"first_lead": "left_of_dealer"}])
def test_r9_35_every_seat_has_a_trump_of_his_own_whatever_the_dealer(options):
    # R9.35, with any dealer and lead (R1.3): the seats' trumps differ, and the defender's counts
    played = 0
    for players in range(2, 7):
        for seed in sample(range(4), 2):
            for dealer, lead in ((None, None), (players - 2, None), (0, 1 % players)):
                try:
                    g = new_game("dvukhkozyrny", players=players, seed=seed, dealer=dealer,
                                 lead=lead, **options)
                except ValueError:
                    continue  # more seats than suits, or too few cards
                assert len(set(g.seat_trumps)) == len(g.seat_trumps) == players
                played += walk(g, random.Random(seed)) >= 0
    assert played >= 3


def test_r9_35_seat_trumps_and_beats_for_on_the_facade():
    # the public seat_trumps and beats_for(seat, ...): a seat's own trump beats any card of a
    # suit nobody has as trump, and within a suit the higher card beats the lower
    for players in (2, 3, 4):
        core = game_or_skip("dvukhkozyrny", players, players, {"opponents_trump": "as_trump"})
        assert len(set(core.seat_trumps)) == len(core.seat_trumps) == players
        cards = core.deck_order
        plain = [c for c in cards if c.suit not in core.seat_trumps]
        for p in range(players):
            own = [c for c in cards if c.suit == core.seat_trumps[p]]
            assert all(core.beats_for(p, a, b) for a in own[:3] for b in plain[:9])
            for a in cards[:12]:
                for b in cards[:12]:
                    if a.suit == b.suit and a.rank > b.rank:
                        assert core.beats_for(p, a, b) and not core.beats_for(p, b, a)

"""R9.35 dvukhkozyrny (``trump_per_seat``, ``opponents_trump``) as a part of the core (issue 25;
core/house/two_trumps.py): every player has his own trump, and the defender's counts — set as
each bout starts and after each transfer. Played move for move beside the reference
``AttackGame`` (test_core_agreement's machinery) from new games, set positions and any move of
a game in progress, 2–4 players; at every position the trump is the defender's own on both;
through ``CoreGame`` the same refusals (R9.35's words), views (``seat_trumps``), events,
records, undo and history-free playouts."""

from __future__ import annotations

import random

import pytest

from durak_edu import IllegalAction
from durak_edu.actions import Beat
from durak_edu.games.core import apply as core_apply, moves as core_moves
from durak_edu.games.core.game import CoreGame
from durak_edu.games.core.state import supports

from helpers import sample
from reference.parts import examples, given_moves, given_positions, set_positions, taken_over
from reference import take_over, core_game_of
from reference.parts import agree, game_or_skip
from reference.parts import side_by_side

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
    """Play ``g`` with the core beside it: at every position the trump that counts is the
    defender's own (R9.35) on both; the number of times it changed within a bout."""
    c = take_over(g)
    changes = 0
    while not g.is_over:
        own = g.seat_trumps[g.defender]
        assert g.trump == own and c.cfg.trump_suit == int(own)
        listed = g.legal_actions()
        j = rng.randrange(len(listed))
        mine = core_moves.moves(c)
        bout, trump = g.bout_number, g.trump
        g.play(listed[j])
        core_apply.apply(c, mine[j])
        changes += not g.is_over and g.bout_number == bout and g.trump != trump
    return changes


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_r9_35_agrees_with_the_reference_from_new_games(name, options):
    positions = changes = 0
    for players in range(2, 5):  # four suits: at most four players
        for seed in sample(range(3), 2):
            g = game_or_skip(name, players, seed, options)
            if g is None:
                continue
            assert supports(g) and len(g.seat_trumps) == players
            positions += agree(g, random.Random(1000 * players + seed))
            changes += walk(game_or_skip(name, players, seed, options), random.Random(players))
    assert positions > 100
    if options.get("transfer"):
        assert changes > 0  # a transfer gave the bout a new defender, and his trump


@examples(60, 15)
@given_positions(CASES, (2, 4))
def test_property_r9_35_agrees_from_set_positions(case, players, seed):
    set_positions(case, players, seed)


@examples(60, 20)
@given_moves(CASES, (2, 4), prefix=100)
def test_property_r9_35_the_core_takes_over_at_any_move(case, players, seed, prefix):
    # from_game in any bout, mid-transfer too: the core starts from the defender's trump
    taken_over(case, players, seed, prefix)


def refusals(options: dict) -> list[tuple[str, str]]:
    """Every beat with a card of another suit than its target's the defender tries in a few
    random games, refused by the reference (clause, words), each checked against CoreGame."""
    out = []
    for seed in range(12):
        g = game_or_skip("dvukhkozyrny", 2 + seed % 3, seed, options)
        core = core_game_of(g)
        rng = random.Random(seed)
        while not g.is_over:
            if g.to_act == g.defender and not g.taking:
                for target in [a for a, d in g.table if d is None]:
                    for card in g.hands[g.to_act]:
                        if card.suit == target.suit or g.beats(card, target):
                            continue
                        with pytest.raises(IllegalAction) as ref:
                            g.check(Beat(target, card))
                        with pytest.raises(IllegalAction) as mine:
                            core.check(Beat(target, card))
                        got = (mine.value.rule, str(mine.value))
                        assert got == (ref.value.rule, str(ref.value))
                        out.append(got)
            act = rng.choice(g.legal_actions())
            assert core.play(act) == g.play(act)
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
def test_the_facade_plays_every_seats_trump_as_the_reference(players):
    # CoreGame: the views (seat_trumps, the defender's trump), beats, records, undo
    for seed in sample(range(4), 2):
        side_by_side(game_or_skip("dvukhkozyrny", players, seed, {"transfer": True}),
                     random.Random(seed))
    ref = game_or_skip("dvukhkozyrny", players, 0, {})
    core = core_game_of(ref)
    first = core.trump
    rng = random.Random(0)
    while not ref.is_over:
        assert all(v.seat_trumps == ref.seat_trumps and v.trump == ref.seat_trumps[ref.defender]
                   for v in map(core.view, range(players)))
        assert all(core.beats(a, b) == ref.beats(a, b) for a in ref.deck_order[:12]
                   for b in ref.deck_order[-12:])
        act = rng.choice(ref.legal_actions())
        ref.play(act)
        core.play(act)
    for _ in range(len(ref.actions)):  # undo all the way back: the first defender's trump
        core.undo()
    assert core.trump == first


def test_a_history_free_dvukhkozyrny_game_plays_out_on_the_core_to_the_references_end():
    for seed in sample(range(10), 4):
        ref = game_or_skip("dvukhkozyrny", 2 + seed % 3, seed, {"transfer": seed % 2 == 1})
        core = core_game_of(ref).clone(history=False)
        assert core.playout(seed) == ref.playout(seed)
        assert (core.hands, core.discard) == (ref.hands, ref.discard)


def test_r9_35_stays_on_the_reference_in_team_play():
    # R5 with R9.35: the defender's player and seat differ; the part's covers refuses it
    g = game_or_skip("dvukhkozyrny", 4, 0, {"teams": True})
    assert g is None or not supports(g)


@pytest.mark.parametrize("options", [{}, {"opponents_trump": "as_trump", "transfer": True}, {"first_lead": "left_of_dealer"}])
def test_r9_35_dealt_by_the_core_deals_and_plays_as_the_reference(options):
    # core.deal with the part's deal hooks: the same deal (R9.35: the seats' trumps, R1.3's lowest own trump leads), then the same game
    from test_core_deal import assert_same_deal, dealt_by_the_core, play_side_by_side, reference
    played = 0
    for players in range(2, 7):
        for seed in sample(range(4), 2):
            for dealer, lead in ((None, None), (players - 2, None), (0, 1 % players)):
                ref = reference("dvukhkozyrny", options, players, seed, None, dealer, lead)
                if ref is None:
                    continue
                core = dealt_by_the_core(ref)
                assert_same_deal(core, ref)  # hands, talon, trump, events, views, slots
                played += play_side_by_side(core, ref, random.Random(seed)) > 0
    assert played >= 3


def test_r9_35_seat_trumps_and_beats_for_on_the_facade_are_the_references():
    # the public seat_trumps and beats_for(seat, ...) of CoreGame answer as AttackGame's
    for players in (2, 3, 4):
        ref = game_or_skip("dvukhkozyrny", players, players, {"opponents_trump": "as_trump"})
        core = core_game_of(ref)
        assert core.seat_trumps == ref.seat_trumps and len(core.seat_trumps) == players
        cards = ref.deck_order[::3]
        assert all(core.beats_for(p, a, b) == ref.beats_for(p, a, b)
                   for p in range(players) for a in cards for b in cards)

"""R9.47 (``"estonsky"``): seed 001's «Эстонский» — perevodnoy with perevodnoy 2 and 3 (R3.4),
54 cards (twos to aces and two jokers), groups of one rank at once (R2.2, R2.4), jokers that beat
any card but a two or a three, which beat them (``jokers="estonsky"``, core/house/jokers.py), and
an ace that any two beats (``two_beats_ace``, core/house/beating.py). Verdicts and words are
``verdict.judge``'s; these tests hold the core to the clause as docs/rules.md states it: every
verdict of the deck, legal lists, refusals with clause and words, the transfer rules, the
options' validation, whole games, the compiled playout and the record."""

from __future__ import annotations

import pytest

from core_options import on_core, playout_agrees, record_round_trip, whole_game
from helpers import endgame, game, play_all, refused, texts

from durak_edu import deck, new_game
from durak_edu.cards import Card, Rank
from durak_edu.games.verdict import BeatRules, judge

BLACK, RED = Card(Rank.BLACK_JOKER), Card(Rank.RED_JOKER)
LOW = (Rank.TWO, Rank.THREE)


def beats_listed(g):
    return [a for a in texts(g.legal_actions()) if a.startswith("beat")]


@pytest.mark.parametrize("trump", ["fixed:S", "fixed:H", "none"])
def test_r9_47_every_verdict_of_the_deck(trump):
    g = new_game("estonsky", seed=3, trump=trump)
    plain = new_game("podkidnoy", seed=3, deck=52, trump=trump)
    for joker in (BLACK, RED):
        for c in deck(52):
            assert g.beats(joker, c) == (c.rank not in LOW), (joker, c)
            assert g.beats(c, joker) == (c.rank in LOW), (c, joker)
    assert g.beats(RED, BLACK) and not g.beats(BLACK, RED)  # R9.22's order of the two jokers
    for c in deck(52):
        for t in deck(52):
            # two suited cards: R2.3, and any two also beats any ace
            want = plain.beats(c, t) or (c.rank == Rank.TWO and t.rank == Rank.ACE)
            assert g.beats(c, t) == want, (c, t)


def test_r9_47_a_two_of_another_suit_beats_the_trump_ace():
    g = on_core(endgame("estonsky", ["A♠ 9♦", "2♥ K♠ 3♥ 5♦"], trump="fixed:S"))
    g.play("attack A♠")
    assert beats_listed(g) == ["beat A♠ 2♥"]
    words = refused(g, "beat A♠ K♠", "R9.47")
    assert "an ace is beaten by any two" in words and "not the trump ace" in words
    v = judge(Card.parse("2♥"), Card.parse("A♠"), BeatRules.of(g.rules, g.trump))
    assert v.beats and v.clause == "R9.47" and "any two beats an ace" in v.explain


def test_r9_47_a_plain_ace_falls_to_a_two_and_to_a_trump():
    g = on_core(endgame("estonsky", ["A♦ 9♣", "2♣ 7♠ K♦ 3♦"], trump="fixed:S"))
    g.play("attack A♦")
    assert beats_listed(g) == ["beat A♦ 2♣", "beat A♦ 7♠"]
    refused(g, "beat A♦ 3♦", "R9.47")


def test_r9_47_a_led_joker_falls_only_to_a_two_or_a_three():
    g = on_core(endgame("estonsky", ["BJ 9♦", "A♠ 3♥ 2♦ K♦ RJ"], trump="fixed:S"))
    g.play("attack BJ")
    assert sorted(beats_listed(g)) == sorted(["beat BJ 2♦", "beat BJ 3♥", "beat BJ RJ"])
    words = refused(g, "beat BJ A♠", "R9.47")
    assert "a two or a three beats a joker" in words


def test_r9_47_a_joker_does_not_beat_a_two_or_a_three():
    g = on_core(endgame("estonsky", ["2♠ 9♦", "RJ BJ 4♣"], trump="fixed:S"))
    g.play("attack 2♠")
    assert beats_listed(g) == []
    refused(g, "beat 2♠ RJ", "R9.47")
    g = on_core(endgame("estonsky", ["A♠ 9♦", "RJ 4♣"], trump="fixed:S"))
    g.play("attack A♠")
    assert beats_listed(g) == ["beat A♠ RJ"]  # the trump ace falls to a joker


def test_r9_47_groups_of_one_rank_are_led_and_thrown_in_at_once():
    g = on_core(endgame("estonsky", ["9♠ 9♦ 9♣ 9♥ K♥", "4♣ 5♣ 6♣ 7♣ 8♣ 10♣ J♣"],
                        trump="fixed:C"))
    attacks = texts(a for a in g.legal_actions() if str(a).startswith("attack"))
    assert "attack 9♠ 9♣ 9♦ 9♥" in attacks or "attack 9♠ 9♦ 9♣ 9♥" in attacks
    assert sum(a.startswith("attack 9") for a in attacks) == 4 + 6 + 4 + 1  # every group
    g.play("attack 9♠ 9♦")
    g.play("beat 9♠ 10♣")
    g.play("beat 9♦ J♣")
    assert g.can_play("throw 9♣ 9♥")


def test_r9_47_perevodnoy_2_transfer_after_beating():
    hands = ["7♠ 7♣ 9♦ J♣ Q♦ 8♥", "8♠ 7♦ A♣ 10♣ K♦ 10♥"]
    g = game("estonsky", hands, turned="6♥", size=54, transfer_in_first_bout=True)
    play_all(g, "attack 7♠ | beat 7♠ 8♠ | throw 7♣")
    g.play("transfer 7♦")
    assert g.defender == 0 and [str(a) for a, d in g.table if d is None] == ["7♣", "7♦"]


def test_r9_47_perevodnoy_3_the_new_defender_beats_only_the_new_card():
    hands = ["7♠ 9♠ 10♠ J♠ Q♠ K♠", "7♣ 9♣ 10♣ J♣ Q♣ K♣", "7♦ 8♠ 8♣ 9♦ 10♦ J♦"]
    g = game("estonsky", hands, turned="A♥", size=54, transfer_in_first_bout=True)
    play_all(g, "attack 7♠ | transfer 7♣")
    assert beats_listed(g) == ["beat 7♣ 8♣"]
    assert "passed on" in refused(g, "beat 7♠ 8♠", "R3.4")


def test_r9_47_a_joker_is_never_transferred():
    g = on_core(endgame("estonsky", ["BJ 9♦", "RJ 4♣ 9♣", "5♦ 6♦"], trump="fixed:S",
                        transfer_in_first_bout=True))
    g.play("attack BJ")
    assert not [a for a in texts(g.legal_actions()) if a.startswith("transfer")]
    refused(g, "transfer RJ", "R9.22")


def test_r9_47_the_options_name_their_clause():
    with pytest.raises(ValueError, match=r"jokers='estonsky' reads two jokers: it needs "
                                         r"deck=54 \(or 55, 58\), not deck=53 \(R9\.47\)"):
        new_game("estonsky", deck=53)
    with pytest.raises(ValueError, match=r"two_beats_ace=True needs a deck with twos .* "
                                         r"not deck=36 \(R9\.47\)"):
        new_game("podkidnoy", two_beats_ace=True)
    with pytest.raises(ValueError, match=r"R9\.47, R9\.30"):
        new_game("estonsky", highest_only_by_lowest=True)
    with pytest.raises(ValueError, match=r"ace_beaten_by_any_trump=True and two_beats_ace"):
        new_game("estonsky", ace_beaten_by_any_trump=True)
    assert new_game("podkidnoy", deck=52, two_beats_ace=True).beats(Card.parse("2♣"),
                                                                     Card.parse("A♥"))


@pytest.mark.parametrize("players,seed,options", [
    (2, 1, {}), (3, 2, {"trump": "none"}), (4, 3, {"transfer_in_first_bout": True}),
    (5, 4, {"throw_in": "neighbours"})])
def test_r9_47_whole_games_end_on_the_core(players, seed, options):
    g = on_core(new_game("estonsky", players=players, seed=seed, **options))
    assert whole_game(g, seed) > 0
    assert sorted(g.discard + [c for h in g.hands for c in h]) == sorted(deck(54))


@pytest.mark.parametrize("players,seed", [(2, 5), (3, 6), (6, 7)])
def test_r9_47_the_compiled_playout_plays_the_api_game(players, seed):
    playout_agrees("estonsky", players, seed)


@pytest.mark.parametrize("players,seed", [(2, 11), (4, 12)])
def test_r9_47_a_record_keeps_the_options_and_replays(players, seed):
    record_round_trip("estonsky", players, seed, trump="fixed:H")
    record_round_trip("two_joker", players, seed, jokers="estonsky", two_beats_ace=True)

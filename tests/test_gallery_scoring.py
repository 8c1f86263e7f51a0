"""The scoring forms (R9.28), the redeal for five of a suit (R9.27) and krestovy (R9.38):
positions where each changes the legal actions or the outcome, the records that keep them, and
a series adding up points recounted from the records' own actions.
"""

from __future__ import annotations

import random

import pytest

from durak_edu import Beat, Series, Transfer, VARIANTS, cards, deck, new_game, parse_action
from durak_edu.actions import Attack, ThrowIn
from durak_edu.record import GameRecord, RecordError
from helpers import deal_order, endgame, play_all, refused, texts


def finish(g, seed=0):
    """Play a game to its end at random (seeded)."""
    rng = random.Random(seed)
    while not g.is_over:
        g.play(rng.choice(g.legal_actions()))
    return g


# -- R9.28 ochkovy ------------------------------------------------------------------------------

def test_R9_28_ochkovy_a_bito_scores_the_beaten_cards_and_a_take_scores_nothing():
    g = endgame("ochkovy", ["7♠ 8♠ 6♥ 6♦", "9♠ 10♠ 7♥ A♣ K♣"], trump="C")
    play_all(g, "attack 7♠ | beat 7♠ 9♠")
    # seat 0 throws in nothing (no 7 or 9 left): bito, one card beaten for seat 1
    assert g.points == {0: 0, 1: 1}
    play_all(g, "attack 10♠ | take")  # seat 1 attacked, seat 0 took: nothing scores
    assert g.points == {0: 0, 1: 1}
    assert any(e.kind == "score" and "R9.28" in e.text for e in g.history)


def test_R9_28_ochkovy_the_player_left_with_cards_can_win_on_points():
    hands = ["6♠", "7♠ A♦"]
    plain = play_all(endgame("podkidnoy", hands, trump="C"), "attack 6♠ | beat 6♠ 7♠")
    assert plain.result.durak == 1 and plain.result.score(1) == -1  # R2.11: left holding A♦
    g = play_all(endgame("ochkovy", hands, trump="C"), "attack 6♠ | beat 6♠ 7♠")
    r = g.result
    assert r.scores == {0: 0, 1: 1} and r.winners == (1,) and r.durak == 0
    assert r.score(1) == 1 and r.score(0) == -1  # what the bots count follows the points
    assert r.scoring == "ochkovy" and "seat 1 wins" in str(r)


def test_R9_28_everyone_level_on_points_is_a_draw():
    g = play_all(endgame("ochkovy", ["6♠", "7♦"], trump="C"), "attack 6♠ | take")
    # seat 1 takes, seat 0 is out, seat 1 holds cards: nobody beat anything
    assert g.is_over and g.result.draw and g.result.scores == {0: 0, 1: 0}
    assert [g.result.score(p) for p in (0, 1)] == [0, 0]


# -- R9.28 figurny ------------------------------------------------------------------------------

def test_R9_28_figurny_counts_only_beaten_tens_and_above_and_not_when_he_then_takes():
    g = endgame("figurny", ["10♠ 6♠ 10♦ 7♥", "J♠ 7♠ 8♥ 9♥ A♣ 6♣"], trump="C")
    play_all(g, "attack 10♠ | beat 10♠ J♠ | pass")
    assert g.points == {0: 0, 1: 1}  # a ten beaten off: one figure card
    g = endgame("figurny", ["6♠ 9♣ 10♦ 7♦", "7♠ 10♥ J♥ A♥ 6♣ 8♣"], trump="H")
    play_all(g, "attack 6♠ | beat 6♠ 7♠")
    assert g.points == {0: 0, 1: 0}  # a six is no figure card
    g = endgame("figurny", ["10♠ 10♦ 7♦ 8♦", "J♠ 7♥ 8♥ 6♣ 6♥ A♣"], trump="C")
    play_all(g, "attack 10♠ | beat 10♠ J♠ | throw 10♦ | take")
    assert g.points == {0: 0, 1: 0}  # R9.28 (seed 001): beaten, then he took: it counts not


# -- R9.28 pogonny ------------------------------------------------------------------------------

def test_R9_28_pogonny_a_take_of_exactly_two_of_a_rank_is_an_epaulette_for_who_laid_them():
    g = endgame("pogonny", ["7♠ 7♦ 8♠ 8♦ 8♣ 6♥", "K♠ K♦ 10♣ 9♥ A♥ Q♥"], trump="H")
    play_all(g, "attack 7♠ 7♦ | take")
    assert g.points == {0: 1, 1: 0}
    g = endgame("pogonny", ["7♠ 7♦ 8♠ 8♦ 8♣ 6♥", "K♠ K♦ 10♣ 9♥ A♥ Q♥"], trump="H")
    play_all(g, "attack 8♠ 8♦ 8♣ | take")
    assert g.points == {0: 0, 1: 0}  # three of a rank: no epaulette
    g = endgame("pogonny", ["7♠ 9♦ 8♠ 8♦ 8♣ 6♥", "K♠ K♦ 10♣ 9♥ A♥ Q♥"], trump="H")
    play_all(g, "attack 7♠ | take")
    assert g.points == {0: 0, 1: 0}  # one card: no epaulette


def test_R9_28_pogonny_a_thrower_who_lays_the_second_card_hangs_the_epaulette():
    g = endgame("pogonny", ["7♠ 9♦ 6♥", "J♥ 10♣ A♥", "7♦ 8♣ 9♣"], trump="H")
    play_all(g, "attack 7♠ | take | throw 7♦")
    assert g.points == {0: 0, 1: 0, 2: 1}  # seat 2 laid the second seven


def test_R9_28_pogonny_level_on_epaulettes_the_higher_ones_win():
    g = endgame("pogonny", ["7♠ 7♦ 9♣ 6♥ 6♣", "K♠ K♦ 10♣ 8♥"], trump="H")
    play_all(g, "attack 7♠ 7♦ | take | attack 9♣ | beat 9♣ 10♣ | attack K♠ K♦ | take"
                " | attack 7♠ 7♦ | beat 7♠ K♠ | beat 7♦ K♦ | attack 6♣ | beat 6♣ 8♥")
    r = g.result
    assert r.scores == {0: 1, 1: 1} and r.scored == {0: (7,), 1: (13,)}
    assert r.winners == (1,) and r.durak == 0  # the kings beat the sevens (seed 000)
    assert str(r) == ("pogonny (epaulettes hung): seat 0 1 (7), seat 1 1 (K); seat 1 wins, "
                      "seat 0 is the durak")


def test_R9_28_the_result_line_of_a_text_record_is_checked_against_the_replay():
    g = finish(new_game("pogonny", players=3, seed=4), 4)
    text = g.record().to_text()
    line = f"result: {g.result.text(names=False)}"
    assert line in text.splitlines()
    assert GameRecord.from_text(text).to_game().result == g.result
    back = GameRecord.from_json(g.record().to_json()).to_game()
    assert back.result == g.result and back.result.scores == g.result.scores
    wrong = dict(g.result.scores)
    seat = next(iter(wrong))
    forged = text.replace(line, line.replace(f"seat {seat} {wrong[seat]}",
                                             f"seat {seat} {wrong[seat] + 1}", 1))
    assert forged != text
    with pytest.raises(RecordError, match="result"):
        GameRecord.from_text(forged)


@pytest.mark.parametrize("options, clause", [
    (dict(scoring="points"), "scoring"),
    (dict(scoring="ochkovy", teams=True, min_players=4), "R9.28"),
])
def test_R9_28_impossible_scoring_options_are_refused(options, clause):
    with pytest.raises(ValueError, match=clause):
        new_game("podkidnoy", players=4, **options)


# -- Series totals over a seeded series, recounted from the records ------------------------------

def recount(rec: GameRecord) -> dict[int, int]:
    """The points of a recorded game, counted again from its actions: each bito scores the
    targets of the bout's beats (figurny: of rank ten to ace) for the seat that beat them; each
    pick-up of exactly two cards of one rank scores for the seat that laid the last attack card."""
    form = VARIANTS[rec.variant].rules.scoring
    replay = new_game(rec.variant, players=rec.players, deck_order=rec.deck, dealer=rec.dealer,
                      lead=rec.lead, **rec.options)
    points = {p: 0 for p in range(rec.players)}
    beaten: list[tuple[int, int]] = []  # (seat, target rank) beaten this bout
    layer = None
    for act in rec.actions:
        seat = replay.to_act
        mark = len(replay.history)
        replay.play(act)
        if isinstance(act, Beat):
            beaten.append((seat, act.target.rank))
        if isinstance(act, (Attack, ThrowIn)) or (isinstance(act, Transfer) and not act.show):
            layer = seat
        for e in replay.history[mark:]:
            if e.kind == "bito":
                for who, rank in beaten:
                    if form == "ochkovy" or (form == "figurny" and 10 <= rank <= 14):
                        points[who] += 1
            if e.kind == "pickup" and form == "pogonny":
                taken = e.cards
                if len(taken) == 2 and taken[0].rank == taken[1].rank and layer != e.seat:
                    points[layer] += 1
            if e.kind in ("bito", "pickup"):
                beaten = []
    return points


@pytest.mark.parametrize("variant", ["ochkovy", "figurny", "pogonny"])
def test_R9_28_series_totals_add_up_the_points_recounted_from_the_records(variant):
    s = Series(variant, players=3, seed=11)
    for k in range(4):
        finish(s.game, k)
        if k < 3:
            s.next_game()
    recounts = [recount(g.record()) for g in s.games]
    assert [r.scores for r in s.results] == recounts
    assert s.totals() == tuple(sum(r[p] for r in recounts) for p in range(3))
    assert sum(s.totals()) > 0  # the games did score something


def test_series_totals_add_nothing_for_a_game_without_scores():
    s = Series("podkidnoy", players=2, seed=1)
    finish(s.game)
    assert s.totals() == (0, 0)


# -- R9.27 the redeal ---------------------------------------------------------------------------

FIVE_SPADES = ["6♠ 7♠ 8♠ 9♠ 10♠ 6♥", "6♣ 7♣ 8♦ 9♦ 10♥ J♥"]


def test_R9_27_a_hand_of_five_of_a_suit_is_dealt_again_at_once():
    order = deal_order(FIVE_SPADES, turned="A♦")
    plain = new_game("podkidnoy", deck_order=order)
    assert [str(c) for c in plain.hands[0]] == "6♠ 7♠ 8♠ 9♠ 10♠ 6♥".split()
    g = new_game("s_peresdachey", deck_order=order)
    assert g.redeals[0] == tuple(order) and g.deck_order == tuple(order)
    assert g.dealt_order != tuple(order)
    for hand in g.hands:
        assert max(sum(c.suit == s for c in hand) for s in {c.suit for c in hand}) < 5
    redeal = [e for e in g.history if e.kind == "redeal"]
    assert len(redeal) == len(g.redeals) and "R9.27" in redeal[0].text
    assert set(redeal[0].cards) == set(cards("6♠ 7♠ 8♠ 9♠ 10♠"))  # shown to all
    assert g.history[len(redeal)].kind == "deal"


def test_R9_27_the_redeal_is_the_same_every_time_so_a_record_replays():
    order = deal_order(FIVE_SPADES, turned="A♦")
    g = new_game("s_peresdachey", deck_order=order)
    assert new_game("s_peresdachey", deck_order=order).hands == g.hands
    seeded = next(new_game("s_peresdachey", players=4, seed=s) for s in range(300)
                  if new_game("s_peresdachey", players=4, seed=s).redeals)
    for game in (g, seeded):
        finish(game, 3)
        back = GameRecord.from_json(game.record().to_json()).to_game()
        assert back.hands == game.hands and back.result == game.result
        assert back.dealt_order == game.dealt_order
        assert GameRecord.from_text(game.record().to_text()).to_game().result == game.result


@pytest.mark.parametrize("options", [dict(deal_all=True), dict(hand_size=9)])
def test_R9_27_a_redeal_that_might_never_end_is_refused(options):
    with pytest.raises(ValueError, match="R9.27"):
        new_game("s_peresdachey", **options)


# -- R9.38 krestovy -----------------------------------------------------------------------------

def test_R9_38_krestovy_clubs_beat_and_are_beaten_only_by_clubs_and_diamonds_are_trumps():
    g = endgame("krestovy", ["7♣ 7♠ 9♥", "8♣ 6♦ 9♠ 10♣"])
    assert g.trump.letter == "D"
    g.play("attack 7♣")
    assert texts(g.legal_actions()) == ["beat 7♣ 8♣", "beat 7♣ 10♣", "take"]
    refused(g, "beat 7♣ 6♦", "R9.38")  # a trump does not beat a club
    g = endgame("krestovy", ["7♣ 7♠ 9♥", "8♣ 6♦ 9♠ 10♣"])
    g.play("attack 7♠")  # spades are ordinary here: a trump beats them
    assert texts(g.legal_actions()) == ["beat 7♠ 6♦", "beat 7♠ 9♠", "take"]
    g = endgame("krestovy", ["9♥ 7♠", "10♣ 6♦"])
    g.play("attack 9♥")
    refused(g, "beat 9♥ 10♣", "R9.38")  # a club beats only clubs
    # the same cards in spades by spades (R6): the club is ordinary, the trump beats it
    h = endgame("japanese_diamonds", ["7♣ 7♠ 9♥", "8♣ 6♦ 9♠ 10♣"])
    h.play("attack 7♣")
    assert "beat 7♣ 6♦" in texts(h.legal_actions())


def krestovy(top, players=3):
    """A krestovy game whose deck is drawn from ``top`` first, the rest in canonical order."""
    first = list(cards(top))
    return new_game("krestovy", players=players,
                    deck_order=first + [c for c in deck(36) if c not in first])


def test_R9_38_krestovy_first_phase_the_highest_drawn_card_starts_the_pile():
    g = krestovy("7♠ 9♥ 8♣ 6♥ 7♦ 8♠")
    assert g.hands == (cards("7♠"), (), cards("8♣")) and g.table == [(cards("9♥")[0], None)]
    assert g.view(0).known[2] == cards("8♣")  # drawn face up: seen by all
    assert g.to_act == 2 and g.role(2) == "to lay" and g.targets() == []
    # seat 2 has no ten: he takes the pile (R9.38), and refusing it names the clause
    assert texts(g.legal_actions()) == ["take"]
    refused(g, "play 8♣", "R9.38")
    refused(g, "attack 8♣", "R9.38")
    g.play("take")
    # it all starts again, the taker drawing first: 6♥ (seat 2), 7♦ (seat 0), 8♠ (seat 1)
    assert g.table == [(cards("8♠")[0], None)] and g.to_act == 2
    assert texts(g.legal_actions()) == ["play 9♥"]  # he holds a nine: he must lay it
    refused(g, "take", "R9.38")
    assert g.move_for(2, cards("9♥")[0]) == parse_action("play 9♥")
    g.play("play 9♥")
    assert g.to_act == 0 and texts(g.legal_actions()) == ["take"]  # no ten
    g.play("take")  # and seat 0 draws first in the next round
    assert set(g.hands[0]) == set(cards("7♠ 7♦ 8♠ 9♥ 6♠"))


def test_R9_38_krestovy_with_the_deck_used_up_the_attack_defence_game_begins():
    g = new_game("krestovy", players=2, seed=5)
    while g.talon_size or g.table:
        assert g.role(g.to_act) == "to lay"
        g.play(g.legal_actions()[0])
    # every card is in a hand, no talon: the lowest trump (diamonds) attacks (R1.3)
    assert sum(map(len, g.hands)) == 36 and g.trump.letter == "D" and g.trump_card is None
    lowest = min((c.rank, p) for p, h in enumerate(g.hands) for c in h if c.suit == g.trump)
    assert g.to_act == lowest[1] and g.role(g.to_act) == "attacker"
    assert all(isinstance(a, Attack) for a in g.legal_actions())
    assert any(e.kind == "phase" and "R9.38" in e.text for e in g.history)
    finish(g)
    back = GameRecord.from_text(g.record().to_text()).to_game()
    assert back.result == g.result and back.hands == g.hands


def test_R9_38_from_hands_says_krestovy_deals_nothing():
    from durak_edu import from_hands
    with pytest.raises(ValueError, match="R9.38"):
        from_hands("krestovy", ["7♠", "8♠"])


@pytest.mark.parametrize("options", [dict(trump="turned"), dict(trump="fixed:C"),
                                     dict(spades_apart=True), dict(deal_all=True)])
def test_R9_38_krestovy_with_a_club_trump_spades_apart_or_another_deal_is_refused(options):
    with pytest.raises(ValueError, match="R9.38"):
        new_game("krestovy", **options)


def test_R9_28_the_text_picture_shows_the_points_so_far():
    g = play_all(endgame("ochkovy", ["7♠ 8♠ 6♥ 6♦", "9♠ 10♠ 7♥ A♣ K♣"], trump="C"),
                 "attack 7♠ | beat 7♠ 9♠")
    assert "points (ochkovy): seat 0 0, seat 1 1" in str(g).splitlines()
    assert "points" not in str(endgame("podkidnoy", ["7♠", "9♠ 10♠"], trump="C"))


def test_R9_27_from_hands_refuses_hands_that_would_be_dealt_again():
    from durak_edu import from_hands
    with pytest.raises(ValueError, match="R9.27"):
        from_hands("s_peresdachey", FIVE_SPADES, turned="A♦")
    assert from_hands("podkidnoy", FIVE_SPADES, turned="A♦").hands[0] == cards(FIVE_SPADES[0])

"""The coach (durak_edu.coach.advise): chances by hand on fixed positions, no peeking (R0),
agreement with the endgame solver, every family."""

from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, strategies as st

from durak_edu import cards, from_position, new_game
from durak_edu.bots import lowest_card_bot, solve
from durak_edu.coach import advise, chance_text, chances
from durak_edu.prob import p_at_least_one, p_can_beat
from durak_edu.prob.simulate import Estimate


def small():
    # Seat 0 sees 7♠ 9♦ (or 7♠ 7♦) and the discard pile; the 6 cards 8♠ 6♥ K♣ A♠ 10♦ 6♣ are
    # unknown to it: 3 in seat 1's hand, 3 in the talon. Hearts are trumps (R2.3).
    return "8♠ 6♥ K♣", "A♠ 10♦ 6♣"


def test_where_and_unknown_follow_the_view_R0():
    hand1, talon = small()
    g = from_position("podkidnoy", ["7♠ 9♦", hand1], trump="H", talon=talon)
    a = advise(g)
    assert a.seat == 0
    assert set(a.unknown) == set(cards(hand1 + " " + talon))
    assert a.where == {1: 3, "talon": 3}
    assert "cannot place 6 cards: 3 in seat 1's hand, 3 in the talon" in a.text
    assert sum(len(cs) for cs in a.out_by_suit.values()) == 6


def test_one_card_chances_by_hand_R2_3():
    hand1, talon = small()
    g = from_position("podkidnoy", ["7♠ 9♦", hand1], trump="H", talon=talon)
    a = advise(g)
    # 7♠ is beaten by 8♠, A♠ or the trump 6♥: 3 of the 6 unknown cards; he holds 3 of the 6, so
    # he misses all three only if his hand is exactly the other 3: 1 of C(6,3) = 20 hands
    assert a.option("attack 7♠").p_beaten == 1 - Fraction(1, 20)
    # 9♦ by 10♦ or 6♥: he misses both with C(4,3) = 4 of the 20 hands
    assert a.option("attack 9♦").p_beaten == 1 - Fraction(4, 20)
    assert [o.action for o in a.options] == g.legal_actions()


def test_two_cards_need_two_different_beaters_R2_3():
    hand1, talon = small()
    g = from_position("podkidnoy", ["7♠ 7♦", hand1], trump="H", talon=talon)
    a = advise(g)
    # 7♠: 8♠ A♠ 6♥; 7♦: 10♦ 6♥. With 10♦ he needs a spade or 6♥ among his 2 others (9 of the
    # C(5,2) = 10 pairs); without it, 6♥ and a spade among 3 of the other 5 (5 hands): 14 of 20.
    assert a.option("attack 7♠ 7♦").p_beaten == Fraction(14, 20)
    # the single 6♥ alone cannot beat both: Hall's condition, not "each card has a beater"


def test_a_sampled_chance_agrees_with_the_count_within_3_standard_errors(monkeypatch):
    hand1, talon = small()
    g = from_position("podkidnoy", ["7♠ 7♦", hand1], trump="H", talon=talon)
    monkeypatch.setattr(chances, "EXACT_LIMIT", 0)  # force sampling
    p = advise(g).option("attack 7♠ 7♦").p_beaten
    assert isinstance(p, Estimate) and p.standard_error > 0
    assert p.z(Fraction(14, 20)) <= 3
    assert chance_text(p).startswith("≈ ") and " ± " in chance_text(p)


def test_a_throw_in_counts_the_cards_still_unbeaten():
    # after a throw-in the defender must beat the new card *and* whatever is still unbeaten
    g = from_position("podkidnoy", ["7♠ 7♦ 9♣", "8♠ 6♥ K♣ 10♦"], trump="H", talon="A♠ 6♣")
    g.play("attack 7♠")
    g.play("beat 7♠ 8♠")
    a = advise(g)
    v = g.view(0)
    # only 7♦ to beat: 10♦ or 6♥, two of the 5 unknown cards (A♠ 6♣ K♣ 10♦ 6♥); he holds 3 of
    # them and misses both only with the 1 hand A♠ 6♣ K♣ of C(5,3) = 10
    assert a.option("throw 7♦").p_beaten == Fraction(9, 10) == p_can_beat(v, "7♦", 1)


def test_a_defender_sees_the_chance_of_more_throw_ins_R2_4():
    hand1, talon = small()
    g = from_position("podkidnoy", ["7♠ 9♦", hand1], trump="H", talon=talon)
    g.play("attack 7♠")
    a = advise(g)                       # seat 1 defends; 9♦ A♠ 10♦ 6♣ are unknown to him
    assert a.seat == 1 and a.where == {0: 1, "talon": 3}
    # beating with 8♠ puts sevens and eights on the table: none of them is unknown
    assert a.option("beat 7♠ 8♠").p_throw == 0
    # beating with 6♥ invites sixes: 6♣ is one of the 4 unknown cards, seat 0 holds 1 of them
    assert a.option("beat 7♠ 6♥").p_throw == Fraction(1, 4)
    assert a.option("take").p_throw is None


def test_the_suggestion_is_a_legal_action_and_the_advice_repeats():
    g = new_game("podkidnoy", players=2, seed=7)
    for _ in range(9):
        g.play(lowest_card_bot(g, g.to_act))
    a, b = advise(g), advise(g)
    assert a == b
    assert a.best and all(g.can_play(x) for x in a.best)
    assert str(a.best[0]) in a.text
    html = a._repr_html_()
    assert "<table>" in html and "★" in html
    assert str(a).splitlines()[0] == a.text


def test_bad_input_is_refused_with_what_and_where():
    g = new_game("podkidnoy", players=2, seed=1)
    with pytest.raises(TypeError, match="advise needs a game"):
        advise("podkidnoy")
    with pytest.raises(ValueError, match="seat must be a seat 0..1"):
        advise(g, seat=2)


def test_another_seat_gets_the_picture_but_no_options():
    g = new_game("podkidnoy", players=3, seed=2)
    other = (g.to_act + 1) % 3
    a = advise(g, other)
    assert a.options == () and a.best == ()
    assert a.unknown == g.view(other).unknown
    assert f"It is seat {g.to_act}'s turn" in a.text


# -- every family --------------------------------------------------------------------------------

def test_circle_chance_the_next_player_beats_the_top_card_R7_3():
    g = new_game("japanese_circle", players=3, seed=4)
    me = g.to_act
    a = advise(g)
    for o in a.options:
        if o.answerer is None:
            continue
        after = g.clone()
        after.play(o.action)
        card = o.cards[0]
        # the same number the probability helpers give for "can seat p beat this card"
        assert o.p_beaten == p_can_beat(after.view(me), card, o.answerer)
    assert any(o.p_beaten is not None for o in a.options)


def test_maumau_chance_the_next_player_follows_R8_1():
    g = new_game("japanese_maumau", players=3, seed=5)
    g.play(lowest_card_bot(g, g.to_act))
    me = g.to_act
    a = advise(g)
    seen = 0
    for o in a.options:
        if o.p_follow is None:
            continue
        seen += 1
        after = g.clone()
        after.play(o.action)
        v = after.view(me)
        top = o.cards[0]
        # R8.1/R8.3: his suit, his rank, or a queen (wild), counted among the unknown cards
        def follows(c):
            if c.rank == 12:
                return True
            if after.called_suit is not None:
                return c.suit == after.called_suit
            return c.suit == top.suit or c.rank == top.rank
        known = v.known.get(o.answerer, ())
        if any(follows(c) for c in known):
            assert o.p_follow == 1
            continue
        hidden = sum(follows(c) for c in v.unknown)
        assert o.p_follow == p_at_least_one(len(v.unknown), hidden, v.unknown_in_hand(o.answerer))
    assert seen


def test_teams_partners_are_unknown_too_R5():
    g = new_game("podkidnoy_teams", players=4, seed=3)
    me = g.to_act
    partner = (me + 2) % 4
    a = advise(g)
    assert a.where[partner] == len(g.hands[partner])
    assert not set(g.hands[partner]) - set(a.unknown)


# -- the ending: exact values ---------------------------------------------------------------------

def test_ending_values_by_hand_R2_10():
    # lead 7♠ and 8♠ beats it: he is out (R2.10) and you are the durak; lead A♥ and he must take
    g = from_position("podkidnoy", ["7♠ A♥", "8♠"], trump="H")
    a = advise(g)
    assert a.ending == "solved"
    assert [(str(o.action), o.value) for o in a.options] == [("attack 7♠", -1), ("attack A♥", 1)]
    assert [str(x) for x in a.best] == ["attack A♥"]
    assert "wins with best play" in a.text


def endings(seed: int, most: int):
    g = new_game("podkidnoy", players=2, seed=seed)
    while not g.is_over and (g.talon_size or sum(map(len, g.hands)) > most):
        g.play(lowest_card_bot(g, g.to_act))
    return g


#: the first eight seeds whose game reaches an ending of at most eight cards still in play
ENDING_SEEDS = [s for s in range(60) if not endings(s, 8).is_over][:8]


@pytest.mark.parametrize("seed", ENDING_SEEDS)
def test_ending_values_agree_with_the_solver(seed):
    g = endings(seed, 8)
    a = advise(g)
    value, best = solve(g)
    assert a.ending == "solved"
    assert set(a.best) == set(best)
    assert max(o.value for o in a.options) == value
    for o in a.options:  # each move's value is the value of the position after it
        after = g.clone()
        after.play(o.action)
        if after.is_over:
            expect = after.result.score(g.to_act)
        else:
            v, _ = solve(after)
            expect = v if after.to_act == g.to_act else -v
        assert o.value == expect, str(o.action)


def test_an_ending_too_big_for_the_limit_says_so():
    g = endings(1, 12)
    a = advise(g, limit=50)
    assert a.ending == "too big"
    assert all(o.value is None for o in a.options)
    assert "too big to search" in a.text


# -- no peeking (R0) --------------------------------------------------------------------------------

@st.composite
def positions(draw):
    name, players = draw(st.sampled_from([("podkidnoy", 2), ("podkidnoy", 3), ("perevodnoy", 3),
                                          ("prostoy_two", 2), ("podkidnoy_teams", 4),
                                          ("japanese_spades", 2)]))
    g = new_game(name, players=players, seed=draw(st.integers(0, 10_000)))
    for _ in range(draw(st.integers(0, 60))):
        if g.is_over:
            break
        g.play(lowest_card_bot(g, g.to_act))
    return g


@given(positions(), st.lists(st.integers(0, 2**31), min_size=2, max_size=3))
def test_property_identical_advice_on_every_world_consistent_with_the_view(g, seeds):
    if g.is_over:
        return
    s = g.to_act
    # the values too (each option's win, the best): any effort shows it, a small one is quick
    a = advise(g, s, 40, limit=2_000)
    for seed in seeds:
        world = g.redeal_hidden(s, rng=seed)
        assert world.view(s) == g.view(s)
        assert advise(world, s, 40, limit=2_000) == a


@pytest.mark.parametrize("name,deck", [("podkidnoy", 36), ("podkidnoy", 52), ("two_joker", 54),
                                       ("bolshoy", 72)])
def test_the_still_out_strip_stays_on_the_table_with_big_decks(name, deck):
    """R0, R9.21, R9.22: with 52 cards and more the strip of cards still out must not run off
    the right edge (it shrinks its type, and at the last shows the counts only)."""
    from durak_edu.draw.overlay import coach_overlay, overlay_items
    from durak_edu.draw.prims import Text
    g = new_game(name, seed=1, **({"deck": deck} if name == "podkidnoy" else {}))
    ov = coach_overlay(advise(g, g.to_act))
    width = 760
    items, _ = overlay_items(ov, [], 0, width, lambda suit, x, y: Text(x, y, str(suit)))
    strip = [it for it in items if isinstance(it, Text) and it.y < 30 and it.text != "still out:"]
    assert strip and all(it.x + 7.2 * it.size / 12 * len(it.text) <= width - 8 for it in strip)


def test_a_whole_deal_with_the_talon_empty_is_too_big_at_once_and_keeps_the_chances():
    """Navalenny deals the whole deck: the ending search is refused by its size estimate
    (``bots.solve.size_estimate``) instead of running to the limit; the rest of the advice is
    given as usual."""
    from durak_edu.coach.ending import LIMIT, TooBig, move_values
    g = new_game("naval", players=2, seed=0)
    a = advise(g, 1)
    assert a.ending == "too big" and all(o.value is None for o in a.options)
    assert f"too big to search within the limit ({LIMIT:,} positions)" in a.text
    assert len(a.options) == len(g.legal_actions()) and a.best
    with pytest.raises(TooBig, match=f"18 and 18 cards in the hands.*over the limit of {LIMIT:,}"):
        move_values(g)


def test_every_twelve_card_ending_of_the_benchmark_is_solved_by_the_coach_R0():
    """Issue 29: the largest ending of ``benchmarks/coach.py`` (seed 25: 6 against 6, the talon
    empty) needs 48,562 positions for every move's value; the coach solves it (at 15,000 it
    said "too big") and agrees with ``solve``."""
    g = new_game("podkidnoy", players=2, seed=25)
    while g.talon_size or sum(map(len, g.hands)) > 12:
        g.play(lowest_card_bot(g, g.to_act))
    a = advise(g, 1)
    value, best = solve(g)
    assert a.ending == "solved" and a.method == "exact"
    assert {o.action for o in a.options if o.value == value} == set(best)

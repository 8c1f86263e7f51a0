"""durak_edu.lesson: the one-line helpers the rule lessons call (issue 19)."""

from __future__ import annotations

import math
import random
import re

import pytest

from durak_edu import VARIANTS, Card, deck, from_hands, new_game
from durak_edu.bots import lowest_card_bot, random_bot
from fractions import Fraction

from durak_edu.lesson import (BeatChecker, attack_route, beat_reason, cards_text, changed_options,
                              coin_p_value, estimate_text, percent_text, play_and_show, play_until, proportion,
                              rate_text, rates_figure, show_legal, try_move)
from durak_edu.prob import Estimate
from durak_edu.rates import supported_decimals

from helpers import fingerprint


def story():
    return from_hands("podkidnoy", ["6♥ 7♠ 9♦", "9♠ 8♣ K♦"], turned="K♥", names=["Anna", "Boris"],
                      hand_size=3)


def test_show_legal_prints_who_acts_and_every_legal_action(capsys):
    g = new_game("perevodnoy", players=3, seed=5, names=["Anna", "Boris", "Vera"])
    show_legal(g)
    line = capsys.readouterr().out.strip()
    who, _, moves = line.partition(" may: ")
    assert who == g.names[g.to_act]
    assert moves.split(", ") == [str(a) for a in g.legal_actions()]


def test_show_legal_says_when_the_game_is_over(capsys):
    g = new_game("podkidnoy", players=2, seed=3)
    play_until(g)
    show_legal(g)
    assert capsys.readouterr().out.startswith("the game is over")


def test_try_move_names_the_clause_and_leaves_the_game_unchanged(capsys):
    # R2.13: a refused move names its rule and changes nothing
    g = story()
    before = fingerprint(g)
    try_move(g, "attack 8♣", seat=1)
    out = capsys.readouterr().out
    assert out.startswith("'attack 8♣' is refused → R2.5:")
    assert fingerprint(g) == before


def test_try_move_only_checks_unless_asked_to_play(capsys):
    g = story()
    before = fingerprint(g)
    try_move(g, "attack 7♠")
    assert capsys.readouterr().out == "'attack 7♠' is allowed\n"
    assert fingerprint(g) == before
    try_move(g, "attack 7♠", play=True)
    assert capsys.readouterr().out == "seat 0 (Anna) attacks with 7♠\n"
    assert [str(a) for a in g.actions] == ["attack 7♠"]


def test_play_and_show_prints_each_event_once_and_hides_drawn_cards(capsys):
    g = story()
    start = len(g.history)
    play_and_show(g, "attack 7♠", "beat 7♠ 9♠", "pass")
    events = g.history[start:]
    out = capsys.readouterr().out.splitlines()
    assert [e.kind for e in events][-3:] == ["bito", "draw", "draw"]
    assert out == [str(e) for e in events]
    drawn = [c for e in events if e.kind == "draw" for c in e.cards]
    assert drawn and not any(str(c) in " ".join(out[-2:]) for c in drawn)  # R0: private


def test_play_and_show_reveal_says_who_alone_sees_a_drawn_card(capsys):
    g = story()
    start = len(g.history)
    play_and_show(g, "attack 7♠", "beat 7♠ 9♠", "pass", reveal=True)
    events = g.history[start:]
    out = capsys.readouterr().out.splitlines()
    for event, line in zip(events[-2:], out[-2:]):
        assert line.endswith(f"(only {g.names[event.seat]} sees {cards_text(event.cards)})")


def test_play_and_show_does_not_repeat_a_line_the_next_event_repeats(capsys):
    g = from_hands("japanese_maumau", ["9♠ K♠ 10♣ 9♦ 6♥", "7♣ J♣ 8♥ 10♥ K♥"], talon="6♠ 8♦ Q♦",
                   lead=0)
    start = len(g.history)
    play_and_show(g, "play 9♦", "draw")
    events = g.history[start:]
    out = capsys.readouterr().out.splitlines()
    assert len(events) == 3 and events[1].text == events[2].text
    assert out == ["seat 0 plays 9♦", "seat 1 draws a card"]


def test_play_until_stops_before_the_move_that_would_pass_the_condition():
    g = new_game("podkidnoy", players=3, seed=44)
    events = play_until(g, lambda g: g.talon_size == 0)
    assert g.talon_size == 0 and not g.is_over
    replay = new_game("podkidnoy", players=3, seed=44)
    for a in g.actions[:-1]:
        replay.play(a)
    assert replay.talon_size > 0  # one move earlier the condition did not hold
    assert events == g.history[len(g.history) - len(events):]


def test_play_until_plays_the_bot_given_and_respects_the_limit():
    rng = random.Random(1)
    g = new_game("podkidnoy", players=2, seed=9)
    play_until(g, bot=lambda game, seat: random_bot(game, seat, rng=rng), limit=7)
    assert len(g.actions) == 7
    h = new_game("podkidnoy", players=2, seed=9)
    play_until(h)
    assert h.is_over
    check = new_game("podkidnoy", players=2, seed=9)
    for a in h.actions:
        assert a == lowest_card_bot(check, check.to_act)
        check.play(a)


def test_play_until_refuses_a_bad_limit():
    with pytest.raises(ValueError, match="limit"):
        play_until(new_game("podkidnoy", players=2, seed=1), limit=-1)


def test_changed_options_lists_exactly_the_options_that_differ():
    for name in ("perevodnoy", "podkidnoy_teams", "japanese_diamonds", "prostoy"):
        diff = changed_options(name, "podkidnoy")
        mine, base = VARIANTS[name].rules, VARIANTS["podkidnoy"].rules
        assert diff and all(getattr(mine, k) == v != getattr(base, k) for k, v in diff.items())
    assert changed_options("podkidnoy", "podkidnoy") == {}


def test_changed_options_says_what_is_wrong():
    with pytest.raises(ValueError, match="no variant named 'podkidnoi'"):
        changed_options("podkidnoi", "podkidnoy")
    with pytest.raises(ValueError, match="different rule sets"):
        changed_options("japanese_circle", "podkidnoy")


def test_cards_text():
    assert cards_text(["10D", Card.parse("Q♠")]) == "10♦ Q♠"
    assert cards_text(()) == "none"


def test_proportion_is_the_share_with_its_standard_error():
    for k, n in [(44, 100), (1, 3), (961, 4000)]:
        e = proportion(k, n)
        assert e.estimate == k / n
        assert math.isclose(e.standard_error ** 2 * n, (k / n) * (1 - k / n))
    assert proportion(0, 100).standard_error == 0
    for bad in [(5, 4), (-1, 4), (1, 0), (0.5, 4)]:
        with pytest.raises(ValueError, match="proportion"):
            proportion(*bad)


def test_rates_figure_draws_one_standard_error_bars_and_the_exact_values():
    ests = [proportion(44, 100), proportion(21, 100), proportion(3, 100)]
    fig = rates_figure(["a", "b", "c"], ests, exact=[0.4, None, 0.05], ylabel="share")
    ax = fig.axes[0]
    bars = [c for c in ax.collections]  # the error bars' line collection
    segments = bars[0].get_segments()
    assert [round(s[1][1] - s[0][1], 12) for s in segments] == [round(2 * e.standard_error, 12)
                                                                for e in ests]
    assert {t.get_text() for t in ax.get_legend().get_texts()} == {"simulated ± 1 SE", "exact"}
    assert tuple(fig.get_size_inches()) == (6.4, 3.2)
    with pytest.raises(ValueError, match="2 labels for 3 estimates"):
        rates_figure(["a", "b"], ests)


def test_rates_figure_bounds_a_share_of_0_or_1_by_the_rule_of_three_not_a_zero_bar():
    ests = [proportion(0, 100), proportion(44, 100), proportion(50, 50)]
    fig = rates_figure(["none", "some", "all"], ests, n=[100, 100, 50])
    ax = fig.axes[0]
    dashed = [line for line in ax.get_lines() if line.get_linestyle() == "--"]
    assert sorted((round(min(l.get_ydata()), 9), round(max(l.get_ydata()), 9)) for l in dashed) \
        == [(0.0, 0.03), (0.94, 1.0)]
    assert "rule of three (3/n)" in {t.get_text() for t in ax.get_legend().get_texts()}
    # without n nothing is invented, and a wrong count of n is refused
    assert not [l for l in rates_figure(["a"], ests[:1]).axes[0].get_lines()
                if l.get_linestyle() == "--"]
    with pytest.raises(ValueError, match="2 trial counts for 3 estimates"):
        rates_figure(["a", "b", "c"], ests, n=[1, 2])


@pytest.mark.parametrize("variant", ["podkidnoy", "japanese_spades"])
@pytest.mark.parametrize("trump", ["H", "S", "none"])
def test_beat_reason_agrees_with_the_games_own_verdict(variant, trump):
    # R2.3, R6: the reason given never contradicts game.beats
    g = new_game(variant, players=2, seed=0, trump="none" if trump == "none" else f"fixed:{trump}")
    beats_words = ("a trump beats any card", "is higher than", "she beats")
    for card in deck(36):
        for target in deck(36):
            reason = beat_reason(g, card, target)
            assert re.search(r"\(R2\.3\)|\(R6\)|itself", reason)
            says_beats = any(w in reason for w in beats_words)
            assert says_beats == g.beats(card, target), (card, target, reason)


def test_beat_checker_follows_its_menus_and_shows_its_cards():
    c = BeatChecker(target="9♦", card="8♥", trump="H")
    assert "8♥ beats 9♦" in c.verdict_text()
    c.trump_menu.value = "D"
    assert "8♥ does not beat 9♦" in c.verdict.value
    c.variant_menu.value = "japanese_spades"
    c.card_menu.value = "Q♠"
    c.target_menu.value = "A♠"
    assert "Q♠ beats A♠" in c.verdict_text() and "queen" in c.verdict_text()
    assert c.to_svg() == c._repr_svg_() and c.to_svg().startswith("<svg")


def test_beat_checker_refuses_bad_settings():
    with pytest.raises(ValueError, match="not a card"):
        BeatChecker(card="11♥")
    with pytest.raises(ValueError, match="trump must be one of"):
        BeatChecker(trump="X")
    with pytest.raises(ValueError, match="variant 'perevodnoy' is not among"):
        BeatChecker(variant="perevodnoy")
    with pytest.raises(ValueError, match="not in the 36-card deck"):
        BeatChecker(card="2♠")


def test_attack_route_follows_the_transfers_of_this_bout_only():
    # R3.1: each transfer hands the attack to the next player; R3.3: the route starts afresh
    # with every bout
    hands = ["7♥ 8♣ 9♦ 7♠ J♠ A♦", "8♦ K♣ 9♣ J♣ 10♠ Q♦", "9♥ 6♠ 7♦ 10♣ Q♠ A♠",
             "9♠ 6♣ 7♣ 10♦ J♦ A♣"]
    g = from_hands("perevodnoy", hands, turned="6♥")
    assert attack_route(g) == []
    for a in ["attack 8♣", "beat 8♣ K♣", "attack 9♣", "show 9♥", "transfer 9♠", "transfer 9♦"]:
        g.play(a)
    assert attack_route(g) == [(1, 2, "attack 9♣"), (2, 3, "show 9♥"), (3, 0, "transfer 9♠"),
                               (0, 1, "transfer 9♦")]
    before = fingerprint(g)
    g.play("beat 9♣ J♣")
    assert attack_route(g)[-1] == (0, 1, "transfer 9♦")  # a beat changes no one's role
    g.undo()
    assert fingerprint(g) == before
    with pytest.raises(TypeError, match="attack–defence game"):
        attack_route(new_game("japanese_maumau", players=3, seed=1))


# -- one way to write a rate (issue 26) ---------------------------------------------------------

def _numbers(text):
    return [float(x) for x in re.findall(r"\d+\.?\d*", text)]


@pytest.mark.parametrize("k, n", [(0, 100), (0, 1000), (100, 100), (57, 57), (0, 7)])
def test_nothing_or_everything_is_bounded_by_the_rule_of_three_never_a_zero_error(k, n):
    text = rate_text(k, n)
    assert "± 0" not in text and "rule of three" in text and f"{k} of {n}" in text
    bound = _numbers(text)[0]
    if k == 0:
        assert text.startswith("< ") and 3 / n <= bound <= 1.2 * 3 / n   # rounded outwards
    else:
        assert text.startswith("> ") and 1 - 1.2 * 3 / n <= bound <= 1 - 3 / n
    # an Estimate of 0 or 1 with its error of 0 gives the same, once n is known; a table column
    # takes the bound alone
    assert rate_text(proportion(k, n), n=n) == text
    assert rate_text(proportion(k, n), n=n, brief=True) == rate_text(k, n, brief=True) \
        == text.split(" (")[0]


def test_a_rate_keeps_only_the_digits_its_error_supports():
    assert rate_text(44, 100) == "0.44 ± 0.05"           # not 0.4400 ± 0.0496
    assert rate_text(Estimate(0.6234, 0.0153)) == "0.623 ± 0.015"
    assert estimate_text(63.9250, 0.5459) == "63.9 ± 0.5"   # lesson 17's figure
    assert estimate_text(1234.5, 14.1) == "1234 ± 14"
    assert [supported_decimals(s) for s in (0.0496, 0.0996, 0.0153, 0.55, 3.2)] == [2, 2, 3, 1, 0]
    for k, n in [(3, 10), (501, 1000), (1489, 1495), (12, 40_000)]:
        p, se = proportion(k, n)
        shown, err = _numbers(rate_text(k, n))[:2]
        assert abs(shown - p) <= err and err == pytest.approx(se, rel=0.35)


@pytest.mark.parametrize("rate", [Fraction(1489, 1495), Estimate(0.996, 0.0016),
                                  Fraction(1, 57970), Estimate(0.002, 0.001), 0.9999])
def test_a_near_certainty_is_never_written_as_a_certainty(rate):
    for text in (percent_text(rate), rate_text(rate, digits=2), rate_text(rate, percent=True)):
        assert not re.search(r"(^|[^.\d])(100|0)( %|$)", text), text
        assert not re.fullmatch(r"≈? ?(1|0)(\.0+)?", text), text
    high = float(rate.estimate if isinstance(rate, Estimate) else rate) > 0.5
    assert percent_text(rate) == ("> 99 %" if high else "< 1 %")
    assert percent_text(rate, compact=True) == (">99%" if high else "<1%")


def test_exact_certainties_and_plain_chances_are_written_plainly():
    assert percent_text(Fraction(1)) == "100 %" and percent_text(Fraction(0)) == "0 %"
    assert rate_text(Fraction(0)) == "0" and rate_text(Fraction(1)) == "1"
    assert percent_text(Fraction(19, 20)) == "95 %"
    assert percent_text(Estimate(0.7912, 0.013)) == "≈ 79 %"
    assert rate_text(Fraction(5, 29)) == "0.172"


@pytest.mark.parametrize("call, words", [
    (lambda: rate_text(5, 3), "0 ≤ k ≤ n"),
    (lambda: rate_text(-1, 3), "0 ≤ k ≤ n"),
    (lambda: rate_text(Estimate(0.4, 0.0)), "standard error of 0"),
    (lambda: rate_text(Estimate(1.0, 0.0)), "pass n"),
    (lambda: rate_text(Estimate(1.3, 0.1)), "between 0 and 1"),
    (lambda: rate_text(Fraction(3, 2)), "between 0 and 1"),
    (lambda: rate_text(True), "not True"),
    (lambda: estimate_text(0.5, 0.0), "measures no spread"),
    (lambda: percent_text(Estimate(-0.2, 0.1)), "between 0 and 1"),
])
def test_rate_text_says_what_is_wrong(call, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        call()


def test_coin_p_value_is_the_exact_two_sided_binomial_test():
    # by hand: 3 of 3 (or 0 of 3) has chance 2/8 under a fair coin; an even split is no evidence
    assert coin_p_value(3, 3) == coin_p_value(0, 3) == 0.25
    assert coin_p_value(5, 10) == 1.0
    # against a simulation of fair coins: the share of splits at least as uneven as 23 of 37
    flips = random.Random(26)
    extreme = sum(abs(2 * sum(flips.random() < 0.5 for _ in range(37)) - 37) >= abs(2 * 23 - 37)
                  for _ in range(4000))
    assert abs(extreme / 4000 - coin_p_value(23, 37)) < 4 * math.sqrt(0.19 * 0.81 / 4000)
    with pytest.raises(ValueError, match="0 ≤ k ≤ n"):
        coin_p_value(4, 3)


@pytest.mark.parametrize("p, badge", [(Fraction(1489, 1495), ">99%"), (Fraction(1, 400), "<1%"),
                                      (Estimate(0.998, 0.0014), ">99%"),
                                      (Fraction(1), "100%"), (Fraction(19, 20), "95%")])
def test_the_coach_writes_near_certainties_by_the_lessons_rule(p, badge):
    # lesson 16 showed 1489/1495 as "100%" on a badge while lesson 12 wrote it "> 0.999"
    from durak_edu.coach import chance_text
    from durak_edu.draw.overlay import chance_badge
    assert chance_badge(p) == badge
    text = chance_text(p)
    if p not in (0, 1):
        assert not re.search(r"(?<![\d.])(1|0)(\.0+)?$", text.split("±")[0].strip()), text


def test_the_coach_bounds_a_sample_where_every_world_agreed():
    # a sampled chance of 1 has no spread: the coach says "> 0.997" over its SAMPLES worlds
    from durak_edu.coach import chance_text
    from durak_edu.coach.chances import SAMPLES
    text = chance_text(Estimate(1.0, 0.0))
    assert "± 0" not in text and text.startswith("> ") and f"of {SAMPLES}" in text

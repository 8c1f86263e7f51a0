"""R9.43 (``"korolevsky_full"``): both royal rules in one game, R9.15's lowest rank beaten only
by an ace and R9.30's ace beaten only by the lowest card of its suit or a trump. No new part: the
two beating parts (core/house/beating.py) and ``verdict.judge`` already combine; these tests hold
the preset on the core to that reading (verdicts, legal lists, refusals with clause and words,
whole games and the compiled playout)."""

from __future__ import annotations

import pytest

from core_options import on_core, playout_agrees, whole_game
from helpers import endgame, refused, texts

from durak_edu import VARIANTS, new_game
from durak_edu.cards import Rank, deck


@pytest.mark.parametrize("size", [36, 52, 20])
def test_r9_43_each_half_decides_its_own_cards_and_r2_3_the_rest(size):
    def game(name):
        return new_game(name, seed=1, deck=size, trump="fixed:H")
    full, low, high, plain = (game(n) for n in ("korolevsky_full", "korolevsky",
                                                "korolevsky_reverse", "podkidnoy"))
    lowest = min(c.rank for c in deck(size))
    changed = 0
    for target in deck(size):
        judge = low if target.rank == lowest else high if target.rank == Rank.ACE else plain
        for card in deck(size):
            assert full.beats(card, target) == judge.beats(card, target), (card, target)
            changed += full.beats(card, target) != plain.beats(card, target)
    assert changed > 0  # the preset is not podkidnoy


def test_r9_43_a_six_falls_only_to_an_ace_and_an_ace_to_the_six_or_a_trump():
    g = on_core(endgame("korolevsky_full", ["6♠ 9♦", "A♠ 7♠ K♥ 6♥ 8♦"], trump="H"))
    g.play("attack 6♠")
    assert [a for a in texts(g.legal_actions()) if a.startswith("beat")] == ["beat 6♠ A♠"]
    words = refused(g, "beat 6♠ 7♠", "R9.15")
    assert "only by an ace" in words
    assert "only by an ace" in refused(g, "beat 6♠ K♥", "R9.15")  # a trump does not do
    g = on_core(endgame("korolevsky_full", ["A♣ 9♦", "6♣ K♣ 7♥ 8♦"], trump="H"))
    g.play("attack A♣")
    assert sorted(a for a in texts(g.legal_actions()) if a.startswith("beat")) == [
        "beat A♣ 6♣", "beat A♣ 7♥"]
    assert "only by the 6 of its suit, or by a trump" in refused(g, "beat A♣ K♣", "R9.30")


def test_r9_43_the_trump_ace_and_the_lowest_trump_beat_each_other():
    g = new_game("korolevsky_full", seed=3, trump="fixed:S")
    assert g.beats("A♠", "6♠") and g.beats("6♠", "A♠")
    assert not g.beats("7♠", "A♠") and not g.beats("K♠", "6♠")


def test_r9_43_the_preset_is_both_options_and_refuses_tuzovy():
    rules = VARIANTS["korolevsky_full"].rules
    assert rules.lowest_only_by_ace and rules.highest_only_by_lowest
    with pytest.raises(ValueError, match="ace_beaten_by_any_trump=True and highest_only_by_lowest"):
        new_game("korolevsky_full", ace_beaten_by_any_trump=True)


@pytest.mark.parametrize("players,seed,options", [(2, 1, {}), (3, 2, {"deck": 52}),
                                                  (4, 3, {"transfer": True}), (2, 4, {"deck": 54})])
def test_r9_43_whole_games_end_on_the_core(players, seed, options):
    assert whole_game(on_core(new_game("korolevsky_full", players=players, seed=seed,
                                       **options)), seed) > 0


@pytest.mark.parametrize("players,seed", [(2, 5), (3, 6), (5, 7)])
def test_r9_43_the_compiled_playout_plays_the_api_game(players, seed):
    playout_agrees("korolevsky_full", players, seed)

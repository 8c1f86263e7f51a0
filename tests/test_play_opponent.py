"""PlayWidget's opponent menu: the student picks the bot by name (durak_edu.bots.BOTS)."""

from __future__ import annotations

import pytest

from durak_edu import new_game
from durak_edu.bots import BOTS, SeatGame, lowest_card_bot
from durak_edu.widgets import PlayWidget


def test_every_bot_in_the_menu_plays_every_family():
    for variant, players in (("podkidnoy", 2), ("japanese_circle", 3), ("japanese_maumau", 2)):
        g = new_game(variant, players=players, seed=2)
        for name, make in BOTS.items():
            bot = make()
            assert bot(SeatGame(g, g.to_act), g.to_act) in g.legal_actions(), (variant, name)


def test_the_dropdown_lists_the_bots_and_picking_one_changes_every_opponent():
    w = PlayWidget("podkidnoy", players=3, seed=4)
    assert w.opponent in w.children and list(w.opponent.options) == [
        n for n in BOTS if n not in ("circle_bot", "maumau_bot")]
    assert w.opponent.value == "lowest_card_bot" and set(w.bots.values()) == {lowest_card_bot}
    w.opponent.value = "pair_collector"          # what a click in the menu does
    assert set(w.bots) == {1, 2} and all(b is BOTS["pair_collector"]() for b in w.bots.values())
    w.choose_opponent("ISMCTSBot")
    assert w.opponent.value == "ISMCTSBot"
    assert all(type(b).__name__ == "ISMCTSBot" for b in w.bots.values())
    with pytest.raises(ValueError, match="no bot 'nobody'"):
        w.choose_opponent("nobody")


def test_bots_given_by_hand_leave_the_menu_blank_until_one_is_picked():
    w = PlayWidget("podkidnoy", players=2, bots=lowest_card_bot, seed=1)
    assert w.opponent.value is None
    before = len(w.game.actions)
    w.choose_opponent("counting_bot")
    assert len(w.game.actions) >= before and w.bots[1] is BOTS["counting_bot"]()


@pytest.mark.parametrize("variant, players, made, others", [
    ("podkidnoy", 2, "counting_bot", ("circle_bot", "maumau_bot")),
    ("japanese_circle", 3, "circle_bot", ("maumau_bot", "counting_bot", "pair_collector")),
    ("japanese_maumau", 2, "maumau_bot", ("circle_bot", "ISMCTSBot", "trump_collector")),
])
def test_the_menu_offers_the_bots_made_for_the_games_family(variant, players, made, others):
    """Issue 28: a podkidnoy game offered circle_bot and maumau_bot (and maumau_bot played);
    each family's menu lists its own bots (by the game's table: pairs, pile, stack) and those
    that read every game, and picking another family's bot by name is refused, saying which
    bots fit."""
    w = PlayWidget(variant, players=players, seed=2)
    options = list(w.opponent.options)
    assert made in options and "lowest_card_bot" in options and "random_bot" in options
    assert not set(others) & set(options), options
    before = dict(w.bots)
    with pytest.raises(ValueError, match=f"{others[0]} is made for .* games .*, not "
                                         f"{variant}; bots for this game: lowest_card_bot"):
        w.choose_opponent(others[0])
    assert w.bots == before                          # nothing changed
    w.choose_opponent(made)
    assert all(b is BOTS[made]() for b in w.bots.values())

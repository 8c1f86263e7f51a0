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
    assert w.opponent in w.children and list(w.opponent.options) == list(BOTS)
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

"""The game-object protocol every engine offers (docs/architecture.md): play/check/can_play/undo,
clone, history, view, text and SVG pictures."""

import re

import pytest

from durak_edu import Attack, IllegalAction, Take, new_game
from helpers import fingerprint, game


def test_play_takes_an_action_or_its_text_and_returns_the_event():
    g = new_game("podkidnoy", seed=3)
    first = g.legal_actions()[0]
    ev = g.play(str(first))
    assert ev.kind == "action" and ev.action == first and ev.text
    assert g.history[2 if g.trump_card else 1].action == first


def test_check_raises_can_play_answers_and_neither_changes_the_game():
    g = new_game("podkidnoy", seed=3)
    before = fingerprint(g)
    assert g.check(g.legal_actions()[0]) == g.legal_actions()[0]
    assert not g.can_play("take") and g.can_play(g.legal_actions()[-1])
    with pytest.raises(IllegalAction) as err:
        g.check("take")
    assert err.value.rule == "R2.2" and isinstance(err.value, ValueError)
    assert fingerprint(g) == before


def test_undo_takes_back_one_action_at_a_time_and_refuses_at_the_start():
    g = new_game("perevodnoy", players=3, seed=5)
    with pytest.raises(ValueError, match="nothing to undo"):
        g.undo()
    states = [fingerprint(g)]
    for _ in range(15):
        g.play(g.legal_actions()[-1])
        states.append(fingerprint(g))
    for expected in reversed(states[:-1]):
        g.undo()
        assert fingerprint(g) == expected


def test_clone_is_independent():
    g = new_game("podkidnoy", seed=9)
    c = g.clone()
    c.play(c.legal_actions()[0])
    assert len(c.history) > len(g.history)
    assert fingerprint(g) != fingerprint(c)
    light = g.clone(history=False)
    while not light.is_over:
        seat, act = light.to_act, light.legal_actions()[0]
        event = light.play(act)  # g.play(action) -> Event, even where nothing is recorded
        assert (event.kind, event.seat, event.action, event.text) == ("action", seat, act, "")
    assert light.history == [] and not g.is_over
    with pytest.raises(ValueError, match="history=False"):
        light.undo()


def test_a_stale_action_object_is_still_checked():
    g = game("podkidnoy", ["7♠ Q♠ 7♣ J♣ 9♦ 8♥", "9♠ 10♣ A♣ 7♦ K♦ 10♥"], turned="6♥")
    stale = g.legal_actions()[0]  # attack 7♠
    g.play("attack 7♣")
    g.legal_actions()
    with pytest.raises(IllegalAction):
        g.play(stale)


def test_history_events_say_what_happened_and_hide_drawn_cards():
    g = new_game("podkidnoy", seed=2)
    while not any(e.kind == "draw" for e in g.history):
        g.play(g.legal_actions()[0])
    kinds = {e.kind for e in g.history}
    assert {"deal", "trump", "action", "draw"} <= kinds
    assert all(e.private for e in g.history if e.kind == "draw")
    assert all(e.text for e in g.history)


def test_view_shows_own_hand_public_cards_and_sizes_but_no_hidden_card():
    g = new_game("podkidnoy", players=3, seed=4)
    v = g.view(0)
    assert v.hand == g.hands[0] and v.hand_sizes == (6, 6, 6) and v.talon_size == 18
    assert len(v.unknown) == 36 - 6 - 1  # R10: the turned trump is seen by all
    assert not set(v.unknown) & set(g.hands[0])
    with pytest.raises(ValueError, match="seat must be"):
        g.view(3)


def test_text_picture_and_svg():
    g = new_game("podkidnoy", players=2, seed=1, names=["Anna", "Boris"])
    text = str(g)
    assert text.splitlines()[0].startswith("podkidnoy · 2 players · trump")
    assert "seat 0 (Anna)" in text and "▶" in text
    svg = g._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>") and svg == g._repr_svg_()
    assert re.search(r">Anna|seat 0 \(Anna\)", svg)
    assert repr(g) == f"<{type(g).__name__} 'podkidnoy', 2 players, seat 0 (Anna) to act>"
    assert g.to_act == 0


def test_actions_round_trip_through_text_and_repr():
    from durak_edu import Beat, Pass, Play, ThrowIn, Transfer, Draw, parse_action
    from durak_edu.cards import Card
    for a in (Attack("7♠ 7♦"), ThrowIn("9♥"), Beat("7♠", "9♠"), Transfer("7♣ 7♦"),
              Transfer("7♦", show=True), Take(), Pass(), Play("Q♠", call="H"), Play("Q♠"), Draw()):
        assert parse_action(str(a)) == a
        assert eval(repr(a), {**globals(), "Beat": Beat, "Pass": Pass, "Play": Play,
                              "ThrowIn": ThrowIn, "Transfer": Transfer, "Draw": Draw,
                              "Card": Card}) == a
    for bad, why in (("", "empty"), ("beat 7♠", "two cards"), ("attack", "at least one card"),
                     ("attack 7♠ 7♠", "twice"), ("jump 7♠", "unknown verb"), ("take 7♠", "no cards")):
        with pytest.raises(ValueError, match=why):
            parse_action(bad)


def test_the_order_cards_are_named_in_does_not_change_an_action():
    from durak_edu import Transfer
    assert Attack("7♥ 7♦") == Attack("7♦ 7♥") and str(Attack("7♥ 7♦")) == "attack 7♦ 7♥"
    assert hash(Transfer("9♠ 9♣")) == hash(Transfer("9♣ 9♠"))
    g = game("podkidnoy", ["7♠ Q♠ 7♣ J♣ 9♦ 8♥", "9♠ 10♣ A♣ 7♦ K♦ 10♥"], turned="6♥")
    assert Attack("7♣ 7♠") in g.legal_actions()


def test_from_position_sets_up_an_endgame_with_everything_else_discarded():
    from durak_edu import from_position
    from durak_edu.record import RecordError
    g = from_position("podkidnoy", ["6♠ 6♣ 9♦", "A♦ K♦"], trump="H", attacker=0)
    assert g.talon_size == 0 and len(g.discard) == 36 - 5 and str(g.trump) == "♥"
    assert g.view(0).known[1] == g.hands[1]  # two players, empty talon: deduced (R0)
    assert not g.view(0).unknown
    g.play("attack 6♠ 6♣")
    g.play("take")
    assert g.hands[1] and g.to_act == 0
    with pytest.raises(RecordError, match="from_position"):
        g.record()


def test_from_position_with_a_talon_and_a_turned_trump():
    from durak_edu import from_position
    g = from_position("podkidnoy", ["6♠ 7♠", "8♠ 9♣"], trump_card="10♥", talon="J♠ Q♠")
    assert g.talon_size == 3 and g.talon[-1] is g.trump_card and str(g.trump) == "♥"
    assert g.bout_number == 1  # not the first bout: the limit is 6 (R2.6)
    g.play("attack 6♠")
    g.play("beat 6♠ 8♠")
    draws = [e for e in g.history if e.kind == "draw"]
    assert [str(c) for e in draws for c in e.cards] == ["J♠", "Q♠", "10♥"]  # the trump card last


def test_from_position_refuses_impossible_positions():
    from durak_edu import from_position
    with pytest.raises(ValueError, match="6♠ is given twice"):
        from_position("podkidnoy", ["6♠", "6♠"], trump="H")
    with pytest.raises(ValueError, match="not in a 36-card deck"):
        from_position("podkidnoy", ["2♠", "6♠"], trump="H")
    with pytest.raises(ValueError, match="attack–defence positions"):
        from_position("japanese_circle", ["6♠", "7♠"])

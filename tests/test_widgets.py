"""The widgets without a browser: buttons are clicked with ``Button.click()``, canvas clicks are
sent as the front end sends them, and what was drawn is read from the messages sent."""

from __future__ import annotations

import dataclasses

import pytest
from IPython.core.formatters import DisplayFormatter

from durak_edu import Card, cards, new_game
from durak_edu.actions import Attack, Beat, Draw, Take, Transfer, parse_action
from durak_edu.bots import lowest_card_bot, random_bot
from durak_edu.record import Replay, curated
from durak_edu.widgets import CounterWidget, PlayWidget, ReplayWidget, TableView

from helpers import deal_order, fingerprint


def canvas_messages(log) -> list:
    """The drawing messages (custom messages carrying a command buffer)."""
    return [m for m in log if m[0] == "comm_msg" and m[2] and m[1].get("method") == "custom"]


def mouse_down(widget_canvas, x, y) -> None:
    """What the front end sends when the mouse goes down on a (multi)canvas."""
    widget_canvas._canvases[-1]._handle_frontend_event(
        None, {"event": "mouse_down", "x": x, "y": y}, [])


def finished_game(seed=7, players=2, name="podkidnoy"):
    g = new_game(name, players=players, seed=seed)
    while not g.is_over:
        g.play(lowest_card_bot(g, g.to_act))
    return g


# -- TableView ----------------------------------------------------------------------------------

def test_table_view_draws_one_message_per_refresh(sent):
    g = new_game("podkidnoy", players=6, seed=3)
    t = TableView(g)
    sent.clear()
    g.play(g.legal_actions()[0])
    t.refresh()
    assert len(sent) == 1 and len(canvas_messages(sent)) == 1
    assert t.scene.info["to_act"] == g.to_act


def test_table_view_only_reads_the_game():
    g = new_game("perevodnoy", players=3, seed=5)
    before = fingerprint(g)
    t = TableView(g, perspective=1)
    t.perspective = 2
    t.show(highlight="7♠", last=g.hands[0][:1])
    t.to_svg()
    assert fingerprint(g) == before


def test_table_view_perspective_and_clicks():
    g = new_game("podkidnoy", players=3, seed=4)
    t = TableView(g, perspective=1)
    assert t.scene.info["bottom"] == 1
    clicks = []
    t.on_click(lambda item, x, y: clicks.append(item))
    mine = [c for c in t.scene.cards if c.zone == "hand" and c.seat == 1]
    mouse_down(t.canvas, mine[0].x + 3, mine[0].y + 20)
    mouse_down(t.canvas, 2, 2)
    assert clicks == [mine[0], None]
    with pytest.raises(ValueError):
        t.perspective = 7


def test_widgets_show_svg_beside_the_widget_view():
    """Where no widget front end runs (GitHub, nbconvert) the SVG is what shows."""
    g = new_game("podkidnoy", players=2, seed=1)
    for w in (TableView(g), ReplayWidget(g), PlayWidget("podkidnoy", 2, seed=1),
              CounterWidget(g, 0)):
        data, _ = DisplayFormatter().format(w)
        assert {"application/vnd.jupyter.widget-view+json", "image/svg+xml", "text/plain"} <= set(data)
        assert data["image/svg+xml"].startswith("<svg") and data["image/svg+xml"] == w.to_svg()
        assert "IPY_MODEL" not in data["text/plain"] and "0x" not in data["text/plain"]


# -- ReplayWidget ---------------------------------------------------------------------------------

def test_replay_buttons_move_through_the_game(sent):
    g = finished_game()
    w = ReplayWidget(g)
    n = len(w.replay)
    assert w.position == 0 and w.back_button.disabled and not w.step_button.disabled
    sent.clear()
    w.step_button.click()
    assert w.position == 1
    assert len(canvas_messages(sent)) == 1            # one frame for one step
    w.step_button.click()
    w.back_button.click()
    assert w.position == 1
    w.last_button.click()
    assert w.position == n and w.step_button.disabled and w.last_button.disabled
    assert w.table.game.is_over
    w.step_button.click()
    assert w.position == n
    w.first_button.click()
    assert w.position == 0 and w.table.game.to_act == g.record().new_game().to_act


def test_replay_slider_move_list_and_player_jump(sent):
    w = ReplayWidget(finished_game())
    w.slider.value = 10
    assert w.position == 10 and w.moves.value == 10 and w.player.value == 10
    w.moves.value = 3
    assert w.position == 3 and w.slider.value == 3
    w.play()
    assert w.player.playing
    w.player.value = 4                                   # what the play timer does
    assert w.position == 4
    assert "<b>Move 4 of " in w.caption.value
    w.pause()
    assert not w.player.playing
    w.player.value = 5        # a tick sent before the pause reached the front end (issue 28)
    assert w.position == 4 and w.player.value == 4 and "<b>Move 4 of " in w.caption.value


def test_replay_shows_the_position_and_the_last_move():
    g = finished_game()
    w = ReplayWidget(g)
    w.goto(1)
    first = g.actions[0]
    assert w.table.game.actions == [first]
    marked = {m.kind for m in w.table.scene.marks}
    assert "last" in marked
    assert str(first.cards[0]) in w.moves.options[1][0]


def test_replay_perspective_switch():
    w = ReplayWidget(finished_game(players=3), perspective=2)
    assert w.table.perspective == 2 and w.perspective_picker.value == 2
    w.perspective_picker.value = -1
    assert w.table.perspective is None
    w.perspective = 1
    assert w.table.scene.info["bottom"] == 1


def test_replay_annotation_editor_saves_into_the_record():
    w = ReplayWidget(finished_game())
    w.goto(3)
    shown = w.game.hands[0][:2]
    w.comment.value = "Why throw in here?"
    w.mark.value = "?!"
    w.highlight.value = " ".join(map(str, shown))
    w.save_button.click()
    a = w.record().annotations[2]
    assert (a.comment, a.mark, a.highlight) == ("Why throw in here?", "?!", tuple(shown))
    assert "?!" in w.moves.options[3][0]
    w.goto(5)
    assert w.comment.value == ""
    w.goto(3)                                            # shown again when you come back
    assert w.comment.value == "Why throw in here?" and w.mark.value == "?!"
    assert "Why throw in here?" in w.caption.value
    assert {m.kind for m in w.table.scene.marks} >= {"highlight"}
    assert "Why throw in here?" in w.to_svg()
    w.highlight.value = "7♠ 7♠"                          # a bad note is refused, in words
    w.save_button.click()
    assert "twice" in w.message.value
    w.goto(0)
    assert w.save_button.disabled
    assert w.save_note() is False and "Step to a move" in w.message.value


def test_replay_of_a_curated_record_shows_its_notes():
    rec = curated("podkidnoy_two")
    w = ReplayWidget(rec)
    w.goto(1)
    assert rec.annotations[0].comment[:20] in w.caption.value
    assert w.comment.value == rec.annotations[0].comment
    r = Replay(rec)
    w2 = ReplayWidget(r)
    assert w2.replay is r


def test_replay_widget_does_not_change_the_game_it_was_given():
    g = finished_game()
    before = fingerprint(g)
    w = ReplayWidget(g)
    w.goto(5)
    w.last_button.click()
    assert fingerprint(g) == before


# -- PlayWidget -----------------------------------------------------------------------------------

def test_play_click_plays_a_card_and_bots_answer():
    p = PlayWidget("podkidnoy", 2, seed=1)
    g = p.game
    assert g.to_act == 0 and all(isinstance(a, Attack) for a in g.legal_actions())
    card = min(g.hands[0], key=lambda c: (c.suit == g.trump, c.rank))
    n = len(g.actions)
    assert p.click(card)
    assert g.actions[n] == Attack((card,))
    assert g.to_act == 0 or g.is_over                    # the bot has answered
    assert p.message.value == ""
    assert "seat 0 (you) attacks with" in p.events.value


def test_play_canvas_click_plays_the_card_under_the_mouse():
    p = PlayWidget("podkidnoy", 2, seed=1)
    g = p.game
    item = next(c for c in p.table.scene.cards if c.zone == "hand" and c.seat == 0
                and c.card in {a.cards[0] for a in g.legal_actions()})
    mouse_down(p.table.canvas, item.x + 5, item.y + 40)
    assert g.actions[0] == Attack((item.card,))


def test_play_illegal_click_is_explained_with_the_rule():
    p = PlayWidget("podkidnoy", 2, seed=3)               # you defend against 8♣, trump ♥
    g = p.game
    before = len(g.actions)
    assert not p.click("7♠")
    assert "R2.3" in p.message.value and "7♠" in p.message.value
    assert not p.click("A♥")                              # not in your hand
    assert "not in your hand" in p.message.value
    assert len(g.actions) == before


def pair_bot(game, seat):
    """Attacks with the biggest group it can (to put two cards on the table at once)."""
    attacks = [a for a in game.legal_actions() if isinstance(a, Attack)]
    return max(attacks, key=lambda a: len(a.cards)) if attacks else lowest_card_bot(game, seat)


def test_play_beat_picks_the_target_clicked_on_the_table():
    hands = ["Q♣ K♣ 8♦ 10♠ J♦ A♥", "6♥ 9♣ 9♠ 7♦ J♠ Q♦"]   # seat 1 leads: it has the low trump
    p = PlayWidget("podkidnoy", 2, deck_order=deal_order(hands, turned="8♥"), seed=None, bots=pair_bot)
    g = p.game
    assert [a for a, d in g.table] == list(cards("9♠ 9♣")) and g.to_act == 0
    nine = next(c for c in p.table.scene.cards if c.card == Card.parse("9♣"))
    mouse_down(p.table.canvas, nine.x + 3, nine.y + 3)           # pick the target on the table
    assert p.selected == Card.parse("9♣") and "beat 9♣" in p.message.value
    assert "selected" in {m.kind for m in p.table.scene.marks}
    assert p.click("A♥")
    assert g.actions[-1] == Beat("9♣", "A♥") or Beat("9♣", "A♥") in g.actions
    assert p.selected is None


def test_play_beat_without_a_target_takes_the_first_it_can():
    hands = ["Q♣ K♣ 8♦ 10♠ J♦ A♥", "6♥ 9♣ 9♠ 7♦ J♠ Q♦"]
    p = PlayWidget("podkidnoy", 2, deck_order=deal_order(hands, turned="8♥"), seed=None, bots=pair_bot)
    assert p.click("A♥")
    assert Beat("9♠", "A♥") in p.game.actions


def test_play_take_pass_and_draw_buttons():
    p = PlayWidget("podkidnoy", 2, seed=3)               # you defend: Take is legal
    g = p.game
    assert not p.take_button.disabled and p.pass_button.disabled
    n = len(g.actions)
    p.take_button.click()
    assert g.actions[n] == Take()
    # a button pressed when its move is illegal is explained
    p.pass_button.disabled = False
    if not g.can_play("pass"):
        p.pass_button.click()
        assert "R2" in p.message.value
    m = PlayWidget("japanese_maumau", 2, seed=6)          # you can only draw
    assert m.game.legal_actions() == [Draw()]
    assert not m.draw_button.disabled
    k = len(m.game.actions)
    m.draw_button.click()
    assert m.game.actions[k] == Draw()
    assert m.call_picker in m._buttons.children


def test_play_transfer_button_then_card():
    hands = ["7♣ 8♦ 10♠ J♦ Q♣ K♠", "A♠ A♣ A♦ K♦ Q♦ J♠", "6♥ 7♠ 8♠ 9♠ 10♣ J♣"]
    p = PlayWidget("perevodnoy", 3, deck_order=deal_order(hands, turned="9♥"), seed=None,
                   transfer_in_first_bout=True)
    g = p.game
    assert g.to_act == 0 and g.table == [(Card.parse("7♠"), None)]
    assert not p.transfer_button.disabled
    p.transfer_button.click()
    assert p.transfer_armed and "rank 7" in p.message.value
    n = len(g.actions)
    assert p.click("7♣")
    assert g.actions[n] == Transfer(cards("7♣"))


def test_play_clicks_elsewhere_are_answered():
    p = PlayWidget("podkidnoy", 3, seed=2)
    other = next(c for c in p.table.scene.cards if c.zone == "hand" and c.seat == 1)
    mouse_down(p.table.canvas, other.x + 2, other.y + 2)
    assert "hand" in p.message.value
    talon = next(c for c in p.table.scene.cards if c.zone == "talon")
    mouse_down(p.table.canvas, talon.x + 2, talon.y + 2)
    assert "talon" in p.message.value


def test_play_changes_the_game_only_through_play():
    p = PlayWidget("podkidnoy", 3, seed=5, bots=[random_bot, lowest_card_bot])
    g = p.game
    calls = []
    real = g.play
    k = len(g.actions)                                   # the bots' moves before yours

    def spy(action, seat=None):
        calls.append(action)
        return real(action, seat)

    g.play = spy
    for _ in range(40):
        if g.is_over:
            break
        legal = [a for a in g.legal_actions() if getattr(a, "cards", None)
                 and len(a.cards) == 1] + [a for a in g.legal_actions() if isinstance(a, Beat)]
        if legal:
            c = legal[0].cards[0] if hasattr(legal[0], "cards") else legal[0].card
            p.click(c)
        elif g.can_play("take"):
            p.take_button.click()
        else:
            p.pass_button.click()
    assert calls and list(g.actions)[k:] == calls


def test_play_new_game_and_bot_options():
    p = PlayWidget("podkidnoy", 2, seed=4)
    p.new_button.click()
    assert p.seed == 5 and len(p.game.actions) <= 1
    with pytest.raises(ValueError, match="bots"):
        PlayWidget("podkidnoy", 3, bots=[random_bot])
    with pytest.raises(ValueError, match="seat"):
        PlayWidget("podkidnoy", 2, seat=2)
    q = PlayWidget("japanese_circle", 3, seed=0, seat=1, bots={0: random_bot, 2: lowest_card_bot})
    assert q.table.perspective == 1 and (q.game.to_act == 1 or q.game.is_over)


def test_play_a_whole_game_by_clicking():
    """Click the first playable card (else take/pass/draw) until the game ends."""
    for name, n in (("podkidnoy", 2), ("japanese_circle", 3), ("japanese_maumau", 3)):
        p = PlayWidget(name, n, seed=11)
        g = p.game
        for _ in range(500):
            if g.is_over:
                break
            playable = [c for c in g.hands[0] if any(
                c in (getattr(a, "cards", ()) or (getattr(a, "card", None),)) for a in g.legal_actions())]
            if playable and p.click(playable[0]):
                continue
            for b in (p.take_button, p.pass_button, p.draw_button):
                if b in p._buttons.children and not b.disabled:
                    b.click()
                    break
            else:
                g.play(g.legal_actions()[0], seat=0)     # a multi-card form only: play it
                p._run_bots()
                p._refresh()
        assert g.is_over, name
        assert "durak" in p.events.value or "draw" in p.events.value


# -- CounterWidget ----------------------------------------------------------------------------------

def test_counter_summarises_what_the_seat_knows():
    g = finished_game(seed=3, players=3)
    r = Replay(g)
    r.goto(12)
    c = CounterWidget(r, 0)
    counts = c.scene.info["counts"]
    assert sum(counts.values()) == 36
    assert counts["mine"] == len(r.game.hands[0])
    assert f"your hand {counts['mine']}" in c.summary.value
    out = c.still_out()
    assert not out & set(r.game.hands[0])
    assert out >= set(c.game.view(0).unknown)


def test_counter_follows_a_replay_widget():
    w = ReplayWidget(finished_game())
    c = CounterWidget(w, 1)
    start = dict(c.scene.info["counts"])
    w.goto(20)
    assert c.scene.info["counts"] != start
    assert c.game.actions == w.game.actions


def test_counter_quiz_marks_and_check(sent):
    g = finished_game(seed=2)
    r = Replay(g)
    r.goto(14)
    c = CounterWidget(r, 0)
    c.quiz_button.value = True
    assert c.quiz
    out = sorted(c.still_out())
    wrong = r.game.hands[0][0]
    for card in out[1:]:
        c.mark(card)
    item = next(it for it in c.scene.cards if it.card == wrong)
    mouse_down(c.canvas, item.x + 5, item.y + 5)         # a click marks too
    assert wrong in c.marked
    c.check_button.click()
    res = c.result
    assert res.missed == {out[0]} and res.wrong == {wrong} and not res.ok
    assert "Missed" in c.summary.value and "in your hand" in c.summary.value
    c.clear_button.click()
    assert not c.marked and c.result is None
    for card in out:
        c.mark(card)
    assert c.check().ok
    with pytest.raises(ValueError):
        c.mark("2♠")                                       # not in a 36-card deck


def test_counter_seat_switch_and_svg():
    g = new_game("podkidnoy", players=3, seed=9)
    c = CounterWidget(g, 0)
    c.seat = 2
    assert c.scene.info["seat"] == 2
    assert c.to_svg().startswith("<svg") and "seat 2" in c.to_svg()
    with pytest.raises(ValueError):
        CounterWidget(g, 3)


def test_play_widget_plays_several_cards_together_when_a_variant_needs_it():
    from durak_edu.widgets import PlayWidget
    # simple durak D: the only way to attack is with a pair (R4)
    w = PlayWidget("prostoy_pair_only", players=2, seed=3)
    g = w.game
    assert g.to_act == 0 and [str(a) for a in g.legal_actions()] == ["attack J♠ J♣"]
    assert not w.click("J♠")  # one card alone is not an attack here: explained, not played
    assert "Several cards" in w.message.value and g.actions == []
    w.group_button.click()
    assert w.group_armed and w.play_group_button.disabled  # nothing chosen yet
    w.click("J♠")
    w.click("10♣")
    w.play_group_button.click()  # J♠ 10♣ is no pair: refused with the rule, nothing played
    assert g.actions == [] and "R4" in w.message.value
    w.click("10♣")  # clicking again takes a card back out
    w.click("J♣")
    assert w.group == [Card.parse("J♠"), Card.parse("J♣")]
    w.play_group_button.click()
    assert str(w.game.actions[0]) == "attack J♠ J♣" and not w.group_armed


# -- the buttons and clicks come from the game's faces (issue 14) --------------------------------

@pytest.mark.parametrize("name, players, names", [
    ("podkidnoy", 2, ["take", "pass", "group", "play_group", "coach", "new"]),
    ("perevodnoy", 3, ["take", "pass", "group", "play_group", "transfer", "coach", "new"]),
    ("japanese_circle", 3, ["take", "coach", "new"]),
    ("japanese_maumau", 2, ["pass", "draw", "call_label", "call_picker", "coach", "new"]),
])
def test_play_offers_the_buttons_of_the_game_in_order(name, players, names):
    p = PlayWidget(name, players, seed=4)
    want = [p.coach.toggle if n == "coach" else
            getattr(p, n if n.startswith("call") else n + "_button") for n in names]
    assert list(p._buttons.children) == want


def test_play_maumau_talon_click_draws_and_the_pile_is_not_a_target():
    m = PlayWidget("japanese_maumau", 2, seed=6)          # you can only draw
    k = len(m.game.actions)
    talon = next(c for c in m.table.scene.cards if c.zone == "talon")
    mouse_down(m.table.canvas, talon.x + 2, talon.y + 2)
    assert m.game.actions[k] == Draw()
    top = next(c for c in m.table.scene.cards if c.zone == "pile" and c.role == "top")
    mouse_down(m.table.canvas, top.x + 2, top.y + 2)
    assert m.selected is None and "on the table" in m.message.value


# -- the coach (issue 17) ---------------------------------------------------------------------------

def test_play_coach_draws_chances_the_best_move_and_the_cards_still_out():
    from durak_edu.coach import advise
    w = PlayWidget("podkidnoy", 2, seed=7, coach=True)
    while w.game.legal_actions() and not any(o.p_beaten is not None
                                             for o in advise(w.game, 0).options):
        w._play(lowest_card_bot(w.game, 0))  # on to a position where you attack
    a = w.coach.advice
    assert a == advise(w.game, 0)            # the advice is the seat's, from its view
    scene = w.table.scene
    singles = {o.cards[0] for o in a.options if len(o.cards) == 1 and o.p_beaten is not None}
    on_cards = {c.card for c in scene.cards if c.zone == "hand" and c.seat == 0
                for b in scene.badges if c.contains(b.x + 1, b.y + 1) and b.x == c.x + 1}
    assert singles and singles == on_cards
    best = [m for m in scene.marks if m.kind == "best"]
    assert len(best) == len(a.option(a.best[0]).cards)
    assert "still out:" in scene.texts
    assert a.text[:60] in " ".join(scene.texts)      # the sentences, under the table
    assert str(a.best[0]) in w.coach.words.value     # and a one-line summary below it
    svg = w.to_svg()                          # the static picture shows the overlay too
    assert "still out:" in svg and scene.badges[0].text in svg


def test_coach_toggle_turns_the_overlay_off_and_on():
    w = PlayWidget("podkidnoy", 2, seed=3, coach=True)
    assert w.table.scene.info["coach"] is not None
    w.coach.toggle.value = False
    assert w.table.scene.info["coach"] is None and not w.table.scene.badges
    assert w.coach.words.value == "" and w.coach.advice is None
    w.coach.toggle.value = True
    assert w.table.scene.info["coach"] is not None and w.coach.advice is not None


def test_coach_draws_thinking_first_then_computes(monkeypatch):
    from durak_edu.widgets import coaching
    seen = []
    real = coaching.advise

    def spy(game, seat):
        scene = w.table.scene  # what the front end has been sent when the advice starts
        seen.append((scene.info["coach"].thinking, w.table.renderer.frames))
        return real(game, seat)

    w = PlayWidget("podkidnoy", 2, seed=5, coach=True)
    monkeypatch.setattr(coaching, "advise", spy)
    frames = w.table.renderer.frames
    w._play(w.game.legal_actions()[0])
    assert seen and seen[0][0] is True and seen[0][1] > frames
    assert "thinking" in " ".join(w.table.build(overlay=coaching.thinking_overlay(0)).texts)
    assert w.table.scene.info["coach"].thinking is False


def test_replay_coach_follows_the_perspective_and_shows_in_the_svg():
    w = ReplayWidget(finished_game(seed=7), coach=True)
    w.goto(6)
    assert w.coach.advice.seat == w.game.to_act          # all hands shown: the seat to act
    other = 1 - w.game.to_act
    w.perspective = other
    assert w.coach.advice.seat == other and w.coach.advice.options == ()
    assert "still out:" in w.to_svg()
    w.coach.toggle.value = False
    assert "still out:" not in w.to_svg()


def test_badges_are_drawn_by_both_renderers():
    from durak_edu.draw.canvas import CanvasRenderer
    from durak_edu.draw.prims import Badge, Scene
    from durak_edu.draw.svg import scene_svg
    scene = Scene(100, 50, (Badge(4, 4, 40, 14, "84%"),), 48, 68)
    assert ">84%</text>" in scene_svg(scene)
    r = CanvasRenderer(100, 50)
    r.draw(scene)
    assert r.frames == 1


# -- the study board (issue 17) ---------------------------------------------------------------------

def study_board():
    w = ReplayWidget(finished_game(seed=7))
    w.goto(4)
    alt = next(a for a in w.game.legal_actions() if a != w.replay.actions[4])
    return w, alt


def test_a_move_off_the_line_starts_a_variation_and_play_goes_on_in_it():
    w, alt = study_board()
    main = list(w.replay.actions)
    assert w.play_move(alt)
    assert w.position == 5 and w.replay.path and w.replay.actions[4] == alt
    assert "new variation at 5" in w.message.value
    w.bot_move()                                       # the bot plays on in the variation
    assert w.position == 6 and len(w.replay) == 6 and w.replay.line.actions[0] == alt
    rec = w.record()
    assert rec.actions == main                         # the main line is untouched
    assert [v.actions for v in rec.branches] == [w.replay.line.actions]
    labels = [label for label, _v in w.moves.options]
    assert any("↳ 5." in label for label in labels)   # the tree: the variation under move 5
    main_row = next(v for label, v in w.moves.options if label.startswith("5."))
    assert isinstance(main_row, str)                   # a row of the other line
    w.moves.value = main_row                           # click it: back on the main line
    assert w.replay.path == [] and w.position == 5 and w.replay.action == main[4]


def test_clicking_a_card_plays_it_and_the_lines_own_move_just_steps():
    w = ReplayWidget(finished_game(seed=7))
    w.goto(0)
    first = w.replay.actions[0]
    card = first.cards[0]
    item = w.table.scene.find(card)[0]
    mouse_down(w.table.canvas, item.x + 2, item.y + 2)
    assert w.position == 1 and w.replay.path == []      # the line's own move: no variation
    w.goto(len(w.replay))
    assert not w.bot_move() and "over" in w.message.value
    assert not w.play_move("take") and "over" in w.message.value.lower()


def test_notes_on_a_variation_survive_json_and_text():
    from durak_edu.record import GameRecord
    w, alt = study_board()
    w.play_move(alt)
    w.bot_move()
    w.comment.value = "Passing keeps the jack for later."
    w.mark.value = "!?"
    w.highlight.value = str(w.replay.action.cards[0]) if hasattr(w.replay.action, "cards") else ""
    assert w.save_note()
    rec = w.record()
    var = rec.branches[0]
    assert var.annotations[5].comment == "Passing keeps the jack for later."
    assert var.annotations[5].mark == "!?"
    for back in (GameRecord.from_json(rec.to_json()), GameRecord.from_text(rec.to_text())):
        assert back == rec
        assert back.branches[0].annotations[5] == var.annotations[5]
    again = ReplayWidget(GameRecord.from_json(rec.to_json()))
    rows = [label for label, _v in again.moves.options]
    assert any(label.startswith("\u2003") and "6." in label and "!?" in label for label in rows)
    w.exit_variation()
    assert w.replay.path == [] and w.position == 4 and w.exit_button.disabled


# -- every legal move has a control (issue 16) ----------------------------------------------------

def test_a_move_no_click_makes_is_offered_under_other_moves():
    """R3.4: with the trump 7♥ seat 1 may transfer with it or only show it; Transfer then a
    click transfers, so the shown trump is the one move left for the *other moves* menu."""
    hands = ["7♠ 7♦ 9♠ 10♠ J♠ Q♠", "7♥ 8♣ 9♣ 10♣ J♣ Q♣"]

    def leads_seven(game, seat):
        return parse_action("attack 7♠") if game.can_play("attack 7♠") else lowest_card_bot(
            game, seat)

    p = PlayWidget("perevodnoy", 2, seat=1, bots={0: leads_seven}, seed=None,
                   deck_order=deal_order(hands, turned="A♥"), transfer_in_first_bout=True,
                   first_lead="left_of_dealer")
    g = p.game
    assert "show 7♥" in [str(a) for a in g.legal_actions()]
    assert p.route("transfer 7♥") == (("transfer",), ("card", Card.parse("7♥")))
    assert p.route("show 7♥") == (("menu", "show 7♥"),)
    assert [label for label, _v in p.other_moves.options] == ["show 7♥"]
    assert p.others.layout.display != "none"
    # the log makes room: it takes what the column has left (flex from 0), the table stays
    assert p.events.layout.flex == "1 1 0px" and p.events.layout.height is None
    p.other_button.click()
    assert str(g.actions[1]) == "show 7♥" and "7♥" in [str(c) for c in g.hands[1]]


def test_other_moves_is_hidden_when_every_move_has_a_click_or_button():
    p = PlayWidget("podkidnoy", 2, seed=1)
    assert p.other_moves.options == () and p.others.layout.display == "none"
    assert p.events.layout.flex == "1 1 0px"     # the whole column beside the table
    assert all(p.route(a)[0][0] != "menu" for a in p.game.legal_actions())
    assert not p.play_other() and "No other move" in p.message.value


def test_the_move_log_writes_an_action_without_words_by_its_text_form(monkeypatch):
    """A kind of move whose event carries no words still shows in the log, by its text."""
    from durak_edu.games.base import Event
    p = PlayWidget("podkidnoy", 2, seed=1)
    events = [Event("action", 0, Attack("7♦")), Event("bito"), Event("action", 1, Take(),
                                                                      text="bot 1 takes")]
    monkeypatch.setattr(type(p.game), "history", property(lambda self: events))
    p._refresh()
    assert "you: attack 7♦" in p.events.value and "bot 1 takes" in p.events.value


def test_the_coach_picks_its_move_in_other_moves_when_it_is_there(monkeypatch):
    from durak_edu.widgets import coaching
    hands = ["7♠ 7♦ 9♠ 10♠ J♠ Q♠", "7♥ 8♣ 9♣ 10♣ J♣ Q♣"]

    def leads_seven(game, seat):
        return parse_action("attack 7♠") if game.can_play("attack 7♠") else lowest_card_bot(
            game, seat)

    real = coaching.advise

    def shows(game, seat):  # a coach that likes the proezdnoy best (R3.4)
        advice = real(game, seat)
        return dataclasses.replace(advice, best=(parse_action("show 7♥"),))

    monkeypatch.setattr(coaching, "advise", shows)
    p = PlayWidget("perevodnoy", 2, seat=1, bots={0: leads_seven}, seed=None, coach=True,
                   deck_order=deal_order(hands, turned="A♥"), transfer_in_first_bout=True,
                   first_lead="left_of_dealer")
    assert p.other_moves.options[p.other_moves.value][0] == "show 7♥"
    assert p.other_button.button_style == "success"
    p.coach.toggle.value = False
    assert p.other_button.button_style == ""


def test_the_study_board_branches_with_any_legal_move_from_its_list():
    """Issue 16: the replay's list of every legal move lets a study branch with moves no click
    makes — take, pass, and the gallery's swap (R9.19) — and the branch is saved in the record."""
    from durak_edu.record import GameRecord
    g = new_game("pokerny", seed=1)
    while not any(str(a).startswith("swap") for a in g.legal_actions()):
        g.play(g.legal_actions()[0])
    at = len(g.actions)
    g.play("take")
    w = ReplayWidget(g.record())
    w.goto(at)
    labels = [label for label, _ in w.any_move.options]
    assert labels == [str(a) for a in w.replay.game.legal_actions()] and "take" in labels
    swap = next(label for label in labels if label.startswith("swap"))
    w.any_move.value = labels.index(swap)
    assert w.play_chosen() and w.replay.path  # a new variation, entered
    saved = GameRecord.from_json(w.record().to_json())
    assert [(v.start, [str(a) for a in v.actions]) for v in saved.branches] == [(at, [swap])]
    w.goto(len(w.replay))
    assert w.replay.game.is_over or w.any_move.options

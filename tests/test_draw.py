"""The drawing layer: scenes, the SVG renderer (golden pictures), the canvas renderer, hit-testing.

Golden SVGs live in ``tests/draw_golden/``; after a deliberate change of the pictures, rewrite
them with ``DURAK_UPDATE_GOLDEN=1 pytest tests/test_draw.py`` and look at them before
committing (open the .svg files in a browser).
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from durak_edu import VARIANTS, Card, cards, deck, from_position, new_game
from durak_edu.draw import (CARD_H, CARD_W, HEIGHT, WIDTH, build_scene, card_svg, cards_svg,
                            counter_scene, counter_states, counter_svg, game_svg, hit_test,
                            seat_slots)
from durak_edu.draw.scene import ZONE
from durak_edu.draw.face import face_items
from durak_edu.draw.prims import Group, Path as PathItem, Rect, Text
from durak_edu.draw.svg import scene_svg

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).parent / "draw_golden"
UPDATE = os.environ.get("DURAK_UPDATE_GOLDEN") == "1"


# -- fixed positions, one or two per family ------------------------------------------------------

def podkidnoy_bout():
    """R2.2/R2.3: seat 0 attacks with two sevens, seat 1 has beaten one; 6♥ is trump."""
    g = new_game("podkidnoy", players=2, deck_order=cards(
        "7♠ 9♠ 7♣ 10♣ 9♦ 7♦ J♣ K♦ Q♠ A♣ 8♥ 10♥ 6♥ 6♠ 8♠ 10♠ J♠ K♠ A♠ 6♣ 8♣ 9♣ Q♣ K♣ "
        "6♦ 8♦ 10♦ J♦ Q♦ A♦ 7♥ 9♥ J♥ Q♥ K♥ A♥"))
    g.play("attack 7♠ 7♣")
    g.play("beat 7♠ 9♠")
    return g


def perevodnoy_pickup():
    """R2.7/R0: seat 1 took J♣ A♦ A♣ — seat 2 now knows those cards are in seat 1's hand."""
    g = new_game("perevodnoy", players=4, deck_order=cards(
        "Q♣ A♦ 9♥ 7♥ A♣ A♥ 8♠ 8♦ 10♦ 10♥ 6♠ 10♠ J♣ K♠ 8♥ 8♣ K♣ 9♣ 10♣ Q♥ 6♦ 7♠ Q♦ Q♠ "
        "7♦ A♠ 6♣ 6♥ 9♦ K♦ J♥ 7♣ J♦ K♥ J♠ 9♠"))
    for a in ["attack J♣", "beat J♣ A♦", "throw A♣", "take"]:
        g.play(a)
    return g


def circle_pile():
    """R7.3: in Japanese circle durak seat 2 must beat J♣, the top of the pile."""
    g = new_game("japanese_circle", players=4, deck_order=cards(
        "6♠ 7♣ 8♠ 6♥ 10♣ 9♣ 7♠ 7♥ Q♣ J♣ 6♣ 8♥ A♣ K♣ 8♣ 9♥ 9♠ 6♦ 10♠ 10♥ "
        "J♠ 7♦ Q♠ J♥ K♠ 8♦ A♠ Q♥ 9♦ 10♦ J♦ K♥ Q♦ K♦ A♦ A♥"))
    g.play("attack 10♣")
    g.play("beat 10♣ J♣")
    return g


def navalenny_centre():
    """R7.6: beaten cards pile up in the centre; 8♠ (trump) lies under the talon."""
    g = new_game("navalenny", players=4, deck_order=cards(
        "A♦ A♠ 7♦ 10♣ A♥ 9♥ 6♣ 7♥ 7♣ 6♥ 9♦ J♣ 8♠ 10♠ J♦ Q♠ 6♠ K♥ 6♦ K♦ A♣ 9♣ 10♥ Q♣ 8♣ "
        "9♠ J♠ J♥ 8♦ K♠ Q♦ 8♥ 7♠ Q♥ 10♦ K♣"))
    for a in ["attack 6♥", "take", "attack 7♥", "beat 7♥ A♥", "attack 7♣", "beat 7♣ 10♠",
              "attack 9♥"]:
        g.play(a)
    return g


def maumau_called():
    """R8.3: Q♥ is wild and called hearts; the called suit is shown beside the pile."""
    g = new_game("japanese_maumau", players=3, deck_order=cards(
        "K♥ 10♦ 8♠ 9♥ 7♦ 6♥ J♦ A♣ Q♥ 7♣ 8♣ 6♦ J♠ 7♠ 6♣ J♥ A♥ 8♥ 9♦ 10♣ A♦ 6♠ 7♥ 9♠ Q♠ "
        "K♦ 9♣ 8♦ Q♣ J♣ Q♦ 10♥ K♠ K♣ 10♠ A♠"))
    for a in ["play 6♥", "draw", "play 8♥", "play 8♠", "play J♠", "play 7♠", "play 7♣",
              "play Q♥ call H"]:
        g.play(a)
    return g


POSITIONS = {
    "podkidnoy_bout": (podkidnoy_bout, None, {"highlight": "7♣"}),
    "perevodnoy_seat2": (perevodnoy_pickup, 2, {}),
    "circle_pile": (circle_pile, None, {"last": "J♣"}),
    "navalenny_centre": (navalenny_centre, 1, {}),
    "maumau_called": (maumau_called, None, {"caption": ["Q♥ is wild: it called hearts (R8.3)"]}),
}


def _golden(name: str, svg: str) -> None:
    path = GOLDEN / f"{name}.svg"
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(svg, encoding="utf-8")
    if not path.exists():
        pytest.fail(f"no golden picture {path}; make it with DURAK_UPDATE_GOLDEN=1")
    want = path.read_text(encoding="utf-8")
    if svg != want:
        got = Path(tempfile.gettempdir()) / f"durak-golden-{name}.actual.svg"
        got.write_text(svg, encoding="utf-8")
        at = next(i for i, (a, b) in enumerate(zip(svg + "\0", want + "\0")) if a != b)
        pytest.fail(f"{name}: the SVG differs from {path.name} at character {at}:\n"
                    f"  got  …{svg[max(0, at - 80):at + 80]}…\n  want …{want[max(0, at - 80):at + 80]}…\n"
                    f"(the new picture is in {got}; accept it with DURAK_UPDATE_GOLDEN=1)")


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_golden_positions(name):
    make, perspective, options = POSITIONS[name]
    _golden(name, game_svg(make(), perspective, **options))


def test_golden_counter_grid():
    _golden("counter_seat2", counter_svg(perevodnoy_pickup(), 2))


def test_golden_cards():
    _golden("cards", cards_svg("6♠ 10♣ J♦ Q♥ K♠ A♦"))
    _golden("card_back", card_svg("7♥", face_up=False))


def test_svg_is_wellformed_and_scaled_to_the_scene():
    g = podkidnoy_bout()
    root = ET.fromstring(g._repr_svg_())
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert (root.get("width"), root.get("height")) == (str(WIDTH), str(HEIGHT))
    for c in deck(54):
        ET.fromstring(c._repr_svg_())


def test_svg_is_the_same_in_every_process():
    """Nothing depends on hash order, time or ids: another interpreter with another hash seed
    writes the very same text."""
    code = ("import sys; sys.path.insert(0, %r); from tests.test_draw import perevodnoy_pickup; "
            "from durak_edu.draw import game_svg, counter_svg; g = perevodnoy_pickup(); "
            "sys.stdout.write(game_svg(g, 2) + counter_svg(g, 2))" % str(ROOT))
    here = game_svg(perevodnoy_pickup(), 2) + counter_svg(perevodnoy_pickup(), 2)
    for seed in ("1", "2"):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             env=dict(os.environ, PYTHONHASHSEED=seed), check=True, cwd=ROOT)
        assert out.stdout == here


def test_cards_look_like_cards():
    """Rounded corners, rank in both corners, red and black suits, a patterned back."""
    red, black = card_svg("10♦"), card_svg("10♠")
    assert 'rx="' in red and red.count(">10<") == 2          # rank in two corners
    assert "#c8102e" in red and "#c8102e" not in black       # red suit red, black suit black
    back = card_svg("10♦", face_up=False)
    assert ">10<" not in back and "#1d3f8a" in back and "<path" in back


# -- what the scene shows ------------------------------------------------------------------------

def test_scene_shows_trump_talon_pairs_discard_and_turn():
    s = build_scene(podkidnoy_bout())
    trump = [c for c in s.cards if c.zone == "trump"]
    assert len(trump) == 1 and trump[0].card == Card.parse("6♥")
    assert (trump[0].w, trump[0].h) == (CARD_H, CARD_W)          # lying crosswise
    talon = [c for c in s.cards if c.zone == "talon"]
    assert talon and not any(c.face_up for c in talon)
    # the talon lies on the trump card, which sticks out from under it
    assert s.items.index(trump[0]) < s.items.index(talon[0])
    table = [(c.card, c.role) for c in s.cards if c.zone == "table"]
    assert table == [(Card.parse("7♠"), "attack"), (Card.parse("9♠"), "defence"),
                     (Card.parse("7♣"), "to_beat")]
    assert "talon 24" in s.texts and "discard 0" in s.texts
    assert s.info["to_act"] == 1 and s.info["roles"] == {0: "attacker", 1: "defender"}
    assert "▶ seat 1 to act: defender" in s.texts
    assert {m.kind for m in s.marks} >= {"to_beat"}


def test_scene_circle_pile_and_mau_mau_called_suit():
    s = build_scene(circle_pile())
    pile = [c for c in s.cards if c.zone == "pile"]
    assert [c.card for c in pile] == list(cards("10♣ J♣"))
    assert pile[-1].role == "to_beat"
    s = build_scene(maumau_called())
    assert s.info["called"] is not None and "called" in s.texts
    pile = [c for c in s.cards if c.zone == "pile"]
    assert pile[-1].card == Card.parse("Q♥") and pile[-1].role == "top"
    assert "pile 7" in s.texts and not [c for c in s.cards if c.zone in ("trump", "discard")]


def test_perspective_hides_other_hands_but_shows_known_cards():
    g = perevodnoy_pickup()
    s = build_scene(g, perspective=2)
    assert s.info["bottom"] == 2
    for seat in range(4):
        items = [c for c in s.cards if c.zone == "hand" and c.seat == seat]
        assert len(items) == len(g.hands[seat])
        up = {c.card for c in items if c.face_up}
        if seat == 2:
            assert up == set(g.hands[2])
        elif seat == 1:   # picked up from the table: public (R0)
            assert up == set(cards("J♣ A♣ A♦"))
        else:
            assert up == set()
    known = [m for m in s.marks if m.kind == "known"]
    assert len(known) == 3
    everyone = build_scene(g)
    assert all(c.face_up for c in everyone.cards if c.zone == "hand")


def test_perspective_seat_sits_at_the_bottom_and_the_rest_follow_clockwise():
    g = new_game("podkidnoy", players=4, seed=1)
    s = build_scene(g, perspective=1)
    slots = seat_slots(4)
    assert [s.seats[(1 + i) % 4] for i in range(4)] == slots
    left, top, right = slots[1], slots[2], slots[3]
    assert left[0] < top[0] < right[0] and top[1] < left[1]


def test_bad_perspective_is_refused():
    with pytest.raises(ValueError, match="perspective"):
        build_scene(podkidnoy_bout(), perspective=5)


# -- layout: 2 to 6 seats (and 7, 8 with 52 cards), full hands ------------------------------------

def _overlap(a, b) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


def check_layout(scene, game) -> None:
    """Every card inside the table; seats' boxes apart; each hand inside its box; no card of one
    seat touches another seat's card or anything in the middle of the table."""
    assert (scene.width, scene.height) == (WIDTH, HEIGHT)
    for c in scene.cards:
        assert 0 <= c.x and c.x + c.w <= scene.width and 0 <= c.y and c.y + c.h <= scene.height, c
    boxes = scene.seats
    assert sorted(boxes) == list(range(game.players))
    for p in boxes:
        for q in boxes:
            if p < q:
                assert not _overlap(boxes[p], boxes[q]), (p, q)
    hands = {p: [c for c in scene.cards if c.zone == "hand" and c.seat == p] for p in boxes}
    middle = [c for c in scene.cards if c.zone != "hand"]
    for p, items in hands.items():
        assert len(items) == len(game.hands[p])
        bx, by, bw, bh = boxes[p]
        for c in items:
            assert bx <= c.x and c.x + c.w <= bx + bw and by <= c.y and c.y + c.h <= by + bh, (p, c)
            for m in middle:
                assert not _overlap(c.box, m.box), (p, c, m)
        for q, others in hands.items():
            if q > p:
                for c in items:
                    for d in others:
                        assert not _overlap(c.box, d.box), (p, q, c, d)
    for m in middle:
        for b in boxes.values():
            assert not _overlap(m.box, b), m


FAMILY_GAMES = [("podkidnoy", n) for n in range(2, 7)] + \
    [("japanese_circle", n) for n in range(2, 7)] + [("navalenny", n) for n in range(2, 7)] + \
    [("japanese_maumau", n) for n in range(2, 7)] + [("podkidnoy_teams", 4), ("podkidnoy_teams", 6)]


@pytest.mark.parametrize("name,players", FAMILY_GAMES)
def test_layout_with_full_hands(name, players):
    g = new_game(name, players=players, seed=players)
    for perspective in (None, 0, players - 1):
        check_layout(build_scene(g, perspective), g)


@pytest.mark.parametrize("players", [7, 8])
def test_layout_seven_and_eight_seats_with_52_cards(players):
    g = new_game("podkidnoy", players=players, deck=52, seed=3)
    check_layout(build_scene(g), g)


def test_layout_with_huge_hands():
    """A hand far beyond the deal (24 cards after pick-ups) still fits its box, in two rows."""
    g = new_game("japanese_circle", players=2, seed=1)          # 18 cards each
    check_layout(build_scene(g), g)
    g = new_game("podkidnoy", players=2, seed=2)
    while g.talon_size and not g.is_over:                          # seat 1 takes everything
        acts = g.legal_actions()
        take = [a for a in acts if str(a) == "take"]
        g.play(take[0] if take and g.to_act == 1 else acts[0])
    s = build_scene(g)
    check_layout(s, g)
    big = max(range(2), key=lambda p: len(g.hands[p]))
    assert len(g.hands[big]) > 12
    assert len({c.y for c in s.cards if c.zone == "hand" and c.seat == big}) == 2


@given(st.sampled_from(sorted(VARIANTS)), st.integers(2, 6), st.integers(0, 10**6),
       st.integers(0, 200))
def test_layout_anywhere_in_a_game(name, players, seed, steps):
    """Random positions of every variant: the layout rules always hold."""
    v = VARIANTS[name]
    if players not in v.rules.player_range() or (getattr(v.rules, "teams", False) and players % 2):
        players = v.rules.player_range().start
    g = new_game(name, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_actions()))
    check_layout(build_scene(g, rng.choice([None, 0])), g)
    zx, zy, zw, zh = ZONE
    for c in build_scene(g).cards:
        if c.zone in ("table", "pile"):
            assert zx <= c.x and c.x + c.w <= zx + zw and zy <= c.y and c.y + c.h <= zy + zh


# -- hit-testing -------------------------------------------------------------------------------------

def test_hit_test_finds_the_card_on_top():
    g = new_game("podkidnoy", players=3, seed=4)
    s = build_scene(g)
    hand = [c for c in s.cards if c.zone == "hand" and c.seat == 0]
    for a, b in zip(hand, hand[1:]):
        # the visible strip of a fanned card is its own; under the next card, the next one wins
        assert hit_test(s, a.x + 2, a.y + 30) is a
        assert hit_test(s, b.x + 1, b.y + 30) is b
    last = hand[-1]
    assert hit_test(s, last.x + last.w - 1, last.y + last.h - 1) is last
    assert hit_test(s, last.x + last.w + 1, last.y + 5) is None
    assert hit_test(s, 5, 5) is None


def test_hit_test_on_the_table_and_the_trump_card():
    s = build_scene(podkidnoy_bout())
    (defence,) = [c for c in s.cards if c.role == "defence"]
    (attack,) = [c for c in s.cards if c.card == Card.parse("7♠")]
    assert hit_test(s, defence.x + 20, defence.y + 40) is defence      # on top of its attack
    assert hit_test(s, attack.x + 5, attack.y + 5) is attack
    trump = next(c for c in s.cards if c.zone == "trump")
    assert hit_test(s, trump.x + trump.w - 3, trump.y + trump.h / 2) is trump   # sticks out
    talon = [c for c in s.cards if c.zone == "talon"]
    assert hit_test(s, talon[0].x + 5, talon[0].y + 5) in talon


def test_hit_test_is_pure():
    s = build_scene(podkidnoy_bout())
    before = s.items
    for x in range(0, WIDTH, 37):
        for y in range(0, HEIGHT, 29):
            assert hit_test(s, x, y) is hit_test(s, x, y)
    assert s.items is before


# -- the card-counting grid ----------------------------------------------------------------------------

def test_counter_states_follow_the_view():
    g = perevodnoy_pickup()
    st_ = counter_states(g, 2)
    assert len(st_) == 36
    assert {c for c, (s, _) in st_.items() if s == "mine"} == set(g.hands[2])
    assert {c: p for c, (s, p) in st_.items() if s == "known"} == {
        Card.parse(c): 1 for c in ("J♣", "A♣", "A♦")}
    assert [c for c, (s, _) in st_.items() if s == "talon"] == [g.trump_card]
    g2 = podkidnoy_bout()
    st2 = counter_states(g2, 0)
    assert {c for c, (s, _) in st2.items() if s == "table"} == set(cards("7♠ 9♠ 7♣"))


def test_counter_scene_grid_and_quiz():
    g = perevodnoy_pickup()
    s = counter_scene(g, 2)
    grid = [c for c in s.cards if c.zone == "grid"]
    assert len(grid) == 36 and all(c.face_up for c in grid)
    for a in grid:
        assert 0 <= a.x and a.x + a.w <= s.width and a.y + a.h <= s.height
        for b in grid:
            assert a is b or not _overlap(a.box, b.box)
    q = counter_scene(g, 2, quiz=True, marked=["J♣"])
    assert not [c for c in q.cards if c.role == "known"]              # hidden in the quiz
    assert [m.kind for m in q.marks].count("selected") == 1
    checked = counter_scene(g, 2, quiz=True, checked={Card.parse("J♣"): "right",
                                                      Card.parse("7♠"): "missed"})
    assert "missed" in checked.texts


# -- the canvas renderer ---------------------------------------------------------------------------------

def _commands(message) -> list:
    """The drawing commands in one canvas-manager message."""
    _kind, _data, buffers = message
    return json.loads(bytes(buffers[0]))


def test_canvas_frame_is_one_message_with_faces_stamped(sent):
    from ipycanvas.canvas import COMMANDS
    from durak_edu.draw.canvas import FACES, CanvasRenderer

    g = new_game("podkidnoy", players=6, seed=3)
    r = CanvasRenderer(WIDTH, HEIGHT)
    s = build_scene(g)
    r.draw(s)                                   # may create the faces it still lacks
    faces = len(FACES)
    sent.clear()
    r.draw(build_scene(g))
    assert len(FACES) == faces                  # drawn once, reused
    assert len(sent) == 1, [m[0] for m in sent]
    cmds = _commands(sent[0])
    names = {v: k for k, v in COMMANDS.items()}
    kinds = [names[c[0]] for c in cmds]
    assert kinds[0] == "switchCanvas"           # every frame names its canvas (reloads)
    stamps = kinds.count("drawImage")
    assert stamps == len(s.cards)               # each card is one stamp
    assert kinds.count("fillText") < 40


def test_canvas_redraw_for_a_new_front_end_repaints_faces(sent):
    from durak_edu.draw.canvas import FACES, CanvasRenderer

    r = CanvasRenderer(WIDTH, HEIGHT)
    r.draw(build_scene(podkidnoy_bout()))
    sent.clear()
    r.canvas[2]._handle_frontend_event(None, {"event": "client_ready"}, [])
    assert len(sent) == 1
    from ipycanvas.canvas import COMMANDS
    switches = sum(1 for c in _commands(sent[0]) if c[0] == COMMANDS["switchCanvas"])
    assert switches >= len(FACES) + 3          # every face is drawn again, then the 3 layers


def test_canvas_renderer_resizes_to_the_scene(sent):
    from durak_edu.draw.canvas import CanvasRenderer

    r = CanvasRenderer(WIDTH, HEIGHT)
    s = counter_scene(podkidnoy_bout(), 0)
    r.draw(s)
    assert (r.canvas.width, r.canvas.height) == (s.width, s.height)
    # at most the scene's size, shrinking with the room it gets, in its proportions (issue 28)
    assert (r.canvas.layout.max_width, r.canvas.layout.width, r.canvas.layout.height) == (
        f"{s.width}px", "100%", "auto")


def test_canvas_renderer_draws_the_layers_above_the_highlights(sent, monkeypatch):
    """Issue 26: a scene's layer 3 (the drill's shade over the cards outside its level) was
    dropped by the canvas (only layers 1 and 2 were drawn); the SVG showed it."""
    import durak_edu.draw.canvas as canvas_mod

    r = CanvasRenderer_ = canvas_mod.CanvasRenderer(WIDTH, HEIGHT)
    s = counter_scene(podkidnoy_bout(), 0)
    shade = Rect(5, 5, 30, 30, fill="#0b2e1a", alpha=0.72, layer=3)
    drawn: list = []
    real = canvas_mod.draw_items
    monkeypatch.setattr(canvas_mod, "draw_items",
                        lambda pen, items, faces: (drawn.extend(items), real(pen, items, faces)))
    CanvasRenderer_.draw(dataclasses.replace(s, items=s.items + (shade,)))
    assert shade in drawn and r.frames == 1


def _upright_texts(items, dx=0.0, dy=0.0):
    """(x, y, text, size) of the texts drawn upright (outside any turned group)."""
    out = []
    for it in items:
        if isinstance(it, Text):
            out.append((dx + it.x, dy + it.y, it.text, it.size))
        elif isinstance(it, Group) and not it.angle:
            out += _upright_texts(it.items, dx, dy)
    return out


@pytest.mark.parametrize("name", ["podkidnoy_bout", "navalenny_centre", "perevodnoy_seat2"])
def test_trump_card_rank_and_suit_are_readable(name):
    """Issue 15.4: the turned trump's rank stands upright, at least 13 px, on the part of the card
    that sticks out from under the talon, with its suit beside it (both renderers draw these
    items)."""
    make = POSITIONS[name][0]
    s = build_scene(make())
    trump = next(c for c in s.cards if c.zone == "trump")
    assert not trump.rotated and trump.w > trump.h
    talon_right = max(c.x + c.w for c in s.cards if c.zone == "talon")
    items = face_items(trump.card, int(trump.w), int(trump.h))
    ranks = [t for t in _upright_texts(items, trump.x, trump.y)
             if t[2] == trump.card.rank.symbol and t[0] - 0.3 * t[3] * len(t[2]) > talon_right]
    assert ranks, "no upright rank on the visible part of the trump card"
    x, y, _, size = ranks[0]
    assert size >= 13
    pips = [it for it in items if isinstance(it, PathItem)
            and trump.x + it.x > talon_right and abs(trump.x + it.x + 50 * it.scale - x) < size]
    assert pips, "no suit next to the rank"
    svg = scene_svg(s)
    # the SVG draws the trump as an upright group (no quarter turn) holding that rank
    assert "rotate(90)" not in svg


# -- the fan: every card's corner index reads, the coach's badges cover no other card (issue 28) --

def _later_cards(scene, it):
    """The card items drawn over ``it`` (later in the scene)."""
    cards = list(scene.cards)
    return cards[cards.index(it) + 1:]


def _meets(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


#: a corner index — a bold 13 px rank ("10" the widest) and its pip under it — on a 48×68 card
INDEX = (1, 1, 18, 25)


def _index_hidden(scene) -> list:
    out = []
    for it in scene.cards:
        if it.zone != "hand" or not it.face_up:
            continue
        box = (it.x + INDEX[0], it.y + INDEX[1], INDEX[2], INDEX[3])
        out += [(it.card, o.card) for o in _later_cards(scene, it) if _meets(box, o.box)]
    return out


def _hands(players: int, size: int, seed: int):
    """A podkidnoy position of ``players`` hands of ``size`` cards (52 cards when 36 are short)."""
    deck_cards = list(deck(36 if players * size <= 36 else 52))
    random.Random(seed).shuffle(deck_cards)
    hands = [" ".join(map(str, deck_cards[i * size:(i + 1) * size])) for i in range(players)]
    return from_position("podkidnoy", hands, trump="H", deck=len(deck_cards))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("size", [6, 7, 8, 10, 12])
def test_every_card_of_every_hand_shows_its_corner_index(players, size):
    """With 6–8 cards a side seat's fan showed slivers of 16.6 px, narrower than a "10" and its
    pip: now every face-up card in every seat shows its whole corner index (a fan takes a
    second row first), whatever the perspective."""
    if players * size > 52:
        pytest.skip("more cards than the deck")
    g = _hands(players, size, seed=size)
    for perspective in (None, 0):
        s = build_scene(g, perspective)
        assert _index_hidden(s) == [], (perspective, _index_hidden(s)[:3])
        check_layout(s, g)


@pytest.mark.parametrize("players, seat, size", [
    (p, seat, size) for p, seat in [(2, 0), (2, 1), (3, 1), (4, 1), (4, 2), (6, 1), (6, 5)]
    for size in (1, 6, 7, 8)] + [(2, 0, 12), (2, 1, 14), (3, 0, 10), (4, 0, 12)])
def test_the_coachs_badges_sit_on_their_own_card_and_cover_no_other(players, seat, size):
    """The coach's chances sat on the overlaps, over the next card: each badge now lies on the
    part of its own card that shows (the coach's hand is spread for it), and its card's index
    still reads — for the widest badge words (sampled, "≈79%"), in any seat being coached (a
    side seat up to 8 cards: more take a third row its box has no room for)."""
    from durak_edu.draw.overlay import BADGE_H, CoachOverlay
    from durak_edu.draw.prims import Badge
    g = _hands(players, size, seed=players + size)
    ov = CoachOverlay(seat, {c: "≈79%" for c in g.hands[seat]})
    s = build_scene(g, None, overlay=ov)
    badges = [it for it in s.items if isinstance(it, Badge)]
    assert len(badges) == size
    mine = [it for it in s.cards if it.zone == "hand" and it.seat == seat]
    for b in badges:
        box = (b.x, b.y, b.w, b.h)
        card = next(it for it in mine if b.x == it.x + 1 and b.y in (
            it.y + 1, it.y + it.h - BADGE_H - 1))
        assert b.x + b.w <= card.x + card.w and b.y + b.h <= card.y + card.h
        covered = [o.card for o in _later_cards(s, card) if _meets(box, o.box)]
        assert covered == [], (card.card, covered)
    assert _index_hidden(s) == []                  # no other card hides an index either

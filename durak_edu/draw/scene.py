"""Scenes: a game position, seen from a perspective, laid out once as plain primitives.

``build_scene(game, perspective)`` places every card, label and highlight of a position on a
fixed ``WIDTH``×``HEIGHT`` table, for every rule family (attack–defence pairs, the circle pile,
the mau-mau pile with its called suit) and 2 to 8 seats. ``counter_scene(game, seat)`` lays out
the deck as a grid for card counting. ``hit_test(scene, x, y)`` says which card is under a point:
a pure function of the scene, so it is tested without a browser.

The seat of the perspective (seat 0 without one) sits at the bottom; the others follow it
clockwise, which seen from above runs up the left side, along the top and down the right.

>>> from durak_edu import new_game
>>> s = build_scene(new_game("podkidnoy", players=3, seed=7), perspective=0)
>>> (s.width, s.height), len([c for c in s.cards if c.zone == "hand"])
((880, 600), 18)
>>> sum(c.face_up for c in s.cards if c.zone == "hand")   # only seat 0's hand is face up
6
>>> hit_test(s, *s.seats[0][:2]) is None                    # the corner of the seat box
True
"""

from __future__ import annotations

import dataclasses
import math
import textwrap
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Union

from ..actions import Beat
from ..cards import Card, Suit
from ..rules import VARIANTS
from .face import pip
from .prims import MARK_COLORS, CardItem, Group, Item, Mark, Rect, Scene, Text

if TYPE_CHECKING:
    from ..actions import Action
    from ..games.base import Game, View
    from .overlay import CoachOverlay

#: cards to mark: a card, its text or several in one string (``"7♠ 9♠"``), or any of those
Cards = Union[Card, str, Iterable[Union[Card, str]], None]
#: a box: x, y, width, height
Box = tuple[float, float, float, float]

__all__ = ["build_scene", "counter_scene", "verdicts", "hit_test", "seat_slots", "counter_states",
           "action_cards", "WIDTH", "HEIGHT", "CARD_W", "CARD_H", "COUNTER_STATES"]

WIDTH, HEIGHT = 880, 600
CARD_W, CARD_H = 48, 68
MARGIN = 8
LABEL_H = 18
ROW_DY = 26                                  # the second row of a long hand
BOX_H = LABEL_H + CARD_H + ROW_DY + 6        # a seat's box
STEP = 30                                    # card spacing in a fan with room to spare
#: the least a card of a fan shows of itself: its corner index (a bold 13 px "10" and its pip,
#: about 18 px wide on a 48 px card) reads in full; narrower, the fan takes another row
MIN_STEP = 20

FELT, TABLE_FELT = "#1d6b3a", "#22804a"
ROLE_COLORS = {"attacker": "#b23a2e", "defender": "#2e5fb2", "thrower": "#b2742e",
               "leads": "#b23a2e", "beats": "#2e5fb2", "to play": "#2e5fb2",
               "out": "#5d6b63", "won": "#2f8f4e", "durak": "#7a1020", "loses": "#7a1020",
               "draw": "#5d6b63"}
GOLD, LABEL, DIM = "#ffd24a", "#f2f2f2", "#9fb8a8"

#: the middle of the table, between the seats
CENTER = (190, 132, 500, 338)
TALON_XY = (200, 252)
DISCARD_XY = (626, 252)
ZONE = (304, 172, 308, 280)                  # where the bout / pile lies


# -- seats ----------------------------------------------------------------------------------------

def _top_row(k: int) -> list[tuple[float, float, float, float]]:
    gap = 12
    w = min(420, (WIDTH - 2 * MARGIN - (k - 1) * gap) / k)
    x0 = (WIDTH - (k * w + (k - 1) * gap)) / 2
    return [(x0 + i * (w + gap), MARGIN, w, BOX_H) for i in range(k)]


def _side(left: bool, k: int) -> list[tuple[float, float, float, float]]:
    w = 176
    x = MARGIN if left else WIDTH - MARGIN - w
    if k == 1:
        return [(x, (HEIGHT - BOX_H) / 2, w, BOX_H)]
    # two seats on a side (7 and 8 players): they share the whole height between the top row
    # and the bottom seat, so a hand picked up there gets a third row instead of thin slivers
    top, bottom = MARGIN + BOX_H + MARGIN, HEIGHT - MARGIN - BOX_H - MARGIN
    h = (bottom - top - 12) / 2
    return [(x, top, w, h), (x, top + h + 12, w, h)]


def seat_slots(n: int) -> list[tuple[float, float, float, float]]:
    """The boxes ``(x, y, w, h)`` of ``n`` seats, from the bottom seat clockwise.

    >>> [tuple(round(v) for v in b[:2]) for b in seat_slots(4)]
    [(190, 474), (8, 241), (230, 8), (696, 241)]
    """
    if not 2 <= n <= 8:
        raise ValueError(f"a table has 2 to 8 seats, not {n}")
    bottom = [(190, HEIGHT - MARGIN - BOX_H, 500, BOX_H)]
    left_k, top_k, right_k = {2: (0, 1, 0), 3: (0, 2, 0), 4: (1, 1, 1), 5: (1, 2, 1),
                              6: (1, 3, 1), 7: (2, 3, 1), 8: (2, 3, 2)}[n]
    left = _side(True, left_k)[::-1] if left_k else []      # clockwise: up the left side
    right = _side(False, right_k) if right_k else []         # then down the right side
    return bottom + left + _top_row(top_k) + right


def _fan(n: int, x: float, y: float, w: float, h: float = BOX_H - LABEL_H - 2,
         min_step: float = MIN_STEP) -> list[tuple[float, float]]:
    """Positions of ``n`` overlapping cards centred in a band ``w`` wide and ``h`` high: as few
    rows (``ROW_DY`` apart) as show ``min_step`` px of each card (its corner index, or the
    coach's badge on it), as many as fit; spread up to ``max(STEP, min_step)`` apart.

    >>> side = _fan(8, 0, 0, 164)     # a side seat: 8 cards in one row would show 16.6 px each
    >>> len({y for _x, y in side}), side[1][0] - side[0][0]     # two rows of four, 30 px apart
    (2, 30.0)
    """
    if n == 0:
        return []
    band = h - 4
    most = max(1, 1 + int((band - CARD_H) // ROW_DY))
    rows = next((r for r in range(1, most + 1) if math.ceil(n / r) == 1
                 or (w - CARD_W) / (math.ceil(n / r) - 1) >= min_step), most)
    per_row = math.ceil(n / rows)
    y0 = y + (band - (CARD_H + (rows - 1) * ROW_DY)) / 2
    widest = max(STEP, min_step)
    out = []
    for r in range(rows):
        k = min(per_row, n - r * per_row)
        st = widest if k == 1 else min(widest, (w - CARD_W) / (k - 1))
        span = CARD_W + st * (k - 1)
        x0 = x + (w - span) / 2
        out += [(x0 + i * st, y0 + r * ROW_DY) for i in range(k)]
    return out


def _grid(n: int, zone: Box, cell_w: float, cell_h: float, per_row: int, gap_x: float,
          gap_y: float) -> list[tuple[float, float]]:
    """``n`` cells of ``cell_w``×``cell_h`` in rows of ``per_row``, centred in ``zone``; rows
    are squeezed together (overlapping) when they do not fit."""
    if n == 0:
        return []
    zx, zy, zw, zh = zone
    rows = math.ceil(n / per_row)
    dy = cell_h + gap_y
    if rows > 1 and rows * cell_h + (rows - 1) * gap_y > zh:
        dy = (zh - cell_h) / (rows - 1)
    height = cell_h + dy * (rows - 1)
    y0 = zy + (zh - height) / 2
    out: list[tuple[float, float]] = []
    for i in range(n):
        r, c = divmod(i, per_row)
        k = min(per_row, n - r * per_row)
        width = k * cell_w + (k - 1) * gap_x
        x0 = zx + (zw - width) / 2
        out.append((x0 + c * (cell_w + gap_x), y0 + r * dy))
    return out


# -- words --------------------------------------------------------------------------------------

def _name(game: Game, seat: int) -> str:
    return game.names[seat]


def _who(game: Game, seat: int) -> str:
    name = game.names[seat]
    return f"seat {seat}" if name == f"seat {seat}" else f"seat {seat} ({name})"


def _roles(game: Game) -> dict[int, str]:
    """Each seat's part now: the engine's ``role`` while playing; the outcome once over."""
    res = game.result
    out: dict[int, str] = {}
    for p in range(game.players):
        if res is not None:
            if res.draw:
                out[p] = "draw"
            elif res.durak == p:
                out[p] = "durak"
            elif p in res.losers:
                out[p] = "loses"
            elif p in res.winners:
                out[p] = game.winner_word
            else:
                out[p] = ""
        else:
            out[p] = game.role(p)
    return out


def _status(game: Game, roles: dict[int, str]) -> str:
    res = game.result
    if res is not None:
        return f"Game over: {res}"
    p = game.to_act
    assert p is not None, "a game that is not over has a seat to act"
    text = f"▶ {_who(game, p)} to act"
    if roles.get(p):
        text += f": {roles[p]}"
    taker = game.taker
    if taker is not None:
        text += f" · {_who(game, taker)} takes"
    return text


def _fit(text: str, width: float, size: float) -> str:
    """Cut ``text`` with an ellipsis so that it (roughly) fits ``width`` pixels."""
    most = max(4, int(width / (0.6 * size)))
    return text if len(text) <= most else text[:most - 1] + "…"


def _hand_order(hand: Iterable[Card], trump: Suit | None) -> list[Card]:
    """Display order of a hand: plain suits (♠ ♣ ♦ ♥), then trumps, each by rank."""
    return sorted(hand, key=lambda c: (c.suit is not None and c.suit == trump,
                                       -1 if c.suit is None else int(c.suit), c.rank, c.copy))


def action_cards(action: Action | None) -> tuple[Card, ...]:
    """The cards an action puts on the table (for "last move" highlights): every card it
    names, whatever its kind (the beaten card of a ``Beat`` aside), so a kind of move added to
    the engine is highlighted without a change here.

    >>> from durak_edu.actions import Beat, Take, parse_action
    >>> [" ".join(map(str, action_cards(a))) for a in (Beat("7♠", "9♠"), Take(),
    ...                                                 parse_action("attack 7♠ 7♦"))]
    ['9♠', '', '7♠ 7♦']
    """
    if isinstance(action, Beat):
        return (action.card,)
    if not dataclasses.is_dataclass(action):
        return ()
    out: list[Card] = []
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if isinstance(value, Card):
            out.append(value)
        elif isinstance(value, tuple):
            out.extend(c for c in value if isinstance(c, Card))
    return tuple(out)


def _as_cards(cs: Cards) -> frozenset[Card]:
    if not cs:
        return frozenset()
    if isinstance(cs, (str, Card)):
        cs = [cs]
    out: set[Card] = set()
    for c in cs:
        if isinstance(c, str):
            out.update(Card.parse(t) for t in c.split())
        else:
            out.add(Card.parse(c))
    return frozenset(out)


_OUTSET = {"selected": 4, "highlight": 3, "last": 2.5, "known": 1.5, "playable": 1.5,
           "to_beat": 1.5}


def _mark(item: CardItem, kind: str) -> Mark:
    o = _OUTSET.get(kind, 1.5)
    layer = 2 if kind in ("selected", "highlight") else 1
    return Mark(item.x - o, item.y - o, item.w + 2 * o, item.h + 2 * o, kind, layer)


# -- the table ----------------------------------------------------------------------------------

class _Table:
    """A table picture being laid out: its items so far, in drawing order, and the cards
    ``build_scene`` was asked to mark. Each part of the picture (``_seats``, ``_talon``,
    ``_discard``, ``_bout``, ``_words``, ``_under_table``) adds its items here."""

    __slots__ = ("items", "perspective", "last", "playable", "highlight", "selected")

    def __init__(self, items: list[Item], perspective: int | None, *, last: frozenset[Card],
                 playable: frozenset[Card], highlight: frozenset[Card],
                 selected: frozenset[Card]) -> None:
        self.items = items
        self.perspective = perspective
        self.last, self.playable = last, playable
        self.highlight, self.selected = highlight, selected

    def card(self, x: float, y: float, c: Card | None, up: bool, zone: str,
             seat: int | None = None, index: int = 0, role: str = "", crosswise: bool = False,
             dim: bool = False) -> CardItem:
        """Add a card, and the marks it carries (a face-up card only), on top of it."""
        # a crosswise card gets a landscape box: its face is laid out with upright writing
        w, h = (CARD_H, CARD_W) if crosswise else (CARD_W, CARD_H)
        it = CardItem(x, y, w, h, c, up, zone, seat, index, role, False, dim)
        self.items.append(it)
        if up and c is not None:
            kinds: list[str] = []
            if c in self.last:
                kinds.append("last")
            if zone == "hand" and c in self.playable:
                kinds.append("playable")
            if c in self.highlight:
                kinds.append("highlight")
            if c in self.selected:
                kinds.append("selected")
            if role == "to_beat":
                kinds.append("to_beat")
            if zone == "hand" and seat != self.perspective and self.perspective is not None:
                kinds.append("known")
            for k in kinds:
                self.items.append(_mark(it, k))
        return it


def build_scene(game: Game, perspective: int | None = None, *, highlight: Cards = (),
                playable: Cards = (), selected: Cards = (), last: Cards = (),
                caption: str | Iterable[object] = (), overlay: CoachOverlay | None = None) -> Scene:
    """Lay out ``game`` as a scene.

    ``perspective``: ``None`` shows every hand face up (a teacher's view); a seat shows only that
    seat's hand and the cards it knows to be in other hands (``view(seat).known``, marked
    ``known``); the other cards lie face down. ``highlight``, ``playable``, ``selected`` and
    ``last`` are cards to mark (card objects or text such as ``"7♠ 9♠"``). ``caption`` lines are
    written under the table (for static pictures). ``overlay`` is the coach's layer
    (``draw.overlay.CoachOverlay``): chances on the cards, the recommended move outlined, the
    cards still out and the coach's sentences under the table.
    """
    n = game.players
    if perspective is not None and not (isinstance(perspective, int) and 0 <= perspective < n):
        raise ValueError(f"perspective must be None or a seat 0..{n - 1}, not {perspective!r}")
    bottom = 0 if perspective is None else perspective
    slots = seat_slots(n)
    seat_box = {(bottom + i) % n: slots[i] for i in range(n)}
    marks = {"highlight": _as_cards(highlight), "playable": _as_cards(playable),
             "selected": _as_cards(selected), "last": _as_cards(last)}
    roles = _roles(game)
    view = game.view(bottom)
    lines = _caption_lines(caption)
    height = HEIGHT + (24 + 18 * len(lines) if lines else 0)
    t = _Table([Rect(0, 0, WIDTH, height, r=10, fill=FELT, layer=0),
                Rect(CENTER[0] - 10, CENTER[1] - 6, CENTER[2] + 20, CENTER[3] + 12, r=60,
                     fill=TABLE_FELT, layer=0)], perspective, **marks)
    _seats(t, game, seat_box, roles, view, overlay)
    talon = _talon(t, game, view)
    _discard(t, game)
    table, acting_role = _bout(t, game, roles)
    status, last_event = _words(t, game, roles)
    height = _under_table(t, overlay, lines, height)
    info = {"family": game.family, "perspective": perspective, "bottom": bottom,
            "to_act": game.to_act, "roles": roles, "status": status, "talon": talon,
            "trump": game.trump, "discard": len(game.discard), "table": len(table),
            "acting_role": acting_role, "called": game.called_suit, "last_event": last_event,
            "deck": game.deck_order, "coach": overlay}
    return Scene(WIDTH, height, tuple(t.items), CARD_W, CARD_H, seat_box, info)


def _caption_lines(caption: str | Iterable[object]) -> tuple[str, ...]:
    """The caption as the lines written under the table: each line wrapped at 112 characters."""
    given = [caption] if isinstance(caption, str) else list(caption)
    return tuple(part for line in given for part in (textwrap.wrap(str(line), 112) or [""]))


def _seats(t: _Table, game: Game, seat_box: dict[int, Box], roles: dict[int, str],
           view: View, overlay: CoachOverlay | None) -> None:
    """Every seat: its box and words (``_seat_words``), then its hand (``_seat_hand``), face up
    where the perspective sees it or knows it (``view.known``), face down otherwise."""
    perspective = t.perspective
    known: dict[int, tuple[Card, ...]] = {} if perspective is None else view.known
    # R9.37 (magadansky): a seat's own locked cards are drawn veiled (every seat's only when all
    # hands are face up, and any are locked); R9.40 (s prikupom): the reserves, beside the seats
    locked: dict[int, frozenset[Card]] = {}
    if perspective is not None:
        locked = {perspective: frozenset(view.locked)}
    elif any(view.locked_sizes):
        locked = {p: frozenset(game.view(p).locked) for p in range(game.players)}
    reserves = view.reserve_sizes
    hands = game.hands
    to_act = game.to_act
    for p in range(game.players):
        _seat_words(t, game, p, seat_box[p], len(hands[p]), roles[p], p == to_act,
                    reserves[p] if reserves else 0)
        shown: list[tuple[Card | None, bool]]
        hand = _hand_order(hands[p], game.trump)
        if perspective is None or p == perspective:
            shown = [(c, True) for c in hand]
        else:
            k = set(known.get(p, ()))
            seen: list[tuple[Card | None, bool]] = [(c, True) for c in hand if c in k]
            shown = seen + [(None, False)] * (len(hand) - len(seen))
        _seat_hand(t, p, seat_box[p], shown, locked.get(p, frozenset()), overlay)


def _seat_words(t: _Table, game: Game, p: int, box: Box, cards: int, role: str, acting: bool,
                reserve: int) -> None:
    """A seat's box (outlined in gold for the seat to act), its number of cards, its role and
    its name (R9.40: and its reserve's size)."""
    x, y, w, h = box
    out = role in ("out", "won")
    t.items.append(Rect(x, y, w, h, r=8, fill="#000000", alpha=0.2, layer=0))
    if acting:
        t.items.append(Rect(x, y, w, h, r=8, stroke=GOLD, width=2.5))
    badge = str(cards)
    bw = 22
    t.items.append(Rect(x + w - bw - 6, y + 3, bw, 15, r=7, fill="#000000", alpha=0.35,
                        layer=0))
    t.items.append(Text(x + w - 6 - bw / 2, y + 14.5, badge, 11, LABEL, "middle"))
    right = x + w - bw - 10
    if role:
        rw = 10 + 6.5 * len(role)
        right -= rw
        t.items.append(Rect(right, y + 3, rw, 15, r=7, fill=ROLE_COLORS.get(role, "#555555")))
        t.items.append(Text(right + rw / 2, y + 14.5, role, 11, "#ffffff", "middle"))
    label = ("▶ " if acting else "") + _name(game, p)
    if reserve:
        label += f" · reserve {reserve}"
    t.items.append(Text(x + 8, y + 14.5, _fit(label, right - x - 14, 12.5), 12.5,
                        GOLD if acting else (DIM if out else LABEL), "start", acting))


def _seat_hand(t: _Table, p: int, box: Box, shown: Sequence[tuple[Card | None, bool]],
               locked: frozenset[Card], overlay: CoachOverlay | None) -> None:
    """A seat's hand as a fan in its box (``shown``: each card, or ``None`` face down), its
    ``locked`` cards (R9.37) under a grey veil."""
    x, y, w, h = box
    # the coach's seat: each card shows enough of itself for the badge on it (overlay)
    need: float = MIN_STEP
    if overlay is not None and overlay.seat == p and overlay.chances:
        from .overlay import badge_width
        need = max(need, 2 + max(badge_width(words) for words in overlay.chances.values()))
    for i, ((c, up), (cx, cy)) in enumerate(zip(shown, _fan(len(shown), x + 6, y + LABEL_H + 2,
                                                            w - 12, h - LABEL_H - 2, need))):
        it = t.card(cx, cy, c, up, "hand", p, i)
        if c in locked:  # a grey veil: the cards over it still cover it
            t.items.append(Rect(it.x, it.y, it.w, it.h, r=5, fill="#000000", alpha=0.45))


def _talon(t: _Table, game: Game, view: View) -> int:
    """The talon (up to three backs, an outline when empty) with the turned trump crosswise
    under it, its count, the cards set aside, and the trump suits: the talon's size."""
    tx, ty = TALON_XY
    talon = game.talon_size
    trump_card = game.trump_card
    shows_trump = game.shows_trump and trump_card is not None and talon > 0
    if shows_trump:
        t.card(tx + CARD_W / 2, ty + (CARD_H - CARD_W) / 2, trump_card, True, "trump",
               crosswise=True)
    backs = talon - (1 if shows_trump else 0)
    for i in range(min(3, backs)):
        t.card(tx - 2 * i, ty - 2 * i, None, False, "talon", index=i)
    if talon == 0:
        t.items.append(Rect(tx, ty, CARD_W, CARD_H, r=5, stroke="#ffffff", alpha=0.35))
    # R9.24 (potayny), R9.4, R9.40: unseen cards outside the talon and the hands are counted
    aside = view.set_aside - sum(view.reserve_sizes)
    t.items.append(Text(tx + 36, ty + 88, f"talon {talon}" + (f" · {aside} aside" if aside > 0
                                                             else ""), 12.5, LABEL, "middle",
                        True))
    if game.shows_trump:
        suits = game.trump_suits  # two after a joker turned in R9.33
        if not suits:
            t.items.append(Text(tx + 36, ty + 105, "no trump", 12, LABEL, "middle"))
        else:
            two = len(suits) > 1
            t.items.append(Text(tx + (20 if two else 30), ty + 105,
                                "trumps" if two else "trump", 12, LABEL, "middle"))
            for i, suit in enumerate(suits):
                t.items.append(_pip_badge(suit, tx + (56 if two else 62) + 22 * i, ty + 100))
    return talon


def _discard(t: _Table, game: Game) -> None:
    """The discard pile (up to three backs, an outline when empty) and its count, in a family
    that has one."""
    dx, dy = DISCARD_XY
    if game.has_discard:
        nd = len(game.discard)
        for i in range(min(3, nd)):
            t.card(dx + 2 * i, dy - 2 * i, None, False, "discard", index=i)
        if nd == 0:
            t.items.append(Rect(dx, dy, CARD_W, CARD_H, r=5, stroke="#ffffff", alpha=0.35))
        t.items.append(Text(dx + CARD_W / 2, dy + 88, f"discard {nd}", 12.5, LABEL, "middle",
                            True))


def _bout(t: _Table, game: Game, roles: dict[int, str]) -> tuple[list[Any], str]:
    """The middle of the table as ``game.table_shape`` says: the bout's pairs, a short pile or a
    long one's top. Returns the table and the role of the seat to act."""
    table: list[Any] = game.table  # pairs or a pile's cards, as table_shape says
    to_act = game.to_act
    acting_role = roles.get(to_act, "") if to_act is not None else ""
    shape = game.table_shape
    # the cards waiting to be beaten: none once the defender takes, none when the game is over
    to_beat = set(game.targets()) if to_act is not None and not game.is_taking else set()
    if shape == "pairs":
        _pairs(t, table, to_beat)
    elif shape == "pile":
        _pile(t, table, to_beat)
    else:
        _stack(t, game, table)
    return table, acting_role


def _pairs(t: _Table, table: Sequence[tuple[Card, Card | None]], to_beat: set[Card]) -> None:
    """The bout: each attack card, a card still to beat marked, with its defence over it."""
    pos = _grid(len(table), ZONE, CARD_W + 14, CARD_H + 20, 4, 12, 6)
    for i, ((a, d), (px, py)) in enumerate(zip(table, pos)):
        t.card(px, py, a, True, "table", None, i,
               "to_beat" if d is None and a in to_beat else "attack")
        if d is not None:
            t.card(px + 14, py + 20, d, True, "table", None, i, "defence")


def _pile(t: _Table, table: Sequence[Card], to_beat: set[Card]) -> None:
    """A short pile (the circle family): every card, the top one last and marked."""
    pos = _grid(len(table), ZONE, CARD_W, CARD_H, 11, 26 - CARD_W, 8)
    for i, (c, (px, py)) in enumerate(zip(table, pos)):
        top = i == len(table) - 1
        beat_now = top and c in to_beat
        it = t.card(px, py, c, True, "pile", None, i,
                    ("to_beat" if beat_now else "top") if top else "")
        if top and not beat_now:
            t.items.append(_mark(it, "top"))


def _stack(t: _Table, game: Game, table: Sequence[Card]) -> None:
    """A long pile (the mau-mau family): its last few cards, the top one last, its size and
    the called suit."""
    tail = table[-8:]
    pos = _grid(len(tail), (ZONE[0], ZONE[1], ZONE[2], 150), CARD_W, CARD_H, 8,
                24 - CARD_W, 0)
    first = len(table) - len(tail)
    for i, (c, (px, py)) in enumerate(zip(tail, pos)):
        top = first + i == len(table) - 1
        it = t.card(px, py, c, True, "pile", None, first + i, "top" if top else "")
        if top:
            t.items.append(_mark(it, "top"))
    zx, zy, zw, _ = ZONE
    t.items.append(Text(zx + zw / 2, zy + 180, f"pile {len(table)}", 12.5, LABEL, "middle",
                        True))
    called = game.called_suit
    if called is not None:
        t.items.append(Text(zx + zw / 2 - 10, zy + 210, "called", 14, GOLD, "middle", True))
        t.items.append(_pip_badge(called, zx + zw / 2 + 38, zy + 205, 18))


def _words(t: _Table, game: Game, roles: dict[int, str]) -> tuple[str, str]:
    """The words in the middle: whose turn (or the result), the last move, the variant's
    title. Returns the status line and the last move's words."""
    status = _status(game, roles)
    t.items.append(Text(WIDTH / 2, CENTER[1] + 16, _fit(status, CENTER[2], 14), 14, GOLD,
                        "middle", True))
    # an action's words, or else its text form (a kind of move without words still shows)
    last_event = next((e.text or str(e.action) for e in reversed(game.history)
                       if e.kind != "deal" and (e.text or e.action is not None)), "")
    if last_event:
        t.items.append(Text(WIDTH / 2, CENTER[1] + 33, _fit("last: " + last_event, 440, 11.5),
                            11.5, LABEL, "middle"))
    v = VARIANTS.get(game.variant)
    title = v.title if v is not None else game.variant
    t.items.append(Text(WIDTH / 2, CENTER[1] + CENTER[3] - 4, _fit(title, 300, 11), 11, DIM,
                        "middle"))
    return status, last_event


def _under_table(t: _Table, overlay: CoachOverlay | None, lines: Sequence[str],
                 height: int) -> int:
    """Under the table: the coach's layer (its strip and sentences, the felt grown to hold
    them), then the caption's lines. Returns the scene's height."""
    below = HEIGHT
    if overlay is not None:
        from .overlay import overlay_items
        extra, used = overlay_items(overlay, [it for it in t.items if isinstance(it, CardItem)],
                                    HEIGHT, WIDTH, lambda suit, x, y: _pip_badge(suit, x, y, 12))
        t.items.extend(extra)
        below += used
        height += used
        t.items[0] = Rect(0, 0, WIDTH, height, r=10, fill=FELT, layer=0)
    for i, line in enumerate(lines):
        t.items.append(Text(MARGIN + 8, below + 20 + 18 * i, line, 13, LABEL))
    return height


def _pip_badge(suit: Suit, cx: float, cy: float, size: float = 14) -> Group:
    """A suit shape on a small white disc, so black suits show on the felt."""
    return Group(0, cx, cy, (Rect(cx - size / 2 - 3, cy - size / 2 - 3, size + 6, size + 6,
                                  r=(size + 6) / 2, fill="#ffffff"),
                             pip(suit, cx, cy, size)))


# -- the deck as a grid (card counting) -------------------------------------------------------------

#: what a seat can say about each card (``counter_states``)
COUNTER_STATES = {
    "mine": "in your hand",
    "table": "on the table",
    "gone": "gone (discarded)",
    "known": "known in a hand",
    "talon": "seen in the talon",
    "unknown": "unknown: a hand or the talon",
}

_STATE_MARK = {"mine": "playable", "table": "to_beat", "known": "known", "talon": "last"}

GRID_W, GRID_H, GRID_GAP = 40, 56, 6


def counter_states(game: Game, seat: int) -> dict[Card, tuple[str, int | None]]:
    """Each card of the deck → (state, seat) as ``seat`` knows it from ``game.view(seat)``
    (R0): its hand, the table, the discard pile, cards known in other hands, cards seen in the
    talon (the trump card under it), and the rest unknown."""
    view = game.view(seat)
    hand = set(view.hand)
    table: set[Card] = set()
    for t in view.table:
        if isinstance(t, tuple):
            table.update(c for c in t if c is not None)
        else:
            table.add(t)
    gone = set(view.discard)
    known = {c: p for p, cs in view.known.items() for c in cs}
    unknown = set(view.unknown)
    out: dict[Card, tuple[str, int | None]] = {}
    for c in sorted(set(game.deck_order)):
        if c in hand:
            out[c] = ("mine", None)
        elif c in table:
            out[c] = ("table", None)
        elif c in gone:
            out[c] = ("gone", None)
        elif c in known:
            out[c] = ("known", known[c])
        elif c in unknown:
            out[c] = ("unknown", None)
        else:
            out[c] = ("talon", None)
    return out


def verdicts(right: Iterable[Card], missed: Iterable[Card], wrong: Iterable[Card]) -> dict[Card, str]:
    """``counter_scene``'s ``checked``: each card of a checked answer with its verdict, from the
    three sets a quiz or a drill round keeps (marked and out, out but not marked, marked but not
    out).

    >>> from durak_edu import cards
    >>> six, seven, ace = cards("6S 7S AH")
    >>> [(str(c), v) for c, v in verdicts([six], [seven], [ace]).items()]
    [('6♠', 'right'), ('7♠', 'missed'), ('A♥', 'wrong')]
    """
    out = {c: "right" for c in right}
    out.update({c: "missed" for c in missed})
    out.update({c: "wrong" for c in wrong})
    return out


def counter_scene(game: Game, seat: int, *, quiz: bool = False, marked: Cards = (),
                  checked: dict[Card, str] | None = None, discard: bool = False) -> Scene:
    """The deck as a grid (suits in rows, ranks in columns) coloured by what ``seat`` knows.

    In a ``quiz`` the memory part is hidden: only the seat's own hand and the table are shown
    (as at the real table); ``marked`` cards carry the student's mark; ``checked`` (a dict card →
    ``"right"``/``"wrong"``/``"missed"``) shows the verdict. ``discard=True`` shows the discard
    pile in a quiz too (dimmed, tagged "discard"): a drill's student never watched the game
    those cards were played in, and they are public (R0).
    """
    states = counter_states(game, seat)
    deck_cards = list(states)
    # a row per suit; with two decks (R0, 72 cards) a row per suit and deck, a twin's row
    # right under its card's
    suits = [(s, k) for s in Suit for k in (0, 1)
             if any(c.suit == s and c.copy == k for c in deck_cards)]
    ranks = sorted({c.rank for c in deck_cards if c.suit is not None})
    jokers = [c for c in deck_cards if c.suit is None]
    rows = len(suits) + (1 if jokers else 0)
    left, top = 36, 34
    width = left + len(ranks) * (GRID_W + GRID_GAP) + 10
    height = top + rows * (GRID_H + GRID_GAP) + 70
    marked = _as_cards(marked)
    checked = checked or {}
    items: list[Item] = [Rect(0, 0, width, height, r=10, fill=FELT, layer=0)]
    title = (f"Quiz: which cards are still out? ({_who(game, seat)})" if quiz
             else f"What {_who(game, seat)} knows")
    items.append(Text(10, 22, _fit(title, width - 20, 14), 14, GOLD, "start", True))
    for r, (s, k) in enumerate(suits):
        y = top + r * (GRID_H + GRID_GAP) + GRID_H / 2
        items.append(_pip_badge(s, left / 2, y, 16))
        if k:  # the second deck's row (R0): its badge carries the copy's prime
            items.append(Text(left / 2 + 11, y - 3, "′", 14, GOLD, "start", True))
    counts = {k: 0 for k in COUNTER_STATES}
    for c, (state, p) in states.items():
        counts[state] += 1
        if c.suit is None:
            r, col = len(suits), jokers.index(c)
        else:
            r, col = suits.index((c.suit, c.copy)), ranks.index(c.rank)
        x = left + col * (GRID_W + GRID_GAP)
        y = top + r * (GRID_H + GRID_GAP)
        visible = state in ("mine", "table") or not quiz or (discard and state == "gone")
        dim = visible and state == "gone"
        it = CardItem(x, y, GRID_W, GRID_H, c, True, "grid", p, c.index, state if visible else "",
                      dim=dim)
        items.append(it)
        if visible and state in _STATE_MARK:
            items.append(_mark(it, _STATE_MARK[state]))
        if quiz and dim:
            items.append(Rect(x + 2, y + GRID_H - 15, GRID_W - 4, 13, r=3, fill="#3d4a43"))
            items.append(Text(x + GRID_W / 2, y + GRID_H - 5, "discard", 9, "#ffffff", "middle"))
        if visible and state == "known":
            items.append(Rect(x + 2, y + GRID_H - 15, GRID_W - 4, 13, r=3, fill="#3b2a7a"))
            items.append(Text(x + GRID_W / 2, y + GRID_H - 5, f"seat {p}", 9, "#ffffff", "middle"))
        verdict = checked.get(c)
        if verdict is not None:
            items.append(_mark(it, "right" if verdict == "right" else "wrong"))
            if verdict != "right":
                items.append(Rect(x + 2, y + GRID_H - 15, GRID_W - 4, 13, r=3, fill="#a01818"))
                items.append(Text(x + GRID_W / 2, y + GRID_H - 5,
                                  "missed" if verdict == "missed" else "not out", 9, "#ffffff",
                                  "middle"))
        elif c in marked:
            items.append(_mark(it, "selected"))
    ly = top + rows * (GRID_H + GRID_GAP) + 16
    if quiz:
        legend = [("marked", "your mark"), ("playable", "your hand"), ("to_beat", "on the table")]
        if discard:
            legend.append(("gone", "discard (dimmed)"))
        if checked:
            legend += [("right", "right"), ("wrong", "missed / not out")]
    else:
        legend = [("playable", f"your hand {counts['mine']}"),
                  ("to_beat", f"table {counts['table']}"),
                  ("known", f"known in a hand {counts['known']}"),
                  ("last", f"seen in the talon {counts['talon']}")]
    x = 10
    for kind, words in legend:
        step = 24 + 7 * len(words)
        if x > 10 and x + step > width:
            x, ly = 10, ly + 18
        if kind == "gone":  # the tag a discarded card carries, not an outline
            items.append(Rect(x, ly - 10, 12, 12, r=2, fill="#3d4a43"))
        else:
            items.append(Rect(x, ly - 10, 12, 12, r=2, stroke=MARK_COLORS[kind], width=2.5))
        items.append(Text(x + 17, ly, words, 11.5, LABEL))
        x += step
    if not quiz:
        view = game.view(seat)
        items.append(Text(10, ly + 22, f"gone {counts['gone']} (dimmed) · unknown "
                          f"{counts['unknown']}: {view.unknown_in_talon} in the talon, "
                          f"{counts['unknown'] - view.unknown_in_talon} in other hands",
                          11.5, LABEL))
    info = {"seat": seat, "quiz": quiz, "counts": counts, "states": states,
            "deck": game.deck_order}
    return Scene(width, height, tuple(items), GRID_W, GRID_H, {}, info)


# -- hit-testing -----------------------------------------------------------------------------------

def hit_test(scene: Scene, x: float, y: float) -> CardItem | None:
    """The card drawn on top at (``x``, ``y``), or ``None``: the last card item (later items lie
    on top) whose box holds the point. A pure function of the scene."""
    for it in reversed(scene.items):
        if isinstance(it, CardItem) and it.contains(x, y):
            return it
    return None

"""Deterministic SVG pictures of cards and positions, for notebooks without widgets.

Pure functions returning text, so they are testable and identical on every run.
"""

from __future__ import annotations

from html import escape

from ..cards import Card

__all__ = ["card_svg", "game_svg"]

CARD_W, CARD_H = 44, 62
RED, BLACK = "#c0262d", "#1b1b1b"


def _card(x: float, y: float, card: Card | None, face_up: bool = True) -> str:
    """One card at (x, y): rounded corners, rank and suit in the corner; a back if face down."""
    if card is None or not face_up:
        return (f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="5" '
                f'fill="#2b4c8c" stroke="#fff" stroke-width="2"/>')
    color = RED if card.is_red else BLACK
    rank = card.rank.symbol
    suit = card.suit.symbol if card.suit is not None else "★"
    return (f'<g><rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="5" fill="#fff" '
            f'stroke="#777"/><text x="{x + 4}" y="{y + 15}" font-size="13" fill="{color}" '
            f'font-family="sans-serif">{rank}</text><text x="{x + CARD_W / 2}" y="{y + 44}" '
            f'font-size="22" text-anchor="middle" fill="{color}" '
            f'font-family="sans-serif">{suit}</text></g>')


def card_svg(card: Card) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{CARD_W + 4}" height="{CARD_H + 4}">'
            f'{_card(2, 2, card)}</svg>')


def game_svg(game) -> str:
    """A simple picture of an attack–defence position: every hand face up, the table, the talon."""
    step = CARD_W * 0.55
    hands = game.hands
    rows = []
    y = 8
    width = 520
    for seat, hand in enumerate(hands):
        label = escape(f"{'▶ ' if game.to_act == seat else ''}{game._who(seat)}"
                       f"{' · ' + game.role(seat) if hasattr(game, 'role') and game.role(seat) else ''}")
        rows.append(f'<text x="8" y="{y + 14}" font-size="13" fill="#fff" '
                    f'font-family="sans-serif">{label}</text>')
        for i, c in enumerate(hand):
            rows.append(_card(170 + i * step, y, c))
        width = max(width, 170 + len(hand) * step + CARD_W)
        y += CARD_H + 8
    table = getattr(game, "table", [])
    x = 8
    rows.append(f'<text x="8" y="{y + 14}" font-size="13" fill="#fff" font-family="sans-serif">'
                f'{escape("talon " + str(game.talon_size))}</text>')
    if game.trump_card is not None and game.talon_size:
        rows.append(_card(80, y, game.trump_card))
    x = 170
    for pair in table:
        a, d = pair if isinstance(pair, tuple) else (pair, None)
        rows.append(_card(x, y, a))
        if d is not None:
            rows.append(_card(x + 12, y + 14, d))
        x += CARD_W + 18
    width = max(width, x + CARD_W)
    height = y + CARD_H + 24
    body = "".join(rows)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{int(width)}" height="{height}" '
            f'viewBox="0 0 {int(width)} {height}"><rect width="100%" height="100%" rx="8" '
            f'fill="#1f6b3a"/>{body}</svg>')

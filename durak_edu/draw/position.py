"""A position as a picture with one move marked on it: what a house rule allows or refuses.

The gallery lessons (17–22) show each house rule of R9 on a small position. A list of legal moves
in plain text ("seat 0 may: attack 7♠, attack 7♣, …") hides the one move that matters, so here
the position is drawn (the table of ``game_svg``) with that move's cards outlined — green where
the rules allow it, red where they refuse it — and a caption under the table saying, in one
sentence, how the preset differs from the game it changes.

``position_svg`` draws any position with chosen cards marked; ``contrast`` builds one position in
two presets (podkidnoy and a house rule, say), asks both about the same move, and returns a
``Contrast`` that shows itself as that picture in a notebook.

>>> c = contrast("bezmastny", ["7♠ 7♦ K♠", "8♥ 6♣ 6♦ 9♦ Q♣"], "beat 7♠ 8♥", "attack 7♠",
...              trump="D")
>>> print(c)
podkidnoy refuses 'beat 7♠ 8♥' (R2.3), bezmastny allows it.
>>> c.allowed, c.base_allowed
(True, False)
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..actions import Action, Beat, parse_action
from ..cards import Card
from ..errors import IllegalAction
from .prims import CardItem, Mark, Scene
from .scene import action_cards, build_scene
from .svg import scene_svg

__all__ = ["ALLOWED", "REFUSED", "position_scene", "position_svg", "Contrast", "contrast",
           "compare", "clause_of"]

#: mark kinds (colours in ``prims.MARK_COLORS``): a move the rules allow, and one they refuse
ALLOWED, REFUSED = "playable", "wrong"

_OUT = 4  # how far the outline stands off the card, so it shows over the game's own marks


def _card_set(cs: Iterable[Card | str] | str | None) -> frozenset[Card]:
    if not cs:
        return frozenset()
    if isinstance(cs, (str, Card)):
        cs = cs.split() if isinstance(cs, str) else [cs]
    return frozenset(Card.parse(c) for c in cs)


def position_scene(game: Any, *, allowed: Iterable[Card | str] | str = (),
                   refused: Iterable[Card | str] | str = (), caption: str | Iterable[str] = (),
                   perspective: int | None = None) -> Scene:
    """The table of ``game`` with the ``allowed`` cards outlined in green and the ``refused`` in
    red (wherever they lie: in a hand or on the table), and ``caption`` lines under it.

    A card named that is nowhere on the table or in a shown hand is an error: the picture would
    silently mark nothing.
    """
    ok, no = _card_set(allowed), _card_set(refused)
    both = ok & no
    if both:
        raise ValueError(f"position picture: {' '.join(map(str, sorted(both)))} cannot be both "
                         "allowed and refused")
    scene = build_scene(game, perspective, caption=caption)
    shown = {it.card for it in scene.items if isinstance(it, CardItem) and it.face_up}
    missing = (ok | no) - shown
    if missing:
        raise ValueError(f"position picture: {' '.join(map(str, sorted(missing)))} is not "
                         "face up on the table or in a hand, so it cannot be marked")
    marks = [Mark(it.x - _OUT, it.y - _OUT, it.w + 2 * _OUT, it.h + 2 * _OUT,
                  ALLOWED if it.card in ok else REFUSED, 2)
             for it in scene.items if isinstance(it, CardItem) and it.face_up
             and it.card in ok | no]
    return dataclasses.replace(scene, items=scene.items + tuple(marks))


def position_svg(game: Any, **options: Any) -> str:
    """``position_scene`` as SVG text (deterministic: the same position gives the same bytes)."""
    scene = position_scene(game, **options)
    return scene_svg(scene, title=scene.info["status"])


def _verdict(game: Any, action: Action | str) -> tuple[bool, str]:
    """Whether ``game`` allows ``action`` now, and its refusal (``"R2.3: …"``; ``""`` if none)."""
    try:
        game.check(action)
    except ValueError as err:  # IllegalAction, or a kind of move this game does not know at all
        return False, str(err)
    return True, ""


def clause_of(refusal: str) -> str:
    """The clause a refusal starts with (``"R2.3"``), or ``""``."""
    found = re.match(r"\s*(R\d+(?:\.\d+)?)", refusal)
    return found.group(1) if found else ""


@dataclass(frozen=True, repr=False)
class Contrast:
    """One move asked of two games in the same position (see ``contrast``).

    ``game`` is the house rule's position, ``base_game`` the other's; ``allowed`` and
    ``base_allowed`` their answers, ``reason`` and ``base_reason`` a refusal in full (``""``
    where allowed).
    In a notebook it shows itself as the house rule's table with the move marked and
    ``sentence`` under it.
    """

    name: str
    base: str
    move: str
    game: Any
    base_game: Any
    allowed: bool
    base_allowed: bool
    reason: str
    base_reason: str
    note: str = ""

    @property
    def differs(self) -> bool:
        """Do the two games answer differently?"""
        return self.allowed != self.base_allowed

    @property
    def sentence(self) -> str:
        """The difference in one sentence, read from the two answers.

        >>> print(contrast("zanudny", ["7♠ K♦", "8♠ 9♣"], "attack 7♠", trump="H"))
        podkidnoy allows 'attack 7♠', zanudny refuses it (R9.6).
        """
        def verdict(name: str, ok: bool, why: str, it: str) -> str:
            clause = clause_of(why)
            return f"{name} {'allows' if ok else 'refuses'} {it}" + (f" ({clause})" if clause
                                                                      else "")
        move = f"'{self.move}'"
        if self.differs:
            return (verdict(self.base, self.base_allowed, self.base_reason, move) + ", "
                    + verdict(self.name, self.allowed, self.reason, "it") + ".")
        clauses = list(dict.fromkeys(filter(None, (clause_of(self.base_reason),
                                                   clause_of(self.reason)))))
        why = f" ({', '.join(clauses)})" if clauses else ""
        return (f"both {self.base} and {self.name} {'allow' if self.allowed else 'refuse'} "
                f"{move}{why}.")

    def to_svg(self) -> str:
        """The house rule's position, the move's cards marked, the sentence (and the refusal
        in full, and any ``note``) below."""
        action = parse_action(self.move)
        cards = action_cards(action) + ((action.target,) if isinstance(action, Beat) else ())
        marks = {"allowed" if self.allowed else "refused": cards}
        refusal = self.reason or self.base_reason
        who = self.name if self.reason else self.base
        caption = [f"{self.name}: {self.sentence}"]
        if refusal:
            caption.append(f"{who}'s refusal: {refusal}")
        if self.note:
            caption.append(self.note)
        return position_svg(self.game, caption=caption, **marks)

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def __str__(self) -> str:
        return self.sentence

    def __repr__(self) -> str:  # what a notebook shows as text beside the picture
        return f"<{self.name}: {self.sentence}>"


def compare(base_game: Any, game: Any, move: str, *, note: str = "") -> Contrast:
    """Ask two games (the same position under two rule sets, built any way: ``from_hands``,
    ``new_game``…) whether ``move`` is allowed for the player to act; see ``contrast``.

    >>> from durak_edu import from_position
    >>> a, b = (from_position(v, ["7♠ K♦", "8♠ 9♣"], trump="H") for v in ("podkidnoy", "zanudny"))
    >>> compare(a, b, "attack K♦").differs
    False
    """
    action = str(parse_action(move))  # a move that cannot be read is an error, not a refusal
    (ok_base, why_base), (ok, why) = _verdict(base_game, action), _verdict(game, action)
    return Contrast(game.variant, base_game.variant, action, game, base_game, ok, ok_base, why,
                    why_base, note)


def contrast(name: str, hands: list[str], move: str, moves: str = "", *, base: str = "podkidnoy",
             note: str = "", base_options: dict[str, Any] | None = None,
             **position: Any) -> Contrast:
    """Build one position (``from_position(variant, hands, **position)``) in ``base`` and in
    preset ``name``, play ``moves`` (text forms separated by ``|``) in both, and ask both whether
    ``move`` is allowed next. ``base_options`` are position options for ``base`` alone (a trump
    suit where the preset has none, say). A setting-up move that either game refuses is an error
    naming it: the comparison would be of two different positions.

    >>> print(contrast("tuzovy", ["A♥ 7♠", "6♥ K♠ 8♣"], "beat A♥ 6♥", "attack A♥", trump="H"))
    podkidnoy refuses 'beat A♥ 6♥' (R2.3), tuzovy allows it.
    """
    from ..games import from_position

    parse_action(move)
    games = []
    for variant, extra in ((base, base_options or {}), (name, {})):
        g = from_position(variant, hands, **{**position, **extra})
        for i, step in enumerate(filter(None, (m.strip() for m in moves.split("|")))):
            try:
                g.play(step)
            except IllegalAction as err:
                raise ValueError(f"contrast: setting-up move {i + 1} ('{step}') is refused in "
                                 f"{variant}: {err}") from None
        games.append(g)
    return compare(games[0], games[1], move, note=note)

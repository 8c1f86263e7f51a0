"""``PresetChooser``: browse the house-rule presets of the gallery (R9) one at a time.

A dropdown of the presets; for the one chosen, its titles and one-line rule, its clause with the
clause's own words from ``docs/rules.md``, and a picture of a seeded deal with the moves the
player to act may make outlined. The gallery lessons (17–22) open with it, so a student can look
up any preset without scrolling through a table of forty rows. Like every widget here it has a
static picture (``to_svg``) that GitHub and nbconvert show in its place.

>>> chooser = PresetChooser(value="tuzovy")
>>> chooser.value, chooser.clause
('tuzovy', 'R9.14')
>>> "only by a trump" in chooser.clause_text
True
"""

from __future__ import annotations

import re
from functools import lru_cache
from html import escape
from pathlib import Path

import ipywidgets as widgets

from ..draw.prims import Scene
from ..draw.position import position_scene
from ..draw.scene import action_cards
from ..draw.svg import scene_svg
from ..games import new_game
from ..rules import VARIANTS
from .base import SvgWidget

__all__ = ["PresetChooser", "gallery_presets", "clause_text", "RULES_MD", "KINDS", "lesson_of"]

#: the rules as the repository carries them (absent from an install without the repository)
RULES_MD = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


#: the gallery's lessons, one per kind of change, and the presets each teaches (every preset of
#: R9 in exactly one; ``tests/test_gallery_pictures.py`` checks both ways)
KINDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "beating": ("18_gallery_beating", (
        "bezkozyrny", "bezmastny", "tuzovy", "korolevsky", "korolevsky_reverse", "six_beats_ace",
        "dvukhkozyrny", "kozyrny", "korolevsky_full")),
    "moves": ("19_gallery_moves", (
        "zanudny", "tryoshka", "s_par", "s_grupp", "besppodkidny", "kitaysky", "bez_nazvaniya", "dobry",
        "krugovoy", "amerikansky", "vtoraya_popytka", "pokerny", "trump_six_swap", "armyansky",
        "pribaltiysky", "volshebny")),
    "decks": ("20_gallery_decks", (
        "naval", "chukotsky", "albansky", "ace_not_trump", "s_peresdachey", "pustoy",
        "arifmeticheskiy", "otboyny", "krestovy", "one_joker", "two_joker",
        "two_joker_novosibirsk", "jokers_by_colour", "estonsky", "stolichny", "diky", "bolshoy",
        "dvoynoy")),
    "scoring": ("21_gallery_scoring", ("ochkovy", "pogonny", "figurny")),
    "hidden cards": ("22_gallery_hidden_cards", (
        "nevidimy", "potayny", "magadansky", "s_prikupom")),
}


def lesson_of(name: str) -> str:
    """The gallery lesson that teaches preset ``name`` (``"18_gallery_beating"``).

    >>> lesson_of("tuzovy")
    '18_gallery_beating'
    """
    for stem, names in KINDS.values():
        if name in names:
            return stem
    raise ValueError(f"lesson_of: {name!r} is not a gallery preset of any kind; the kinds are "
                     f"{', '.join(KINDS)}")


def gallery_presets() -> list[str]:
    """The presets of R9 in the registry's order (podkidnoy with house rules)."""
    return [name for name, v in VARIANTS.items() if v.clause.startswith("R9")]


@lru_cache(maxsize=4)
def _clauses(path: str) -> dict[str, str]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError:
        return {}
    found = re.findall(r"^\*\*(R\d+\.\d+) (.+?)\*\*(.*?)(?=\n\n|\Z)", text, re.S | re.M)
    return {clause: " ".join(f"{title} {body}".split()) for clause, title, body in found}


def clause_text(clause: str, path: str | Path = RULES_MD) -> str:
    """The words of ``clause`` (``"R9.14"``) in ``docs/rules.md``: its title and paragraph, on
    one line; ``""`` where the file or the clause is not there."""
    return _clauses(str(path)).get(clause, "")


class PresetChooser(SvgWidget):
    """``PresetChooser(names=None, value=None, seed=0)``: a dropdown over ``names`` (default every
    gallery preset), showing the chosen one's rule, clause and a seeded position.

    ``value`` is the preset shown; assign it (or pick in the dropdown) to show another.
    """

    def __init__(self, names: list[str] | None = None, *, value: str | None = None,
                 seed: int = 0, players: int = 2):
        super().__init__()
        self.names = list(gallery_presets() if names is None else names)
        unknown = [n for n in self.names if n not in VARIANTS]
        if unknown or not self.names:
            raise ValueError(f"PresetChooser: {', '.join(map(repr, unknown)) or 'no presets'} "
                             f"{'are' if len(unknown) > 1 else 'is'} not in VARIANTS; choose from "
                             f"{', '.join(gallery_presets())}")
        self.seed, self.players = seed, players
        self.dropdown = widgets.Dropdown(
            options=[(f"{n} — {VARIANTS[n].title}", n) for n in self.names],
            value=self.names[0] if value is None else self._known(value), description="preset")
        self.info = widgets.HTML()
        self.picture = widgets.HTML()
        self.children = (self.dropdown, self.info, self.picture)
        self.dropdown.observe(lambda change: self._show(), names="value")
        self._show()

    def _known(self, name: str) -> str:
        if name not in self.names:
            raise ValueError(f"PresetChooser: {name!r} is not one of the presets shown "
                             f"({', '.join(self.names)})")
        return name

    @property
    def value(self) -> str:
        return str(self.dropdown.value)

    @value.setter
    def value(self, name: str) -> None:
        self.dropdown.value = self._known(name)

    @property
    def clause(self) -> str:
        return VARIANTS[self.value].clause

    @property
    def clause_text(self) -> str:
        """The chosen preset's clause in ``docs/rules.md`` (``""`` without the file)."""
        return clause_text(self.clause)

    def lines(self) -> list[str]:
        """What the chooser says about the chosen preset, line by line."""
        v = VARIANTS[self.value]
        words = self.clause_text or f"see {v.clause} in docs/rules.md"
        return [f"{v.name} — {v.title} ({v.title_ru})", " ".join(v.summary.split()),
                f"{v.clause}: {words}"]

    def scene(self, caption: list[str] | None = None) -> Scene:
        """The chosen preset's seeded deal, the cards the player to act may play outlined in
        green, ``caption`` under it (by default a line saying what the green cards are)."""
        g = new_game(self.value, players=self.players, seed=self.seed)
        hand = set(g.hands[g.to_act]) if g.to_act is not None else set()
        playable = {c for a in g.legal_actions() for c in action_cards(a)} & hand
        said = (f"the green cards: what seat {g.to_act} may play now in {self.value} "
                f"(seed {self.seed})")
        return position_scene(g, allowed=playable,
                              caption=[said] if caption is None else caption + [said])

    def _show(self) -> None:
        title, summary, clause = (escape(line) for line in self.lines())
        self.info.value = (f"<b>{title}</b><br>{summary}<br>"
                           f"<span style='color:#555'>{clause}</span>")
        self.picture.value = (f"<div style='max-width:100%;overflow-x:auto'>"
                              f"{scene_svg(self.scene())}</div>")

    # -- static picture ----------------------------------------------------------------------------
    def to_svg(self) -> str:
        """The chosen preset's picture with its rule and clause written under the table (what
        GitHub shows; run the notebook to choose another preset)."""
        return scene_svg(self.scene(self.lines()), title=self.lines()[0])

    def describe(self) -> str:
        return f"{len(self.names)} presets, showing {self.value!r}"

"""Why the core does not play a rule set: the combinations ``new_game`` refuses (issue 25).

The core plays every option of the attack family on its own (``state.COVERED``); a few
combinations it does not play (a part's ``covers`` is false, R5 with some options, the
72-card games' limits). Since the core is the attack family's only engine, ``new_game``
refuses those with a ``ValueError`` that names the variant, the options that clash and the
clause, before anything is dealt (docs/architecture.md, "Combinations the core does not
play"). In the wide copy (``wide.py``) this module reads the wide copy's ``state``: its limits.

>>> from durak_edu.rules import VARIANTS, with_options
>>> refusal("podkidnoy", VARIANTS["podkidnoy"].rules, 2) is None
True
>>> rules = with_options(VARIANTS["podkidnoy"].rules, {"trump_card_hidden": True,
...                                                  "every_second_bito_back": True})
>>> print(refusal("podkidnoy", rules, 2))  # doctest: +NORMALIZE_WHITESPACE +ELLIPSIS
podkidnoy with trump_card_hidden=True, every_second_bito_back=True is not played:
R9.23 (trump_card_hidden=True) does not go with every_second_bito_back=True: a face-down ...
"""

from __future__ import annotations

import dataclasses
import typing

from ...rules import RulesBase
from .house import HousePart, active_parts
from .bits import WIDE
from .state import MAX_SEATS, covered

__all__ = ["refusal", "reasons"]

#: R5 with these options stays unplayed: (option, value, clause and why)
_TEAM_CLASHES = (("refusal", True, "R3.4: a refused transfer goes back to a player of the "
                  "other team"),
                 ("throw_in", "neighbours", "R2.4: the neighbours of a team's defender"),
                 ("attack_shape", "pair_only", "R4 D: the pair-only openers' passes"))


def _setting(rules: RulesBase, name: str) -> str:
    return f"{name}={getattr(rules, name)!r}"


def _changed(rules: RulesBase) -> list[str]:
    """The options of ``rules`` that differ from the family's defaults (``Rules()``)."""
    plain = type(rules)()
    return [f.name for f in dataclasses.fields(rules)
            if getattr(rules, f.name) != getattr(plain, f.name)]


def _with_default(rules: RulesBase, name: str) -> RulesBase | None:
    """``rules`` with option ``name`` at its default (``None``: that does not stand)."""
    try:
        return dataclasses.replace(rules, **{name: getattr(type(rules)(), name)})
    except (ValueError, TypeError):
        return None


def _own(part: HousePart, rules: RulesBase) -> list[str]:
    """The changed options that turn ``part``'s rule on (its default alone turns it off)."""
    own = []
    for name in _changed(rules):
        plain = _with_default(rules, name)
        if name in part.values or (plain is not None and not part.active(plain)):
            own.append(name)
    return own


def _clashing(part: HousePart, rules: RulesBase) -> list[str]:
    """The options whose default value alone would let ``part`` play: those it clashes with
    (all the changed ones other than its own if no single one does)."""
    own = set(_own(part, rules))
    others = [n for n in _changed(rules) if n not in own]
    found = []
    for name in others:
        plain = _with_default(rules, name)
        if plain is not None and part.covers(plain):
            found.append(name)
    return found or others


def _why(part: HousePart) -> str:
    """The part's reason (``HousePart.not_with``)."""
    return part.not_with or "not written for these options yet"


def _part_reason(part: HousePart, rules: RulesBase) -> str:
    own = ", ".join(_setting(rules, n) for n in _own(part, rules))
    clash = ", ".join(_setting(rules, n) for n in _clashing(part, rules))
    return (f"{part.clause} ({own or ', '.join(part.values)}) does not go with "
            f"{clash or 'these options'}: {_why(part)}")


def reasons(rules: RulesBase, players: int) -> list[str]:
    """Every reason the core does not play ``rules`` with ``players`` seats (empty: it does)."""
    r: typing.Any = rules
    out: list[str] = []
    if players > MAX_SEATS:
        out.append(f"players={players}: the core seats at most {MAX_SEATS} (R1)")
    if r.teams:
        for name, value, why in _TEAM_CLASHES:
            if getattr(r, name) == value:
                out.append(f"R5 (teams=True) does not go with {name}={value!r}: {why}")
    if WIDE and r.attack_shape != "rank":
        out.append(f"R4 (attack_shape={r.attack_shape!r}) is not played with two decks "
                   "(deck=72, R9.21, R9.29): the 72-card games attack by rank only")
    for part in active_parts(r):
        if WIDE and not part.wide:
            out.append(f"{part.clause} ({', '.join(part.values)}) is not played with two "
                       "decks (deck=72, R9.21, R9.29)")
        elif not part.covers(r):
            out.append(_part_reason(part, rules))
    if not out and not covered(rules):  # pragma: no cover - a limit without its words here
        out.append("a combination of its options (state.covered)")
    return out


def refusal(variant: str, rules: RulesBase, players: int) -> str | None:
    """The words of ``new_game``'s refusal of ``rules`` under the name ``variant``, or
    ``None`` if the core plays them."""
    why = reasons(rules, players)
    if not why:
        return None
    changed = ", ".join(_setting(rules, n) for n in _changed(rules))
    return (f"{variant}{' with ' + changed if changed else ''} is not played: "
            + "; ".join(why))

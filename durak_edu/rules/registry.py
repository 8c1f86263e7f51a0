"""The registries: the rule families and their named presets (``VARIANTS``).

A family is registered once, with its options class, its engine and its clause; its presets are
registered right after it, in the same module (``durak_edu/rules/<family>.py``), so one file
holds everything a newcomer changes to add or alter a variant.

The engine is *named* (``"durak_edu.games.circle:CircleGame"``) and imported on first use of
``Family.engine``: the rules layer sits below the games layer (docs/architecture.md) and must load
without it, so that records, docs and option checks can use ``VARIANTS`` alone, while the one
registration still ties rules, engine and presets together.
"""

from __future__ import annotations

import dataclasses
import importlib
from dataclasses import dataclass, field
from collections.abc import Callable, Mapping
from typing import TypeVar

from .base import RulesBase

__all__ = ["Family", "FAMILIES", "register_family", "Variant", "VARIANTS", "register", "variant",
           "with_options"]


@dataclass(frozen=True)
class Family:
    """One rule family: its name (``Variant.family``), options class, engine and clause."""

    name: str
    rules: type[RulesBase]
    engine_path: str  # "module:Class", imported by ``engine``
    clause: str

    @property
    def engine(self) -> Callable[..., object]:
        """The engine class (a ``Game`` subclass: the rules layer cannot name it), imported on
        first use."""
        engine = _ENGINES.get(self.engine_path)
        if engine is None:  # (remembered: every new game asks)
            module, _, name = self.engine_path.partition(":")
            engine = _ENGINES[self.engine_path] = getattr(importlib.import_module(module), name)
        return engine

    @property
    def presets(self) -> dict[str, "Variant"]:
        """This family's named variants, in registration order."""
        return {n: v for n, v in VARIANTS.items() if v.family == self.name}


#: engine path ("module:Class") -> the engine, once imported
_ENGINES: dict[str, Callable[..., object]] = {}

#: family name -> Family, in registration order (attack, circle, shedding)
FAMILIES: dict[str, Family] = {}


def register_family(rules: type[RulesBase], engine: str, clause: str) -> Family:
    """Register the family of the options class ``rules`` (named by ``rules.family``), played by
    ``engine`` ("module:Class"). A family is registered once."""
    name = rules.family
    if name in FAMILIES:
        raise ValueError(f"the {name} family is registered already")
    fam = FAMILIES[name] = Family(name, rules, engine, clause)
    return fam


@dataclass(frozen=True)
class Variant:
    """A named preset: the rules of one game, with its titles, summary and clause."""

    name: str
    family: str
    title: str
    title_ru: str
    summary: str
    rules: RulesBase
    clause: str
    tags: tuple[str, ...] = field(default=())

    def __repr__(self) -> str:
        return f"Variant({self.name!r}, {self.title!r}, {self.clause})"


VARIANTS: dict[str, Variant] = {}


def register(name: str, title: str, title_ru: str, clause: str, summary: str,
             rules: RulesBase) -> Variant:
    """Add a named preset of a registered family to ``VARIANTS`` (its rules checked)."""
    family = FAMILIES.get(rules.family)
    if family is None or not isinstance(rules, family.rules):
        raise ValueError(f"register {name!r}: register the {rules.family} family first")
    v = Variant(name, rules.family, title, title_ru, " ".join(summary.split()),
                rules.validate(), clause)
    VARIANTS[name] = v
    return v


def variant(name: str) -> Variant:
    """Look a variant up by name; an unknown name lists the valid ones."""
    try:
        return VARIANTS[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown variant {name!r}; choose one of: "
                         + ", ".join(sorted(VARIANTS))) from None


_R = TypeVar("_R", bound=RulesBase)


def with_options(rules: _R, options: Mapping[str, object]) -> _R:
    """The rules with some options changed; an unknown option lists the valid ones."""
    if not options:
        return rules
    names = [f.name for f in dataclasses.fields(rules)]
    for key in options:
        if key not in names:
            raise ValueError(f"unknown option {key!r} for the {rules.family} family; valid "
                             "options: " + ", ".join(names))
    return dataclasses.replace(rules, **options).validate()

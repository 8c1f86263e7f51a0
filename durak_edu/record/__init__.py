"""Game records, the text notation, step-through replay, and the curated games.

* ``GameRecord`` — a game as data (variant, options, players, names, deck order, actions) plus
  annotations and a tree of variations; ``to_json``/``from_json`` (``"format": "durak-edu/1"``)
  and ``to_text``/``from_text``; loading checks everything and raises ``RecordError``.
* ``Replay`` — ``step``/``back``/``goto`` over snapshots, ``annotate``, ``branch``, variations.
* ``curated(name)`` / ``curated_names()`` — annotated games shipped with the package.

The formats are described field by field in ``docs/record-format.md``.

>>> "podkidnoy_two" in curated_names()
True
>>> r = Replay(curated("podkidnoy_two"))
>>> r.goto(len(r)).is_over
True
"""

from __future__ import annotations

from importlib import resources
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.abc import Traversable

from .record import (FORMAT, MARKS, META_KEYS, Annotation, GameRecord, RecordError, Variation)
from .replay import Replay

__all__ = ["FORMAT", "MARKS", "META_KEYS", "Annotation", "GameRecord", "RecordError",
           "Variation", "Replay", "curated", "curated_names", "curated_text"]


def _folder() -> Traversable:
    return resources.files("durak_edu").joinpath("data").joinpath("games")


def curated_names() -> list[str]:
    """The names of the curated games shipped in ``durak_edu/data/games`` (sorted)."""
    return sorted(p.name[:-4] for p in _folder().iterdir() if p.name.endswith(".txt"))


def curated_text(name: str) -> str:
    """The text notation of a curated game, as shipped."""
    names = curated_names()
    if name not in names:
        raise ValueError(f"no curated game {name!r}; choose one of: " + ", ".join(names))
    return _folder().joinpath(f"{name}.txt").read_text(encoding="utf-8")


def curated(name: str) -> GameRecord:
    """A curated, annotated game as a ``GameRecord`` (checked and replayed on loading)."""
    return GameRecord.from_text(curated_text(name))

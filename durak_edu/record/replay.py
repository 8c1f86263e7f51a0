"""``Replay``: step through a recorded game, annotate it, and explore variations.

>>> from durak_edu import new_game
>>> g = new_game("podkidnoy", players=2, seed=3)
>>> while not g.is_over:
...     _ = g.play(g.legal_actions()[0])
>>> r = Replay(g)
>>> _ = r.goto(5); r.position
5
>>> str(r.game.actions[-1]) == str(r.actions[4])
True
>>> _ = r.annotate(4, comment="Why not take here?", mark="?!")
>>> b = r.branch(4)                  # a live game at position 4: try something else
>>> _ = b.play(b.legal_actions()[-1])
>>> v = r.add_variation(b)          # keep it: a variation hanging off position 4
>>> r.record().branches[0].start
4

Positions run from 0 (before the first action) to ``len(r)`` (after the last). ``goto`` is fast
anywhere: the replay keeps a copy of the game every few actions along each line it has visited
and plays forward from the nearest one, so it never replays from the start. ``r.game`` is a copy
at the position — read it, draw it, but try moves on ``r.branch()`` instead.

Variations follow a chess PGN: a ``Variation`` with ``start=s`` is an alternative to action
``s`` of the line it hangs off. ``r.variations(i)`` lists those hanging off action ``i`` of the
line being replayed, ``r.enter(v)`` switches to one (the position becomes its branching point),
``r.exit()`` goes back up, ``r.promote(v)`` swaps it with the line it hangs off, and
``r.record()`` returns everything — main line, annotations, variation tree — as a ``GameRecord``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Iterator

from ..actions import Action, as_action
from ..games.base import Game
from .record import (Annotation, GameRecord, Highlight, RecordError, Variation, play_all,
                     set_annotation)

#: a line of the tree: the main line (the record itself) or a variation
Line = GameRecord | Variation

__all__ = ["Replay"]


class _Track:
    """The positions of one line: its full action list and snapshots every ``k`` actions."""

    def __init__(self, parent: "_Track | None", start: int, actions: list[Action], base: Game,
                 k: int):
        self.parent = parent
        self.start = start
        self.actions: list[Action] = ((parent.actions[:start] if parent is not None else [])
                                      + list(actions))
        self.k = k
        g = base  # a private game at position ``start``
        self.snaps = [g.clone()]
        where = "actions" if parent is None else "variation"
        for j, act in enumerate(actions, 1):
            play_all(g, (act,), where, start + j - 1, j - 1)  # RecordError if illegal
            if j % k == 0:
                self.snaps.append(g.clone())
        self.last = g  # the line's final position, kept as the last snapshot

    def __len__(self) -> int:
        return len(self.actions)

    def game_at(self, i: int) -> Game:
        """A private game at absolute position ``i`` (a clone, then at most ``k - 1`` plays)."""
        if i < self.start:
            assert self.parent is not None  # only a variation starts after position 0
            return self.parent.game_at(i)
        if i == len(self.actions):
            return self.last.clone()
        j = (i - self.start) // self.k
        g = self.snaps[j].clone()
        for act in self.actions[self.start + j * self.k:i]:
            g.play(act)
        return g


class Replay:
    """Step through a game record (or a game) with annotations and variations.

    ``Replay(record_or_game)``; ``len(r)``; ``r.position``; ``r.step()``; ``r.back()``;
    ``r.goto(i)``; ``r.game``; ``r.annotate(i, comment=…, mark=…, highlight=[…])``;
    ``r.annotations``; ``r.branch(i)``; ``r.add_variation(…)``; ``r.variations(i)``;
    ``r.enter(v)`` / ``r.exit()``; ``r.promote(v)``; ``r.record()``.
    """

    def __init__(self, source: "GameRecord | Game | str", snapshot_every: int | None = None):
        if isinstance(source, GameRecord):
            rec = source.copy()
        elif isinstance(source, Game):
            rec = GameRecord.from_game(source)
        elif isinstance(source, str):
            rec = (GameRecord.from_json(source) if source.lstrip().startswith("{")
                   else GameRecord.from_text(source))
        else:
            raise TypeError(f"Replay needs a GameRecord, a game or record text, not "
                            f"{type(source).__name__}")
        self._rec = rec
        self._k = snapshot_every
        self._path: list[Variation] = []  # the variations entered, outermost first
        self._tracks: dict[int, tuple[Line, _Track]] = {}
        self._pos = 0
        self._cur: Game | None = None      # private game at the position
        self._shown: Game | None = None    # the copy handed out as ``r.game``
        self._track()  # replays the main line: a bad record fails here, not later

    # -- tracks and snapshots -----------------------------------------------------------------------
    def _line(self) -> Line:
        return self._path[-1] if self._path else self._rec

    def _track(self, depth: int | None = None) -> _Track:
        """The track of the line at ``depth`` of the path (default: the current line)."""
        depth = len(self._path) if depth is None else depth
        line: Line = self._path[depth - 1] if depth else self._rec
        hit = self._tracks.get(id(line))
        if hit is not None and hit[0] is line:
            return hit[1]
        if depth == 0:
            try:
                base = self._rec.new_game()
            except ValueError as exc:
                raise RecordError(f"the game cannot be set up: {exc}") from None
            parent = None
            actions = self._rec.actions
            start = 0
        else:
            parent = self._track(depth - 1)
            start = line.start
            base = parent.game_at(start)
            actions = line.actions
        n = start + len(actions)
        k = self._k or max(8, math.ceil(n / 64))
        track = _Track(parent, start, actions, base, k)
        self._tracks[id(line)] = (line, track)
        return track

    def _changed(self) -> None:
        """The tree changed: drop every track and keep the position where it still exists."""
        self._tracks.clear()
        self._pos = min(self._pos, len(self._track()))
        self._cur = self._shown = None

    # -- stepping -----------------------------------------------------------------------------------
    def __len__(self) -> int:
        """The number of actions in the line being replayed."""
        return len(self._track())

    @property
    def position(self) -> int:
        """How many actions have been played (0 … ``len(self)``)."""
        return self._pos

    @property
    def actions(self) -> list[Action]:
        """The actions of the line being replayed, from the start of the game."""
        return list(self._track().actions)

    @property
    def action(self) -> Action | None:
        """The action that led to this position (``None`` at the start)."""
        return self._track().actions[self._pos - 1] if self._pos else None

    @property
    def game(self) -> Game:
        """The game at the position — a copy: read it, but play on ``branch()`` instead."""
        if self._shown is None:
            self._shown = self._game().clone()
        return self._shown

    def _game(self) -> Game:
        if self._cur is None:
            self._cur = self._track().game_at(self._pos)
        return self._cur

    def goto(self, i: int) -> Game:
        """Go to position ``i`` (0 … ``len(self)``; negative counts from the end); return the game."""
        n = len(self._track())
        if not isinstance(i, int) or isinstance(i, bool):
            raise TypeError(f"a position is a whole number, not {i!r}")
        if not -(n + 1) <= i <= n:
            raise IndexError(f"position {i} is outside this line of {n} actions: give 0 … {n}, "
                             f"or -{n + 1} … -1 to count from the end")
        if i < 0:
            i += n + 1
        if i != self._pos:
            self._pos = i
            self._cur = None
        self._shown = None  # always a fresh copy, even if the last one was played on
        return self.game

    def step(self) -> Action | None:
        """Play the next action of the line; return it (``None`` at the end: nothing happens)."""
        track = self._track()
        if self._pos >= len(track):
            return None
        act = track.actions[self._pos]
        g = self._game()
        g.play(act)
        self._pos += 1
        self._shown = None
        return act

    def back(self) -> Action | None:
        """Take the last action back; return it (``None`` at the start)."""
        if self._pos == 0:
            return None
        act = self._track().actions[self._pos - 1]
        self.goto(self._pos - 1)
        return act

    def __iter__(self) -> Iterator[Game]:
        """The game at every position of the line, from the start (copies)."""
        for i in range(len(self) + 1):
            yield self._track().game_at(i)

    # -- annotations ----------------------------------------------------------------------------------
    def _owner(self, i: int) -> Line:
        """The line of the tree that holds action ``i`` of the line being replayed."""
        for v in reversed(self._path):
            if i >= v.start:
                return v
        return self._rec

    def annotate(self, i: int | None = None, comment: str | None = None, mark: str | None = None,
                 highlight: Highlight | None = None) -> Annotation:
        """Annotate action ``i`` of this line (default: the one that led to the position).

        ``comment`` (text), ``mark`` (one of ``MARKS``: ``!`` ``?`` ``!!`` ``??`` ``!?`` ``?!``),
        ``highlight`` (cards, e.g. ``["7♠", "9♠"]`` or ``"7♠ 9♠"``). Arguments left as ``None``
        keep their value; ``""`` clears one.
        """
        if i is None:
            i = self._pos - 1
        n = len(self._track())
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < n:
            raise IndexError(f"no action {i!r} in this line (actions 0 … {n - 1})")
        return set_annotation(self._owner(i), i, comment, mark, highlight, self._rec.deck)

    @property
    def annotations(self) -> dict[int, Annotation]:
        """Action index → annotation, for the line being replayed (a copy)."""
        out: dict[int, Annotation] = {}
        lines = [self._rec] + self._path
        for depth, line in enumerate(lines):
            hi = lines[depth + 1].start if depth + 1 < len(lines) else math.inf
            out.update({i: a for i, a in line.annotations.items() if i < hi})
        return dict(sorted(out.items()))

    @property
    def annotation(self) -> Annotation | None:
        """The annotation of the action that led to this position, if any."""
        return self.annotations.get(self._pos - 1) if self._pos else None

    # -- variations -------------------------------------------------------------------------------------
    def branch(self, i: int | None = None) -> Game:
        """A live, independent game at position ``i`` (default: here) to try other moves on.
        Keep what you tried with ``add_variation(game)``."""
        if i is None:
            i = self._pos
        n = len(self._track())
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i <= n:
            raise IndexError(f"position {i!r} is outside this line (0 … {n})")
        g = self._rec.new_game()  # built afresh: it shares no saved state with the snapshots
        for act in self._track().actions[:i]:
            g.play(act)
        return g

    @property
    def line(self) -> Variation | None:
        """The variation being replayed (``None``: the main line)."""
        return self._path[-1] if self._path else None

    @property
    def path(self) -> list[Variation]:
        """The variations entered, from the main line down to the current one."""
        return list(self._path)

    def variations(self, i: int | None = None) -> list[Variation]:
        """The variations hanging off action ``i`` of this line (alternatives to it);
        default: the action after the position."""
        if i is None:
            i = self._pos
        return [v for v in self._owner(i).branches if v.start == i]

    def _find(self, var: Variation) -> list[Variation]:
        def search(line: Line, path: list[Variation]) -> list[Variation] | None:
            for b in line.branches:
                if b is var:
                    return path + [b]
                hit = search(b, path + [b])
                if hit is not None:
                    return hit
            return None
        found = search(self._rec, [])
        if found is None:
            raise ValueError(f"{var!r} is not a variation of this replay")
        return found

    def enter(self, var: Variation) -> None:
        """Replay ``var`` (any variation of the tree); the position becomes its branching point."""
        self._path = self._find(var)
        self._pos = var.start
        self._cur = self._shown = None

    def exit(self) -> Variation | None:
        """Leave the current variation for the line it hangs off, at its branching point."""
        if not self._path:
            return None
        var = self._path.pop()
        self._pos = var.start
        self._cur = self._shown = None
        return var

    def main(self) -> None:
        """Back to the main line (at the position where the outermost variation branched off)."""
        if self._path:
            self._pos = min(self._pos, self._path[0].start)
            self._path = []
            self._cur = self._shown = None

    def add_variation(self, source: Game | Iterable[Action | str],
                      start: int | None = None) -> Variation:
        """Keep an alternative line and return it.

        ``source`` is a game (from ``branch``) whose actions leave this line somewhere, or a
        list of actions (or their texts) to play from position ``start`` (default: here). The
        shared beginning is skipped; the variation hangs off the action where they differ.
        """
        line_actions = self._track().actions
        if isinstance(source, Game):
            if (source.variant != self._rec.variant or tuple(source.deck_order) != self._rec.deck
                    or source.players != self._rec.players):
                raise ValueError("that game is not a branch of this replay (another variant, "
                                 "deck or table)")
            actions = source.actions
            start = 0
        else:
            if start is None:
                start = self._pos
            actions = [as_action(a) for a in source]
            if not isinstance(start, int) or not 0 <= start <= len(line_actions):
                raise IndexError(f"position {start!r} is outside this line (0 … {len(line_actions)})")
        while actions and start < len(line_actions) and actions[0] == line_actions[start]:
            actions = actions[1:]
            start += 1
        if not actions:
            raise ValueError("nothing new: those actions follow the line being replayed")
        if start >= len(line_actions):
            raise ValueError(f"the actions continue past the end of this line (position "
                             f"{len(line_actions)}): use extend() to lengthen the line")
        g = self._track().game_at(start)
        play_all(g, actions, "variation", start)
        var = Variation(start, list(actions))
        owner = self._owner(start)
        owner.branches.append(var)
        owner.branches.sort(key=lambda b: b.start)  # stable: new ones last among equals
        return var

    def extend(self, actions: Iterable[Action | str]) -> None:
        """Append actions to the end of the line being replayed (they must be legal there)."""
        acts = [as_action(a) for a in actions]
        track = self._track()
        g = track.game_at(len(track))
        play_all(g, acts, "extend", len(track))
        self._line().actions.extend(acts)
        self._changed()

    def remove_variation(self, var: Variation) -> None:
        """Delete a variation (and everything hanging off it)."""
        path = self._find(var)
        parent: Line = path[-2] if len(path) > 1 else self._rec
        parent.branches[:] = [b for b in parent.branches if b is not var]
        if any(v is var for v in self._path):
            k = next(j for j, v in enumerate(self._path) if v is var)
            self._pos = min(self._pos, var.start)
            self._path = self._path[:k]
        self._changed()

    def promote(self, var: Variation | None = None) -> None:
        """Swap ``var`` (default: the current variation) with the line it hangs off: its actions
        become that line's, and the line's old continuation becomes a variation in its place
        (annotations and sub-variations travel with their actions). The position is kept."""
        var = var if var is not None else self.line
        if var is None:
            raise ValueError("the main line has nothing to be promoted over")
        path = self._find(var)
        parent: Line = path[-2] if len(path) > 1 else self._rec
        deepest = self._path[-1] if self._path else None
        _promote(parent, var)
        if deepest is var:
            deepest = parent if isinstance(parent, Variation) else None
        self._path = self._find(deepest) if deepest is not None else []
        self._changed()

    def promote_to_main(self, var: Variation | None = None) -> None:
        """Promote ``var`` step by step until its actions are the main line."""
        var = var if var is not None else self.line
        if var is None:
            return
        path = self._find(var)
        for v in reversed(path):
            self.promote(v)

    def walk(self) -> Iterator[tuple[int, Variation]]:
        """Every variation of the tree, depth first, as ``(depth, variation)``."""
        return self._rec.walk()

    # -- the record -------------------------------------------------------------------------------------
    def record(self) -> GameRecord:
        """The record with everything added: annotations and the variation tree (a copy)."""
        return self._rec.copy()

    def __repr__(self) -> str:
        where = "main line" if not self._path else f"variation at {self._path[-1].start}"
        return f"<Replay {self._rec.variant!r}: position {self._pos} of {len(self)} ({where})>"


def _promote(parent: Line, var: Variation) -> None:
    """Swap ``var`` with ``parent``'s continuation from ``var.start`` on (absolute indices)."""
    s = var.start
    off = s - parent.start
    demoted = Variation(s, parent.actions[off:],
                        {i: a for i, a in parent.annotations.items() if i >= s},
                        [b for b in parent.branches if b.start > s])
    before = [b for b in parent.branches if b.start < s]
    siblings = [b for b in parent.branches if b.start == s and b is not var]
    parent.actions[off:] = var.actions
    parent.annotations = {i: a for i, a in parent.annotations.items() if i < s}
    parent.annotations.update(var.annotations)
    parent.branches[:] = before + [demoted] + siblings + sorted(var.branches, key=lambda b: b.start)

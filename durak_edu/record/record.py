"""``GameRecord``: a game as data — rules, deck order, actions — plus annotations and variations.

A record is everything needed to replay a game exactly (R0: "a game is fully reproducible from
its rules, its number of players and either a seed or an explicit deck order") and everything
a teacher adds to it: a comment, a mark (``!``, ``?``, ``!!``, ``??``, ``!?``, ``?!``) and
highlighted cards on any action, and variations — alternative lines that hang off a position,
nested like a chess PGN.

Two serialisations, both documented in ``docs/record-format.md``:

* JSON (``to_json`` / ``from_json``), versioned as ``"format": "durak-edu/1"``;
* a hand-writable text notation (``to_text`` / ``from_text``, see ``durak_edu.record.text``).

Loading never trusts its input: no ``eval``, no pickle; every field is checked in document order
and the game is replayed, so a bad record raises exactly one error type, ``RecordError``, whose
message names the first bad field, or the index and text of the first illegal action together
with the engine's rule message.

Indices are *absolute*: action ``i`` is the ``i``-th action from the start of the game (0-based),
in the main line and in variations alike; a variation with ``start=s`` is an alternative to the
action at index ``s`` of the line it hangs off, so its own actions have indices ``s, s+1, …``.

>>> from durak_edu import new_game
>>> g = new_game("podkidnoy", players=2, seed=7)
>>> for _ in range(3):
...     _ = g.play(g.legal_actions()[0])
>>> rec = g.record()
>>> rec.annotate(0, comment="The lowest card first.", mark="!")
Annotation(comment='The lowest card first.', mark='!')
>>> GameRecord.from_json(rec.to_json()) == rec
True
>>> GameRecord.from_text(rec.to_text()) == rec
True
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from collections.abc import Hashable, Iterable, Sequence
from typing import Any, ClassVar, Iterator, TypedDict, TypeGuard

from ..actions import ACTION_TYPES, Action, parse_action
from ..cards import Card, deck as _deck
from ..games.base import Game, Result
from ..games.new import seeded_deck
# what new_game accepts is what a record carries: one seed range, one rule for a plain line of
# text (a name, a meta value)
from ..games.new import MAX_SEED, plain_name as plain_line

__all__ = ["FORMAT", "MARKS", "META_KEYS", "RecordError", "Annotation", "Variation", "GameRecord",
           # shared with replay.py and text.py
           "plain_line", "as_text", "check_writable", "play_all", "set_annotation"]

#: The format tag of version 1 of the JSON format and of the text notation.
FORMAT = "durak-edu/1"

#: The marks an action may carry, with their meaning (chess's "glyphs").
MARKS = {
    "!": "a good move",
    "?": "a mistake",
    "!!": "a brilliant move",
    "??": "a blunder",
    "!?": "an interesting move",
    "?!": "a dubious move",
}

#: Descriptive header keys a record may carry (single-line strings).
META_KEYS = ("title", "event", "date", "site", "author", "annotator", "source")


#: Variations nested deeper than this are refused (a record from a stranger stays cheap to load).
MAX_DEPTH = 32

# Sizes checked before anything is parsed or replayed, so a huge record from a stranger is
# refused in milliseconds (docs/record-format.md, "Limits"):
#: the longest record text, JSON or text notation, in characters;
MAX_TEXT = 2_000_000
#: the most actions a record holds, main line and variations together (the longest of
#: thousands of seeded random games of every preset had about 4,500: maumau_pentagon);
MAX_ACTIONS = 20_000
#: the most variations a record holds, at every depth together.
MAX_VARIATIONS = 2_000


class RecordError(ValueError):
    """A record that cannot be loaded. The message names the first bad field (``field``), or
    the index and text of the first illegal action (``index``, ``action``) with the engine's
    rule message (``rule``); in the text notation it starts with the line number (``line``)."""

    def __init__(self, message: str, *, field: str | None = None, index: int | None = None,
                 action: str | None = None, rule: str | None = None,
                 line: int | None = None) -> None:
        self.field = field
        self.index = index
        self.action = action
        self.rule = rule
        self.line = line
        super().__init__(message)


# -- small value types -----------------------------------------------------------------------------

def _bad_text(text: str) -> str | None:
    """Why ``text`` cannot be saved as UTF-8 (a lone surrogate such as ``'\\ud800'``), or None."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        return (f"holds a lone surrogate {text[exc.start]!r} at character {exc.start + 1}, "
                "which is not text (it cannot be saved as UTF-8)")
    return None


def _norm_comment(text: str) -> str:
    """Comments are kept in one normal form so that every serialisation round-trips exactly:
    lines split as ``str.splitlines`` does (``\\r``, ``\\u2028``, ``\\x85`` … all end a
    line and become ``\\n``), trailing blanks removed, no empty first/last line."""
    why = _bad_text(text)
    if why:
        raise ValueError(f"comment: {why}")
    lines = [ln.rstrip() for ln in text.splitlines()]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines)


#: cards to highlight, as code gives them: cards, card text, or one text of several cards
Highlight = Card | str | Iterable[Card | str]


@dataclass(frozen=True, init=False)
class Annotation:
    """A teacher's note on one action: a ``comment``, a ``mark`` (a key of ``MARKS``) and
    ``highlight`` — cards a widget should draw attention to (given as cards or card text)."""

    comment: str = ""
    mark: str | None = None
    highlight: tuple[Card, ...] = ()

    def __init__(self, comment: str = "", mark: str | None = None,
                 highlight: Highlight = ()) -> None:
        if not isinstance(comment, str):
            raise ValueError(f"comment must be text, not {type(comment).__name__}")
        object.__setattr__(self, "comment", _norm_comment(comment))
        object.__setattr__(self, "mark", None if mark == "" else mark)
        if self.mark is not None and self.mark not in MARKS:
            raise ValueError(f"mark {self.mark!r} is not one of " + " ".join(MARKS))
        hl: object = highlight  # built in code: cards, card text, or one of them
        if isinstance(hl, (str, Card)):
            hl = [hl]
        if not isinstance(hl, Iterable):
            raise ValueError("highlight must be cards, e.g. ['7♠', '9♦'] or '7♠ 9♦'")
        cs: list[Card] = []
        try:
            for c in hl:
                if isinstance(c, str):
                    cs.extend(Card.parse(t) for t in c.split())
                else:
                    cs.append(Card.parse(c))
        except (TypeError, AttributeError):
            raise ValueError("highlight must be cards, e.g. ['7♠', '9♦'] or '7♠ 9♦'") from None
        if len(set(cs)) != len(cs):
            raise ValueError("highlight names the same card twice")
        object.__setattr__(self, "highlight", tuple(cs))

    def __bool__(self) -> bool:
        return bool(self.comment or self.mark or self.highlight)

    def __repr__(self) -> str:
        parts = []
        if self.comment:
            parts.append(f"comment={self.comment!r}")
        if self.mark:
            parts.append(f"mark={self.mark!r}")
        if self.highlight:
            parts.append(f"highlight={' '.join(map(str, self.highlight))!r}")
        return f"Annotation({', '.join(parts)})"


@dataclass(eq=True)
class Variation:
    """An alternative line: instead of action ``start`` of the line it hangs off, play
    ``actions``. It has its own ``annotations`` (by absolute action index) and its own
    sub-variations (``branches``), like a chess PGN's nested variations."""

    start: int
    actions: list[Action] = field(default_factory=list)
    annotations: dict[int, Annotation] = field(default_factory=dict)
    branches: list["Variation"] = field(default_factory=list)

    @property
    def end(self) -> int:
        """The position after this variation's last action."""
        return self.start + len(self.actions)

    def walk(self, depth: int = 1) -> Iterator[tuple[int, "Variation"]]:
        """This variation and every variation below it, depth first, as ``(depth, variation)``."""
        yield depth, self
        for b in self.branches:
            yield from b.walk(depth + 1)

    def __repr__(self) -> str:
        first = " ".join(str(a) for a in self.actions[:3]) + (" …" if len(self.actions) > 3 else "")
        return (f"<Variation at {self.start}: {first!r}, {len(self.actions)} actions, "
                f"{len(self.branches)} sub-variations>")


def _copy_variation(v: Variation) -> Variation:
    return Variation(v.start, list(v.actions), dict(v.annotations),
                     [_copy_variation(b) for b in v.branches])


# -- helpers for validation ----------------------------------------------------------------------

def _is_int(v: object) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)




def _cards_text(cs: Iterable[Card]) -> str:
    return " ".join(map(str, cs))


def _parse_cards(text: object, where: str, size: int | None = None,
                 most: int = 54) -> tuple[Card, ...]:
    """Cards from a string; more than ``size`` (a deck's) or ``most`` cards are refused before
    any is read."""
    if not isinstance(text, str):
        raise RecordError(f"{where}: must be a string of cards like '7♠ 9♦', not "
                          f"{type(text).__name__}", field=where)
    out: list[Card] = []
    full = set(_deck(size)) if size is not None else None
    limit = size if size is not None else most
    tokens = text.split(None, limit)  # at most limit + 1 pieces, however long the text
    if len(tokens) > limit:
        raise RecordError(f"{where}: more than {limit} cards given; " +
                          (f"the {size}-card deck needs {size}" if size is not None else
                           f"this game's deck has {limit}"), field=where)
    for k, tok in enumerate(tokens, 1):
        try:
            c = Card.parse(tok)
        except ValueError as exc:
            raise RecordError(f"{where}: card {k} {tok!r}: {exc}", field=where) from None
        if full is not None and c not in full:
            raise RecordError(f"{where}: card {k} ({c}) is not in a {size}-card deck", field=where)
        out.append(c)
    if len(set(out)) != len(out):
        seen: set[Card] = set()
        for k, c in enumerate(out, 1):
            if c in seen:
                raise RecordError(f"{where}: card {k} ({c}) appears twice", field=where)
            seen.add(c)
    return tuple(out)


def _line_of(owner: GameRecord | Variation
             ) -> tuple[int, list[Action], dict[int, Annotation], list[Variation]]:
    return (owner.start, owner.actions, owner.annotations, owner.branches)


def as_text(text: object, need: str) -> str:
    """Text from a str or UTF-8 bytes, or one ``RecordError`` saying what was given. Bytes too
    many to hold ``MAX_TEXT`` characters are refused before they are decoded."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > 4 * MAX_TEXT:  # a character is at most 4 bytes of UTF-8
            raise RecordError(f"the record is {len(text):,} bytes long: a record may have at most "
                              f"{MAX_TEXT:,} characters (MAX_TEXT)")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError(f"not UTF-8 text: {exc}") from None
    if not isinstance(text, str):
        raise RecordError(f"{need}, not {type(text).__name__}")
    return text


# -- the record ------------------------------------------------------------------------------------

@dataclass(eq=True)
class GameRecord:
    """A game as data. Make one with ``game.record()``, ``GameRecord.from_json`` or
    ``GameRecord.from_text``; ``to_game()`` replays it.

    ``variant`` (a name in ``VARIANTS``), ``options`` (rule options that differ from the
    preset), ``players``, ``names``, ``deck`` (the order dealt from, top first), ``seed`` (if the
    deck came from one), ``dealer``, ``lead`` (R1.3; ``None``: the rules decide), ``actions``,
    ``annotations`` (action index → ``Annotation``), ``branches`` (``Variation``\\ s off the main
    line), ``meta`` (title, event, date, … — see ``META_KEYS``) and ``comment`` (an introduction
    shown before the first action).
    """

    variant: str
    players: int
    deck: tuple[Card, ...]
    actions: list[Action] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    names: tuple[str, ...] = ()
    seed: int | None = None
    dealer: int | None = None
    lead: int | None = None
    annotations: dict[int, Annotation] = field(default_factory=dict)
    branches: list[Variation] = field(default_factory=list)
    meta: dict[str, str] = field(default_factory=dict)
    comment: str = ""

    def __setattr__(self, name: str, value: object) -> None:
        if name == "comment":  # kept in normal form however it is set (``rec.comment = …``)
            if not isinstance(value, str):
                raise ValueError(f"comment must be text, not {type(value).__name__}")
            value = _norm_comment(value)
        object.__setattr__(self, name, value)

    def __post_init__(self) -> None:
        self.deck = tuple(self.deck)
        self.actions = list(self.actions)
        if not self.names:
            self.names = tuple(f"seat {i}" for i in range(self.players))
        self.names = tuple(self.names)
        if self.dealer is None:
            self.dealer = self.players - 1
        self.comment = _norm_comment(self.comment)
        #: (the replayed fields, their result): the last replay's result, kept while they hold
        self._cache: tuple[tuple[Hashable, ...], Result | None] | None = None

    #: the main line starts at the beginning (lines share this attribute)
    start: ClassVar[int] = 0

    # -- building -----------------------------------------------------------------------------
    @classmethod
    def from_game(cls, game: Game) -> "GameRecord":
        """The record of a game so far (works for every family: it uses only the base protocol)."""
        if getattr(game, "position_set", False):
            raise RecordError("this game was set up with from_position: it has no deck order, "
                              "so it cannot be recorded (record games dealt by new_game)")
        rec = cls(variant=game.variant, players=game.players, deck=tuple(game.deck_order),
                  actions=list(game.actions), options=dict(game.options()),
                  names=tuple(game.names), seed=game.seed, dealer=game.dealer, lead=game.lead)
        rec._remember(game)
        return rec

    def copy(self) -> "GameRecord":
        """A deep copy (annotations and variations included; actions and annotations are
        immutable values, so only the containers are copied)."""
        other = dataclasses.replace(self, actions=list(self.actions), options=dict(self.options),
                                    annotations=dict(self.annotations),
                                    branches=[_copy_variation(b) for b in self.branches],
                                    meta=dict(self.meta))
        other._cache = self._cache
        return other

    def new_game(self) -> Game:
        """The game at its start (no action played)."""
        from ..games import new_game
        g = new_game(self.variant, players=self.players, deck_order=list(self.deck),
                     names=list(self.names), dealer=self.dealer, lead=self.lead, **self.options)
        g.seed = self.seed
        return g

    def to_game(self, upto: int | None = None) -> Game:
        """Replay the main line (its first ``upto`` actions, or all) and return the game.

        A record that does not replay raises ``RecordError``.
        """
        actions = self.actions if upto is None else self.actions[:upto]
        g = _new(self)
        play_all(g, actions, "actions", 0)
        if upto is None or upto >= len(self.actions):
            self._remember(g)
        return g

    @property
    def result(self) -> Result | None:
        """The ``Result`` of the main line (``None`` if it is unfinished). Replays the game
        unless the record has not changed since it was last replayed."""
        key = self._key()
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        result = self.to_game().result
        self._cache = (key, result)
        return result

    def _key(self) -> tuple[Hashable, ...]:
        return (self.variant, self.players, self.deck, tuple(self.actions),
                tuple(sorted(self.options.items())), self.dealer, self.lead)

    def _remember(self, game: Game) -> None:
        """Note the result of a replay just made (so ``to_json`` need not replay again)."""
        self._cache = (self._key(), game.result)

    def validate(self) -> "GameRecord":
        """Check every field and replay every line; raise ``RecordError`` at the first fault."""
        _validate(self)
        return self

    # -- annotations and variations --------------------------------------------------------------
    def annotate(self, index: int, comment: str | None = None, mark: str | None = None,
                 highlight: Highlight | None = None) -> Annotation:
        """Set the annotation of main-line action ``index``. Arguments left as ``None`` keep
        their value; ``""`` (or ``()``) clears one. Returns the new annotation."""
        return set_annotation(self, index, comment, mark, highlight, self.deck)

    def walk(self) -> Iterator[tuple[int, Variation]]:
        """Every variation in the tree, depth first, as ``(depth, variation)`` (depth 1 hangs
        off the main line)."""
        for b in self.branches:
            yield from b.walk(1)

    # -- JSON --------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The JSON object of this record (see ``docs/record-format.md``). A record holding what
        could not be read back (a name on two lines, an unknown meta key) raises ``RecordError``."""
        check_writable(self)
        try:
            result = self.result
        except RecordError:
            result = None
        d: dict[str, Any] = {"format": FORMAT, "variant": self.variant, "players": self.players,
                             "names": list(self.names), "options": dict(self.options),
                             "deck": _cards_text(self.deck)}
        if self.seed is not None:
            d["seed"] = self.seed
        d["dealer"] = self.dealer
        if self.lead is not None:
            d["lead"] = self.lead
        if self.meta:
            d["meta"] = dict(self.meta)
        if self.comment:
            d["comment"] = self.comment
        d["actions"] = [str(a) for a in self.actions]
        if self.annotations:
            d["annotations"] = _annotations_json(self.annotations)
        if self.branches:
            d["branches"] = [_variation_json(b) for b in self.branches]
        if result is not None:
            d["result"] = result.text(names=False)
        return d

    def to_json(self, indent: int | None = 1) -> str:
        """The record as JSON text (UTF-8, card symbols kept), ``"format": "durak-edu/1"``."""
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> "GameRecord":
        """Read, check and replay a JSON record; a bad one raises ``RecordError``."""
        text = as_text(text, "from_json needs JSON text")
        if len(text) > MAX_TEXT:
            raise RecordError(f"the record is {len(text):,} characters long: a record may have "
                              f"at most {MAX_TEXT:,} (MAX_TEXT)")
        try:
            data = json.loads(text, parse_constant=_no_constant)
        except RecordError:
            raise
        except RecursionError:
            raise RecordError("not a record: the JSON is nested too deeply") from None
        except ValueError as exc:
            raise RecordError(f"not valid JSON: {exc}") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: object) -> "GameRecord":
        """Build a record from a decoded JSON object, checking every field and replaying."""
        if not isinstance(data, dict):
            raise RecordError(f"a record is a JSON object, not {type(data).__name__}")
        allowed = ("format", "variant", "players", "names", "options", "deck", "seed", "dealer",
                   "lead", "meta", "comment", "actions", "annotations", "branches", "result")
        for key in data:
            if key not in allowed:
                raise RecordError(f"{key}: unknown field; a record has " + ", ".join(allowed),
                                  field=str(key))
        if "format" not in data:
            raise RecordError(f"format: missing; expected {FORMAT!r}", field="format")
        if data["format"] != FORMAT:
            raise RecordError(f"format: {data['format']!r} is not a format this version reads "
                              f"(expected {FORMAT!r})", field="format")
        fields = _check_setup(data.get("variant"), data.get("players"), data.get("names"),
                              data.get("options", {}), data.get("deck"), data.get("seed"),
                              data.get("dealer"), data.get("lead"), "variant" in data,
                              "players" in data)
        meta = data.get("meta", {})
        _check_meta(meta)
        comment = data.get("comment", "")
        if not isinstance(comment, str):
            raise RecordError("comment: must be text", field="comment")
        if _bad_text(comment):
            raise RecordError(f"comment: {_bad_text(comment)}", field="comment")
        if "actions" not in data:
            raise RecordError("actions: missing (a list of action texts, possibly empty)",
                              field="actions")
        if isinstance(data["actions"], list) and len(data["actions"]) > MAX_ACTIONS:
            raise RecordError(f"actions: {len(data['actions']):,} actions: a record may hold at "
                              f"most {MAX_ACTIONS:,}, main line and variations together "
                              "(MAX_ACTIONS)", field="actions")
        actions = _parse_actions(data["actions"], "actions", 0)
        rec = cls(actions=actions, meta=dict(meta), comment=comment, **fields)
        start = _new(rec)
        game = start.clone()
        play_all(game, actions, "actions", 0)
        rec._remember(game)
        rec.annotations = _annotations_from_json(data.get("annotations", []), "annotations", 0,
                                                 len(actions), rec.deck)
        budget = {"actions": MAX_ACTIONS - len(actions), "variations": MAX_VARIATIONS}
        rec.branches = _branches_from_json(data.get("branches", []), "branches", rec, start,
                                           actions, 0, len(actions), 1, budget)
        _check_result(data.get("result", None), game, "result")
        return rec

    # -- text --------------------------------------------------------------------------------------
    def to_text(self) -> str:
        """The record in the text notation (see ``durak_edu.record.text``)."""
        from .text import to_text
        return to_text(self)

    @classmethod
    def from_text(cls, text: str) -> "GameRecord":
        """Read, check and replay a record in the text notation; a bad one raises ``RecordError``."""
        from .text import from_text
        return from_text(text)

    def __repr__(self) -> str:
        extra = ""
        if self.annotations:
            extra += f", {len(self.annotations)} annotations"
        n = sum(1 for _ in self.walk())
        if n:
            extra += f", {n} variations"
        return (f"<GameRecord {self.variant!r}, {self.players} players, "
                f"{len(self.actions)} actions{extra}>")


# -- validation and replay ---------------------------------------------------------------------------

def _check_meta(meta: object) -> None:
    """``meta``: an object of ``META_KEYS`` to text (any text: both formats carry it)."""
    if not isinstance(meta, dict):
        raise RecordError("meta: must be an object of strings", field="meta")
    for k, v in meta.items():
        if k not in META_KEYS:
            raise RecordError(f"meta.{k}: unknown key; use one of " + ", ".join(META_KEYS),
                              field=f"meta.{k}")
        if not isinstance(v, str):
            raise RecordError(f"meta.{k}: must be text, not {type(v).__name__}",
                              field=f"meta.{k}")
        if _bad_text(v):
            raise RecordError(f"meta.{k}: {_bad_text(v)}", field=f"meta.{k}")


def _check_names(names: Iterable[object]) -> None:
    for i, n in enumerate(names):
        if not plain_line(n):
            raise RecordError(f"names[{i}]: {n!r} must be one line of printable text, not "
                              "empty, with no blanks around it", field=f"names[{i}]")


def check_writable(rec: "GameRecord") -> None:
    """Refuse to write what the reader would refuse (or read back differently): every string
    a record holds must survive both formats. The comments are kept in normal form already."""
    _check_names(rec.names)
    _check_meta(rec.meta)
    n_actions, n_variations, depth = len(rec.actions), 0, 0
    for d, v in rec.walk():
        n_actions += len(v.actions)
        n_variations += 1
        depth = max(depth, d)
    if n_actions > MAX_ACTIONS:
        raise RecordError(f"actions: {n_actions:,} actions, main line and variations together: "
                          f"a record may hold at most {MAX_ACTIONS:,} (MAX_ACTIONS)",
                          field="actions")
    if n_variations > MAX_VARIATIONS:
        raise RecordError(f"branches: {n_variations:,} variations: a record may hold at most "
                          f"{MAX_VARIATIONS:,} (MAX_VARIATIONS)", field="branches")
    if depth > MAX_DEPTH:
        raise RecordError(f"branches: variations are nested {depth} deep: a record may nest "
                          f"them at most {MAX_DEPTH} deep", field="branches")
    if rec.seed is not None and not (_is_int(rec.seed) and 0 <= rec.seed < MAX_SEED):
        raise RecordError(f"seed: must be a whole number from 0 to 2**256 - 1, not {rec.seed!r}",
                          field="seed")


def _no_constant(name: str) -> None:
    raise RecordError(f"not valid JSON: {name} is not a number a record may hold")


class _Setup(TypedDict):
    """The checked fields that set a game up, as ``GameRecord`` takes them."""

    variant: str
    players: int
    names: tuple[str, ...]
    options: dict[str, Any]
    deck: tuple[Card, ...]
    seed: int | None
    dealer: int
    lead: int | None


def _check_setup(variant: object, players: object, names: object, options: object,
                 deck: object, seed: object, dealer: object, lead: object,
                 have_variant: bool = True, have_players: bool = True) -> _Setup:
    """Check the fields that set a game up, in document order; return them for the record."""
    from ..rules import VARIANTS, with_options
    if not have_variant:
        raise RecordError("variant: missing (a name such as 'podkidnoy')", field="variant")
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise RecordError(f"variant: unknown variant {variant!r}; choose one of: "
                          + ", ".join(sorted(VARIANTS)), field="variant")
    if not have_players:
        raise RecordError("players: missing (the number of players)", field="players")
    if not _is_int(players):
        raise RecordError(f"players: must be a whole number, not {players!r}", field="players")
    preset = VARIANTS[variant].rules
    if names is None:
        names = [f"seat {i}" for i in range(players)] if 0 < players <= 64 else []
    if not isinstance(names, (list, tuple)) or not all(isinstance(n, str) for n in names):
        raise RecordError("names: must be a list of strings, one per player", field="names")
    _check_names(names)
    if not isinstance(options, dict):
        raise RecordError("options: must be an object of option names and values", field="options")
    for k, v in options.items():
        if not (v is None or isinstance(v, (bool, int, str))):
            raise RecordError(f"options.{k}: {v!r} must be true/false, a whole number, a string "
                              "or null", field=f"options.{k}")
    try:
        rules = with_options(preset, options)
    except (ValueError, TypeError) as exc:
        bad = next(iter(options), "")
        msg = str(exc)
        for k in options:
            if repr(k) in msg or f"{k}=" in msg:
                bad = k
                break
        raise RecordError(f"options.{bad}: {msg}", field=f"options.{bad}") from None
    try:
        rules.check_players(players)
    except ValueError as exc:
        raise RecordError(f"players: {exc}", field="players") from None
    if len(names) != players:
        raise RecordError(f"names: {len(names)} names for {players} players", field="names")
    if seed is not None and not (_is_int(seed) and 0 <= seed < MAX_SEED):
        raise RecordError(f"seed: must be a whole number from 0 to 2**256 - 1, or null, not "
                          f"{seed!r}", field="seed")
    if deck is None:
        if seed is None:
            raise RecordError("deck: missing (the order dealt from, top card first); give it, "
                              "or a seed", field="deck")
        cards = tuple(seeded_deck(rules, seed))  # R9.11: albansky arranges it too
    else:
        cards = _parse_cards(deck, "deck", rules.deck)
        if len(cards) != rules.deck:
            full = _deck(rules.deck)
            missing = " ".join(str(c) for c in full if c not in set(cards))
            raise RecordError(f"deck: {len(cards)} cards given, the {rules.deck}-card deck needs "
                              f"{rules.deck}" + (f"; missing: {missing}" if missing else ""),
                              field="deck")
        if seed is not None:
            if tuple(seeded_deck(rules, seed)) != cards:
                raise RecordError(f"seed: seed {seed} does not deal the deck given; drop one "
                                  "of them", field="seed")
    seats: list[int | None] = []
    for label, seat in (("dealer", dealer), ("lead", lead)):
        if seat is not None and (not _is_int(seat) or not 0 <= seat < players):
            raise RecordError(f"{label}: must be a seat 0..{players - 1}" +
                              (" or null" if label == "lead" else "") + f", not {seat!r}",
                              field=label)
        seats.append(seat)
    first, leader = seats
    return _Setup(variant=variant, players=players, names=tuple(names), options=dict(options),
                  deck=cards, seed=seed, dealer=players - 1 if first is None else first,
                  lead=leader)


def _parse_actions(items: object, where: str, base: int) -> list[Action]:
    if not isinstance(items, list):
        raise RecordError(f"{where}: must be a list of action texts like 'attack 7♠'", field=where)
    out: list[Action] = []
    for k, text in enumerate(items):
        if not isinstance(text, str):
            raise RecordError(f"{where}[{k}]: must be an action text, not {type(text).__name__}",
                              field=f"{where}[{k}]", index=base + k)
        try:
            out.append(parse_action(text))
        except ValueError as exc:
            raise RecordError(f"{where}[{k}] (action {base + k}) {text!r}: {exc}",
                              field=f"{where}[{k}]", index=base + k, action=text) from None
    return out


def play_all(game: Game, actions: Iterable[Action], where: str, base: int, k0: int = 0) -> None:
    """Play ``actions`` on ``game``; an illegal one raises ``RecordError`` naming it."""
    for k, act in enumerate(actions):
        try:
            game.play(act)
        except ValueError as exc:
            rule = getattr(exc, "rule", None)
            raise RecordError(f"{where}[{k + k0}] (action {base + k}) '{act}' is illegal: {exc}",
                              field=f"{where}[{k + k0}]", index=base + k, action=str(act),
                              rule=rule) from None
        except Exception as exc:  # an engine fault: still one error type, the cause kept
            raise RecordError(f"{where}[{k + k0}] (action {base + k}) '{act}': the engine failed "
                              f"({type(exc).__name__}: {exc})", field=f"{where}[{k + k0}]",
                              index=base + k, action=str(act)) from exc


def _new(rec: GameRecord) -> Game:
    """The record's game at its start; a setup the engine refuses raises ``RecordError``."""
    try:
        return rec.new_game()
    except ValueError as exc:
        raise RecordError(f"the game cannot be set up: {exc}") from None
    except Exception as exc:  # an engine fault: still one error type, the cause kept
        raise RecordError(f"the game cannot be set up: the engine failed "
                          f"({type(exc).__name__}: {exc})") from exc


def _annotations_json(anns: dict[int, Annotation]) -> list[dict[str, Any]]:
    out = []
    for i in sorted(anns):
        a = anns[i]
        if not a:
            continue
        d: dict[str, Any] = {"action": i}
        if a.comment:
            d["comment"] = a.comment
        if a.mark:
            d["mark"] = a.mark
        if a.highlight:
            d["highlight"] = _cards_text(a.highlight)
        out.append(d)
    return out


def _variation_json(v: Variation) -> dict[str, Any]:
    d: dict[str, Any] = {"start": v.start, "actions": [str(a) for a in v.actions]}
    if v.annotations:
        d["annotations"] = _annotations_json(v.annotations)
    if v.branches:
        d["branches"] = [_variation_json(b) for b in v.branches]
    return d


def _make_annotation(where: str, comment: object, mark: object, highlight: object,
                     deck: Sequence[Card]) -> Annotation:
    if not isinstance(comment, str):
        raise RecordError(f"{where}.comment: must be text", field=f"{where}.comment")
    if _bad_text(comment):
        raise RecordError(f"{where}.comment: {_bad_text(comment)}", field=f"{where}.comment")
    if mark is not None and (not isinstance(mark, str) or mark not in MARKS):
        raise RecordError(f"{where}.mark: {mark!r} is not one of " + " ".join(MARKS),
                          field=f"{where}.mark")
    cards = _parse_cards(highlight, f"{where}.highlight", most=len(deck))
    full = set(deck)
    for c in cards:
        if c not in full:
            raise RecordError(f"{where}.highlight: {c} is not in this game's deck",
                              field=f"{where}.highlight")
    return Annotation(comment, mark, cards)


def _annotations_from_json(items: object, where: str, lo: int, hi: int,
                           deck: Sequence[Card]) -> dict[int, Annotation]:
    if not isinstance(items, list):
        raise RecordError(f"{where}: must be a list of annotations", field=where)
    if len(items) > hi - lo:
        raise RecordError(f"{where}: {len(items):,} annotations for {hi - lo} "
                          f"action{'' if hi - lo == 1 else 's'}: at most one per action",
                          field=where)
    out: dict[int, Annotation] = {}
    last = -1
    for k, item in enumerate(items):
        w = f"{where}[{k}]"
        item = _check_object(item, w, "an annotation", ("action", "comment", "mark", "highlight"),
                             "'action' and a comment, mark or highlight")
        i = item.get("action")
        if not _is_int(i) or not lo <= i < hi:
            raise RecordError(f"{w}.action: must be the index of an action of this line "
                              f"({lo}..{hi - 1}), not {i!r}", field=f"{w}.action")
        if i <= last:
            raise RecordError(f"{w}.action: annotations must be in increasing action order "
                              f"(action {i} after {last})", field=f"{w}.action")
        last = i
        a = _make_annotation(w, item.get("comment", ""), item.get("mark"),
                             item.get("highlight", ""), deck)
        if not a:
            raise RecordError(f"{w}: an annotation needs a comment, a mark or a highlight",
                              field=w)
        out[i] = a
    return out


def _check_object(item: object, where: str, what: str, keys: tuple[str, ...],
                  needs: str) -> dict[str, Any]:
    """``item`` must be a JSON object (with ``needs``) and no field outside ``keys``; returns
    it."""
    if not isinstance(item, dict):
        raise RecordError(f"{where}: must be an object with {needs}", field=where)
    for key in item:
        if key not in keys:
            raise RecordError(f"{where}.{key}: unknown field; {what} has {', '.join(keys)}",
                              field=f"{where}.{key}")
    return item


def _branches_from_json(items: object, where: str, rec: GameRecord, base_game: Game,
                        line_actions: Sequence[Action], lo: int, hi: int, depth: int,
                        budget: dict[str, int]) -> list[Variation]:
    """Variations off a line: ``base_game`` is at position ``lo``, where the line's
    ``line_actions`` begin; they run to position ``hi``. Each variation is replayed from a clone
    of the line at its start (never an undo, never a replay from the beginning)."""
    if not isinstance(items, list):
        raise RecordError(f"{where}: must be a list of variations", field=where)
    if items and depth > MAX_DEPTH:
        raise RecordError(f"{where}: variations are nested more than {MAX_DEPTH} deep",
                          field=where)
    if len(items) > budget["variations"]:
        raise RecordError(f"{where}: more than {MAX_VARIATIONS:,} variations: the most a record "
                          "may hold (MAX_VARIATIONS)", field=where)
    budget["variations"] -= len(items)
    out: list[Variation] = []
    last = lo
    cur = base_game.clone() if items else None
    pos = lo
    for k, item in enumerate(items):
        w = f"{where}[{k}]"
        item = _check_object(item, w, "a variation",
                             ("start", "actions", "annotations", "branches"),
                             "'start' and 'actions'")
        s = item.get("start")
        if not _is_int(s) or not lo <= s < hi:
            raise RecordError(f"{w}.start: must be the index of an action of the line it hangs "
                              f"off ({lo}..{hi - 1}), not {s!r}", field=f"{w}.start")
        if s < last:
            raise RecordError(f"{w}.start: variations must be in increasing order of start "
                              f"({s} after {last})", field=f"{w}.start")
        last = s
        if "actions" not in item:
            raise RecordError(f"{w}.actions: missing", field=f"{w}.actions")
        if isinstance(item["actions"], list):
            if len(item["actions"]) > budget["actions"]:
                raise RecordError(f"{w}.actions: more than {MAX_ACTIONS:,} actions in the "
                                  "record, main line and variations together: the most a record "
                                  "may hold (MAX_ACTIONS)", field=f"{w}.actions")
            budget["actions"] -= len(item["actions"])
        actions = _parse_actions(item["actions"], f"{w}.actions", s)
        if not actions:
            raise RecordError(f"{w}.actions: a variation needs at least one action",
                              field=f"{w}.actions")
        assert cur is not None  # made above, as there are variations
        for act in line_actions[pos - lo:s - lo]:
            cur.play(act)  # already known to be legal
        pos = s
        g = cur.clone()
        play_all(g, actions, f"{w}.actions", s)
        v = Variation(s, actions)
        v.annotations = _annotations_from_json(item.get("annotations", []), f"{w}.annotations",
                                               s, s + len(actions), rec.deck)
        v.branches = _branches_from_json(item.get("branches", []), f"{w}.branches", rec,
                                         cur.clone(), actions, s, s + len(actions), depth + 1,
                                         budget)
        out.append(v)
    return out


def _check_result(claimed: object, game: Game, where: str) -> None:
    if claimed is None:
        return
    if not isinstance(claimed, str):
        raise RecordError(f"{where}: must be text such as 'seat 1 is the durak'", field=where)
    r = game.result
    actual = "unfinished" if r is None else r.text(names=False)
    if claimed.strip() not in (actual, "unfinished" if r is None else r.text()):
        raise RecordError(f"{where}: the record says {claimed.strip()!r} but replaying it gives "
                          f"{actual!r}", field=where)


def _validate(rec: GameRecord) -> None:
    """Check a record built in code (the same checks as loading)."""
    if not isinstance(rec.actions, list) or not all(isinstance(a, ACTION_TYPES) for a in rec.actions):
        raise RecordError("actions: must be a list of actions", field="actions")
    GameRecord.from_dict(json.loads(rec.to_json()))


def set_annotation(line: GameRecord | Variation, index: int, comment: str | None,
                   mark: str | None, highlight: Highlight | None,
                   deck: Sequence[Card]) -> Annotation:
    """Set, change or clear the annotation of action ``index`` of a line (``Replay.annotate``)."""
    start, actions, anns, _ = _line_of(line)
    if not _is_int(index) or not start <= index < start + len(actions):
        raise IndexError(f"no action {index!r} in this line (actions {start}..{start + len(actions) - 1})")
    old = anns.get(index, Annotation())
    new = Annotation(old.comment if comment is None else comment,
                     old.mark if mark is None else mark,
                     old.highlight if highlight is None else highlight)
    full = set(deck)
    for c in new.highlight:
        if c not in full:
            raise ValueError(f"highlight: {c} is not in this game's deck")
    if new:
        anns[index] = new
    else:
        anns.pop(index, None)
    return new

"""The text notation of a game record: easy to read, easy to write by hand, exact round trips.

::

    format: durak-edu/1
    variant: podkidnoy
    players: 2
    names: Anna, Boris
    deck: 7♠ 9♠ 7♣ 10♣ 9♦ 7♦ J♣ K♦ Q♠ A♣ 8♥ 10♥ 6♥ 6♠ …
    option first_bout_limit: 6
    title: A first lesson

    # An introduction, shown before the first action.
    attack 7♠ 7♣ !  # Two sevens at once (R2.2).
    beat 7♠ 9♠
    beat 7♣ 10♣ ?! [10♣ A♣]
    # A longer comment runs on
    # over several lines.
    (
      beat 7♣ A♣ ?
      # A variation: an alternative to the action just above it.
    )
    throw 9♦

The rules, line by line (blank lines and leading blanks do not matter):

* ``key: value`` header lines come first: ``format`` (optional; ``durak-edu/1``), ``variant``,
  ``players``, ``names`` (comma-separated, or a JSON list of strings), ``deck`` (top card first;
  or give only ``seed``), ``seed``, ``dealer``, ``lead``, ``result`` (checked against the replay),
  the descriptive keys of ``META_KEYS`` (``title``, ``event``, ``date``, …) and any number of
  ``option NAME: VALUE`` lines (``true``/``false``, a whole number, ``none``, or text).
* ``# text`` is a comment: before the first action it introduces the game; after an action it
  annotates that action (several lines join into one comment).
* An action line is the action's text form (``attack 7♠ 7♦``, ``beat 7♠ 9♠``, ``take`` …),
  optionally followed by a mark (``!``, ``?``, ``!!``, ``??``, ``!?``, ``?!``), then highlighted
  cards in brackets (``[7♠ 9♠]``), then ``# a comment``.
* ``(`` on a line of its own opens a variation: an alternative to the action just before it;
  ``)`` closes it. Variations nest.

``to_text(from_text(t)) == t`` for text written by ``to_text``; ``from_text(to_text(r)) == r``
for every record.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from typing import Any

from ..actions import Action, parse_action
from .record import (FORMAT, MARKS, MAX_ACTIONS, MAX_DEPTH, MAX_TEXT, MAX_VARIATIONS, META_KEYS,
                     Annotation, GameRecord, RecordError, Variation, as_text, check_writable,
                     plain_line)

#: a rule option's value as the text notation writes it (the values a record holds)
OptionValue = bool | int | str | None

__all__ = ["to_text", "from_text"]

_HEADER = re.compile(r"^(option\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*:\s?(.*)$")
_MARK = re.compile(r"^(.*?)\s*(!!|\?\?|!\?|\?!|!|\?)$")
_KEYS = ("format", "variant", "players", "names", "deck", "seed", "dealer", "lead", "result")
_INT = re.compile(r"^[+-]?\d{1,4000}$")  # a seed may have 78 digits (< 2**256)


# -- writing ---------------------------------------------------------------------------------------

def _value_text(v: object) -> str:
    """An option value as text that ``_parse_value`` reads back to the same value."""
    if v is True:
        return "true"
    if v is False:
        return "false"
    if v is None:
        return "none"
    if isinstance(v, int):
        return str(v)
    text = str(v)
    if (not plain_line(text) or text.lower() in ("true", "false", "none", "null")
            or _INT.match(text) or text.startswith('"')):
        return json.dumps(text, ensure_ascii=True)
    return text


def _meta_text(v: str) -> str:
    """A meta value as text: itself if it is one plain line, else a JSON string (ASCII, so no
    character in it can end the line)."""
    if plain_line(v) and not v.startswith('"'):
        return v
    return json.dumps(v, ensure_ascii=True)


def _meta_value(text: str) -> str:
    """A meta value read back: a JSON string is decoded; any other text is taken as it is
    (``title: "Hello" said he`` keeps its quotes)."""
    if text.startswith('"'):
        try:
            v = json.loads(text)
        except (ValueError, RecursionError):
            return text
        if isinstance(v, str):
            return v
    return text


def _plain_name(n: str) -> bool:
    return plain_line(n) and "," not in n and not n.startswith(("[", '"'))


def _action_line(act: Action, ann: Annotation | None) -> tuple[str, list[str]]:
    """The action line (with mark, highlight and a one-line comment) and extra comment lines."""
    line = str(act)
    extra: list[str] = []
    if ann:
        if ann.mark:
            line += f" {ann.mark}"
        if ann.highlight:
            line += " [" + " ".join(map(str, ann.highlight)) + "]"
        if ann.comment:
            lines = ann.comment.split("\n")
            if len(lines) == 1:
                line += f"  # {lines[0]}"
            else:
                extra = lines
    return line, extra


def _comment_lines(lines: Iterable[str], indent: str) -> list[str]:
    return [f"{indent}# {ln}".rstrip() for ln in lines]


def _write_line(out: list[str], start: int, actions: Sequence[Action],
                anns: dict[int, Annotation], branches: Sequence[Variation], depth: int) -> None:
    indent = "  " * depth
    by_start: dict[int, list[Variation]] = {}
    for b in branches:
        by_start.setdefault(b.start, []).append(b)
    for k, act in enumerate(actions):
        i = start + k
        line, extra = _action_line(act, anns.get(i))
        out.append(indent + line)
        out.extend(_comment_lines(extra, indent))
        for v in by_start.get(i, ()):
            out.append(indent + "(")
            _write_line(out, v.start, v.actions, v.annotations, v.branches, depth + 1)
            out.append(indent + ")")


def to_text(rec: GameRecord) -> str:
    """The record in the text notation (canonical form). What could not be read back (a name
    on two lines, an unknown meta key) raises ``RecordError``."""
    check_writable(rec)
    out = [f"format: {FORMAT}", f"variant: {rec.variant}", f"players: {rec.players}"]
    if all(_plain_name(n) for n in rec.names):
        out.append("names: " + ", ".join(rec.names))
    else:
        out.append("names: " + json.dumps(list(rec.names), ensure_ascii=True))
    out.append("deck: " + " ".join(map(str, rec.deck)))
    if rec.seed is not None:
        out.append(f"seed: {rec.seed}")
    if rec.dealer != rec.players - 1:
        out.append(f"dealer: {rec.dealer}")
    if rec.lead is not None:
        out.append(f"lead: {rec.lead}")
    for k, v in rec.options.items():
        out.append(f"option {k}: {_value_text(v)}")
    for k in META_KEYS:
        if k in rec.meta:
            out.append(f"{k}: {_meta_text(rec.meta[k])}")
    try:
        result = rec.result
    except RecordError:
        result = None
    if result is not None:
        out.append(f"result: {result.text(names=False)}")
    out.append("")
    if rec.comment:
        out.extend(_comment_lines(rec.comment.split("\n"), ""))
        out.append("")
    _write_line(out, 0, rec.actions, rec.annotations, rec.branches, 0)
    return "\n".join(out) + "\n"


# -- reading ---------------------------------------------------------------------------------------

class _Item:
    __slots__ = ("text", "mark", "highlight", "comment", "line", "variations")

    def __init__(self, text: str, mark: str | None, highlight: str, comment: list[str],
                 line: int) -> None:
        self.text, self.mark, self.highlight, self.line = text, mark, highlight, line
        self.comment = comment
        self.variations: list[_Line] = []


class _Line:
    __slots__ = ("items", "pending", "line")

    def __init__(self, line: int) -> None:
        self.items: list[_Item] = []
        self.pending: list[str] = []
        self.line = line


def _err(line: int, message: str, *, field: str | None = None,
         action: str | None = None) -> RecordError:
    return RecordError(f"line {line}: {message}", line=line, field=field, action=action)


def _parse_value(text: str, line: int) -> OptionValue:
    t = text.strip()
    low = t.lower()
    if low == "true":
        return True
    if low == "false":
        return False
    if low in ("none", "null"):
        return None
    if _INT.match(t):
        return int(t)
    if t.startswith('"'):
        try:
            v = json.loads(t)
        except ValueError as exc:
            raise _err(line, f"bad quoted text {t!r}: {exc}") from None
        if not isinstance(v, str):
            raise _err(line, f"bad quoted text {t!r}")
        return v
    return t


def _parse_int(key: str, text: str, line: int) -> int:
    t = text.strip()
    if not _INT.match(t):
        raise _err(line, f"{key}: {t!r} is not a whole number", field=key)
    return int(t)


def _split_comment(body: str) -> str:
    """The text of a comment after its ``#`` (one space after the ``#`` is not part of it)."""
    return body[1:] if body.startswith(" ") else body


def _parse_action_line(s: str, ln: int) -> _Item:
    code, sep, comment = s.partition("#")
    code = code.strip()
    highlight = ""
    if code.endswith("]"):
        j = code.rfind("[")
        if j < 0:
            raise _err(ln, f"']' without '[' in {s!r}")
        highlight = code[j + 1:-1].strip()
        code = code[:j].rstrip()
        if not highlight:
            raise _err(ln, "empty highlight '[]': name the cards, or leave it out")
    elif "[" in code:
        raise _err(ln, f"a highlight '[…]' must come last before any comment: {s!r}")
    mark: str | None = None
    m = _MARK.match(code)
    if m:
        code, mark = m.group(1), m.group(2)
    if not code:
        raise _err(ln, f"a mark or highlight needs an action before it: {s!r}")
    if "!" in code or "?" in code:
        raise _err(ln, f"{code!r}: a mark is one of " + " ".join(MARKS) + ", after the action")
    try:
        act = parse_action(code)
    except ValueError as exc:
        raise _err(ln, str(exc), action=code) from None
    return _Item(str(act), mark, highlight, [_split_comment(comment)] if sep else [], ln)


def _parse(text: str) -> tuple[dict[str, tuple[str, int]], dict[str, tuple[str, int]],
                              list[str], _Line]:
    header: dict[str, tuple[str, int]] = {}
    options: dict[str, tuple[str, int]] = {}
    intro: list[str] = []
    main = _Line(0)
    stack = [main]
    seen_action = False
    n_actions = n_variations = 0
    for ln, raw in enumerate(text.splitlines(), 1):
        s = raw.strip()
        if not s:
            continue
        top = stack[-1]
        if s.startswith("#"):
            body = _split_comment(s[1:])
            if top.items:
                top.items[-1].comment.append(body)
            elif top is main:
                if not intro:
                    main.line = ln  # the introduction's first line, for its errors
                intro.append(body)
            else:
                top.pending.append(body)
            continue
        if s == "(":
            if not top.items:
                raise _err(ln, "'(' opens a variation: it must follow the action it replaces")
            if len(stack) > MAX_DEPTH:
                raise _err(ln, f"variations are nested more than {MAX_DEPTH} deep")
            n_variations += 1
            if n_variations > MAX_VARIATIONS:
                raise _err(ln, f"more than {MAX_VARIATIONS:,} variations: the most a record may "
                           "hold (MAX_VARIATIONS)")
            new = _Line(ln)
            top.items[-1].variations.append(new)
            stack.append(new)
            continue
        if s == ")":
            if len(stack) == 1:
                raise _err(ln, "')' without a '(' to close")
            if not top.items:
                raise _err(ln, "an empty variation: put at least one action between '(' and ')'")
            stack.pop()
            continue
        m = _HEADER.match(s)
        if m:
            if seen_action:
                raise _err(ln, f"header line {s!r} after the first action: headers come first")
            is_option, key, value = bool(m.group(1)), m.group(2), m.group(3).strip()
            if is_option:
                if key in options:
                    raise _err(ln, f"option {key} given twice (first on line {options[key][1]})")
                options[key] = (value, ln)
                continue
            if key not in _KEYS and key not in META_KEYS:
                raise _err(ln, f"unknown header key {key!r}; the keys are "
                           + ", ".join(_KEYS + META_KEYS)
                           + f"; a rule option is written 'option {key}: VALUE'", field=key)
            if key in header:
                raise _err(ln, f"{key} given twice (first on line {header[key][1]})", field=key)
            header[key] = (value, ln)
            continue
        n_actions += 1
        if n_actions > MAX_ACTIONS:
            raise _err(ln, f"more than {MAX_ACTIONS:,} actions, main line and variations "
                       "together: the most a record may hold (MAX_ACTIONS)")
        code = s.partition("#")[0]
        if "(" in code or ")" in code:
            raise _err(ln, f"{s!r}: '(' and ')' open and close a variation and stand on lines "
                       "of their own")
        item = _parse_action_line(s, ln)
        if top.pending:
            item.comment[:0] = top.pending
            top.pending = []
        top.items.append(item)
        seen_action = True
    if len(stack) > 1:
        raise _err(stack[-1].line, "'(' is never closed by ')'")
    return header, options, intro, main


def _variations(items: list[_Item], start: int, where: str, lines: dict[str, int]
                ) -> tuple[list[str], list[dict[str, Any]], list[dict[str, Any]]]:
    """The JSON-shaped actions, annotations and branches of a parsed line; ``lines`` maps each
    field path to the text line it came from (for error messages)."""
    actions: list[str] = []
    annotations: list[dict[str, Any]] = []
    branches: list[dict[str, Any]] = []
    for k, it in enumerate(items):
        i = start + k
        actions.append(it.text)
        lines[f"{where}actions[{k}]"] = it.line
        comment = "\n".join(it.comment)
        if it.mark or it.highlight or comment.strip():
            a: dict[str, Any] = {"action": i}
            if comment.strip():
                a["comment"] = comment
            if it.mark:
                a["mark"] = it.mark
            if it.highlight:
                a["highlight"] = it.highlight
            lines[f"{where}annotations[{len(annotations)}]"] = it.line
            annotations.append(a)
        for v in it.variations:
            w = f"{where}branches[{len(branches)}]."
            lines[w[:-1]] = v.line
            va, vn, vb = _variations(v.items, i, w, lines)
            d: dict[str, Any] = {"start": i, "actions": va}
            if vn:
                d["annotations"] = vn
            if vb:
                d["branches"] = vb
            branches.append(d)
    return actions, annotations, branches


def _decode(text: object) -> str:
    """Text from a str or UTF-8 bytes; bytes that are not UTF-8 are refused naming the line."""
    if isinstance(text, (bytes, bytearray)) and len(text) > 4 * MAX_TEXT:
        ln = text.count(b"\n", 0, 4 * MAX_TEXT) + 1
        raise _err(ln, f"the record is {len(text):,} bytes long: a record may have at most "
                   f"{MAX_TEXT:,} characters (MAX_TEXT), and line {ln} runs past that")
    if isinstance(text, (bytes, bytearray)):
        try:
            return bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            ln = len((bytes(text[:exc.start]).decode("utf-8") + "x").splitlines())
            raise _err(ln, f"not UTF-8 text: {exc}") from None
    return as_text(text, "from_text needs text")


def from_text(text: str | bytes) -> GameRecord:
    """Read a record in the text notation, check it and replay it; errors name the line."""
    text = _decode(text)
    if len(text) > MAX_TEXT:
        ln = len(text[:MAX_TEXT + 1].splitlines())  # the line that holds the character too many
        raise _err(ln, f"the record is {len(text):,} characters long: a record may have at most "
                   f"{MAX_TEXT:,} (MAX_TEXT), and line {ln} runs past that")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:  # a lone surrogate: refused here, with its line
        ln = len((text[:exc.start] + "x").splitlines())
        raise _err(ln, f"a lone surrogate {text[exc.start]!r} is not text (it cannot be saved "
                   "as UTF-8)") from None
    header, options, intro, main = _parse(text)
    lines: dict[str, int] = {}
    data: dict[str, Any] = {"format": FORMAT}
    if "format" in header:
        value, ln = header["format"]
        if value != FORMAT:
            raise _err(ln, f"format: {value!r} is not a format this version reads "
                       f"(expected {FORMAT!r})", field="format")
    for key in ("variant", "deck", "result"):
        if key in header:
            data[key] = header[key][0]
            lines[key] = header[key][1]
    for key in ("players", "seed", "dealer", "lead"):
        if key in header:
            value, ln = header[key]
            data[key] = _parse_int(key, value, ln)
            lines[key] = ln
    if "names" in header:
        value, ln = header["names"]
        lines["names"] = ln
        if value.startswith("["):
            try:
                names = json.loads(value)
            except (ValueError, RecursionError) as exc:
                raise _err(ln, f"names: not a JSON list of strings: {exc}", field="names") from None
        else:
            names = [n.strip() for n in value.split(",")]
        data["names"] = names
    meta: dict[str, str] = {}
    for key in META_KEYS:
        if key in header:
            meta[key] = _meta_value(header[key][0])
            lines[f"meta.{key}"] = header[key][1]
    if meta:
        data["meta"] = meta
    opts: dict[str, OptionValue] = {}
    for key, (value, ln) in options.items():
        opts[key] = _parse_value(value, ln)
        lines[f"options.{key}"] = ln
    data["options"] = opts
    if intro:
        data["comment"] = "\n".join(intro)
    actions, annotations, branches = _variations(main.items, 0, "", lines)
    data["actions"] = actions
    if annotations:
        data["annotations"] = annotations
    if branches:
        data["branches"] = branches
    if intro:
        lines["comment"] = main.line
    # a field the text does not give (``players: missing``), or an error of the whole setup
    # (``the game cannot be set up``), is reported at the end of the header
    header_end = max([ln for _, ln in header.values()] + [ln for _, ln in options.values()]
                     + [1])
    try:
        return GameRecord.from_dict(data)
    except RecordError as exc:
        at = _line_for(exc.field, lines)
        ln = header_end if at is None else at
        raise RecordError(f"line {ln}: {exc}", field=exc.field, index=exc.index,
                          action=exc.action, rule=exc.rule, line=ln) from None


def _line_for(field: str | None, lines: dict[str, int]) -> int | None:
    """The text line of a field path, or of the nearest enclosing field."""
    while field:
        if field in lines:
            return lines[field]
        cut = max(field.rfind("."), field.rfind("["))
        if cut <= 0:
            break
        field = field[:cut]
    return None

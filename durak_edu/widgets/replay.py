"""``ReplayWidget``: step through a recorded game, with notes you can read and write."""

from __future__ import annotations

import itertools
import re
from html import escape
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..actions import Action
from ..cards import Card
from ..bots import lowest_card_bot
from ..draw.scene import action_cards, build_scene
from ..draw.svg import scene_svg
from ..errors import IllegalAction
from ..record import MARKS, Replay, Variation
from .coaching import CoachPanel
from .review_curve import ReviewPanel
from .table import TableView, body_box, side_layout
from .base import SvgWidget

if TYPE_CHECKING:
    from ..coach import Review
    from ..draw.prims import CardItem
    from ..games.base import Game
    from ..record import GameRecord

__all__ = ["ReplayWidget", "file_stem", "stack_svg"]


def stack_svg(svgs: list[str], title: str | None = None) -> str:
    """SVG pictures one above the other in one ``<svg>`` (each keeps its own coordinates)."""
    sizes: list[tuple[int, int]] = []
    for s in svgs:
        m = re.match(r'<svg [^>]*?width="([\d.]+)" height="([\d.]+)"', s)
        if m is None:
            raise ValueError(f"stack_svg: not an <svg> with a width and height: {s[:60]!r}")
        sizes.append((int(float(m.group(1))), int(float(m.group(2)))))
    width, height = max(w for w, _h in sizes), sum(h for _w, h in sizes)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}">']
    if title:
        parts.append(f"<title>{escape(title, quote=False)}</title>")
    y = 0
    for s, (_w, h) in zip(svgs, sizes):
        parts.append(s.replace("<svg ", f'<svg y="{y}" ', 1))
        y += h
    parts.append("</svg>")
    return "".join(parts)


def file_stem(record: GameRecord) -> str:
    """A file name for ``record``: its title, else its variant and players' names, in lower
    case words joined by ``-`` (letters of any alphabet kept).

    >>> from durak_edu.record import curated
    >>> file_stem(curated("podkidnoy_two"))
    'podkidnoy-for-two-a-first-whole-game'
    """
    title = record.meta.get("title") or " ".join([record.variant, *record.names])
    stem = re.sub(r"[\W_]+", "-", title.lower()).strip("-")[:80].strip("-")
    return stem or "game"

#: width of the column of moves and notes beside the table
SIDE_W = 280


def _button(label: str, tooltip: str, icon: str = "", width: int = 64) -> widgets.Button:
    return widgets.Button(description=label, icon=icon, tooltip=tooltip,
                          layout=widgets.Layout(width=f"{width}px"))


class ReplayWidget(SvgWidget):
    """``ReplayWidget(record_or_game, perspective=None)``: a game you can step through.

    The buttons *start*, *◀ back*, *play*/*pause*, *next ▶* and *end* (the ⏮ ◀ ▶ ⏭ and play/pause
    of the API; written in words and in glyphs every common font has) and a slider move through
    the game; a menu switches the perspective (all hands, or one seat's view); the move list
    jumps to any move; the annotation of the current move (comment, mark such as ``?!``,
    highlighted cards) is shown and can be edited — ``Save note`` writes it into the replay, and
    ``record()`` returns the record with every note. The list and the note editor stand beside the
    table, so the whole widget fits a laptop screen (about 690 px high). The replay itself is
    ``widget.replay`` (a ``durak_edu.record.Replay``; a ``Replay``, a ``GameRecord``, a game or
    record text are all accepted).

    It is also a study board (python-chess's PGN viewers are the model): the move list shows the
    record's variations as a tree, each one indented under the move it replaces; click a row to
    replay that line. Click a card of the player to act (or *bot move*) to play a move of your
    own: at the end of a line it lengthens the line, anywhere else it starts a variation there
    (``Replay.add_variation``) and you play on in it. Notes go on the move shown, in whichever
    line; ``record()`` returns everything, variations and notes included, and *Save game*
    (``save()``) writes it next to the notebook as JSON and as text, named after the game.

    ``coach=True`` turns the coach on (the *coach* button toggles it): from the perspective's
    seat (the seat to act when all hands are shown) the chances on its cards, the coach's move
    outlined, the cards still out and its sentences under the table (``durak_edu.coach``).

    *Review* (``review()``) has the coach judge every move of one seat — the perspective's, or
    seat 0 when all hands are shown (the panel says which) — with ``durak_edu.coach.review`` at
    ``review_effort``, saying how far it has got ("reviewing… 12/40"). Then the seat's value
    curve stands above the move list (the marks ``?!``, ``?``, ``??`` on it; a click on it goes
    to that move), the marks and the review's comments are notes on the main line's moves, and
    at each marked move the better move is a variation, one click away in the move list.
    """

    def __init__(self, record_or_game: GameRecord | Game | Replay, perspective: int | None = None,
                 *, interval: int = 900, coach: bool = False,
                 review_effort: str | int = "quick") -> None:
        super().__init__()
        self.replay = record_or_game if isinstance(record_or_game, Replay) else Replay(record_or_game)
        r = self.replay
        n = len(r)
        self._callbacks: list[Callable[[ReplayWidget], object]] = []
        self._syncing = False
        self.table = TableView(r.game, perspective)
        self.coach = CoachPanel(self.table, coach, lambda: self._sync(keep_message=True))
        self.review_effort = review_effort
        self.reviewer = ReviewPanel(SIDE_W)
        self.reviewer.button.on_click(lambda _b: self.review())
        self.reviewer.on_pick(self._review_pick)
        # ⏮ ⏭ ⏸ are missing from many fonts (they show as empty boxes): words, icons, ◀ ▶
        self.first_button = _button("start", "to the start of the game", "fast-backward", 74)
        self.back_button = _button("◀ back", "one move back", width=70)
        self.step_button = _button("next ▶", "one move forward", width=70)
        self.last_button = _button("end", "to the end of the game", "fast-forward", 64)
        self.play_button = widgets.ToggleButton(
            value=False, description="play", icon="play",
            tooltip="play the moves one after another (press again to pause)",
            layout=widgets.Layout(width="74px"))
        self.slider = widgets.IntSlider(value=r.position, min=0, max=n, description="move",
                                        continuous_update=False,
                                        style={"description_width": "40px"},
                                        layout=widgets.Layout(width="300px"))
        # the timer runs in the front end; it has no buttons of its own on show (its ■ jumped to
        # the start): play_button starts and pauses it
        self.player = widgets.Play(value=r.position, min=0, max=n, step=1, interval=interval,
                                   description="play", show_repeat=False,
                                   layout=widgets.Layout(display="none"))
        seats = [(f"seat {p}" if nm == f"seat {p}" else f"seat {p} ({nm})", p)
                 for p, nm in enumerate(r.game.names)]
        self.perspective_picker = widgets.Dropdown(
            options=[("all hands face up", -1)] + [(f"as {label} sees it", p) for label, p in seats],
            value=-1 if perspective is None else perspective, description="view",
            style={"description_width": "34px"}, layout=widgets.Layout(width=f"{SIDE_W}px"))
        # the list takes what room the side column has beside the table (body_box) and scrolls
        self.moves = widgets.Select(options=[("start", 0)], value=0, rows=11,
                                    layout=widgets.Layout(width=f"{SIDE_W}px", flex="1 1 0px",
                                                          min_height="80px", height="auto",
                                                          align_items="stretch"))
        # two lines (the move, its comment) in a line height of its own (a widget's HTML has
        # 28 px lines, which hid half the comment); a longer comment adds lines, never hides them
        self.caption = widgets.HTML(layout=widgets.Layout(min_height="40px"))
        self.caption.add_class("durak-caption")
        self.comment = widgets.Textarea(placeholder="a comment on this move",
                                        layout=widgets.Layout(width=f"{SIDE_W}px", height="80px"))
        small = {"description_width": "60px"}
        self.mark = widgets.Dropdown(options=[("no mark", "")] + [(f"{m}  {meaning}", m)
                                                                    for m, meaning in MARKS.items()],
                                     value="", description="mark", style=small,
                                     layout=widgets.Layout(width=f"{SIDE_W}px"))
        self.highlight = widgets.Text(placeholder="e.g. 7♠ 9♠", description="highlight",
                                      style=small, layout=widgets.Layout(width=f"{SIDE_W}px"))
        self.save_button = widgets.Button(description="Save note", icon="check",
                                          tooltip="write this note into the record",
                                          layout=widgets.Layout(width="110px", flex="0 0 auto"))
        self.message = widgets.HTML()
        # the study board's Save: the record, variations and notes, as JSON and as text
        self.file_button = widgets.Button(description="Save game", icon="save",
                                          tooltip="save the game with its variations and notes "
                                          "as JSON and as text, next to the notebook",
                                          layout=widgets.Layout(width="124px", flex="0 0 auto"))
        self.file_button.on_click(lambda _b: self._save_clicked())
        self.saved = widgets.HTML(layout=widgets.Layout(display="none"))  # where it went
        self.bot_button = _button("bot move", "the lowest-card bot plays the next move (in a "
                                  "variation if it differs from the line)", width=86)
        self.exit_button = _button("leave", "leave this variation: back to the line it hangs off",
                                   "level-up-alt", 76)
        self.main_button = _button("main line", "back to the main line", width=90)
        # any legal move of the position shown, by its text form: take, pass, and the moves no
        # click makes (the gallery's swap, exchange, attack talon, R9), to branch with
        self.any_move = widgets.Dropdown(options=[], tooltip="every legal move here: pick one "
                                         "and press play it",
                                         layout=widgets.Layout(width=f"{SIDE_W - 70}px"))
        self.any_button = _button("play it", "play the move picked in the list (in a variation "
                                  "if it differs from the line)", width=62)
        self.any_button.on_click(lambda _b: self.play_chosen())
        self._legal: list[Action] = []
        self.bot_button.on_click(lambda _b: self.bot_move())
        self.exit_button.on_click(lambda _b: self.exit_variation())
        self.main_button.on_click(lambda _b: self.main_line())
        self._target: Card | None = None  # a table card clicked as the target of a beat
        self._rows: dict[str, tuple[list[Variation], int]] = {}

        self.first_button.on_click(lambda _b: self.goto(0))
        self.back_button.on_click(lambda _b: self.back())
        self.step_button.on_click(lambda _b: self.step())
        self.last_button.on_click(lambda _b: self.goto(len(self.replay)))
        self.save_button.on_click(lambda _b: self.save_note())
        self.play_button.observe(self._on_play_button, names="value")
        self.player.observe(self._on_playing, names="playing")
        self.slider.observe(self._on_index, names="value")
        self.player.observe(self._on_index, names="value")
        self.moves.observe(self._on_index, names="value")
        self.perspective_picker.observe(self._on_perspective, names="value")

        controls = widgets.HBox([self.first_button, self.back_button, self.play_button,
                                 self.step_button, self.last_button, self.slider, self.player,
                                 self.coach.toggle, self.reviewer.button, self.file_button],
                                layout=widgets.Layout(flex_flow="row wrap"))
        for w in controls.children:   # at their own width: a narrow notebook wraps the row
            w.layout.flex = "0 0 auto"
        editor = widgets.VBox([widgets.HTML("<b>Note on this move</b>"), self.comment, self.mark,
                               self.highlight, widgets.HBox([self.save_button, self.message])])
        study = widgets.HBox([self.bot_button, self.exit_button, self.main_button],
                             layout=widgets.Layout(width=f"{SIDE_W + 8}px"))
        chosen = widgets.HBox([self.any_move, self.any_button],
                              layout=widgets.Layout(width=f"{SIDE_W + 8}px"))
        for w in (self.perspective_picker, self.reviewer.status, self.reviewer.box, study,
                  chosen, editor):
            w.layout.flex = "0 0 auto"
        side = widgets.VBox([self.perspective_picker, self.reviewer.status, self.reviewer.box,
                             self.moves, study, chosen, editor],
                            layout=side_layout(SIDE_W))
        body = body_box(self.table, side)
        self.coach.words.add_class("durak-coach")
        self.children = (controls, self.caption, body, self.saved, self.coach.words)
        self.table.on_click(self._on_table_click)
        self._intro = self.replay.record().comment
        self._labels = self._move_texts()
        self._fill_moves()
        self._sync()

    # -- moving ------------------------------------------------------------------------------------
    @property
    def position(self) -> int:
        return self.replay.position

    @property
    def game(self) -> Game:
        """The game at the current position (a copy: read it, don't play on it)."""
        return self.replay.game

    def goto(self, i: int) -> None:
        """Go to position ``i`` (0 … ``len(replay)``) and draw it."""
        self.replay.goto(i)
        self._sync()

    def step(self) -> None:
        """One move forward (nothing at the end)."""
        self.replay.step()
        self._sync()

    def back(self) -> None:
        """One move back (nothing at the start)."""
        self.replay.back()
        self._sync()

    def play(self) -> None:
        """Start stepping forward on a timer (run by the front end); from the end, start over."""
        if self.replay.position >= len(self.replay):
            self.goto(0)
        self.player.playing = True

    def pause(self) -> None:
        """Stop the timer where it is (the position stays)."""
        self.player.playing = False

    @property
    def playing(self) -> bool:
        return bool(self.player.playing)

    def _on_play_button(self, change: dict[str, Any]) -> None:
        if change["new"]:
            self.play()
        else:
            self.pause()

    def _on_playing(self, change: dict[str, Any]) -> None:
        on = bool(change["new"])
        self.play_button.value = on
        self.play_button.description = "pause" if on else "play"
        self.play_button.icon = "pause" if on else "play"

    def on_change(self, callback: Callable[[ReplayWidget], object], remove: bool = False) -> None:
        """Call ``callback(widget)`` after every change of position or perspective."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def _on_index(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        paused = not self.player.playing
        if change.get("owner") is self.player and paused:
            # a tick the front end's timer sent before the pause reached it: the replay stays
            # where it was paused (the hidden timer is set back to it)
            self._sync(keep_message=True)
            return
        new = change["new"]
        if isinstance(new, str):  # a row of another line of the tree: replay that line there
            line_path, pos = self._rows[new]
            if line_path:
                self.replay.enter(line_path[-1])
            else:
                self.replay.main()
            self._line_changed(pos)
            return
        if new is not None and new != self.replay.position:
            self.goto(int(new))

    def _on_perspective(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        seat = change["new"]
        self.table.perspective = None if seat == -1 else seat  # draws (the coach's frame next)
        self._coach_draw()
        for cb in list(self._callbacks):
            cb(self)

    @property
    def perspective(self) -> int | None:
        return self.table.perspective

    @perspective.setter
    def perspective(self, seat: int | None) -> None:
        self.perspective_picker.value = -1 if seat is None else seat

    # -- the study board ------------------------------------------------------------------------------
    def _line_changed(self, pos: int) -> None:
        """The line being replayed changed (entered, left, lengthened): refill and go to ``pos``."""
        r = self.replay
        n = len(r)
        self._labels = self._move_texts()
        for w in (self.slider, self.player):
            w.max = n
        r.goto(min(pos, n))
        self._fill_moves()
        self._sync(keep_message=True)

    def play_move(self, action: Action | str) -> bool:
        """Play ``action`` at the position shown: the line's own next move steps on; at the end
        of the line it lengthens the line (``Replay.extend``); anywhere else it starts a variation
        (``Replay.add_variation``), which you are then in. Returns ``False`` (and says why) if
        the move is not legal here."""
        r = self.replay
        g = r.game
        try:
            act = g.check(action)
        except IllegalAction as exc:
            self.message.value = f"<span style='color:#b00'>{escape(str(exc))}</span>"
            return False
        self._target = None
        pos = r.position
        line = r.actions
        if pos < len(line) and line[pos] == act:
            self.step()
            return True
        if pos == len(line):
            r.extend([act])
            words = "the line goes on"
        else:
            var = r.add_variation([act], start=pos)
            r.enter(var)
            words = f"new variation at {pos + 1}"
        self.message.value = f"<span style='color:#080'>{words}</span>"
        self._line_changed(pos + 1)
        return True

    def bot_move(self) -> bool:
        """The lowest-card bot plays the next move for the seat to act (``play_move``)."""
        g = self.replay.game
        seat = g.to_act
        if seat is None:
            self.message.value = "<span style='color:#b00'>The game is over here.</span>"
            return False
        return self.play_move(lowest_card_bot(g, seat))

    def play_chosen(self) -> bool:
        """Play the move picked in the list of every legal move (``play_move``)."""
        i = self.any_move.value
        if i is None or not 0 <= i < len(self._legal):
            self.message.value = "<span style='color:#b00'>No move to play here.</span>"
            return False
        return self.play_move(self._legal[i])

    def exit_variation(self) -> None:
        """Back to the line the current variation hangs off (at its branching point)."""
        if self.replay.exit() is not None:
            self._line_changed(self.replay.position)

    def main_line(self) -> None:
        """Back to the main line."""
        if self.replay.path:
            self.replay.main()
            self._line_changed(self.replay.position)

    def _on_table_click(self, item: CardItem | None, x: float, y: float) -> None:
        g = self.replay.game
        if item is None or g.is_over:
            return
        if item.zone in ("table", "pile") and item.card in g.targets():
            self._target = None if self._target == item.card else item.card
            if self._target is not None:
                self.message.value = (f"<span style='color:#080'>Now click the card to beat "
                                      f"{escape(str(item.card))} with.</span>")
            return
        if item.zone != "hand" or item.card is None:
            return
        if item.seat != g.to_act:
            self.message.value = (f"<span style='color:#b00'>It is seat {g.to_act}'s move: click "
                                  "one of that seat's cards (or <b>bot move</b>).</span>")
            return
        self.click(item.card)

    def click(self, card: Card | str) -> bool:
        """What a click on ``card`` in the hand of the player to act plays (``play_move``): the
        move the game reads it as (a beat of the chosen or first target, an attack, a throw-in,
        a lead) if legal, else the first legal move with that card alone."""
        from ..cards import Card
        g = self.replay.game
        card = Card.parse(card)
        seat = g.to_act
        if seat is None:
            return False
        guess = g.move_for(seat, card, self._target)
        if g.can_play(guess):
            return self.play_move(guess)
        alone = [a for a in g.legal_actions() if action_cards(a) == (card,)]
        if alone:
            return self.play_move(alone[0])
        return self.play_move(guess)  # refused, in words

    # -- notes ---------------------------------------------------------------------------------------
    def save_note(self) -> bool:
        """Write the editor's comment, mark and highlight into the replay for the move that led
        to this position. Returns ``False`` (and says why) if that is not possible."""
        i = self.replay.position - 1
        if i < 0:
            self.message.value = "<span style='color:#b00'>Step to a move first: the start has no move to annotate.</span>"
            return False
        try:
            self.replay.annotate(i, comment=self.comment.value, mark=self.mark.value,
                                 highlight=self.highlight.value)
        except ValueError as exc:
            self.message.value = f"<span style='color:#b00'>{escape(str(exc))}</span>"
            return False
        self.message.value = "<span style='color:#080'>saved</span>"
        self._fill_moves()
        self._sync(keep_message=True)
        return True

    def record(self) -> GameRecord:
        """The game record with every note saved so far (``replay.record()``)."""
        return self.replay.record()

    def save(self, folder: str | Path | None = None) -> tuple[Path, Path]:
        """Save ``record()`` — variations and notes included — as ``NAME.json`` and
        ``NAME.txt`` in ``folder`` (the notebook's folder, the kernel's working directory, by
        default). ``NAME`` comes from the game (its title, else its variant and players); an
        existing file is never overwritten: ``NAME-2``, ``NAME-3``, … instead. Returns the two
        paths (the *Save game* button says where they went)."""
        try:
            where = Path.cwd() if folder is None else Path(folder)
        except FileNotFoundError:
            raise ValueError("save: the notebook's folder (the kernel's working directory) is "
                             "not a folder any more; give one: save(folder)") from None
        if not where.is_dir():
            raise ValueError(f"save: {str(where)!r} is not a folder")
        rec = self.record()
        stem = file_stem(rec)
        texts = (rec.to_json(), rec.to_text())
        for k in itertools.count(1):
            name = stem if k == 1 else f"{stem}-{k}"
            paths = (where / f"{name}.json", where / f"{name}.txt")
            if any(p.exists() for p in paths):
                continue
            written: list[Path] = []
            try:
                for p, text in zip(paths, texts):
                    with open(p, "x", encoding="utf-8") as f:   # "x": never overwrite
                        f.write(text)
                    written.append(p)
            except FileExistsError:   # made meanwhile: take the next number
                for p in written:
                    p.unlink()
                continue
            return paths
        raise AssertionError("unreachable")  # pragma: no cover

    def _save_clicked(self) -> None:
        try:
            js, txt = self.save()
        except (OSError, ValueError) as exc:
            words = f"<span style='color:#b00'>Not saved: {escape(str(exc))}</span>"
        else:
            rec = self.record()
            nvar = sum(1 for _ in rec.walk())
            notes = len(rec.annotations) + sum(len(v.annotations) for _d, v in rec.walk())
            words = (f"<span style='color:#080'>Saved the game ({nvar} variation"
                     f"{'' if nvar == 1 else 's'}, {notes} note{'' if notes == 1 else 's'}) as "
                     f"<b>{escape(js.name)}</b> and <b>{escape(txt.name)}</b> in "
                     f"{escape(str(js.parent))}</span>")
        self.saved.value = words
        self.saved.layout.display = ""

    # -- drawing --------------------------------------------------------------------------------------
    def _move_texts(self) -> list[str]:
        g = self.replay.record().new_game()
        texts = []
        for act in self.replay.actions:
            ev = g.play(act)
            texts.append(ev.text if ev is not None and ev.text else str(act))
        return texts

    def _fill_moves(self) -> None:
        """The move list: the tree of lines, each variation indented under the move it replaces
        (its rows marked ↳); rows of the line being replayed have its positions as values."""
        rec = self.replay.record()
        # the copy's variations stand for the replay's own (the same tree, walked in one order)
        real = {id(c): v for (_d, c), (_e, v) in zip(rec.walk(), self.replay.walk())}
        path = self.replay.path
        self._rows = {}
        opts: list[tuple[str, int | str]] = [("start", 0)]
        game = rec.new_game()

        def current(line_path: list[Variation], i: int) -> bool:
            # action i of the line reached by line_path lies on the line being replayed
            if len(line_path) > len(path) or any(a is not b for a, b in zip(line_path, path)):
                return False
            deeper = path[len(line_path)] if len(line_path) < len(path) else None
            return deeper is None or i < deeper.start

        def emit(line: Any, line_path: list[Variation], g: Game, depth: int) -> None:
            start = line.start if isinstance(line, Variation) else 0
            for k, act in enumerate(line.actions):
                i = start + k
                before = g.clone() if any(v.start == i for v in line.branches) else None
                ev = g.play(act)
                text = ev.text if ev is not None and ev.text else str(act)
                a = line.annotations.get(i)
                note = ""
                if a is not None:
                    note = (f" {a.mark}" if a.mark else "") + (" ✎" if a.comment else "")
                indent = "\u2003" * depth + ("↳ " if depth and k == 0 else "")
                label = f"{indent}{i + 1}. {text}{note}"
                if current(line_path, i):
                    opts.append((label, i + 1))
                else:
                    key = f"row{len(self._rows)}"
                    self._rows[key] = (line_path, i + 1)
                    opts.append((label, key))
                for var in line.branches:
                    if var.start == i and before is not None:
                        emit(var, line_path + [real[id(var)]], before.clone(), depth + 1)

        emit(rec, [], game, 0)
        self._syncing = True
        try:
            self.moves.options = opts
            self.moves.value = self.replay.position
        finally:
            self._syncing = False

    def _caption_lines(self) -> list[str]:
        r = self.replay
        pos, n = r.position, len(r)
        if pos == 0:
            lines = [f"Start of the game · {n} moves"]
            if self._intro:
                lines.append(self._intro)
            return lines
        a = r.annotation
        mark = f" {a.mark}" if a is not None and a.mark else ""
        lines = [f"Move {pos} of {n}: {self._labels[pos - 1]}{mark}"]
        if a is not None and a.comment:
            lines.append(a.comment)
        return lines

    def _marks(self) -> dict[str, Any]:
        a = self.replay.annotation
        return {"highlight": a.highlight if a is not None else (),
                "last": action_cards(self.replay.action)}

    def _sync(self, keep_message: bool = False) -> None:
        r = self.replay
        pos = r.position
        self._syncing = True
        try:
            self.slider.value = pos
            self.player.value = pos
            self.moves.value = pos
            a = r.annotation
            self.comment.value = a.comment if a is not None else ""
            self.mark.value = (a.mark or "") if a is not None else ""
            self.highlight.value = " ".join(map(str, a.highlight)) if a is not None else ""
            disabled = pos == 0
            for w in (self.comment, self.mark, self.highlight, self.save_button):
                w.disabled = disabled
        finally:
            self._syncing = False
        if not keep_message:
            self.message.value = ""
        self.exit_button.disabled = self.main_button.disabled = not r.path
        self.bot_button.disabled = r.game.is_over
        self._legal = r.game.legal_actions()
        self.any_move.options = [(str(a), i) for i, a in enumerate(self._legal)]
        self.any_move.value = 0 if self._legal else None
        self.any_button.disabled = not self._legal
        self.back_button.disabled = self.first_button.disabled = pos == 0
        self.step_button.disabled = self.last_button.disabled = pos >= len(r)
        lines = self._caption_lines()
        self.caption.value = "<div style='line-height:1.35;padding:2px 0'>" + "<br>".join(
            [f"<b>{escape(lines[0])}</b>"] + [f"<i>{escape(x)}</i>" for x in lines[1:]]) + "</div>"
        self.reviewer.draw(self._main_position())
        self.coach.before(self._coach_seat())
        self.table.show(r.game, **self._marks())
        self.coach.after(r.game, self._coach_seat())
        for cb in list(self._callbacks):
            cb(self)

    # -- the coach ---------------------------------------------------------------------------------
    def _coach_seat(self) -> int | None:
        """Whose advice: the perspective's seat, or the seat to act when every hand is shown."""
        if self.table.perspective is not None:
            return self.table.perspective
        return self.replay.game.to_act

    def _coach_draw(self) -> None:
        """The coach's frame for the position as it is (after a change of perspective)."""
        seat = self._coach_seat()
        self.coach.before(seat)
        if self.coach.on:
            self.table.refresh()
        self.coach.after(self.replay.game, seat)

    def to_svg(self) -> str:
        """The current position as SVG, with the move and its comment written underneath (and
        the coach's layer while it is on); after a review, the value curve above it."""
        scene = build_scene(self.replay.game, self.table.perspective, caption=self._caption_lines(),
                            overlay=self.table.overlay, **self._marks())
        table = scene_svg(scene, title=self._caption_lines()[0])
        curve = self.reviewer.to_svg(scene.width, self._main_position())
        if curve is None:
            return table
        return stack_svg([curve, table], title=self._caption_lines()[0])

    # -- the review ----------------------------------------------------------------------------------
    def _review_seat(self) -> tuple[int, str]:
        """The seat a review is for, and how the panel names it."""
        seat = self.table.perspective
        if seat is None:
            return 0, "seat 0 (all hands shown; pick a view for another seat)"
        return seat, f"seat {seat}"

    def _main_position(self) -> int:
        """The main line's position shown: in a variation, where it branches off."""
        path = self.replay.path
        return path[0].start if path else self.replay.position

    def review(self, seat: int | None = None, effort: str | int | None = None) -> Review:
        """Review the main line for ``seat`` (default: the perspective's, seat 0 when every
        hand is shown) at ``effort`` (default ``review_effort``): see the class's words. A
        note already on a marked move keeps its words (the review's are added) and its mark."""
        if seat is None:
            seat, who = self._review_seat()
        else:
            who = f"seat {seat}"
        r = self.reviewer.run(self.replay.record(), seat,
                              self.review_effort if effort is None else effort, who)
        self._apply_review(r)
        return r

    def show_review(self, r: Review) -> None:
        """Show a review made already (``durak_edu.coach.review`` of this replay's main line)
        as the *Review* button does: the curve, the marks and comments, the variations."""
        rec = self.replay.record()
        if r.record.actions != rec.actions or r.record.deck != rec.deck:
            raise ValueError("show_review: that review is of another game (its actions or deck "
                             "differ from this replay's main line)")
        self.reviewer.show(r, len(rec.actions), f"seat {r.seat}")
        self._apply_review(r)

    def _apply_review(self, r: Review) -> None:
        pos = self._main_position()
        self.replay.main()
        have = self.replay.annotations
        for m in r.moves:
            note = r.record.annotations.get(m.index)
            if not m.mark or note is None:
                continue
            old = have.get(m.index)
            comment = note.comment if old is None or not old.comment else (
                old.comment if note.comment in old.comment else f"{old.comment} · {note.comment}")
            mark = old.mark if old is not None and old.mark else m.mark
            self.replay.annotate(m.index, comment=comment, mark=mark)
        for var in r.record.branches:
            if not any(v.actions == var.actions for v in self.replay.variations(var.start)):
                self.replay.add_variation(var.actions, start=var.start)
        self._line_changed(pos)

    def _review_pick(self, index: int) -> None:
        """A click on the curve: the main line, just after the move at action ``index``."""
        if self.replay.path:
            self.replay.main()
            self._line_changed(index + 1)
        else:
            self.goto(index + 1)

    def describe(self) -> str:
        rec = self.replay
        return f"{rec.game.variant}, position {rec.position} of {len(rec)}"

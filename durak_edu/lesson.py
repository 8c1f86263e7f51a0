"""What the rule lessons do again and again, in one line each.

The lessons show a rule by building a position, listing what the player to act may do, trying a
move the rule forbids and reading the clause in the refusal (R2.13). Before this module every
lesson carried its own copy of those few helpers; now they live here, documented and tested.

>>> from durak_edu import from_hands
>>> g = from_hands("podkidnoy", ["6♥ 7♠", "9♠ 8♣"], turned="K♥", names=["Anna", "Boris"],
...                hand_size=2)
>>> show_legal(g)
Anna may: attack 6♥, attack 7♠
>>> try_move(g, "attack 8♣", seat=1)
'attack 8♣' is refused → R2.5: it is seat 0 (Anna)'s turn, not seat 1 (Boris)'s
>>> try_move(g, "attack 7♠", play=True)
seat 0 (Anna) attacks with 7♠

Also here: ``play_and_show`` (play moves, print every event they caused), ``play_until`` (let a
bot play on until something happens), ``changed_options`` (what a preset changes in another),
``cards_text``, ``proportion`` and ``rates_figure`` (a rate with its standard error, and a plot of
several), ``rate_text``, ``percent_text`` and ``estimate_text`` (the one way the course writes a
rate: ``durak_edu.rates``), ``coin_p_value`` (two bots' decided games against a fair coin), ``beat_reason`` and the ``BeatChecker`` widget of lesson 01.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from .actions import Action
from .cards import Card, Rank, Suit, deck
from .errors import IllegalAction
from .games import Event, Game, new_game
from .games.verdict import BeatRules, judge
from .prob import Estimate
from .rates import coin_p_value, estimate_text, percent_text, rate_text
from .rules import VARIANTS
from .widgets.base import SvgWidget

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["show_legal", "try_move", "play_and_show", "play_until", "changed_options",
           "cards_text", "attack_route", "proportion", "rates_figure", "rate_text",
           "percent_text", "estimate_text", "coin_p_value", "beat_reason",
           "BeatChecker", "lesson_map", "lesson_map_markdown", "Playouts", "random_playouts",
           "compiled_playout", "games_needed", "playouts_figure"]


def _who(game: Game, seat: int | None) -> str:
    return "nobody" if seat is None else game.names[seat]


def show_legal(game: Game) -> None:
    """Print who is to act and every action he may take now, in the game's own order.

    >>> from durak_edu import new_game
    >>> show_legal(new_game("podkidnoy", players=2, seed=7))
    seat 1 may: attack 6♥, attack 9♣, attack 10♦, attack J♠, attack J♦, attack Q♦, attack J♠ J♦
    """
    if game.is_over:
        print(f"the game is over: {game.result}")
        return
    print(f"{_who(game, game.to_act)} may:", ", ".join(map(str, game.legal_actions())))


def try_move(game: Game, action: Action | str, seat: int | None = None, *,
             play: bool = False) -> None:
    """Ask the game whether ``action`` is allowed now (for ``seat``, default the player to act)
    and print the answer: the refusal names the rule that forbids it (R2.13). With
    ``play=True`` an allowed action is also played and its event printed. A refused action
    leaves the game exactly as it was. (Nothing is returned, so a notebook cell shows only the
    printed answer; code that needs a yes or no asks ``game.can_play``.)

    >>> from durak_edu import new_game
    >>> g = new_game("podkidnoy", players=2, seed=7)
    >>> try_move(g, "take")
    'take' is refused → R2.2: seat 1 opens the bout: the first move is an attack, not 'take'
    >>> try_move(g, "attack 9♣")
    'attack 9♣' is allowed
    """
    try:
        game.check(action, seat)
    except IllegalAction as err:
        print(f"'{action}' is refused → {err}")
        return
    if play:
        print(game.play(action, seat))
    else:
        print(f"'{action}' is allowed")


def play_and_show(game: Game, *actions: Action | str, reveal: bool = False) -> None:
    """Play ``actions`` in turn and print every event they caused (bito, draws, going out…).

    A line the next event repeats word for word is printed once. Cards drawn from the talon are
    private (R0); ``reveal=True`` adds them, saying who alone sees them. Nothing is returned
    (a cell shows only the printed lines); the events are the last ones of ``game.history``.

    >>> from durak_edu import from_hands
    >>> g = from_hands("podkidnoy", ["6♥ 7♠", "9♠ 8♣"], turned="K♥", hand_size=2)
    >>> play_and_show(g, "attack 7♠", "beat 7♠ 9♠", reveal=True)
    seat 0 attacks with 7♠
    seat 1 beats 7♠ with 9♠
    bito: 7♠ 9♠ to the discard pile
    seat 0 draws 1 (only seat 0 sees 6♠)
    seat 1 draws 1 (only seat 1 sees 8♠)
    """
    start = len(game.history)
    for action in actions:
        game.play(action)
    events = game.history[start:]
    for i, event in enumerate(events):
        if i + 1 < len(events) and events[i + 1].text == event.text:
            continue
        line = str(event)
        if reveal and event.private and event.cards:
            line += f" (only {_who(game, event.seat)} sees {cards_text(event.cards)})"
        print(line)


def play_until(game: Game, stop: Callable[[Game], Any] | None = None,
               bot: Callable[[Game, int], Action] | None = None, *,
               limit: int | None = None) -> list[Event]:
    """Let ``bot`` (default ``lowest_card_bot``) play every seat until ``stop(game)`` is true,
    the game is over, or ``limit`` moves have been played; return the events of those moves.

    ``stop`` is asked before every move, so a position that already satisfies it is left alone.
    A lesson uses this to reach a position worth showing from a seeded deal.

    >>> from durak_edu import new_game
    >>> g = new_game("podkidnoy", players=2, seed=0)
    >>> events = play_until(g, lambda g: g.talon_size == 0)
    >>> g.talon_size, g.is_over
    (0, False)
    >>> _ = play_until(g)
    >>> g.is_over
    True
    """
    if bot is None:
        from .bots import lowest_card_bot
        bot = lowest_card_bot
    if limit is not None and (not isinstance(limit, int) or limit < 0):
        raise ValueError(f"play_until: limit must be a whole number of moves ≥ 0, not {limit!r}")
    start, moves = len(game.history), 0
    while not game.is_over and not (stop is not None and stop(game)):
        if limit is not None and moves >= limit:
            break
        seat = game.to_act
        assert seat is not None
        game.play(bot(game, seat))
        moves += 1
    return game.history[start:]


def changed_options(variant: str, base: str) -> dict[str, Any]:
    """The rule options in which preset ``variant`` differs from preset ``base``, with
    ``variant``'s values: a preset is only data, and this is what it changes.

    >>> changed_options("perevodnoy", "podkidnoy")
    {'transfer': True}
    """
    for name in (variant, base):
        if name not in VARIANTS:
            raise ValueError(f"changed_options: no variant named {name!r}; "
                             f"the names are those of VARIANTS")
    rules, other = VARIANTS[variant].rules, VARIANTS[base].rules
    if type(rules) is not type(other):
        raise ValueError(f"changed_options: {variant!r} ({VARIANTS[variant].family} family) and "
                         f"{base!r} ({VARIANTS[base].family} family) have different rule sets; "
                         "compare presets of one family")
    return {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)
            if getattr(rules, f.name) != getattr(other, f.name)}


def cards_text(cs: Iterable[Card | str], empty: str = "none") -> str:
    """Cards as one line of text, or ``empty`` when there are none.

    >>> cards_text([Card.parse("7S"), Card.parse("10D")]), cards_text([]), cards_text([], "—")
    ('7♠ 10♦', 'none', '—')
    """
    return " ".join(str(Card.parse(c)) for c in cs) or empty


def attack_route(game: Game) -> list[tuple[int, int, str]]:
    """The way the attack on the table has travelled this bout: ``(from_seat, to_seat, move)``
    for the opening attack and each transfer after it (R3.1), oldest first: what
    ``draw.diagrams.seats(route=…)`` draws round the table. Empty when the table is empty.

    >>> from durak_edu import from_hands
    >>> g = from_hands("perevodnoy", ["7♥ 9♣ 6♠", "9♦ 8♣ K♠", "9♠ 10♦ A♣"], turned="6♥",
    ...                hand_size=3, transfer_in_first_bout=True)
    >>> for a in ("attack 9♣", "transfer 9♦"):
    ...     _ = g.play(a)
    >>> attack_route(g)
    [(0, 1, 'attack 9♣'), (1, 2, 'transfer 9♦')]
    """
    from .actions import Attack, Transfer
    if not all(hasattr(game, name) for name in ("attacker", "defender", "table")):
        raise TypeError(f"attack_route: a {type(game).__name__} has no attacker and defender; "
                        "it needs an attack–defence game (R2, R3)")
    probe: Any = game.clone()
    if not probe.table:
        return []
    steps: list[tuple[int, int, str]] = []
    while probe.actions:
        defender_after = probe.defender
        action = probe.undo()
        if isinstance(action, Transfer):
            steps.append((probe.defender, defender_after, str(action)))
        elif isinstance(action, Attack):
            steps.append((probe.attacker, defender_after, str(action)))
            break
    return steps[::-1]


def proportion(k: int, n: int) -> Estimate:
    """The share ``k/n`` of a yes/no count, with its standard error ``sqrt(p(1−p)/n)``.

    Lesson 06 explains the standard error. A share of exactly 0 or 1 gets an error of 0: the
    formula has nothing to measure the spread by. So write a share with ``rate_text(k, n)``,
    which keeps the digits the error supports and bounds 0 of n by the rule of three:

    >>> print(proportion(44, 100))
    0.44 ± 0.05
    >>> rate_text(44, 100), rate_text(0, 100)
    ('0.44 ± 0.05', '< 0.03 (0 of 100, rule of three)')
    """
    if not (isinstance(k, int) and isinstance(n, int)) or n <= 0 or not 0 <= k <= n:
        raise ValueError(f"proportion: need whole numbers 0 ≤ k ≤ n and n > 0, "
                         f"not k={k!r}, n={n!r}")
    p = k / n
    return Estimate(p, math.sqrt(p * (1 - p) / n))


def rates_figure(labels: Sequence[str], estimates: Sequence[Estimate], *,
                 exact: float | Sequence[float | None] | None = None, ylabel: str = "",
                 title: str = "", xlabel: str = "", size: tuple[float, float] = (6.4, 3.2),
                 n: int | Sequence[int] | None = None) -> Figure:
    """A plot of several estimates, each with an error bar of ONE standard error (the course's
    "x ± s"), beside the exact values when they are known (one for all, or one per estimate).

    A share of 0 or 1 has no standard error to draw: given ``n`` (the trials, one for all or one
    per estimate) it gets a one-sided dashed bar to its rule-of-three bound, 3/n (or 1 − 3/n).

    Returns a matplotlib ``Figure`` of a fixed size and style, so the stored picture is the same
    on every run; in a notebook, make it the last expression of the cell.

    >>> fig = rates_figure(["A", "B"], [proportion(44, 100), proportion(21, 100)], exact=0.3)
    >>> [t.get_text() for t in fig.axes[0].get_xticklabels()]
    ['A', 'B']
    """
    from matplotlib import style
    from matplotlib.figure import Figure

    if len(labels) != len(estimates):
        raise ValueError(f"rates_figure: {len(labels)} labels for {len(estimates)} estimates")
    exacts: list[float | None]
    if exact is None or isinstance(exact, (int, float)):
        exacts = [None if exact is None else float(exact)] * len(labels)
    else:
        exacts = [None if e is None else float(e) for e in exact]
        if len(exacts) != len(labels):
            raise ValueError(f"rates_figure: {len(exacts)} exact values for {len(labels)} "
                             "estimates")
    trials: list[int | None]
    if n is None or isinstance(n, int):
        trials = [n] * len(labels)
    else:
        trials = list(n)
        if len(trials) != len(labels):
            raise ValueError(f"rates_figure: {len(trials)} trial counts for {len(labels)} "
                             "estimates")
    with style.context("default"):  # the same look whatever the user's matplotlibrc says
        fig = Figure(figsize=size, dpi=100, layout="constrained")
        ax = fig.add_subplot()
        xs = list(range(len(labels)))
        ax.errorbar(xs, [e.estimate for e in estimates], yerr=[e.standard_error for e in estimates],
                    fmt="o", color="#1f5fa8", ecolor="#1f5fa8", capsize=5, label="simulated ± 1 SE")
        bounded = [(x, e.estimate, t) for x, e, t in zip(xs, estimates, trials)
                   if t and e.standard_error == 0 and e.estimate in (0.0, 1.0)]
        for k, (x, p, t) in enumerate(bounded):
            bound = min(1.0, 3 / t)
            ax.plot([x, x], [p, p + bound if p == 0 else p - bound], "--", color="#1f5fa8",
                    linewidth=1.5, label="rule of three (3/n)" if k == 0 else None)
        if any(e is not None for e in exacts):
            known = [(x, e) for x, e in zip(xs, exacts) if e is not None]
            if len({e for _, e in known}) == 1:
                ax.axhline(known[0][1], color="#c0392b", linestyle="--", linewidth=1, label="exact")
            else:
                ax.plot([x for x, _ in known], [e for _, e in known], "_", color="#c0392b",
                        markersize=24, markeredgewidth=2, label="exact")
        if any(e is not None for e in exacts) or bounded:
            ax.legend(loc="best", frameon=False)
        ax.set_xticks(xs, list(labels))
        ax.set_xlim(-0.5, len(labels) - 0.5)
        ax.set_ylabel(ylabel)
        ax.set_xlabel(xlabel)
        if title:
            ax.set_title(title)
        ax.grid(axis="y", alpha=0.3)
    return fig


def beat_reason(game: Game, card: Card | str, target: Card | str) -> str:
    """Which part of the beating rule decides whether ``card`` beats ``target`` in ``game``:
    a sentence of R2.3, the spade rule of R6 or the house rule (R9) in force, from the one
    verdict the game's own ``beats`` is built from (``games.verdict.judge``).

    >>> from durak_edu import new_game
    >>> g = new_game("podkidnoy", players=2, seed=0, trump="fixed:H")
    >>> beat_reason(g, "8♥", "A♠")
    'a trump beats any card that is not a trump (R2.3)'
    """
    card, target = Card.parse(card), Card.parse(target)
    trump: Suit | None = getattr(game, "trump", None)  # the games with a beating rule have one
    rules = BeatRules.of(game.rules, trump, getattr(game, "trump_card", None),
                         tuple(getattr(game, "seat_trumps", ())))
    return judge(card, target, rules).explain


class BeatChecker(SvgWidget):
    """Pick a variant, a trump and two cards; the game's own ``beats`` gives the verdict and
    ``beat_reason`` the clause. Without a kernel it shows as a picture of the two cards.

    >>> c = BeatChecker(target="9♦", card="8♥", trump="H")
    >>> c.verdict_text()
    'podkidnoy, trump ♥: 8♥ beats 9♦ — a trump beats any card that is not a trump (R2.3)'
    """

    def __init__(self, target: str = "9♦", card: str = "8♥", trump: str = "H",
                 variant: str = "podkidnoy",
                 variants: Sequence[str] = ("podkidnoy", "japanese_spades")) -> None:
        super().__init__()
        names = [str(c) for c in deck(36)]
        if variant not in variants:
            raise ValueError(f"BeatChecker: variant {variant!r} is not among {list(variants)}")
        target, card = str(Card.parse(target)), str(Card.parse(card))
        for what, value in (("target", target), ("card", card)):
            if value not in names:
                raise ValueError(f"BeatChecker: {what} {value} is not in the 36-card deck")
        letters = [s.letter for s in Suit] + ["none"]
        if trump not in letters:
            raise ValueError(f"BeatChecker: trump must be one of {letters}, not {trump!r}")
        self.variant_menu = widgets.Dropdown(options=list(variants), value=variant,
                                             description="game")
        self.trump_menu = widgets.Dropdown(
            options=[(f"{s.symbol} {s.name.lower()}", s.letter) for s in Suit]
            + [("no trump", "none")], value=trump, description="trump")
        self.target_menu = widgets.Dropdown(options=names, value=target,
                                            description="on the table")
        self.card_menu = widgets.Dropdown(options=names, value=card, description="your card")
        self.picture = widgets.HTML()
        self.verdict = widgets.HTML()
        for menu in (self.variant_menu, self.trump_menu, self.target_menu, self.card_menu):
            menu.observe(lambda _change: self.update(), names="value")
        self.children = (widgets.HBox([self.variant_menu, self.trump_menu]),
                         widgets.HBox([self.target_menu, self.card_menu]),
                         self.picture, self.verdict)
        self.update()

    def game(self) -> Game:
        """A fresh game of the chosen variant with the chosen trump (``trump="fixed:…"``)."""
        letter = self.trump_menu.value
        return new_game(self.variant_menu.value, players=2, seed=0,
                        trump="none" if letter == "none" else f"fixed:{letter}")

    def verdict_text(self) -> str:
        game = self.game()
        card, target = self.card_menu.value, self.target_menu.value
        word = "beats" if game.beats(card, target) else "does not beat"
        suit = getattr(game, "trump", None)
        trump = "no trump" if suit is None else f"trump {suit}"
        if suit is None and self.trump_menu.value == "S" and getattr(
                game.rules, "spades_apart", False):
            trump += " (spades are never trumps, R6)"
        why = beat_reason(game, card, target)
        return f"{game.variant}, {trump}: {card} {word} {target} — {why}"

    def update(self) -> None:
        self.picture.value = self.to_svg()
        self.verdict.value = f"<b>{self.verdict_text()}</b>"

    def to_svg(self) -> str:
        from .draw import cards_svg
        return cards_svg([self.target_menu.value, self.card_menu.value], step=80)

    def describe(self) -> str:
        return self.verdict_text()


def lesson_map(folder: str | Path) -> list[tuple[str, str]]:
    """Every lesson notebook ``NN_topic.ipynb`` in ``folder``, in order, with its title: the
    first line of its first cell without the ``# NN ·`` in front. Read when it is called, so a
    lesson added later appears in the map as soon as lesson 00 is run again.

    >>> from pathlib import Path
    >>> here = Path(__file__).resolve().parent.parent / "notebooks"
    >>> lesson_map(here)[0] if here.is_dir() else ('00_welcome', 'Welcome to Durak')
    ('00_welcome', 'Welcome to Durak')
    """
    import json
    import re
    folder = Path(folder)
    if not folder.is_dir():
        raise ValueError(f"lesson_map: {folder} is not a folder of lessons")
    found = []
    for path in sorted(folder.glob("[0-9][0-9]_*.ipynb")):
        try:
            cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
            first = "".join(cells[0]["source"]).strip().splitlines()[0]
        except (ValueError, KeyError, IndexError) as err:
            raise ValueError(f"lesson_map: {path.name} has no title cell to read ({err})") from None
        title = re.sub(r"^#+\s*\d+\s*[·.:-]?\s*", "", first).strip()
        found.append((path.stem, title))
    return found


def lesson_map_markdown(folder: str | Path, here: str = "") -> str:
    """``lesson_map`` as a Markdown table of links (``here``: the lesson showing the map, which
    is marked "this page" instead of linked)."""
    rows = ["| lesson | title |", "|---|---|"]
    for stem, title in lesson_map(folder):
        name = f"**{stem}** (this page)" if stem == here else f"[{stem}]({stem}.ipynb)"
        rows.append(f"| {name} | {title} |")
    return "\n".join(rows)


# -- the gallery lessons (17–22): what a house rule does to whole games of random play ----------

@dataclasses.dataclass(frozen=True)
class Playouts:
    """``games`` seeded random two-player playouts of one preset (see ``random_playouts``):
    the lengths in bouts, how many games had a durak, how many of those the first attacker
    escaped, how many were draws, and whether the compiled core played them out
    (``compiled_playout``)."""

    name: str
    lengths: tuple[int, ...]
    decided: int
    escaped: int
    draws: int
    kernel: bool

    @property
    def games(self) -> int:
        return len(self.lengths)

    @property
    def length(self) -> Estimate:
        """The mean length in bouts, with its standard error (spread / √games)."""
        mean = sum(self.lengths) / self.games
        var = sum((x - mean) ** 2 for x in self.lengths) / max(1, self.games - 1)
        return Estimate(mean, math.sqrt(var / self.games))

    @property
    def edge(self) -> Estimate:
        """Of the games with a durak, the share the first attacker escaped, minus one half."""
        share = proportion(self.escaped, self.decided) if self.decided else Estimate(0.5, 0.5)
        return Estimate(share.estimate - 0.5, share.standard_error)


def compiled_playout(game: Game) -> bool:
    """Does the compiled core play ``game`` (so a ``clone(history=False).playout`` runs in its
    compiled loop, ``games.core.playout``)? Every attack–defence preset of 36 cards or fewer
    does; the 72-card ones (R9.21, R9.29) play on the core's plain-Python wide copy, and the
    circle and mau-mau families on engines of their own.

    >>> [compiled_playout(new_game(name, seed=0)) for name in ("podkidnoy", "bolshoy")]
    [True, False]
    """
    from .games.core.game import AttackGame
    return isinstance(game, AttackGame)


def random_playouts(names: Sequence[str], games: int, *, seed: int = 0) -> dict[str, Playouts]:
    """Play ``games`` two-player games of each preset in ``names`` to the end with random moves,
    game ``k`` from ``new_game(name, seed=seed + k)`` and ``random.Random(seed + k)``, so every
    preset meets the same deals where its deck allows. Each game is
    ``g.clone(history=False).playout(rng)``: the compiled core's playout loop where it plays the
    preset (``compiled_playout``), the engine's own moves elsewhere (the plain-Python wide copy
    for 72 cards). A bar shows progress (``progress``).

    >>> p = random_playouts(["podkidnoy"], 20)["podkidnoy"]
    >>> p.games, p.kernel, p.decided + p.draws <= 20
    (20, True, True)
    """
    import random

    from .progress import progress

    if not isinstance(games, int) or games < 2:
        raise ValueError(f"random_playouts: need at least 2 games per preset, not {games!r}")
    unknown = [n for n in names if n not in VARIANTS]
    if unknown:
        raise ValueError(f"random_playouts: {', '.join(map(repr, unknown))} not in VARIANTS")
    out: dict[str, Playouts] = {}
    runs = progress([(n, k) for n in names for k in range(games)],
                    f"{games} random games of {len(names)} presets", total=games * len(names))
    lengths: dict[str, list[int]] = {n: [] for n in names}
    counts = {n: [0, 0, 0] for n in names}  # decided, escaped, draws
    kernel = {n: False for n in names}
    for name, k in runs:
        g: Any = new_game(name, seed=seed + k).clone(history=False)
        kernel[name] = compiled_playout(g)
        first = g.to_act
        result = g.playout(random.Random(seed + k))
        lengths[name].append(g.bout_number + 1)  # the first bout is number 0
        c = counts[name]
        c[2] += bool(result.draw)
        if result.durak is not None:  # a draw, or a tie for the fewest points, has no durak
            c[0] += 1
            c[1] += result.durak != first
    for name in names:
        d, e, dr = counts[name]
        out[name] = Playouts(name, tuple(lengths[name]), d, e, dr, kernel[name])
    return out


def games_needed(spread: float, difference: float, z: float = 3.0) -> int:
    """How many games per preset make a ``difference`` in mean length show at ``z`` combined
    standard errors, when one game's length varies by ``spread`` (its standard deviation):
    the two means' errors combine as √2 · spread/√n, so n = (z · √2 · spread / difference)².

    >>> games_needed(7.0, 2.5)
    142
    """
    if spread <= 0 or difference <= 0:
        raise ValueError(f"games_needed: spread and difference must be positive, not "
                         f"{spread!r}, {difference!r}")
    return math.ceil((z * math.sqrt(2) * spread / difference) ** 2)


def playouts_figure(results: dict[str, Playouts], base: str = "podkidnoy") -> Figure:
    """The lengths of ``random_playouts`` (± 1 standard error), ``base``'s dashed."""
    from matplotlib import style
    from matplotlib.figure import Figure

    names = list(results)
    with style.context("default"):
        fig = Figure(figsize=(6.4, 1.0 + 0.3 * len(names)), dpi=100, layout="constrained")
        ax = fig.add_subplot()
        ys = list(range(len(names)))[::-1]
        ests = [results[n].length for n in names]
        ax.errorbar([e.estimate for e in ests], ys, xerr=[e.standard_error for e in ests],
                    fmt="o", color="#1f5fa8", ecolor="#1f5fa8", capsize=3)
        ax.axvline(results[base].length.estimate, color="#c0392b", linestyle="--", linewidth=1)
        ax.set_yticks(ys, names)
        ax.set_xlabel("length of a random two-player game (bouts, ± 1 SE)")
        ax.grid(axis="x", alpha=0.3)
        ax.set_title(f"{results[base].games} games per preset; dashed: {base}", fontsize=10)
    return fig

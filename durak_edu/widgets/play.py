"""``PlayWidget``: play a game against bots by clicking cards."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape
from typing import TYPE_CHECKING, Any, TypeGuard, Union

import ipywidgets as widgets

from ..actions import (Action, Attack, Beat, Draw, Give, Pass, Play, Take, ThrowIn, Transfer,
                       parse_action)
from ..bots import BOTS, SeatGame, lowest_card_bot
from ..cards import Card, Suit
from ..errors import IllegalAction
from ..draw.scene import action_cards
from ..games import new_game
from .coaching import CoachPanel
from .table import TableView, body_box, side_layout
from .base import SvgWidget

if TYPE_CHECKING:
    from ..draw.prims import CardItem
    from ..games.base import Event
    from ..games.face import Bot

#: the opponents a PlayWidget takes: one bot for every other seat, a bot per seat, or a list
Bots = Union["Bot", Mapping[int, "Bot"], Iterable["Bot"], None]
#: one step of a route (``PlayWidget.route``): a control's name and what it is given
Step = tuple[Any, ...]

__all__ = ["PlayWidget", "bots_for", "MADE_FOR"]

_MAX_BOT_MOVES = 10_000
LOG_W = 250                     # the move log beside the table
OTHERS_H = 56                   # the other-moves menu above the log, when it is on show


#: the table each specialist bot is made for, by the game's ``table_shape``: attack–defence
#: pairs (R2–R6), the circle's pile (R7), the shedding stack (R8). The opponent menu offers a
#: game only the bots made for its table (a widget never asks a game's family); a bot not
#: listed here (``lowest_card_bot``, ``random_bot``, any bot added later) reads every game
MADE_FOR = {"trump_collector": "pairs", "high_card_collector": "pairs",
            "small_card_attacker": "pairs", "pair_collector": "pairs",
            "counting_bot": "pairs", "ISMCTSBot": "pairs",
            "circle_bot": "pile", "maumau_bot": "stack"}
_TABLE_WORDS = {"pairs": "attack–defence games (R2–R6)", "pile": "circle games (R7)",
                "stack": "shedding games such as mau-mau (R8)"}


def bots_for(shape: str) -> list[str]:
    """The names in ``BOTS`` made for a game whose ``table_shape`` is ``shape`` (the opponent
    menu), in ``BOTS``'s order.

    >>> bots_for("stack")
    ['lowest_card_bot', 'random_bot', 'maumau_bot']
    """
    return [name for name in BOTS if MADE_FOR.get(name, shape) == shape]


#: the kinds of move "Several cards" then "Play them" makes (R2.2, R2.4, R3.1; R9.49's give)
_GROUP_KINDS = (Attack, ThrowIn, Transfer, Give)


def _cards_of(action: Action) -> tuple[Card, ...]:
    """The hand cards a click or "Several cards" plays ``action`` with: none for a kind the
    clicks do not make (a new kind is played from the *other moves* menu instead)."""
    if isinstance(action, _GROUP_KINDS):
        return tuple(action.cards)
    if isinstance(action, (Beat, Play)):
        return (action.card,)
    return ()


def _grouped(action: Action) -> TypeGuard[Attack | ThrowIn | Transfer | Give]:
    """Whether "Play them" plays ``action`` (a shown trump, R3.4, is no group of cards)."""
    return isinstance(action, _GROUP_KINDS) and not getattr(action, "show", False)


class PlayWidget(SvgWidget):
    """``PlayWidget(variant, players, bots)``: you against bots.

    You sit at ``seat`` (0 unless given) and see the table from there. Click one of your cards to
    play it: it attacks, throws in, beats (the card you picked on the table, or else the first one
    it can beat), leads or goes on the pile — whatever the position calls for. Take, Pass, Draw
    and Transfer are buttons (Transfer: press it, then click the card to transfer with). A move
    the rules forbid is explained in words, citing the rule. The bots then play until it is your
    turn again. Any legal move no click or button makes (a shown trump beside a transfer, a kind
    of move a variant adds) is listed by its text form under *other moves*, shown only then;
    ``route(action)`` says which controls make a move, so every legal move has one.

    ``bots``: one bot for every other seat, a list (one per other seat, in seat order) or a dict
    seat → bot; by default ``lowest_card_bot``. Other keywords (``seed``, ``deck``, ``names`` and
    rule options) go to ``new_game``. The game is ``widget.game``; the widget changes it only by
    ``play``.

    ``coach=True`` turns the coach on (the *coach* button toggles it): the chance that each card
    you could play is beaten (or followed) is written on it, the coach's move is outlined, a
    strip under the table lists the cards still out by suit, and the coach's sentences follow
    (``durak_edu.coach.advise`` from your seat's view only, R0).
    """

    def __init__(self, variant: str = "podkidnoy", players: int = 2, bots: Bots = None, *,
                 seat: int = 0, seed: int | None = 0, names: Iterable[object] | None = None,
                 coach: bool = False, **options: Any) -> None:
        super().__init__()
        if not (isinstance(seat, int) and 0 <= seat < players):
            raise ValueError(f"seat must be 0..{players - 1}, not {seat!r}")
        self.variant, self.players, self.seat = variant, players, seat
        self.bots = self._bot_table(bots)
        if names is None:
            names = ["you" if p == seat else f"bot {p}" for p in range(players)]
        self._game_args = dict(options, names=names)
        self.seed = seed
        self.game = new_game(variant, players=players, seed=seed, **self._game_args)
        self.selected: Card | None = None  # a table card picked as the target of a beat
        self.transfer_armed = False
        self.group: list[Card] = []   # your cards chosen to go down together
        self.group_armed = False
        self.table = TableView(self.game, perspective=seat)
        self.table.on_click(self._on_table_click)
        self.coach = CoachPanel(self.table, coach, self._refresh)
        self.take_button = widgets.Button(description="Take", tooltip="pick up the table")
        self.pass_button = widgets.Button(description="Pass", tooltip="pass / done")
        self.transfer_button = widgets.Button(description="Transfer",
                                              tooltip="then click the card to transfer with")
        self.draw_button = widgets.Button(description="Draw", tooltip="draw a card")
        self.group_button = widgets.Button(description="Several cards",
                                           tooltip="click your cards, then 'Play them'")
        self.play_group_button = widgets.Button(description="Play them",
                                                tooltip="attack, throw in or transfer with the "
                                                        "cards you chose")
        self.new_button = widgets.Button(description="New game", icon="refresh",
                                         tooltip="deal a new game (the next seed)")
        # every legal move no click or button makes (a new kind of move, a shown trump, ...):
        # listed by its text form and played with the button beside it; hidden when empty
        # it stands above the move log, which gives up the room: the table never moves
        self.other_moves = widgets.Dropdown(options=[], tooltip="a legal move no click or "
                                            "button makes", layout=widgets.Layout(
                                                width=f"{LOG_W - 76}px"))
        self.other_button = widgets.Button(description="Play it", tooltip="play the move chosen "
                                           "in 'other moves'",
                                           layout=widgets.Layout(width="70px"))
        self.others = widgets.VBox(
            [widgets.HTML("<b style='font-size:12px'>Other moves</b>",
                          layout=widgets.Layout(height="18px")),
             widgets.HBox([self.other_moves, self.other_button])],
            layout=widgets.Layout(display="none", width=f"{LOG_W}px", height=f"{OTHERS_H}px",
                                  flex="0 0 auto"))
        self._others: list[Action] = []     # the actions the menu lists, in its order
        self._routes: dict[Action, tuple[Step, ...]] = {}     # every legal action of yours -> the controls that make it
        # the suit a queen calls (mau-mau, R8.3): a label, then buttons wide enough for "any"
        self.call_picker = widgets.ToggleButtons(
            options=[("any", "any")] + [(s.symbol, s) for s in Suit], value="any",
            tooltips=["a queen calls no suit, or the one you hold most of"]
            + [f"a queen calls {s.name.lower()}" for s in Suit],
            style={"button_width": "52px"}, layout=widgets.Layout(flex="0 0 auto"))
        self.call_label = widgets.Label("queen calls:", layout=widgets.Layout(margin="0 0 0 8px"))
        # a fixed height: a message (red for a forbidden move) never pushes the table down
        self.message = widgets.HTML(layout=widgets.Layout(height="40px", overflow="auto"))
        # the moves so far, newest first, in a column as high as the table beside it: it takes
        # the room the column has (flex from 0, no height of its own) and scrolls
        self.events = widgets.HTML(layout=widgets.Layout(
            width=f"{LOG_W}px", flex="1 1 0px", min_height="120px", overflow="auto"))
        self.take_button.on_click(lambda _b: self.take())
        self.pass_button.on_click(lambda _b: self.pass_())
        self.transfer_button.on_click(lambda _b: self.arm_transfer())
        self.draw_button.on_click(lambda _b: self.draw())
        self.group_button.on_click(lambda _b: self.arm_group())
        self.play_group_button.on_click(lambda _b: self.play_group())
        self.new_button.on_click(lambda _b: self.new_game())
        self.other_button.on_click(lambda _b: self.play_other())
        # a row that wraps when narrow, its buttons at their own width: no label cut to "…"
        self._buttons = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        for b in (self.take_button, self.pass_button, self.transfer_button, self.draw_button,
                  self.group_button, self.play_group_button, self.new_button, self.coach.toggle,
                  self.call_label, self.call_picker):
            b.layout.flex = "0 0 auto"
        side = widgets.VBox([self.others, self.events], layout=side_layout(LOG_W))
        body = body_box(self.table, side)
        self.coach.words.add_class("durak-coach")
        self.opponent = widgets.Dropdown(options=bots_for(self.game.table_shape),
                                         description="opponent:",
                                         value="lowest_card_bot" if bots is None else None)
        self.opponent.observe(lambda change: self.choose_opponent(change["new"]), names="value")
        self.children = (self.opponent, self._buttons, self.message, body, self.coach.words)
        self._run_bots()
        self._refresh()

    # -- set-up ------------------------------------------------------------------------------------
    def _bot_table(self, bots: Bots) -> dict[int, Bot]:
        others = [p for p in range(self.players) if p != self.seat]
        if bots is None:
            return {p: lowest_card_bot for p in others}
        if callable(bots):
            return {p: bots for p in others}
        if isinstance(bots, Mapping):
            missing = [p for p in others if p not in bots]
            if missing:
                raise ValueError(f"bots: no bot for seat(s) {missing}")
            return {p: bots[p] for p in others}
        bots = list(bots)
        if len(bots) != len(others):
            raise ValueError(f"bots: {len(bots)} bots given for {len(others)} other seats")
        return dict(zip(others, bots))

    def choose_opponent(self, name: str | None) -> None:
        """Every other seat is now played by the bot ``durak_edu.bots.BOTS[name]`` (from its next
        move on; the dropdown above the table calls this)."""
        if name is None:
            return
        offered = bots_for(self.game.table_shape)
        if name not in BOTS:
            raise ValueError(f"opponent: no bot {name!r}; bots for this game: "
                             f"{', '.join(offered)}")
        if name not in offered:
            made = _TABLE_WORDS.get(MADE_FOR[name], MADE_FOR[name])
            raise ValueError(f"opponent: {name} is made for {made}, not {self.variant}; bots "
                             f"for this game: {', '.join(offered)}")
        if self.opponent.value != name:
            self.opponent.value = name  # the dropdown's observer calls back here
            return
        self.bots = {p: BOTS[name]() for p in self.bots}
        self._run_bots()
        self._refresh()

    def new_game(self, seed: int | None = None) -> None:
        """Start again (the next seed unless one is given)."""
        if seed is None:
            seed = None if self.seed is None else self.seed + 1
        self.seed = seed
        self.game = new_game(self.variant, players=self.players, seed=seed, **self._game_args)
        self.selected, self.transfer_armed = None, False
        self.group, self.group_armed = [], False
        self.message.value = ""
        self._run_bots()
        self._refresh()

    # -- your moves ----------------------------------------------------------------------------------
    def click(self, card: Card | str) -> bool:
        """What clicking your ``card`` does: play the move it stands for, or explain why not.
        Returns ``True`` if a move was played."""
        g = self.game
        card = Card.parse(card)
        if g.is_over:
            return self._say("The game is over. Press <b>New game</b> to play again.")
        if card not in g.hands[self.seat]:
            return self._say(f"{card} is not in your hand.")
        if g.to_act != self.seat:
            return self._say(f"Wait: it is {self._who(g.to_act)}'s turn.")
        if self.group_armed:
            if card in self.group:
                self.group.remove(card)
            else:
                self.group.append(card)
            chosen = " ".join(map(str, self.group)) or "nothing yet"
            self._say(f"Chosen: {chosen}. Click more cards, or <b>Play them</b>.", good=True)
            self._refresh()
            return False
        legal = g.legal_actions()
        action = self._choose(card, legal, self.selected, self.transfer_armed,
                              self.call_picker.value)
        if action is None:
            together = [a for a in legal if card in _cards_of(a) and len(_cards_of(a)) > 1]
            elsewhere = [a for a in self._others if card in action_cards(a)]
            hint = (f" It can go down with other cards ({escape(str(together[0]))}): press "
                    "<b>Several cards</b>." if together else
                    f" Play {escape(str(elsewhere[0]))} from <b>other moves</b>."
                    if elsewhere else "")
            return self._explain(self._likely(card), card, hint)
        return self._play(action)

    def _choose(self, card: Card, legal: list[Action], target: Card | None = None,
                armed: bool = False, call: object = "any") -> Action | None:
        """The legal action a click on ``card`` stands for (``None`` if there is none), with
        ``target`` picked on the table, Transfer pressed (``armed``) and the suit a queen
        calls; a pure function of the position, so ``route`` can ask it about every click."""
        legal = [a for a in legal if card in _cards_of(a)]
        if not legal:
            return None
        if armed:
            tr = [a for a in legal if isinstance(a, Transfer) and a.cards == (card,)]
            tr.sort(key=lambda a: a.show)  # a real transfer before a shown trump (R3.4)
            return tr[0] if tr else None
        beats = [a for a in legal if isinstance(a, Beat)]
        if beats:
            if target is not None:
                chosen = [a for a in beats if a.target == target]
                if chosen:
                    return chosen[0]
            order = {c: i for i, c in enumerate(self._targets())}
            return min(beats, key=lambda a: order.get(a.target, 99))
        for kind in (Attack, ThrowIn, Play):
            single = [a for a in legal if isinstance(a, kind) and _cards_of(a) == (card,)]
            plays = [a for a in single if isinstance(a, Play)]
            if plays:
                want = call
                hit = ([a for a in plays if a.call == want] if want != "any" else [])
                if not hit:  # no call chosen: none if possible, else the suit you hold most of
                    hand = [c for c in self.game.hands[self.seat] if c is not card and c.suit]
                    most = max(Suit, key=lambda s: (sum(c.suit == s for c in hand), -int(s)))
                    hit = ([a for a in plays if a.call is None]
                           or [a for a in plays if a.call == most])
                return hit[0] if hit else plays[0]
            if single:
                return single[0]
        moves = [a for a in legal if isinstance(a, Transfer) and a.cards == (card,)]
        if moves and len(legal) == len(moves):  # the card can only transfer: do that
            return sorted(moves, key=lambda a: a.show)[0]
        return None

    def _targets(self) -> list[Card]:
        """Cards waiting to be beaten, in table order (the game's ``targets()``)."""
        return self.game.targets()

    def _likely(self, card: Card) -> Action:
        """The move a click on ``card`` most likely meant, to explain why it is not allowed."""
        if self.transfer_armed:
            return Transfer((card,))
        return self.game.move_for(self.seat, card, self.selected)

    def take(self) -> bool:
        return self._button(Take())

    def pass_(self) -> bool:
        return self._button(Pass())

    def draw(self) -> bool:
        return self._button(Draw())

    def arm_transfer(self) -> bool:
        """Transfer: the next card you click is passed on with the attack (R3.1)."""
        g = self.game
        if self.transfer_armed:
            self.transfer_armed = False
            return self._say("Transfer cancelled.")
        if any(isinstance(a, Transfer) for a in g.legal_actions()) and g.to_act == self.seat:
            self.transfer_armed = True
            ranks = sorted({pair[0].rank.symbol for pair in g.table if isinstance(pair, tuple)})
            return self._say(f"Transfer: now click the card of rank {', '.join(ranks)} to pass "
                             "the attack on with.", good=True)
        hand = g.hands[self.seat]
        probe = Transfer((hand[0],)) if hand else Transfer(("6♠",))
        return self._explain(probe, None)

    def arm_group(self) -> bool:
        """Several cards: the cards you click next are chosen, and 'Play them' plays them together
        (an attack of several cards, a throw-in or a transfer of several, R2.2, R2.4, R3.1)."""
        self.group_armed = not self.group_armed
        self.group = []
        self._refresh()
        if self.group_armed:
            return self._say("Click the cards to play together, then <b>Play them</b>.", good=True)
        return self._say("Back to one card per click.", good=True)

    def play_group(self) -> bool:
        """Play the cards chosen with ``arm_group`` as one action, or say why not."""
        g = self.game
        chosen = set(self.group)
        if not chosen:
            return self._say("Choose cards first: press <b>Several cards</b> and click them.")
        if g.to_act != self.seat:
            return self._say(f"Wait: it is {self._who(g.to_act)}'s turn.")
        a = self._group_for(chosen, g.legal_actions())
        if a is not None:
            self.group, self.group_armed = [], False
            return self._play(a)
        kind = Attack if g.table_shape != "pairs" or not g.table else (
            Transfer if self.transfer_armed else ThrowIn)
        return self._explain(kind(tuple(self.group)), None)

    @staticmethod
    def _group_for(chosen: set[Card], legal: Iterable[Action]) -> Action | None:
        """The action "Play them" plays for the set of ``chosen`` cards (``None``: none)."""
        return next((a for a in legal if _grouped(a) and set(a.cards) == chosen), None)

    def play_other(self) -> bool:
        """Play the move chosen in *other moves*: a legal move no click or button makes."""
        i = self.other_moves.value
        if i is None or not 0 <= i < len(self._others):
            return self._say("No other move to play here.")
        return self._button(self._others[i])

    # -- which control makes which move ------------------------------------------------------------
    def route(self, action: Action | str) -> tuple[Step, ...] | None:
        """How you play ``action`` (an action or its text) with this widget's controls now: the
        steps, in order, each a tuple — ``("target", card)`` click a table card,
        ``("transfer",)`` press Transfer, ``("call", value)`` set the queen's call,
        ``("card", card)`` click a card of yours, ``("group", cards)`` press Several cards,
        click the cards, press Play them, ``("button", "take"|"pass"|"draw")`` press it,
        ``("menu", text)`` pick it in *other moves* and press Play it. ``None`` if it is not
        your legal move now. Every legal move has a route: that is what *other moves* is for.

        >>> w = PlayWidget("podkidnoy", 2, seed=1)
        >>> w.route("attack 7♦") == (("card", Card.parse("7♦")),)
        True
        """
        if isinstance(action, str):
            action = parse_action(action)
        return self._routes.get(action)

    def _find_routes(self, legal: list[Action]) -> dict[Action, tuple[Step, ...]]:
        """Every move the clicks and buttons make now → its steps; ``_others`` the rest."""
        g = self.game
        offered = g.controls
        routes: dict[Action, tuple[Step, ...]] = {}

        def add(action: Action | None, steps: Iterable[Step]) -> None:
            if action is not None and action not in routes:
                routes[action] = tuple(steps)

        for name, kind in (("take", Take), ("pass", Pass), ("draw", Draw)):
            if name in offered and kind() in legal:
                add(kind(), [("button", name)])
        calls = [self.call_picker.value]
        if "call" in offered:
            calls += [v for _label, v in self.call_picker.options if v != calls[0]]
        targets = [None] + list(self._targets())
        armed = [False, True] if "transfer" in offered and any(
            isinstance(a, Transfer) for a in legal) else [False]
        for card in g.hands[self.seat]:
            for arm in armed:
                for target in targets if not arm else [None]:
                    for call in calls:
                        steps = ([("target", target)] if target is not None else []) + (
                            [("transfer",)] if arm else []) + (
                            [("call", call)] if call != calls[0] else []) + [("card", card)]
                        add(self._choose(card, legal, target, arm, call), steps)
        if "several" in offered and self._several(legal):
            hand = set(g.hands[self.seat])
            for a in legal:  # only cards you hold can be clicked into the group
                if _grouped(a) and set(a.cards) <= hand and \
                        self._group_for(set(a.cards), legal) == a:
                    add(a, [("group", tuple(a.cards))])
        self._others = [a for a in legal if a not in routes]
        for a, label in zip(self._others, self._other_labels()):
            routes[a] = (("menu", label),)
        return routes

    def _other_labels(self) -> list[str]:
        """The menu's rows: each move's text form, numbered where two moves read the same."""
        texts = [str(a) for a in self._others]
        return [t if texts.count(t) == 1 else f"{t} ({texts[:i + 1].count(t)})"
                for i, t in enumerate(texts)]

    @staticmethod
    def _several(legal: Iterable[Action]) -> bool:
        """Whether a move of several cards is legal (the Several cards button is on)."""
        return any(_grouped(a) and len(a.cards) > 1 for a in legal)

    def _button(self, action: Action) -> bool:
        g = self.game
        if g.is_over:
            return self._say("The game is over. Press <b>New game</b> to play again.")
        try:
            g.check(action, seat=self.seat)
        except IllegalAction as exc:
            return self._say(f"You can't {str(action)} now: {escape(str(exc))}")
        return self._play(action)

    def _explain(self, action: Action, card: Card | None, hint: str = "") -> bool:
        try:
            self.game.check(action, seat=self.seat)
        except IllegalAction as exc:
            what = f"play {card}" if card is not None else str(action)
            return self._say(f"You can't {escape(what)} ({escape(str(action))}): "
                             f"{escape(str(exc))}{hint}")
        except ValueError as exc:
            return self._say(escape(str(exc)))
        return self._say(f"{escape(str(action))} is allowed, but a click plays one card at a "
                         "time: press <b>Several cards</b>, click them, then <b>Play them</b>.")

    def _say(self, html: str, good: bool = False) -> bool:
        color = "#0a6" if good else "#b00"
        self.message.value = f"<span style='color:{color}'>{html}</span>"
        return False

    def _play(self, action: Action) -> bool:
        self.game.play(action, seat=self.seat)
        self.selected, self.transfer_armed = None, False
        self.group, self.group_armed = [], False
        self.message.value = ""
        self._run_bots()
        self._refresh()
        return True

    # -- clicks on the canvas --------------------------------------------------------------------------
    def _on_table_click(self, item: CardItem | None, x: float, y: float) -> None:
        if item is None:
            if self.selected is not None:
                self.selected = None
                self._refresh()
            return
        if item.zone == "hand" and item.seat == self.seat:
            if item.card is not None:  # (one's own cards lie face up)
                self.click(item.card)
        elif item.zone == "hand":
            self._say(f"That is {self._who(item.seat)}'s hand; click one of your own cards.")
        elif item.zone in ("table", "pile") and item.card in self._targets():
            self.selected = None if self.selected == item.card else item.card
            if self.selected is not None:
                self._say(f"Now click the card to beat {item.card} with.", good=True)
            self._refresh()
        elif item.zone == "talon" and "draw" in self.game.controls:
            self.draw()
        else:
            words = {"talon": f"the talon: {self.game.talon_size} cards",
                     "trump": f"the trump card, {self.game.trump_card}",
                     "discard": f"the discard pile: {len(self.game.discard)} cards"}
            self._say(f"That is {words.get(item.zone, 'on the table')}.", good=True)

    # -- bots and drawing ------------------------------------------------------------------------------
    def _who(self, seat: int | None) -> str:
        if seat is None:
            return "nobody"
        name = self.game.names[seat]
        return "you" if seat == self.seat else (name if name != f"seat {seat}" else f"seat {seat}")

    def _run_bots(self) -> None:
        g = self.game
        for _ in range(_MAX_BOT_MOVES):
            p = g.to_act
            if p is None or p == self.seat:  # over, or the student's turn
                return
            action = self.bots[p](SeatGame(g, p), p)  # a bot sees only its seat (R0)
            try:
                g.play(action, seat=p)
            except IllegalAction as exc:
                self._say(f"The bot at seat {p} tried an illegal move ({escape(str(action))}): "
                          f"{escape(str(exc))}")
                return

    def _refresh(self) -> None:
        g = self.game
        mine = g.to_act == self.seat
        legal = g.legal_actions() if mine else []
        self._routes = self._find_routes(legal) if mine else {}
        if not mine:
            self._others = []
        playable = {c for a in self._routes if a not in self._others
                    for c in _cards_of(a)} & set(g.hands[self.seat])
        chosen = tuple(self.group) if self.group_armed else (
            () if self.selected is None else (self.selected,))
        self.coach.before(self.seat)
        self.table.show(g, playable=playable, selected=chosen)
        kinds = {type(a) for a in legal}
        offered = g.controls
        buttons = []
        if "take" in offered:
            buttons.append(self.take_button)
            self.take_button.disabled = Take not in kinds
        if "pass" in offered:
            buttons.append(self.pass_button)
            self.pass_button.disabled = Pass not in kinds
        if "several" in offered:
            several = self._several(legal)
            buttons += [self.group_button, self.play_group_button]
            self.group_button.disabled = not several and not self.group_armed
            self.group_button.button_style = "info" if self.group_armed else ""
            self.play_group_button.disabled = not (self.group_armed and self.group)
        if "transfer" in offered:
            buttons.append(self.transfer_button)
            self.transfer_button.disabled = Transfer not in kinds
            self.transfer_button.button_style = "warning" if self.transfer_armed else ""
        if "draw" in offered:
            buttons.append(self.draw_button)
            self.draw_button.disabled = Draw not in kinds
        if "call" in offered:
            buttons += [self.call_label, self.call_picker]
        buttons += [self.coach.toggle, self.new_button]
        self._buttons.children = tuple(buttons)
        self.other_moves.options = [(label, i) for i, label in enumerate(self._other_labels())]
        self.other_moves.value = 0 if self._others else None
        self.others.layout.display = "flex" if self._others else "none"
        lines = [escape(line) for line in map(self._log_line, g.history) if line][::-1]
        if g.is_over:
            lines.insert(0, f"<b>{escape(str(g.result))}</b>")
        self.events.value = ("<div style='font-size:12px;line-height:1.45'><b>Moves, newest first"
                             "</b><br>" + "<br>".join(lines) + "</div>")
        self._coach_after()

    def _log_line(self, event: Event) -> str:
        """An event as the move log writes it: its words, or else its action's text form (so
        a kind of move the log has never heard of still shows)."""
        if event.text:
            return event.text
        if event.action is not None:
            who = "" if event.seat is None else f"{self.game.names[event.seat]}: "
            return who + str(event.action)
        return ""

    # -- the coach ---------------------------------------------------------------------------------------
    def _coach_after(self) -> None:
        """The coach's advice, drawn after the position's frame went out; its suggested move is
        the green button when it is Take, Pass or Draw, and chosen in *other moves* (its Play it
        button green) when it is one of those."""
        advice = self.coach.after(self.game, self.seat)
        best = advice.best[0] if advice is not None and advice.best else None
        for button, kind in ((self.take_button, Take), (self.pass_button, Pass),
                             (self.draw_button, Draw)):
            button.button_style = "success" if isinstance(best, kind) else ""
        there = best is not None and best in self._others
        if there:
            assert best is not None
            self.other_moves.value = self._others.index(best)
        self.other_button.button_style = "success" if there else ""

    def to_svg(self) -> str:
        return self.table.to_svg()

    def describe(self) -> str:
        g = self.game
        state = "over" if g.is_over else f"seat {g.to_act} to act"
        return f"{g.variant}, {g.players} players, you at seat {self.seat}, {state}"

"""Build the curated games in ``durak_edu/data/games`` (run ``python -m authoring.curate`` from the
course root; a lesson author's tool, not part of the installed package).

Each game is played by a simple, seeded heuristic player (cheapest beat, lowest attack, no
trumps thrown away) that now and then makes a human slip; a commentator then walks the game and
explains in plain English what each rule did, citing RULES.md clauses (R1.3 who leads, R2.6 the
first-bout limit, R2.7 takes, R3.1/R3.4 transfers and the proezdnoy, R5 team seats, R6 spades,
R7 and R8 for the other Japanese games), marks the slips (``?!``, ``?``) and hangs the better
move off them as a variation. Every game is real: the test suite loads and replays each file.

The script is deterministic: the same code writes the same files.
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

from durak_edu.actions import Attack, Beat, Draw, Pass, Play, Take, ThrowIn, Transfer
from durak_edu.cards import cards
from durak_edu.games import new_game
from durak_edu.rules import VARIANTS
from durak_edu.record import Annotation, GameRecord
from durak_edu.record import Replay

__all__ = ["GAMES", "build", "main"]

_EX2 = ("6♣ 8♣ 9♦ 9♥ 9♠ Q♣ 7♠ J♠ 10♠ 10♦ Q♦ K♦ K♣ 7♣ 8♦ A♠ A♦ 6♠ 6♥ 8♠ Q♠ K♠ 9♣ 10♣ J♣ A♣ "
        "6♦ 7♦ J♦ 7♥ 8♥ 10♥ J♥ Q♥ K♥ A♥")
_EX4 = ("9♣ A♣ J♥ 6♦ Q♥ 10♦ 9♠ K♥ 10♠ K♦ Q♠ Q♦ 6♣ 7♦ 9♦ 10♥ J♦ 8♣ K♠ A♥ 7♣ 7♥ K♣ 7♠ J♠ 8♦ "
        "A♠ 8♥ Q♣ A♦ J♣ 10♣ 6♠ 9♥ 6♥ 8♠")
_EX4_ACTIONS = """attack 9♠ 9♣|beat 9♠ A♣|take|attack 7♦|beat 7♦ 10♦|throw 10♠|beat 10♠ 9♣|throw 9♦|
beat 9♦ Q♦|throw Q♠|beat Q♠ A♣|throw Q♥|beat Q♥ K♥|attack 6♦|beat 6♦ J♦|attack 8♣|beat 8♣ K♣|
throw K♠|beat K♠ 7♣|attack 7♠ 7♥|beat 7♠ J♠|beat 7♥ 10♥|attack 6♠|beat 6♠ 9♠|attack 6♥|
beat 6♥ 9♥|attack 6♣|beat 6♣ J♣|throw J♥|beat J♥ Q♣|attack 8♠ 8♥|beat 8♠ A♠|beat 8♥ A♥|
throw A♦|beat A♦ 10♣|attack 8♦|beat 8♦ K♦"""

#: name -> how to make it: variant, players, names, seed or deck, scripted opening, slips, texts
GAMES: dict[str, dict] = {
    "podkidnoy_two": dict(
        variant="podkidnoy", players=2, names=["Anna", "Boris"], slips=0.12, seeds=range(100),
        want=lambda g: g.result.durak is not None and 50 <= len(g.actions) <= 90,
        title="Podkidnoy for two: a first whole game",
        intro="""Two players, a 36-card deck, six cards each. Watch three things: who may
throw in and how many cards (R2.4, R2.6), what a take costs (R2.7), and how much each player
knows about the other's hand once the talon runs out (R0)."""),
    "podkidnoy_draw": dict(
        variant="podkidnoy", players=2, names=["Anna", "Boris"], deck=_EX4,
        script=[a.strip() for a in _EX4_ACTIONS.replace("\n", "").split("|")], slips=0.0,
        title="Podkidnoy for two: a game that ends in a draw",
        intro="""The whole game of worked example 4. Boris beats the last card with his last
card, so nobody is left holding cards: a draw (R2.11)."""),
    "podkidnoy_four": dict(
        variant="podkidnoy", players=4, names=["Anna", "Boris", "Vera", "Gleb"], slips=0.1,
        seeds=range(200),
        want=lambda g: len(g.actions) <= 170 and any(e.kind == "pickup" for e in g.history),
        title="Podkidnoy for four: throwers take turns",
        intro="""Four players, each for himself. In every bout one player attacks, the next
defends, and everybody else may throw in — the main attacker first, then the others clockwise
from the defender's left (R2.5). Players who go out leave the table (R2.10)."""),
    "perevodnoy_transfers": dict(
        variant="perevodnoy", players=3, names=["Anna", "Boris", "Vera"], deck=_EX2,
        script=["attack 6♣", "beat 6♣ 8♣", "pass", "attack 9♠", "transfer 9♦", "show 9♥"],
        slips=0.08, seeds=range(200),
        title="Perevodnoy for three: a transfer and a proezdnoy",
        intro="""Transfer durak (R3) opens like worked example 2: in the second bout Vera
passes the nines on by adding her own nine, and Anna, holding the trump nine, merely shows it
(the proezdnoy) so the attack rolls on to Boris."""),
    "teams": dict(
        variant="podkidnoy_teams", players=4, names=["Anna", "Boris", "Vera", "Gleb"],
        slips=0.08, seeds=range(300),
        want=lambda g: _partner_acts(g) and len(g.actions) <= 200,
        title="Podkidnoy in teams: Anna and Vera against Boris and Gleb",
        intro="""Four players in two teams, partners sitting opposite: seats 0 and 2 (Anna and
Vera) against seats 1 and 3 (Boris and Gleb), so a player's neighbours are always opponents
(R5). Only the defender's opponents throw in. When a player goes out, his nearest partner plays
his seat with his own hand; a team wins when all its players are out."""),
    "spades": dict(
        variant="japanese_spades", players=3, names=["Anna", "Boris", "Vera"], slips=0.08,
        seeds=range(300),
        want=lambda g: _spade_fights(g) >= 3 and g.trump is not None and len(g.actions) <= 150,
        title="Spades by spades: trumps are no help against a spade",
        intro="""Japanese durak of the attack-defence kind (R6): podkidnoy, except that a spade
is beaten only by a higher spade and beats nothing but a lower spade. The queen of spades is
the highest spade. Spades can never be trumps."""),
    "circle": dict(
        variant="japanese_circle", players=3, names=["Anna", "Boris", "Vera"], slips=0.0,
        seeds=range(300), want=lambda g: len(g.actions) <= 90,
        title="Japanese durak round the circle",
        intro="""The whole deck is dealt (R7.1). One card per move, clockwise: beat the top
card of the pile — even your own — or take the bottom card (R7.3). When the pile holds as many
cards as there are players still holding cards, it is discarded and the next player leads
(R7.4). Diamonds are trumps; spades stand apart, as in spades by spades, but in their
natural order: the ace is the highest spade."""),
    "maumau": dict(
        variant="japanese_maumau", players=3, names=["Anna", "Boris", "Vera"], slips=0.0,
        seeds=range(300), want=lambda g: 25 <= len(g.actions) <= 70,
        title="Japanese durak as mau-mau",
        intro="""The shedding game of R8: five cards each, no trump. Play a card matching the
top card's suit or rank; a queen is wild and may call a suit; a six makes the next player
draw two and miss his turn, a seven draw one and miss, an ace just miss (R8.3). The first
player out wins at once; the others score the cards left in hand (R8.4)."""),
}


# -- a simple seeded player ---------------------------------------------------------------------

def _cost(g, a) -> float:
    """How much a careful player dislikes an action (lower is better)."""
    trump = getattr(g, "trump", None)

    def val(c):
        return c.rank + (100 if trump is not None and c.suit == trump else 0)

    talon = getattr(g, "talon_size", 0)
    if isinstance(a, Beat):
        return val(a.card)
    if isinstance(a, Transfer):
        return -60 if a.show else sum(val(c) for c in a.cards) - 40
    if isinstance(a, Take):
        return 500
    if isinstance(a, Attack):
        return sum(val(c) for c in a.cards) / len(a.cards) - 3 * (len(a.cards) - 1)
    if isinstance(a, ThrowIn):
        if talon and any(val(c) > 11 for c in a.cards):
            return 300
        return sum(val(c) for c in a.cards) - 3 * len(a.cards)
    if isinstance(a, Pass):
        return 250
    if isinstance(a, Play):
        special = {6: 3, 7: 2, 14: 1, 12: 8}.get(a.card.rank, 0)
        return a.card.rank - 2 * special + (0 if a.call is None else 1)
    if isinstance(a, Draw):
        return 400
    return 1000


def _choose(g, rng: random.Random, slips: float):
    legal = g.legal_actions()
    if slips and rng.random() < slips:
        return rng.choice(legal)
    return min(legal, key=lambda a: _cost(g, a))


def _partner_acts(g) -> bool:
    h = g.record().to_game(0)
    for a in g.actions:
        if h.out and h.attacker in h.out:
            return True
        h.play(a)
    return False


def _spade_fights(g) -> int:
    return sum(1 for a in g.actions if isinstance(a, Beat) and a.target.suit.letter == "S")


def _play(spec: dict, seed: int):
    kw = dict(players=spec["players"], names=spec["names"])
    if "deck" in spec:
        g = new_game(spec["variant"], deck_order=cards(spec["deck"]), **kw)
    else:
        g = new_game(spec["variant"], seed=seed, **kw)
    for a in spec.get("script", ()):
        g.play(a)
    rng = random.Random(seed)
    while not g.is_over and len(g.actions) < 600:
        g.play(_choose(g, rng, spec.get("slips", 0.0)))
    return g


def _find(spec: dict):
    if "deck" in spec and "script" in spec and not spec.get("seeds"):
        return _play(spec, 0)
    want = spec.get("want", lambda g: True)
    for seed in spec.get("seeds", range(100)):
        g = _play(spec, seed)
        if g.is_over and want(g):
            return g
    raise RuntimeError(f"no seed gives the game wanted for {spec['variant']}")


# -- the commentator -------------------------------------------------------------------------------

_SUITS = {"S": "spades", "C": "clubs", "D": "diamonds", "H": "hearts"}


def _names(g):
    return lambda seat: g.names[seat]


def _lowest_trump(g):
    best = None
    for seat, hand in enumerate(g.hands):
        for c in hand:
            if g.trump is not None and c.suit == g.trump and (best is None or c.rank < best[0].rank):
                best = (c, seat)
    return best


class _Notes:
    """What the commentator says of one action: comments, a mark, the cards to highlight and a
    better alternative (``[action, why]``), gathered by the ``_note_*`` functions below."""

    def __init__(self, before, act, after, events, seen: set, who) -> None:
        self.before, self.act, self.after, self.events = before, act, after, events
        self.seen, self.who = seen, who
        self.seat = before.to_act
        self.me = who(self.seat)
        self.notes: list[str] = []
        self.mark: str | None = None
        self.hl: list = []
        self.alt: list = []

    def once(self, key: str) -> bool:
        """True the first time ``key`` is asked in this game (a rule is explained once)."""
        if key in self.seen:
            return False
        self.seen.add(key)
        return True


def _attack_notes(before, act, after, events, seen: set, who) -> tuple[list[str], str | None, list, list]:
    """Comments, mark, highlight and a better alternative (list of actions) for one action."""
    n = _Notes(before, act, after, events, seen, who)
    if not before.actions:
        _note_opening(n)
    if before.rules.teams and before.out and "teams" not in seen:
        _note_team_seat(n)
    for kind, note in _ACTION_NOTES:
        if isinstance(act, kind):
            note(n)
    _note_limit(n)
    for e in events:
        _note_event(n, e)
    _note_empty_talon(n)
    return n.notes, n.mark, n.hl, n.alt


def _note_opening(n: _Notes) -> None:
    """The first action: the trump (R1.2, R6), who leads (R1.3), the first bout's limit (R2.6)."""
    before, r = n.before, n.before.rules
    if before.trump_card is not None and before.trump is not None:
        n.notes.append(f"The turned card is {before.trump_card}: "
                       f"{_SUITS[before.trump.letter]} are trumps (R1.2).")
    elif before.trump_card is not None:
        n.notes.append(f"The turned card is {before.trump_card}, a spade: this game has no "
                       "trump (R6).")
    elif before.trump is not None:
        n.notes.append(f"Trumps are fixed: {_SUITS[before.trump.letter]} (R6).")
    low = _lowest_trump(before)
    if r.first_lead == "lowest_trump" and low and low[1] == n.seat and before.lead is None:
        n.notes.append(f"{n.me} attacks first, holding the lowest trump, {low[0]} (R1.3).")
        n.hl.append(low[0])
    if before.bout_number == 0 and r.first_bout_limit < r.bout_limit:
        n.notes.append(f"In this first bout at most {r.first_bout_limit} cards may be played "
                       "against the defender (R2.6).")


def _note_team_seat(n: _Notes) -> None:
    """R5: a partner plays the seat of a player who is out."""
    before, seat = n.before, n.seat
    for s in (before.attacker, before.defender):
        if s in before.out and before.to_act != s and seat not in (s,):
            if (s == before.attacker and seat == _controller(before, s)) or (
                    s == before.defender and seat == _controller(before, s)):
                n.seen.add("teams")
                role = "attacks" if s == before.attacker else "defends"
                n.notes.append(f"{n.who(s)} is out, so {n.me}, the nearest partner, {role} from "
                               f"{n.who(s)}'s seat with {n.me}'s own hand (R5).")
                break


def _note_attack(n: _Notes) -> None:
    """A slip: opening with a trump while plain cards are held and the talon is long."""
    before, act = n.before, n.act
    if not before.actions:
        return
    trumps = [c for c in act.cards if c.suit == before.trump]
    plain = [c for c in before.hands[n.seat] if c.suit != before.trump]
    if trumps and plain and before.talon_size > 6:
        n.mark = "?!"
        n.notes.append(f"{n.me} opens with a trump while holding plain cards such as {plain[0]}: "
                       "trumps are worth more kept back for defence.")
        n.hl.extend(trumps)


def _note_beat(n: _Notes) -> None:
    """Spades apart (R6); a trump spent where a plain card would do; how a trump is beaten."""
    before, act, r = n.before, n.act, n.before.rules
    if r.spades_apart and act.target.suit.letter == "S" and n.once("spade"):
        n.notes.append(f"Only a higher spade can beat {act.target}: trumps are no help against "
                       "a spade (R6).")
        n.hl.append(act.target)
    if before.trump is not None and act.card.suit == before.trump and act.target.suit != before.trump:
        cheaper = [a for a in before.legal_actions() if isinstance(a, Beat)
                   and a.target == act.target and a.card.suit != before.trump]
        if cheaper:
            c = min(cheaper, key=lambda a: a.card.rank)
            n.mark = "?!"
            n.notes.append(f"{n.me} spends the trump {act.card} on {act.target}, though "
                           f"{c.card} would do: trumps are better saved for cards you cannot "
                           "beat otherwise.")
            n.hl.append(c.card)
            n.alt = [c, "keeping the trump for later"]
    elif before.trump is not None and act.card.suit == before.trump and n.once("trumpbeat"):
        n.notes.append(f"A trump is beaten only by a higher trump: {act.card} over "
                       f"{act.target} (R2.3).")


def _note_take(n: _Notes) -> None:
    """R2.7: a take that could not be helped, or one that could (a slip)."""
    before, r, me = n.before, n.before.rules, n.me
    unbeaten = [a for a, d in before.table if d is None]
    beats = [a for a in before.legal_actions() if isinstance(a, Beat)]
    hopeless = [t for t in unbeaten if not any(b.target == t for b in beats)]
    if hopeless:
        why = (" — only a higher spade beats a spade (R6)"
               if r.spades_apart and hopeless[0].suit.letter == "S" else "")
        n.notes.append(f"{me} cannot beat {hopeless[0]}{why} and takes (R2.7).")
    elif len(unbeaten) == 1 and any(b.card.suit != before.trump for b in beats):
        b = min((b for b in beats if b.card.suit != before.trump), key=lambda b: b.card.rank)
        n.mark = "?"
        n.notes.append(f"{me} takes, although {b.card} beats {b.target} without "
                       "spending a trump (R2.7: taking is always allowed).")
        n.alt = [b, "one plain card instead of a whole pick-up"]
        n.hl.append(b.card)
    else:
        n.notes.append(f"{me} could still beat, but chooses to take (R2.7).")
    if n.once("take"):
        n.notes.append("The others may still throw in cards of ranks on the table, up to the "
                       "limit, before the defender picks everything up.")


def _note_transfer(n: _Notes) -> None:
    """R3.1, R3.3: a transfer; R3.4: the proezdnoy, a trump only shown."""
    act, after, me = n.act, n.after, n.me
    nxt = n.who(after.defender) if after.to_act is not None else "the next player"
    if act.show:
        n.notes.append(f"The proezdnoy (R3.4): {me} only shows the trump {act.cards[0]} — it "
                       f"stays in {me}'s hand and adds no card, and the attack passes to {nxt}. "
                       "Everyone now knows where that trump is.")
    else:
        n.notes.append(f"{me} transfers (R3.1): by adding {' '.join(map(str, act.cards))} of the "
                       f"same rank, {me} passes the whole attack to {nxt}, who must now beat "
                       f"{len(after.table)} cards. {me} becomes the main attacker (R3.3).")
    n.hl.extend(act.cards)


def _note_throw_in(n: _Notes) -> None:
    """R2.4: a throw-in needs a rank on the table (said once)."""
    if n.once("throw"):
        n.notes.append(f"{n.me} throws in {' '.join(map(str, n.act.cards))}: that rank is already "
                       "on the table (R2.4).")


#: the notes each kind of action gets, in the order they are written
_ACTION_NOTES = ((Attack, _note_attack), (Beat, _note_beat), (Take, _note_take),
                 (Transfer, _note_transfer), (ThrowIn, _note_throw_in))


def _note_limit(n: _Notes) -> None:
    """R2.6: the first bout's limit reached (said once)."""
    before, after, r = n.before, n.after, n.before.rules
    if (isinstance(n.act, (Attack, ThrowIn, Transfer)) and after.to_act is not None
            and before.bout_number == 0 and after.bout_number == 0
            and len(after.table) == r.first_bout_limit and n.once("limit")):
        n.notes.append(f"That makes {r.first_bout_limit} attack cards: the most the first bout "
                       "allows (R2.6).")


def _note_event(n: _Notes, e) -> None:
    """What an event of the action means: a pick-up (R0), bito (R2.8), the trump card drawn,
    a player out (R2.10), the game's end (R2.11, R2.12, R5)."""
    who, before = n.who, n.before
    if e.kind == "pickup":
        text = f"{who(e.seat)} picks up {' '.join(map(str, e.cards))}."
        if n.once("pickup"):
            text += (" Picked-up cards are public: from now on everyone knows they are in "
                     f"{who(e.seat)}'s hand, until played (R0).")
        n.notes.append(text)
    elif e.kind == "bito" and n.once("bito"):
        n.notes.append("Bito: every attack card is beaten, the table goes to the discard pile "
                       "and the defender attacks next (R2.8).")
    elif e.kind == "draw" and before.trump_card is not None and before.trump_card in e.cards:
        n.notes.append(f"{who(e.seat)} draws the last card of the talon, the face-up trump "
                       f"{before.trump_card}, so everyone knows where it is (R0).")
    elif e.kind == "out":
        n.notes.append(f"{who(e.seat)} has no cards left and the talon is empty: out of the "
                       "game (R2.10).")
    elif e.kind == "game_over":
        n.notes.append(_game_over_words(n.after.result, who))


def _game_over_words(res, who) -> str:
    if res.draw:
        return "Nobody holds cards: the game is a draw (R2.11)."
    if res.durak is not None:
        text = f"{who(res.durak)} is left holding cards: the durak (R2.11)."
        if res.epaulettes:
            text += (f" The last bout was lost to sixes: {res.epaulettes} "
                     "epaulette(s) (R2.12).")
        return text
    return (f"{' and '.join(who(s) for s in res.winners)} have all gone out: "
            "their team wins (R5).")


def _note_empty_talon(n: _Notes) -> None:
    """R2.9, R2.10: the talon just ran out (said once)."""
    before, after = n.before, n.after
    if (before.talon_size and not after.talon_size and after.to_act is not None
            and n.once("empty")):
        text = ("The talon is empty: nobody draws any more (R2.9), and a player who runs out "
                "of cards is out (R2.10).")
        if after.players - len(after.out) == 2 and after.players == 2:
            text += (" With two players each can now name every card in the other's hand: "
                     "everything else has been seen (R0).")
        n.notes.append(text)


def _controller(g, seat):
    n = g.players
    for k in range(2, n + 1, 2):
        p = (seat + k) % n
        if p not in g.out:
            return p
    return seat


def _other_notes(before, act, after, events, seen: set, who) -> tuple[list[str], str | None, list, list]:
    """Circle and shedding families: the engine's own event lines already cite the rules."""
    notes: list[str] = []
    if not before.actions:
        for e in before.history:
            if e.kind not in ("action",):
                notes.append(_sentence(e.text, who))
    seat = before.to_act
    me = who(seat)
    if before.family == "circle":
        if isinstance(act, Take) and "take" not in seen:
            seen.add("take")
            top = before.table[-1] if before.table else None
            notes.append(f"{me} cannot beat the top card{f' {top}' if top else ''} and must take "
                         "the bottom card of the pile (R7.3).")
        if (isinstance(act, Beat) and act.target.suit.letter == "S"
                and getattr(before.rules, "spades_apart", False) and "spade" not in seen):
            seen.add("spade")
            notes.append(f"A spade is beaten only by a higher spade (R7.1, as R6): {act.card} "
                         f"over {act.target}.")
    else:
        if isinstance(act, Play) and act.call is not None and "call" not in seen:
            seen.add("call")
            notes.append(f"The queen is wild (R8.3): {me} plays it on anything and calls "
                         f"{_SUITS[act.call.letter]}; the next card must follow that suit or be "
                         "another queen.")
        if isinstance(act, Draw) and "drawrule" not in seen:
            seen.add("drawrule")
            notes.append(f"{me} has no card that matches, so must draw until one does (R8.2).")
    for e in events[1:]:
        key = e.kind
        if key in ("out", "game_over") or key not in seen:
            seen.add(key)
            notes.append(_sentence(e.text, who))
    return notes, None, [], []


def _sentence(text: str, who) -> str:
    text = re.sub(r"seat \d+ \(([^)]*)\)", r"\1", text.strip())
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def build(name: str) -> GameRecord:
    """Play and annotate one curated game (see ``GAMES``)."""
    spec = GAMES[name]
    g = _find(spec)
    rec = g.record()
    rec.meta["title"] = spec["title"]
    rec.meta["annotator"] = "authoring.curate"
    rec.comment = " ".join(spec["intro"].split())
    replay = Replay(rec)
    family = VARIANTS[spec["variant"]].family
    who = _names(g)
    seen: set = set()
    h = rec.new_game()
    for i, act in enumerate(rec.actions):
        before = h.clone()
        mark_ = len(h.history)
        h.play(act)
        events = h.history[mark_:]
        notes_fn = _attack_notes if family == "attack" else _other_notes
        notes, mark, hl, alt = notes_fn(before, act, h, events, seen, who)
        if notes or mark or hl:
            replay.annotate(i, comment=" ".join(notes), mark=mark, highlight=hl)
        if alt:
            better, why = alt
            line = _continue(before, [better], 3)
            var = replay.add_variation(line, start=i)
            var.annotations[var.start] = Annotation(comment=f"Better: {better}, {why}.",
                                                    mark="!")
    return replay.record()


def _continue(game, first: list, more: int) -> list:
    """``first`` and then a few moves of careful play from ``game``."""
    g = game.clone()
    out = list(first)
    for a in first:
        g.play(a)
    rng = random.Random(0)
    for _ in range(more):
        if g.is_over:
            break
        a = _choose(g, rng, 0.0)
        out.append(a)
        g.play(a)
    return out


def main(argv=None) -> None:
    """Write every curated game (or those named) to ``durak_edu/data/games``."""
    argv = sys.argv[1:] if argv is None else argv
    folder = Path(__file__).resolve().parent.parent / "durak_edu" / "data" / "games"
    folder.mkdir(parents=True, exist_ok=True)
    for name in argv or GAMES:
        if VARIANTS.get(GAMES[name]["variant"]) is None:
            print(f"skip {name}: no engine for {GAMES[name]['variant']}")
            continue
        rec = build(name)
        text = rec.to_text()
        assert GameRecord.from_text(text) == rec
        (folder / f"{name}.txt").write_text(text, encoding="utf-8")
        print(f"{name}: {len(rec.actions)} actions, {len(rec.annotations)} annotations, "
              f"{sum(1 for _ in rec.walk())} variations")


if __name__ == "__main__":
    main()

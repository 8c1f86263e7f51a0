"""Exercise 12 (the capstone): write your own bot and match it against ``lowest_card_bot``.

The checker plays a seeded match of two-player podkidnoy — ``GAMES`` games, each deal twice
with the seats swapped (``tournament``) — in which the bot is handed only its seat's view
(``SeatGame``, R0): it cannot read the other hand nor play for the opponent. It reports the
share of the decided games the bot won with its 95 % Wilson interval, and what to try next.
Right means: every move legal, and at least as many wins as losses against ``lowest_card_bot``.

>>> check_bot(...).status
'unanswered'
>>> from durak_edu.bots import random_bot
>>> check_bot(random_bot, games=10).status
'wrong'
"""

from __future__ import annotations

from typing import Any

from ..bots import BOTS, lowest_card_bot, tournament
from ..bots.tournament import BotError, wilson_interval
from ..errors import IllegalAction
from ._common import BadAnswer, Verdict, checker

__all__ = ["VARIANT", "GAMES", "SEED", "match", "check_bot"]

VARIANT = "podkidnoy"
GAMES = 200
SEED = 12


def _read_bot(answer: Any) -> Any:
    if isinstance(answer, str):
        if answer in BOTS:
            return BOTS[answer]()
        raise BadAnswer(f"{answer!r} is not a bot; give a function bot(game, seat) -> action "
                        f"(or the name of one of the library's: {', '.join(BOTS)})")
    if not callable(answer):
        raise BadAnswer(f"a {type(answer).__name__} is not a bot; give a function "
                        "bot(game, seat) that returns one of game.legal_actions()")
    return answer


def match(bot: Any, games: int = GAMES, seed: int = SEED):
    """The checker's match: ``tournament`` of ``bot`` against ``lowest_card_bot``."""
    return tournament(VARIANT, [bot, lowest_card_bot], games=games, seed=seed)


_NEXT_WEAK = ("Start from what lowest_card_bot does: beat with the cheapest card that beats, "
              "open with your cheapest plain card, keep trumps for last, take only when nothing "
              "beats.")
_NEXT_EVEN = ("Ideas that pay: count — attack with the card the defender is least likely to "
              "beat (p_can_beat(game.view(), card, other), lesson 12); keep a pair to attack "
              "with; once the talon is empty every card is known (R0) and solve(game.redeal(0)) "
              "plays the ending perfectly (lesson 13); or look ahead in worlds redealt from your "
              "view, game.redeal(rng), as ISMCTSBot does.")
_NEXT_STRONG = ("Now try it against the styles of lesson 15: ladder('podkidnoy', {'mine': "
                "bot, **STYLES}, games=100, seed=1).")


@checker("Give your bot: a function bot(game, seat) that returns one of game.legal_actions().")
def check_bot(answer: Any, games: int = GAMES) -> Verdict:
    """Play ``answer`` against ``lowest_card_bot`` and report its win rate with an interval."""
    bot = _read_bot(answer)
    name = getattr(bot, "__name__", None) or repr(bot)
    try:
        table = match(bot, games)
    except IllegalAction as exc:
        return Verdict.wrong(f"your bot chose a move the rules forbid — {exc}. A bot must "
                             "return one of game.legal_actions().")
    except BotError as exc:
        cause = exc.__cause__
        hint = (" A bot sees only its own seat (R0): use game.view() and game.hand, and "
                "return the move instead of playing it." if type(cause).__name__ == "SeatBoundError"
                else "")
        return Verdict.wrong(f"your bot stopped the match with an error: {exc}.{hint}")
    row = table.rows[0]
    decided = row.won + row.lost
    lo, hi = wilson_interval(row.won, decided)
    rate = row.won / decided if decided else 0.0
    head = (f"{name} against lowest_card_bot, {games} seeded games of {VARIANT} (each deal "
            f"twice, seats swapped): won {row.won}, lost {row.lost}, drew {row.draws}. Of the "
            f"{decided} decided games it won {rate:.1%} (95 % Wilson interval "
            f"{lo:.1%} – {hi:.1%}).")
    if decided == 0 or rate < 0.5:
        return Verdict.wrong(f"{head} It loses more often than it wins. {_NEXT_WEAK} "
                             f"{_NEXT_EVEN}")
    if lo > 0.5:
        return Verdict.right(f"{head} The whole interval is above 50 %: it is better than "
                             f"lowest_card_bot, not just lucky. {_NEXT_STRONG}")
    return Verdict.right(f"{head} At least even — but the interval still includes 50 %, so it "
                         f"is not yet clearly better. {_NEXT_EVEN}")

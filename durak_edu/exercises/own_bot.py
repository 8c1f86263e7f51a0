"""Exercise 12 (the capstone): write your own bot and match it against ``lowest_card_bot``.

The checker plays a seeded match of two-player podkidnoy — ``GAMES`` games, each deal twice
with the seats swapped (``tournament``), the same deals every time so the verdict is
reproducible — in which the bot runs in a process of its own (``isolate=True``) and is sent only
its seat's view (``SeatGame``, R0): it can neither read the other hand nor play for the
opponent, and if it crashes, exits or hangs the check says so. It reports the share of the
decided games the bot won with its 95 % Wilson interval, and what to try next.

Right means: every move legal, and the *whole* interval above 50 % — better than
``lowest_card_bot``, not just lucky (a bar of "as many wins as losses" would pass, one time in
four, a bot that truly wins 47 %). The library's own bots, and the opponent, are refused: the
exercise is to write one.

>>> check_bot(...).status
'unanswered'
>>> from durak_edu.bots import random_bot
>>> check_bot(random_bot).status  # the library's own: refused before any game
'wrong'
"""

from __future__ import annotations

import types
from typing import Any

from ..bots import BOTS, lowest_card_bot, tournament
from ..bots.tournament import BotError, Table, wilson_interval
from ..errors import IllegalAction
from ._common import BadAnswer, Verdict, checker

__all__ = ["VARIANT", "GAMES", "SEED", "BAR", "match", "check_bot"]

VARIANT = "podkidnoy"
GAMES = 200
SEED = 12
BAR = 0.5  # the share of decided games the interval must clear


def _read_bot(answer: Any) -> Any:
    if isinstance(answer, str):
        if answer in BOTS:
            return answer  # refused as the library's own (the verdict says so)
        raise BadAnswer(f"{answer!r} is not a bot; give a function bot(game, seat) -> action "
                        "that you wrote")
    if not callable(answer):
        raise BadAnswer(f"a {type(answer).__name__} is not a bot; give a function "
                        "bot(game, seat) that returns one of game.legal_actions()")
    return answer


def _library_bot(bot: Any) -> str | None:
    """The name of the library bot ``bot`` is (by name, or a function or object of
    ``durak_edu``'s own), or ``None`` for a bot the student wrote."""
    if isinstance(bot, str):
        return bot
    if isinstance(bot, (types.FunctionType, types.BuiltinFunctionType)):
        module = getattr(bot, "__module__", None) or ""
    else:
        module = type(bot).__module__ or ""
    if module == "durak_edu" or module.startswith("durak_edu."):
        return getattr(bot, "__name__", None) or repr(bot)
    return None


def match(bot: Any, games: int = GAMES, seed: int = SEED) -> Table:
    """The checker's match: ``tournament`` of ``bot`` (isolated) against ``lowest_card_bot``."""
    return tournament(VARIANT, [bot, lowest_card_bot], games=games, seed=seed, isolate=True)


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
    own = _library_bot(bot)
    if own is not None:
        who = ("lowest_card_bot is the opponent itself" if bot is lowest_card_bot
               or own == "lowest_card_bot" else f"{own} is one of the library's own bots")
        return Verdict.wrong(f"{who}: the exercise is to write yours. Write a function "
                             "my_bot(game, seat) — start from what a library bot does and "
                             f"change one thing — and give that. {_NEXT_WEAK}")
    name = getattr(bot, "__name__", None) or repr(bot)
    try:
        table = match(bot, games)
    except IllegalAction as exc:
        return Verdict.wrong(f"your bot chose a move the rules forbid — {exc}. A bot must "
                             "return one of game.legal_actions().")
    except BotError as exc:
        hint = (" A bot sees only its own seat (R0): use game.view() and game.hand, and "
                "return the move instead of playing it." if "SeatBoundError" in str(exc)
                else "")
        return Verdict.wrong(f"your bot stopped the match with an error: {exc}.{hint}")
    row = table.rows[0]
    decided = row.won + row.lost
    lo, hi = wilson_interval(row.won, decided)
    rate = row.won / decided if decided else 0.0
    head = (f"{name} against lowest_card_bot, {games} seeded games of {VARIANT} (each deal "
            f"twice, seats swapped; your bot in a process of its own): won {row.won}, lost "
            f"{row.lost}, drew {row.draws}. Of the {decided} decided games it won {rate:.1%} "
            f"(95 % Wilson interval {lo:.1%} – {hi:.1%}).")
    if lo > BAR:
        return Verdict.right(f"{head} The whole interval is above {BAR:.0%}: it is better than "
                             f"lowest_card_bot, not just lucky. {_NEXT_STRONG}")
    if decided == 0 or rate < BAR:
        return Verdict.wrong(f"{head} It loses more often than it wins. {_NEXT_WEAK} "
                             f"{_NEXT_EVEN}")
    return Verdict.wrong(f"{head} It wins at least as often as it loses, but the interval "
                         f"still reaches {BAR:.0%} or below, so these games do not show that it "
                         "is better: a bot that truly wins 47 % would do this well one time in "
                         f"four. Make it clearly better. {_NEXT_EVEN}")

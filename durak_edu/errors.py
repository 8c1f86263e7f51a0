"""The one error type a game raises for a move the rules forbid."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .actions import Action

__all__ = ["IllegalAction"]


class IllegalAction(ValueError):
    """An action the rules forbid. ``rule`` is the clause (e.g. ``"R2.6"``) of docs/rules.md.

    The message starts with the clause, says what was wrong and, where it helps, what is
    allowed instead. The game that raised it is unchanged.
    """

    def __init__(self, rule: str, message: str, action: Action | str | None = None,
                 seat: int | None = None) -> None:
        self.rule = rule
        self.action = action
        self.seat = seat
        self.reason = message
        super().__init__(f"{rule}: {message}")

"""Bots in processes of their own (``isolate=True``): a bot sees its seat's view and nothing else.

In the process that plays the game, any bot can reach the live game — ``gc.get_objects()``,
``sys._getframe(1)`` — whatever it is handed (R0 cannot be kept by Python's manners alone). An
isolated bot runs in a child process that is sent, for each decision, only the pickled
``SeatGame`` of its seat; it answers with the action's *text*, which the parent parses and
checks like any move (an object from a bot is never trusted). The child may hang, exit or
crash: the parent stops waiting after ``move_time`` seconds, kills it and raises ``BotError``.

The child ignores SIGINT: Ctrl-C (or JupyterLab's "interrupt kernel") is the parent's to handle,
so a ``KeyboardInterrupt`` that reaches a bot's process is one the bot raised itself. The child
also watches its parent and ends when the parent is gone, so no bot outlives its tournament.

>>> from durak_edu.bots import lowest_card_bot
>>> from durak_edu import new_game
>>> from durak_edu.bots.seat import SeatGame
>>> g = new_game("podkidnoy", players=2, seed=7)
>>> with BotProcesses([lowest_card_bot], move_time=60) as procs:
...     str(procs[0](SeatGame(g, g.to_act), g.to_act)) == str(lowest_card_bot(g, g.to_act))
True
"""

from __future__ import annotations

import os
import pickle
import signal
import socket
import subprocess
import sys
import threading
import time
import traceback
from enum import Enum
from multiprocessing.connection import Connection
from types import TracebackType
from typing import TYPE_CHECKING, Callable, Literal, NoReturn, Sequence, TypeVar

if TYPE_CHECKING:
    from .seat import SeatGame
    from .tournament import Player

__all__ = ["DEFAULT_MOVE_TIME", "START_TIME", "BotProcess", "BotProcesses", "BotFailure",
           "dumps_bot", "check_move_time"]

#: seconds an isolated bot may think about one move before it is stopped (``move_time=``)
DEFAULT_MOVE_TIME = 30.0
#: seconds a bot's process may take to start and load the bot (imports on a busy machine)
START_TIME = 120.0
_MAX_TEXT = 1_000  # an action's text is short; anything longer is not an action

#: what passes between the two processes: a tuple whose first item says what it is —
#: to the child ``("load", sys.path, blob)``, ``("game", seed)``, ``("move", pickled seat,
#: seat)``, ``("stop",)``; back ``("ready",)``, ``("ok", text)`` or a failure (``_failure``).
#: What comes back is read as data from a process that runs someone else's code: each item is
#: checked before it is used as anything but words.
Message = tuple[object, ...]
T = TypeVar("T")


class BotFailure(Exception):
    """What went wrong in a bot's process, said in words (the parent turns it into a
    ``BotError`` naming the bot, its seat, the game and the move)."""

    def __init__(self, what: str, detail: str = ""):
        super().__init__(what)
        self.what = what
        self.detail = detail  # the traceback in the bot's process, if there is one


def check_move_time(move_time: object) -> float:
    """``move_time``, checked: a positive number of seconds (``None``: the default, 30 s)."""
    if move_time is None:
        return DEFAULT_MOVE_TIME
    if (not isinstance(move_time, (int, float)) or isinstance(move_time, bool)
            or not move_time > 0 or move_time != move_time):
        raise ValueError(f"move_time must be a positive number of seconds (or None: "
                         f"{DEFAULT_MOVE_TIME:g} s), not {move_time!r}")
    return float(move_time)


def dumps_bot(bot: Player, name: str) -> bytes:
    """The bot as bytes for its process (cloudpickle: a bot written in a notebook travels too)."""
    import cloudpickle
    try:
        blob: bytes = cloudpickle.dumps(bot)  # cloudpickle has no type information
        return blob
    except Exception as exc:
        raise ValueError(f"isolate=True: {name} cannot be sent to a process of its own "
                         f"({type(exc).__name__}: {exc})") from None


class BotProcess:
    """One bot in a child process: ``proc(seat_game, seat)`` returns the action's text, or
    raises ``BotFailure`` (the bot raised, exited, crashed or took longer than ``move_time``)."""

    def __init__(self, blob: bytes, move_time: float):
        self.move_time = move_time
        ours, theirs = socket.socketpair()
        code = ("import sys; from durak_edu.bots.isolate import _serve; "
                "_serve(int(sys.argv[1]))")
        try:
            self._proc = subprocess.Popen(
                [sys.executable, "-c", code, str(theirs.fileno())], pass_fds=(theirs.fileno(),),
                stdin=subprocess.DEVNULL, start_new_session=True)
        finally:
            theirs.close()
        self._conn = Connection(ours.detach())
        self._ready = False
        self._conn.send(("load", list(sys.path), blob))

    @property
    def pid(self) -> int:
        return self._proc.pid

    def _send(self, msg: Message, doing: str) -> None:
        try:
            self._conn.send(msg)
        except OSError:  # the process is gone: say how it ended
            self._died(doing)

    def _answer(self, timeout: float, doing: str) -> Message:
        try:
            if not self._conn.poll(timeout):
                self.kill()
                raise BotFailure(f"took longer than {timeout:g} s {doing} and was stopped "
                                 "(move_time=)")
            reply: Message = self._conn.recv()  # our own child's, from _answer_moves
        except (EOFError, OSError):
            self._died(doing)
        return reply

    def _died(self, doing: str) -> NoReturn:
        code = self._wait_code()
        how = (f"killed by signal {-code}" if code is not None and code < 0 else
               f"exit code {code}" if code is not None else "still running")
        raise BotFailure(f"ended its process {doing} ({how}: os._exit, a crash, or running "
                         "out of memory)") from None

    def _wait_code(self) -> int | None:
        try:
            return self._proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.kill()
            return None

    def _expect_ready(self) -> None:
        if not self._ready:
            reply = self._answer(max(START_TIME, self.move_time), "while it was loaded")
            self._ready = True
            if reply[0] != "ready":
                self.kill()
                raise _failure(reply, "while it was loaded")

    def new_game(self, seed: int) -> None:
        """Start a game: the bot's ``for_game(seed)`` copy, if it has that method."""
        self._expect_ready()
        self._send(("game", seed), "starting a game")

    def __call__(self, seat_game: SeatGame, seat: int) -> str:
        self._expect_ready()
        self._send(("move", pickle.dumps(seat_game), seat), "choosing a move")  # sealed: nothing hidden in it
        reply = self._answer(self.move_time, "choosing a move")
        if reply[0] != "ok":
            raise _failure(reply, "")
        text = reply[1]
        if not isinstance(text, str):  # only our own child writes here, but check anyway
            raise BotFailure(f"sent back {type(text).__name__}, not an action's text")
        return text

    def close(self) -> None:
        """End the process: politely if it is idle, at once if it is not."""
        try:
            self._conn.send(("stop",))
        except OSError:
            pass
        try:
            self._proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.kill()
        self._conn.close()

    def kill(self) -> None:
        if self._proc.poll() is None:
            self._proc.kill()
            try:
                self._proc.wait(timeout=10)
            except subprocess.TimeoutExpired:  # pragma: no cover - the kernel did not answer
                pass


def _failure(reply: Message, doing: str) -> BotFailure:
    when = f" {doing}" if doing else ""
    if reply[0] == "exit":
        return BotFailure(f"called sys.exit({reply[1]}){when}")
    if reply[0] == "interrupt":
        return BotFailure(f"raised KeyboardInterrupt of its own{when} (the user's Ctrl-C never "
                          "reaches an isolated bot)")
    if reply[0] == "error":
        return BotFailure(f"raised {reply[1]}: {reply[2]}{when}", str(reply[3]))
    if reply[0] == "bad":
        return BotFailure(f"returned {reply[1]}, not an action{when}")
    return BotFailure(f"answered {reply[0]!r}{when}")


class ProcessSeat:
    """The bot as ``play_match_game`` calls it: ``for_game`` starts a game in its process."""

    def __init__(self, proc: BotProcess):
        self.proc = proc

    def for_game(self, seed: int) -> "ProcessSeat":
        self.proc.new_game(seed)
        return self

    def __call__(self, seat_game: SeatGame, seat: int) -> str:
        return self.proc(seat_game, seat)


class BotProcesses:
    """A process for each bot (a context manager; ``procs[k]`` is bot ``k`` as a callable).

    The processes start together (their imports overlap) and end on leaving the block.
    """

    def __init__(self, blobs: Sequence[bytes | Player], move_time: float = DEFAULT_MOVE_TIME):
        self._procs: list[BotProcess] = []
        try:
            for given in blobs:
                blob = given if isinstance(given, bytes) else dumps_bot(
                    given, getattr(given, "__name__", None) or repr(given))
                self._procs.append(BotProcess(blob, move_time))
        except BaseException:
            self.close()
            raise
        self.seats = [ProcessSeat(p) for p in self._procs]

    def __getitem__(self, k: int) -> ProcessSeat:
        return self.seats[k]

    def __len__(self) -> int:
        return len(self.seats)

    @property
    def pids(self) -> list[int]:
        return [p.pid for p in self._procs]

    def close(self) -> None:
        for p in self._procs:
            p.close()

    def __enter__(self) -> "BotProcesses":
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if kind is not None:
            for p in self._procs:
                p.kill()  # stopped by an error or Ctrl-C: no one waits for a bot to finish
        else:
            self.close()


# -- the child's side -------------------------------------------------------------------------

def _watch_parent() -> None:
    """End this process when its parent is gone (killed, say): no orphaned bot keeps running."""
    parent = os.getppid()
    while True:
        time.sleep(0.25)
        if os.getppid() != parent:
            os._exit(3)


def _as_text(action: object) -> Message:
    from ..actions import ACTION_TYPES
    if isinstance(action, str):
        text = action
    elif type(action) in ACTION_TYPES:
        text = str(action)
    else:
        return ("bad", f"a {type(action).__name__}")
    if len(text) > _MAX_TEXT:
        return ("bad", f"a text of {len(text)} characters")
    return ("ok", text)


class _Failed(Enum):
    """``_run``'s answer when the bot's code raised (and that was reported to the parent)."""
    FAILED = "failed"


_FAILED = _Failed.FAILED


def _run(conn: Connection, call: Callable[[], T]) -> T | Literal[_Failed.FAILED]:
    """Run the bot's code; report whatever it raises (even SystemExit) as data."""
    try:
        return call()
    except SystemExit as exc:
        conn.send(("exit", repr(exc.code)))
    except KeyboardInterrupt:
        conn.send(("interrupt",))
    except BaseException as exc:
        conn.send(("error", type(exc).__name__, str(exc), traceback.format_exc()))
    return _FAILED


def _serve(fd: int) -> None:
    """The bot's process: load the bot, then answer one move at a time until told to stop."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the user's Ctrl-C is the parent's
    threading.Thread(target=_watch_parent, daemon=True).start()
    conn = Connection(fd)
    try:
        _answer_moves(conn)
    except (EOFError, OSError):  # the parent is gone (ended, or stopped by Ctrl-C)
        pass


def _load(blob: bytes) -> Player:
    """The bot from its bytes (``dumps_bot``)."""
    bot: Player = pickle.loads(blob)  # what the parent pickled: a bot, as it was given
    return bot


def _for_game(base: Player, seed: int) -> Player:
    """The bot's ``for_game(seed)`` copy, if it has that method (else the bot itself)."""
    if not hasattr(base, "for_game"):
        return base
    fresh: Player = base.for_game(seed)  # a bot's own method: its copy for one game
    return fresh


def _answer_moves(conn: Connection) -> None:
    load: tuple[str, list[str], bytes] = conn.recv()  # BotProcess's first message
    _, path, blob = load
    sys.path[:] = path  # the parent's: a bot from one of its modules imports here too
    base = _run(conn, lambda: _load(blob))
    if base is _FAILED:
        return
    conn.send(("ready",))
    bot: Player | None = base
    while True:
        msg: Message = conn.recv()
        if msg[0] == "stop":
            return
        if msg[0] == "game":
            seed = msg[1]
            assert isinstance(seed, int), "BotProcess.new_game sends an int"
            fresh = _run(conn, lambda: _for_game(base, seed))
            bot = fresh if fresh is not _FAILED else None
        elif msg[0] == "move":
            if bot is None:
                continue  # for_game failed and was reported: the parent has stopped
            pickled, seat = msg[1], msg[2]
            assert isinstance(pickled, bytes) and isinstance(seat, int), "BotProcess.__call__"
            seat_game: SeatGame = pickle.loads(pickled)
            play = bot
            action = _run(conn, lambda: play(seat_game, seat))
            if action is not _FAILED:
                reply = _run(conn, lambda: _as_text(action))
                if reply is not _FAILED:
                    conn.send(reply)

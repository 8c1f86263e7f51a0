"""Widget drawing speed: Python-side time to build and send one frame of a six-player table,
and how many messages a frame costs.

Run: python benchmarks/widgets.py [--frames N] [--players P] [--passes K]

Goals (issue 6): under 5 ms median per frame, one message per frame.

No kernel runs here, so every widget gets a comm that does what ipykernel's does with a message
— builds it and serialises it with a signed ``jupyter_client`` session (JSON, HMAC) — then counts
it instead of writing it to a socket. "Build" is ``build_scene`` (the layout); "send" is the
canvas renderer inside ``hold_canvas`` plus the message's serialisation. Positions are taken
along a seeded six-player game, so frames differ as they do in a replay.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import comm
from comm.base_comm import BaseComm
from jupyter_client.session import Session

SESSION = Session(key=b"benchmark-key", username="bench")
SENT = {"messages": 0, "bytes": 0}


class SessionComm(BaseComm):
    """A comm that serialises each message like a kernel would, and counts it."""

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        content = dict(data=data or {}, comm_id=self.comm_id, **keys)
        msg = SESSION.msg(msg_type, content=content, metadata=metadata or {})
        parts = SESSION.serialize(msg)
        SENT["messages"] += 1
        SENT["bytes"] += sum(len(p) for p in parts) + sum(len(memoryview(b)) for b in buffers or ())


# Before any widget exists (ipycanvas makes its canvas manager when imported).
comm.create_comm = lambda *args, **kwargs: SessionComm(*args, **kwargs)

from durak_edu import new_game  # noqa: E402
from durak_edu.bots import lowest_card_bot  # noqa: E402
from durak_edu.draw import build_scene, game_svg  # noqa: E402
from durak_edu.draw.canvas import FACES, CanvasRenderer  # noqa: E402
from durak_edu.widgets import ReplayWidget, TableView  # noqa: E402


def positions(players: int, count: int, seed: int = 6):
    """Games at successive positions of one seeded game (copies), restarting when it ends."""
    out = []
    while len(out) < count:
        g = new_game("podkidnoy", players=players, seed=seed)
        out.append(g.clone())
        while not g.is_over and len(out) < count:
            g.play(lowest_card_bot(g, g.to_act))
            out.append(g.clone())
        seed += 1
    return out


def stats(xs) -> str:
    xs = sorted(xs)
    return (f"median {statistics.median(xs) * 1e3:6.2f} ms   p90 {xs[int(len(xs) * 0.9)] * 1e3:6.2f} ms"
            f"   max {xs[-1] * 1e3:6.2f} ms")


def count(fn):
    """(seconds, messages, bytes) for one call of ``fn``."""
    m0, b0 = SENT["messages"], SENT["bytes"]
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0, SENT["messages"] - m0, SENT["bytes"] - b0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=300)
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--passes", type=int, default=5)
    args = ap.parse_args()
    games = positions(args.players, args.frames)
    print(f"{args.players}-player podkidnoy, {len(games)} positions "
          f"(hands {', '.join(str(len(h)) for h in games[0].hands)} at the deal)\n")

    r = CanvasRenderer(880, 600)
    t, m, b = count(lambda: r.draw(build_scene(games[0])))
    print(f"first frame (creates {len(FACES)} off-screen card faces once): {t * 1e3:.1f} ms, "
          f"{m} messages (one per new widget + the frame)")

    # several passes: on a busy machine the quietest pass shows the code, the rest the machine
    passes = []
    msgs, sizes = [], []
    for _ in range(args.passes):
        builds, draws, totals = [], [], []
        for g in games:
            m0, b0 = SENT["messages"], SENT["bytes"]
            t0 = time.perf_counter()
            scene = build_scene(g)
            t1 = time.perf_counter()
            r.draw(scene)
            t2 = time.perf_counter()
            builds.append(t1 - t0)
            draws.append(t2 - t1)
            totals.append(t2 - t0)
            msgs.append(SENT["messages"] - m0)
            sizes.append(SENT["bytes"] - b0)
        passes.append((statistics.median(totals), builds, draws, totals))
    passes.sort(key=lambda p: p[0])
    _, builds, draws, totals = passes[0]
    print(f"\nframe = build_scene + draw (hold_canvas, serialise, send); quietest of {args.passes} "
          f"passes over the {len(games)} positions:")
    print(f"  build the scene      {stats(builds)}")
    print(f"  draw and send        {stats(draws)}")
    print(f"  whole frame          {stats(totals)}   goal: median < 5 ms")
    print(f"  whole frame, every pass: medians "
          + ", ".join(f"{p[0] * 1e3:.2f}" for p in sorted(passes, key=lambda p: p[0])) + " ms")
    print(f"  messages per frame   {min(msgs)}..{max(msgs)} (median {statistics.median(msgs):g})"
          f"   goal: 1")
    print(f"  bytes per frame      median {statistics.median(sizes) / 1024:.1f} KiB")

    view = TableView(games[0])
    refresh, rmsgs = [], []
    for g in games:
        t, m, _ = count(lambda: view.show(g))
        refresh.append(t)
        rmsgs.append(m)
    print("\nTableView.show(game) (the same, through the widget):")
    print(f"  time                 {stats(refresh)}")
    print(f"  messages             {min(rmsgs)}..{max(rmsgs)}")

    full = games[-1].clone()
    while not full.is_over:
        full.play(lowest_card_bot(full, full.to_act))
    w = ReplayWidget(full)
    steps, smsgs = [], []
    for _ in range(min(len(w.replay), 100)):
        t, m, _ = count(w.step)
        steps.append(t)
        smsgs.append(m)
    print(f"\nReplayWidget ▶ (a step, with its slider, move list and caption updates):")
    print(f"  time                 {stats(steps)}")
    print(f"  messages             {min(smsgs)}..{max(smsgs)} (1 canvas frame + control updates)")

    svg = []
    for g in games[:100]:
        t0 = time.perf_counter()
        game_svg(g)
        svg.append(time.perf_counter() - t0)
    print(f"\ngame_svg (static picture)  {stats(svg)}")


if __name__ == "__main__":
    random.seed(0)
    main()

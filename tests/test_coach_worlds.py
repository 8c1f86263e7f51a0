"""The coach's fast worlds (durak_edu.coach.worlds, issue 29): each one consistent with the seat's
view, dealt from the view alone (R0), every unplaced card spread over the places it may be."""

import random

import pytest

from durak_edu.bots import SeatGame
from durak_edu.coach.search import search
from durak_edu.coach.worlds import Worlds
from test_coach_presets import played  # a game after some lowest-card moves


def _places(st):
    """Every card's place in a core state: (hand p | 'talon' | 'table' | 'discard', position)."""
    out = {}
    for p, h in enumerate(st.hands):
        for x in range(64):
            if h >> x & 1:
                out[x] = p
    for x in st.talon[st.tp:]:
        out[x] = "talon"
    for x in st.ta + [d for d in st.td if d >= 0]:
        out[x] = "table"
    for x in st.discard:
        out[x] = "discard"
    return out


@pytest.mark.parametrize("name,players,seed,moves", [("podkidnoy", 2, 3, 9),
                                                     ("podkidnoy", 2, 8, 30),
                                                     ("perevodnoy", 3, 5, 12),
                                                     ("podkidnoy", 3, 2, 20)])
def test_every_world_keeps_what_the_seat_sees_R0(name, players, seed, moves):
    g = played(name, players, moves, seed)
    me = SeatGame(g, g.to_act)
    v = g.view(g.to_act)
    real = g._s.core
    worlds = Worlds(me, random.Random(1))
    assert worlds.fast
    for _ in range(30):
        st = worlds.deal()
        got, want = _places(st), _places(real)
        assert sorted(got) == sorted(want)  # each card once, the same cards in play
        assert [h.bit_count() for h in st.hands] == [h.bit_count() for h in real.hands]
        assert st.hands[g.to_act] == real.hands[g.to_act]  # his own hand
        for p, known in v.known.items():  # the cards he saw another take up stay there
            for c in known:
                assert got[[x for x in want if want[x] == p and _card(g, x) == c][0]] == p
        assert st.tp == real.tp and len(st.talon) == len(real.talon)
        if real.tp < len(real.talon):  # the face-up trump card lies last (R1.2)
            assert st.talon[-1] == real.talon[-1]
        assert st.ta == real.ta and st.td == real.td and st.discard == real.discard
        assert st.to_act == real.to_act


def _card(g, x):
    from durak_edu.games.core.state import POSITIONS
    return next(c for c in g.deck_order if POSITIONS[c.index] == x)


def test_the_worlds_depend_on_the_view_alone_R0():
    g = played("podkidnoy", 2, 10, 11)
    s = g.to_act
    other = g.redeal_hidden(s, rng=5)  # the same view, other hidden cards
    assert other.view(s) == g.view(s)
    a, b = Worlds(SeatGame(g, s), random.Random(9)), Worlds(SeatGame(other, s), random.Random(9))
    for _ in range(20):
        x, y = a.deal(), b.deal()
        assert tuple(x.hands) == tuple(y.hands) and x.talon[x.tp:] == y.talon[y.tp:]
    assert search(g, s, 80, seed=4) == search(other, s, 80, seed=4)


def test_every_unplaced_card_lies_in_the_other_hand_as_often_as_its_share():
    g = played("podkidnoy", 2, 8, 4)
    s = g.to_act
    v = g.view(s)
    other = 1 - s
    need = v.hand_sizes[other] - len(v.known.get(other, ()))
    share = need / len(v.unknown)
    worlds = Worlds(SeatGame(g, s), random.Random(2))
    n = 3000
    counts: dict[int, int] = {}
    for _ in range(n):
        h = worlds.deal().hands[other]
        for x in range(64):
            if h >> x & 1:
                counts[x] = counts.get(x, 0) + 1
    sd = (share * (1 - share) / n) ** 0.5
    unplaced = [x for x, k in counts.items() if k < n]  # his known cards are there every time
    assert len(unplaced) == len(v.unknown)
    for x in unplaced:
        assert abs(counts[x] / n - share) < 5 * sd, (x, counts[x] / n, share)


@pytest.mark.parametrize("name", ["potayny", "magadansky"])
def test_hidden_set_asides_are_dealt_by_the_full_redeal_R9(name):
    g = played(name, 2, 4, 3)
    worlds = Worlds(SeatGame(g, g.to_act), random.Random(1))
    assert not worlds.fast
    st = worlds.deal(), worlds.deal()
    assert all(x.to_act == g._s.core.to_act for x in st)

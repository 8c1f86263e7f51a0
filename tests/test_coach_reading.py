"""Reading the opponent (durak_edu.coach.reading, issue 29): what the greedy player's public choices
say of his hand is true of his real hand, read from the seat's view alone (R0), dealt by the
worlds, and dropped when he plays against it."""

import random

import pytest

from durak_edu import Card, new_game
from durak_edu.actions import Attack, ThrowIn
from durak_edu.bots import SeatGame, card_value, lowest_card_bot, tournament
from durak_edu.coach import CoachBot, advise, coach_bot
import durak_edu.coach.reading as reading_module
from durak_edu.coach.reading import Reading
from durak_edu.coach.worlds import Worlds
from test_coach_presets import played


def _lacks_now(r: Reading, talon: int) -> set[Card]:
    """The cards the reading says he lacks with nothing drawn since."""
    return {c for c, t in r.lacks.items() if t == talon}


@pytest.mark.parametrize("seed", range(30))
def test_what_the_greedy_player_shows_he_lacks_he_lacks_R2(seed):
    """Against ``lowest_card_bot`` the reading is exact: every card it says he lacks was in none
    of his real hands while the talon had the size it was read at (no card can reach his hand
    unseen without a draw), and he never contradicts it."""
    g = new_game("podkidnoy", players=2, seed=seed)
    r, me = Reading(), 0
    his: dict[int, set[Card]] = {}  # talon size -> every card he held while it had that size
    while not g.is_over:
        his.setdefault(g.talon_size, set()).update(g.hands[1 - me])
        if g.to_act == me:
            r.see(SeatGame(g, me))
            wrong = {c for c, t in r.lacks.items() if c in his[t]}
            assert not wrong, (seed, wrong)
        g.play(lowest_card_bot(g, g.to_act))
    assert r.trusting and r.lacks


def test_his_pass_shows_no_plain_card_of_the_table_ranks_R2_5():
    """Seat 0 beat his last card and the trick went to the discard pile: he passed, so he
    had no plain card of the trick's ranks (read with the talon before the drawing)."""
    found = 0
    for seed in range(20):
        g = new_game("podkidnoy", players=2, seed=seed)
        r = Reading()
        gone = 0
        while not g.is_over:
            if g.to_act == 0:
                before = dict(r.lacks)
                r.see(SeatGame(g, 0))
                new = {c for c, t in r.lacks.items() if before.get(c) != t and t != g.talon_size}
                if new:
                    ranks = {c.rank for c in g.discard[gone:]}
                    assert all(c.rank in ranks and c.suit != g.trump for c in new), seed
                    found += 1
                gone = len(g.discard)
            g.play(lowest_card_bot(g, g.to_act))
    assert found >= 5


def _takes():
    """Positions where seat 1 has just taken seat 0's attack, with unseen cards that beat."""
    for seed in range(40):
        g = new_game("podkidnoy", players=2, seed=seed)
        while not g.is_over:
            if g.is_taking and g.role(0) == "attacker" and g.to_act == 0:
                yield g
                break
            g.play(lowest_card_bot(g, g.to_act))


def test_he_took_so_nothing_of_his_beats_the_card_R2_7():
    tried = 0
    for g in _takes():
        r = Reading()
        r.see(SeatGame(g, 0))
        unbeaten = [a for a, b in g.table if b is None]
        beaters = {c for c in g.view(0).unknown if any(g.beats(c, a) for a in unbeaten)}
        assert beaters <= set(r.lacks)
        assert all(r.weights()[c] == reading_module.EPSILON for c in beaters)
        assert not beaters & set(g.hands[1])
        tried += bool(beaters)
    assert tried >= 5


def test_his_lead_shows_nothing_cheaper_and_fades_as_he_draws_R2_2():
    g = new_game("podkidnoy", players=2, seed=7)
    g.play(lowest_card_bot(g, g.to_act))  # seat 1 leads 9♣
    lead = g.table[0][0]
    r = Reading()
    r.see(SeatGame(g, 0))
    trump = g.trump
    unknown = set(g.view(0).unknown)
    cheaper = {c for c in unknown if card_value(c, trump) < card_value(lead, trump)}
    assert set(r.lacks) == cheaper and cheaper  # the trumps and every lower plain card
    assert all(w == reading_module.EPSILON for w in r.weights().values())
    while g.talon_size == 24 or g.to_act != 0:  # play on until he has drawn
        g.play(lowest_card_bot(g, g.to_act))
    r.see(SeatGame(g, 0))
    still = [w for c, w in r.weights().items() if c in set(g.view(0).unknown) and c in cheaper]
    assert still and all(reading_module.EPSILON < w <= 1 for w in still)


def _pair_game():
    """A game where seat 1 leads the dearer card of a pair, seat 0 beats it and seat 1 throws in
    the cheaper one (no greedy player does: he leads the cheapest)."""
    for seed in range(200):
        g = new_game("podkidnoy", players=2, seed=seed)
        if g.to_act != 1:
            continue
        trump = g.trump
        hand = [c for c in g.hands[1] if c.suit != trump]
        pairs = [(a, b) for a in hand for b in hand
                 if a.rank == b.rank and card_value(a, trump) > card_value(b, trump)]
        if not pairs:
            continue
        dear, cheap = pairs[0]
        if not g.can_play(Attack((dear,))):
            continue
        g.play(Attack((dear,)))
        yield g, dear, cheap
        return


def test_playing_against_the_reading_stops_it_for_the_game():
    g, dear, cheap = next(_pair_game())
    r = Reading()
    r.see(SeatGame(g, 0))
    assert cheap in r.lacks and r.weights()[cheap] == reading_module.EPSILON
    g.play(lowest_card_bot(g, 0))
    if g.to_act == 1 and g.can_play(ThrowIn((cheap,))):
        g.play(ThrowIn((cheap,)))
        r.see(SeatGame(g, 0))
        assert not r.trusting and r.weights() == {}
    else:
        pytest.skip("seat 0 took: no throw-in to read")


def test_a_new_game_starts_a_fresh_reading():
    r = Reading()
    g = new_game("podkidnoy", players=2, seed=7)
    g.play(lowest_card_bot(g, g.to_act))
    r.see(SeatGame(g, 0))
    for _ in range(30):
        g.play(lowest_card_bot(g, g.to_act))
    r.see(SeatGame(g, 0))
    h = new_game("podkidnoy", players=2, seed=8)
    r.see(SeatGame(h, h.to_act))
    assert r.seat == h.to_act and r.lacks == {} or h.table


def test_games_with_transfers_or_more_players_are_not_read_R3():
    for name, players in [("perevodnoy", 2), ("podkidnoy", 3)]:
        g = played(name, players, 5, 2)
        r = Reading()
        r.see(SeatGame(g, g.to_act))
        assert r.weights() == {}


def test_weighted_worlds_keep_a_lacked_card_out_of_his_hand_and_the_rest_spread():
    g = played("podkidnoy", 2, 8, 4)
    s = g.to_act
    v = g.view(s)
    other = 1 - s
    from durak_edu.games.core.state import POSITIONS
    out = v.unknown[0]
    w = Worlds(SeatGame(g, s), random.Random(2), {out: 1e-9})
    n = 600
    inside = 0
    counts: dict[int, int] = {}
    for _ in range(n):
        h = w.deal().hands[other]
        inside += h >> POSITIONS[out.index] & 1
        for c in v.unknown[1:]:
            counts[c.index] = counts.get(c.index, 0) + (h >> POSITIONS[c.index] & 1)
    assert inside == 0
    need = v.hand_sizes[other] - len(v.known.get(other, ()))
    share = need / (len(v.unknown) - 1)  # the lacked card's place goes to the others
    sd = (share * (1 - share) / n) ** 0.5
    assert all(abs(k / n - share) < 5 * sd for k in counts.values())


def test_weighted_worlds_depend_on_the_view_and_the_weights_alone_R0():
    g = played("podkidnoy", 2, 10, 11)
    s = g.to_act
    other = g.redeal_hidden(s, rng=5)
    wts = {c: 0.1 for c in g.view(s).unknown[:5]}
    a = Worlds(SeatGame(g, s), random.Random(9), wts)
    b = Worlds(SeatGame(other, s), random.Random(9), wts)
    for _ in range(20):
        x, y = a.deal(), b.deal()
        assert tuple(x.hands) == tuple(y.hands) and x.talon[x.tp:] == y.talon[y.tp:]


def test_coach_bot_plays_the_advice_on_what_it_read_and_a_game_copy_reads_on():
    g = new_game("podkidnoy", players=2, seed=7)
    g.play(lowest_card_bot(g, g.to_act))  # seat 1 leads: seat 0 reads it
    r = Reading()
    r.see(SeatGame(g, 0))
    assert coach_bot(g, 0) == advise(g, 0, reading=r).best[0]
    assert coach_bot(SeatGame(g, 0), 0) == coach_bot(g, 0)  # from the view alone (R0)
    plain = CoachBot(read=False)
    assert plain(g, 0) == advise(g, 0).best[0] and repr(plain) == "CoachBot('quick', read=False)"
    assert coach_bot._reading is None  # called directly: nothing kept between calls
    copy = coach_bot.for_game(1)
    assert copy._reading is not None and copy is not coach_bot and repr(copy) == "coach_bot"
    row = tournament("podkidnoy", [CoachBot(40), lowest_card_bot], games=2, seed=3).rows[0]
    assert row.won + row.lost + row.draws == 2


def _opponent_moves(monkeypatch, reading, seed=5):
    """Every move the search plays for the opponent, and whether it was the greedy one."""
    import durak_edu.coach.search as search_module
    monkeypatch.setattr(search_module, "EPSILON", 0.0)  # no random moves: greedy is greedy
    g = new_game("podkidnoy", players=2, seed=7)
    g.play(lowest_card_bot(g, g.to_act))  # seat 1 leads: seat 0 reads it
    if reading is not None:
        reading.see(SeatGame(g, 0))
    seen = []
    apply = search_module._apply

    def checked(st, m):
        if st.to_act == 1:
            ms = search_module._moves(st)
            seen.append(m == ms[search_module.greedy(ms, st.cfg.trump_mask)])
        apply(st, m)

    monkeypatch.setattr(search_module, "_apply", checked)
    search_module.search(g, 0, 150, seed, reading)
    return seen


def test_while_he_plays_greedily_the_search_answers_for_him_greedily(monkeypatch):
    monkeypatch.setattr(reading_module, "MODEL", True)  # (off by default)
    r = Reading()
    seen = _opponent_moves(monkeypatch, r)
    assert r.greedy() and seen and all(seen)
    monkeypatch.setattr(reading_module, "MODEL", False)
    r2 = Reading()
    off = _opponent_moves(monkeypatch, r2)
    assert not r2.greedy() and not all(off)  # the tree tries his other answers too
    assert not all(_opponent_moves(monkeypatch, None))

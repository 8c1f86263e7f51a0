"""The endgame solver (bots.solve): exact values of two-player endings with an empty talon."""

import pytest
from hypothesis import given, strategies as st

from durak_edu import deck, from_position, new_game
from durak_edu.bots import SolveError, solve

from helpers import fingerprint


def outcome(g, me):
    r = g.result
    return 0 if r.draw else (-1 if me in r.losers else 1)


def minimax(g, me, memo=None):
    """The plain definition, with no cut-offs: the test's own reference. It remembers positions
    by what a user sees of them (the picture and the legal actions) and by how often each
    bout-start position with the present discard pile has come up (R2.11), not by the
    engine's key."""
    if g.is_over:
        return outcome(g, me)
    memo = {} if memo is None else memo
    live = frozenset((k, n) for k, n in g._s.seen.items() if k[3] == len(g.discard))
    key = (str(g), tuple(map(str, g.legal_actions())), live)
    if key not in memo:
        values = []
        for action in g.legal_actions():
            g.play(action)
            values.append(minimax(g, me, memo))
            g.undo()
        memo[key] = max(values) if g.to_act == me else min(values)
    return memo[key]


@st.composite
def small_endings(draw):
    cards = draw(st.permutations(deck(36)))
    a, b = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    trump = draw(st.sampled_from("SCDH"))
    # (perevodnoy, where a transfer can be taken back and positions repeat, has its own tests
    # below: repetition counts make the memo-less reference too slow for random examples)
    name = draw(st.sampled_from(["podkidnoy", "prostoy_two", "japanese_spades"]))
    attacker = draw(st.integers(0, 1))
    return from_position(name, [cards[:a], cards[a:a + b]], attacker=attacker,
                         trump=None if name == "japanese_spades" else trump)


@given(small_endings())
def test_property_solve_agrees_with_plain_minimax(g):
    me = g.to_act
    before = fingerprint(g)
    value, best = solve(g)
    assert fingerprint(g) == before  # the game itself is not changed
    assert value == minimax(g.clone(), me)
    assert best and all(g.can_play(a) for a in best)
    for action in g.legal_actions():  # best lists exactly the actions that keep the value
        trial = g.clone()
        trial.play(action)
        assert (minimax(trial, me) == value) == (action in best), str(action)


def test_leading_the_trump_ace_first_wins():
    # 7♠ A♥ against 8♠ (hearts trump): lead 7♠ and the defender beats it and goes out (R2.10),
    # leaving you with the ace; lead the ace and he must take it (R2.7), then 7♠ goes out.
    g = from_position("podkidnoy", ["7♠ A♥", "8♠"], trump="H")
    assert solve(g) == (1, [g.legal_actions()[1]])
    assert str(solve(g)[1][0]) == "attack A♥"


def test_a_lost_ending_is_lost_whatever_you_do():
    # the defender holds only trumps higher than anything you can lead
    g = from_position("podkidnoy", ["7♠ 8♣", "K♥ A♥"], trump="H")
    value, best = solve(g)
    assert value == -1
    assert best == g.legal_actions()  # every move loses, so every move "keeps" the value


def test_the_value_is_for_the_player_to_act_even_mid_bout():
    g = from_position("podkidnoy", ["7♠ A♥", "8♠"], trump="H")
    g.play("attack 7♠")  # the mistake: now the defender is to act and wins by beating
    value, best = solve(g)
    assert g.to_act == 1 and value == 1 and [str(a) for a in best] == ["beat 7♠ 8♠"]


def test_solve_refuses_what_it_cannot_search():
    with pytest.raises(SolveError, match="talon still holds"):
        solve(new_game("podkidnoy", seed=1))
    with pytest.raises(SolveError, match="two-player"):
        solve(from_position("podkidnoy", ["7♠", "8♠", "9♠"]))
    with pytest.raises(SolveError, match="attack–defence"):
        solve(new_game("japanese_circle", seed=1))
    over = from_position("podkidnoy", ["7♠", "8♠"], trump="H")
    over.play("attack 7♠")
    over.play("beat 7♠ 8♠")
    with pytest.raises(SolveError, match="over"):
        solve(over)


@pytest.mark.parametrize("hands,trump", [
    (["9♣ 6♣ 6♠", "6♥ 9♠"], "S"),
    (["7♦ 7♣", "7♥ 8♥"], "H"),   # proezdnoy: the trump 7♥ may be shown instead (R3.4)
    (["J♠ 10♦", "10♣ Q♦ A♠"], "D"),
])
def test_a_transfer_taken_back_is_searched_with_its_repetition_draw(hands, trump):
    # R3 for two: a transfer goes back to the attacker, who may take the cards home, so the
    # same position can come up again and the third time is a draw (R2.11)
    g = from_position("perevodnoy", hands, trump=trump)
    value, best = solve(g)
    memo = {}
    assert value == minimax(g.clone(), g.to_act, memo)
    for action in g.legal_actions():
        trial = g.clone()
        trial.play(action)
        assert (minimax(trial, g.to_act, memo) == value) == (action in best), str(action)


def test_cards_going_to_and_fro_end_in_the_repetition_draw():
    # R2.7 with taker_keeps_turn: whoever takes attacks next, so cards can go to and fro; with
    # best play on both sides the game goes round until the third repetition, a draw (R2.11)
    g = from_position("podkidnoy", ["7♠ 8♣", "7♣ 8♠"], trump="H", taker_keeps_turn=True)
    value, best = solve(g)
    assert value == 0 == minimax(g.clone(), g.to_act)
    assert best == g.legal_actions()


def test_without_the_repetition_draw_a_cycle_is_refused():
    g = from_position("podkidnoy", ["7♠ 8♣", "7♣ 8♠"], trump="H", taker_keeps_turn=True,
                      repetition_draw=False)
    with pytest.raises(SolveError, match="comes back for ever"):
        solve(g)


def test_a_search_too_big_for_the_limit_says_so():
    g = from_position("podkidnoy", ["6♠ 8♠ 10♣ Q♦ A♥", "7♠ 9♣ J♦ K♥ 6♦"], trump="C")
    with pytest.raises(SolveError, match="too big"):
        solve(g, limit=20)


def test_a_draw_found_first_does_not_stop_the_search_for_a_win():
    # leading 9♠ draws (K♠ beats it, then 6♥ meets J♥ and both go out together, R2.11);
    # leading J♥ wins: 6♥ cannot beat it, the defender takes, and 9♠ is your last card
    g = from_position("podkidnoy", ["9♠ J♥", "6♥ K♠"], trump="H")
    assert [str(a) for a in g.legal_actions()] == ["attack 9♠", "attack J♥"]
    value, best = solve(g)
    assert value == 1 and [str(a) for a in best] == ["attack J♥"]
    trial = g.clone()
    trial.play("attack 9♠")
    assert solve(trial)[0] == 0  # the defender's best after 9♠ is the draw


# -- "too big" at once (issue 24 §3b): a size estimate before any search ----------------------------

def test_a_deal_of_eighteen_cards_each_is_refused_at_once_saying_what_and_the_limit():
    from durak_edu.bots.solve import size_estimate
    g = new_game("naval", players=2, seed=0)  # navalenny: the whole deck dealt, the talon empty
    assert g.talon_size == 0 and [len(h) for h in g.hands] == [18, 18]
    assert size_estimate(g) == 2 ** 32
    before = fingerprint(g)
    with pytest.raises(SolveError) as refused:
        solve(g)
    text = str(refused.value)
    assert "too big to search to the end" in text
    assert "with 18 and 18 cards in the hands" in text and "4,294,967,296 positions" in text
    from durak_edu.bots.solve import FAST_LIMIT, REFERENCE_LIMIT  # the default, by search
    assert any(f"over the limit of {n:,} positions" in text for n in (FAST_LIMIT, REFERENCE_LIMIT))
    assert fingerprint(g) == before  # the game is not changed


def test_the_search_stopped_by_its_limit_says_what_the_limit_was():
    # 6 cards to 3: the estimate (4 positions) lets the search start; the limit stops it
    g = from_position("podkidnoy", ["6♠ 8♠ 10♣ Q♦ A♥ 7♦", "7♠ 9♣ J♦"], trump="C")
    assert solve(g, limit=100_000)[0] == 1
    with pytest.raises(SolveError, match="too big to search to the end: more than the limit "
                                         "of 20 positions"):
        solve(g, limit=20)


def _ending(variant: str, seed: int, smaller: int):
    """A seeded two-player ending (talon empty, table clear) whose smaller hand holds
    ``smaller`` cards, or None."""
    from durak_edu.bots import lowest_card_bot
    g = new_game(variant, players=2, seed=seed)
    while not g.is_over:
        if not g.talon_size and not g.table and min(map(len, g.hands)) <= smaller:
            return g if min(map(len, g.hands)) == smaller else None
        g.play(lowest_card_bot(g, g.to_act))
    return None


FLOOR_CASES = [(v, s, m) for v in ("podkidnoy", "perevodnoy") for m in (3, 4, 5, 6)
               for s in range(12) if _ending(v, s, m) is not None][:24]


@pytest.mark.parametrize("variant,seed,smaller", FLOOR_CASES)
def test_the_estimate_refuses_only_what_the_search_could_not_fit(variant, seed, smaller):
    """The early refusal never turns away a position the search would have solved within the
    limit: searched without the estimate, each ending needs more positions than the estimate."""
    from durak_edu.bots.solve import _Search, size_estimate, too_big
    g = _ending(variant, seed, smaller)
    floor = size_estimate(g)
    assert too_big(g, floor - 1) and too_big(g, floor) is None
    search = _Search(g.to_act, floor - 1)
    with pytest.raises(SolveError, match="more than the limit"):
        search.value(g.clone(history=False))
        for a in g.legal_actions():  # solve searches every first move too
            child = g.clone(history=False)
            child.play(a)
            search.value(child)


@pytest.mark.parametrize("hands,trump", [(["7♠ A♥", "8♠"], "H"),
                                         (["7♠ A♥ 9♣", "8♠ 10♣"], "H"),
                                         (["6♦ 9♠ K♥ A♣", "7♦ 10♠ J♣ 8♥"], "S"),
                                         (["6♦ 6♠ Q♥ 7♣", "J♦ 7♠ 8♣ 9♥"], "C")])
def test_a_72_card_ending_goes_to_the_reference_search_and_agrees_with_the_core_R0(hands, trump):
    """The fast search takes the games the compiled core plays (issue 25: a ``AttackGame``); the
    wide copy's 72-card games (R9.21 bolshoy, podkidnoy with two decks) go to the reference
    search, which must give the same value and best moves on the same cards (a win, a loss and
    a draw among these)."""
    from durak_edu.bots.endgame import fits
    core = from_position("podkidnoy", hands, trump=trump)
    wide = from_position("bolshoy", hands, trump=trump)
    assert fits(core) and not fits(wide)
    assert solve(wide) == solve(core)

"""The fast ending search's shortcuts (issue 29) are exact: the one-card game
(``solver.order``) and the ranks closed up, the plain suits sorted (``solver_key.canonical``).

Where the attack shape is R2.2's "rank", throw-ins are allowed and nothing is transferred, the
search lets the attacker lay one card at a time (an attack or a throw-in of several cards is
never better than laying them one by one) and follows a throw-in onto a taken bout (R2.7) by
the pass. Those are claims about the game: here every first move of seeded endings — mid-bout
positions, several cards of a rank in a hand, takes — keeps the value the search with every
move gives, in the presets it applies to and with options that change the room (R2.6) and the
turn after a take.
"""

from __future__ import annotations

import functools

import pytest
from hypothesis import given, reject, strategies as st

from durak_edu.bots.endgame import Endgame, LimitReached, fits

from helpers import sample, seeded_ending


_ending = functools.partial(seeded_ending, stop=0.4, lowest=0.6)


def _values(g, **shortcuts: bool) -> list[int]:
    """Every first move's value, with some of the search's exact shortcuts switched (``single``
    off: every move the core lists; ``close`` off: every rank where it is; ``twins`` off: twin
    cards tried too; ``suits`` off: the plain suits unsorted in the table's key)."""
    search = Endgame(g, 100_000)
    for name, on in shortcuts.items():
        setattr(search, name, on)
    return [search.exact(search.child(m)) for m in search.root_moves()]


#: (preset, options, most cards): with the taker keeping the turn (R2.7) cards go to and fro,
#: and the search with every move grows fast, so those endings are smaller
CASES = [(variant, options, most, seed)
         for variant, options, most in (("podkidnoy", {}, 8),
                                        ("podkidnoy", {"taker_keeps_turn": True}, 6),
                                        ("podkidnoy", {"bout_limit": 3, "first_bout_limit": 2}, 8),
                                        ("bezkozyrny", {}, 8), ("japanese_spades", {}, 8))
         for seed in sample(range(16), 6)]


@pytest.mark.parametrize("variant,options,most,seed", CASES)
def test_one_card_at_a_time_keeps_every_first_move_s_value_R2_2_R2_4_R2_7(variant, options,
                                                                          most, seed):
    g = _ending(variant, seed, most, **options)
    if g is None:
        pytest.skip("the game ended before such a position")
    assert fits(g) and Endgame(g, 1).single
    try:
        every_move = _values(g, single=False)
    except LimitReached:  # cards to and fro (R2.7, R2.11): the full search can grow huge
        pytest.skip("the search with every move passes the test's limit")
    assert _values(g) == every_move


def test_the_one_card_game_is_not_used_where_a_set_must_be_laid_at_once_R4():
    # prostoy: no throw-ins (R2.4) and R4's shapes: a pair laid at once cannot be laid in two
    g = _ending("prostoy", 3, 8)
    assert g is not None and fits(g) and not Endgame(g, 1).single


@pytest.mark.parametrize("variant,seed", [(v, s) for v in ("podkidnoy", "bezkozyrny", "albansky",
                                                          "ace_not_trump")
                                          for s in sample(range(12), 4)])
def test_closing_up_the_ranks_keeps_every_first_move_s_value_R2_3_R2_4(variant, seed):
    g = _ending(variant, seed, 10)
    if g is None:
        pytest.skip("the game ended before such a position")
    assert Endgame(g, 1).close
    assert _values(g) == _values(g, close=False)


def test_ranks_are_not_closed_up_where_a_rank_beats_by_itself_R6():
    # japanese_spades: the queen of spades above the ace (R6), so a rank is more than its order
    g = _ending("japanese_spades", 0, 10)
    assert g is not None and fits(g) and not Endgame(g, 1).close


#: the exact shortcuts of the search that the tests below switch off: twin cards (the next
#: card in play of its suit, same hand, ranks swappable: tried once, R2.3, R2.4), the plain
#: suits sorted in the table's key (endings that differ by a permutation of them share an
#: entry, R2.3), the ranks in a canonical order in the key (two ranks with no suit in common
#: swapped, R2.3, R2.4), the seat to act as seat 0 in the key (the seats swapped with their
#: roles: one entry, its bounds for the seat to act) and the verdict on a bout to open (or
#: taken) whose attacker holds only cards the defender cannot beat (his win, unsearched:
#: R2.3, R2.7)
SHORTCUTS = ("twins", "suits", "ranks", "seats", "verdicts")


@pytest.mark.parametrize("shortcut", SHORTCUTS)
@pytest.mark.parametrize("variant,seed", [(v, s) for v in ("podkidnoy", "bezkozyrny", "albansky")
                                          for s in sample(range(16), 6)])
def test_each_shortcut_keeps_every_first_move_s_value_R2_3_R2_4(variant, seed, shortcut):
    # every first move keeps the value the search without the shortcut gives
    g = _ending(variant, seed, 10)
    if g is None:
        pytest.skip("the game ended before such a position")
    assert getattr(Endgame(g, 1), shortcut)  # (the shortcut is used in these endings)
    assert _values(g, **{shortcut: True}) == _values(g, **{shortcut: False})


def test_twins_are_the_next_card_of_a_suit_whose_ranks_swap_freely_R2_3_R2_4():
    from durak_edu import from_position
    from durak_edu.games.core.solver import twins

    def mask(g, seat):
        return g._s.core.hands[seat]

    def bit(g, text):  # the position of one card, read from a one-card hand
        return mask(from_position("podkidnoy", [text, "A♦"], trump="H"), 0)

    # 7♠ and 8♠ in one hand, no other 7 or 8 in play, nothing of spades between: 8♠ repeats 7♠
    g = from_position("podkidnoy", ["7♠ 8♠ K♣", "9♠ 10♣ J♥"], trump="H")
    assert twins(mask(g, 0), mask(g, 1), 0) == bit(g, "8♠")
    # the other hand holds a 7 of another suit: a rank swap would change R2.4's throw-ins
    g = from_position("podkidnoy", ["7♠ 8♠ K♣", "9♠ 7♣ J♥"], trump="H")
    assert twins(mask(g, 0), mask(g, 1), 0) == 0
    # the other hand holds a spade between them: 8♠ beats it, 7♠ does not (R2.3)
    g = from_position("podkidnoy", ["6♠ 8♠ K♣", "7♠ 10♣ J♥"], trump="H")
    assert twins(mask(g, 0), mask(g, 1), 0) == 0
    # 7 and 8 of clubs in the same hand too, adjacent in clubs: the swap still maps the hand
    # to itself (8♠ and 8♣ repeat 7♠ and 7♣); 9♠ does not, as 8♣ has no 9 of clubs to swap with
    g = from_position("podkidnoy", ["7♠ 8♠ 9♠ 7♣ 8♣", "A♠ K♥"], trump="H")
    assert twins(mask(g, 0), mask(g, 1), 0) == bit(g, "8♠") | bit(g, "8♣")
    # a chain of three: all but the lowest
    g = from_position("podkidnoy", ["7♠ 8♠ 9♠", "A♠ K♥"], trump="H")
    assert twins(mask(g, 0), mask(g, 1), 0) == bit(g, "8♠") | bit(g, "9♠")
    # a card of either rank on the table: no swap (the table's pairs would change)
    g = from_position("podkidnoy", ["7♠ 8♠ 9♠", "A♠ K♥"], trump="H")
    assert twins(mask(g, 0), mask(g, 1), bit(g, "9♣")) == bit(g, "8♠")


@given(st.randoms(use_true_random=False), st.integers(3, 5), st.integers(0, 7))
def test_the_key_s_shortcuts_keep_every_first_move_s_value_on_random_endings_R2_3_R2_4(
        rng, each, walk):
    # a random deal of ``each`` cards to each of two players (R0: the talon empty), then
    # ``walk`` random moves, so the table holds cards: the ranks closed up there too, and the
    # plain suits sorted, give every first move the value the search without them gives
    from durak_edu import deck, from_position
    cards = rng.sample(deck(36), 2 * each)
    g = from_position("podkidnoy", [cards[:each], cards[each:]], trump=rng.choice("SCDH"),
                      attacker=rng.randrange(2))
    for _ in range(walk):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_actions()))
    if g.is_over:
        reject()
    search = Endgame(g, 1)
    assert search.close and search.suits and search.ranks and search.seats and search.verdicts
    assert _values(g) == _values(g, close=False)
    for shortcut in SHORTCUTS[1:]:  # (twins: see above)
        assert _values(g, **{shortcut: True}) == _values(g, **{shortcut: False}), shortcut
    assert _values(g) == _values(g, suits=False, ranks=False, seats=False)


def test_unbeatable_asks_whether_any_card_of_one_hand_beats_one_of_the_other_R2_3():
    from durak_edu import from_position
    from durak_edu.games.core.solver import unbeatable

    def cannot_beat(attacker, defender, trump):
        g = from_position("podkidnoy", [attacker, defender], trump=trump)
        return unbeatable(*g._s.core.hands, g._s.core.cfg.trump_mask)

    assert cannot_beat("9♠ A♣", "8♠ K♣ 6♦", "H")  # lower cards of the suits, no trump
    assert not cannot_beat("9♠ A♣", "10♠ 6♦", "H")  # a higher spade
    assert not cannot_beat("9♠ A♣", "6♥ 6♦", "H")  # a trump on a plain card
    assert cannot_beat("9♥ A♥", "8♥ A♠", "H")  # trumps only: a lower trump beats none
    assert not cannot_beat("9♥ A♥", "10♥", "H")  # the higher trump beats the 9
    assert cannot_beat("A♠", "K♠ Q♠", "H") and not cannot_beat("K♠", "A♠", "H")


def _independent_beats(card, other, trump):
    """Does ``card`` beat ``other`` (R2.3), from the cards' own ranks and suits."""
    from durak_edu import deck
    order = [c.rank for c in deck(36)[:9]]
    if card.suit == other.suit:
        return order.index(card.rank) > order.index(other.rank)
    return str(card.suit) == trump


@given(st.randoms(use_true_random=False), st.integers(1, 4), st.integers(1, 4),
       st.sampled_from("SCDH"))
def test_an_attacker_whose_every_card_is_unbeatable_wins_the_bout_he_opens_R2_3_R2_7(
        rng, n_att, n_def, trump):
    # the verdict checked against the reference search (``solve``'s minimax on the engine):
    # the defender's cards drawn at random, the attacker's from the cards none of them beats
    from durak_edu import deck, from_position
    from durak_edu.bots.solve import _solve_reference
    cards = rng.sample(deck(36), 36)
    suit = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}[trump]
    defender = cards[:n_def]
    safe = [c for c in cards[n_def:]
            if not any(_independent_beats(d, c, suit) for d in defender)]
    if len(safe) < n_att:
        reject()
    attacker = safe[:n_att]
    g = from_position("podkidnoy", [attacker, defender], trump=trump, attacker=0)
    search = Endgame(g, 100_000)
    assert search.verdicts
    assert _solve_reference(g, 100_000)[0] == 1 == search.exact(search.root)


def test_the_key_sorts_the_plain_suits_and_closes_up_the_ranks_on_the_table_too():
    from durak_edu import from_position
    from durak_edu.games.core.solver import canonical

    def key(hands, trump, table=0, unbeaten=0):  # (the ranks' order and the seats as they are)
        g = from_position("podkidnoy", hands, trump=trump)
        h = g._s.core.hands
        return canonical(h[0], h[1], table, unbeaten, "SCDH".index(trump), True, 0, False,
                         False)

    def bit(text):  # the position of one card, read from a one-card hand
        return from_position("podkidnoy", [text, "A♦"], trump="H")._s.core.hands[0]

    # spades and clubs swapped (hearts trump): one key; hearts swapped with clubs: not
    assert key(["7♠ 9♣ K♥", "8♠ Q♣"], "H") == key(["7♣ 9♠ K♥", "8♣ Q♠"], "H")
    assert key(["7♠ 9♣ K♥", "8♠ Q♣"], "H") != key(["7♠ 9♥ K♣", "8♠ Q♥"], "H")
    # ranks no card in play holds (6, 10: in the pile) closed up, the table's cards counted
    assert key(["7♠ 9♣", "8♠"], "H", bit("J♦"), bit("J♦")) == key(
        ["6♠ 8♣", "7♠"], "H", bit("9♦"), bit("9♦"))
    # the table's 10♦ keeps the rank 10 apart from the 9s and Js (R2.4 throws in by rank)
    assert key(["9♣", "J♠"], "H", bit("10♦")) != key(["9♣", "10♠"], "H", bit("J♦"))


def test_the_order_tries_a_lone_rank_and_a_beat_nothing_can_be_thrown_on_first_R2_4():
    # ties of the static order (plain cards alike): a card whose rank the mover holds no
    # other card of is laid first, a beat whose rank the attacker cannot throw in (R2.4) is
    # tried first, the pass comes before a trump thrown in; every move is still there
    from durak_edu import from_position
    from durak_edu.games.core.solver import order

    def tried(g, tie_breaks=True):
        st = g._s.core
        search = Endgame(g, 1)
        me, other = st.hands[st.to_act], st.hands[1 - st.to_act]
        ms = search.root_moves()
        picks = (order(ms, True, search.trumps, True, other, me) if tie_breaks
                 else order(ms, True, search.trumps))
        return [str(g.legal_actions()[i]) for i in picks]

    g = from_position("podkidnoy", ["7♠ 7♣ 9♦ A♥", "8♠ K♦"], trump="H")
    assert tried(g, False) == ["attack 7♠", "attack 7♣", "attack 9♦", "attack A♥"]
    assert tried(g) == ["attack 9♦", "attack 7♠", "attack 7♣", "attack A♥"]
    g = from_position("podkidnoy", ["7♠ 8♣ A♦", "8♠ 9♠ K♥"], trump="H")
    g.play(g.legal_actions()[0])  # attack 7♠: 8♠ and 9♠ beat it, the attacker holds an 8
    assert tried(g, False)[:2] == ["beat 7♠ 8♠", "beat 7♠ 9♠"]
    assert tried(g)[:2] == ["beat 7♠ 9♠", "beat 7♠ 8♠"]
    assert sorted(tried(g)) == sorted(tried(g, False))
    # all beaten: the plain throw-in first, then the pass, then the trump thrown in
    g = from_position("podkidnoy", ["7♠ 7♣ 7♥ A♦", "8♠ K♥ Q♦ J♦"], trump="H")
    g.play(g.legal_actions()[0])  # attack 7♠
    g.play(next(a for a in g.legal_actions() if str(a) == "beat 7♠ 8♠"))
    assert tried(g, False) == ["throw 7♣", "throw 7♥", "pass"]
    assert tried(g) == ["throw 7♣", "pass", "throw 7♥"]

"""Exercise 18, find the blunder (issue 29): the checker accepts the move that gave away the most
and explains a wrong one — what that move's drop was, and that (and where) a worse one exists.

The game is made so that the answer is known without the review: in a solved ending (talon
empty, every card known, R0) Anna plays the move the exact search rates 0 where another keeps 1
(``blunder.thrown_away()``), a drop of 100 points that no estimate can exceed. Every other
figure the tests check is read from ``review``'s own answer.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from durak_edu.exercises import blunder, check_blunder


@pytest.fixture(scope="module")
def r():
    return blunder.reviewed()


def test_the_game_was_made_with_one_thrown_away_ending_and_the_review_finds_it(r):
    i = blunder.thrown_away()
    m = next(m for m in r.moves if m.index == i)
    assert (m.before, m.after, m.drop, m.mark) == (Fraction(1), Fraction(0), 1.0, "??")
    assert max(x.drop for x in r.moves) == 1.0
    assert blunder.game().actions[i] == m.action


def test_the_right_move_is_accepted_in_every_form(r):
    i = blunder.thrown_away()
    m = next(m for m in r.moves if m.index == i)
    for answer in ({"move": i + 1}, {"index": i}, m, {"move": i + 1, "better": str(m.best)},
                   {"index": i, "better": m.best}, i + 1, f"move {i + 1}", f" {i + 1} "):
        v = check_blunder(answer)
        assert v.ok, (answer, v)
        assert f"move {i + 1}" in v.message and "the largest drop of the game" in v.message
        assert "100 %" in v.message and "0 %" in v.message   # exact values: solved


def test_a_smaller_drop_is_told_its_drop_and_where_the_worse_one_is(r):
    i = blunder.thrown_away()
    first = min((m for m in r.moves if m.drop < 1), key=lambda m: m.index)
    v = check_blunder({"move": first.index + 1})
    assert not v.ok
    worse = sum(1 for m in r.moves if m.drop > first.drop)
    assert f"a drop of {round(first.drop * 100)} point" in v.message
    assert f"{worse} of Anna's moves gave away more" in v.message
    assert "the worst dropped 100 points" in v.message
    if all(m.index > first.index for m in r.moves if m.drop > first.drop):
        assert "later in the game" in v.message
    assert f"move {i + 1}" not in v.message   # the answer is not given away


def test_a_bare_number_is_read_as_the_move_list_shows_it(r):
    # the natural first answer, ``answer = 40``: move 40 of the list, not index 40
    i = blunder.thrown_away()
    assert check_blunder(i + 1).ok and check_blunder(f"Move {i + 1}").ok
    v = check_blunder(i)   # one too early: the move before, judged as a move
    assert not v.ok and f"move {i}" in v.message


def test_a_move_that_was_no_decision_is_explained(r):
    i = blunder.thrown_away()
    g = blunder.game()
    v = check_blunder({"move": i + 2})
    assert not v.ok and "was Boris's" in v.message
    forced = next(k for k in range(len(g.actions)) if blunder.position_before(k).to_act == 0
                  and len(blunder.position_before(k).legal_actions()) == 1)
    v = check_blunder({"index": forced})
    assert not v.ok and "only one legal move" in v.message
    v = check_blunder({"move": len(g.actions) + 5})
    assert not v.ok and f"moves 1 … {len(g.actions)}" in v.message


def test_a_wrong_better_move_at_the_right_place_is_explained(r):
    i = blunder.thrown_away()
    m = next(m for m in r.moves if m.index == i)
    pos = blunder.position_before(i)
    worse = next(a for a in pos.legal_actions() if a == m.action)
    v = check_blunder({"move": i + 1, "better": str(worse)})
    assert not v.ok and f"'{worse}' is not the better move there" in v.message
    assert "the largest drop of the game" in v.message      # the move itself was right
    v = check_blunder({"move": i + 1, "better": "beat 6♠ 7♠"})
    assert not v.ok and "is not legal at move" in v.message


@pytest.mark.parametrize("odd, words", [
    (3.5, "give the number the move list shows"), ("attack 7♠", "write the move's number"),
    ("move twelve", "write the move's number"), (True, "give the number"),
    ({"move": 3, "index": 2}, "exactly one of"), ({"move": "7"}, "whole number"),
    ({"moves": 1}, "unknown key"), ({"move": True}, "whole number"),
])
def test_an_unreadable_answer_says_what_to_give(odd, words):
    v = check_blunder(odd)
    assert not v.ok and words in v.message


@pytest.mark.parametrize("huge", [10 ** 5000, {"move": 10 ** 5000}, "x" * 10 ** 6,
                                  {"move": "x" * 10 ** 5}],
                         ids=["int", "move-int", "text", "move-text"])
def test_a_huge_answer_is_answered_briefly_not_with_a_traceback(huge):
    # a whole number past Python's 4,300 digits cannot even be printed; a long text is cut
    v = check_blunder(huge)
    assert not v.ok and len(v.message) < 600

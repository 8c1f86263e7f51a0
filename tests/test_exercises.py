"""The exercises: generated from the solutions and in sync with them; every checker rejects a
wrong answer with a specific message, accepts the right one, and says "not answered yet" for the
stub without raising."""

import json
import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from authoring import exercises as build
from durak_edu.exercises import CHECKERS, STUB, Verdict, check_P
from durak_edu.exercises import blunder, countdown
from durak_edu.widgets import Drill
from helpers import DEEP

ROOT = Path(__file__).resolve().parent.parent
SOLUTIONS = ROOT / "solutions"
EXERCISES = ROOT / "exercises"
PAIRS = sorted(p.name for p in SOLUTIONS.glob("*.ipynb"))


def cells(path):
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def source(cell):
    return "".join(cell["source"])


def capstone_bot(game, seat):
    """Exercise 12's solution: count, and solve the ending once nothing is hidden."""
    from durak_edu.bots import SolveError, counting_bot, solve
    v = game.view()
    if game.players == 2 and v.talon_size == 0 and not v.unknown and sum(v.hand_sizes) <= 8:
        try:
            value, best = solve(game.redeal(0), limit=3000)
            if value >= 0:
                return best[0]
        except SolveError:
            pass
    return counting_bot(game, seat)


def your_random_bot(game, seat):
    """A student's bot that plays at random (the library's random_bot, called inside)."""
    from durak_edu.bots import random_bot
    return random_bot(game, seat)


# -- the sync test ----------------------------------------------------------------------------------

def test_build_check_passes():
    assert build.check(SOLUTIONS, EXERCISES) == []
    assert build.main(["--check", "--solutions", str(SOLUTIONS), "--exercises", str(EXERCISES)]) == 0


def test_regenerating_gives_identical_files(tmp_path):
    assert build.build(SOLUTIONS, tmp_path) != []          # written the first time
    assert build.build(SOLUTIONS, tmp_path) == []          # nothing changes the second time
    for name in PAIRS:
        assert (tmp_path / name).read_bytes() == (EXERCISES / name).read_bytes(), name


def test_check_names_the_stale_missing_and_orphan_notebooks(tmp_path, capsys):
    sol, ex = tmp_path / "solutions", tmp_path / "exercises"
    shutil.copytree(SOLUTIONS, sol)
    shutil.copytree(EXERCISES, ex)
    stale, missing = PAIRS[0], PAIRS[1]
    text = (ex / stale).read_text(encoding="utf-8")
    (ex / stale).write_text(text.replace("your answer", "my answer", 1), encoding="utf-8")
    (ex / missing).unlink()
    (ex / "99_orphan.ipynb").write_text(text, encoding="utf-8")
    assert build.main(["--check", "--solutions", str(sol), "--exercises", str(ex)]) == 1
    err = capsys.readouterr().err
    assert stale in err and missing in err and "99_orphan.ipynb" in err
    assert build.main(["--solutions", str(sol), "--exercises", str(ex)]) == 0   # regenerate
    assert (ex / stale).read_text(encoding="utf-8") == text
    assert build.check(sol, ex) == [f"{ex / '99_orphan.ipynb'}: has no solution in {sol}"]


def test_a_changed_solution_makes_the_exercise_stale(tmp_path):
    sol, ex = tmp_path / "solutions", tmp_path / "exercises"
    shutil.copytree(SOLUTIONS, sol)
    shutil.copytree(EXERCISES, ex)
    nb = json.loads((sol / PAIRS[0]).read_text(encoding="utf-8"))
    nb["cells"][0]["source"] = ["# Edited title\n"] + nb["cells"][0]["source"][1:]
    (sol / PAIRS[0]).write_text(json.dumps(nb), encoding="utf-8")
    assert [p.split(":")[0] for p in build.check(sol, ex)] == [str(ex / PAIRS[0])]


# -- what the generator does to a solution region ----------------------------------------------------

def test_a_region_becomes_its_hints_and_a_stub_that_keeps_the_target():
    src = ("x = 1\n    ### BEGIN SOLUTION\n    ### HINT: first hint\n    y = x + 1\n"
           "    ### HINT: second hint\n    a[0], b = y, 2\n    print(a)\n    ### END SOLUTION\nz")
    assert build.strip_solutions(src) == (
        "x = 1\n    # Hint: first hint\n    # Hint: second hint\n    a[0], b = ...  # your answer\nz")


@pytest.mark.parametrize("src, words", [
    ("### BEGIN SOLUTION\nx = 1\n### END SOLUTION", "HINT"),
    ("### BEGIN SOLUTION\n### HINT: h\nx = 1", "never closed"),
    ("x = 1\n### END SOLUTION", "without"),
    ("### BEGIN SOLUTION\n### HINT: h\nprint(1)\n### END SOLUTION", "assigning"),
    ("### BEGIN SOLUTION\n### BEGIN SOLUTION\n", "inside another"),
    ("### BEGIN SOLUTION\n### HINT: h\nx = (\n### END SOLUTION", "not valid Python"),
])
def test_a_malformed_region_is_refused_with_where_and_why(src, words):
    with pytest.raises(build.BuildError, match=words) as err:
        build.strip_solutions(src, "07_x.ipynb, cell 3")
    assert "07_x.ipynb, cell 3" in str(err.value)


# -- the notebooks ---------------------------------------------------------------------------------------

def test_at_least_ten_pairs_and_every_exercise_has_its_solution():
    exercises = sorted(p.name for p in EXERCISES.glob("*.ipynb"))
    assert exercises == PAIRS and len(PAIRS) >= 10
    numbers = [int(n[:2]) for n in PAIRS]
    assert numbers == sorted(set(numbers)) and numbers[0] == 1
    # numbered without gaps, except 12, reserved for the bot exercise (issue 19)
    assert set(range(1, numbers[-1] + 1)) - set(numbers) <= {12}


@pytest.mark.parametrize("name", PAIRS)
def test_each_exercise_opens_with_its_aim_and_ends_with_a_checker_call(name):
    ex, sol = cells(EXERCISES / name), cells(SOLUTIONS / name)
    assert [c["id"] for c in ex] == [c["id"] for c in sol]
    assert "what you practise" in source(ex[0]).lower()
    last = source(ex[-1])
    assert ex[-1]["cell_type"] == "code" and any(f"{n}(" in last for n in CHECKERS)
    code = [c for c in ex if c["cell_type"] == "code"]
    assert all(not c["outputs"] and c["execution_count"] is None for c in code)
    text = "\n".join(source(c) for c in code)
    assert "### BEGIN SOLUTION" not in text and "= ...  # your answer" in text
    assert "# Hint:" in text
    assert "### BEGIN SOLUTION" in "\n".join(source(c) for c in sol)


def test_the_drill_time_stays_out_of_the_comparison_and_the_stored_solution():
    """Exercise 09 uses the Drill widget (issue 19); its time changes from run to run."""
    for folder in (SOLUTIONS, EXERCISES):
        cs = cells(folder / "09_countdown_drill.ipynb")
        timed = [c for c in cs if "check_drill(" in source(c)]
        assert timed and all(source(c).startswith("# NBVAL_IGNORE_OUTPUT") for c in timed)
        assert any("Drill(" in source(c) for c in cs)
    stored = json.dumps(cells(SOLUTIONS / "09_countdown_drill.ipynb"), ensure_ascii=False)
    assert "Time: not taken" in stored and " s a card" not in stored
    assert "best accuracy" in stored


# -- every checker ---------------------------------------------------------------------------------------

RIGHT = {
    "check_beaters": {"9♠": "Q♠ 9♥", "6♣": {"10♣", "9♥"}, "J♦": ["A♦", "9♥"], "6♥": "9♥",
                      "Q♥": set()},
    "check_legal_actions": {"pass", "throw 7♦", "throw 9♥", "throw 10♦", "throw 10♥",
                            "throw 9♥ 7♦", "throw 7♦ 10♦", "throw 7♦ 10♥", "throw 9♥ 10♦",
                            "throw 9♥ 10♥", "throw 10♦ 10♥", "throw 7♦ 9♥ 10♦",
                            "throw 7♦ 9♥ 10♥", "throw 7♦ 10♦ 10♥", "throw 9♥ 10♦ 10♥"},
    "check_transfers": {"a": "R3.4", "b": True, "c": "R3.2", "d": "3.4", "e": "R3.1", "f": "legal"},
    "check_unknown_count": 22,
    "check_expected_trumps": {(32, 6): Fraction(42, 31), (52, 6): Fraction(24, 17),
                              (36, 5): Fraction(8, 7), (24, 6): 30 / 23},
    "check_trump_formula": "h*(K - 1)/(N - 1)",
    "check_p_can_beat": {"Q♠": 1, "8♥": Fraction(17, 28), "J♥": Fraction(137, 280)},
    "check_p_leads": {(2, 0): Fraction(64241, 125860), (2, 1): Fraction(61619, 125860),
                      (6, 5): Fraction(5, 21), (6, 0): Fraction(16, 105)},
    "check_opponent_hand": "A♠ Q♣ 7♦ J♦ 7♥ K♥",
    "check_countdown": "8♠ A♠ Q♣ 6♦ 7♦ 8♦ J♦ 7♥ 9♥ K♥",
    "check_drill": "6♥ 10♥ J♥ Q♥ K♥ A♥",        # Drill("trumps", seed=19), round 1
    "check_all_beaten": {"a": {"9♠": "K♠", "9♦": "A♦", "9♥": "10♥"}, "b": None},
    "check_endgame": {"value": "win", "move": "attack 9♦"},
    "check_prostoy_moves": {"a": {"attack 7♠", "attack 7♣", "attack 9♦", "attack J♥", "attack A♠",
                                  "attack 7♠ 7♣", "attack 7♠ 7♣ 9♦", "attack 7♠ 7♣ J♥",
                                  "attack 7♠ 7♣ A♠"},
                            "b": {"beat 7♠ 8♠", "beat 7♠ K♥", "beat 7♣ 10♣", "beat 7♣ K♥",
                                  "beat 9♦ Q♦", "beat 9♦ K♥", "take"},
                            "c": {"attack 6♣", "attack 8♣", "attack 9♣", "attack K♠", "attack K♥",
                                  "attack K♠ K♥", "attack 6♣ K♠ K♥", "attack 8♣ K♠ K♥",
                                  "attack 9♣ K♠ K♥"}},
    "check_teams_moves": {"a": {"throw 8♥", "pass"}, "b": {"throw 6♠", "pass"},
                          "c": {"throw 8♥", "throw 9♠", "throw 8♥ 9♠", "pass"}},
    "check_bayes_update": {"prior": Fraction(605, 969), "posterior": Fraction(605, 1697),
                           "A♥": Fraction(153, 1697)},
    "check_maumau_moves": {"a": {"play 9♥", "play Q♦", "play Q♦ call S", "play Q♦ call C",
                                 "play Q♦ call D", "play Q♦ call H"},
                           "b": "draw", "c": ["play A♣", "play 10♣"]},
    "check_circle_moves": {"a": {"beat 9♠ 10♠", "beat 9♠ Q♠"}, "b": {"beat Q♠ K♠", "beat Q♠ A♠"},
                           "c": {"beat 10♣ K♣", "beat 10♣ 6♦", "beat 10♣ 8♦", "beat 10♣ 9♦"},
                           "d": {"take"}},
    "check_bot": capstone_bot,  # the solution's bot: its whole interval is above 50 %
    "check_P": lambda event, space: Fraction(sum(1 for o in space if event(o)), len(space)),
    "check_counted_trumps": Fraction(30, 23),
    # the move with which the game was made to throw a solved ending away (an exact drop of 100
    # points, which no other move exceeds; tests/test_exercise_blunder.py checks the rest)
    "check_blunder": {"move": blunder.thrown_away() + 1},
}

# a wrong answer, and words the verdict must contain: it says exactly what is wrong
#: the random bot that answers exercise 12 wrongly loses nearly every game, so the quick run's
#: 20 isolated games give the same verdict as the checker's 200 (the deep run's, DURAK_DEEP=1),
#: at a tenth of the time; the stored "✔ Right." of solutions/12 (nbval) shows the default 200
WRONG_BOT_GAMES = 200 if DEEP else 20

WRONG = {
    "check_beaters": ({"9♠": "Q♠ 9♥ 8♠", "6♣": "10♣", "J♦": "A♦ 9♥", "6♥": "9♥", "Q♥": ""},
                      ["8♠ does not beat it", "R2.3", "you left out 9♥"]),
    "check_legal_actions": ({"pass", "throw K♣", "throw 7♦ 9♥ 10♦ 10♥"},
                            ["'throw K♣' is not legal", "no K is on the table", "R2.6",
                             "you left out 14 legal actions"]),
    "check_transfers": ({"a": True, "b": "R3.2", "c": False, "d": "R3.2", "e": "R3.1", "f": True},
                        ["(a) you said 'transfer 7♣' is legal", "first bout", "(b) 'transfer 8♦' is legal",
                         "(c) right, 'transfer 8♦' is illegal", "by R3.4, not R3.2"]),
    "check_unknown_count": (23, ["You counted 23, 1 too many", "10♦", "trump card 7♥"]),
    "check_expected_trumps": ({(32, 6): Fraction(3, 2), (52, 6): Fraction(24, 17),
                               (36, 5): Fraction(8, 7), (24, 6): Fraction(30, 23)},
                              ["32 cards, 6 in a hand: you gave 3/2", "fixed in advance"]),
    "check_trump_formula": ("h*K/N", ["fixed in advance", "N − 1"]),
    "check_p_can_beat": ({"Q♠": Fraction(3, 16), "8♥": Fraction(1, 4), "J♥": Fraction(143, 280)},
                         ["a trump beats any card", "ONE given unknown card", "can NOT beat"]),
    "check_p_leads": ({(2, 0): Fraction(1, 2), (2, 1): Fraction(61619, 125860),
                       (6, 5): Fraction(1, 6), (6, 0): Fraction(16, 105)},
                      ["seat 0 leads (R1.3)", "not symmetric", "keeps the turned trump"]),
    "check_opponent_hand": ("A♠ Q♣ 7♦ J♦ K♥ 8♠", ["8♠ is not in Boris's hand", "own hand",
                                                  "you left out 7♥", "last card of the talon"]),
    "check_countdown": ("8♠ A♠ Q♣ 6♦ 7♦ 8♦ J♦ 7♥ 9♥ Q♦",
                        ["Q♦ is not out: it is in your own hand", "Still out but not named: K♥",
                         "accuracy 9/11"]),
    "check_drill": ("6♥ 10♥ Q♥ K♥ A♥ 7♥ 9♦", ["Still out but not named: J♥",
                                              "7♥ is not out: it is in your own hand",
                                              "Not asked about this round", "9♦",
                                              "5/6 found, 1 wrong, accuracy 71%", "best accuracy 71%"]),
    # the greedy slip (the trump ten spent on a plain nine) and a take said for a beatable attack
    "check_all_beaten": ({"a": {"9♠": "10♥", "9♦": "A♦", "9♥": "10♥"}, "b": {"8♣": "7♥", "8♦": "7♥"}},
                         ["10♥ is already used on 9♠", "each attack card needs its own beater",
                          "(b) beat 8♦ with 7♥"]),
    "check_endgame": ({"value": "loss", "move": "attack 8♣"},
                      ["you said loss for Anna", "it is a win", "after 'attack 8♣' the best Anna "
                       "can get is a loss"]),
    "check_prostoy_moves": ({"a": {"attack 7♠ 7♣ 9♦ J♥"}, "b": {"take"}, "c": {"pass"}},
                            ["R4: an attack is one card, a pair, or a pair plus one card",
                             "(b) you left out 6 legal actions", "(c) 'pass' is not legal"]),
    "check_teams_moves": ({"a": {"throw 8♥", "pass"}, "b": {"throw 8♣", "pass"}, "c": {"pass"}},
                          ["(b) 'throw 8♣' is not legal", "not in seat 0's hand",
                           "(b) you left out 1 legal action: 'throw 6♠'", "defender's opponents"]),
    "check_bayes_update": ({"prior": Fraction(605, 969), "posterior": Fraction(605, 969),
                            "A♥": Fraction(3, 19)},
                           ["the prior itself", "ignores her choice"]),
    "check_maumau_moves": ({"a": {"play 9♥", "play K♠"}, "b": {"draw"}, "c": {"play 10♣", "play A♣"}},
                           ["(a) 'play K♠' is not legal", "R8.3", "(a) you left out 5 legal actions"]),
    # the old queen-high belief in (b), and a trump tried on a spade in (d)
    "check_circle_moves": ({"a": {"beat 9♠ 10♠", "beat 9♠ Q♠"}, "b": {"take"},
                            "c": {"beat 10♣ K♣", "beat 10♣ 6♦", "beat 10♣ 8♦", "beat 10♣ 9♦"},
                            "d": {"beat J♠ 7♦"}},
                           ["(b) 'take' is not legal", "can beat Q♠ (with K♠ A♠)",
                            "(b) you left out 2 legal actions: 'beat Q♠ K♠', 'beat Q♠ A♠'", "natural order",
                            "(d) 'beat J♠ 7♦' is not legal", "a spade is beaten only by a higher spade",
                            "(d) you left out 1 legal action: 'take'"]),
    "check_bot": (your_random_bot, [f"against lowest_card_bot, {WRONG_BOT_GAMES} seeded games",
                                    "Wilson interval", "loses more often than it wins",
                                    "keep trumps for last"]),
    # the move after the blunder is Boris's: not a decision of Anna's
    "check_blunder": ({"move": blunder.thrown_away() + 2},
                      ["was Boris's", "the review judges only Anna's moves"]),
}


WRONG.update({
    # a decimal share, and the complement
    "check_P": (lambda event, space: sum(map(event, space)) / len(space),
                ["the decimal 0.5", "Fraction(count, len(space))"]),
    "check_counted_trumps": (Fraction(3, 2), ["gave 3/2", "fixed in advance"]),
})


def test_check_P_names_the_space_it_fails_on_and_why():
    complement = check_P(lambda e, s: Fraction(sum(not e(o) for o in s), len(s)))
    assert "an even number on one die" not in repr(complement)  # 1/2 is its own complement
    assert "a six on one die" in repr(complement) and "does NOT happen" in repr(complement)
    raises = check_P(lambda e, s: len(e & set(s)) / len(s))   # Norvig's set form, given functions
    assert raises.status == "wrong" and "TypeError" in repr(raises) and "event(outcome)" in repr(raises)
    assert "not a function" in repr(check_P(Fraction(1, 2)))


def call(name, answer, games=None):
    if games is not None:  # check_bot's match, shorter
        return CHECKERS[name](answer, games=games)
    if name == "check_countdown":  # a timed drill: the time is reported, never compared
        return CHECKERS[name](answer, countdown.drill())
    if name == "check_drill":
        return CHECKERS[name](answer, Drill("trumps", seed=19))
    return CHECKERS[name](answer)


def test_every_checker_is_tested():
    assert set(RIGHT) == set(WRONG) == set(CHECKERS)


#: exercise 12's right answer plays 200 isolated games, and nbval plays the same ones with the
#: same bot in solutions/12_write_your_own_bot.ipynb (whose stored "✔ Right." it compares): the
#: quick run leaves the repeat to the deep run (DURAK_DEEP=1)
@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.deep) if n == "check_bot"
                                  else n for n in sorted(CHECKERS)])
def test_a_checker_accepts_the_right_answer(name):
    v = call(name, RIGHT[name])
    assert isinstance(v, Verdict) and v.ok, repr(v)
    assert repr(v).startswith("✔ Right.")


@pytest.mark.parametrize("name", sorted(CHECKERS))
def test_a_checker_rejects_a_wrong_answer_saying_what_is_wrong(name):
    answer, words = WRONG[name]
    v = call(name, answer, WRONG_BOT_GAMES if name == "check_bot" else None)
    assert v.status == "wrong" and not v.ok
    text = repr(v)
    assert text.startswith("✘ Not yet right.") and "incorrect" not in text.lower()
    for w in words:
        assert w in text, (w, text)


@pytest.mark.parametrize("name", sorted(CHECKERS))
def test_a_checker_says_not_answered_yet_for_the_stub(name):
    for v in (call(name, STUB), call(name, ...)):
        assert v.status == "unanswered" and repr(v).startswith("… Not answered yet.")


@pytest.mark.parametrize("name", sorted(CHECKERS))
@pytest.mark.parametrize("odd", [None, 0, "", "nonsense", {}, [], {"zz": 1}, 2.5, object()])
def test_a_checker_never_raises_on_an_odd_answer(name, odd):
    v = call(name, odd)
    assert v.status == "wrong" and v.message


def test_the_endgame_answer_is_what_the_view_deduces():
    from durak_edu.exercises import endgame
    g = endgame.position()
    assert g.talon_size == 0 and g.players == 2
    assert set(g.view(endgame.SEAT).known[endgame.OPPONENT]) == endgame.opponent_hand()


def test_the_countdown_answer_is_what_the_counter_widget_calls_still_out():
    from durak_edu.widgets import CounterWidget
    d = countdown.drill()
    assert CounterWidget(d.game, d.seat).still_out() == countdown.still_out()


def test_the_countdown_reports_its_time_only_when_timed():
    clock = iter([100.0, 112.5]).__next__
    timed = countdown.Drill(clock=clock)
    assert "Time: 12.5 s, 1.2 s a card" in repr(countdown.check_countdown(RIGHT["check_countdown"], timed))
    assert "not taken" in repr(countdown.check_countdown(RIGHT["check_countdown"],
                                                         countdown.drill().untimed()))


def test_exercise_04_names_exactly_the_card_counted_wrongly_when_given_the_cards():
    from durak_edu.exercises.unknown import check_unknown_count, position
    unknown = {str(c) for c in position().view(1).unknown}
    assert check_unknown_count(unknown).ok
    assert check_unknown_count(" ".join(sorted(unknown))).ok  # as text too
    one_too_many = unknown | {"7♥"}  # the turned trump, face up under the talon
    text = repr(check_unknown_count(one_too_many))
    assert "7♥: Boris can place it — the trump card, face up under the talon (R1.2)" in text
    assert "10♦" not in text  # only the card that was wrong is named
    swapped = (unknown - {sorted(unknown)[0]}) | {"10♦"}
    text = repr(check_unknown_count(swapped))
    assert "10♦: Boris can place it — picked up by Anna at a take" in text
    assert f"you left out 1 card Boris cannot place: {sorted(unknown)[0]}" in text
    # a count alone cannot say which card slipped in: the checker says so and how to find out
    text = repr(check_unknown_count(len(unknown) + 1))
    assert "cannot say which card" in text and "give the cards instead" in text


def test_a_formula_is_echoed_as_the_student_wrote_it():
    from durak_edu.exercises.trumps import check_trump_formula
    text = repr(check_trump_formula("h / 4"))
    assert "Your formula h/4 does not agree" in text and "H/4" not in text


HOSTILE = [None, 3.5, -1, float("nan"), float("inf"), True, "xyz", "", "h/", "1/0", object(),
           [1, 2], ("7♠",), "7♠ 7♠", {"x"}, {1: 2}, {"a": None}, {"a": 3}, {"a": object()},
           {"a": "beat XX YY"}, {"a": {"beat XX"}}, {("a", "b"): 1}, {(36, 6): "x"}]


@pytest.mark.parametrize("name", sorted(CHECKERS))
def test_a_checker_answers_any_unreadable_answer_with_a_verdict(name):
    for answer in HOSTILE:
        v = CHECKERS[name](answer)
        assert isinstance(v, Verdict) and v.status in ("wrong", "right"), (answer, v)


def test_a_bug_in_a_checker_is_not_reported_as_an_unreadable_answer():
    from durak_edu.exercises._common import checker

    @checker("Give a number.")
    def check_buggy(answer):
        return {}["a key the checker forgot"]  # the checker's own mistake, not the student's

    with pytest.raises(KeyError):
        check_buggy(3)


# -- issue 19: checker gaps ---------------------------------------------------------------------------

@pytest.mark.parametrize("name, answer, key", [
    ("check_p_leads", {(6, 5): 0.238}, (6, 5)),
    ("check_expected_trumps", {(32, 6): 1.355}, (32, 6)),
    ("check_p_can_beat", {"8♥": 0.607}, "8♥"),
    ("check_bayes_update", {"posterior": 0.3565}, "posterior"),
])
def test_a_rounded_decimal_is_told_to_give_a_fraction(name, answer, key):
    """A float a little off the exact answer is a rounding: the verdict says so and asks for a
    Fraction, instead of a bare 'wrong'."""
    v = CHECKERS[name](answer)
    assert not v.ok and "exact answer rounded" in v.message and "Fraction" in v.message


def test_a_decimal_equal_to_the_answer_is_right_with_a_reminder():
    right = dict(RIGHT["check_p_leads"])
    right[(6, 0)] = 16 / 105
    v = CHECKERS["check_p_leads"](right)
    assert v.ok and "a Fraction keeps it exact" in v.message


@pytest.mark.parametrize("case, given", [((6, 5), Fraction(1, 9) + Fraction(8, 9) * Fraction(6, 36)),
                                         ((6, 0), Fraction(8, 9) * Fraction(6, 36))])
def test_exercise_07s_6_36_slip_gets_its_own_explanation(case, given):
    """R1.2: the turned card is already in the dealer's hand, so the lowest trump, if it is not
    the turned card, is one of the other 35 cards — not 6 of 36 per hand."""
    v = CHECKERS["check_p_leads"]({case: given})
    assert "the 6/36 slip" in v.message and "other 35 cards" in v.message


def test_exercise_11_says_what_r7_1_says_about_the_highest_spade():
    """R7.1: the circle game keeps the natural order (ace high), unlike R6's queen: the notebook,
    the checker's right answer and the engine agree."""
    from durak_edu.exercises import circle_puzzle
    g = circle_puzzle.positions()["b"]
    assert {str(a) for a in g.legal_actions()} == {"beat Q♠ K♠", "beat Q♠ A♠"}
    text = json.dumps(cells(SOLUTIONS / "11_circle_puzzle.ipynb"), ensure_ascii=False)
    assert "the ace is the highest spade" in text and "queen is the highest spade" not in text


def test_the_drill_check_scores_the_round_and_reports_the_sessions_best_time_and_accuracy():
    class Clock:
        now = 0.0

        def __call__(self):
            return self.now
    clock = Clock()
    d = Drill("trumps", seed=19, seconds=60, clock=clock)
    clock.now = 9.0
    first = CHECKERS["check_drill"](RIGHT["check_drill"], d)
    assert first.ok and "Time: 9.0 s" in first.message and "best time 9.0 s" in first.message
    d.next()
    clock.now += 4.5
    second = CHECKERS["check_drill"]("", d)
    assert not second.ok and "best time 9.0 s" in second.message and "best accuracy 100%" in second.message
    assert "streak 0 (best 1)" in second.message and len(d.history) == 2
    again = CHECKERS["check_drill"]("", d)              # the round is already scored
    assert "already checked" in again.message and len(d.history) == 2


@pytest.mark.parametrize("name", PAIRS)
def test_hints_stay_hidden_until_the_student_opens_them(name):
    """Issue 19: a hint is in a collapsed cell (<details>) above its answer cell; the code says
    only where to find it, so nobody reads it by accident."""
    ex = cells(EXERCISES / name)
    for i, c in enumerate(ex):
        hints = [ln for ln in source(c).splitlines() if ln.strip().startswith("# Hint:")]
        if c["cell_type"] != "code" or not hints:
            continue
        assert all(h.strip() == "# Hint: stuck? open the Hint above." for h in hints), hints
        above = source(ex[i - 1])
        assert ex[i - 1]["cell_type"] == "markdown" and above.startswith("<details><summary>")
        assert above.rstrip().endswith("</details>") and len(above) > 80


# -- issue 26: the forms a student is told to use are accepted ----------------------------------

def test_exercise_14_accepts_what_solve_returns_and_the_words_in_any_case():
    """The exercise says to check with ``solve``: its value (1) and its tuple are answers too."""
    from durak_edu.bots import solve
    from durak_edu.exercises import check_endgame, endgame_solve
    value, best = solve(endgame_solve.position())
    for answer in ({"value": 1, "move": "attack 9♦"}, {"value": "Win", "move": "attack 9♦"},
                   {"value": " WINS ", "move": best[0]}, (value, best), ("win", "attack 9♦")):
        v = check_endgame(answer)
        assert v.ok, (answer, repr(v))
        assert "'attack 9♦' keeps the win" in v.message
    wrong = check_endgame((-1, "attack 8♣"))  # solve's number for a loss, read as a loss
    assert not wrong.ok and "you said loss for Anna" in wrong.message


def test_exercise_14_checks_every_move_of_a_list_and_says_what_was_expected():
    from durak_edu.exercises import check_endgame
    v = check_endgame({"value": "win", "move": ["attack 9♦", "attack 8♣"]})
    assert not v.ok and "'attack 9♦' keeps the win" in v.message
    assert "after 'attack 8♣' the best Anna can get is a loss" in v.message
    for odd, said in ((True, "not True"), (2, "not 2"), ("victory", "not 'victory'")):
        text = check_endgame({"value": odd, "move": "attack 9♦"}).message
        assert f"'value' should be 'win', 'draw' or 'loss' (or solve's 1, 0, -1), {said}" in text
    text = check_endgame("win").message
    assert text.startswith("I could not read your answer: got str 'win'")
    assert "{'value': 'win' | 'draw' | 'loss', 'move': 'attack …'}" in text
    assert "solve's own tuple" in text
    assert "unknown key 'mvoe'" in check_endgame({"value": "win", "mvoe": "attack 9♦"}).message


def test_exercise_13_takes_false_for_cannot_and_true_as_a_yes_still_to_be_shown():
    """A yes/no question answered with a boolean: False is None's "it cannot be done"."""
    from durak_edu.exercises import check_all_beaten
    a = RIGHT["check_all_beaten"]["a"]
    v = check_all_beaten({"a": a, "b": False})
    assert v.ok and "(b) right: no assignment beats 8♣ 8♦" in v.message
    v = check_all_beaten({"a": True, "b": True})
    assert not v.ok
    assert "(a) yes, it can be done; now say how" in v.message
    assert "(b) you said it can be done, but no assignment beats 8♣ 8♦" in v.message
    assert "should be a dict attack card → beater, or None (or False)" in check_all_beaten(
        {"a": 1, "b": None}).message


def test_exercise_13_says_an_empty_dict_gives_no_beater_in_one_sentence():
    from durak_edu.exercises import check_all_beaten
    v = check_all_beaten({"a": RIGHT["check_all_beaten"]["a"], "b": {}})
    line = [ln for ln in v.message.splitlines() if ln.strip().startswith("(b)")][0]
    assert line.strip() == ("(b) no beater given for 8♣ 8♦; look again: with a different card "
                            "for each, can it be done at all (None if not).")
    assert "?." not in v.message

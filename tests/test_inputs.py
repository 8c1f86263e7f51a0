"""Bad arguments and hostile records (issue 13, items 5, 6, 7, 10): what a user gets back is a
clear error naming the argument, the field or the line — or, for what is accepted, a record that
saves and loads in both formats. docs/record-format.md ("Limits", "What a record carries").
"""

import json

import pytest

from durak_edu import IllegalAction, new_game
from durak_edu.games import check_deck
from durak_edu.record import Annotation, GameRecord, RecordError, Replay


def both_ways(rec):
    """The record saved and loaded in each format (and the JSON really encodes as UTF-8)."""
    js = rec.to_json()
    js.encode("utf-8")
    rec.to_text().encode("utf-8")
    return GameRecord.from_json(js), GameRecord.from_text(rec.to_text())


def played(n=3, **kw):
    g = new_game("podkidnoy", players=2, **({"seed": 1} | kw))
    for _ in range(n):
        g.play(g.legal_actions()[0])
    return g


# -- item 7: whatever new_game accepts, its record carries ------------------------------------------

def test_a_huge_seed_is_carried_by_both_formats():
    g = played(seed=10**40)
    js, tx = both_ways(g.record())
    assert js.seed == tx.seed == 10**40 and tx.deck == g.deck_order
    top = 2**256 - 1
    assert GameRecord.from_text(new_game(seed=top).record().to_text()).seed == top


@pytest.mark.parametrize("seed", ["abc", 1.5, -1, True, 2**256])
def test_a_seed_is_a_whole_number_at_least_0(seed):
    with pytest.raises(ValueError, match=r"^seed must be a whole number from 0 to 2\*\*256 - 1, "
                                         rf"not {__import__('re').escape(repr(seed))}$"):
        new_game(seed=seed)


def test_a_record_refuses_a_seed_new_game_refuses():
    d = json.loads(played().record().to_json())
    d["seed"] = -1
    with pytest.raises(RecordError, match=r"^seed: must be a whole number from 0"):
        GameRecord.from_json(json.dumps(d))


@pytest.mark.parametrize("names, bad", [(["Anna\nB", "C"], 0), (["", ""], 0), (["A", " B"], 1),
                                        (["A", "B\u2028"], 1), (["A", 7], 1)])
def test_names_are_non_empty_single_lines(names, bad):
    with pytest.raises(ValueError, match=rf"^names\[{bad}\]: .* is not a name: a name is one "
                                         "line of printable text"):
        new_game(names=names)


def test_accepted_names_survive_both_formats():
    g = played(names=["Anna, the first", "[Борис]"])
    js, tx = both_ways(g.record())
    assert js.names == tx.names == ("Anna, the first", "[Борис]")
    same = played(names=["Anna", "Anna"])  # distinct is not required: records are by seat
    assert both_ways(same.record())[1].names == ("Anna", "Anna")


def test_a_record_built_in_code_with_a_bad_name_refuses_to_be_written():
    rec = played().record()
    rec.names = ("Anna\nB", "C")
    for write in (rec.to_json, rec.to_text):
        with pytest.raises(RecordError, match=r"^names\[0\]: 'Anna\\nB' must be one line"):
            write()


@pytest.mark.parametrize("value", ["two\nlines", "  padded  ", '"quoted"', '"', "", "a\u2028b",
                                   "x\x85y", "tab\there", "true", "#not a comment", "(", "Вера ♠"])
def test_meta_values_survive_both_formats(value):
    rec = played().record()
    rec.meta["title"] = value
    rec.meta["event"] = "plain"
    js, tx = both_ways(rec)
    assert js.meta == tx.meta == {"title": value, "event": "plain"}
    assert tx.to_text() == rec.to_text()


def test_a_hand_written_quote_in_a_title_is_kept():
    text = 'variant: podkidnoy\nplayers: 2\nseed: 1\ntitle: "Hello" said he\n'
    assert GameRecord.from_text(text).meta == {"title": '"Hello" said he'}


def test_meta_that_no_format_can_carry_is_refused_when_written():
    rec = played().record()
    rec.meta["colour"] = "red"  # to_text used to drop it silently
    for write in (rec.to_json, rec.to_text):
        with pytest.raises(RecordError, match=r"^meta\.colour: unknown key; use one of title"):
            write()
    rec.meta = {"title": 7}
    with pytest.raises(RecordError, match=r"^meta\.title: must be text, not int"):
        rec.to_json()


def test_a_lone_surrogate_is_refused_where_it_enters():
    with pytest.raises(ValueError, match=r"^comment: holds a lone surrogate '\\ud800' at "
                                         r"character 2"):
        Annotation("a\ud800")
    rec = played().record()
    with pytest.raises(ValueError, match=r"^comment: holds a lone surrogate"):
        rec.comment = "intro \udfff"
    with pytest.raises(ValueError, match=r"^comment: holds a lone surrogate"):
        rec.annotate(0, comment="x\ud800")
    d = json.loads(rec.to_json())
    d["annotations"] = [{"action": 0, "comment": "a\ud800"}]
    with pytest.raises(RecordError, match=r"^annotations\[0\]\.comment: holds a lone surrogate"):
        GameRecord.from_json(json.dumps(d))  # json.dumps escapes it: \\ud800
    d = json.loads(rec.to_json())
    d["meta"] = {"title": "\ud800"}
    with pytest.raises(RecordError, match=r"^meta\.title: holds a lone surrogate"):
        GameRecord.from_json(json.dumps(d))


# -- item 10: arguments of the wrong type ------------------------------------------------------------

@pytest.mark.parametrize("seat", [0.0, True, False, "0", 1.0])
def test_play_check_and_can_play_refuse_a_seat_that_is_not_a_whole_number(seat):
    g = new_game(seed=1)
    act = g.legal_actions()[0]
    for call in (g.play, g.check):
        with pytest.raises(IllegalAction, match=rf"^R0: seat must be a whole number 0\.\.1, "
                                                rf"not {__import__('re').escape(repr(seat))}$"):
            call(act, seat=seat)
    assert not g.can_play(act, seat=seat)
    assert g.actions == [] and g.can_play(act, seat=g.to_act)


@pytest.mark.parametrize("label", ["dealer", "lead"])
def test_dealer_and_lead_refuse_a_bool(label):
    with pytest.raises(ValueError, match=rf"^{label} must be a seat 0\.\.1, not True$"):
        new_game(**{label: True})


def test_goto_says_which_positions_are_valid():
    r = Replay(played(10))
    with pytest.raises(IndexError, match=r"^position -13 is outside this line of 10 actions: "
                                         r"give 0 … 10, or -11 … -1 to count from the end$"):
        r.goto(-13)
    with pytest.raises(IndexError, match=r"^position 11 is outside"):
        r.goto(11)
    assert r.goto(-11).actions == [] and len(r.goto(-1).actions) == 10


def test_a_bad_deck_token_is_named_with_its_position_in_the_deck():
    order = " ".join(str(c) for c in new_game(seed=1).deck_order).split()
    order[2] = "XX"
    with pytest.raises(ValueError, match=r"^deck: card 3 'XX': not a card: 'XX'"):
        new_game(deck_order=" ".join(order))
    with pytest.raises(ValueError, match=r"^deck: card 3 'XX': not a card"):
        check_deck(order, 36)
    with pytest.raises(ValueError, match=r"^deck: card 2 7: "):
        check_deck(["6S", 7], 36)


# -- item 6: huge records are refused by their size, before anything is parsed ------------------------

from durak_edu.record.record import MAX_ACTIONS, MAX_TEXT, MAX_VARIATIONS  # noqa: E402

HEAD = "variant: podkidnoy\nplayers: 2\nseed: 1\n\n"


def good():
    return json.loads(played(1).record().to_json())


def test_the_limits_are_generous():
    assert MAX_ACTIONS >= 4 * 4539  # the longest of thousands of random games: maumau_pentagon
    assert MAX_TEXT >= 100 * len(GameRecord.from_text(HEAD).to_json())
    assert MAX_VARIATIONS >= 1000


def test_a_deck_of_a_million_cards_is_refused_by_its_length():
    d = good()
    d.pop("seed")
    d["deck"] = "6♠ " * 1_000_000
    with pytest.raises(RecordError, match=r"^deck: more than 36 cards given; the 36-card deck "
                                          r"needs 36$"):
        GameRecord.from_dict(d)
    d["deck"] = "6♠ " * 100_000  # JSON text under MAX_TEXT: the same error
    with pytest.raises(RecordError, match=r"^deck: more than 36 cards given"):
        GameRecord.from_json(json.dumps(d, ensure_ascii=False))
    with pytest.raises(ValueError, match=r"^deck: 1000000 cards given, the largest deck has 72"):
        new_game(deck_order=["6♠"] * 1_000_000)
    with pytest.raises(ValueError, match=r"^deck: more than 72 cards given, the largest deck"):
        new_game(deck_order="6♠ " * 1_000_000)
    with pytest.raises(ValueError, match=r"^deck: card 2 \(6♠\) appears twice$"):
        check_deck("6♠ " * 1_000_000, 36)  # the first 37 cards show what is wrong
    with pytest.raises(ValueError, match=r"^deck: card 37 \(2♠\) is not in a 36-card deck$"):
        check_deck(new_game(seed=1).deck_order + ("2♠",) * 1_000_000, 36)


def test_a_highlight_of_more_cards_than_the_deck_is_refused():
    d = good()
    d["annotations"] = [{"action": 0, "highlight": "6♠ " * 100_000}]
    with pytest.raises(RecordError, match=r"^annotations\[0\]\.highlight: more than 36 cards "
                                          r"given; this game's deck has 36$"):
        GameRecord.from_json(json.dumps(d, ensure_ascii=False))


def test_more_actions_than_a_record_may_hold_are_refused_by_their_number():
    d = good()
    d["actions"] = ["take"] * 100_000  # illegal from the first; refused before that is found
    with pytest.raises(RecordError, match=rf"^actions: 100,000 actions: a record may hold at "
                                          rf"most {MAX_ACTIONS:,}, main line and variations"):
        GameRecord.from_json(json.dumps(d))
    d = good()
    d["branches"] = [{"start": 0, "actions": ["take"] * (MAX_ACTIONS + 1)}]
    with pytest.raises(RecordError, match=rf"^branches\[0\]\.actions: more than {MAX_ACTIONS:,} "
                                          "actions in the record"):
        GameRecord.from_dict(d)
    with pytest.raises(RecordError, match=rf"^line {MAX_ACTIONS + 5}: more than "
                                          rf"{MAX_ACTIONS:,} actions"):
        GameRecord.from_text(HEAD + "take\n" * (MAX_ACTIONS + 10))


def test_more_annotations_than_actions_are_refused_by_their_number():
    d = good()
    d["annotations"] = [{"action": 0, "mark": "!"}] * 50_000
    with pytest.raises(RecordError, match=r"^annotations: 50,000 annotations for 1 action: at "
                                          "most one per action"):
        GameRecord.from_json(json.dumps(d))


def test_more_variations_than_a_record_may_hold_are_refused_by_their_number():
    d = good()
    d["branches"] = [{"start": 0, "actions": ["take"]}] * (MAX_VARIATIONS + 1)
    with pytest.raises(RecordError, match=rf"^branches: more than {MAX_VARIATIONS:,} variations"):
        GameRecord.from_json(json.dumps(d))
    text = HEAD + "attack 6♠\n" + "(\ntake\n)\n" * (MAX_VARIATIONS + 1)
    with pytest.raises(RecordError, match=rf"^line {6 + 3 * MAX_VARIATIONS}: more than "
                                          rf"{MAX_VARIATIONS:,} variations"):
        GameRecord.from_text(text)


def test_a_text_longer_than_a_record_may_be_is_refused_by_its_length():
    js = json.dumps(good())
    big = js[:-1] + ', "comment": "' + "x" * MAX_TEXT + '"}'
    with pytest.raises(RecordError, match=rf"^the record is {len(big):,} characters long: a "
                                          rf"record may have at most {MAX_TEXT:,}"):
        GameRecord.from_json(big)
    with pytest.raises(RecordError, match=r"^the record is [\d,]+ bytes long"):
        GameRecord.from_json(b" " * (4 * MAX_TEXT + 1))
    text = HEAD + "#\n" * (MAX_TEXT // 2)  # line 5 onward: 2 characters a line
    with pytest.raises(RecordError, match=rf"^line {4 + MAX_TEXT // 2 - 19}: the record is "
                                          rf"{len(text):,} characters long"):
        GameRecord.from_text(text)
    with pytest.raises(RecordError, match=rf"^line {4 * MAX_TEXT // 2 + 1}: the record is "
                                          rf"{4 * MAX_TEXT + 2:,} bytes long"):
        GameRecord.from_text(b"#\n" * (2 * MAX_TEXT + 1))
    assert GameRecord.from_text(HEAD + "#\n" * 1000).actions == []  # long comments are fine


# -- item 10: every error of the text notation names its line ----------------------------------------

def example_text():
    """The text example of docs/record-format.md (valid: test_record checks it loads)."""
    import re
    from pathlib import Path
    doc = (Path(__file__).parent.parent / "docs" / "record-format.md").read_text(encoding="utf-8")
    return re.search(r"```text\n(.*?)```", doc, re.S).group(1)


def _sub(n, old, new):
    """Damage line ``n``: ``old`` (which must be on it) becomes ``new``."""
    def damage(lines):
        assert old in lines[n - 1], (n, lines[n - 1])
        lines[n - 1] = lines[n - 1].replace(old, new, 1)
    return damage


def _ins(n, text):
    """Insert a line so that it becomes line ``n``."""
    return lambda lines: lines.insert(n - 1, text)


def _del(n):
    return lambda lines: lines.pop(n - 1)


def _both(*damages):
    def damage(lines):
        for d in damages:
            d(lines)
    return damage


# (what is damaged, the damage, the line the error must name, what it must say)
DAMAGES = [
    ("bad header key", _sub(6, "title:", "titel:"), 6, "unknown header key 'titel'"),
    ("bad format value", _sub(1, "durak-edu/1", "durak-edu/2"), 1, "format: 'durak-edu/2'"),
    ("unknown variant", _sub(2, "podkidnoy", "podkidnoi"), 2, "variant: unknown variant"),
    ("players not a number", _sub(3, "2", "two"), 3, "players: 'two' is not a whole number"),
    ("too many players", _sub(3, "2", "9"), 3, "players: cannot deal for 9 players"),
    ("too few names", _sub(4, "Anna, Boris", "Anna"), 4, "names: 1 names for 2 players"),
    ("names: bad JSON list", _sub(4, "Anna, Boris", '["Anna", '), 4, "names: not a JSON list"),
    ("names: not strings", _sub(4, "Anna, Boris", "[1, 2]"), 4, "names: must be a list of strings"),
    ("bad card in the deck", _sub(5, "9♠", "9X"), 5, "deck: card 2 '9X'"),
    ("card missing from the deck", _sub(5, " A♥", ""), 5, "deck: 35 cards given"),
    ("card twice in the deck", _sub(5, "9♠", "7♠"), 5, "deck: card 2 (7♠) appears twice"),
    ("duplicate header", _ins(7, "players: 2"), 7, "players given twice (first on line 3)"),
    ("missing variant", _del(2), 5, "variant: missing"),
    ("missing players", _del(3), 5, "players: missing"),
    ("missing deck and seed", _del(5), 5, "deck: missing"),
    ("seed that does not deal the deck", _ins(6, "seed: 5"), 6, "seed: seed 5 does not deal"),
    ("negative seed", _ins(6, "seed: -5"), 6, "seed: must be a whole number from 0"),
    ("dealer out of range", _ins(6, "dealer: 7"), 6, "dealer: must be a seat 0..1"),
    ("lead not a number", _ins(6, "lead: x"), 6, "lead: 'x' is not a whole number"),
    ("unknown option", _ins(7, "option bout_limt: 6"), 7, "options.bout_limt: unknown option"),
    ("bad option value", _ins(7, "option bout_limit: 0"), 7, "options.bout_limit"),
    ("bad quoted option", _ins(7, 'option trump: "fixed'), 7, "bad quoted text"),
    ("option given twice", _both(_ins(6, "option bout_limit: 5"), _ins(7, "option bout_limit: 6")),
     7, "option bout_limit given twice (first on line 6)"),
    ("wrong result", _ins(7, "result: seat 0 is the durak"), 7, "result: the record says"),
    ("lone surrogate in the introduction", _sub(8, "opening", "open\ud800ing"), 8,
     "a lone surrogate '\\ud800' is not text"),
    ("bad card in an action", _sub(11, "9♠", "9X"), 11, "'9X'"),
    ("unknown action", _sub(11, "beat", "beats"), 11, "beats"),
    ("illegal action", _sub(13, "throw 9♦", "throw A♥"), 13,
     "actions[3] (action 3) 'throw A♥' is illegal"),
    ("bad mark", _sub(11, "beat 7♠ 9♠", "beat 7♠ 9♠ ?!!"), 11, "a mark is one of"),
    ("mark before the action", _sub(11, "beat 7♠ 9♠", "! beat 7♠ 9♠"), 11, "a mark is one of"),
    ("bad card in a highlight", _sub(14, "10♥]", "1♥]"), 14, "annotations[1].highlight: card 2 '1♥'"),
    ("highlight not in the deck", _sub(14, "10♥]", "2♠]"), 14,
     "annotations[1].highlight: 2♠ is not in this game's deck"),
    ("highlight names a card twice", _sub(14, "10♥]", "K♦]"), 14, "appears twice"),
    ("empty highlight", _sub(14, "[K♦ 10♥]", "[]"), 14, "empty highlight"),
    ("highlight not last", _sub(14, "?! [K♦ 10♥]", "[K♦] ?!"), 14, "must come last"),
    ("']' without '['", _sub(14, "[K♦", "K♦"), 14, "']' without '['"),
    ("header after the first action", _ins(12, "title: late"), 12, "after the first action"),
    ("'(' on an action line", _sub(17, "attack 7♦", "attack 7♦ ("), 17, "stand on lines of their own"),
    ("'(' before any action", _ins(9, "("), 9, "'(' opens a variation: it must follow"),
    ("unterminated variation", _del(21), 19, "'(' is never closed by ')'"),
    ("')' without '('", _ins(22, ")"), 22, "')' without a '(' to close"),
    ("empty variation", _both(_ins(19, "("), _ins(20, ")")), 20, "an empty variation"),
    ("illegal action in a variation", _sub(20, "beat 7♦ 8♥", "throw A♥"), 20,
     "branches[0].actions[0] (action 6) 'throw A♥' is illegal"),
    ("bad mark in a variation", _sub(20, "!?", "!?!"), 20, "a mark is one of"),
]


@pytest.mark.parametrize("what, damage, line, says", DAMAGES, ids=[d[0] for d in DAMAGES])
def test_every_damage_to_a_text_record_names_its_line(what, damage, line, says):
    lines = example_text().split("\n")
    damage(lines)
    with pytest.raises(RecordError) as info:
        GameRecord.from_text("\n".join(lines))
    err = info.value
    assert str(err).startswith(f"line {line}: "), str(err)
    assert says in str(err), str(err)
    assert err.line == line


def test_text_that_is_not_utf8_names_its_line():
    data = example_text().encode("utf-8").replace("throw 9♦".encode(), b"throw 9\xff")
    with pytest.raises(RecordError, match=r"^line 13: not UTF-8 text"):
        GameRecord.from_text(data)
    assert GameRecord.from_text(example_text().encode("utf-8")).actions  # good bytes load


def test_damages_are_many_and_the_example_is_valid():
    assert len(DAMAGES) >= 18
    assert GameRecord.from_text(example_text()).to_text() == example_text()


def test_a_record_too_big_to_read_back_is_refused_when_written():
    g = new_game("prostoy_pair_only", players=2, seed=3, repetition_draw=False)
    rec = g.record()
    rec.actions = [g.legal_actions()[0]] * (MAX_ACTIONS + 1)  # as if played that long
    for write in (rec.to_json, rec.to_text):
        with pytest.raises(RecordError, match=rf"^actions: {MAX_ACTIONS + 1:,} actions, main "
                                              rf"line and variations together: a record may "
                                              rf"hold at most {MAX_ACTIONS:,}"):
            write()

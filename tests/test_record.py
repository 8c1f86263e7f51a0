"""Game records: JSON and text round trips over every preset, validation, fuzzing, curated games.

docs/architecture.md (records and replay); docs/record-format.md describes both formats.
"""

import json
import random

import pytest
from hypothesis import given, strategies as st

from helpers import player_counts, playout
from durak_edu import VARIANTS, cards, deck, new_game
from durak_edu.record import (FORMAT, MARKS, Annotation, GameRecord, RecordError, Replay,
                              Variation, curated, curated_names, curated_text)


# -- helpers --------------------------------------------------------------------------------------



def state(g):
    """What a replayed game must reproduce exactly."""
    return (str(g), [str(a) for a in g.actions], [e.text for e in g.history], g.to_act,
            g.result, [str(a) for a in g.legal_actions()])


ALL = sorted(VARIANTS)


def decorate(rec, seed):
    """Add annotations and a small variation tree to a record (through Replay)."""
    rng = random.Random(seed)
    r = Replay(rec)
    n = len(r)
    if n == 0:
        return rec
    for i in rng.sample(range(n), min(4, n)):
        r.annotate(i, comment=rng.choice(["Why?", "Good.\nVery good.", "  indented", "R2.6!"]),
                   mark=rng.choice([None, "!", "?", "!!", "??", "!?", "?!"]),
                   highlight=rng.sample(rec.deck, rng.randint(0, 2)))
    for _ in range(2):
        i = rng.randrange(n)
        b = r.branch(i)
        alts = [a for a in b.legal_actions() if a != rec.actions[i]]
        if not alts:
            continue
        b.play(rng.choice(alts))
        for _ in range(rng.randint(0, 3)):
            if b.is_over:
                break
            b.play(rng.choice(b.legal_actions()))
        v = r.add_variation(b)
        r.enter(v)
        r.annotate(v.start, comment="in the variation", mark="!?")
        if len(v.actions) > 1:
            b2 = r.branch(v.start + 1)
            alts = [a for a in b2.legal_actions() if a != v.actions[1]]
            if alts:
                b2.play(alts[0])
                r.add_variation(b2)
        r.main()
    rec2 = r.record()
    rec2.meta["title"] = "A test game"
    rec2.comment = "An introduction.\n\nIn two paragraphs."
    return rec2


# -- round trips ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ALL)
def test_round_trips_every_preset(name):
    """record -> JSON -> record and record -> text -> record are exact, for every preset."""
    counts = player_counts(name)
    for seed in (1, 2):
        players = counts[seed % len(counts)]
        g = playout(name, players, seed)
        rec = g.record()
        assert rec.variant == name and rec.players == players and rec.deck == g.deck_order
        assert rec.actions == g.actions and rec.seed == seed
        from_json = GameRecord.from_json(rec.to_json())
        from_text = GameRecord.from_text(rec.to_text())
        assert from_json == rec
        assert from_text == rec
        assert from_text.to_text() == rec.to_text()
        assert from_json.to_json() == rec.to_json()
        assert state(from_json.to_game()) == state(g)
        assert state(rec.to_game()) == state(g)


@pytest.mark.parametrize("name", ["podkidnoy", "perevodnoy", "prostoy_pair_only",
                                  "perevodnoy_teams", "japanese_diamonds", "japanese_circle",
                                  "navalenny", "japanese_maumau", "maumau_english"])
def test_annotations_and_branches_survive_round_trips(name):
    if name not in VARIANTS:
        pytest.skip(f"no engine for {name}")
    counts = player_counts(name)
    rec = decorate(playout(name, counts[0], 5).record(), 5)
    assert rec.annotations and any(True for _ in rec.walk())
    js = GameRecord.from_json(rec.to_json())
    tx = GameRecord.from_text(rec.to_text())
    assert js == rec and tx == rec
    assert tx.to_text() == rec.to_text()
    assert GameRecord.from_text(js.to_text()) == GameRecord.from_json(tx.to_json())


def test_options_names_seed_dealer_lead_round_trip():
    g = new_game("perevodnoy", players=3, seed=11, names=["Anna, the first", " Boris", "Вера"]
                 if False else ["Anna, the first", "Борис", "[Vera]"], dealer=0, lead=2,
                 first_bout_limit=6, transfer_in_first_bout=True, trump="fixed:D")
    g.play(g.legal_actions()[0])
    rec = g.record()
    assert rec.options == {"trump": "fixed:D", "first_bout_limit": 6,
                           "transfer_in_first_bout": True}
    assert (rec.dealer, rec.lead) == (0, 2)
    text = rec.to_text()
    assert "option first_bout_limit: 6" in text and "option trump: fixed:D" in text
    assert 'names: ["Anna, the first"' in text  # a comma in a name: the JSON list form
    for back in (GameRecord.from_text(text), GameRecord.from_json(rec.to_json())):
        assert back == rec
        assert state(back.to_game()) == state(g)


#: Every character ``str.splitlines`` ends a line at (issue 13, item 5): each must stay inside the
#: string that holds it, in both formats.
LINE_ENDS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"

_TEXT = st.lists(st.sampled_from(list(LINE_ENDS) + ["\r\n", " ", "\t", "#", "# ", "(", ")", "[",
                                                    "]", "!", "?!", ",", ":", '"', "\\", "é",
                                                    "♠", "\x00", "\ufeff", "take", "attack 6♠",
                                                    "title: x", "option deck: 52"])
                 | st.characters(exclude_categories=("Cs",)), max_size=10).map("".join)


def test_line_ends_are_every_character_splitlines_splits_on():
    assert set(LINE_ENDS) == {c for c in map(chr, range(0x110000))
                              if len(("a" + c + "b").splitlines()) == 2}


@given(intro=_TEXT, first=_TEXT, second=_TEXT, in_variation=_TEXT, title=_TEXT, event=_TEXT,
       name=_TEXT, mark=st.sampled_from([None, *MARKS]))
def test_every_string_a_record_holds_round_trips_through_both_formats(
        intro, first, second, in_variation, title, event, name, mark):
    """Comments (introduction, main line, variation), meta values, names and marks — drawn with
    every line-ending character — read back equal from JSON and from text."""
    try:
        g = new_game("podkidnoy", players=2, seed=3, names=[name, "Boris"])
    except ValueError as exc:  # what new_game refuses no record has to carry
        assert str(exc).startswith("names[0]: ")
        assert name != name.strip() or not name.isprintable() or not name
        g = new_game("podkidnoy", players=2, seed=3)
    for _ in range(4):
        g.play(g.legal_actions()[0])
    rec = g.record()
    rec.comment = intro
    rec.annotate(0, comment=first, mark=mark)
    rec.annotate(3, comment=second)
    b = Replay(rec).branch(2)
    b.play(next(a for a in b.legal_actions() if a != rec.actions[2]))
    rec.branches = [Variation(2, b.actions[2:], {2: Annotation(in_variation, "!?")})]
    rec.meta.update(title=title, event=event)
    assert all(ch not in LINE_ENDS[1:] for ch in rec.comment)  # one kind of line end: "\n"
    js, tx = rec.to_json(), rec.to_text()
    js.encode("utf-8"), tx.encode("utf-8")
    from_json, from_text = GameRecord.from_json(js), GameRecord.from_text(tx)
    assert from_json == rec and from_text == rec
    assert from_text.meta == {"title": title, "event": event}
    assert from_text.to_text() == tx and from_json.to_json() == js


def test_deck_size_option_is_written_as_an_option():
    # a 52-card spades-by-spades game (R6): the deck size is the rule option ``deck``,
    # written ``option deck: 52`` in the text (the ``deck:`` header is the order).
    order = deck(52)
    random.Random(3).shuffle(order)
    rec = GameRecord(variant="japanese_diamonds", players=2, deck=order, options={"deck": 52})
    g = rec.to_game()
    g.play(g.legal_actions()[0])
    rec = g.record()
    assert rec.options == {"deck": 52} and rec.actions
    assert "option deck: 52" in rec.to_text()
    assert GameRecord.from_text(rec.to_text()) == rec and len(rec.deck) == 52


def test_text_option_values_keep_their_types():
    from durak_edu.record.text import _parse_value, _value_text
    for v in (True, False, None, 0, 6, -3, "fixed:D", "6", "true", "none", " x", "a\nb", '"q'):
        assert _parse_value(_value_text(v), 1) == v


def test_a_hand_written_record_loads():
    text = """
    # A lesson game, written by hand.
    variant: podkidnoy
    players: 2
    names: Anna, Boris
    deck: 7S 9S 7C 10C 9D 7D JC KD QS AC 8H 10H 6H 6S 8S 10S JS KS AS 6C 8C 9C QC KC 6D 8D 10D JD QD AD 7H 9H JH QH KH AH

    attack 7♠ 7♣!     # two sevens at once
    beat 7♠ 9♠
    beat 7♣ 10♥ ?! [10♣]
    # a trump spent where 10♣ would do
    ( beat 7♣ 10♣ ! )
    throw 9♦
    """
    with pytest.raises(RecordError, match=r"line 12: .*stand on lines of their own"):
        GameRecord.from_text(text)  # '(' must stand on its own line
    text = text.replace("( beat 7♣ 10♣ ! )", "(\n beat 7♣ 10♣ !\n)")
    rec = GameRecord.from_text(text)
    assert rec.comment == "A lesson game, written by hand."
    assert rec.names == ("Anna", "Boris")
    assert [str(a) for a in rec.actions] == ["attack 7♠ 7♣", "beat 7♠ 9♠", "beat 7♣ 10♥",
                                             "throw 9♦"]
    assert rec.annotations[0] == Annotation("two sevens at once", "!")
    assert rec.annotations[2] == Annotation("a trump spent where 10♣ would do", "?!",
                                            cards("10♣"))
    assert rec.branches == [Variation(2, [rec.actions[2].__class__("7♣", "10♣")],
                                      {2: Annotation(mark="!")})]
    assert GameRecord.from_text(rec.to_text()) == rec


def test_a_seed_can_stand_for_the_deck():
    rec = GameRecord.from_text("variant: podkidnoy\nplayers: 3\nseed: 42\n")
    assert rec.deck == new_game("podkidnoy", players=3, seed=42).deck_order
    assert "deck: " in rec.to_text() and GameRecord.from_text(rec.to_text()) == rec


def test_format_tag_and_documented_fields():
    g = playout("podkidnoy", 2, 3)
    d = json.loads(g.record().to_json())
    assert d["format"] == FORMAT == "durak-edu/1"
    assert list(d)[:6] == ["format", "variant", "players", "names", "options", "deck"]
    assert d["result"] == str(g.result)
    assert g.record().to_text().startswith("format: durak-edu/1\nvariant: podkidnoy\n")


# -- clear errors ----------------------------------------------------------------------------------

def _good():
    return json.loads(playout("podkidnoy", 2, 4).record().to_json())


@pytest.mark.parametrize("change, pattern", [
    (lambda d: d.pop("format"), r"^format: missing"),
    (lambda d: d.update(format="durak-edu/2"), r"^format: 'durak-edu/2'"),
    (lambda d: d.update(variant="podkidnoi"), r"^variant: unknown variant 'podkidnoi'"),
    (lambda d: d.update(players=9), r"^players: cannot deal for 9 players"),
    (lambda d: d.update(players="2"), r"^players: must be a whole number"),
    (lambda d: d.update(names=["a"]), r"^names: 1 names for 2 players"),
    (lambda d: d.update(options={"bout_limt": 6}), r"^options\.bout_limt: unknown option"),
    (lambda d: d.update(options={"bout_limit": 6.5}), r"^options\.bout_limit"),
    (lambda d: d.update(deck=d["deck"].replace("7♠", "7X")), r"^deck: card \d+ '7X'"),
    (lambda d: d.update(deck=d["deck"].rsplit(" ", 1)[0]), r"^deck: 35 cards given.*missing"),
    (lambda d: d.update(seed=5), r"^seed: seed 5 does not deal the deck"),
    (lambda d: d.update(dealer=7), r"^dealer: must be a seat 0\.\.1"),
    (lambda d: d.update(colour="red"), r"^colour: unknown field"),
    (lambda d: d["actions"].__setitem__(1, "beat 7♠"), r"^actions\[1\] \(action 1\) 'beat 7♠'"),
    (lambda d: d["actions"].append("take"), r"^actions\[\d+\] \(action \d+\) 'take' is illegal: R2\.11"),
    (lambda d: d.update(annotations=[{"action": 999, "mark": "!"}]), r"^annotations\[0\]\.action"),
    (lambda d: d.update(annotations=[{"action": 0, "mark": "!!!"}]), r"^annotations\[0\]\.mark"),
    (lambda d: d.update(annotations=[{"action": 0, "highlight": "2♠"}]),
     r"^annotations\[0\]\.highlight: 2♠ is not in this game's deck"),
    (lambda d: d.update(branches=[{"start": 0, "actions": []}]), r"^branches\[0\]\.actions: a variation needs"),
    (lambda d: d.update(result="seat 0 is the durak" if "1" in d["result"] else "seat 1 is the durak"),
     r"^result: the record says"),
])
def test_a_bad_json_record_names_the_first_bad_field(change, pattern):
    d = _good()
    change(d)
    with pytest.raises(RecordError, match=pattern):
        GameRecord.from_json(json.dumps(d, ensure_ascii=False))


def test_an_illegal_action_names_its_index_text_and_rule():
    d = _good()
    g = new_game("podkidnoy", players=2, deck_order=cards(d["deck"]))
    attack = g.legal_actions()[0]
    g.play(attack)
    bad = next(f"beat {attack.cards[0]} {c}" for c in g.hands[g.to_act]
               if not g.can_play(f"beat {attack.cards[0]} {c}"))
    d["actions"][1] = bad
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(json.dumps(d, ensure_ascii=False))
    err = info.value
    assert (err.index, err.action, err.rule, err.field) == (1, bad, "R2.3", "actions[1]")
    assert f"'{bad}' is illegal: R2.3:" in str(err)


@pytest.mark.parametrize("text, pattern", [
    ("variant: podkidnoy\nplayers: 2\nseed: 1\n\nattack 2♠\n", r"^line 5: .*'2♠'|^line 5: actions\[0\]"),
    ("variant: podkidnoy\nplayers: 2\nseed: 1\nfoo: 3\n", r"^line 4: unknown header key 'foo'.*option foo"),
    ("variant: podkidnoy\nplayers: two\n", r"^line 2: players: 'two' is not a whole number"),
    ("variant: podkidnoy\nplayers: 2\nseed: 1\noption bout_limit: x\n", r"^line 4: options\.bout_limit"),
    ("variant: podkidnoy\nplayers: 2\nseed: 1\ntake\n", r"^line 4: actions\[0\] \(action 0\) 'take' is illegal: R2\.2"),
    ("variant: podkidnoy\nplayers: 2\nseed: 1\n(\n", r"^line 4: '\(' opens a variation"),
    ("variant: podkidnoy\nplayers: 2\nseed: 1\n)\n", r"^line 4: '\)' without"),
    ("variant: podkidnoy\nplayers: 2\nseed: 1\nattack 6♠ ?!!\n", r"^line 4: "),
    ("variant: podkidnoy\nplayers: 2\nseed: 1\nplayers: 3\n", r"^line 4: players given twice"),
    ("variant: podkidnoy\nplayers: 2\nseed: 1\ndeck: 6♠\n", r"^line 4: deck: 1 cards given"),
    ("variant: podkidnoy\n", r"^line 1: players: missing"),
    ("players: 2\nseed: 1\n", r"^line 2: variant: missing"),
])
def test_a_bad_text_record_names_its_line(text, pattern):
    with pytest.raises(RecordError, match=pattern):
        GameRecord.from_text(text)


def test_text_errors_inside_variations_and_after_actions():
    g = playout("podkidnoy", 2, 6)
    text = g.record().to_text()
    lines = text.splitlines()
    first = next(i for i, ln in enumerate(lines) if ln.startswith("attack"))
    bad = lines[:first + 1] + ["(", "take", ")"] + lines[first + 1:]
    with pytest.raises(RecordError, match=rf"^line {first + 3}: branches\[0\]\.actions\[0\] "
                                          r"\(action 0\) 'take' is illegal"):
        GameRecord.from_text("\n".join(bad))
    unclosed = lines[:first + 1] + ["("] + lines[first + 1:]
    with pytest.raises(RecordError, match=rf"^line {first + 2}: '\(' is never closed"):
        GameRecord.from_text("\n".join(unclosed))
    late = lines + ["title: too late"]
    with pytest.raises(RecordError, match=r"after the first action"):
        GameRecord.from_text("\n".join(late))


def test_loading_is_safe_no_eval():
    d = _good()
    d["names"] = ["__import__('os').system('echo hacked')", "x"]
    rec = GameRecord.from_json(json.dumps(d))
    assert rec.names[0].startswith("__import__")  # just text
    with pytest.raises(RecordError):
        GameRecord.from_json('{"format": "durak-edu/1", "players": NaN}')
    with pytest.raises(RecordError, match="nested too deeply|not valid JSON|record is a JSON object"):
        GameRecord.from_json("[" * 100000)


# -- fuzzing -------------------------------------------------------------------------------------------

_JUNK = ["", "0", "-1", "99", "7♠", "10♦", "X", "take", "attack 6♠", "null", "true", "[", "]",
         "{", "}", '"', ",", ":", "#", "(", ")", "!?", "\n", "\u2028", "é", "1e999", "NaN"]


def _mutate_text(text: str, rng: random.Random) -> str:
    kind = rng.randrange(8)
    n = len(text)
    i, j = sorted((rng.randrange(n + 1), rng.randrange(n + 1)))
    if kind == 0:
        return text[:rng.randrange(n + 1)]                      # truncated
    if kind == 1:
        return text[:i] + text[j:]                              # a slice cut out
    if kind == 2:
        return text[:i] + rng.choice(_JUNK) + text[i:]          # junk inserted
    if kind == 3:
        return text[:i] + rng.choice(_JUNK) + text[i + 1:]      # a character replaced
    lines = text.split("\n")
    a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
    if kind == 4:
        lines[a], lines[b] = lines[b], lines[a]                 # two lines swapped
    elif kind == 5:
        lines.insert(a, lines[b])                               # a line duplicated
    elif kind == 6:
        del lines[a]                                            # a line dropped
    else:
        words = lines[a].split(" ")
        words[rng.randrange(len(words))] = rng.choice(_JUNK)    # a word replaced
        lines[a] = " ".join(words)
    return "\n".join(lines)


_VALUES = [None, True, False, 0, -1, 2, 10**40, 1.5, "", "x", "7♠", [], {}, [1], {"a": 1},
           ["take"], "attack 6♠", "durak-edu/1"]


def _mutate_data(data, rng: random.Random):
    """Replace, delete or add one value somewhere in a decoded JSON record."""
    data = json.loads(json.dumps(data))
    node, path = data, []
    while isinstance(node, (dict, list)) and node and rng.random() < 0.6:
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        if not isinstance(node[key], (dict, list)) or not node[key]:
            break
        path.append(key)
        node = node[key]
    if isinstance(node, dict) and node:
        key = rng.choice(list(node))
    elif isinstance(node, list) and node:
        key = rng.randrange(len(node))
    else:
        return data
    op = rng.randrange(3)
    if op == 0:
        node[key] = rng.choice(_VALUES)
    elif op == 1:
        del node[key]
    elif isinstance(node, dict):
        node[rng.choice(["extra", "start", "mark", "comment", "action"])] = rng.choice(_VALUES)
    else:
        node.insert(key, rng.choice(_VALUES))
    return data


def _fuzz_sources():
    out = []
    for name, players, seed in (("podkidnoy", 2, 8), ("perevodnoy", 3, 9),
                                ("japanese_circle", 3, 2), ("japanese_maumau", 2, 3)):
        if name in VARIANTS:
            rec = decorate(playout(name, players, seed, cap=60).record(), seed)
            out.append(rec)
    return out


def _only_record_errors(load, text):
    try:
        load(text)
    except RecordError as exc:
        msg = str(exc)
        assert msg.strip(), "a RecordError must say what is wrong"
        assert "engine failed" not in msg, f"an engine fault surfaced while loading: {msg}"
        return False
    return True


def test_fuzz_mutated_and_truncated_records_raise_only_record_error():
    rng = random.Random(2024)
    loaded = failed = 0
    for rec in _fuzz_sources():
        js, tx, data = rec.to_json(), rec.to_text(), json.loads(rec.to_json())
        for _ in range(250):
            ok = _only_record_errors(GameRecord.from_json, _mutate_text(js, rng))
            ok2 = _only_record_errors(GameRecord.from_text, _mutate_text(tx, rng))
            ok3 = _only_record_errors(GameRecord.from_json,
                                      json.dumps(_mutate_data(data, rng), ensure_ascii=False))
            loaded += ok + ok2 + ok3
            failed += 3 - ok - ok2 - ok3
    assert failed > 1000 and loaded > 100  # the mutations really exercise both paths


def test_garbage_inputs():
    for junk in (b"\xff\xfe", b"{}", "", "   ", "{}", "[]", "null", "42", '"text"',
                 "variant: podkidnoy\nplayers: 2\ndeck: " + "6♠ " * 36):
        for load in (GameRecord.from_json, GameRecord.from_text):
            with pytest.raises(RecordError):
                load(junk)
    with pytest.raises(RecordError):
        GameRecord.from_json(None)


# -- curated games -----------------------------------------------------------------------------------

def test_curated_games_are_there():
    names = curated_names()
    for needed in ("podkidnoy_two", "podkidnoy_four", "perevodnoy_transfers", "teams", "spades"):
        assert needed in names
    for family_game in ("circle", "maumau"):
        assert family_game in names


@pytest.mark.parametrize("name", curated_names())
def test_each_curated_game_loads_replays_and_is_canonical(name):
    text = curated_text(name)
    rec = curated(name)
    assert rec.to_text() == text  # the shipped file is in canonical form
    g = rec.to_game()
    assert g.is_over, "a curated game is played to the end"
    assert rec.meta.get("title") and rec.comment
    assert len(rec.annotations) >= 4
    assert any("(R" in a.comment for a in rec.annotations.values())
    r = Replay(rec)
    assert r.goto(len(r)).result == g.result
    for _, v in r.walk():  # every variation replays
        r.enter(v)
        r.goto(len(r))
    assert GameRecord.from_json(rec.to_json()) == rec


def test_curated_games_show_what_they_promise():
    two, four = curated("podkidnoy_two"), curated("podkidnoy_four")
    assert (two.variant, two.players, four.variant, four.players) == ("podkidnoy", 2, "podkidnoy", 4)
    per = curated("perevodnoy_transfers")
    assert per.variant == "perevodnoy"
    assert any(str(a).startswith("transfer ") for a in per.actions)
    assert any(str(a).startswith("show ") for a in per.actions)
    assert VARIANTS[curated("teams").variant].rules.teams
    assert VARIANTS[curated("spades").variant].rules.spades_apart
    assert curated("circle").variant == "japanese_circle"
    assert curated("maumau").variant == "japanese_maumau"
    with pytest.raises(ValueError, match="no curated game 'chess'"):
        curated("chess")


def test_the_examples_in_the_format_document_load_and_agree():
    """docs/record-format.md: its JSON and text examples are one and the same record."""
    import re
    from pathlib import Path
    doc = (Path(__file__).parent.parent / "docs" / "record-format.md").read_text(encoding="utf-8")
    js = re.search(r"```json\n(.*?)```", doc, re.S).group(1)
    tx = re.search(r"```text\n(.*?)```", doc, re.S).group(1)
    a, b = GameRecord.from_json(js), GameRecord.from_text(tx)
    assert a == b
    assert b.to_text() == tx  # the text example is in canonical form
    assert len(a.branches) == 1 and a.annotations[4].mark == "?!"



def test_results_name_the_players_but_records_store_seat_numbers():
    g = new_game("podkidnoy", seed=4, names=["Anna", "Boris"])
    r = g.playout(1)
    assert r.durak is not None
    assert str(r) == f"seat {r.durak} ({g.names[r.durak]}) is the durak"
    assert g.history[-1].text == f"game over: {r}"
    plain = r.text(names=False)
    assert plain == f"seat {r.durak} is the durak"
    data = json.loads(g.record().to_json())
    assert data["result"] == plain  # the record format keeps its seat-number wording
    assert f"result: {plain}" in g.record().to_text()
    data["result"] = str(r)  # a hand-written record may use the names
    assert GameRecord.from_json(json.dumps(data)).result == r

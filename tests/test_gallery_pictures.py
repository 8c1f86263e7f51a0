"""The gallery lessons' pictures (issue 26): a position with the move a house rule allows or
refuses marked on it and the difference in one sentence (``draw.position``), and the chooser that
browses every preset of R9 (``widgets.PresetChooser``)."""

from __future__ import annotations

import re

import pytest

from durak_edu import VARIANTS, cards, from_position
from durak_edu.draw.position import ALLOWED, REFUSED, contrast, position_scene, position_svg
from durak_edu.draw.prims import MARK_COLORS, Mark
from durak_edu.widgets import PresetChooser
from durak_edu.widgets.gallery import RULES_MD, clause_text, gallery_presets


def marks(scene, kind):
    return [it for it in scene.items if isinstance(it, Mark) and it.kind == kind and it.layer == 2]


def cards_under(scene, mark):
    return {it.card for it in scene.cards
            if abs(it.x - mark.x - 4) < 0.01 and abs(it.y - mark.y - 4) < 0.01}


def test_position_picture_outlines_the_allowed_cards_green_and_the_refused_red():
    g = from_position("podkidnoy", ["7♠ 9♣", "8♠ A♥ 10♦"], trump="H")
    g.play("attack 7♠")
    scene = position_scene(g, allowed="8♠ 7♠", refused=["10♦"], caption="one sentence")
    assert {c for m in marks(scene, ALLOWED) for c in cards_under(scene, m)} == set(cards("8♠ 7♠"))
    assert [str(c) for m in marks(scene, REFUSED) for c in cards_under(scene, m)] == ["10♦"]
    svg = position_svg(g, allowed="8♠", refused="10♦", caption="one sentence")
    assert MARK_COLORS[ALLOWED] in svg and MARK_COLORS[REFUSED] in svg and "one sentence" in svg
    assert svg == position_svg(g, allowed="8♠", refused="10♦", caption="one sentence")


def test_position_picture_refuses_a_card_it_cannot_mark():
    g = from_position("podkidnoy", ["7♠ 9♣", "8♠ A♥ 10♦"], trump="H")
    with pytest.raises(ValueError, match="K♣ is not face up"):
        position_svg(g, allowed="K♣")
    with pytest.raises(ValueError, match="7♠ cannot be both allowed and refused"):
        position_svg(g, allowed="7♠", refused="7♠ 9♣")


def test_R9_2_contrast_says_podkidnoy_refuses_what_bezmastny_allows_and_marks_it_green():
    c = contrast("bezmastny", ["7♠ 7♦ K♠", "8♥ 6♣ 6♦ 9♦ Q♣"], "beat 7♠ 8♥", "attack 7♠",
                 trump="D")
    assert (c.base_allowed, c.allowed, c.differs) == (False, True, True)
    assert c.base_reason.startswith("R2.3") and c.reason == ""
    assert str(c) == "podkidnoy refuses 'beat 7♠ 8♥' (R2.3), bezmastny allows it."
    svg = c._repr_svg_()
    assert MARK_COLORS[ALLOWED] in svg and str(c) in svg
    # the game shown is the preset's, and asking changed neither game
    assert c.game.variant == "bezmastny" and c.game.can_play("beat 7♠ 8♥")
    assert len(c.game.table) == 1 and c.base_game.table[0][1] is None


def test_R9_6_contrast_marks_a_refused_move_red_and_names_the_preset_clause():
    c = contrast("zanudny", ["7♠ K♦", "8♠ 9♣"], "attack 7♠", trump="H")
    assert str(c) == "podkidnoy allows 'attack 7♠', zanudny refuses it (R9.6)."
    assert MARK_COLORS[REFUSED] in c.to_svg()
    assert "zanudny's refusal: R9.6" in c.to_svg()


def test_contrast_when_both_agree_and_for_a_move_podkidnoy_does_not_have():
    same = contrast("tuzovy", ["7♠ 9♣", "8♠ A♥"], "beat 7♠ 8♠", "attack 7♠", trump="H")
    assert str(same) == "both podkidnoy and tuzovy allow 'beat 7♠ 8♠'."
    drawn = contrast("vtoraya_popytka", ["K♠ 7♣", "8♦ 9♦"], "draw", "attack K♠",
                     trump_card="6♥", talon="A♠ J♣")
    assert drawn.allowed and not drawn.base_allowed and re.match(r"R\d", drawn.base_reason)


def test_contrast_refuses_a_setting_up_move_and_an_unreadable_move():
    with pytest.raises(ValueError, match=r"setting-up move 2 \('beat 7♠ 6♣'\) is refused in "
                                         r"podkidnoy: R2.3"):
        contrast("bezmastny", ["7♠ 7♦", "6♣ 9♦"], "take", "attack 7♠ | beat 7♠ 6♣", trump="D")
    with pytest.raises(ValueError, match="wiggle"):
        contrast("bezmastny", ["7♠ 7♦", "6♣ 9♦"], "wiggle 7♠", trump="D")


def test_the_chooser_covers_every_gallery_preset_with_its_clause_words():
    chooser = PresetChooser()
    assert chooser.names == gallery_presets() and len(chooser.names) >= 40
    assert all(VARIANTS[n].clause.startswith("R9") for n in chooser.names)
    for name in chooser.names:
        chooser.value = name
        clause = VARIANTS[name].clause
        assert chooser.clause == clause
        assert chooser.clause_text == clause_text(clause) != "", f"{clause} not in docs/rules.md"
        assert clause in chooser.info.value and VARIANTS[name].title in chooser.info.value
        assert "<svg" in chooser.picture.value


def test_choosing_in_the_dropdown_changes_the_summary_the_clause_and_the_picture():
    chooser = PresetChooser(value="tuzovy")
    before = (chooser.info.value, chooser.picture.value)
    chooser.dropdown.value = "naval"  # what a click in the browser does
    assert chooser.value == "naval" and "R9.3" in chooser.info.value
    assert (chooser.info.value, chooser.picture.value) != before
    svg = chooser._repr_svg_()  # the static fallback: the picture and the words under it
    assert svg.startswith("<svg") and "R9.3" in svg and "naval" in svg
    assert MARK_COLORS[ALLOWED] in svg


def test_the_chooser_refuses_a_name_it_does_not_show():
    with pytest.raises(ValueError, match="'nonsense' is not in VARIANTS"):
        PresetChooser(["tuzovy", "nonsense"])
    with pytest.raises(ValueError, match="'podkidnoy' is not one of the presets shown"):
        PresetChooser(value="podkidnoy")


def test_clause_text_without_the_rules_file_is_empty(tmp_path):
    assert RULES_MD.is_file()
    assert clause_text("R9.14", tmp_path / "missing.md") == ""


# -- the whole-game experiment of the gallery lessons (durak_edu.lesson) ---------------------------

def test_random_playouts_are_seeded_and_use_the_compiled_core_where_it_plays_the_preset():
    from durak_edu.lesson import random_playouts
    # tuzovy (a house part, R9) is on the compiled core; 72 cards (R9.21) on the wide copy
    a = random_playouts(["podkidnoy", "tuzovy", "bolshoy"], 12, seed=3)
    b = random_playouts(["podkidnoy", "tuzovy", "bolshoy"], 12, seed=3)
    assert a == b and a["podkidnoy"].kernel and a["tuzovy"].kernel and not a["bolshoy"].kernel
    assert all(p.games == 12 and p.decided + p.draws <= 12 for p in a.values())
    with pytest.raises(ValueError, match="'nonsense' not in VARIANTS"):
        random_playouts(["nonsense"], 12)


def test_every_gallery_preset_has_exactly_one_kind_and_its_lesson_teaches_it():
    import json
    from pathlib import Path

    from durak_edu.widgets.gallery import KINDS, lesson_of
    kinds = [name for _, names in KINDS.values() for name in names]
    assert sorted(kinds) == sorted(gallery_presets()) and len(kinds) == len(set(kinds))
    notebooks = Path(__file__).resolve().parent.parent / "notebooks"
    for stem, names in KINDS.values():
        cells = json.loads((notebooks / f"{stem}.ipynb").read_text(encoding="utf-8"))["cells"]
        text = "\n".join("".join(c["source"]) for c in cells)
        for name in names:
            assert lesson_of(name) == stem
            assert re.search(rf"`{name}`", text) and VARIANTS[name].clause in text, (stem, name)
    with pytest.raises(ValueError, match="'podkidnoy' is not a gallery preset"):
        lesson_of("podkidnoy")

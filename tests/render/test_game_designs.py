"""Each bundled game has its own card design, and every deck can be read at the table: suits differ in
shape (not only colour), corner indices are large enough to read and repeat upside down, and the values
players count (VP, hours, 煩悩の大きさ) are printed large."""
from __future__ import annotations

import itertools

import pytest

from pnp.commands.build import plan_game_cards
from pnp.data.project import Project
from pnp.errors import DataError
from pnp.layout.plan import Mark, Rotated, TextBlock
from pnp.units import to_mm

GAMES = ("terror24", "tantei2", "euphoria")

# Marks that part on screen but merge in a 4 mm corner index printed in greyscale (checked here by eye
# on printed sheets): a flame and a drop are a rounded blob with a point on top; a ring and a target are
# concentric circles; a small hexagon reads as a disc.
LOOK_ALIKE = {frozenset(p) for p in (("flame", "drop"), ("ring", "target"), ("circle", "hexagon"))}

INDEX_MIN_MM = 4.0       # em height of a corner index value: 11.3 pt
VALUE_MIN_PT = 24.0      # the large number a player reads across the table
VP_MIN_PT = 16.0         # the VP stamp of an event card, beside its cost pips


@pytest.fixture(scope="module")
def games(repo):
    project = Project(repo)
    return {g: project.load_game(g) for g in GAMES}


@pytest.fixture(scope="module")
def plans(games):
    return {g: plan_game_cards(game) for g, game in games.items()}


def _blocks(items):
    for item in items:
        if isinstance(item, TextBlock):
            yield item, False
        elif isinstance(item, Rotated):
            for inner, _ in _blocks(item.items):
                yield inner, True


def _text(block: TextBlock) -> str:
    return "".join(pl.line.text for pl in block.lines)


def test_look_alike_suit_marks_are_an_error(mini_project):
    cards = mini_project / "components/mini/cards.yaml"
    text = cards.read_text(encoding="utf-8")
    old = 'color: "#2e4a9e", mark: diamond'
    assert old in text
    cards.write_text(text.replace(old, 'color: "#2e4a9e", mark: hexagon', 1), encoding="utf-8")
    with pytest.raises(DataError) as e:
        Project(mini_project).load_game("mini")
    errs = [str(p) for p in e.value.problems]
    assert any("suits[1].mark" in m and "'sun' and 'moon' have look-alike marks 'circle' and 'hexagon'" in m
               for m in errs), errs


def test_flame_and_drop_in_one_deck_are_an_error(repo, tmp_path):
    """The issue's own case: 爆弾テロ (flame) beside バイオテロ (drop)."""
    import shutil
    shutil.copytree(repo / "components/terror24", tmp_path / "components/terror24")
    shutil.copytree(repo / "layouts", tmp_path / "layouts")
    incidents = tmp_path / "components/terror24/incidents.yaml"
    text = incidents.read_text(encoding="utf-8")
    old = "    name: 爆弾テロ\n    color: \"#c0392b\"\n    mark: star"
    assert old in text
    incidents.write_text(text.replace(old, old.replace("mark: star", "mark: flame")), encoding="utf-8")
    with pytest.raises(DataError) as e:
        Project(tmp_path).load_game("terror24")
    assert any("look-alike marks" in str(p) and "'bomb'" in str(p) and "'bio'" in str(p) and "incidents.yaml" in p.file
               for p in e.value.problems), [str(p) for p in e.value.problems]


@pytest.mark.parametrize("game_id", ("terror24", "tantei2", "euphoria", "ebe"))
def test_no_deck_has_two_suits_with_the_same_or_a_look_alike_mark(repo, game_id):
    game = Project(repo).load_game(game_id)
    for deck in game.decks:
        for a, b in itertools.combinations(deck.suits, 2):
            assert a.mark != b.mark, f"{game_id}/{deck.id}: {a.id} and {b.id} both {a.mark}"
            assert frozenset((a.mark, b.mark)) not in LOOK_ALIKE, \
                f"{game_id}/{deck.id}: {a.id} ({a.mark}) and {b.id} ({b.mark}) look alike"


def test_each_game_has_its_own_card_design(games):
    """No deck of these games is drawn on the shared card-base or card-number; no two games share a layout."""
    used = {g: {deck.layout.id for deck in game.decks} for g, game in games.items()}
    for g, ids in used.items():
        assert not ids & {"card-base", "card-number"}, (g, ids)
        assert all(i.startswith(g + "-") for i in ids), (g, ids)
    for a, b in itertools.combinations(used, 2):
        assert not used[a] & used[b], (a, b)


@pytest.mark.parametrize("game_id,deck_id", [("terror24", "incidents"), ("terror24", "detectives"),
                                             ("tantei2", "events"), ("tantei2", "persons"),
                                             ("tantei2", "watashi"), ("tantei2", "tragedy"),
                                             ("euphoria", "kleshas")])
def test_corner_index_is_legible_in_both_orientations(games, plans, game_id, deck_id):
    deck = next(d for d in games[game_id].decks if d.id == deck_id)
    faces, _ = plans[game_id][deck_id]
    for card in deck.cards:
        value = str(card.value)
        index = next(r for r in deck.layout.face if r.kind == "index")
        upright = [b for b, rot in _blocks(faces[card.id].items) if not rot and _text(b) == value
                   and index.x_pt - 1 <= b.lines[0].x <= index.x_pt + index.w_pt
                   and index.y_pt <= b.lines[0].baseline <= index.y_pt + index.h_pt]
        turned = [b for b, rot in _blocks(faces[card.id].items) if rot and _text(b) == value]
        assert upright and turned, f"{deck_id}/{card.id}: index {value!r} upright {len(upright)}, turned {len(turned)}"
        assert to_mm(upright[0].size_pt) >= INDEX_MIN_MM, f"{deck_id}/{card.id}: index {to_mm(upright[0].size_pt):.1f} mm"
        marks = [i for i in faces[card.id].items if isinstance(i, Mark)]
        assert any(to_mm(m.size) >= 4.0 for m in marks), f"{deck_id}/{card.id}: index mark under 4 mm"


@pytest.mark.parametrize("game_id,deck_id", [("terror24", "incidents"), ("terror24", "detectives"),
                                             ("euphoria", "kleshas")])
def test_game_values_are_printed_large(games, plans, game_id, deck_id):
    """事件カードの得点（VP）、刑事カードの捜査時間、煩悩の大きさ: readable across the table."""
    deck = next(d for d in games[game_id].decks if d.id == deck_id)
    faces, _ = plans[game_id][deck_id]
    for card in deck.cards:
        sizes = [b.size_pt for b, rot in _blocks(faces[card.id].items) if not rot and _text(b) == str(card.value)]
        assert sizes and max(sizes) >= VALUE_MIN_PT, f"{deck_id}/{card.id}: largest value {max(sizes or [0])} pt"


def test_tantei2_event_vp_is_printed_large_where_the_rules_give_vp(games, plans):
    deck = next(d for d in games["tantei2"].decks if d.id == "events")
    faces, _ = plans["tantei2"]["events"]
    with_vp = [c for c in deck.cards if c.rules.get("vp")]
    assert len(with_vp) >= 30
    for card in deck.cards:
        vp = card.rules.get("vp") or 0
        big = [b for b, _ in _blocks(faces[card.id].items) if _text(b) == f"{vp}VP" and b.size_pt >= VP_MIN_PT]
        if vp:
            assert big, f"events/{card.id}: {vp}VP not printed at {VP_MIN_PT} pt or more"
            assert f"{vp}VP" in card.body, f"events/{card.id}: the stamp disagrees with the card text"
        else:
            assert not big, f"events/{card.id}: a VP stamp on a card that gives none"


@pytest.mark.parametrize("game_id", ("tantei2", "terror24"))
def test_player_aid_one_per_player_rules_at_least_7_5_pt_no_placeholder(games, plans, game_id):
    game = games[game_id]
    deck = next(d for d in game.decks if d.id == "aid")
    assert sum(c.count for c in deck.cards) == game.players[1]
    assert next(c for c in game.components if c.id == "aid").count == game.players[1]
    faces, _ = plans[game_id]["aid"]
    for card in deck.cards:
        items = faces[card.id].items
        texts = [(b, _text(b)) for b, _ in _blocks(items)]
        rules = [(b, t) for b, t in texts if t != "（仮）"]
        assert sum(len(t) for _, t in rules) > 100
        assert all(b.size_pt >= 7.5 for b, _ in rules), [(t[:10], b.size_pt) for b, t in rules]
        assert not any(isinstance(i, Rotated) for i in items), "an upside-down 早 reads as 吉"
        assert not any(isinstance(i, Mark) for i in items), "no placeholder mark on the aid"
        assert "（仮）" in [t for _, t in texts]


def test_an_index_that_turned_reads_as_another_number_is_underlined(plans):
    """「6」 turned is 「9」: the corner index puts a rule under such values (both copies), as playing cards do."""
    from pnp.layout.card import turns_into_another_number
    from pnp.layout.plan import Rule
    assert [v for v in ("6", "9", "16", "19", "61", "66", "86") if turns_into_another_number(v)] == \
        ["6", "9", "16", "19", "61", "66", "86"]
    assert not any(turns_into_another_number(v) for v in ("8", "69", "96", "10", "1", "7", "HT", "紫", ""))
    faces, _ = plans["tantei2"]["events"]

    def rules_in_turned_index(card_id):
        return [r for item in faces[card_id].items if isinstance(item, Rotated)
                for r in item.items if isinstance(r, Rule)]

    def rules_upright(card_id):
        return [r for r in faces[card_id].items if isinstance(r, Rule) and to_mm(r.y1) < 20 and to_mm(r.x1) < 13]

    for card_id in ("e06", "e09", "e16", "e19", "e61"):
        assert rules_in_turned_index(card_id) and rules_upright(card_id), card_id
    for card_id in ("e07", "e08", "e10", "e15"):
        assert not rules_in_turned_index(card_id) and not rules_upright(card_id), card_id

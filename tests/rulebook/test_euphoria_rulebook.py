"""The ユーフォリア rulebook: it builds clean, the readings of the 五蓋 are printed, the 3-/4-player
fact about round 9 is stated, and its worked examples are checked by the rules engine (a wrong claim
or an impossible position fails)."""
from __future__ import annotations

import copy

from rulebook_checks import assert_counts_equal_data, assert_every_ruling_printed, assert_no_forbidden_line_start, flat

from pnp.games import make_engine
from pnp.rulebook import check_rulebook, has_rulebook
from pnp.rulebook.markup import parse_rulebook
from pnp.sim.examples import check_example, check_rulebook_examples, rulebook_examples

GAME_ID = "euphoria"     # fixtures game, built, pages_text: tests/rulebook/conftest.py


def test_rulebook_is_clean_and_builds(game, built):
    assert has_rulebook(game)
    assert check_rulebook(game) == []
    out, written = built
    assert all(w.path.exists() for w in written)


def test_counts_rulings_and_line_starts(game, pages_text):
    assert_counts_equal_data(game, pages_text)
    assert_every_ruling_printed(pages_text, [r for r in game.rulings if r.printed])
    assert_no_forbidden_line_start(pages_text)


def test_readings_of_the_five_hindrances_are_printed(pages_text):
    # the game is marked 10歳以上: 五蓋（貪欲・瞋恚・昏沈・掉挙・疑） carry ruby in the rulebook
    text = flat("".join(pages_text))
    for reading in ("ごがい", "とんよく", "しんい", "こんじん", "じょうこ"):
        assert reading in text, reading


def test_round_nine_fact_is_stated(pages_text):
    """Draft: 「”現在のラウンド数”以上の数字でなければならない」 with numbers 「１〜８」: from round 9 a
    card of another suit than 無の境地 can never be played (3 players: rounds 9–12; 4 players: round 9)."""
    text = flat("".join(pages_text))
    assert "第9ラウンドからは、無の境地と違うスートのカードは1枚も出せません" in text
    assert "3人なら第9〜12ラウンド" in text


def _examples(game):
    return rulebook_examples(parse_rulebook(game)[0])


def test_every_example_stating_an_outcome_is_checked_and_holds(game):
    engine = make_engine(game)
    n, problems = check_rulebook_examples(parse_rulebook(game)[0], engine)
    assert n == 3 and problems == []


def test_a_wrong_winner_claim_fails(game):
    engine = make_engine(game)
    file, line, script = next(x for x in _examples(game) if x[2]["expect"].get("winner"))
    wrong = copy.deepcopy(dict(script))
    wrong["expect"] = {**wrong["expect"], "winner": "C"}       # the hidden card would have said C
    problems = check_example(engine, wrong, file, line)
    assert [p.field for p in problems] == ["expect.winner"]
    assert "the rules give 'B'" in problems[0].message


def test_three_cards_in_round_three_of_four_players_is_impossible(game):
    """The old example gave D 3 cards in round 3 of a 4-player game: D must hold 7."""
    engine = make_engine(game)
    file, line, script = _examples(game)[0]
    wrong = copy.deepcopy(dict(script))
    wrong["setup"]["hands"]["D"] = ["konjin-1", "gi-3", "tonyoku-4"]
    problems = check_example(engine, wrong, file, line)
    assert len(problems) == 1 and problems[0].field == "setup"
    assert "D holds 3 cards in round 3 of a 4-player game; every player still in the game holds 7" in problems[0].message


def test_elimination_only_when_sailing_is_forced(game):
    """[no_card]: a player who may still chant cannot choose to sail without a playable card, so the
    counterfactual D (no 昏沈) is eliminated only because he sailed in an earlier round."""
    engine = make_engine(game)
    file, line, script = _examples(game)[1]
    assert check_example(engine, script, file, line) == []
    free = copy.deepcopy(dict(script))
    free["setup"]["sailed"] = ["B"]
    free["setup"]["toku"]["D"] = ["tonyoku-1", "tonyoku-2"]
    problems = check_example(engine, free, file, line)
    assert len(problems) == 1 and problems[0].field == "moves" and "move 4" in problems[0].message

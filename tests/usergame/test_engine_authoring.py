"""Writing an engine for one's own game, as `pnp validate` answers it (issue #37, item 10): rulebook
examples name cards by id, and a decision reaches `apply` as the engine's own legal action; a ruling
the engine plays but rulings.yaml does not state is named at the engine's line; a card that goes
missing is named, with its data line and the place it was in before the step."""
from __future__ import annotations

import re
from pathlib import Path

from owngame import GAME, edit, new_game, run, write

PAGE = Path(__file__).resolve().parents[2] / "docs/engines.md"


def documented_methods() -> str:
    text = PAGE.read_text(encoding="utf-8")
    return "".join(b + "\n" for b in re.findall(r"<!-- engine-api: TrickEngine -->\n```python\n(.*?)```", text, re.S))


def with_examples(tmp_path) -> Path:
    """The scaffold with the page's example_state / example_facts."""
    game = new_game(tmp_path)
    engine = game / "engine.py"
    edit(engine, "from pnp.errors import PnpError\n",
         "from pnp.errors import PnpError\nfrom pnp.sim.examples import ExampleError\n")
    edit(engine, "    # ---------------------------------------------------------------- views, logs, checks\n",
         documented_methods() + "    # ---------------------------------------------------------------- views, logs, checks\n")
    return game


def example(moves: str) -> str:
    return ("# 遊びかた\n\n:::example 月を出せば勝てる（2人）\n席1が太陽の5を出し、席2は月の1を出します。\n\n"
            "~~~check\nplayers: 2\nsetup:\n  hands:\n    - [sun-5, sun-6, sun-7, sun-8, star-1, star-2]\n"
            "    - [moon-1, moon-2, moon-3, star-3, star-4, star-5]\n"
            f"moves:\n{moves}expect:\n  tricks: [0, 1]\n  leader: 2\n~~~\n:::\n")


def ledger(result) -> str:
    lines = result.output.splitlines()
    i = next(k for k, line in enumerate(lines) if "設計者の台帳" in line)
    return "\n".join([lines[i]] + [line for line in lines[i + 1:i + 4] if line.startswith("      ")])


def test_an_example_names_its_cards_by_id(tmp_path):
    game = with_examples(tmp_path)
    write(game, "rulebook/01-play.md", example("  - {play: sun-5}\n  - {play: moon-1}\n"))
    result = run("validate", GAME, "--games", "5", "--project", tmp_path, "--fresh")
    assert result.exit_code == 0, result.output
    assert "例の局面 1 件 OK" in ledger(result)
    # the numbers the log writes are still read, and a card id mixed with a number too
    write(game, "rulebook/01-play.md", example("  - {play: 4}\n  - {play: moon-1}\n"))
    assert run("validate", GAME, "--games", "5", "--project", tmp_path, "--fresh").exit_code == 0


def test_an_example_with_a_card_the_deck_has_not_names_it_at_its_line(tmp_path):
    game = with_examples(tmp_path)
    write(game, "rulebook/01-play.md", example("  - {play: sun-9}\n  - {play: moon-1}\n"))
    result = run("validate", GAME, "--games", "5", "--project", tmp_path, "--fresh")
    assert result.exit_code == 1
    row = ledger(result)
    assert row.startswith("NG")
    assert (f"components/{GAME}/rulebook/01-play.md:6:1: moves: move 1 ({{'play': 'sun-9'}}) is not an action of "
            "this game") in row
    assert "(no card 'sun-9' in the engine's card_ids)" in row


def test_an_example_move_that_is_not_legal_says_so(tmp_path):
    game = with_examples(tmp_path)
    # seat 2 holds no sun: moon-1 is legal, but seat 1 cannot play moon-1 (seat 2 holds it)
    write(game, "rulebook/01-play.md", example("  - {play: moon-1}\n"))
    result = run("validate", GAME, "--games", "5", "--project", tmp_path, "--fresh")
    assert result.exit_code == 1
    assert "moves: move 1 (「月の1」を出す) is not legal here (legal: 「太陽の5」を出す" in ledger(result)


def test_an_example_move_is_applied_as_the_engines_legal_action(tmp_path):
    """An action read back from JSON lacks what its JSON leaves out (the Play's name): apply gets the
    engine's own legal action, as in play, so an engine that reads such a field plays the example."""
    game = with_examples(tmp_path)
    engine = game / "engine.py"
    edit(engine, "            return self._plays[int(data[\"play\"])]\n", "            return Play(int(data[\"play\"]))\n")
    edit(engine, "        seat = self.to_move(s)\n        s.hands[seat].remove(action.card)\n",
         "        seat = self.to_move(s)\n        if not action.name:\n"
         "            raise IllegalAction(f\"{action!r}: a card played without its name\")\n"
         "        s.hands[seat].remove(action.card)\n")
    write(game, "rulebook/01-play.md", example("  - {play: sun-5}\n  - {play: moon-1}\n"))
    result = run("validate", GAME, "--games", "5", "--project", tmp_path, "--fresh")
    assert "例の局面 1 件 OK" in ledger(result), result.output


def test_a_ruling_the_engine_plays_and_rulings_yaml_lacks_is_named_at_the_engines_line(tmp_path):
    game = new_game(tmp_path)
    engine = game / "engine.py"
    edit(engine, "    options = ()\n", "    options = ()\n    ruling_ids = (\n        \"lead-any\",\n    )\n")
    line = engine.read_text(encoding="utf-8").splitlines().index("        \"lead-any\",") + 1
    result = run("validate", GAME, "--games", "5", "--project", tmp_path, "--fresh")
    assert result.exit_code == 1
    row = ledger(result)
    assert row.startswith("NG")
    assert (f"components/{GAME}/engine.py:{line}: ruling_ids: the rules engine plays ruling 'lead-any', which "
            f"components/{GAME}/rulings.yaml does not state (it states: none)") in row


def test_a_card_that_goes_missing_is_named_with_its_data_line_and_where_it_was(tmp_path):
    game = new_game(tmp_path)
    edit(game / "engine.py", "            s.won[winner].extend(c for _, c in s.trick)\n",
         "            s.won[winner].extend(c for _, c in s.trick if self.card_ids[c] != \"moon-2\")\n")
    line = next(i for i, t in enumerate((game / "cards.yaml").read_text(encoding="utf-8").splitlines(), 1)
                if '"moon-2"' in t)
    result = run("validate", GAME, "--games", "5", "--project", tmp_path, "--fresh")
    assert result.exit_code == 1
    found = re.findall(r"cards are not conserved: missing moon-2 ×1 月 2（components/shoubai/cards\.yaml:(\d+)）, "
                       r"was in '(trick|hand \d|won \d)' before this step", result.output)
    assert found and {int(n) for n, _ in found} == {line}
    # the sample games that lost it are one line (validate's grouping): the first game's step says where it was
    assert {place for _, place in found} <= {"trick", "hand 1", "hand 2", "hand 3", "hand 4"}
    assert "pnp play shoubai --seed" in result.output


def test_a_hook_that_raises_in_a_check_is_named_at_the_engines_line(tmp_path):
    game = new_game(tmp_path)
    edit(game / "engine.py", "        if not s.dealt:\n            places[\"stock\"] = list(ids)\n",
         "        if not s.dealt:\n            raise KeyError(\"stock\")\n")
    line = (game / "engine.py").read_text(encoding="utf-8").splitlines().index("            raise KeyError(\"stock\")") + 1
    result = run("validate", GAME, "--games", "5", "--project", tmp_path, "--fresh")
    assert result.exit_code == 1
    engine_row = next(block for block in result.output.split("\nNG  ") if block.startswith(f"{GAME}    エンジンの共通検査"))
    assert f"components/{GAME}/engine.py:{line}: KeyError: 'stock'" in engine_row
    assert "Traceback" not in result.output


def engine_row(result) -> str:
    """validate's 共通検査 row and the lines under it."""
    lines = result.output.splitlines()
    i = next(k for k, line in enumerate(lines) if "共通検査" in line)
    return "\n".join([lines[i]] + [line for line in lines[i + 1:i + 4] if line.startswith("      ")])


def test_the_engine_row_names_the_legal_decisions_it_checked(tmp_path):
    new_game(tmp_path)
    result = run("validate", GAME, "--games", "5", "--project", tmp_path, "--fresh")
    assert result.exit_code == 0, result.output
    checked = re.search(r"合法手 (\d+) 局面（(\d+) ゲーム）", engine_row(result))
    assert checked, engine_row(result)
    # six cards dealt to each player (rule 1), every one of them played: one game a player count, 2–4
    assert int(checked[2]) == 3 and int(checked[1]) == 6 * (2 + 3 + 4)


def test_legal_actions_out_of_their_order_are_an_engine_problem(tmp_path):
    """A seeded policy picks by position: a list whose order depends on how it was built (a set, a
    hand in play order) plays a different game from the same seed after an innocent change."""
    game = new_game(tmp_path)
    edit(game / "engine.py", "        return sorted(self._plays[c] for c in hand)\n",
         "        return sorted((self._plays[c] for c in hand), reverse=True)\n")
    result = run("validate", GAME, "--games", "5", "--project", tmp_path, "--fresh")
    assert result.exit_code == 1
    row = engine_row(result)
    assert row.startswith("NG"), row
    assert "decision 1: the legal actions are not listed in their own order (return sorted(actions))" in row


def test_a_legal_action_listed_twice_or_lost_through_json_is_an_engine_problem(tmp_path):
    game = new_game(tmp_path)
    edit(game / "engine.py", "        return sorted(self._plays[c] for c in hand)\n",
         "        return sorted([self._plays[c] for c in hand] * 2)\n")
    result = run("validate", GAME, "--games", "5", "--project", tmp_path, "--fresh")
    assert result.exit_code == 1
    assert "is listed twice" in engine_row(result)

"""`pnp sweep` names each setting in the engine's own Japanese words, not the raw option values
(issue: "`sweep` prints raw option values although the engine gives Japanese labels")."""
from __future__ import annotations

from owngame import GAME, add_star_option, new_game, run


def table_rows(output: str) -> list[str]:
    return [line.split("  ")[0] for line in output.splitlines() if line.startswith("星のカード")]


def test_sweep_prints_the_choices_japanese_words(tmp_path):
    game = new_game(tmp_path)
    add_star_option(game, 'OptionSpec("star_points", "星のカード", (1, 2), 1, ("1枚1点", "1枚2点"))')
    result = run("sweep", GAME, "--option", "star_points=1,2", "--games", "12", "--players", "3",
                 "--project", tmp_path)
    assert result.exit_code == 0, result.output
    assert table_rows(result.output) == ["星のカード 1枚1点", "星のカード 1枚2点"]


def test_sweep_reads_value_words_from_labels_ja_too(tmp_path):
    game = new_game(tmp_path)
    add_star_option(game, 'OptionSpec("star_points", "star_points", (1, 2), 1)')
    engine = game / "engine.py"
    text = engine.read_text(encoding="utf-8").replace(
        "    default_policy = \"heuristic\"\n",
        "    default_policy = \"heuristic\"\n    labels_ja = {\"star_points\": \"星のカード\", "
        "\"star_points=1\": \"1枚1点\", \"star_points=2\": \"1枚2点\"}\n", 1)
    engine.write_text(text, encoding="utf-8")
    result = run("sweep", GAME, "--option", "star_points=1,2", "--games", "12", "--players", "3",
                 "--project", tmp_path)
    assert result.exit_code == 0, result.output
    assert table_rows(result.output) == ["星のカード 1枚1点", "星のカード 1枚2点"]


def test_an_on_off_option_reads_ari_nashi(repo):
    from pnp.data.project import Project
    from pnp.games.loader import make_engine
    from pnp.sim.sweep import grid, parse_axes
    engine = make_engine(Project(repo).load_game("tantei2"))
    settings = grid(engine, parse_axes(engine, ["standard"], ["skills=off,on"]))
    assert [s.label for s in settings] == ["「私」のスキルを使う（選択ルール） なし", "「私」のスキルを使う（選択ルール） あり"]

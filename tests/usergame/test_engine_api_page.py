"""Every hook docs/engines.md documents works as written: the page's code for the search player, the
rulebook examples and a second policy, pasted into the engine `pnp new GAME --engine` writes, passes
`pnp validate` and gives the figures it promises (issue: "ENGINE_API.md (now docs/engines.md) omits hooks the tool uses …
Every hook the tool calls is documented with a working example")."""
from __future__ import annotations

import re
from pathlib import Path

from owngame import GAME, edit, new_game, run, write

PAGE = Path(__file__).resolve().parents[2] / "docs/engines.md"


def blocks(kind: str) -> list[str]:
    text = PAGE.read_text(encoding="utf-8")
    return re.findall(r"<!-- engine-api: " + kind + r" -->\n```python\n(.*?)```", text, re.S)


def example_box() -> str:
    text = PAGE.read_text(encoding="utf-8")
    return re.search(r"```\n(:::example .*?\n:::)\n```", text, re.S).group(1)


def engine_as_documented(tmp_path) -> Path:
    game = new_game(tmp_path)
    engine = game / "engine.py"
    edit(engine, "from pnp.errors import PnpError\n",
         "from pnp.errors import PnpError\nfrom pnp.sim.examples import ExampleError\n")
    methods = "".join(b + "\n" for b in blocks("TrickEngine"))
    edit(engine, "    # ---------------------------------------------------------------- views, logs, checks\n",
         methods + "    # ---------------------------------------------------------------- views, logs, checks\n")
    edit(engine, "\n\ndef make_engine(game: Game)", "\n\n" + "".join(blocks("module")) + "\n\ndef make_engine(game: Game)")
    (caps,) = blocks("capabilities")
    text = engine.read_text(encoding="utf-8")
    start = text.index("        self.capabilities = Capabilities(\n")
    end = text.index("\n", text.index("redeal=True)", start)) + 1
    edit(engine, text[start:end], caps)
    (line,) = blocks("policies")
    edit(engine, '        self.policies = {"heuristic": HeuristicPolicy}\n', line)
    write(game, "rulebook/01-play.md", "# 遊びかた\n\n" + example_box() + "\n")
    return game


def rows(output: str) -> dict[str, str]:
    return {line.split()[2]: line for line in output.splitlines() if line[:3] in ("OK ", "NG ")}


def test_every_hook_is_documented_by_the_base_class_and_taken_by_the_adapter():
    """The hook reference is BaseEngine's own docstrings (the page points there); the loader's adapter
    takes every optional hook and attribute BaseEngine has from a designer's engine without the base class."""
    from pnp.games.loader import OPTIONAL_ATTRIBUTES, OPTIONAL_HOOKS, REQUIRED_METHODS
    from pnp.sim.engine import BaseEngine
    page = PAGE.read_text(encoding="utf-8")
    assert "BaseEngine" in page and "Capabilities" in page and "pnp.sim.engine" in page
    public = {n for n in vars(BaseEngine) if not n.startswith("_")} - {"capabilities", "max_steps"}
    methods = {n for n in public if callable(vars(BaseEngine)[n])}
    undocumented = sorted(n for n in methods if not (vars(BaseEngine)[n].__doc__ or "").strip())
    assert not undocumented
    optional = methods - set(REQUIRED_METHODS)
    assert sorted(n for n in optional if "Default" not in vars(BaseEngine)[n].__doc__) == []
    assert optional == set(OPTIONAL_HOOKS) | {"component_counts"}
    attributes = public - methods - {"game_id", "min_players", "max_players"}
    assert attributes == set(OPTIONAL_ATTRIBUTES) | {"policies", "score_track"}     # the loader sets score_track


def test_the_documented_hooks_pass_validate(tmp_path):
    engine_as_documented(tmp_path)
    result = run("validate", GAME, "--games", "10", "--project", tmp_path)
    assert result.exit_code == 0, result.output
    found = rows(result.output)
    assert "局面×席、見えている情報は一致し、隠れた札は毎回配り直される" in found["探索プレイヤーの確定化（隠れた札を見ない）"]
    assert "例の局面 1 件 OK" in found["設計者の台帳（裁定・質問・例）"]


def test_with_the_search_hooks_the_skill_figure_is_measured(tmp_path):
    engine_as_documented(tmp_path)
    result = run("simulate", GAME, "--games", "10", "--players", "2", "--skill-games", "4",
                 "--search-iterations", "8", "--project", tmp_path)
    assert result.exit_code == 0, result.output
    assert "腕の影響（腕のはしご）：" in result.output and "はしごはありません" not in result.output
    assert "探索（読み8）" in result.output


def test_the_documented_policy_plays_beside_the_heuristic(tmp_path):
    engine_as_documented(tmp_path)
    result = run("simulate", GAME, "--games", "20", "--players", "2", "--policy", "heuristic,lowest",
                 "--project", tmp_path)
    assert result.exit_code == 0, result.output
    assert "lowest" in result.output


def test_expect_compares_the_whole_value(tmp_path):
    """The page: 「`tricks: [0, 1]` は「席2が1トリック」ではなく…並び全体の主張」."""
    game = engine_as_documented(tmp_path)
    edit(game / "rulebook/01-play.md", "  tricks: [0, 1]\n", "  tricks: [1]\n")
    result = run("validate", GAME, "--games", "5", "--project", tmp_path)
    assert result.exit_code == 1
    assert "the example says tricks = [1], the rules give [0, 1]" in result.output

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
    edit(engine, "\n\ndef make_engine(game)", "\n\n" + "".join(blocks("module")) + "\n\ndef make_engine(game)")
    (line,) = blocks("policies")
    edit(engine, '        self.policies = {"heuristic": HeuristicPolicy}\n', line)
    write(game, "rulebook/01-play.md", "# 遊びかた\n\n" + example_box() + "\n")
    return game


def rows(output: str) -> dict[str, str]:
    return {line.split()[2]: line for line in output.splitlines() if line[:3] in ("OK ", "NG ")}


def test_the_page_names_every_hook_the_tool_looks_up():
    page = PAGE.read_text(encoding="utf-8")
    source = "\n".join(p.read_text(encoding="utf-8") for p in (PAGE.parents[1]).rglob("*.py")
                       if "games" not in p.relative_to(PAGE.parents[1]).parts[:1])
    hooks = set(re.findall(r"getattr\(engine, \"(\w+)\"", source)) - {"__getstate__"}
    hooks |= {"information_set", "determinize", "example_state", "example_facts"}
    assert hooks and not {h for h in hooks if f"`{h}" not in page}


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

"""The figures the docs quote are the ones benchmarks/readme_figures.py makes.  The head-to-head table of
benchmarks/README.md: every row the script plays is a row of the table (same game, players, games, seed and
search player), and the page names the commit and the command that printed its figures.  The sweep figures:
the manual (docs/simulate.md) quotes the sentences of benchmarks/figures.json, and a small run of each still
gives the file's numbers."""
from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

from pnp.data.project import Project
from pnp.games import make_engine

ROOT = Path(__file__).resolve().parents[2]


def _script():
    spec = importlib.util.spec_from_file_location("readme_figures", ROOT / "benchmarks" / "readme_figures.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod          # its dataclasses look their module up
    spec.loader.exec_module(mod)
    return mod


def test_readme_quotes_the_rows_the_script_prints():
    mod = _script()
    readme = (ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8")
    # any number of jobs plays the same games
    assert re.search(r"コミット [0-9a-f]{7,} で `python benchmarks/readme_figures.py --game euphoria --jobs [0-9]+`",
                     readme)
    for r in mod.ROWS:
        if r.game != "euphoria":
            continue          # the other rows predate the script; the README says so
        games = f"{r.games}局" + (f"・{r.random_games}局" if r.random_games else "")
        head = f"| {mod.TITLES[r.game]} {r.players}人（{games}、種{r.seed}） | `{r.search}`{r.note} | "
        assert head in readme, head


def _flat(text: str) -> str:
    """Text without its spaces and line breaks: the README wraps its sentences anywhere."""
    return re.sub(r"\s+", "", text)


def _figures():
    return json.loads((ROOT / "benchmarks" / "figures.json").read_text(encoding="utf-8"))


def test_readme_quotes_the_figures_the_script_wrote():
    """Each sweep figure of benchmarks/figures.json is in the manual as the sentence made from its numbers,
    and the script still computes the same figures (its settings are the file's)."""
    mod = _script()
    data = _figures()
    readme = (ROOT / "docs" / "simulate.md").read_text(encoding="utf-8")
    flat = _flat(readme)
    sweeps = [f for f in data["figures"] if f["id"] != "crn_noise_floor"]
    assert [f["id"] for f in sweeps] == [f.id for f in mod.FIGURES]
    for fig, spec in zip(sweeps, mod.FIGURES):
        assert (fig["game"], fig["players"], fig["option"], tuple(fig["values"]), fig["games"], fig["seed"]) == (
            spec.game, spec.players, spec.option, spec.values, spec.games, spec.seed)
        assert fig["readme"] == mod.sweep_sentence(fig)
        assert _flat(fig["readme"]) in flat, fig["readme"]
    # the EBE life sweep as the README quotes it: 100 games a value, 4 values
    [life] = [f for f in sweeps if f["id"] == "ebe_life_sweep"]
    assert len(life["wins"]) == 4 and all(0 <= w <= life["games"] for w in life["wins"])
    # the noise-floor paragraph: both its sentences, made from the file's numbers
    [crn] = [f for f in data["figures"] if f["id"] == "crn_noise_floor"]
    assert (crn["games"], crn["seed"], crn["players"]) == (mod.CRN_GAMES, mod.CRN_SEED, mod.CRN_PLAYERS)
    assert crn["readme"] == mod.crn_sentences(crn)
    for sentence in crn["readme"]:
        assert _flat(sentence) in flat, sentence


def test_a_small_run_of_each_figure_still_gives_the_files_numbers():
    """The check run (the same settings, a few games) recomputed: when an engine changes its figures, this
    fails; rerun `python benchmarks/readme_figures.py --figures --write` and copy the printed sentence."""
    mod = _script()
    project = Project(ROOT)
    data = _figures()["figures"]
    for fig, spec in zip(data, mod.FIGURES):
        engine = make_engine(project.load_game(spec.game))
        policy, wins = mod.sweep_wins(engine, spec, fig["check"]["games"])
        assert policy == fig["policy"]
        assert wins == fig["check"]["wins"], (fig["id"], wins, fig["check"]["wins"])
    [crn] = [f for f in data if f["id"] == "crn_noise_floor"]
    placebo = mod.crn_placebo(make_engine(project.load_game("terror24")), crn["check"]["games"])
    assert placebo == crn["check"]["terror24_keyed_placebo"]


def test_the_sentences_follow_the_numbers():
    mod = _script()
    fig = {"players": 3, "policy": "planner", "games": 100, "seed": 1, "values": [30, 40], "team": True,
           "wins": [19, 56]}
    assert mod.sweep_sentence(fig) == "3人・planner・各100ゲーム（種1）で、30 / 40 のチームの勝率は 19% / 56% でした"
    crn = {"placebo": {"terror24": {"single": 0.5, "keyed": 0.2}, "ebe": {"single": 0.3, "keyed": 0.1},
                       "tantei2": {"single": 0.44, "keyed": 0.4}},
           "comparisons": [{"name": "A案", "winner_changed": 0.12, "noise_floor": 0.1, "verdict": "undecided"},
                           {"name": "B案", "winner_changed": 0.5, "noise_floor": 0.0, "verdict": "above_noise"},
                           {"name": "C案", "winner_changed": 0.4, "noise_floor": 0.45, "verdict": "negligible"}]}
    first, second = mod.crn_sentences(crn)
    assert first.endswith("24 20%・EBE 10% です。探偵無宿２は 44% から 40% です")
    assert second == ("B案で勝者が変わる 50%（偶然の下限 0%）はルールで勝者が変わり、C案 40%（下限 45%）は偶然の分を除くと"
                      "ほとんど変わらず（3%未満）、A案 12%（下限 10%）は「判定できません」です")

import json

from click.testing import CliRunner

from pnp.cli import main


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def test_validate_clean_game_exits_0_with_json(repo):
    result = run("validate", "terror24", "--games", "1", "--fresh", "--json", "--project", repo)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    checks = {c["check"]: c for c in data["checks"]}
    assert data["ok"] and checks["samples"]["ok"] and checks["invariants"]["detail"] == "OK"


def test_deleting_one_card_fails_naming_file_and_mismatch(repo, tmp_path):
    import shutil
    shutil.copytree(repo / "components/terror24", tmp_path / "components/terror24")
    deck = tmp_path / "components/terror24/incidents.yaml"
    deck.write_text("\n".join(ln for ln in deck.read_text(encoding="utf-8").splitlines() if "bomb-5" not in ln) + "\n",
                    encoding="utf-8")
    result = run("validate", "terror24", "--games", "2", "--project", tmp_path)
    assert result.exit_code == 1
    assert "components/terror24/game.yaml" in result.output and "says 24 cards" in result.output
    assert "incidents.yaml makes 23" in result.output


def test_component_invariant_detective_hours(repo, tmp_path):
    import shutil
    shutil.copytree(repo / "components/terror24", tmp_path / "components/terror24")
    deck = tmp_path / "components/terror24/detectives.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("id: wolf-6, suit: wolf, value: 6", "id: wolf-6, suit: wolf, value: 7")
                    .replace("rules: {hours: 6}}\n  - id: wolf-hero", "rules: {hours: 7}}\n  - id: wolf-hero"),
                    encoding="utf-8")
    result = run("validate", "terror24", "--games", "2", "--project", tmp_path)
    assert result.exit_code == 1 and "ウルフ: the hours add up to 25 (24 expected)" in result.output


def test_score_track_too_short_fails(repo, tmp_path):
    import shutil
    shutil.copytree(repo / "components/terror24", tmp_path / "components/terror24")
    track = tmp_path / "components/terror24/score-cards.yaml"
    track.write_text(track.read_text(encoding="utf-8").replace("end: 71", "end: 30"), encoding="utf-8")
    # the default validate (no --games): the track is judged on the sample games' own final scores
    result = run("validate", "terror24", "--project", tmp_path)
    assert result.exit_code == 1 and "score track 0–30: only" in result.output


def test_every_bundled_game_declares_and_passes_component_invariants(repo):
    import importlib

    from pnp.data.project import Project
    for game in Project(repo).load_games():
        module = importlib.import_module(f"pnp.games.{game.engine}")
        assert module.check_components(game) == [], game.id


def test_component_invariants_catch_broken_data(repo, tmp_path):
    import shutil
    for gid in ("euphoria", "tantei2"):
        shutil.copytree(repo / "components" / gid, tmp_path / "components" / gid)
    deck = tmp_path / "components/euphoria/kleshas.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("id: gi-8, suit: gi, value: 8", "id: gi-8, suit: gi, value: 7"),
                    encoding="utf-8")
    result = run("validate", "euphoria", "--games", "2", "--project", tmp_path)
    assert result.exit_code == 1 and "疑: the numbers are [1, 2, 3, 4, 5, 6, 7, 7]" in result.output
    events = tmp_path / "components/tantei2/events.yaml"
    text = events.read_text(encoding="utf-8")
    assert "serial: 64" in text
    events.write_text(text.replace("serial: 64", "serial: 65"), encoding="utf-8")
    result = run("validate", "tantei2", "--games", "2", "--project", tmp_path)
    assert result.exit_code == 1 and "the serial numbers do not run 1–64 without a gap" in result.output


def test_validate_lists_provisional_content(repo):
    result = run("validate", "ebe", "--project", repo)
    assert "仮の内容（提案）" in result.output and "・キャラクターカード 5/5 種" in result.output

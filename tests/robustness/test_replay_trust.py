"""Issue item 6: replay believes nothing in a log.  Chance is drawn again from the seed, the recorded
result is compared, and the data hash is required."""
import json

import pytest

from .conftest import REPO, no_traceback


@pytest.fixture
def logged(cli, tmp_path):
    path = tmp_path / "log.json"
    assert cli("play", "euphoria", "--project", REPO, "--seed", "8", "--json", path).exit_code == 0

    def tamper(change) -> object:
        data = json.loads(path.read_text(encoding="utf-8"))
        change(data)
        bad = tmp_path / "tampered.json"
        bad.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        return cli("replay", bad, "--project", REPO)
    return path, tamper


def test_the_untouched_log_replays(cli, logged):
    path, _ = logged
    result = cli("replay", path, "--project", REPO)
    assert result.exit_code == 0 and "一致" in result.output


def test_a_changed_result_is_caught(logged):
    _, tamper = logged
    result = tamper(lambda d: d["result"]["scores"].__setitem__(0, d["result"]["scores"][0] + 5))
    assert result.exit_code == 1 and no_traceback(result)
    assert "result: differs from the log's (scores: replayed" in result.output


def test_a_seed_8_game_relabelled_seed_7_is_caught(logged):
    _, tamper = logged
    result = tamper(lambda d: d["header"].__setitem__("seed", 7))
    assert result.exit_code == 1 and no_traceback(result)
    assert "events[0].action: chance differs: seed 7 draws" in result.output


def test_a_removed_data_hash_is_caught(logged):
    _, tamper = logged
    result = tamper(lambda d: d["header"].pop("data_hash"))
    assert result.exit_code == 1 and "header.data_hash: missing" in result.output


def test_a_changed_data_hash_is_caught(logged):
    _, tamper = logged
    result = tamper(lambda d: d["header"].__setitem__("data_hash", "0" * 64))
    assert result.exit_code == 1 and "header.data_hash: differs" in result.output


def test_every_bundled_engine_replays_its_own_logs(cli, tmp_path):
    for game in ("euphoria", "terror24", "tantei2", "ebe"):
        path = tmp_path / f"{game}.json"
        assert cli("play", game, "--project", REPO, "--seed", "3", "--json", path).exit_code == 0
        result = cli("replay", path, "--project", REPO)
        assert result.exit_code == 0, (game, result.output)

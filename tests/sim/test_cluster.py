"""`pnp simulate … --executor dask://HOST:PORT` and `pnp sweep` on a Dask cluster the test starts itself
(threads in this process, so it starts in about a second): the same seeded games as `--jobs 1`."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(*args):
    return CliRunner().invoke(main, [*args, "--project", str(ROOT)])


@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("distributed", reason="Dask is not installed (pip install 'pnp[cluster]')")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, protocol="tcp",
                                  host="127.0.0.1", dashboard_address=None) as c:
        yield c.scheduler_address.replace("tcp://", "dask://")


def _figures(path: Path) -> dict:
    data = json.loads(path.read_text(encoding="utf-8"))
    return {k: data[k] for k in ("seat_win_rates", "end_reasons", "length", "scores", "completed", "errors")}


def test_simulate_on_a_cluster_equals_one_job(cluster, tmp_path):
    one, dask = tmp_path / "one.json", tmp_path / "dask.json"
    r = run("simulate", "euphoria", "--games", "120", "--players", "4", "--seed", "7", "--json", str(one))
    assert r.exit_code == 0, r.output
    r = run("simulate", "euphoria", "--games", "120", "--players", "4", "--seed", "7", "--json", str(dask),
            "--executor", cluster)
    assert r.exit_code == 0, r.output
    assert _figures(one) == _figures(dask)
    assert json.loads(dask.read_text(encoding="utf-8"))["completed"] == 120


def test_sweep_on_a_cluster_equals_one_job(cluster, tmp_path):
    one, dask = tmp_path / "one.json", tmp_path / "dask.json"
    args = ("sweep", "terror24", "--option", "hands=2,3", "--games", "40", "--players", "3", "--seed", "5")
    assert run(*args, "--json", str(one)).exit_code == 0
    r = run(*args, "--json", str(dask), "--executor", cluster)
    assert r.exit_code == 0, r.output
    assert json.loads(one.read_text(encoding="utf-8"))["rows"] == json.loads(dask.read_text(encoding="utf-8"))["rows"]


def test_unreachable_scheduler_is_a_clear_error(monkeypatch):
    pytest.importorskip("distributed", reason="Dask is not installed (pip install 'pnp[cluster]')")
    monkeypatch.setattr("pnp.sim.executors.CONNECT_TIMEOUT_S", 1)
    r = run("simulate", "euphoria", "--games", "10", "--executor", "dask://127.0.0.1:9")
    assert r.exit_code == 1
    assert "cannot reach a Dask scheduler at tcp://127.0.0.1:9" in r.output and "dask scheduler" in r.output
    assert "Traceback" not in r.output


@pytest.mark.parametrize("address", ["dask://nohostport", "dask://host:0", "dask://host:99999", "ray://h:1",
                                     "127.0.0.1:8786"])
def test_malformed_address_is_a_clear_error(address):
    r = run("simulate", "euphoria", "--games", "10", "--executor", address)
    assert r.exit_code == 1
    assert f"--executor {address!r}: expected dask://HOST:PORT" in r.output or "with a port from 1" in r.output
    assert "Traceback" not in r.output


def test_jobs_and_executor_together_is_a_usage_error():
    r = run("simulate", "euphoria", "--games", "10", "--jobs", "2", "--executor", "dask://127.0.0.1:8786")
    assert r.exit_code == 2 and "give one of the two" in r.output

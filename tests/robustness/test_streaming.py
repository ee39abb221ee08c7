"""Issue item 2 (memory): simulate streams its statistics; its memory does not grow with --games."""
import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.data.project import Project
from pnp.games import make_engine
from pnp.sim import metrics
from pnp.sim.metrics import Dist, Summary
from pnp.sim.runner import Batch, iter_games, run_games
from pnp.sim.stats import describe

from .conftest import REPO


def _engine():
    return make_engine(Project(REPO).load_game("euphoria"))


def test_a_batch_of_a_trillion_games_starts_at_once():
    """The batch is played lazily: no list of its games or chunks is ever made."""
    engine = _engine()
    first = list(itertools.islice(iter_games(engine, Batch(3, ("random",), 10**12, seed=1)), 3))
    assert [r.index for r in first] == [0, 1, 2]


def test_streamed_records_equal_the_batch_played_at_once():
    engine = _engine()
    batch = Batch(3, ("heuristic", "random"), 30, seed=4)
    assert list(iter_games(engine, batch)) == run_games(engine, batch, jobs=2)


def test_the_summary_keeps_a_bounded_number_of_records(monkeypatch):
    monkeypatch.setattr(metrics, "QUESTION_GAMES", 5)
    engine = _engine()
    batch = Batch(3, ("random",), 25, seed=2)
    acc = Summary(engine, batch)
    for r in iter_games(engine, batch):
        acc.add(r)
    out = acc.result()
    assert out["completed"] == 25 and len(acc.kept) == 5
    assert all(not r.score_history for r in acc.kept)
    assert sum(out["length_histogram"].values()) == 25


@settings(max_examples=60, derandomize=True, deadline=None)
@given(st.lists(st.integers(-50, 200), max_size=80))
def test_counted_distributions_equal_the_sorted_list(values):
    d = Dist()
    for v in values:
        d.add(v)
    assert d.describe() == describe(values)

import os
import shutil
from pathlib import Path

import pytest
from hypothesis import settings

# CI runs the property tests on a fixed sequence of examples, so a landing never hinges on luck;
# on a developer's machine they explore new examples every run.
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def repo() -> Path:
    return REPO


@pytest.fixture
def mini_project(tmp_path: Path) -> Path:
    """A throwaway project holding a copy of the scaffolded game, to break on purpose."""
    from pnp.commands.scaffold import new_game
    new_game(tmp_path, "mini")
    return tmp_path


@pytest.fixture(scope="session")
def built_kit(tmp_path_factory) -> Path:
    """Every bundled game built once into a temporary out/ (cards, shop pages, parts, rulebooks)."""
    from pnp.commands.build import BuildOptions, build_game
    from pnp.data.project import Project
    out = tmp_path_factory.mktemp("out")
    for game in Project(REPO).load_games():
        build_game(game, out, BuildOptions())
    return out


def copy_game(repo: Path, game: str, dest: Path) -> Path:
    shutil.copytree(repo / "components" / game, dest / "components" / game)
    return dest

"""Shared fixtures of the per-game rulebook tests: a test module names its game with GAME_ID and
gets the loaded game, the built rulebook (once per module) and the text of each page."""
import pdfplumber
import pytest

from pnp.data.project import Project
from pnp.rulebook import build_rulebook


@pytest.fixture(scope="module")
def game(request, repo):
    return Project(repo).load_game(request.module.GAME_ID)


@pytest.fixture(scope="module")
def built(game, tmp_path_factory):
    out = tmp_path_factory.mktemp(f"{game.id}-rulebook")
    return out, build_rulebook(game, out)


@pytest.fixture(scope="module")
def pages_text(built):
    out, _ = built
    with pdfplumber.open(out / "rulebook.pdf") as pdf:
        return [p.extract_text() or "" for p in pdf.pages]

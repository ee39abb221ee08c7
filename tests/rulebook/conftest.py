"""Shared fixtures of the per-game rulebook tests: a test module names its game with GAME_ID and
gets the loaded game, the built rulebook (once per module) and the text of each page."""
import json
import pickle

import pdfplumber
import pytest

from pnp.data.project import Project
from pnp.rulebook import build_rulebook, parse_rulebook
from pnp.rulebook.book import typeset

BUNDLED = ("tantei2", "terror24", "euphoria", "ebe")


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


_TYPESET: dict = {}


def typeset_bundled(repo, gid: str, made_once):
    """A bundled game's rulebook typeset on A5 once per test run, shared by the workers: (game, layout,
    path of rulebook.pdf, text of each page without the small print — ruby, card faces in figures — that
    is not running text)."""
    if gid not in _TYPESET:
        game = Project(repo).load_game(gid)

        def make(folder):
            doc, _ = parse_rulebook(game)
            lay = typeset(doc, "a5", folder / "rulebook.pdf", None)
            with pdfplumber.open(folder / "rulebook.pdf") as p:
                texts = [page.filter(lambda o: o.get("object_type") != "char" or o["size"] >= 6.5).extract_text()
                         or "" for page in p.pages]
            (folder / "layout.pickle").write_bytes(pickle.dumps(lay))
            (folder / "running-text.json").write_text(json.dumps(texts, ensure_ascii=False), encoding="utf-8")
        folder = made_once(f"typeset-a5-{gid}", make)
        lay = pickle.loads((folder / "layout.pickle").read_bytes())
        texts = json.loads((folder / "running-text.json").read_text(encoding="utf-8"))
        _TYPESET[gid] = game, lay, folder / "rulebook.pdf", texts
    return _TYPESET[gid]


@pytest.fixture(scope="session", params=BUNDLED)
def bundled_pdf(request, repo, made_once):
    """Each bundled game's written rulebook: (game, layout, path of rulebook.pdf)."""
    return typeset_bundled(repo, request.param, made_once)[:3]


@pytest.fixture(scope="session", params=BUNDLED)
def laid_out(request, repo, made_once):
    """Each bundled game's rulebook typeset once on A5: (game, layout, text of each page without the
    small print — ruby, card faces in figures — that is not running text)."""
    game, lay, _, texts = typeset_bundled(repo, request.param, made_once)
    return game, lay, list(texts)

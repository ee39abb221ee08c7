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
def written(built):
    """The written rulebook.pdf, open for the module: each page is parsed once, and its texts read from
    that one parse."""
    out, _ = built
    with pdfplumber.open(out / "rulebook.pdf") as pdf:
        yield pdf


@pytest.fixture(scope="module")
def pages_text(written):
    return [p.extract_text() or "" for p in written.pages]


def running_text(page) -> str:
    """A page's text in the rulebook's own typography (6.5 pt and up): the miniature card faces in
    figures set their text at 1–6 pt, and pdfplumber scrambles such tiny glyphs into short false lines."""
    return page.filter(lambda o: o.get("object_type") != "char" or o["size"] >= 6.5).extract_text() or ""


@pytest.fixture(scope="module")
def body_text(written):
    return [running_text(p) for p in written.pages]


_TYPESET: dict = {}


# what a read-back of the written rulebook keeps of each glyph (pdfplumber's char, in points)
CHAR_KEYS = ("text", "fontname", "size", "x0", "x1", "top", "bottom")


def typeset_bundled(repo, gid: str, made_once):
    """A bundled game's rulebook typeset on A5 once per test run, shared by the workers: (game, layout,
    path of rulebook.pdf, text of each page without the small print — ruby, card faces in figures — that
    is not running text, the whole text of each page, each page's height and chars).  The written PDF is read
    back once, in one pass, for all three."""
    if gid not in _TYPESET:
        game = Project(repo).load_game(gid)

        def make(folder):
            doc, _ = parse_rulebook(game)
            lay = typeset(doc, "a5", folder / "rulebook.pdf", None)
            texts, whole, chars = [], [], []
            with pdfplumber.open(folder / "rulebook.pdf") as p:
                for page in p.pages:        # one parse of the page serves the three reads
                    texts.append(running_text(page))
                    whole.append(page.extract_text() or "")
                    chars.append({"height": page.height, "chars": [{k: c[k] for k in CHAR_KEYS} for c in page.chars]})
            (folder / "layout.pickle").write_bytes(pickle.dumps(lay))
            (folder / "read-back.json").write_text(json.dumps(
                {"running": texts, "whole": whole, "chars": chars}, ensure_ascii=False), encoding="utf-8")
        folder = made_once(f"typeset-a5-{gid}", make)
        lay = pickle.loads((folder / "layout.pickle").read_bytes())
        read = json.loads((folder / "read-back.json").read_text(encoding="utf-8"))
        _TYPESET[gid] = game, lay, folder / "rulebook.pdf", read["running"], read["whole"], read["chars"]
    return _TYPESET[gid]


@pytest.fixture(scope="session", params=BUNDLED)
def bundled_pdf(request, repo, made_once):
    """Each bundled game's written rulebook: (game, layout, path of rulebook.pdf, text of each page as
    read back, each page read back as {"height", "chars"} — a char's text, fontname, size, x0, x1, top,
    bottom in points)."""
    game, lay, pdf, _, whole, chars = typeset_bundled(repo, request.param, made_once)
    return game, lay, pdf, list(whole), chars


@pytest.fixture(scope="session", params=BUNDLED)
def laid_out(request, repo, made_once):
    """Each bundled game's rulebook typeset once on A5: (game, layout, text of each page without the
    small print — ruby, card faces in figures — that is not running text)."""
    game, lay, _, texts, _, _ = typeset_bundled(repo, request.param, made_once)
    return game, lay, list(texts)

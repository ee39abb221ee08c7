"""A card edit never waits for the rulebook (``pnp watch``'s builds): the home sheets are put in place
first, then the shop pages and parts, then the rulebook, each step a complete, consistent output
folder; the end is byte for byte a clean build of the same data."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pnp.cli import main
from pnp.commands.incremental import build_project
from pnp.errors import DataError
from pnp.outputs import BuildOptions

ROOT = Path(__file__).resolve().parents[2]
OLD, NEW = "「全財産を、あの子に譲る」", "「全財産を、あの娘に譲る」"     # 椚家の遺言状 (e04), shown in 03-cards.md


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))


def files(out: Path) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def shows(path: Path, words: str) -> bool:
    """Whether the PDF's text (its pages' text joined, line breaks dropped) contains words; read page by
    page up to the first that shows them (text across a page break is found too)."""
    seen = ""
    for page in PdfReader(str(path)).pages:
        seen = seen[-len(words):] + page.extract_text().replace("\n", "")
        if words in seen:
            return True
    return False


def manifest(out: Path) -> dict:
    return json.loads((out / "tantei2/manifest.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> Path:
    """探偵無宿２ built once; and a clean build of it with the event edited (what every test ends at)."""
    root = tmp_path_factory.mktemp("steps")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("PNP_CACHE_DIR", str(root / "cache"))
        project = root / "project"
        shutil.copytree(ROOT / "components/tantei2", project / "components/tantei2")
        build_project(project, ["tantei2"], root / "out", BuildOptions())
        edited = root / "edited"
        shutil.copytree(project, edited)
        edit_event(edited)
        r = CliRunner().invoke(main, ["build", "--project", str(edited), "--out", str(root / "clean"), "--clean"])
        assert r.exit_code == 0, r.output
    return root


@pytest.fixture
def built(tmp_path, template) -> tuple[Path, Path]:
    """A copy of the built game: its project and its output folder."""
    shutil.copytree(template / "project", tmp_path / "project")
    shutil.copytree(template / "out", tmp_path / "out")
    return tmp_path / "project", tmp_path / "out"


def edit_event(project: Path) -> None:
    events = project / "components/tantei2/events.yaml"
    source = events.read_text(encoding="utf-8")
    assert OLD in source
    events.write_text(source.replace(OLD, NEW), encoding="utf-8")


def clean_build(template: Path) -> dict[str, bytes]:
    """A clean build of the edited data, made from another folder."""
    return files(template / "clean")


def test_an_event_shown_in_the_rulebook_puts_the_sheets_in_place_before_the_rulebook(built, template):
    project, out = built
    rulebook = out / "tantei2/rulebook.pdf"
    old_rulebook = rulebook.read_bytes()
    old_key = {e["path"]: e["key"] for e in manifest(out)["files"]}["rulebook.pdf"]
    edit_event(project)
    seen = []

    def ready(step, b):
        names = sorted(w.path.relative_to(out / "tantei2").as_posix() for w in b.drawn)
        m = manifest(out)
        entry = {e["path"]: e for e in m["files"]}
        seen.append(step)
        if step == "sheets":             # the new card is on the home sheets; nothing else is drawn yet
            assert names == ["events-sheets.pdf"]
            assert shows(out / "tantei2/events-sheets.pdf", NEW)
            assert shows(out / "tantei2/shop/events-faces.pdf", OLD)
        if step in ("sheets", "cards"):  # the last rulebook stays, recorded under the key it was drawn with
            assert rulebook.read_bytes() == old_rulebook and entry["rulebook.pdf"]["key"] == old_key
            assert "inputs" not in m     # not yet the whole game's build
        if step == "cards":
            assert names == ["events-sheets.pdf", "shop/events-back.pdf", "shop/events-faces.pdf"]
            assert shows(out / "tantei2/shop/events-faces.pdf", NEW)
        if step == "rulebook":
            assert "rulebook.pdf" in names and "inputs" in m

    builds = build_project(project, ["tantei2"], out, BuildOptions(), ready=ready)
    assert seen == ["sheets", "cards", "rulebook"]
    assert sorted(w.path.name for w in builds[0].drawn) == [
        "events-back.pdf", "events-faces.pdf", "events-sheets.pdf", "rulebook-booklet.pdf", "rulebook.pdf"]
    assert shows(rulebook, NEW)          # the card figure of 03-cards.md prints the flavour text
    assert files(out) == clean_build(template)       # every PDF and the manifest, byte for byte
    # and the next build has nothing to do
    again = build_project(project, ["tantei2"], out, BuildOptions(), ready=lambda step, b: None)
    assert not again[0].loaded


def test_a_rulebook_problem_leaves_the_new_cards_and_the_last_good_rulebook(built, template):
    project, out = built
    old_rulebook = (out / "tantei2/rulebook.pdf").read_bytes()
    edit_event(project)
    page = project / "components/tantei2/rulebook/03-cards.md"
    good = page.read_text(encoding="utf-8")
    page.write_text(good.replace("{{card events/e04 ", "{{card events/e999 ", 1), encoding="utf-8")
    seen = []
    with pytest.raises(DataError) as e:
        build_project(project, ["tantei2"], out, BuildOptions(), ready=lambda step, b: seen.append(step))
    assert seen == ["sheets", "cards"]
    assert "components/tantei2/rulebook/03-cards.md:" in str(e.value) and "e999" in str(e.value)
    assert shows(out / "tantei2/events-sheets.pdf", NEW)
    assert (out / "tantei2/rulebook.pdf").read_bytes() == old_rulebook
    # `pnp build` still checks everything before it writes a byte: the same problem, nothing drawn
    before = files(out)
    r = CliRunner().invoke(main, ["build", "--project", str(project), "--out", str(out)])
    assert r.exit_code == 1 and "e999" in r.output and files(out) == before
    page.write_text(good, encoding="utf-8")
    r = CliRunner().invoke(main, ["build", "--project", str(project), "--out", str(out)])
    assert r.exit_code == 0 and "2 files drawn" in r.output, r.output     # the rulebook only
    assert files(out) == clean_build(template)


def test_a_build_stopped_after_the_sheets_is_finished_by_the_next(built, template):
    project, out = built
    edit_event(project)

    def stop(step, b):
        if step == "sheets":
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        build_project(project, ["tantei2"], out, BuildOptions(), ready=stop)
    assert shows(out / "tantei2/events-sheets.pdf", NEW)
    r = CliRunner().invoke(main, ["build", "--project", str(project), "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "4 files drawn" in r.output       # the shop pages and the rulebook; the sheets are kept
    assert files(out) == clean_build(template)

"""Issue item 5: a build that fails leaves the previous generation whole (every file and the
manifest's sha256 agree), and the hidden temporary files of an interrupted build are cleaned."""
import hashlib
import json

from .conftest import edit, no_traceback, project_with


def _snapshot(out):
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def _manifest_agrees(game_out) -> bool:
    manifest = json.loads((game_out / "manifest.json").read_text(encoding="utf-8"))
    return all(hashlib.sha256((game_out / f["path"]).read_bytes()).hexdigest() == f["sha256"]
               for f in manifest["files"])


def test_a_part_too_big_found_at_layout_time_replaces_nothing(cli, tmp_path):
    project = project_with(tmp_path, "ebe")
    out = project / "out"
    assert cli("build", "ebe", "--project", project, "--out", out).exit_code == 0
    before = _snapshot(out)
    # the decks change (their PDFs would differ) and a part no longer fits the paper
    edit(project / "components/ebe/characters.yaml", "name: キャラクターカード", "name: 住人カード")
    edit(project / "components/ebe/damage.yaml", "size: 19mm", "size: 280mm")
    result = cli("build", "ebe", "--project", project, "--out", out)
    assert result.exit_code == 1 and no_traceback(result)
    assert "components/ebe/damage.yaml" in result.output
    assert _snapshot(out) == before
    assert _manifest_agrees(out / "ebe")


def test_a_rulebook_that_fails_while_typesetting_replaces_nothing(cli, tmp_path):
    project = project_with(tmp_path, "euphoria")
    out = project / "out"
    assert cli("build", "euphoria", "--project", project, "--out", out).exit_code == 0
    before = _snapshot(out)
    edit(project / "components/euphoria/kleshas.yaml", "name: 煩悩カード", "name: 煩悩の札")
    row = "|" + "|".join(f"列{i}" for i in range(60)) + "|"
    edit(project / "components/euphoria/rulebook/05-end.md", "# ゲームの終了と勝敗\n",
         "# ゲームの終了と勝敗\n\n" + row + "\n|" + "---|" * 60 + "\n" + row + "\n")
    result = cli("build", "euphoria", "--project", project, "--out", out)
    assert result.exit_code == 1 and "does not fit the page width" in result.output
    assert _snapshot(out) == before
    assert not list(out.glob(".*"))          # no staging folder left behind


def test_stale_temporary_files_are_cleaned_by_the_next_build(cli, tmp_path):
    project = project_with(tmp_path, "euphoria")
    out = project / "out"
    (out / "euphoria/shop").mkdir(parents=True)
    stale = [out / "euphoria/.kleshas-sheets.pdf.x1y2z3.tmp", out / "euphoria/shop/.kleshas-back.pdf.abc.tmp"]
    for path in stale:
        path.write_bytes(b"")
    (out / ".euphoria.staging-old").mkdir()
    (out / "euphoria/keep.txt").write_text("mine", encoding="utf-8")
    assert cli("build", "euphoria", "--project", project, "--out", out).exit_code == 0
    assert not any(p.exists() for p in stale)
    assert not (out / ".euphoria.staging-old").exists()
    assert (out / "euphoria/keep.txt").read_text(encoding="utf-8") == "mine"
    assert _manifest_agrees(out / "euphoria")


def test_what_a_killed_build_left_goes_even_when_nothing_is_redrawn(cli, tmp_path):
    """kill -9 in the middle of a build (--jobs 2: a worker's staging folder, a set-aside folder, a hidden
    .tmp) and then an unchanged project: the next build draws nothing and still removes them all, and
    nothing that is not pnp's."""
    project = project_with(tmp_path, "euphoria")
    out = project / "out"
    assert cli("build", "euphoria", "--project", project, "--out", out).exit_code == 0
    before = _snapshot(out)
    dead = 2 ** 22 + 12345                     # above the usual pid_max: no process has it
    left = [out / f".euphoria.staging-{dead}-a1b2c3", out / f"euphoria/.pnp-previous-{dead}-d4e5"]
    for folder in left:
        folder.mkdir()
        (folder / "kleshas-sheets.pdf").write_bytes(b"%PDF half written")
    tmp = [out / "euphoria/.kleshas-sheets.pdf.x1y2z3.tmp", out / "euphoria/shop/.kleshas-back.pdf.abc.tmp"]
    for path in tmp:
        path.write_bytes(b"%PDF half")
    foreign = out / "euphoria/.notes.x1.tmp"
    foreign.write_text("mine", encoding="utf-8")
    result = cli("build", "euphoria", "--project", project, "--out", out, "--jobs", "2")
    assert result.exit_code == 0 and no_traceback(result)
    assert not any(p.exists() for p in left + tmp)
    assert foreign.read_text(encoding="utf-8") == "mine"
    assert {k: v for k, v in _snapshot(out).items() if k != "euphoria/.notes.x1.tmp"} == before

"""Issue 29, "Reliability, second review: hostile inputs" — escapes and data loss.

Inputs a designer makes by mistake or meets in a shared kit: links that lead out of the game, a
manifest that names files elsewhere, an --out folder that already holds other files, a failure while
the new files are put in place, outputs that are links, pipes or devices, a game named twice, and
outputs a build no longer writes.  Each test is the input and what must happen."""
import errno
import hashlib
import json
import os
import shutil
import stat
from pathlib import Path

import pytest

from .conftest import REPO, edit, no_traceback, project_with, run_capped, snapshot


@pytest.fixture(scope="module")
def built_euphoria(tmp_path_factory) -> Path:
    """A project holding euphoria and its out/, built once per module; the tests below work on copies."""
    from click.testing import CliRunner

    from pnp.cli import main
    project = project_with(tmp_path_factory.mktemp("built-euphoria"), "euphoria")
    result = CliRunner().invoke(main, ["build", "euphoria", "--project", str(project), "--out", str(project / "out")],
                                env={"PNP_CACHE_DIR": str(project.parent / "cache")})
    assert result.exit_code == 0, result.output
    return project


def _built_copy(built: Path, dest: Path) -> Path:
    for folder in ("components", "out"):
        shutil.copytree(built / folder, dest / folder)
    return dest


def _manifest(game_out: Path) -> dict:
    return json.loads((game_out / "manifest.json").read_text(encoding="utf-8"))


def _manifest_agrees(game_out: Path) -> bool:
    return all(hashlib.sha256((game_out / f["path"]).read_bytes()).hexdigest() == f["sha256"]
               for f in _manifest(game_out)["files"])


# -- a rulebook page, a data file that is a link out of the game --------------------------------------
def test_a_rulebook_page_linked_to_a_file_outside_the_project_is_refused(cli, tmp_path):
    project = project_with(tmp_path / "p", "euphoria")
    secret = tmp_path / "secret.txt"
    secret.write_text("# 秘密\n\nSECRET-TOKEN-4711\n", encoding="utf-8")
    os.symlink(secret, project / "components/euphoria/rulebook/08-secret.md")
    out = project / "out"
    for args in (("build", "euphoria", "--out", out), ("validate", "euphoria", "--games", "1")):
        result = cli(*args, "--project", project)
        assert result.exit_code == 1 and no_traceback(result), result.output
        assert ("components/euphoria/rulebook/08-secret.md: the page is a link to a file outside the game's "
                "folder: refused") in result.output
        assert str(secret) not in result.output
    assert not (out / "euphoria/rulebook.pdf").exists()


def test_a_yaml_file_linked_outside_the_game_folder_is_refused(cli, tmp_path):
    project = project_with(tmp_path / "p", "euphoria")
    elsewhere = tmp_path / "elsewhere.yaml"
    shutil.copy(project / "components/euphoria/aid.yaml", elsewhere)
    (project / "components/euphoria/aid.yaml").unlink()
    os.symlink(elsewhere, project / "components/euphoria/aid.yaml")
    result = cli("build", "euphoria", "--project", project, "--out", project / "out")
    assert result.exit_code == 1 and no_traceback(result)
    assert ("components/euphoria/aid.yaml: a link to a file outside the folder it is in (components/euphoria/): "
            "refused") in result.output
    assert not (project / "out").exists()


# -- a manifest that names files outside out/ ------------------------------------------------------------
@pytest.mark.parametrize("where", ["absolute", "dotdot"])
def test_a_manifest_entry_outside_the_output_folder_is_never_taken_as_part_of_the_kit(cli, tmp_path, where,
                                                                                      built_euphoria):
    project = _built_copy(built_euphoria, tmp_path / "p")
    out = project / "out"
    outside = tmp_path / "hostname"
    outside.write_text("the machine's name\n", encoding="utf-8")
    path = str(outside) if where == "absolute" else "../../../hostname"
    manifest = _manifest(out / "euphoria")
    manifest["files"].append({"kind": "sheets", "path": path, "pages": 1,
                              "sha256": hashlib.sha256(outside.read_bytes()).hexdigest()})
    (out / "euphoria/manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    result = cli("build", "euphoria", "--project", project, "--out", out)
    assert result.exit_code == 0 and no_traceback(result), result.output
    assert f"{out}/euphoria/manifest.json: damaged manifest (the path {path!r} leaves the output folder): " \
           "ignored; every output is drawn again" in result.output
    assert "hostname" not in result.output.replace(path, "")      # only in the one line that refuses it
    assert outside.read_text(encoding="utf-8") == "the machine's name\n"
    assert all("hostname" not in f["path"] for f in _manifest(out / "euphoria")["files"])
    assert _manifest_agrees(out / "euphoria")


# -- --out at a folder that already holds other files -----------------------------------------------------
def test_out_in_the_game_folder_itself_is_refused(cli, tmp_path):
    project = project_with(tmp_path, "euphoria")
    before = snapshot(project)
    result = cli("build", "euphoria", "--project", project, "--out", "components")
    assert result.exit_code == 1 and no_traceback(result)
    assert "would be in the game's own folder components/euphoria: refused" in result.output
    assert snapshot(project) == before


def test_out_at_the_root_of_the_file_system_is_refused(cli, tmp_path):
    project = project_with(tmp_path, "euphoria")
    existed = Path("/euphoria").exists()
    try:
        result = cli("build", "euphoria", "--project", project, "--out", "/")
        assert result.exit_code == 1 and no_traceback(result)
        assert "--out /: the root of the file system: refused" in result.output
        assert Path("/euphoria").exists() == existed
    finally:
        if not existed and Path("/euphoria").exists():
            shutil.rmtree("/euphoria")


def _home_with_files(home: Path) -> Path:
    mine = home / "euphoria"
    mine.mkdir(parents=True)
    (mine / "notes.txt").write_text("my notes", encoding="utf-8")
    (mine / ".draft.tmp").write_text("an editor's file", encoding="utf-8")
    (mine / ".cache.1234.tmp").write_text("another program's", encoding="utf-8")
    return mine


def test_out_at_a_home_folder_touches_none_of_its_files(cli, tmp_path):
    project = project_with(tmp_path / "p", "euphoria")
    home = tmp_path / "home"
    mine = _home_with_files(home)
    before = snapshot(mine)
    result = cli("build", "euphoria", "--project", project, "--out", home)
    assert result.exit_code == 0, result.output
    after = snapshot(mine)
    assert {k: v for k, v in after.items() if k in before} == before      # every file of mine as it was
    assert (mine / "rulebook.pdf").is_file() and _manifest_agrees(mine)


def test_a_file_of_the_same_name_in_the_out_folder_is_not_replaced(cli, tmp_path):
    project = project_with(tmp_path / "p", "euphoria")
    home = tmp_path / "home"
    mine = _home_with_files(home)
    (mine / "rulebook.pdf").write_bytes(b"%PDF my own rulebook")
    before = snapshot(home)
    result = cli("build", "euphoria", "--project", project, "--out", home)
    assert result.exit_code == 1 and no_traceback(result)
    assert (f"{home}/euphoria/rulebook.pdf: a file pnp did not write (not in manifest.json) is in the way: refused"
            in result.output)
    assert snapshot(home) == before


def test_a_folder_with_a_foreign_manifest_and_hidden_tmp_files_is_refused(cli, tmp_path):
    project = project_with(tmp_path / "p", "euphoria")
    out = tmp_path / "site"
    app = out / "euphoria"
    app.mkdir(parents=True)
    (app / "manifest.json").write_text('{"name": "My web app", "icons": []}\n', encoding="utf-8")
    (app / ".build.0001.tmp").write_text("mine", encoding="utf-8")
    (app / ".manifest.json.abc123.tmp").write_text("mine too", encoding="utf-8")
    (app / "index.html").write_text("<html></html>", encoding="utf-8")
    before = snapshot(out)
    result = cli("build", "euphoria", "--project", project, "--out", out)
    assert result.exit_code == 1 and no_traceback(result)
    assert f"{app}/manifest.json: a manifest.json pnp did not write (no game, no files): refused" in result.output
    assert snapshot(out) == before


# -- a failure while the files are put in place ------------------------------------------------------------
def _rebuild_everything(project: Path) -> None:
    """A change every output of euphoria depends on: the game's title."""
    edit(project / "components/euphoria/game.yaml", "title: ", "title: 改")


def test_a_folder_where_an_output_goes_replaces_nothing(cli, tmp_path, built_euphoria):
    project = _built_copy(built_euphoria, tmp_path)
    out = project / "out"
    (out / "euphoria/rulebook.pdf").unlink()
    (out / "euphoria/rulebook.pdf").mkdir()
    before = snapshot(out)
    _rebuild_everything(project)
    result = cli("build", "euphoria", "--project", project, "--out", out, "--jobs", "1")
    assert result.exit_code == 1 and no_traceback(result)
    assert f"{out}/euphoria/rulebook.pdf: a folder, not a regular file: refused" in result.output
    assert ".staging-" not in result.output
    assert snapshot(out) == before


@pytest.mark.parametrize("failure", ["ENOSPC on shop/", "EACCES on shop/", "ENOSPC on the manifest"])
def test_a_failure_while_moving_files_into_place_leaves_the_previous_generation_whole(cli, tmp_path, monkeypatch,
                                                                                         failure, built_euphoria):
    project = _built_copy(built_euphoria, tmp_path)
    out = project / "out"
    before = snapshot(out)
    _rebuild_everything(project)
    shop = f"{out}/euphoria/shop/"
    real = os.replace

    def replace(src, dst, *a, **k):
        src, dst = str(src), str(dst)
        if failure == "ENOSPC on shop/" and dst.startswith(shop) and ".staging-" in src:   # a new file only
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), src, None, dst)
        if failure == "EACCES on shop/" and (src.startswith(shop) or dst.startswith(shop)):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), src, None, dst)
        if failure == "ENOSPC on the manifest" and dst == f"{out}/euphoria/manifest.json":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), src, None, dst)
        return real(src, dst, *a, **k)
    monkeypatch.setattr(os, "replace", replace)
    result = cli("build", "euphoria", "--project", project, "--out", out, "--jobs", "1")
    monkeypatch.setattr(os, "replace", real)
    assert result.exit_code == 1 and no_traceback(result), result.output
    assert ".staging-" not in result.output and ".pnp-previous-" not in result.output
    assert f"{out}/euphoria/" in result.output
    assert snapshot(out) == before
    assert _manifest_agrees(out / "euphoria")


# -- outputs that are links, pipes or devices ---------------------------------------------------------------
def _play(target: Path, project: Path):
    return run_capped("play", "euphoria", "--project", project, "--players", "3", "--json", target, cwd=project,
                      seconds=120)


def test_an_output_that_is_a_symlink_is_refused_and_the_link_kept(tmp_path):
    project = project_with(tmp_path / "p", "euphoria")
    target = tmp_path / "precious.txt"
    target.write_text("keep me", encoding="utf-8")
    link = tmp_path / "log.json"
    os.symlink(target, link)
    run = _play(link, project)
    assert run.returncode == 1 and "Traceback" not in run.stderr, run.stderr
    assert f"{link}: a symbolic link, not a regular file: refused" in run.stderr
    assert link.is_symlink() and target.read_text(encoding="utf-8") == "keep me"


def test_an_output_that_is_a_fifo_is_refused_without_waiting(tmp_path):
    project = project_with(tmp_path / "p", "euphoria")
    fifo = tmp_path / "log.json"
    os.mkfifo(fifo)
    run = _play(fifo, project)
    assert run.returncode == 1 and "Traceback" not in run.stderr, run.stderr
    assert f"{fifo}: a pipe (FIFO), not a regular file: refused" in run.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root (as CI runs)")
def test_an_output_that_is_a_device_node_is_not_replaced_even_as_root(tmp_path):
    project = project_with(tmp_path / "p", "euphoria")
    full = tmp_path / "full"                      # a /dev/full of our own: a regression breaks only this copy
    os.mknod(full, stat.S_IFCHR | 0o666, os.makedev(1, 7))
    run = _play(full, project)
    assert run.returncode == 1 and "Traceback" not in run.stderr, run.stderr
    assert f"{full}: a device, not a regular file: refused" in run.stderr
    assert stat.S_ISCHR(os.lstat(full).st_mode)


@pytest.mark.parametrize("command", [
    ("simulate", "euphoria", "--games", "2", "--players", "3", "--json"),
    ("simulate", "euphoria", "--games", "2", "--players", "3", "--report"),
    ("export", "euphoria", "kleshas", "--force", "--out"),
    ("preview", "euphoria", "aid", "--out"),
    ("calibrate", "--out"),
])
def test_every_file_option_refuses_a_symlink(tmp_path, command):
    project = project_with(tmp_path / "p", "euphoria")
    target = tmp_path / "precious.txt"
    target.write_text("keep me", encoding="utf-8")
    link = tmp_path / "output.file"
    os.symlink(target, link)
    run = run_capped(*command, link, "--project", project, cwd=project) if command[0] != "calibrate" else \
        run_capped(*command, link, cwd=project)
    assert run.returncode == 1 and "Traceback" not in run.stderr, run.stderr
    assert f"{link}: a symbolic link, not a regular file: refused" in run.stderr
    assert link.is_symlink() and target.read_text(encoding="utf-8") == "keep me"


# -- a game named twice ---------------------------------------------------------------------------------------
def test_a_game_named_twice_is_built_once(tmp_path):
    project = project_with(tmp_path, "euphoria", "terror24")
    # built twice by two workers, a game was listed twice at once (and they raced for its staging folder
    # now and then): two builds, each into a new folder
    for i in range(2):
        run = run_capped("build", "euphoria", "euphoria", "terror24", "--out", f"out{i}", "--jobs", "2",
                         cwd=project, seconds=300)
        assert run.returncode == 0 and "staging" not in run.stderr, run.stderr
        listed = [line.split("\t")[0] for line in run.stdout.splitlines()]
        assert len(listed) == len(set(listed)) and f"out{i}/euphoria/rulebook.pdf" in listed
        assert _manifest_agrees(project / f"out{i}" / "euphoria")


# -- outputs a build no longer writes ------------------------------------------------------------------------
def _mini(tmp_path: Path) -> Path:
    from pnp.commands.scaffold import new_game
    new_game(tmp_path, "mini")
    return tmp_path


@pytest.mark.parametrize("clean", [False, True])
def test_a_renamed_card_and_deck_leave_no_stale_outputs(cli, tmp_path, clean):
    project = _mini(tmp_path)
    out = project / "out"
    (out / "mini").mkdir(parents=True)
    (out / "mini/notes.txt").write_text("mine", encoding="utf-8")      # not pnp's: stays
    assert cli("build", "mini", "--project", project, "--out", out, "--png").exit_code == 0
    old = {f["path"] for f in _manifest(out / "mini")["files"]}
    assert "png/cards/sun-1.png" in old and "shop/cards-faces.pdf" in old
    edit(project / "components/mini/cards.yaml", "id: sun-1,", "id: sun-one,")
    edit(project / "components/mini/cards.yaml", "id: cards", "id: deck")
    edit(project / "components/mini/game.yaml", "id: cards", "id: deck")
    result = cli("build", "mini", "--project", project, "--out", out, "--png", *(["--clean"] if clean else []))
    assert result.exit_code == 0, result.output
    new = {f["path"] for f in _manifest(out / "mini")["files"]}
    on_disk = {p.relative_to(out / "mini").as_posix() for p in (out / "mini").rglob("*") if p.is_file()}
    assert on_disk == new | {"manifest.json", "notes.txt"}
    assert "png/deck/sun-one.png" in new and not (out / "mini/png/cards").exists()
    assert not (out / "mini/cards-sheets.pdf").exists() and not (out / "mini/shop/cards-faces.pdf").exists()
    assert f"{out}/mini/shop/cards-faces.pdf: removed (the last build wrote it; this one does not)" in result.output


def test_a_recorded_output_replaced_by_a_link_is_not_deleted_through_it(cli, tmp_path):
    project = _mini(tmp_path)
    out = project / "out"
    assert cli("build", "mini", "--project", project, "--out", out).exit_code == 0
    precious = tmp_path / "precious.pdf"
    precious.write_bytes(b"%PDF mine")
    sheets = out / "mini/cards-sheets.pdf"
    sheets.unlink()
    os.symlink(precious, sheets)
    edit(project / "components/mini/cards.yaml", "id: cards", "id: deck")
    edit(project / "components/mini/game.yaml", "id: cards", "id: deck")
    result = cli("build", "mini", "--project", project, "--out", out)
    assert result.exit_code == 0, result.output
    assert sheets.is_symlink() and precious.read_bytes() == b"%PDF mine"


def test_the_bundled_games_still_build_twice_into_one_folder(cli, tmp_path):
    out = tmp_path / "out"
    for _ in range(2):
        result = cli("build", "euphoria", "--project", REPO, "--out", out)
        assert result.exit_code == 0, result.output
    assert _manifest_agrees(out / "euphoria")

"""What a designer meets while reading and writing files, under a Japanese locale (LANG=ja_JP.UTF-8,
nothing else): an oversized YAML file, a YAML file that is a pipe, a font that is not TrueType, a rulebook
table too wide for the page, a file of the designer's own in the way of --out, and an unknown paper —
each said in Japanese, the file (and field) first as written, exit code 1, no traceback."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from test_japanese_locale import pnp

from pnp.commands.scaffold import new_game
from pnp.errors import PnpError
from pnp.layout.sheet import paper_size
from pnp.limits import MAX_FILE_BYTES
from pnp.messages import set_lang
from pnp.rulebook.page import page_spec

REPO = Path(__file__).resolve().parents[2]


def said(run) -> str:
    """What a run that failed on the designer's data printed (validate's rows go to stdout, a command's
    message to stderr): exit 1, no traceback."""
    out = run.stdout + run.stderr
    assert run.returncode == 1, (run.returncode, out[-3000:])
    assert "Traceback" not in out, out[-3000:]
    return out


def mini(tmp_path: Path) -> Path:
    new_game(tmp_path, "mini")
    return tmp_path / "components" / "mini"


def test_an_oversized_yaml_file_is_refused_in_japanese(tmp_path):
    game = mini(tmp_path)
    (game / "big.yaml").write_text("# " + "x" * MAX_FILE_BYTES + "\n", encoding="utf-8")
    text = said(pnp("validate", "mini", "--project", tmp_path, cwd=tmp_path))
    assert (f"components/mini/big.yaml: ファイルが {MAX_FILE_BYTES + 3:,} バイトあります。"
            f"上限は {MAX_FILE_BYTES:,} バイトです。読みません") in text, text


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_yaml_file_that_is_a_pipe_is_refused_in_japanese(tmp_path):
    game = mini(tmp_path)
    os.mkfifo(game / "pipe.yaml")
    text = said(pnp("validate", "mini", "--project", tmp_path, cwd=tmp_path))
    assert "components/mini/pipe.yaml: 通常のファイルではありません（デバイス、パイプ、フォルダ）。読みません" in text, text


def test_a_font_that_is_not_truetype_is_said_in_japanese(tmp_path):
    game = mini(tmp_path)
    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts" / "Hon.ttf").write_bytes(b"GIF89a, not a font at all" * 8)
    with open(game / "game.yaml", "a", encoding="utf-8") as f:
        f.write("fonts:\n  - {family: hon, file: Hon.ttf}\n")
    text = said(pnp("validate", "mini", "--project", tmp_path, cwd=tmp_path))
    line = next(ln.strip() for ln in text.splitlines() if "Hon.ttf" in ln)
    assert line.startswith("components/mini/game.yaml:") and "fonts[0].file: " in line, line
    assert line.endswith("Hon.ttf は TrueType フォント（.ttf）ではありません"), line


def euphoria(tmp_path: Path) -> Path:
    shutil.copytree(REPO / "components" / "euphoria", tmp_path / "components" / "euphoria")
    return tmp_path


def test_a_rulebook_table_too_wide_for_the_page_is_said_in_japanese(tmp_path):
    project = euphoria(tmp_path)
    page = project / "components/euphoria/rulebook/05-end.md"
    row = "|" + "|".join(f"列{i}" for i in range(60)) + "|"
    text = page.read_text(encoding="utf-8")
    page.write_text(text.replace("# ゲームの終了と勝敗\n", "# ゲームの終了と勝敗\n\n" + row + "\n|" + "---|" * 60
                                 + "\n" + row + "\n", 1), encoding="utf-8")
    n = page.read_text(encoding="utf-8").splitlines().index(row) + 1
    out = said(pnp("build", "euphoria", "--rulebook-only", "--project", project, "--out", tmp_path / "out",
                   cwd=tmp_path))
    assert f"components/euphoria/rulebook/05-end.md:{n}:" in out, out
    assert "table: 60 列の表がページの幅（" in out and "1文字分もありません。列を減らすか、表を分けてください" in out, out


def test_a_file_of_ones_own_in_the_way_of_out_is_kept_and_said_in_japanese(tmp_path):
    project = euphoria(tmp_path)
    home = tmp_path / "home"
    (home / "euphoria").mkdir(parents=True)
    (home / "euphoria" / "rulebook.pdf").write_bytes(b"%PDF my own rulebook")
    out = said(pnp("build", "euphoria", "--rulebook-only", "--project", project, "--out", home, cwd=tmp_path))
    assert (f"{home}/euphoria/rulebook.pdf: pnp が書いたものではないファイル（manifest.json にありません）が"
            "邪魔をしています。書き込みません（移動するか、別の --out に出力してください）") in out, out
    assert (home / "euphoria" / "rulebook.pdf").read_bytes() == b"%PDF my own rulebook"


def test_an_unknown_paper_is_said_in_japanese_with_the_nearest_name(monkeypatch):
    """--paper is a choice click checks, so no command reaches paper_size with a name it does not know;
    the library's PnpError is what a script calling pnp meets, in the locale's language."""
    for variable in ("PNP_LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    set_lang(None)
    with pytest.raises(PnpError) as raised:
        paper_size("a44")
    assert str(raised.value).startswith("用紙 'a44' はありません（用紙：a4, letter, a3, b5")
    assert str(raised.value).endswith("（'a4' のことですか？）")
    with pytest.raises(PnpError) as raised:
        page_spec(None, "a44")      # type: ignore[arg-type]  # refused before the game is read
    assert str(raised.value).startswith("ルールブックの用紙 'a44' はありません（")

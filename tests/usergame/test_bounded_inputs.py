"""Every file a designer hands pnp is read within limits: a spreadsheet named as a pipe is refused at once
(never opened: it would wait for a writer for ever), and a font or engine file past its size is refused with
the limit named."""
from __future__ import annotations

import os

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.text import fonts


def test_a_card_sheet_that_is_a_pipe_is_refused_not_waited_for(mini_project):
    cards = mini_project / "components/mini/cards.yaml"
    text = cards.read_text(encoding="utf-8")
    head = text[:text.index("cards:\n")]
    cards.write_text(head + "cards: {from: cards.csv}\n", encoding="utf-8")
    os.mkfifo(mini_project / "components/mini/cards.csv")
    result = CliRunner().invoke(main, ["build", "mini", "--project", str(mini_project), "--out",
                                       str(mini_project / "out")])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "components/mini/cards.yaml:" in result.output and "cards.csv" in result.output


def test_a_font_file_past_the_limit_is_refused_naming_it(tmp_path, monkeypatch):
    monkeypatch.setattr(fonts, "MAX_FONT_BYTES", 1000)
    big = tmp_path / "big.ttf"
    big.write_bytes(b"\x00\x01\x00\x00" + b"\0" * 5000)
    with pytest.raises(fonts.FontFileError, match="big.ttf: 5,004 bytes; the limit is 1,000"):
        fonts.register_file("big", big)

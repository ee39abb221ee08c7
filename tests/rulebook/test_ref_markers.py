"""{{ref:…}} never shares code points with the designer's text: 外字 (private-use characters, U+E000 …) and
digits next to them stay what they are, headings that refer to each other resolve (or a circle is an error at
its line), and the noncharacters pnp marks references with are refused in any source file."""
from __future__ import annotations

from pathlib import Path

from pnp.data.project import Project
from pnp.rulebook.markup import parse_rulebook
from pnp.rulebook.tree import Heading, Para


def _book(project: Path, pages: dict[str, str]):
    folder = project / "components/mini/rulebook"
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in pages.items():
        (folder / name).write_text(text, encoding="utf-8")
    game = Project(project).load_game("mini")
    return parse_rulebook(game)


def _texts(doc) -> list[str]:
    out = []
    for s in doc.sections:
        for b in s.blocks:
            if isinstance(b, (Heading, Para)):
                out.append("".join(r.text for r in b.text))
    return out


def test_private_use_characters_beside_a_digit_are_the_designers_text(mini_project):
    gaiji = "\ue000" + "0" + "\ue001"          # what an earlier marker looked like: 外字, 0, 外字
    doc, problems = _book(mini_project, {"01-setup.md": "# 準備\n\nカードを配ります。\n",
                                         "02-play.md": f"# 進行\n\n外字{gaiji}です。{{{{ref:01-setup}}}}を見ます。\n"})
    assert problems == []
    assert f"外字{gaiji}です。「準備」を見ます。" in _texts(doc)


def test_headings_that_refer_to_each_other_in_a_chain_resolve(mini_project):
    doc, problems = _book(mini_project, {"01-a.md": "# はじめに\n\n本文。\n",
                                         "02-b.md": "# {{ref:01-a}}の続き\n\n本文。\n",
                                         "03-c.md": "# 目次\n\n{{ref:02-b}}を読みます。\n"})
    assert problems == []
    texts = _texts(doc)
    assert "「はじめに」の続き" in texts and "「「はじめに」の続き」を読みます。" in texts
    assert not any("\ufdd0" in x or "\ue000" in x for x in texts)


def test_headings_in_a_circle_are_an_error_at_the_reference(mini_project):
    _doc, problems = _book(mini_project, {"01-a.md": "# {{ref:02-b}}の前\n\n本文。\n",
                                          "02-b.md": "# {{ref:01-a}}の後\n\n本文。\n"})
    assert problems and all("in a circle" in p.message for p in problems)
    assert {Path(p.file).name for p in problems} == {"01-a.md", "02-b.md"} and all(p.line == 1 for p in problems)


def test_a_noncharacter_in_a_source_file_is_refused_at_its_line(mini_project):
    _doc, problems = _book(mini_project, {"01-a.md": "# はじめに\n\n本文\ufdd00\ufdd1です。\n"})
    assert [(Path(p.file).name, p.line) for p in problems] == [("01-a.md", 3)]
    assert "U+FDD0 is a noncharacter" in problems[0].message

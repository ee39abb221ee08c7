"""Every message pnp raises is worded by code (pnp.messages.msg), so a Japanese locale reads it in
Japanese (issue 41: "for a Japanese locale everything is Japanese"): the source is walked with ``ast`` and a raise whose message holds a
plain English sentence (a string literal outside ``msg(…)``) fails the test, naming file:line.  What is
left in English is a programming error no designer meets, each listed below with its reason."""
from __future__ import annotations

import ast
import re
from pathlib import Path

PNP = Path(__file__).resolve().parents[2] / "pnp"
# the whole package: every module under pnp/ but the templates `pnp new` copies into a designer's project
SKIPPED = ("templates",)
# (module, the English text) → why it stays English
ALLOWED: dict[tuple[str, str], str] = {
    ("commands/workers.py", "changed on the way"):
        "raised and caught on the next line to fall back to a plain copy of an exception that does not "
        "pickle back equal; never shown",
    ("messages.py", "message codes defined twice (pnp.catalogue."):
        "two catalogue modules define one code: raised while pnp is imported, so no release can ship it "
        "(tests/cli/test_message_catalogue.py imports the catalogue)",
    ("data/ledger.py", ": no question for the designer"):
        "Entry.asked() called on an entry without a question: the callers take entries from open_questions(), "
        "which returns only those with one",
    ("data/yamlsource.py", "unknown node"):
        "the YAML composer makes only scalar, sequence and mapping nodes; another kind is a PyYAML change",
    ("layout/dice.py", "no room for a glue tab on"):
        "both bundled die nets always find room for every tab (marked no cover); a net edited in pnp's code "
        "without room is a programming error",
    ("rulebook/story.py", "not a rulebook block:"):
        "the rulebook parser makes only the block types the typesetter handles; a new one without a case is a "
        "programming error",
    ("rulebook/booklet.py", "rulebook booklet: a page's content is not in the form reportlab writes"):
        "the booklet reuses the pages reportlab drew; only a reportlab release writing pages differently trips it",
    ("rulebook/booklet.py", "rulebook booklet: font"):
        "the booklet shares the reading copy's font subsets; only a change in reportlab's font naming trips it",
    ("rulebook/booklet.py", "named differently from the reading copy"):
        "the same check as above, the rest of its sentence",
    ("rulebook/booklet.py", "rulebook booklet: object"):
        "the booklet copies the reading copy's PDF objects by number; only a change in reportlab's numbering "
        "trips it",
    ("rulebook/booklet.py", "would change its number"):
        "the same check as above, the rest of its sentence",
    ("text/linebreak.py", "breaks must be 'chars', 'units' or 'phrases', not"):
        "an argument pnp's own callers pass from a fixed set; the designer's values are checked by the schema",
    ("text/linebreak.py", "step_pt must be > 0"):
        "an argument pnp's own callers pass as a constant",
    ("text/flatten.py", "ruby span may not contain a line break:"):
        "the markup parser reports a ruby with a line break itself (markup.ruby_line_break) and makes no span",
    ("text/flatten.py", "an icon span holds exactly one character:"):
        "the markup parser makes an icon span of exactly one character",
    ("text/linebreak.py", "fit_text with a plain string needs font="):
        "a call from pnp's code without its font argument: a programming error",
}
# two English words or more in a row: a sentence, not a field name, an option or a place
SENTENCE = re.compile(r"[A-Za-z]{2,} [A-Za-z]{2,}")
WORDED = {"msg", "Msg", "did_you_mean", "did_you_mean_file"}


def _literal_text(node: ast.AST) -> list[str]:
    """The string literals a message expression is built of, leaving out what msg(…) is given (a code and
    parameters) and the values interpolated into an f-string."""
    if isinstance(node, ast.Call):
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        if name in WORDED:
            return []
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.FormattedValue):
        return []
    out: list[str] = []
    for child in ast.iter_child_nodes(node):
        out.extend(_literal_text(child))
    return out


def english_raises(source: str) -> list[tuple[int, str]]:
    """(line, English text) of each raise in the source whose message holds an English sentence."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
            for text in _literal_text(node.exc.args[0]):
                if SENTENCE.search(text):
                    found.append((node.lineno, text.strip()))
    return found


def test_the_walk_finds_an_english_raise_and_passes_a_coded_one():
    source = ('raise SimError(f"--option {key}: {raw!r} is not one of {choices}")\n'
              'raise SimError(f"--option {key}: " + msg("sim.option_value", value=raw, choices=c, hint=""))\n'
              'raise ReplayError("header.data_hash: " + msg("sim.log_no_data_hash"))\n'
              'raise Skip("確かめた面なし")\n'
              'raise PnpError("unknown paper " + repr(p))\n')
    assert english_raises(source) == [(1, "is not one of"), (5, "unknown paper")]


def test_no_raise_in_pnp_is_worded_in_english():
    found = []
    for path in sorted(PNP.rglob("*.py")):
        rel = path.relative_to(PNP).as_posix()
        if rel.split("/")[0] in SKIPPED:
            continue
        for line, text in english_raises(path.read_text(encoding="utf-8")):
            if (rel, text) not in ALLOWED:
                found.append(f"pnp/{rel}:{line}: {text!r}")
    assert not found, "raise sites worded in English (give them a code in pnp/catalogue/):\n" + "\n".join(found)


def test_every_allowed_english_text_is_still_raised():
    """The allowlist shrinks with the code: an entry whose text is gone is removed."""
    for rel, text in ALLOWED:
        assert (PNP / rel).is_file() and text in (PNP / rel).read_text(encoding="utf-8"), (rel, text)

"""Inline markup shared by card text and rulebooks: one parser, one set of rules.

Syntax (inside one piece of text; nothing here draws anything)::

    **強調**            bold (style "strong")
    【用語】            a term, brackets kept (style "term"; a rulebook sets it in gothic)
    {漢字|かんじ}       ruby: the reading above the base; the pair is one unbreakable unit
    [赤]{…}            colour: a colour name (built in: 赤 青 緑 黄 紫 橙 黒 白 灰 茶 桃, or named in a
                       layout's ``styles:``) or ``#rrggbb``; may hold bold, ruby and icons
    :coin:             an inline icon defined in a layout's or the game's ``icons:``
    \\n                 a line break (a newline in the text is one too, where the caller allows it)
    \\x                 the character x itself: ``\\{`` ``\\}`` ``\\*`` ``\\:`` ``\\[`` ``\\\\``
    {{name}}           a value from the data (rulebooks only: the caller supplies ``embed``)

Anything that starts markup and does not finish it is an error with its column: an unclosed
``**``, ``{``, ``【`` or ``[…]{``, an unknown colour, an unknown ``:icon:`` (``:word:`` made of
lower-case ASCII letters, digits, ``-`` and ``_``; other colons are text), a stray ``}``.  So no
brace ever prints by accident.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace

from ..messages import did_you_mean, msg

__all__ = ["Run", "Inline", "InlineError", "parse_inline", "merge_runs", "plain_text", "BUILTIN_COLORS",
           "ICON_CHAR", "ASCENT", "DESCENT", "RUBY_SCALE", "RUBY_RISE", "visible", "visible_runs"]

# the character an icon occupies in the line breaker (U+FFFC OBJECT REPLACEMENT CHARACTER)
ICON_CHAR = "\ufffc"
# the em box every text is measured and placed with (layout, renderers, read-back): its top stands
# ASCENT ems above the baseline, its bottom DESCENT ems below
ASCENT = 0.88
DESCENT = 0.12
RUBY_SCALE = 0.5     # readings (ruby) are set at half the size of their base
RUBY_RISE = 0.25     # a reading's baseline stands this many ruby ems above its base's em box



# The blocks that hold every format character (Cf) Unicode has: text with none of them is visible as it
# is, without a look at each character's category (tests/text/test_inline_visible.py checks the cover
# against the running Python's Unicode tables).
MAY_BE_INVISIBLE = re.compile("[\u00ad\u0600-\u070f\u0890-\u08ff\u180e\u200b-\u200f\u202a-\u202e"
                              "\u2060-\u206f\ufeff\ufff0-\ufffb\U000110bd\U000110cd\U00013430-\U0001345f"
                              "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]")


def visible(text: str) -> str:
    """Text without the invisible format characters (Unicode category Cf) that must not print: a soft
    hyphen pasted from a web page (U+00AD, which fonts draw as a hyphen), zero-width spaces and joiners,
    direction marks, a byte-order mark.  Layout measures and the renderers draw what is left."""
    if text.isascii() or not MAY_BE_INVISIBLE.search(text):
        return text
    return "".join(c for c in text if unicodedata.category(c) != "Cf")


def visible_runs(runs: Iterable[Run]) -> tuple[Run, ...]:
    """The runs with their text and readings made visible; a run left with nothing to print is dropped."""
    out = []
    for r in runs:
        text, ruby = visible(r.text), (visible(r.ruby) if r.ruby is not None else None)
        if r.icon is None and (not text or ruby == ""):
            if text:        # a reading of only invisible characters: the base as plain text
                out.append(replace(r, text=text, ruby=None))
            continue
        out.append(r if (text, ruby) == (r.text, r.ruby) else replace(r, text=text, ruby=ruby))
    return tuple(out)


BUILTIN_COLORS = {
    "赤": "#c0392b", "青": "#1f5fa8", "緑": "#1e8449", "黄": "#b7950b", "紫": "#6c3483",
    "橙": "#d35400", "黒": "#1a1a1a", "白": "#ffffff", "灰": "#808b96", "茶": "#935116", "桃": "#d4578b",
}

_ICON = re.compile(r":([a-z0-9][a-z0-9_-]*):")
_HEX = re.compile(r"#[0-9a-fA-F]{6}")


@dataclass(frozen=True)
class Run:
    """Inline text of one style: '' (body), 'strong' or 'term'; ruby makes it one unit; an icon run
    has no text, only the icon's name."""

    text: str
    style: str = ""
    ruby: str | None = None
    color: str | None = None
    icon: str | None = None


Inline = tuple[Run, ...]


@dataclass(frozen=True)
class InlineError:
    col: int          # 1-based column in the text handed to parse_inline (plus its col0 - 1)
    message: str
    offset: int = 0   # 0-based index of the character in the text


def parse_inline(text: str, *, col0: int = 1, icons: Iterable[str] | None = (),
                 colors: Mapping[str, str] | None = None,
                 embed: Callable[[str, int], str | Inline | None] | None = None,
                 newlines: bool = True) -> tuple[Inline, list[InlineError]]:
    """Parse text into runs.  icons: the names defined (None: icons are not available here, and
    ``:word:`` is an error saying so); colors: named colours besides the built-in ones; embed:
    resolves ``{{…}}`` (given the body and its column; returns the text, or runs of its own markup
    — a ruling quoted with its ruby — or None after reporting a problem itself), or None where values from data are not available; newlines: whether ``\\n`` and real
    line breaks make line breaks."""
    p = _Parser(text, col0, None if icons is None else set(icons), {**BUILTIN_COLORS, **(colors or {})},
                embed, newlines)
    p.run()
    return merge_runs(visible_runs(p.runs)), p.errors


# characters that may start markup (each has its reader in _READERS); any other is text as written
_PLAIN = re.compile(r"[^\\\r\n*【】{}\[:]+")


class _Parser:
    def __init__(self, text: str, col0: int, icons: set[str] | None, colors: dict[str, str],
                 embed: Callable[[str, int], str | Inline | None] | None, newlines: bool) -> None:
        self.text = text
        self.col0 = col0
        self.icons = icons
        self.colors = colors
        self.embed = embed
        self.newlines = newlines
        self.runs: list[Run] = []
        self.errors: list[InlineError] = []
        self.buf: list[str] = []
        self.strong = -1          # offset of the open **, or -1
        self.term = -1            # offset of the open 【, or -1
        self.color_stack: list[tuple[int, str]] = []   # (offset of [, colour)

    def err(self, i: int, message: str) -> None:
        self.errors.append(InlineError(self.col0 + i, message, i))

    def style(self) -> str:
        return "strong" if self.strong >= 0 else ("term" if self.term >= 0 else "")

    def color(self) -> str | None:
        return self.color_stack[-1][1] if self.color_stack else None

    def flush(self) -> None:
        if self.buf:
            self.runs.append(Run("".join(self.buf), self.style(), None, self.color()))
            self.buf.clear()

    def run(self) -> None:
        """Read the text: stretches without markup are copied whole, and each character that may start
        markup goes to its reader (:data:`_READERS`), which returns where reading goes on, or None
        when the character is text after all (a single ``*``, a ``:`` that starts no icon …)."""
        text, n, i = self.text, len(self.text), 0
        while i < n:
            plain = _PLAIN.match(text, i)
            if plain:       # a stretch without markup is copied as it is, not character by character
                self.buf.append(plain.group())
                i = plain.end()
                continue
            after = _READERS[text[i]](self, i)
            if after is None:
                self.buf.append(text[i])
                i += 1
            else:
                i = after
        self.flush()
        self.report_unclosed()

    def report_unclosed(self) -> None:
        if self.strong >= 0:
            self.err(self.strong, "** is not closed")
        if self.term >= 0:
            self.err(self.term, "【 is not closed by 】")
        for at, _ in self.color_stack:
            self.err(at, "[colour]{ is not closed by }")

    def escaped(self, i: int) -> int | None:
        """\\x: the character x itself, \\n a line break (where line breaks are allowed); a \\ that ends
        the text is text."""
        if i + 1 >= len(self.text):
            return None
        nxt = self.text[i + 1]
        if nxt == "n" and self.newlines:
            self.buf.append("\n")
        elif nxt == "n":
            self.err(i, "\\n (a line break) is not available here")
        else:
            self.buf.append(nxt)
        return i + 2

    def line_break(self, i: int) -> int:
        """A newline in the text (\\n, \\r\\n or \\r): a line break, where the caller allows them."""
        if not self.newlines:
            self.err(i, msg("markup.no_line_break"))
        self.buf.append("\n")
        return i + 2 if self.text.startswith("\r\n", i) else i + 1

    def strong_mark(self, i: int) -> int | None:
        """** opens or closes bold; a single * is text."""
        if not self.text.startswith("**", i):
            return None
        self.flush()
        self.strong = i if self.strong < 0 else -1
        return i + 2

    def term_open(self, i: int) -> int:
        if self.term >= 0:
            self.err(i, "【 inside 【…】")
        self.flush()
        self.term = i
        self.buf.append("【")
        return i + 1

    def term_close(self, i: int) -> int | None:
        """】 closes an open 【 (the brackets are kept, in the term's style); else it is text."""
        if self.term < 0:
            return None
        self.buf.append("】")
        self.flush()
        self.term = -1
        return i + 1

    def brace(self, i: int) -> int:
        """{{name}}: a value from the data; {base|reading}: ruby."""
        return self.embedded(i) if self.text.startswith("{{", i) else self.ruby(i)

    def brace_close(self, i: int) -> int:
        """} closes the innermost [colour]{; one that closes nothing is an error."""
        if self.color_stack:
            self.flush()
            self.color_stack.pop()
        else:
            self.err(i, "} closes nothing (write \\} for a brace)")
        return i + 1

    def colon(self, i: int) -> int | None:
        """:name: an inline icon; any other colon is text."""
        m = _ICON.match(self.text, i)
        return self.icon(i, m) if m else None

    def embedded(self, i: int) -> int:
        text = self.text
        end = text.find("}}", i)
        if end < 0:
            self.err(i, msg("markup.embed_not_closed"))
            return len(text)
        if self.embed is None:
            self.err(i, f"{{{{{text[i + 2:end].strip()}}}}}: values from data belong in the rulebook "
                        "(write \\{ for a brace)")
            return end + 2
        value = self.embed(text[i + 2:end].strip(), self.col0 + i)
        if isinstance(value, tuple):      # runs: they keep their own style, inside the one around them
            self.flush()
            self.runs.extend(Run(r.text, r.style or self.style(), r.ruby, r.color or self.color(), r.icon)
                             for r in value)
        elif value is not None:
            self.buf.append(value)
        return end + 2

    def ruby(self, i: int) -> int:
        text = self.text
        end = text.find("}", i)
        bar = text.find("|", i)
        if end < 0 or bar < 0 or bar > end:
            self.err(i, msg("markup.ruby_not_closed"))
            return len(text) if end < 0 else end + 1
        base, reading = text[i + 1:bar], text[bar + 1:end]
        if not base or not reading:
            self.err(i, msg("markup.ruby_needs_both"))
        elif "\n" in base or "\n" in reading:
            self.err(i, msg("markup.ruby_line_break"))
        else:
            self.flush()
            self.runs.append(Run(base, self.style(), reading, self.color()))
        return end + 1

    def colour_open(self, i: int) -> int | None:
        """[name]{ — returns the index after the brace, or None when this [ is plain text."""
        text = self.text
        close = text.find("]", i)
        if close < 0 or not text.startswith("{", close + 1):
            return None
        name = text[i + 1:close]
        if "[" in name or "\n" in name:
            return None
        if name in self.colors:
            value = self.colors[name]
        elif _HEX.fullmatch(name):
            value = name.lower()
        else:
            self.err(i, msg("markup.unknown_colour", colour=name, colours=sorted(self.colors),
                            hint=did_you_mean(name, self.colors)))
            value = self.color() or ""
        self.flush()
        self.color_stack.append((i, value))
        return close + 2

    def icon(self, i: int, m: re.Match[str]) -> int:
        name = m.group(1)
        if self.icons is None:
            self.err(i, msg("markup.icon_not_here", icon=name))
        elif name not in self.icons:
            self.err(i, msg("markup.unknown_icon", icon=name, icons=", ".join(sorted(self.icons)) or msg("word.none"),
                            hint=did_you_mean(name, self.icons)))
        else:
            self.flush()
            self.runs.append(Run("", self.style(), None, self.color(), name))
        return m.end()


# what reads each character _PLAIN leaves out: the index after the markup it starts, or None when it is text
_READERS: dict[str, Callable[[_Parser, int], int | None]] = {
    "\\": _Parser.escaped,
    "\r": _Parser.line_break,
    "\n": _Parser.line_break,
    "*": _Parser.strong_mark,
    "【": _Parser.term_open,
    "】": _Parser.term_close,
    "{": _Parser.brace,
    "}": _Parser.brace_close,
    "[": _Parser.colour_open,
    ":": _Parser.colon,
}


def merge_runs(runs: Iterable[Run]) -> Inline:
    """Adjacent plain runs of the same style and colour joined; empty runs dropped (icons kept)."""
    out: list[Run] = []
    for r in runs:
        if not r.text and r.icon is None:
            continue
        if (out and r.icon is None and r.ruby is None and out[-1].icon is None and out[-1].ruby is None
                and out[-1].style == r.style and out[-1].color == r.color):
            out[-1] = Run(out[-1].text + r.text, r.style, None, r.color)
        else:
            out.append(r)
    return tuple(out)


def plain_text(runs: Inline) -> str:
    """The base text of runs (no readings, icons as nothing): what a reader sees in sequence."""
    return "".join(r.text for r in runs)

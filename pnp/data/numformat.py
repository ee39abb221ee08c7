"""A spreadsheet number format applied to a number: the text the sheet shows for the cell.

An .xlsx cell keeps the number (0.5, 1000, 3.5, a date's serial 45292) and, through its style, the
format Excel shows it in (``0%``, ``"￥"#,##0``, ``0.00``, ``yyyy/m/d``).  A card must print what the
designer sees in the sheet, so the common formats are applied here: digits, decimals, thousands
separators, percent, literal text and currency signs (``"点"``, ``\\¥``, ``[$￥-411]``), sections for
negative numbers and zero, dates and times.  A format this module cannot reproduce (fractions,
scientific notation, conditions, Japanese era dates) raises ``Unsupported``, so the caller can say so
instead of printing another text.
"""
from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal

from ..messages import msg

# Excel's built-in formats (as a Japanese Excel shows them: dates year first)
BUILTIN: dict[int, str] = {
    0: "General", 1: "0", 2: "0.00", 3: "#,##0", 4: "#,##0.00", 9: "0%", 10: "0.00%", 11: "0.00E+00",
    12: "# ?/?", 13: "# ??/??", 14: "yyyy/m/d", 15: "d-mmm-yy", 16: "d-mmm", 17: "mmm-yy", 18: "h:mm AM/PM",
    19: "h:mm:ss AM/PM", 20: "h:mm", 21: "h:mm:ss", 22: "yyyy/m/d h:mm", 31: 'yyyy"年"m"月"d"日"',
    32: 'h"時"mm"分"', 33: 'h"時"mm"分"ss"秒"', 34: 'yyyy"年"m"月"', 35: 'm"月"d"日"', 37: "#,##0 ;(#,##0)",
    38: "#,##0 ;(#,##0)", 39: "#,##0.00;(#,##0.00)", 40: "#,##0.00;(#,##0.00)", 45: "mm:ss", 46: "[h]:mm:ss",
    47: "mm:ss.0", 48: "##0.0E+0", 49: "@", 55: 'yyyy"年"m"月"', 56: 'm"月"d"日"', 57: 'yyyy"年"m"月"',
    58: 'm"月"d"日"',
}

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
DAYS_JA = "月火水木金土日"


class Unsupported(ValueError):
    """A format whose look this module cannot reproduce."""


def _sections(code: str) -> list[str]:
    out, cur, quoted, bracket, i = [], [], False, False, 0
    while i < len(code):
        ch = code[i]
        if ch == "\\" and not quoted and i + 1 < len(code):
            cur.append(code[i:i + 2])
            i += 2
            continue
        if ch == '"':
            quoted = not quoted
        elif ch == "[" and not quoted:
            bracket = True
        elif ch == "]" and not quoted:
            bracket = False
        elif ch == ";" and not quoted and not bracket:
            out.append("".join(cur))
            cur = []
            i += 1
            continue
        cur.append(ch)
        i += 1
    out.append("".join(cur))
    return out


Token = tuple[str, str]


def _tokens(section: str) -> list[Token]:
    """(kind, text): kind "lit" (literal text), "num" (a digit placeholder or . , %), "date" (a run
    of one date letter), "ampm", "elapsed" ([h] [mm] [ss]), "text" (@)."""
    out: list[Token] = []
    i = 0
    while i < len(section):
        read = _READERS.get(section[i], _plain_token)
        token, i = read(section, i)
        if token is not None:
            out.append(token)
    return out


def _quoted(section: str, i: int) -> tuple[Token | None, int]:
    """"text": literal text up to the closing quote (or the end)."""
    j = section.find('"', i + 1)
    j = len(section) if j < 0 else j
    return ("lit", section[i + 1:j]), j + 1


def _escaped(section: str, i: int) -> tuple[Token | None, int]:
    """\\x: the character x as it is (a backslash at the end is itself)."""
    if i + 1 < len(section):
        return ("lit", section[i + 1]), i + 2
    return ("lit", section[i]), i + 1


def _bracketed(section: str, i: int) -> tuple[Token | None, int]:
    """[...]: a currency sign ([$￥-411]), elapsed time ([h] [mm] [ss]) or a colour (the text is the same)."""
    j = section.find("]", i)
    if j < 0:
        raise Unsupported(msg("data.format_unclosed_bracket"))
    inner = section[i + 1:j]
    if inner.startswith("$"):
        return ("lit", inner[1:].split("-", 1)[0]), j + 1
    if re.fullmatch(r"(?i)h+|m+|s+", inner):
        return ("elapsed", inner.lower()), j + 1
    if re.fullmatch(r"(?i)black|blue|cyan|green|magenta|red|white|yellow|color\s*[0-9]+", inner):
        return None, j + 1
    raise Unsupported(f"[{inner}]")


def _plain_token(section: str, i: int) -> tuple[Token | None, int]:
    """AM/PM and A/P, a run of one date letter, or the character as literal text; scientific notation
    and era dates are Unsupported."""
    ch = section[i]
    if ch in "Ee" and i + 1 < len(section) and section[i + 1] in "+-":
        raise Unsupported(msg("data.format_scientific"))
    for marker in ("AM/PM", "A/P"):
        if section[i:i + len(marker)].upper() == marker:
            return ("ampm", marker), i + len(marker)
    if ch.lower() in "ymdhsa" and not (ch.lower() == "a" and not section[i:i + 3].lower() == "aaa"):
        j = i
        while j < len(section) and section[j].lower() == ch.lower():
            j += 1
        return ("date", section[i:j].lower()), j
    if ch.lower() in "geb":
        raise Unsupported(msg("data.format_era"))
    return ("lit", ch), i + 1


_READERS: dict[str, Callable[[str, int], tuple[Token | None, int]]] = {
    '"': _quoted,
    "\\": _escaped,
    "[": _bracketed,
    "_": lambda section, i: (("lit", " "), i + 2),      # space as wide as the next character
    "*": lambda section, i: (None, i + 2),              # fill with a character: no width to fill here
    "@": lambda section, i: (("text", "@"), i + 1),
    **{ch: (lambda section, i: (("num", section[i]), i + 1)) for ch in "0#?.,%"},
}


def render(x: float, code: str, date1904: bool = False) -> str | None:
    """The text a cell holding x shows in format ``code``; None for General (the number as it is)."""
    if code.strip().lower() in ("", "general", "@"):
        return None
    sections = _sections(code)
    if len(sections) > 4 or any(re.match(r"\[[<>=]", s) for s in sections):
        raise Unsupported("a condition")
    section, sign = sections[0], x < 0
    if x < 0 and len(sections) >= 2:
        section, x, sign = sections[1], -x, False
    elif x == 0 and len(sections) >= 3:
        section = sections[2]
    tokens = _tokens(section)
    kinds = {k for k, _ in tokens}
    if kinds & {"date", "ampm", "elapsed"}:
        return _date(x, tokens, date1904)
    if "/" in "".join(t for k, t in tokens if k == "lit") and "num" in kinds:
        if any(t in "#?0" for k, t in tokens if k == "num"):
            number_at = [i for i, (k, _) in enumerate(tokens) if k == "num"]
            if any(tokens[i][0] == "lit" and tokens[i][1] == "/" for i in range(number_at[0], number_at[-1])):
                raise Unsupported("a fraction")
    text = _number(abs(x), tokens) if "num" in kinds else "".join(t for k, t in tokens if k == "lit")
    if "text" in kinds:
        text = "".join(t if k != "text" else _general(x) for k, t in tokens)
    return ("-" + text) if sign and any(ch.isdigit() and ch != "0" for ch in text) else text


def _general(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else repr(x)


def _number(x: float, tokens: list[tuple[str, str]]) -> str:
    places = [i for i, (k, _) in enumerate(tokens) if k == "num" and tokens[i][1] in "0#?"]
    if not places:
        pattern_at = [i for i, (k, _) in enumerate(tokens) if k == "num"]
        places = pattern_at
    first, last = places[0], places[-1]
    inner = tokens[first:last + 1]
    if any(k == "lit" for k, _ in inner):
        raise Unsupported(msg("data.format_text_in_digits"))
    head, tail = tokens[:first], tokens[last + 1:]
    pattern = "".join(t for _, t in inner)
    x *= 100 ** sum(1 for k, t in tokens if k == "num" and t == "%")
    trailing = 0
    for k, t in tail:                       # commas right after the digits divide by 1,000 each
        if k == "num" and t == ",":
            trailing += 1
        else:
            break
    x /= 1000 ** trailing
    whole, _, frac = pattern.partition(".")
    thousands = "," in whole
    whole = whole.replace(",", "")
    decimals = len(frac.replace(",", ""))
    q = Decimal(repr(x)).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)
    digits = f"{q:.{decimals}f}"
    int_part, _, frac_part = digits.partition(".")
    min_int = whole.count("0")
    int_part = int_part.lstrip("0")
    int_part = int_part.rjust(min_int, "0")
    if thousands and int_part:
        int_part = f"{int(int_part):,}".rjust(min_int, "0")
    if frac:
        need = frac.rfind("0") + 1             # places up to the last 0 always show; # and ? only when not 0
        frac_part = frac_part[:max(need, len(frac_part.rstrip("0")))]
        text = int_part + "." + frac_part
    else:
        text = int_part

    def lit(part: list[tuple[str, str]]) -> str:
        return "".join(t if k != "num" else ("%" if t == "%" else "") for k, t in part)
    return lit(head) + text + lit(tail)


def _date(x: float, tokens: list[tuple[str, str]], date1904: bool) -> str:
    if x < 0 or x > 2958465:
        raise Unsupported(msg("data.format_date_range"))
    base = dt.datetime(1904, 1, 1) if date1904 else dt.datetime(1899, 12, 30)
    if not date1904 and x < 61:
        base = dt.datetime(1899, 12, 31)     # Excel counts a 29 February 1900 that never was
    seconds = round(x * 86400)
    when = base + dt.timedelta(seconds=seconds)
    twelve = any(k == "ampm" for k, _ in tokens)
    out = []
    dates = [i for i, (k, _) in enumerate(tokens) if k == "date"]
    for i, (k, t) in enumerate(tokens):
        if k == "lit":
            out.append(t)
        elif k == "num":
            if t == ".":
                raise Unsupported(msg("data.format_fractions_of_second"))
            out.append(t)
        elif k == "elapsed":
            total = seconds
            out.append(str({"h": total // 3600, "m": total // 60, "s": total}[t[0]]).rjust(len(t), "0"))
        elif k == "ampm":
            am = when.hour < 12
            out.append(("AM" if am else "PM") if t == "AM/PM" else ("A" if am else "P"))
        elif k == "date":
            letter = t[0]
            if letter == "m":                     # minutes right after hours or before seconds
                prev = [tokens[j][1][0] for j in dates if j < i]
                nxt = [tokens[j][1][0] for j in dates if j > i]
                if (prev and prev[-1] == "h") or (nxt and nxt[0] == "s"):
                    letter = "n"
            out.append(_date_part(when, letter, len(t), twelve))
        elif k == "text":
            out.append(_general(x))
    return "".join(out)


def _date_part(when: dt.datetime, letter: str, size: int, twelve: bool) -> str:
    if letter == "y":
        return str(when.year) if size > 2 else f"{when.year % 100:02d}"
    if letter == "m":
        if size >= 4:
            return MONTHS[when.month - 1]
        if size == 3:
            return MONTHS[when.month - 1][:3]
        return f"{when.month:0{size}d}"
    if letter == "d":
        if size >= 4:
            return DAYS[when.weekday()]
        if size == 3:
            return DAYS[when.weekday()][:3]
        return f"{when.day:0{size}d}"
    if letter == "a":
        return DAYS_JA[when.weekday()] + ("曜日" if size >= 4 else "")
    if letter == "h":
        hour = when.hour % 12 or 12 if twelve else when.hour
        return f"{hour:0{min(size, 2)}d}"
    if letter == "n":
        return f"{when.minute:0{min(size, 2)}d}"
    if letter == "s":
        return f"{when.second:0{min(size, 2)}d}"
    raise Unsupported(letter)

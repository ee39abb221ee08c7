"""Messages in Japanese: ``pnp --lang ja`` or ``PNP_LANG=ja``.

The library words its problems in English (the tests, the JSON and the source read them so); this
module turns the common ones into Japanese as the CLI prints them.  Only the message is turned: the
place (``file:line:col:`` or ``file:Sheet!C12:``) and the field stay first and as they are, so an
editor still jumps to them.  A message without a Japanese form is printed as it is."""
from __future__ import annotations

import os
import re
from collections.abc import Callable

LANGS = ("en", "ja")
_lang: str | None = None          # set by the CLI for one invocation; None: from PNP_LANG


def set_lang(lang: str | None) -> None:
    global _lang
    _lang = lang


def lang() -> str:
    chosen = _lang or os.environ.get("PNP_LANG", "") or "en"
    return "ja" if chosen.lower().startswith("ja") else "en"


TYPES = {"integer": "整数", "string": "文字列", "number": "数", "boolean": "真偽値（true / false）",
         "object": "マッピング（キー: 値）", "array": "リスト", "null": "空",
         "str": "文字列", "int": "整数", "float": "数", "bool": "真偽値", "dict": "マッピング", "list": "リスト",
         "NoneType": "空の値"}


def _types(text: str) -> str:
    names = re.findall(r"\w+", text)
    return "・".join(TYPES.get(n, n) for n in names)


Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], str]]

RULES: list[Rule] = [(re.compile(p), f) for p, f in [
    (r"expected (\[[^\]]*\]|\w+), got (\w+) (.+?) \(YAML read the ruby (.+?) as a mapping: quote the value, (.+)\)$",
     lambda m: f"{_types(m[1])}を書くところに{_types(m[2])} {m[3]} があります。ルビ {m[4]} を YAML がマッピングとして"
               f"読みました。値を引用符で囲んでください：{m[5]}"),
    (r"expected (\[[^\]]*\]|\w+), got (\w+) (.+?)(（全角の数字です。.*）)?$",
     lambda m: f"{_types(m[1])}を書くところに{_types(m[2])} {m[3]} があります{m[4] or ''}"),
    (r"unknown key ('[^']*') \(allowed: ([^)]*)\)", lambda m: f"不明なキー {m[1]}（使えるキー：{m[2]}）"),
    (r"missing required key ('[^']*')(?: \(one of: ([^)]*)\))?",
     lambda m: f"必須のキー {m[1]} がありません" + (f"（{m[2]} のどれか）" if m[2] else "")),
    (r"('(?:[^'\\]|\\.)*'|\S+) is not one of (.+)$", lambda m: f"{m[1]} は使えません（{m[2]} のどれか）"),
    (r"expected a length with a unit, got the bare number (\S+) \(add the unit: ([^)]*)\)",
     lambda m: f"長さには単位が要ります：数 {m[1]} だけです（{m[2]}）"),
    (r"unknown suit ('[^']*') \(suits: ([^)]*)\)", lambda m: f"スート {m[1]} はありません（スート：{m[2]}）"),
    (r"duplicate card id ('[^']*')", lambda m: f"カードの id {m[1]} が重複しています"),
    (r"duplicate suit id ('[^']*')", lambda m: f"スートの id {m[1]} が重複しています"),
    (r"unknown layout ('[^']*') \(layouts: ([^)]*)\)", lambda m: f"テンプレート {m[1]} はありません（テンプレート：{m[2]}）"),
    (r"unknown column ('[^']*') \(columns: (.*); a header starting with # is a note and is skipped\)",
     lambda m: f"不明な列 {m[1]}（列：{m[2]}。# で始まる見出しはメモとして読み飛ばします）"),
    (r"every card needs an id", lambda m: "どのカードにも id が要ります"),
    (r"character (.+) is not in font (\S+)$", lambda m: f"文字 {m[1]} がフォント {m[2]} にありません"),
    (r"text does not fit region ('[^']*'): needs ([\d.]+) mm of height, has ([\d.]+) mm at ([\d.]+) pt",
     lambda m: f"文字が領域 {m[1]} に収まりません：高さが {m[2]} mm 要りますが、{m[4]} pt で {m[3]} mm しかありません"),
    (r"text does not fit region ('[^']*'): a line needs ([\d.]+) mm of width, the region has ([\d.]+) mm at ([\d.]+) pt",
     lambda m: f"文字が領域 {m[1]} に収まりません：1行に幅 {m[2]} mm 要りますが、{m[4]} pt で領域は {m[3]} mm です"),
    (r"text does not fit region ('[^']*'): it takes (\d+) lines at ([\d.]+) pt, the region allows max_lines (\d+)",
     lambda m: f"文字が領域 {m[1]} に収まりません：{m[3]} pt で {m[2]} 行になり、max_lines は {m[4]} です"),
    (r"field ('[^']*') is empty on every card of (.+?) \(([^)]*)\), but region ('[^']*') needs it: "
     r"give the cards that field, or the region optional: true",
     lambda m: f"欄 {m[1]} は {m[2]}（{m[3]}）のどのカードでも空ですが、領域 {m[4]} に必要です："
               "カードにその欄を書くか、領域を optional: true に"),
    (r"field ('[^']*') is empty but region ('[^']*') needs it", lambda m: f"欄 {m[1]} が空ですが、領域 {m[2]} に必要です"),
    (r"(.+?): game\.yaml says (\d+) cards, (\S+) makes (\d+)",
     lambda m: f"{m[1]}：game.yaml では {m[2]} 枚、{m[3]} では {m[4]} 枚です"),
    (r"(.+?): game\.yaml says (\d+), (\S+) makes (\d+)",
     lambda m: f"{m[1]}：game.yaml では {m[2]} 個、{m[3]} では {m[4]} 個です"),
    (r"count: the rulebook states (\d+) for ('[^']*'), the data makes (\d+) \(([^)]*)\)",
     lambda m: f"count: ルールブックには {m[2]} が {m[1]} とありますが、データでは {m[3]} です（{m[4]}）"),
    (r"a ([\d.]+×[\d.]+) mm card does not fit on the paper inside ([\d.]+) mm margins \(([^)]*)\)",
     lambda m: f"{m[1]} mm のカードが用紙の余白 {m[2]} mm の内側に収まりません（{m[3]}）"),
    (r"(\S+): score track (\S+): only ([\d.]+)% of sample games end with every score on it "
     r"\(at least ([\d.]+)% needed\); highest score (\S+)",
     lambda m: f"{m[1]}: 得点トラック {m[2]}：全員の得点が収まったサンプルゲームは {m[3]}% だけです"
               f"（{m[4]}% 以上が必要）。最高得点 {m[5]}"),
    (r"YAML: (.+?) \(YAML reads the brackets of the (ruby|colour) (.+?) as its own: quote the value, (.+)\)$",
     lambda m: f"YAML として読めません（{m[1]}）。{'ルビ' if m[2] == 'ruby' else '色'} {m[3]} のかっこを YAML が"
               f"自分の記号として読みました。値を引用符で囲んでください：{m[4]}"),
    (r"spreadsheet ('[^']*') not found", lambda m: f"表のファイル {m[1]} がありません"),
    (r"the sheet is empty \(expected a header row and one row a card\)",
     lambda m: "シートが空です（見出しの行と、カード1枚につき1行が要ります）"),
]]

def localize(text: str) -> str:
    """text (one message or several lines) in the chosen language; the place and field kept first."""
    if lang() != "ja":
        return text
    return "\n".join(_line(line) for line in text.split("\n"))


def _line(line: str) -> str:
    for pattern, form in RULES:
        found = pattern.search(line)
        if found:
            return line[:found.start()] + form(found) + line[found.end():]
    return line

"""Messages by code: each message pnp words for the designer has a code and named parameters, and its
English and Japanese texts live side by side in one table, :data:`CATALOGUE`.

Why a plain Python table and not gettext with Babel: gettext keys a translation by its English text,
so rewording the English silently drops the Japanese (what the 24 regular expressions this table
replaced did too); here the key is a code, and a test fails when a code lacks a language or the two
languages' templates name different parameters.  The table needs no extraction or compile step
(``.po`` → ``.mo``), ships in the package as code, and is checked by mypy and ruff like the rest.
There are two languages, not forty: gettext's tooling for translators pays off at a size pnp does not
have.

A message is a :class:`Msg`: a ``str`` (so it goes wherever a message went before: a ``Problem``, an
exception, a line) rendered in the language chosen when it is made, that keeps its code and parameters
for JSON (:meth:`Msg.as_json`) and for rendering in the other language (:meth:`Msg.render`).  The place
(``file:line:col:`` or ``file:Sheet!C12:``) and the field are never part of a message: they stay first
and unchanged in both languages, so an editor still jumps to them.

The language: ``pnp --lang``, else ``PNP_LANG``, else the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``
in POSIX order: ``ja_JP.UTF-8`` → Japanese), else English."""
from __future__ import annotations

import difflib
import errno
import os
import re
import string
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, cast

LANGS = ("en", "ja")
_lang: str | None = None          # set by the CLI for one invocation; None: from the environment
LOCALE_VARIABLES = ("PNP_LANG", "LC_ALL", "LC_MESSAGES", "LANG")


def set_lang(lang: str | None) -> None:
    global _lang
    _lang = lang


def lang() -> str:
    """"ja" or "en": --lang, else the first of PNP_LANG, LC_ALL, LC_MESSAGES, LANG that is set."""
    chosen = _lang
    if not chosen:
        chosen = next((os.environ[v] for v in LOCALE_VARIABLES if os.environ.get(v)), "en")
    return "ja" if chosen.lower().startswith("ja") else "en"


TYPES = {"integer": "整数", "string": "文字列", "number": "数", "boolean": "真偽値（true / false）",
         "object": "マッピング（キー: 値）", "array": "リスト", "null": "空",
         "str": "文字列", "int": "整数", "float": "数", "bool": "真偽値", "dict": "マッピング", "list": "リスト",
         "NoneType": "空の値"}


# The YAML parser's (libyaml's, or PyYAML's where libyaml is absent) own words for what it could not read:
# fixed texts of that library, in Japanese.  A text missing here is shown as the parser wrote it.
YAML_JA = {
    "while parsing a flow mapping": "{ } のマッピングを読んでいるところで",
    "while parsing a flow sequence": "[ ] のリストを読んでいるところで",
    "while parsing a block mapping": "「キー: 値」の並びを読んでいるところで",
    "while parsing a block collection": "「- 」のリストを読んでいるところで",
    "while parsing a block node": "値を読んでいるところで",
    "while parsing a flow node": "値を読んでいるところで",
    "while parsing a node": "値を読んでいるところで",
    "while scanning a simple key": "キーを読んでいるところで",
    "while scanning a quoted scalar": "引用符で囲んだ値を読んでいるところで",
    "while scanning a plain scalar": "値を読んでいるところで",
    "while scanning a block scalar": "| や > の複数行の値を読んでいるところで",
    "while scanning for the next token": "次の記号を探しているところで",
    "while scanning an anchor": "アンカー（&）を読んでいるところで",
    "while scanning an alias": "エイリアス（*）を読んでいるところで",
    "while scanning a tag": "タグ（!）を読んでいるところで",
    "did not find expected ',' or '}'": "「,」か「}」がありません",
    "did not find expected ',' or ']'": "「,」か「]」がありません",
    "did not find expected key": "キーがありません（字下げがずれていませんか）",
    "did not find expected '-' indicator": "「- 」がありません（字下げがずれていませんか）",
    "did not find expected node content": "値がありません",
    "could not find expected ':'": "「:」がありません",
    "mapping values are not allowed in this context": "ここには「キー: 値」を書けません（値の中の「: 」は値を引用符で囲んで）",
    "mapping values are not allowed here": "ここには「キー: 値」を書けません（値の中の「: 」は値を引用符で囲んで）",
    "found unexpected end of stream": "閉じていないままファイルが終わりました",
    "found character that cannot start any token": "値の始めに使えない文字があります（タブは字下げに使えません）",
    "found unknown escape character": "知らないエスケープ（\\）があります",
    "found undefined alias": "定義されていないエイリアス（*）があります",
    "found undefined tag handle": "定義されていないタグがあります",
    "block sequence entries are not allowed in this context": "ここには「- 」のリストを書けません",
    "found duplicate anchor": "同じアンカー（&）が2つあります",
    "invalid YAML": "YAML として正しくありません",
}


# The system's words for a failed file operation (strerror, English whatever the locale) in Japanese.
ERRNO_JA = {
    "ENOENT": "ファイルもフォルダもありません", "EACCES": "権限がありません", "EPERM": "許可されていません",
    "ENOSPC": "ディスクに空きがありません", "EROFS": "読み取り専用の場所です", "EISDIR": "フォルダです",
    "ENOTDIR": "フォルダではありません", "EEXIST": "もうあります", "ENAMETOOLONG": "名前が長すぎます",
    "EDQUOT": "ディスクの割り当てを超えました", "EBUSY": "使用中です", "EMFILE": "開いているファイルが多すぎます",
    "EIO": "入出力のエラーです",
}


class _Formatter(string.Formatter):
    """str.format with two specs of pnp's own: ``{x:types}`` (JSON Schema or Python type names, in
    Japanese under ``ja``) and ``{x:list}`` (an iterable joined with ", ")."""

    def __init__(self, lang: str):
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, Msg):
            value = value.render(self.lang)
        if format_spec == "types":
            names = re.findall(r"\w+", str(value))
            return "・".join(TYPES.get(n, n) for n in names) if self.lang == "ja" else str(value)
        if format_spec == "list":
            return ", ".join(str(v) for v in value)
        if format_spec == "oserror":    # (errno, the system's words)
            number, strerror = cast(tuple[int | None, str], value)
            return ERRNO_JA.get(errno.errorcode.get(number or 0, ""), strerror) if self.lang == "ja" else strerror
        if format_spec == "yaml":       # (context, problem) as the YAML parser words them
            words = [str(v) for v in value if v]
            if self.lang == "ja":
                return "、".join(YAML_JA.get(w, w) for w in words)
            return " ".join(words)
        return str(super().format_field(value, format_spec))


# code → {language → template}.  Parameters are named; ``{x!r}`` quotes a name as Python does ('a.jpg').
CATALOGUE: dict[str, dict[str, str]] = {
    # — hints appended to another message —
    "hint.did_you_mean": {
        "en": " (did you mean {name!r}?)",
        "ja": "（{name!r} のことですか？）"},
    "hint.full_width_digits": {
        "en": " (full-width digits: write {narrow} in half-width digits)",
        "ja": "（全角の数字です。半角で {narrow} と書いてください）"},
    "hint.ruby_read_as_mapping": {
        "en": " (YAML read the ruby {ruby} as a mapping: quote the value, {quoted})",
        "ja": "。ルビ {ruby} を YAML がマッピングとして読みました。値を引用符で囲んでください：{quoted}"},
    # — YAML and the schema —
    "yaml.unreadable": {
        "en": "YAML: {problem:yaml}{hint}",
        "ja": "YAML として読めません（{problem:yaml}）{hint}"},
    "yaml.markup_brackets": {
        "en": " (YAML reads the brackets of the {what} {markup} as its own: quote the value, {quoted})",
        "ja": "。{what} {markup} のかっこを YAML が自分の記号として読みました。値を引用符で囲んでください：{quoted}"},
    "word.ruby": {"en": "ruby", "ja": "ルビ"},
    "word.colour": {"en": "colour", "ja": "色"},
    "word.none": {"en": "none", "ja": "なし"},
    "schema.type": {
        "en": "expected {expected:types}, got {got:types} {value}{hint}",
        "ja": "{expected:types}を書くところに{got:types} {value} があります{hint}"},
    "schema.pattern": {
        "en": "expected {expected}, got {value!r}",
        "ja": "{expected} を書くところに {value!r} があります"},
    "schema.unknown_key": {
        "en": "unknown key {key!r} (allowed: {allowed:list}){hint}",
        "ja": "不明なキー {key!r}（使えるキー：{allowed:list}）{hint}"},
    "schema.missing_key": {
        "en": "missing required key {key!r}",
        "ja": "必須のキー {key!r} がありません"},
    "schema.missing_key_choices": {
        "en": "missing required key {key!r} (one of: {choices:list})",
        "ja": "必須のキー {key!r} がありません（{choices:list} のどれか）"},
    "schema.not_one_of": {
        "en": "{value!r} is not one of {choices:list}{hint}",
        "ja": "{value!r} は使えません（{choices:list} のどれか）{hint}"},
    "schema.bare_number": {
        "en": "expected a length with a unit, got the bare number {value!r} (add the unit: {value}mm, {value}pt "
              "or {value}in)",
        "ja": "長さには単位が要ります：数 {value!r} だけです（{value}mm・{value}pt・{value}in のように単位を付けてください）"},
    # — the data —
    "data.unknown_suit": {
        "en": "unknown suit {suit!r} (suits: {suits}){hint}",
        "ja": "スート {suit!r} はありません（スート：{suits}）{hint}"},
    "data.duplicate_card_id": {
        "en": "duplicate card id {id!r}",
        "ja": "カードの id {id!r} が重複しています"},
    "data.duplicate_suit_id": {
        "en": "duplicate suit id {id!r}",
        "ja": "スートの id {id!r} が重複しています"},
    "data.unknown_layout": {
        "en": "unknown layout {layout!r} (layouts: {layouts:list}){hint}",
        "ja": "テンプレート {layout!r} はありません（テンプレート：{layouts:list}）{hint}"},
    "data.count_mismatch_cards": {
        "en": "{name}: game.yaml says {said} cards, {file} makes {made}",
        "ja": "{name}：game.yaml では {said} 枚、{file} では {made} 枚です"},
    "data.count_mismatch": {
        "en": "{name}: game.yaml says {said}, {file} makes {made}{what}",
        "ja": "{name}：game.yaml では {said} 個、{file} では {made} 個です{what}"},
    "data.kind_mismatch": {
        "en": "{name}: game.yaml says {said}, {file} is a {made}",
        "ja": "{name}：game.yaml では {said}、{file} は {made} です"},
    "data.component_without_file": {
        "en": "component {id!r} is a {kind} but no {kind} file has id {id!r}{hint}",
        "ja": "部品 {id!r} は {kind} ですが、id が {id!r} の {kind} のファイルがありません{hint}"},
    "hint.bits_file": {
        "en": " (the shopping list, 用意するもの, would not name it: add a bits file with its items)",
        "ja": "（用意するものの一覧に載りません：その品目を書いた bits のファイルを足してください）"},
    "hint.bits_count": {
        "en": " items to buy or borrow (source: buy and borrow; the print stand-ins are not counted)",
        "ja": "（買うか借りる品の数。source: buy と borrow のもの。印刷する代用品は数えません）"},
    "data.unknown_side_key": {
        "en": "unknown key {key!r} for a side of a card (allowed: {allowed:list}){hint}",
        "ja": "カードの面に不明なキー {key!r}（使えるキー：{allowed:list}）{hint}"},
    "data.image_not_found": {
        "en": "image {image!r} not found{hint}",
        "ja": "画像 {image!r} がありません{hint}"},
    "data.font_file_not_found": {
        "en": "font file {file!r} not found in the project's fonts/ folder{hint}",
        "ja": "フォントのファイル {file!r} が設計フォルダの fonts/ にありません{hint}"},
    "data.unknown_game": {
        "en": "no game {game!r} (games: {games}){hint}",
        "ja": "ゲーム {game!r} はありません（ゲーム：{games}）{hint}"},
    "data.unknown_deck": {
        "en": "no deck {deck!r} (decks: {decks}){hint}",
        "ja": "デッキ {deck!r} はありません（デッキ：{decks}）{hint}"},
    "parts.tuck_box_unknown_deck": {
        "en": "no deck {deck!r} for the tuck box (decks: {decks}){hint}",
        "ja": "箱に入れるデッキ {deck!r} はありません（デッキ：{decks}）{hint}"},
    "rulebook.image_not_found": {
        "en": "image {image!r} not found (paths are from the game's folder, {folder}/){hint}",
        "ja": "画像 {image!r} がありません（パスはゲームのフォルダ {folder}/ から）{hint}"},
    "rulebook.unknown_block": {
        "en": "unknown block :::{block} (known: {known:list}){hint}",
        "ja": "不明なブロック :::{block}（使えるもの：{known:list}）{hint}"},
    "rulebook.unknown_deck_in": {
        "en": "unknown deck {deck!r} in {word!r} (decks: {decks}){hint}",
        "ja": "{word!r} のデッキ {deck!r} はありません（デッキ：{decks}）{hint}"},
    "rulebook.unknown_deck": {
        "en": "unknown deck {deck!r}{hint}",
        "ja": "デッキ {deck!r} はありません{hint}"},
    "rulebook.unknown_card": {
        "en": "unknown card {card!r} in deck {deck!r}{hint}",
        "ja": "デッキ {deck!r} にカード {card!r} はありません{hint}"},
    "rulebook.unknown_diagram_key": {
        "en": "unknown diagram key {key!r} (allowed: columns, deck, rows){hint}",
        "ja": "diagram に不明なキー {key!r}（使えるキー：columns, deck, rows）{hint}"},
    "rulebook.unknown_diagram_cell": {
        "en": "unknown diagram cell {cell!r} (up, down, empty, none or a card id of {deck!r}){hint}",
        "ja": "diagram のマス {cell!r} は使えません（up, down, empty, none か、{deck!r} のカードの id）{hint}"},
    "rulebook.unknown_component": {
        "en": "unknown component {component!r} in {{{{count:{component}}}}} (components: {components}){hint}",
        "ja": "{{{{count:{component}}}}} の部品 {component!r} はありません（部品：{components}）{hint}"},
    "rulebook.unknown_ruling": {
        "en": "unknown ruling {ruling!r} (rulings: {rulings}){hint}",
        "ja": "裁定 {ruling!r} はありません（裁定：{rulings}）{hint}"},
    "rulebook.page_outside": {
        "en": "the page is a link to a file outside the game's folder: refused (a rulebook page leaves the game's folder)",
        "ja": "このページはゲームのフォルダの外のファイルへのリンクです：使いません"},
    "rulebook.front_matter_open": {
        "en": "front matter opened with --- is never closed",
        "ja": "--- で始めた前置き（front matter）が閉じていません"},
    "rulebook.front_matter_mapping": {
        "en": "front matter must be a mapping",
        "ja": "前置き（front matter）は「キー: 値」のマッピングにしてください"},
    "rulebook.block_not_closed": {
        "en": ":::{block} is not closed by a line ':::'",
        "ja": ":::{block} が ::: だけの行で閉じていません"},
    "rulebook.boxes_nest": {
        "en": "boxes do not nest",
        "ja": "囲みの中に囲みは置けません"},
    "rulebook.heading_level": {
        "en": "heading level {level} is not supported (use #, ## or ###)",
        "ja": "見出しのレベル {level} は使えません（#、##、### のどれか）"},
    "rulebook.heading_form": {
        "en": "a heading is '#', '##' or '###', a space and its text",
        "ja": "見出しは「#」「##」「###」のあとに空白と文字を書きます"},
    "rulebook.heading_in_box": {
        "en": "no headings inside a box (use the box's title)",
        "ja": "囲みの中に見出しは置けません（囲みのタイトルを使ってください）"},
    "rulebook.image_own_line": {
        "en": "an image {image} stands on a line of its own (its alt text becomes the caption under it)",
        "ja": "画像 {image} は1行に単独で書いてください（代替テキストがその下のキャプションになります）"},
    "rulebook.unknown_part": {
        "en": "{{{{part {part}}}}}: no part {part!r} (parts: {parts}){hint}",
        "ja": "{{{{part {part}}}}}：パーツ {part!r} はありません（パーツ：{parts}）{hint}"},
    "rulebook.card_reference": {
        "en": "card reference {word!r} is not deck/card-id",
        "ja": "カードの参照 {word!r} が「デッキ/カードの id」の形ではありません"},
    "rulebook.table_row_bars": {
        "en": "a table row starts and ends with |",
        "ja": "表の行は | で始めて | で終えます"},
    "rulebook.table_separator": {
        "en": "a |---| separator may only follow the first row",
        "ja": "|---| の区切りは1行目のすぐ下にだけ置けます"},
    "rulebook.table_cells": {
        "en": "table row has {cells} cells, the first row {first}",
        "ja": "表のこの行のセルは {cells} 個、1行目は {first} 個です"},
    "rulebook.diagram_mapping": {
        "en": "a diagram holds a mapping with rows:",
        "ja": "diagram の中身は rows: を持つマッピングにしてください"},
    "rulebook.diagram_rows": {
        "en": "diagram needs rows: a list of {{label, cells}}",
        "ja": "diagram には rows:（{{label, cells}} のリスト）が要ります"},
    "rulebook.diagram_row": {
        "en": "each diagram row is {{label: text, cells: [...]}}",
        "ja": "diagram の行は {{label: 文字, cells: [...]}} の形にしてください"},
    "rulebook.diagram_columns": {
        "en": "columns: a list of labels",
        "ja": "columns: はラベルのリストにしてください"},
    "rulebook.embed_own_line": {
        "en": "{{{{{embed}}}}} must stand alone on its line",
        "ja": "{{{{{embed}}}}} は1行に単独で書いてください"},
    "rulebook.unknown_embed_known": {
        "en": "unknown embed {{{{{embed}}}}} (known: {inline:list}, count:ID, ruling:ID, ref:ID, and on their own "
              "line: {block:list}){hint}",
        "ja": "埋め込み {{{{{embed}}}}} はありません（使えるもの：{inline:list}、count:ID、ruling:ID、ref:ID。"
              "1行に単独で：{block:list}）{hint}"},
    "rulebook.unknown_ref": {
        "en": "{{{{ref:{ref}}}}}: no ruling or rulebook file {ref!r} (rulings: {rulings}; files: {files}){hint}",
        "ja": "{{{{ref:{ref}}}}}：裁定にもルールブックのファイルにも {ref!r} はありません（裁定：{rulings}。"
              "ファイル：{files}）{hint}"},
    "rulebook.ambiguous_ref": {
        "en": "{{{{ref:{ref}}}}}: both a ruling and a rulebook file are called {ref!r}",
        "ja": "{{{{ref:{ref}}}}}：裁定とルールブックのファイルの両方が {ref!r} という名前です"},
    "rulebook.unknown_embed": {
        "en": "unknown embed {{{{{embed}}}}}",
        "ja": "埋め込み {{{{{embed}}}}} はありません"},
    "ledger.answer_needs_question": {
        "en": "an answer needs the question it answers (question:)",
        "ja": "answer には答える質問（question:）が要ります"},
    "ledger.source_or_provisional": {
        "en": "an item is either the draft's (source:) or pnp's proposal (provisional: true), not both",
        "ja": "項目は下書きのもの（source:）か pnp の提案（provisional: true）のどちらか一方です"},
    "ledger.question_needs_provisional": {
        "en": "a question belongs to a provisional item: add provisional: true (or remove the question; by: designer "
              "marks a question of your own)",
        "ja": "質問は仮の項目に付けます：provisional: true を足してください（または質問を消すか、自分の質問なら "
              "by: designer を）"},
    "ledger.duplicate_option": {
        "en": "duplicate option id {id!r}",
        "ja": "選択肢の id {id!r} が重複しています"},
    "ledger.chosen_not_option": {
        "en": "chosen {chosen!r} is not one of the options ({options:list}){hint}",
        "ja": "chosen の {chosen!r} は選択肢（{options:list}）にありません{hint}"},
    "ledger.answer_not_option": {
        "en": "answer {answer!r} is not one of the options ({options:list}){hint}",
        "ja": "answer の {answer!r} は選択肢（{options:list}）にありません{hint}"},
    "ledger.answer_not_played": {
        "en": "the designer answered {answer!r} but pnp still plays {chosen!r}: rewrite the item to the answer and "
              "set chosen: {answer}",
        "ja": "設計者の答えは {answer!r} ですが、pnp はまだ {chosen!r} で遊んでいます：項目を答えに合わせて書き直し、"
              "chosen: {answer} に"},
    "ledger.quotation_not_in_draft": {
        "en": "quotation {quote!r} does not occur in the draft {draft}",
        "ja": "引用 {quote!r} が下書き {draft} にありません"},
    "ledger.not_traced": {
        "en": "not traced to the draft: quote the draft passage it rests on (source:) or mark it provisional: true "
              "with a question for the designer",
        "ja": "下書きにたどれません：根拠の一節を引用する（source:）か、provisional: true にして設計者への質問を付けてください"},
    "ledger.provisional_needs_question": {
        "en": "a provisional item needs a question for the designer (ask, options, chosen, why)",
        "ja": "仮の項目には設計者への質問（ask, options, chosen, why）が要ります"},
    "ledger.name_not_in_draft": {
        "en": "component name {name!r} does not occur in the draft: use the draft's term, or explain the rename in a "
              "question (topic: terms)",
        "ja": "部品の名前 {name!r} が下書きにありません：下書きの言葉を使うか、名前を変えた理由を質問（topic: terms）に"},
    "ledger.draft_outside": {
        "en": "draft path {draft!r} leaves the game's folder",
        "ja": "下書きのパス {draft!r} がゲームのフォルダの外を指しています"},
    "ledger.draft_not_found": {
        "en": "draft {draft!r} not found{hint}",
        "ja": "下書き {draft!r} がありません{hint}"},
    "data.layout_id_file": {
        "en": "layout id {id!r} must equal the file name {stem!r}",
        "ja": "テンプレートの id {id!r} はファイル名 {stem!r} と同じにしてください"},
    "data.unknown_kind": {
        "en": "unknown or missing kind {kind!r} (expected one of: {kinds:list}){hint}",
        "ja": "kind {kind!r} がないか、使えません（{kinds:list} のどれか）{hint}"},
    "data.id_used": {
        "en": "id {id!r} is already used by {file}",
        "ja": "id {id!r} は {file} がすでに使っています"},
    "data.layout_cycle": {
        "en": "layouts extend each other in a cycle: {cycle}",
        "ja": "テンプレートの extends が輪になっています：{cycle}"},
    "data.unknown_parent_layout": {
        "en": "unknown parent layout {parent!r}{hint}",
        "ja": "extends のテンプレート {parent!r} はありません{hint}"},
    "data.card_size_range": {
        "en": "card {key} {value} is outside {low}–{high} mm",
        "ja": "カードの {key} {value} が {low}〜{high} mm の外です"},
    "data.font_defined": {
        "en": "font {font!r} is already defined",
        "ja": "フォント {font!r} はもう定義されています"},
    "data.font_file_outside": {
        "en": "font file {file!r} leaves the project's fonts/ folder",
        "ja": "フォントのファイル {file!r} が設計フォルダの fonts/ の外を指しています"},
    "data.duplicate_ruling_id": {
        "en": "duplicate ruling id {id!r}",
        "ja": "裁定の id {id!r} が重複しています"},
    "data.two_sided_needs_back": {
        "en": "card {id!r} of a two_sided deck needs back: (the content of its other side)",
        "ja": "two_sided のデッキのカード {id!r} には back:（もう一方の面の内容）が要ります"},
    "data.icc_outside": {
        "en": "profile path {file!r} leaves the game's folder",
        "ja": "プロファイルのパス {file!r} がゲームのフォルダの外を指しています"},
    "data.image_outside": {
        "en": "image path {image!r} leaves the game's folder",
        "ja": "画像のパス {image!r} がゲームのフォルダの外を指しています"},
    "data.game_id_folder": {
        "en": "game id {id!r} must equal its folder name {folder!r}",
        "ja": "ゲームの id {id!r} はフォルダ名 {folder!r} と同じにしてください"},
    "data.players_order": {
        "en": "players [min, max] has min {lo} > max {hi}",
        "ja": "players [最少, 最多] の最少 {lo} が最多 {hi} より大きくなっています"},
    "data.duplicate_component_id": {
        "en": "duplicate component id {id!r}",
        "ja": "部品の id {id!r} が重複しています"},
    "layout.region_needs_kind": {
        "en": "region needs a kind",
        "ja": "領域には kind が要ります"},
    "layout.region_needs": {
        "en": "region needs {keys:list}",
        "ja": "領域には {keys:list} が要ります"},
    "layout.text_region_needs_field": {
        "en": "text region needs field or text",
        "ja": "文字の領域には field か text が要ります"},
    "layout.unknown_field": {
        "en": "unknown field {field!r} (use {known:list}, fields.NAME or rules.NAME){hint}",
        "ja": "欄 {field!r} はありません（{known:list}、fields.名前、rules.名前 のどれか）{hint}"},
    # — card and rulebook markup —
    "markup.unknown_colour": {
        "en": "unknown colour [{colour}] (colours: {colours:list}, or #rrggbb; write \\[ for a bracket){hint}",
        "ja": "色 [{colour}] はありません（色：{colours:list}、または #rrggbb。かっこそのものは \\[ と書きます）{hint}"},
    "markup.icon_not_here": {
        "en": "icon :{icon}: is not available here (write \\: for a colon)",
        "ja": "アイコン :{icon}: はここでは使えません（コロンそのものは \\: と書きます）"},
    "markup.unknown_icon": {
        "en": "unknown icon :{icon}: (icons: {icons}; write \\: for a colon){hint}",
        "ja": "アイコン :{icon}: はありません（アイコン：{icons}。コロンそのものは \\: と書きます）{hint}"},
    "markup.ruby_not_closed": {
        "en": "{{ starts ruby {{漢字|かんじ}} but is not closed (write \\{{ for a brace)",
        "ja": "{{ でルビ {{漢字|かんじ}} が始まっていますが、閉じていません（波かっこそのものは \\{{ と書きます）"},
    "markup.ruby_needs_both": {
        "en": "ruby needs a base and a reading: {{漢字|かんじ}}",
        "ja": "ルビには親文字と読みの両方が要ります：{{漢字|かんじ}}"},
    "markup.ruby_line_break": {
        "en": "ruby may not hold a line break",
        "ja": "ルビの中では改行できません"},
    "markup.embed_not_closed": {
        "en": "{{{{ is not closed by }}}}",
        "ja": "{{{{ が }}}} で閉じていません"},
    "markup.no_line_break": {
        "en": "a line break is not available here",
        "ja": "ここでは改行できません"},
    # — spreadsheets —
    "sheet.not_found": {
        "en": "spreadsheet {source!r} not found{hint}",
        "ja": "表のファイル {source!r} がありません{hint}"},
    "sheet.empty": {
        "en": "the sheet is empty (expected a header row and one row a card)",
        "ja": "シートが空です（見出しの行と、カード1枚につき1行が要ります）"},
    "sheet.unknown_column": {
        "en": "unknown column {column!r} (columns: {columns}; a header starting with # is a note and is skipped)"
              "{hint}",
        "ja": "不明な列 {column!r}（列：{columns}。# で始まる見出しはメモとして読み飛ばします）{hint}"},
    "sheet.formula_unsaved": {
        "en": "a formula without a saved result (={formula}): open the file in Excel and save it, or type the value",
        "ja": "計算結果が保存されていない数式です（={formula}）：Excel で開いて保存し直すか、値を直接書いてください"},
    "sheet.cell_error": {
        "en": "the cell shows the error {error}: correct the formula or the value",
        "ja": "セルがエラー {error} を表示しています：数式か値を直してください"},
    "sheet.expected_boolean": {
        "en": "expected true or false, got {value!r}",
        "ja": "true か false を書くところに {value!r} があります"},
    "sheet.column_twice": {
        "en": "column {column!r} appears twice",
        "ja": "列 {column!r} が2回あります"},
    "sheet.rules_both": {
        "en": "use either a rules column (a JSON object) or rules.NAME columns, not both",
        "ja": "rules の列（JSON のオブジェクト）か rules.名前 の列の、どちらか一方にしてください"},
    "sheet.value_without_header": {
        "en": "a value in a column without a header",
        "ja": "見出しのない列に値があります"},
    "sheet.no_id_column": {
        "en": "the header row has no id column",
        "ja": "見出しの行に id の列がありません"},
    "sheet.json_object_broken": {
        "en": "expected a JSON object, {why}",
        "ja": "JSON のオブジェクトとして読めません（{why}）"},
    "sheet.json_object": {
        "en": "expected a JSON object {{…}}",
        "ja": "JSON のオブジェクト {{…}} を書いてください"},
    "sheet.json_quotations": {
        "en": "expected a JSON list of quotations, {why}",
        "ja": "引用の JSON のリストとして読めません（{why}）"},
    "sheet.no_cards": {
        "en": "no cards below the header row",
        "ja": "見出しの行の下にカードがありません"},
    "sheet.outside": {
        "en": "spreadsheet path {source!r} leaves the game's folder",
        "ja": "表のファイルのパス {source!r} がゲームのフォルダの外を指しています"},
    "sheet.unknown_encoding": {
        "en": "unknown encoding {encoding!r} (e.g. utf-8, cp932)",
        "ja": "文字コード {encoding!r} は使えません（utf-8、cp932 など）"},
    "units.length": {
        "en": "expected a length with a unit (mm, pt, in), got {value!r}",
        "ja": "単位のついた長さ（mm、pt、in）を書くところに {value!r} があります"},
    "units.extent": {
        "en": "expected a length (63mm, 10pt, 1in) or a share of the trim (10%, 100% - 14mm, 17mm + 42%), got {value!r}",
        "ja": "長さ（63mm、10pt、1in）か仕上がりに対する割合（10%、100% - 14mm、17mm + 42%）を書くところに "
              "{value!r} があります"},
    "sheet.card_needs_id": {
        "en": "every card needs an id",
        "ja": "どのカードにも id が要ります"},
    # — layout: fonts and fitting —
    "layout.glyph_missing": {
        "en": "character {chars} is not in font {font}",
        "ja": "文字 {chars} がフォント {font} にありません"},
    "layout.glyph_missing_cover": {
        "en": "character {chars} (cover) is not in font {font}",
        "ja": "文字 {chars}（表紙）がフォント {font} にありません"},
    "layout.fit_height": {
        "en": "text does not fit region {region!r}: needs {need} mm of height, has {have} mm at {size} pt{readings}",
        "ja": "文字が領域 {region!r} に収まりません：高さが {need} mm 要りますが、{size} pt で {have} mm しかありません"
              "{readings}"},
    "hint.fit_readings": {
        "en": " (of which {mm} mm for the readings over the lines)",
        "ja": "（うち {mm} mm は行の上のルビの分）"},
    "layout.fit_index": {
        "en": "text does not fit region {region!r}: it takes {lines} lines at {size} pt, the region is a corner "
              "index: one line (widen it, or lower its min_size)",
        "ja": "文字が領域 {region!r} に収まりません：{size} pt で {lines} 行になりますが、隅の数字は1行です"
              "（領域を広げるか、min_size を下げてください）"},
    "layout.fit_ruby_leading": {
        "en": "text does not fit region {region!r}: its readings need room between the lines that the region's "
              "height does not leave at {size} pt",
        "ja": "文字が領域 {region!r} に収まりません：{size} pt ではルビを置く行間が領域の高さに取れません"},
    "layout.fit_ruby_width": {
        "en": "text does not fit region {region!r}: with its reading {readings} a line needs {need} mm of width, the "
              "region has {have} mm at {size} pt ({missing} mm missing: widen the region or shorten the reading)",
        "ja": "文字が領域 {region!r} に収まりません：ルビ {readings} のある行に幅 {need} mm 要りますが、{size} pt で"
              "領域は {have} mm です（{missing} mm 足りません：領域を広げるか、ルビを短く）"},
    "layout.fit_width": {
        "en": "text does not fit region {region!r}: a line needs {need} mm of width, the region has {have} mm at "
              "{size} pt",
        "ja": "文字が領域 {region!r} に収まりません：1行に幅 {need} mm 要りますが、{size} pt で領域は {have} mm です"},
    "layout.fit_lines": {
        "en": "text does not fit region {region!r}: it takes {lines} lines at {size} pt, the region allows "
              "max_lines {max_lines}",
        "ja": "文字が領域 {region!r} に収まりません：{size} pt で {lines} 行になり、max_lines は {max_lines} です"},
    "layout.field_empty": {
        "en": "field {field!r} is empty but region {region!r} needs it",
        "ja": "欄 {field!r} が空ですが、領域 {region!r} に必要です"},
    "layout.field_empty_everywhere": {
        "en": "field {field!r} is empty on every card of {deck} ({cards}), but region {region!r} needs it: give the "
              "cards that field, or the region optional: true{hint}",
        "ja": "欄 {field!r} は {deck}（{cards}）のどのカードでも空ですが、領域 {region!r} に必要です："
              "カードにその欄を書くか、領域を optional: true に{hint}"},
    "layout.turned_copy": {"en": "its turned copy", "ja": "回した複製"},
    "layout.copy_suffix": {"en": " ({what})", "ja": "（{what}）"},
    "layout.copy_at": {"en": "{what}, {at}", "ja": "{what}、{at}"},
    "layout.overlap": {
        "en": "{here_kind} region {here!r}{h_copy} overlaps {there_kind} region {there!r} ({there_at}) on the {card} "
              "card by {dx}×{dy} mm: {here!r}{h_copy} can print at {here_span}, {there!r}{t_copy} at {there_span} "
              "(measured from the trim's top-left corner){said}; move or shrink one, or give the one meant to lie "
              "over the other overlap: true{image}",
        "ja": "{here_kind} の領域 {here!r}{h_copy} が {there_kind} の領域 {there!r}（{there_at}）と {card} のカードの上で "
              "{dx}×{dy} mm 重なっています：{here!r}{h_copy} は {here_span}、{there!r}{t_copy} は {there_span} に"
              "刷られることがあります（仕上がりの左上の角から測って）{said}。どちらかを動かすか縮めるか、"
              "上に重ねるほうに overlap: true を付けてください{image}"},
    "layout.overlap_image": {
        "en": " (or, over an image, a higher z:)",
        "ja": "（画像の上なら z: を大きくしても構いません）"},
    "layout.overlap_inherited": {
        "en": " (both regions are inherited: written at {here} and {there})",
        "ja": "（どちらの領域も継承したもの：{here} と {there} に書いてあります）"},
    "layout.overlap_card": {
        "en": "; card {card!r} of deck {deck!r} prints both",
        "ja": "。デッキ {deck!r} のカード {card!r} が両方を刷ります"},
    "layout.overlap_backs": {
        "en": "; the backs of deck {deck!r} print both",
        "ja": "。デッキ {deck!r} の裏面が両方を刷ります"},
    "layout.overlap_on_background": {
        "en": "overlap: on a {kind} region says nothing: {kind}s are what content sits on, never checked for "
              "overlaps (remove it)",
        "ja": "{kind} の領域の overlap: には意味がありません：{kind} は内容を載せる下地で、重なりを確かめません（消してください）"},
    "layout.overlap_unknown": {
        "en": "overlap: names {other!r}, which is not another region of the {side} (regions: {regions:list}){hint}",
        "ja": "overlap: の {other!r} は {side} のほかの領域ではありません（領域：{regions:list}）{hint}"},
    "layout.area_safe": {"en": "the safe area ({mm} mm inside the trim)", "ja": "安全域（仕上がりの {mm} mm 内側）"},
    "layout.area_bleed": {"en": "the bleed ({mm} mm outside the trim)", "ja": "塗り足し（仕上がりの {mm} mm 外側）"},
    "layout.area_trim": {"en": "the trim", "ja": "仕上がり"},
    "layout.region_outside": {
        "en": "region {region!r} of layout {layout!r} ({kind}, {w}×{h} mm at x {x}, y {y} mm from the trim's "
              "top-left corner) leaves {area} of the {card} card",
        "ja": "テンプレート {layout!r} の領域 {region!r}（{kind}、{w}×{h} mm、仕上がりの左上の角から x {x}、y {y} mm）が "
              "{card} のカードの{area}からはみ出しています"},
    "data.one_rulings_file": {
        "en": "a game has one rulings file",
        "ja": "裁定のファイルはゲームに1つだけです"},
    "data.front_needs_two_sided": {
        "en": "front: belongs to a deck with two_sided: true",
        "ja": "front: は two_sided: true のデッキで使います"},
    "layout.card_off_paper": {
        "en": "a {size} mm card does not fit on {paper} paper inside {margin} mm margins, upright or turned "
              "(room {room} mm)",
        "ja": "{size} mm のカードが {paper} の用紙の余白 {margin} mm の内側に、縦でも横でも収まりません"
              "（使える広さ {room} mm）"},
    # — parts —
    "parts.unknown_area": {
        "en": "unknown area {area!r}{hint}",
        "ja": "エリア {area!r} はありません{hint}"},
    "parts.area_to_itself": {
        "en": "an area cannot connect to itself",
        "ja": "エリアを自分自身にはつなげません"},
    "parts.duplicate_area_id": {
        "en": "duplicate area id {id!r}",
        "ja": "エリアの id {id!r} が重複しています"},
    "parts.board_needs_area": {
        "en": "a board needs at least one area",
        "ja": "ボードには少なくとも1つのエリアが要ります"},
    "parts.piece_number_twice": {
        "en": "piece number {number} is used twice",
        "ja": "駒の番号 {number} が2回使われています"},
    "parts.die_ids_differ": {
        "en": "die ids must differ",
        "ja": "ダイスの id はそれぞれ別にしてください"},
    "parts.count_or_copies": {
        "en": "give either count or copies, not both",
        "ja": "count か copies のどちらか一方にしてください"},
    # — pnp watch and its page —
    "word.nothing": {"en": "nothing", "ja": "なし"},
    "watch.sheets_ready": {
        "en": "  sheets of {game} ready in {seconds} s: {files}",
        "ja": "  {game} のシートを {seconds} 秒で用意：{files}"},
    "watch.problems": {
        "en": "{n} problem(s): the last good files stay; fix and save to build again",
        "ja": "問題 {n} 件：前回の正しいファイルはそのままです。直して保存すると、もう一度ビルドします"},
    "watch.fix_and_save": {
        "en": "the last good files stay; fix and save to build again",
        "ja": "前回の正しいファイルはそのままです。直して保存すると、もう一度ビルドします"},
    "watch.build_stopped": {
        "en": "the build stopped: {error}",
        "ja": "ビルドが止まりました：{error}"},
    "watch.save_again": {
        "en": "the last good files stay; save again to build again",
        "ja": "前回の正しいファイルはそのままです。もう一度保存すると、もう一度ビルドします"},
    "watch.drew": {
        "en": "  drew {file} ({pages} page)",
        "ja": "  {file} を描きました（{pages}ページ）"},
    "watch.drew_pages": {
        "en": "  drew {file} ({pages} pages)",
        "ja": "  {file} を描きました（{pages}ページ）"},
    "watch.built": {
        "en": "built {games} in {seconds} s: {drawn} file(s) drawn, {kept} unchanged",
        "ja": "{games} を {seconds} 秒でビルド：{drawn} ファイルを描き、{kept} ファイルは変わらず"},
    "watch.preview": {
        "en": "  preview {file}",
        "ja": "  一覧画像 {file}"},
    "watch.watching": {
        "en": "watching {folders} (every {interval} s; Ctrl+C stops)",
        "ja": "{folders} を見張っています（{interval} 秒ごと。Ctrl+C で止まります）"},
    "watch.changed": {"en": "changed: {file}", "ja": "変更：{file}"},
    "watch.added": {"en": "added: {file}", "ja": "追加：{file}"},
    "watch.removed": {"en": "removed: {file}", "ja": "削除：{file}"},
    "watch.stopped": {"en": "stopped", "ja": "止めました"},
    "serve.building": {"en": "building…", "ja": "ビルド中…"},
    "serve.problems": {
        "en": "{n} problem(s): the last good files stay",
        "ja": "問題 {n} 件：前回の正しいファイルはそのままです"},
    "serve.problems_heading": {"en": "Problems in the data", "ja": "データの問題"},
    "serve.built": {
        "en": "built {games} in {seconds} s ({time})",
        "ja": "{games} を {seconds} 秒でビルド（{time}）"},
    "serve.error": {"en": "serve: {error}", "ja": "表示用のサーバー：{error}"},
    "serve.serving": {
        "en": "serving {url} (this computer only)",
        "ja": "{url} で表示しています（このコンピュータからだけ）"},
    # — PDFs read back (preflight, --check-print) —
    "pdf.no_such_file": {"en": "no such file{hint}", "ja": "ファイルがありません{hint}"},
    "pdf.not_a_pdf": {
        "en": "not a PDF (the file does not start with %PDF-)",
        "ja": "PDF ではありません（ファイルが %PDF- で始まりません）"},
    "pdf.encrypted": {
        "en": "encrypted (a print shop cannot open it either; save it without a password)",
        "ja": "暗号化されています（印刷所でも開けません。パスワードなしで保存してください）"},
    "pdf.damaged": {"en": "a damaged PDF ({why})", "ja": "壊れた PDF です（{why}）"},
    "pdf.too_large": {"en": "too large to check: {why}", "ja": "大きすぎて確かめられません：{why}"},
    "pdf.cannot_read": {"en": "cannot read ({why})", "ja": "読めません（{why}）"},
    "preflight.no_shop": {
        "en": "game {game!r} names no print shop (add print: {{shop: {{base: jp-card, safe_mm: 5}}}}, or use --shop "
              "{shops})",
        "ja": "ゲーム {game!r} は印刷所を指定していません（print: {{shop: {{base: jp-card, safe_mm: 5}}}} を足すか、"
              "--shop {shops} を使ってください）"},
    "preflight.unknown_shop": {
        "en": "unknown shop profile {shop!r} (built in: {shops}{games}){hint}",
        "ja": "印刷所のプロファイル {shop!r} はありません（組み込み：{shops}{games}）{hint}"},
    "preflight.shop_games": {"en": "; games: {games}", "ja": "。ゲーム：{games}"},
    # — the command line —
    "cli.gutter": {
        "en": "expected a gap between 0 and {most} mm, got {value!r}",
        "ja": "隙間は 0〜{most} mm で書いてください（{value!r} です）"},
    "cli.source_date_epoch": {
        "en": "SOURCE_DATE_EPOCH must be a whole number of seconds since 1970-01-01, got {value!r}",
        "ja": "SOURCE_DATE_EPOCH は 1970-01-01 からの秒数（整数）にしてください（{value!r} です）"},
    "cli.back_offset_form": {
        "en": "expected DX,DY in mm, got {value!r}",
        "ja": "DX,DY を mm で書いてください（{value!r} です）"},
    "cli.back_offset_range": {
        "en": "each of DX,DY must be between -{most} and {most} mm, got {value!r}",
        "ja": "DX,DY はどちらも -{most}〜{most} mm にしてください（{value!r} です）"},
    "cli.jobs_over_cores": {
        "en": "{value} is more than the {cores} CPU cores of this machine (add --force-jobs to start that many "
              "worker processes anyway)",
        "ja": "{value} はこのコンピュータの CPU コア数 {cores} より多いです（それでもその数のプロセスを立てるなら "
              "--force-jobs を）"},
    "cli.jobs_and_executor": {
        "en": "--jobs {jobs} and --executor {executor}: the cluster's workers decide how many games run at once; "
              "give one of the two",
        "ja": "--jobs {jobs} と --executor {executor}：同時に遊ぶゲームの数はクラスタのワーカーが決めます。"
              "どちらか一方にしてください"},
    "cli.no_policy": {
        "en": "{value!r} names no policy (e.g. random, heuristic, random,heuristic)",
        "ja": "{value!r} には方針の名前がありません（例：random, heuristic, random,heuristic）"},
    "os.failed": {
        "en": "{file}: {why:oserror}",
        "ja": "{file}: 読み書きできません（{why:oserror}）"},
    "new.game_id_chars": {
        "en": "game id {game!r}: use lower-case ASCII letters, digits, - and _ (a name, not a path)",
        "ja": "ゲームの id {game!r}：半角の小文字・数字・-・_ だけで書いてください（パスではなく名前）"},
    "new.game_id_long": {
        "en": "game id {game!r}: {n} characters; at most {most}",
        "ja": "ゲームの id {game!r}：{n} 文字あります。{most} 文字までです"},
    "new.game_id_windows": {
        "en": "game id {game!r}: Windows cannot hold a folder of that name; choose another",
        "ja": "ゲームの id {game!r}：Windows ではこの名前のフォルダを作れません。別の名前にしてください"},
    "new.exists": {
        "en": "{folder} already exists",
        "ja": "{folder} はもうあります"},
    # — build and its notices —
    "build.kept": {
        "en": "{drawn} files drawn, {kept} unchanged (kept from the last build; --clean draws all)",
        "ja": "{drawn} ファイルを描き、{kept} ファイルは変わらず（前回のビルドのまま。--clean ですべて描き直します）"},
    "build.check_print_nothing": {
        "en": "check-print: nothing read back (--rulebook-only draws no card or part PDF)",
        "ja": "check-print：読み直したものはありません（--rulebook-only はカード・パーツの PDF を描きません）"},
    "build.check_print_read": {
        "en": "check-print: {read} files read back, {reused} verdicts reused (made on the same bytes by this pnp); "
              "card and part PDFs only — the rulebook, PNG and TTS images are not read",
        "ja": "check-print：{read} ファイルを読み直し、{reused} 件は判定を使い回しました（同じバイトにこの pnp が"
              "出した判定）。読むのはカード・パーツの PDF だけで、ルールブック・PNG・TTS の画像は読みません"},
    "export.how_to_read": {
        "en": "to read the cards from it, write  cards: {{from: {file}}}  in the deck's YAML",
        "ja": "このファイルからカードを読むには、デッキの YAML に  cards: {{from: {file}}}  と書いてください"},
    "notice.damaged_manifest": {
        "en": "damaged manifest ({why}): ignored; every output is drawn again",
        "ja": "manifest が壊れています（{why}）：使わずに、すべての出力を描き直します"},
    "notice.damaged_hash_cache": {
        "en": "damaged file-hash cache ({why}): ignored; the files are hashed again",
        "ja": "ファイルのハッシュの記録が壊れています（{why}）：使わずに、ハッシュを取り直します"},
    "notice.stale_output_removed": {
        "en": "removed (the last build wrote it; this one does not)",
        "ja": "削除しました（前回のビルドが書き、今回は書かないファイル）"},
    # — validate —
    "validate.rulebook_count": {
        "en": "count: the rulebook states {stated} for {name!r}, the data makes {made} ({where}){also}",
        "ja": "count: ルールブックには {name!r} が {stated} とありますが、データでは {made} です（{where}）{also}"},
    "validate.game_yaml_count_wrong_too": {
        "en": "; game.yaml's count {count} is wrong too (the data row says where)",
        "ja": "。game.yaml の count {count} も違います（データの行が場所を示します）"},
    "validate.game_yaml_count_agrees": {
        "en": "; so does game.yaml's count, which is wrong (the data row says where)",
        "ja": "。game.yaml の count も同じく違います（データの行が場所を示します）"},
    "validate.score_track_short": {
        "en": "{game}: score track {track}: only {share}% of sample games end with every score on it "
              "(at least {needed}% needed); highest score {highest}{source}",
        "ja": "{game}: 得点トラック {track}：全員の得点が収まったサンプルゲームは {share}% だけです"
              "（{needed}% 以上が必要）。最高得点 {highest}{source}"},
    "validate.score_track_source": {
        "en": "; the range is {source}",
        "ja": "。範囲は {source}"},
}


def _merged(table: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    """The table above with every ``TEXTS`` of the modules in :mod:`pnp.catalogue` (one module per area,
    so that areas add their codes without touching this file), in module-name order; a code defined twice
    is a programming error."""
    import importlib
    import pkgutil

    from pnp import catalogue
    for info in sorted(pkgutil.iter_modules(catalogue.__path__), key=lambda m: m.name):
        texts: dict[str, dict[str, str]] = importlib.import_module(f"pnp.catalogue.{info.name}").TEXTS
        twice = sorted(set(texts) & set(table))
        if twice:
            raise RuntimeError(f"message codes defined twice (pnp.catalogue.{info.name}): {twice}")
        table.update(texts)
    return table


CATALOGUE = _merged(CATALOGUE)


class Msg(str):
    """A message by code: the text in the language current when it was made, with its code and
    parameters kept.  Pickled by code and parameters (a build worker sends its problems to the parent;
    a parsed file is kept pickled), so it is rendered again in the language of whoever reads it."""

    code: str
    params: dict[str, Any]

    def __new__(cls, code: str, /, **params: Any) -> Msg:
        self = super().__new__(cls, render(code, params, lang()))
        self.code = code
        self.params = params
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_remade, (self.code, self.params))

    def render(self, language: str) -> str:
        return render(self.code, self.params, language)

    def as_json(self) -> dict[str, Any]:
        """The code, the parameters (as text where they are not plain JSON values) and the text."""
        def plain(v: Any) -> Any:
            if isinstance(v, Msg):
                return str(v)
            if isinstance(v, (str, int, float, bool)) or v is None:
                return v
            if isinstance(v, (list, tuple)):
                return [plain(x) for x in v]
            return str(v)
        return {"code": self.code, "params": {k: plain(v) for k, v in self.params.items()}, "text": str(self)}


def _remade(code: str, params: dict[str, Any]) -> Msg:
    return Msg(code, **params)


def render(code: str, params: Mapping[str, Any], language: str) -> str:
    templates = CATALOGUE[code]
    return _Formatter(language).vformat(templates.get(language) or templates["en"], (), params)


def msg(code: str, /, **params: Any) -> Msg:
    """The message ``code`` with its parameters, in the current language."""
    return Msg(code, **params)


def message_json(text: str) -> dict[str, Any]:
    """What JSON carries for a message: its code, parameters and text when it has a code, else its text."""
    return text.as_json() if isinstance(text, Msg) else {"text": str(text)}


def did_you_mean(name: Any, candidates: Iterable[Any]) -> Msg | str:
    """The hint `` (did you mean 'x'?)`` naming the candidate closest to name, or "" when none is close
    (difflib's ratio of at least 0.6; a name differing only in case is always close)."""
    if not isinstance(name, str) or not name:
        return ""
    pool = sorted({c for c in candidates if isinstance(c, str) and c and c != name})
    same_case = [c for c in pool if c.casefold() == name.casefold()]
    if same_case:
        return Msg("hint.did_you_mean", name=same_case[0])
    matcher = difflib.SequenceMatcher(b=name, autojunk=False)
    best, best_ratio = "", 0.6 - 1e-9
    for candidate in pool:          # sorted: of equally close names, the first in order is named
        matcher.set_seq1(candidate)
        if matcher.real_quick_ratio() > best_ratio and matcher.quick_ratio() > best_ratio:
            ratio = matcher.ratio()
            if ratio > best_ratio:
                best, best_ratio = candidate, ratio
    return Msg("hint.did_you_mean", name=best) if best else ""


MAX_FILES_COMPARED = 5000      # a folder with more files is compared by its first ones (sorted walk)


def did_you_mean_file(folder: Path, rel: str) -> Msg | str:
    """The hint naming the file under folder whose path (as written, relative to folder) is closest to
    rel: the files beside where rel points first, then the whole folder; "" when none is close."""
    if not isinstance(rel, str) or not rel:
        return ""
    try:
        base = folder.resolve()
        near = (base / rel).parent
        names: list[str] = []
        if near.is_dir() and near.resolve().is_relative_to(base):
            names = [(near / p.name).relative_to(base).as_posix() if near != base else p.name
                     for p in sorted(near.iterdir()) if p.is_file()]
        hint = did_you_mean(rel, names)
        if hint:
            return hint
        everything: list[str] = []
        for p in sorted(base.rglob("*")):
            if p.is_file():
                everything.append(p.relative_to(base).as_posix())
                if len(everything) >= MAX_FILES_COMPARED:
                    break
        return did_you_mean(rel, everything)
    except OSError:
        return ""


def template_fields(template: str) -> set[str]:
    """The parameters a template names (``{image!r}`` → image)."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template) if name}

"""click's own words (usage errors, help headings) in Japanese when pnp speaks Japanese.

click words its messages through gettext with its English texts as message ids, and documents that
an application may translate them.  pnp has no gettext catalogue (pnp.messages says why), so this
table maps those ids — click's stable interface, not pnp's wording — to Japanese, and :func:`install`
hands click a ``gettext``/``ngettext`` that consults it while the chosen language is Japanese
(pnp.messages.lang).  An id missing here stays click's English."""
from __future__ import annotations

import gettext
import importlib

from ..messages import lang

CLICK_JA: dict[str, str] = {
    "Usage:": "使い方:",
    "Options": "オプション",
    "Commands": "コマンド",
    "Positional arguments": "引数",
    "Show this message and exit.": "このヘルプを表示して終了します。",
    "Show the version and exit.": "版を表示して終了します。",
    "%(prog)s, version %(version)s": "%(prog)s 版 %(version)s",
    "Error: {message}": "エラー: {message}",
    "Try '{command} {option}' for help.": "'{command} {option}' でヘルプを表示します。",
    "Invalid value: {message}": "値が正しくありません: {message}",
    "Invalid value for {param_hint}: {message}": "{param_hint} の値が正しくありません: {message}",
    "Missing argument": "引数がありません",
    "Missing option": "オプションがありません",
    "Missing parameter": "値がありません",
    "Missing parameter: {param_name}": "値がありません: {param_name}",
    "Missing {param_type}": "{param_type} がありません",
    "Missing command.": "コマンドがありません。",
    "No such command {name!r}.": "コマンド {name!r} はありません。",
    "No such option {name!r}.": "オプション {name!r} はありません。",
    "Option {name!r} does not take a value.": "オプション {name!r} は値を取りません。",
    "Did you mean {possibility}?": "{possibility} のことですか？",
    "(Did you mean one of: {possibilities}?)": "（{possibilities} のどれかのことですか？）",
    "Got unexpected extra argument ({args})": "余分な引数があります（{args}）",
    "Got unexpected extra arguments ({args})": "余分な引数があります（{args}）",
    "Option {name!r} requires an argument.": "オプション {name!r} には値が要ります。",
    "Option {name!r} requires {nargs} arguments.": "オプション {name!r} には値が {nargs} 個要ります。",
    "{value!r} is not {choice}.": "{value!r} は使えません（{choice} だけ）。",
    "{value!r} is not one of {choices}.": "{value!r} は使えません（{choices} のどれか）。",
    "{value!r} is not a valid {number_type}.": "{value!r} は {number_type} ではありません。",
    "{value} is not in the range {range}.": "{value} は範囲 {range} の外です。",
    "{name} {filename!r} does not exist.": "{name} {filename!r} がありません。",
    "{name} {filename!r} is a directory.": "{name} {filename!r} はフォルダです。",
    "{name} {filename!r} is a file.": "{name} {filename!r} はファイルです。",
    "{name} {filename!r} is not readable.": "{name} {filename!r} は読めません。",
    "{name} {filename!r} is not writable.": "{name} {filename!r} には書けません。",
    "Could not open file {filename!r}: {message}": "ファイル {filename!r} を開けません: {message}",
    "Aborted!": "中止しました。",
    "default: {default}": "既定: {default}",
    "integer": "整数",
    "float": "数",
    "file": "ファイル",
    "directory": "フォルダ",
    "path": "パス",
    "argument": "引数",
    "option": "オプション",
    "parameter": "値",
}

_MODULES = ("click.core", "click.exceptions", "click.parser", "click.types", "click.decorators",
            "click.formatting", "click.termui", "click.utils")


def _text(message: str) -> str:
    if lang() == "ja":
        return CLICK_JA.get(message, message)
    return gettext.gettext(message)


def _ntext(singular: str, plural: str, n: int) -> str:
    if lang() == "ja":
        chosen = singular if n == 1 else plural
        return CLICK_JA.get(chosen, chosen)
    return gettext.ngettext(singular, plural, n)


def install() -> None:
    """click's modules look their words up through this table (once per process; idempotent)."""
    for name in _MODULES:
        module = importlib.import_module(name)
        if hasattr(module, "_"):
            module._ = _text            # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = _ntext    # type: ignore[attr-defined]

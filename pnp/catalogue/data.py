"""Messages of reading the designer's data (pnp.data: YAML files, spreadsheets, number formats, the
project folder, exporting a deck): code → {"en": …, "ja": …}."""
from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    # — reading a data file (pnp.data.yamlsource) —
    "data.cannot_read": {
        "en": "cannot read: {why:oserror}",
        "ja": "読めません：{why:oserror}"},
    "data.not_regular_file": {
        "en": "not a regular file (a device, pipe or folder): refused",
        "ja": "通常のファイルではありません（デバイス、パイプ、フォルダ）。読みません"},
    "data.file_too_big": {
        "en": "file is {size:,} bytes; the limit is {most:,}: refused",
        "ja": "ファイルが {size:,} バイトあります。上限は {most:,} バイトです。読みません"},
    "data.file_grew": {
        "en": "file is larger than {most:,} bytes: refused",
        "ja": "ファイルが {most:,} バイトを超えています。読みません"},
    "data.not_utf8": {
        "en": "not UTF-8 text: byte 0x{byte:02x} cannot be decoded (save the file as UTF-8)",
        "ja": "UTF-8 のテキストではありません：バイト 0x{byte:02x} を読めません（ファイルを UTF-8 で保存してください）"},
    "data.nul_character": {
        "en": "NUL character (U+0000) in the text: remove it",
        "ja": "テキストに NUL 文字（U+0000）があります。取り除いてください"},
    "data.noncharacter": {
        "en": "U+{code:04X} is a noncharacter (never text: Unicode keeps it for programs' own use): remove it",
        "ja": "U+{code:04X} は非文字です（文字ではなく、Unicode がプログラムの内部用に取っておくもの）。取り除いてください"},
    "data.yaml_too_many_nodes": {
        "en": "more than {most:,} values in one file: refused (split the data into several files)",
        "ja": "1つのファイルに値が {most:,} 個を超えています。読みません（データをいくつかのファイルに分けてください）"},
    "data.yaml_too_deep": {
        "en": "lists and mappings nested more than {most} deep: refused",
        "ja": "リストとマッピングの入れ子が {most} 段を超えています。読みません"},
    "data.yaml_too_many_aliases": {
        "en": "more than {most} aliases: refused",
        "ja": "エイリアス（*）が {most} 個を超えています。読みません"},
    "data.yaml_too_many_values": {
        "en": "more than {most} values after expanding aliases: refused",
        "ja": "エイリアスを展開すると値が {most} 個を超えます。読みません"},
    "data.yaml_nested_too_deep": {
        "en": "nested too deep: refused",
        "ja": "入れ子が深すぎます。読みません"},
    # — the project and its games (pnp.data.project) —
    "data.no_components": {
        "en": "no components/ folder here (use --project DIR, or `pnp new GAME`)",
        "ja": "ここに components/ フォルダがありません（--project DIR を指定するか、`pnp new GAME` で作ってください）"},
    "data.game_not_loaded": {
        "en": "not loaded",
        "ja": "読み込めませんでした"},
    # — spreadsheets (pnp.data.sheets) —
    "data.sheet_too_many_columns": {
        "en": "more than {most} columns: refused",
        "ja": "列が {most} を超えています。読みません"},
    "data.cell_too_long": {
        "en": "more than {most:,} characters: refused",
        "ja": "{most:,} 文字を超えています。読みません"},
    "data.xml_too_many_elements": {
        "en": "more than {most:,} XML elements: refused",
        "ja": "XML の要素が {most:,} 個を超えています。読みません"},
    "data.xml_too_deep": {
        "en": "XML elements nested more than {most} deep: refused",
        "ja": "XML の要素の入れ子が {most} 段を超えています。読みません"},
    "data.xml_text_too_long": {
        "en": "a text of more than {most:,} characters: refused",
        "ja": "{most:,} 文字を超えるテキストがあります。読みません"},
    "data.xml_dtd": {
        "en": "declares a DTD or entities: refused",
        "ja": "が DTD か実体を宣言しています。読みません"},
    "data.zip_too_big": {
        "en": "unpacks to more than {most:,} bytes: refused",
        "ja": "を展開すると {most:,} バイトを超えます。読みません"},
    "data.number_format_unsupported": {
        "en": "number format {code!r} ({why}) is not one pnp can show as the sheet does: type the value as text, "
              "or use another format",
        "ja": "表示形式 {code!r}（{why}）は、pnp ではシートと同じには表示できません。値を文字列として入力するか、"
              "別の表示形式にしてください"},
    # — number formats (pnp.data.numformat): what in a format pnp cannot show —
    "data.format_unclosed_bracket": {"en": "an unclosed [", "ja": "閉じていない「[」"},
    "data.format_scientific": {"en": "scientific notation", "ja": "指数表記"},
    "data.format_era": {"en": "a Japanese era or Buddhist year", "ja": "和暦または仏暦"},
    "data.format_text_in_digits": {"en": "text between the digits", "ja": "数字の間の文字"},
    "data.format_date_range": {"en": "a date outside the years 1900 to 9999", "ja": "1900〜9999 年の範囲外の日付"},
    "data.format_fractions_of_second": {"en": "fractions of a second", "ja": "秒の小数"},
    # — exporting a deck (pnp.data.export) —
    "data.deck_file_not_found": {
        "en": "the file of deck {deck!r} was not found",
        "ja": "デッキ {deck!r} のファイルが見つかりません"},
    "data.export_exists": {
        "en": "already exists (use --force to replace it)",
        "ja": "すでにあります（置き換えるには --force を付けてください）"},
}

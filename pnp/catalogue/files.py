"""Messages of reading and writing files (pnp.files, pnp.outputs: the output folder and its manifest):
code → {"en": …, "ja": …}."""
from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    # — what a path is when it is not a regular file (pnp.files.what_is) —
    "files.kind_link": {"en": "a symbolic link", "ja": "シンボリックリンク"},
    "files.kind_folder": {"en": "a folder", "ja": "フォルダ"},
    "files.kind_pipe": {"en": "a pipe (FIFO)", "ja": "パイプ（FIFO）"},
    "files.kind_device": {"en": "a device", "ja": "デバイス"},
    "files.kind_socket": {"en": "a socket", "ja": "ソケット"},
    "files.kind_other": {"en": "not a regular file", "ja": "通常のファイルではないもの"},
    # — reading a bounded file (pnp.files.read_limited) —
    "files.not_regular": {
        "en": "{kind}, not a regular file: refused",
        "ja": "{kind}で、通常のファイルではありません。読みません"},
    "files.too_big": {
        "en": "{size:,} bytes; the limit is {most:,}: refused",
        "ja": "{size:,} バイトあります。上限は {most:,} バイトです。読みません"},
    "files.grew": {
        "en": "larger than {most:,} bytes: refused",
        "ja": "{most:,} バイトを超えています。読みません"},
    # — writing a file (pnp.files) —
    "files.cannot_write": {
        "en": "cannot write: {why:oserror}",
        "ja": "書き込めません：{why:oserror}"},
    "files.not_regular_output": {
        "en": "{kind}, not a regular file: refused (pnp writes only where nothing is, or over a file it may replace)",
        "ja": "{kind}で、通常のファイルではありません。書き込みません（pnp が書くのは、何もない場所か、"
              "置き換えてよいファイルの上だけです）"},
    "files.not_a_folder": {
        "en": "{folder} is not a folder: cannot write there",
        "ja": "{folder} はフォルダではありません。そこには書き込めません"},
    "files.cannot_write_in": {
        "en": "cannot write in {folder}: {why:oserror}",
        "ja": "{folder} に書き込めません：{why:oserror}"},
    # — the output folder and its manifest (pnp.outputs) —
    "outputs.json_too_big": {
        "en": "larger than {most:,} bytes",
        "ja": "{most:,} バイトを超えています"},
    "outputs.manifest_not_regular": {
        "en": "{kind}, not the manifest pnp writes: refused (pnp would replace it; move it away or build into "
              "another --out)",
        "ja": "{kind}で、pnp が書くマニフェストではありません。置き換えません（pnp が上書きしてしまうので、"
              "移動するか、別の --out に出力してください）"},
    "outputs.manifest_foreign": {
        "en": "a manifest.json pnp did not write (no game, no files): refused (pnp would replace it; move it away "
              "or build into another --out)",
        "ja": "pnp が書いたものではない manifest.json です（game も files もありません）。置き換えません"
              "（pnp が上書きしてしまうので、移動するか、別の --out に出力してください）"},
    "outputs.manifest_other_game": {
        "en": "the manifest of the game {other!r}, not {game!r}: refused (build into another --out, or move the "
              "folder away)",
        "ja": "{game!r} ではなく、ゲーム {other!r} のマニフェストです。置き換えません（別の --out に出力するか、"
              "フォルダを移動してください）"},
    "outputs.step_move_aside": {"en": "cannot move the previous file aside", "ja": "前のファイルを退避できません"},
    "outputs.step_make_folder": {"en": "cannot make the folder", "ja": "フォルダを作れません"},
    "outputs.step_put_in_place": {"en": "cannot put the new file in place", "ja": "新しいファイルを置けません"},
    "outputs.step_failed": {
        "en": "{why:oserror}; the previous files are kept as they were",
        "ja": "{why:oserror}。前のファイルはそのまま残してあります"},
    "outputs.not_a_folder": {
        "en": "{kind} where pnp puts a folder: refused (move it away or build into another --out)",
        "ja": "pnp がフォルダを置く場所に{kind}があります。書き込みません（移動するか、別の --out に出力してください）"},
    "outputs.leaves_out": {
        "en": "leaves the output folder: refused",
        "ja": "出力フォルダの外に出ます。書き込みません"},
    "outputs.in_the_way": {
        "en": "a file pnp did not write (not in {manifest}) is in the way: refused (move it away or build into "
              "another --out)",
        "ja": "pnp が書いたものではないファイル（{manifest} にありません）が邪魔をしています。書き込みません"
              "（移動するか、別の --out に出力してください）"},
}

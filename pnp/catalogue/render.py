"""Messages of rendering (pnp.render, but for the shop and preflight modules): code → {"en": …, "ja": …}."""
from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    # — colour profiles (pnp.render.color) —
    "render.icc_unreadable": {
        "en": "cannot read the ICC profile ({why:oserror})",
        "ja": "ICC プロファイルを読めません（{why:oserror}）"},
    "render.icc_too_big": {
        "en": "the ICC profile is {why}",
        "ja": "ICC プロファイルが大きすぎます（{why}）"},
    "render.icc_not_icc": {
        "en": "not an ICC profile ({why})",
        "ja": "ICC プロファイルではありません（{why}）"},
    "render.icc_not_cmyk": {
        "en": "an ICC profile for {space}; a print shop needs a CMYK output profile",
        "ja": "{space} の ICC プロファイルです。印刷所には CMYK の出力プロファイルが要ります"},
    "render.icc_not_output": {
        "en": "a {kind!r} profile, not an output (printer) profile",
        "ja": "{kind!r} のプロファイルで、出力（プリンタ）のプロファイルではありません"},
    "render.icc_version": {
        "en": "an ICC v{version} profile; the shop files are PDF/X-1a:2001, which takes ICC v2 profiles only "
              "(use the shop's v2 profile: Adobe's JapanColor2011Coated.icc and ISO Coated v2 are v2)",
        "ja": "ICC v{version} のプロファイルです。入稿ファイルは PDF/X-1a:2001 で、ICC v2 のプロファイルしか使えません"
              "（印刷所の v2 のプロファイルを使ってください。Adobe の JapanColor2011Coated.icc や ISO Coated v2 は v2 です）"},
    "render.icc_other_condition": {
        "en": "the profile is {profile!r}, for {known}: its colours would print to {known}, not to {wanted!r} "
              "(name {known} or give the profile of {wanted})",
        "ja": "プロファイルは {profile!r} で {known} 用です：色は {wanted!r} ではなく {known} で刷られます"
              "（{known} を指定するか、{wanted} のプロファイルを渡してください）"},
    "render.ink_limit": {
        "en": "total ink limit {limit}%: expected 100–400 %",
        "ja": "総インキ量の上限 {limit}%：100〜400 % にしてください"},
    "render.icc_damaged": {
        "en": "a damaged ICC profile: its colour tables cannot be used ({why})",
        "ja": "壊れた ICC プロファイルです：色の表が使えません（{why}）"},
    # — outlining text, the PDF's bounds, PDF/X, reading a PDF back —
    "render.page": {"en": "page {number}", "ja": "{number} ページ目"},
    "render.font_tables": {
        "en": "the font program has no {tables:list} table (not TrueType outlines)",
        "ja": "フォントに {tables:list} の表がありません（TrueType のアウトラインではありません）"},
    "render.font_cmap": {
        "en": "the font's cmap has no byte-code table (format 0 or 6)",
        "ja": "フォントの cmap に1バイトの符号の表（format 0 か 6）がありません"},
    "render.glyph_nested": {
        "en": "composite glyphs nested past reason",
        "ja": "複合グリフの入れ子が深すぎます"},
    "render.glyph_points": {
        "en": "a composite placed by matching points (not supported)",
        "ja": "点の対応で置く複合グリフです（扱えません）"},
    "render.font_not_truetype": {
        "en": "font {font} is not an embedded simple TrueType font ({subtype}): its text cannot be outlined",
        "ja": "フォント {font} は埋め込まれた単純な TrueType フォントではありません（{subtype}）：文字をアウトライン化できません"},
    "render.text_no_font": {
        "en": "text shown with no font set",
        "ja": "フォントを決めずに文字を置いています"},
    "render.font_not_in_resources": {
        "en": "font {font} is not in the resources",
        "ja": "フォント {font} がリソースにありません"},
    "render.text_render_mode": {
        "en": "text render mode {mode} (only filled text can be outlined)",
        "ja": "文字の描画モードが {mode} です（アウトライン化できるのは塗りの文字だけです）"},
    "render.pdf_bytes": {
        "en": "{size} bytes; the limit is {most}",
        "ja": "{size} バイトあります。上限は {most} バイトです"},
    "render.pdf_objects": {
        "en": "{objects} objects; the limit is {most}",
        "ja": "オブジェクトが {objects} 個あります。上限は {most} 個です"},
    "render.pdf_pages": {
        "en": "{pages} pages; the limit is {most}",
        "ja": "{pages} ページあります。上限は {most} ページです"},
    "render.pdf_slow": {
        "en": "reading it took more than {seconds} s",
        "ja": "読むのに {seconds} 秒より長くかかりました"},
    "render.pdf_stream": {
        "en": "a stream inflates to more than {most} bytes",
        "ja": "ストリームを展開すると {most} バイトを超えます"},
    "render.pdf_forms": {
        "en": "forms nested more than {most} deep",
        "ja": "フォームの入れ子が {most} 段を超えています"},
    "render.pdf_page_bytes": {
        "en": "{size} bytes of drawing instructions; the limit is {most}",
        "ja": "描画の命令が {size} バイトあります。上限は {most} バイトです"},
    "render.needs_pikepdf": {
        "en": "writing PDF/X needs pikepdf (pip install pikepdf)",
        "ja": "PDF/X を書くには pikepdf が要ります（pip install pikepdf）"},
    "render.no_trimbox": {
        "en": "no TrimBox (PDF/X needs the trim of every page)",
        "ja": "TrimBox がありません（PDF/X ではすべてのページに仕上がりの枠が要ります）"},
    "render.needs_pdfplumber": {
        "en": "reading PDFs back needs pdfplumber (pip install pdfplumber)",
        "ja": "PDF を読み返すには pdfplumber が要ります（pip install pdfplumber）"},
    # — separations by Ghostscript (pnp.render.separations) —
    "render.gs_missing": {
        "en": "Ghostscript is not installed",
        "ja": "Ghostscript がインストールされていません"},
    "render.gs_timeout": {
        "en": "Ghostscript took more than {seconds:g} s",
        "ja": "Ghostscript が {seconds:g} 秒を超えても終わりません"},
    "render.gs_exit_status": {
        "en": "exit status {status}",
        "ja": "終了コード {status}"},
    "render.gs_no_separations": {
        "en": "Ghostscript wrote no separations",
        "ja": "Ghostscript が色分解の版を書き出しませんでした"},
}

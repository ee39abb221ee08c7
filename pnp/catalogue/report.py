"""Messages of the reports' drawing (pnp.render.report_pdf): code → {"en": …, "ja": …}."""
from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "report.block_not_drawn": {
        "en": "the {report} report does not draw a {block} block",
        "ja": "{report}レポートは {block} のブロックを描きません"},
    "report.table_widths": {
        "en": "a table of the simulate report needs its column widths",
        "ja": "試遊レポートの表には列の幅が要ります"},
}

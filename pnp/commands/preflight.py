"""pnp preflight: PDFs checked against a print shop's profile, reported as a table in Japanese (or
JSON).  The checks live in pnp.render.preflight; this module picks the shop, runs them over the
files and formats what they found."""
from __future__ import annotations

import json
import unicodedata
from dataclasses import asdict
from pathlib import Path
from typing import Any

from ..errors import PnpError
from ..messages import did_you_mean, msg
from ..render.preflight import CHECKS, SHOPS, FileReport, Finding, ShopProfile, page_ranges, preflight, shop_profile
from ..render.readback import UnreadablePdf

LEVELS = {"error": "エラー", "warning": "注意", "ok": "OK"}


def resolve_shop(name: str, project_dir: Path | None = None) -> ShopProfile:
    """A built-in shop profile, or the shop of a game in the project (game.yaml print.shop)."""
    if name in SHOPS:
        return SHOPS[name]
    from ..data.project import Project
    ids: list[str] = []
    if project_dir is not None and (Path(project_dir) / "components").is_dir():
        project = Project(project_dir)
        ids = project.game_ids()
        if name in ids:
            game = project.load_game(name)
            spec = game.print_settings.shop
            if not spec:
                raise PnpError(f"{game.where.file}: print.shop: " + msg("preflight.no_shop", game=name,
                                                                                        shops=" / ".join(SHOPS)))
            return shop_profile(spec, f"{game.title} の印刷所")
    games = msg("preflight.shop_games", games=", ".join(ids)) if ids else ""
    raise PnpError(msg("preflight.unknown_shop", shop=name, shops=", ".join(SHOPS), games=games,
                       hint=did_you_mean(name, [*SHOPS, *ids])))


def run_preflight(files: list[Path], shop: ShopProfile) -> list[FileReport]:
    """Every file checked; a file that cannot be read is a report with one error saying why."""
    reports = []
    for path in files:
        try:
            reports.append(preflight(path, shop))
        except UnreadablePdf as e:
            reports.append(FileReport(Path(path), findings=[Finding("file", "error", (), str(e))]))
    return reports


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - _width(text))


def format_table(reports: list[FileReport], shop: ShopProfile) -> str:
    lines = [f"印刷所：{shop.describe()}", ""]
    for r in reports:
        facts = []
        if r.pages:
            facts.append(f"{r.pages} ページ")
        if r.cards:
            facts.append(f"面付け {r.sheets} シート・カード {r.cards} 枚")
        if r.trim_mm:
            facts.append(f"{'カードの' if r.cards else ''}仕上がり {r.trim_mm[0]:.1f} × {r.trim_mm[1]:.1f} mm")
        if r.pages:
            facts.append(r.pdfx or "PDF/X なし")
        lines.append(f"{r.path}" + (f" — {'、'.join(facts)}" if facts else ""))
        rows = [("結果", "項目", "ページ", "内容")]
        for f in sorted(r.findings, key=lambda f: ({"error": 0, "warning": 1, "ok": 2}[f.level],
                                                    list(CHECKS).index(f.check) if f.check in CHECKS else -1)):
            rows.append((LEVELS[f.level], CHECKS.get(f.check, "ファイル"),
                         page_ranges(f.pages) if f.pages else "—", f.message))
        widths = [max(_width(row[i]) for row in rows) for i in range(3)]
        for row in rows:
            lines.append("  " + "  ".join(_pad(cell, widths[i]) for i, cell in enumerate(row[:3])) + "  " + row[3])
        errors = sum(f.level == "error" for f in r.findings)
        warnings = sum(f.level == "warning" for f in r.findings)
        verdict = "不合格" if errors else "合格"
        lines.append(f"  → {verdict}（エラー {errors} 件、注意 {warnings} 件）")
        lines.append("")
    failed = sum(r.failed for r in reports)
    lines.append(f"{len(reports)} ファイル中 {len(reports) - failed} 合格、{failed} 不合格")
    return "\n".join(lines)


def to_json(reports: list[FileReport], shop: ShopProfile) -> str:
    out: dict[str, Any] = {
        "shop": asdict(shop),
        "ok": not any(r.failed for r in reports),
        "files": [{"file": str(r.path), "pages": r.pages, "trim_mm": list(r.trim_mm) if r.trim_mm else None,
                   "pdfx": r.pdfx, "ok": not r.failed, "imposed": {"sheets": r.sheets, "cards": r.cards},
                   "findings": [{"check": f.check, "level": f.level, "pages": list(f.pages), "message": f.message}
                                for f in r.findings]} for r in reports],
    }
    return json.dumps(out, ensure_ascii=False, indent=2)

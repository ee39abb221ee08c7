"""pnp preflight: PDFs judged against a print shop's numbers (PRINT.md: 3 mm bleed, text ≥ 3 mm
inside the trim — some shops say 5 mm —, fonts embedded, CMYK, raster art 300–350 dpi)."""
from __future__ import annotations

import json
from pathlib import Path

import pikepdf
import pytest
from click.testing import CliRunner
from PIL import Image
from reportlab.lib.colors import CMYKColor
from reportlab.pdfgen.canvas import Canvas

from pnp.cli import main
from pnp.commands.build import BuildOptions, build_game
from pnp.data.project import Project

MM = 72 / 25.4


def run(*args: str):
    return CliRunner().invoke(main, ["preflight", *args], catch_exceptions=False)


@pytest.fixture(scope="module")
def kit(tmp_path_factory, repo) -> Path:
    """探偵無宿２ in CMYK (shop pages, トンボ) and in RGB (home sheets), as pnp builds them."""
    out = tmp_path_factory.mktemp("kit")
    game = Project(repo).load_game("tantei2")
    build_game(game, out / "cmyk", BuildOptions(cmyk=True, marks="jp", rulebook=False, sheets=False))
    build_game(game, out / "rgb", BuildOptions(shop=False, rulebook=False))
    return out


def test_pnps_cmyk_shop_pages_pass(kit):
    files = sorted((kit / "cmyk/tantei2/shop").glob("*.pdf"))
    res = run(*map(str, files))
    assert res.exit_code == 0, res.output
    assert f"{len(files)} ファイル中 {len(files)} 合格、0 不合格" in res.output
    assert "PDF/X-1a:2001、出力条件 FOGRA39（プロファイル「ISO Coated v2 300% (basICColor)」ICC v2.1 埋め込み）" in res.output
    assert "分版を 150 dpi で描いて測った：最大" in res.output
    assert "エラー  " not in res.output


def test_an_rgb_home_sheet_without_bleed_fails_naming_rgb_and_bleed(kit):
    sheet = kit / "rgb/tantei2/events-sheets.pdf"
    res = run(str(sheet))
    assert res.exit_code == 1
    rows = [line for line in res.output.splitlines() if line.strip().startswith("エラー")]
    assert any("仕上がり・塗り足し" in r and "塗り足しは 0 mm" in r and "1–16" in r for r in rows), res.output
    assert any("色空間" in r and "RGB" in r and "1–16" in r for r in rows), res.output
    data = json.loads(run(str(sheet), "--json").output)
    assert data["ok"] is False
    checks = {f["check"]: f for f in data["files"][0]["findings"] if f["level"] == "error"}
    assert set(checks) >= {"boxes", "color"}
    assert checks["color"]["pages"] == list(range(1, 17))


def _foreign(path: Path, *, bleed_mm: float, rgb: bool, text_at_mm: float, image_dpi: float | None = None,
             line_mm: float = 0.3, ink: tuple[float, float, float, float] = (0, 0, 0, 1)) -> Path:
    """A card PDF as another program might write it: 63 × 88 mm trim, the given bleed."""
    w, h, b = 63 * MM, 88 * MM, bleed_mm * MM
    c = Canvas(str(path), pagesize=(w + 2 * b, h + 2 * b), invariant=1)
    c.setTrimBox([b, b, b + w, b + h])
    c.setBleedBox([0, 0, w + 2 * b, h + 2 * b])
    if rgb:
        c.setFillColorRGB(0.9, 0.8, 0.6)
    else:
        c.setFillColor(CMYKColor(*ink))
    c.rect(0, 0, w + 2 * b, h + 2 * b, stroke=0, fill=1)
    c.setFillColor(CMYKColor(0, 0, 0, 1))
    c.setFont("Helvetica", 9)
    c.drawString(b + text_at_mm * MM, b + h / 2, "SAFE?")
    c.setStrokeColor(CMYKColor(0, 0, 0, 1))
    c.setLineWidth(line_mm * MM)
    c.line(b + 10 * MM, b + 10 * MM, b + 50 * MM, b + 10 * MM)
    if image_dpi is not None:
        side_mm = 20
        px = round(side_mm / 25.4 * image_dpi)
        img = path.with_suffix(".png")
        Image.new("CMYK", (px, px), (0, 50, 50, 0)).convert("RGB").save(img)
        c.drawImage(str(img), b + 20 * MM, b + 30 * MM, side_mm * MM, side_mm * MM)
    c.showPage()
    c.save()
    return path


def test_a_pdf_made_elsewhere_is_judged_on_every_check(tmp_path):
    bad = _foreign(tmp_path / "bad.pdf", bleed_mm=1, rgb=True, text_at_mm=1.5, image_dpi=150, line_mm=0.05,
                   ink=(1, 1, 1, 1))
    res = run(str(bad), "--json")
    assert res.exit_code == 1
    findings = {f["check"]: f for f in json.loads(res.output)["files"][0]["findings"]}
    assert findings["boxes"]["level"] == "error" and "1.0 mm" in findings["boxes"]["message"]
    assert findings["safe"]["level"] == "error" and findings["safe"]["pages"] == [1]
    assert findings["color"]["level"] == "error" and "画像" in findings["color"]["message"]
    assert findings["dpi"]["level"] == "error" and "150 dpi" in findings["dpi"]["message"]
    assert findings["hairline"]["level"] == "warning" and "0.050 mm" in findings["hairline"]["message"]
    assert findings["fonts"]["level"] == "error" and "Helvetica" in findings["fonts"]["message"]
    assert findings["pdfx"]["level"] == "warning"
    heavy = _foreign(tmp_path / "heavy.pdf", bleed_mm=3, rgb=False, text_at_mm=5, ink=(1, 1, 1, 1))
    findings = {f["check"]: f for f in json.loads(run(str(heavy), "--json").output)["files"][0]["findings"]}
    assert findings["ink"]["level"] == "error" and "400%" in findings["ink"]["message"]
    assert findings["boxes"]["level"] == findings["safe"]["level"] == findings["color"]["level"] == "ok"


def test_the_strict_shop_wants_5mm_and_pdfx(tmp_path):
    card = _foreign(tmp_path / "card.pdf", bleed_mm=3, rgb=False, text_at_mm=4, ink=(0, 0.1, 0.2, 0))
    generic = {f["check"]: f for f in json.loads(run(str(card), "--json").output)["files"][0]["findings"]}
    assert generic["safe"]["level"] == "ok"
    res = run(str(card), "--shop", "jp-card-strict", "--json")
    assert res.exit_code == 1
    findings = {f["check"]: f for f in json.loads(res.output)["files"][0]["findings"]}
    assert findings["safe"]["level"] == "error" and "5 mm" in findings["safe"]["message"]
    assert findings["pdfx"]["level"] == "error"


def test_a_game_names_its_own_shop(mini_project, tmp_path):
    game_yaml = mini_project / "components/mini/game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8") +
                         "print:\n  shop: {name: 近所の印刷所, base: jp-card, safe_mm: 4.5, ink_limit: 250}\n",
                         encoding="utf-8")
    card = _foreign(tmp_path / "card.pdf", bleed_mm=3, rgb=False, text_at_mm=4, ink=(0.6, 0.6, 0.6, 0.4))
    res = CliRunner().invoke(main, ["preflight", str(card), "--shop", "mini", "--project", str(mini_project)])
    assert res.exit_code == 1
    assert "近所の印刷所：塗り足し 3 mm、安全域 4.5 mm" in res.output
    assert "総インキ量が最大 220%（250% まで）" not in res.output       # 220 % is within 250 %
    assert "安全域 4.5 mm の安全域の外" not in res.output
    assert "4.5 mm の安全域の外" in res.output


@pytest.mark.parametrize("make,expected", [
    (lambda p: p.write_text("hello", encoding="utf-8"), "not a PDF"),
    (lambda p: None, "no such file"),
    (lambda p: p.write_bytes(b"%PDF-1.4\n1 0 obj <<>> garbage"), "damaged PDF"),
])
def test_bad_input_is_a_message_and_exit_1(tmp_path, make, expected):
    path = tmp_path / "x.pdf"
    make(path)
    res = CliRunner().invoke(main, ["preflight", str(path)])
    assert res.exit_code == 1
    assert expected in res.output and "Traceback" not in res.output
    assert res.exception is None or isinstance(res.exception, SystemExit)


def test_an_encrypted_pdf_is_refused_with_a_message(tmp_path):
    plain = _foreign(tmp_path / "plain.pdf", bleed_mm=3, rgb=False, text_at_mm=5)
    locked = tmp_path / "locked.pdf"
    with pikepdf.open(plain) as pdf:
        pdf.save(locked, encryption=pikepdf.Encryption(owner="o", user="secret"))
    res = CliRunner().invoke(main, ["preflight", str(locked)])
    assert res.exit_code == 1 and "encrypted" in res.output and "Traceback" not in res.output
    open_locked = tmp_path / "owner-only.pdf"
    with pikepdf.open(plain) as pdf:
        pdf.save(open_locked, encryption=pikepdf.Encryption(owner="o", user=""))
    res = CliRunner().invoke(main, ["preflight", str(open_locked)])
    assert res.exit_code == 1 and "encrypted" in res.output


def test_an_unknown_shop_is_a_message(tmp_path):
    card = _foreign(tmp_path / "card.pdf", bleed_mm=3, rgb=False, text_at_mm=5)
    res = CliRunner().invoke(main, ["preflight", str(card), "--shop", "nowhere", "--project", str(tmp_path)])
    assert res.exit_code == 1 and "unknown shop profile 'nowhere'" in res.output and "jp-card" in res.output

"""`pnp watch --serve`: a page on 127.0.0.1 showing the cards, parts and rulebook pages as images
linked to their PDFs, refreshed by Server-Sent Events after every rebuild, with the data's problems
(file:line).  The live page is opened in a real headless Chromium through chromedriver's WebDriver
protocol (plain HTTP and JSON: no client library); skipped where Chromium or its driver is absent."""
from __future__ import annotations

import http.client
import json
import os
import shutil
import socket
import subprocess
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.commands.serve import View, safe_file, serve_watch, start_server
from pnp.commands.watch import Watcher

WAIT_S = 90          # a rebuild on a busy machine: waited for generously, stopped as soon as seen
REFRESH_S = 2.0      # from the rebuilt sheets to the new picture in the browser


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))


def get(port: int, path: str, headers: dict[str, str] | None = None) -> tuple[int, bytes, str]:
    """A GET with the path sent exactly as written (no client-side normalising of '..')."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.putrequest("GET", path, skip_accept_encoding=True, skip_host="Host" in (headers or {}))
        for k, v in (headers or {}).items():
            conn.putheader(k, v)
        conn.endheaders()
        r = conn.getresponse()
        return r.status, r.read(), r.getheader("Content-Type") or ""
    finally:
        conn.close()


def test_only_files_under_the_output_folder_are_served_and_only_to_this_computer(tmp_path):
    out = tmp_path / "out"
    (out / "game").mkdir(parents=True)
    (out / "game/cards-sheets.pdf").write_bytes(b"%PDF-1.4 sheets")
    (out / "game/manifest.json").write_text(json.dumps({"game": "game", "files": [
        {"kind": "sheets", "path": "cards-sheets.pdf", "pages": 1, "sha256": None},
        {"kind": "png", "path": "link.txt", "pages": 0, "sha256": None}]}), encoding="utf-8")
    (out / "game/notes.html").write_text("<script>not listed</script>", encoding="utf-8")
    (tmp_path / "secret.txt").write_text("not for the page", encoding="utf-8")
    (out / "game/link.txt").symlink_to(tmp_path / "secret.txt")
    (out / "inside").symlink_to(out / "game")          # a link that stays inside is fine
    server = start_server(View(tmp_path, out), 0)
    try:
        host, port = server.server_address[:2]
        assert host == "127.0.0.1"
        status, body, kind = get(port, "/files/game/cards-sheets.pdf")
        assert (status, body, kind) == (200, b"%PDF-1.4 sheets", "application/pdf")
        for path in ["/files/inside/cards-sheets.pdf", "/files/game/notes.html", "/files/game/manifest.json"]:
            assert get(port, path)[0] == 404, path     # only what a game's manifest lists, under its game
        for path in ["/files/../secret.txt", "/files/game/../../secret.txt", "/files/%2e%2e/secret.txt",
                     "/files/game/%2E%2E/%2E%2E/secret.txt", "/files/..%2fsecret.txt", "/files/game/link.txt",
                     "/files//etc/passwd", "/files/%2Fetc%2Fpasswd", "/files/game", "/files/game/..%5C..%5Csecret.txt",
                     "/files/game/cards-sheets.pdf%00.png", "/files/", "/../secret.txt", "/view/../../secret.txt"]:
            status, body, _ = get(port, path)
            assert status == 404 and b"not for the page" not in body, path
    finally:
        server.shutdown()
        server.server_close()
    assert safe_file(out, "game/cards-sheets.pdf") == (out / "game/cards-sheets.pdf").resolve()
    assert safe_file(out, "game/link.txt") is None and safe_file(out, "game/../game/cards-sheets.pdf") is None


def test_a_page_that_rebinds_its_name_to_this_computer_is_refused(tmp_path):
    """DNS rebinding: a web page whose own name now points at 127.0.0.1 sends its name as Host (and Origin);
    the page answers only requests addressed to 127.0.0.1, localhost or [::1]."""
    out = tmp_path / "out"
    out.mkdir()
    server = start_server(View(tmp_path, out), 0)
    try:
        port = server.server_address[1]
        for headers in ({"Host": f"rebind.attacker.example:{port}"}, {"Host": "rebind.attacker.example"},
                        {"Host": f"127.0.0.1:{port}", "Origin": "http://rebind.attacker.example"},
                        {"Host": f"127.0.0.1.attacker.example:{port}"}):
            for path in ("/", "/body", "/files/g/manifest.json"):
                status, body, _ = get(port, path, headers)
                assert status == 403, (headers, path)
        for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}", "localhost"):
            assert get(port, "/", {"Host": host})[0] == 200, host
        assert get(port, "/", {"Host": f"localhost:{port}", "Origin": f"http://localhost:{port}"})[0] == 200
    finally:
        server.shutdown()
        server.server_close()


def test_idle_connections_are_bounded_and_the_page_still_answers(tmp_path, monkeypatch):
    """Hundreds of idle connections: those over the bound are closed with 503 at once, and the page answers
    again as soon as some go away (no thread per connection without end)."""
    from pnp.commands import serve
    out = tmp_path / "out"
    out.mkdir()
    server = start_server(View(tmp_path, out), 0)
    port = server.server_address[1]
    idle = []
    try:
        for _ in range(serve.MAX_CONNECTIONS + 40):
            idle.append(socket.create_connection(("127.0.0.1", port), timeout=10))
        time.sleep(0.3)
        refused = 0
        for s in idle[serve.MAX_CONNECTIONS:]:
            s.settimeout(5)
            refused += s.recv(64).startswith(b"HTTP/1.0 503")
        assert refused == 40
        for s in idle[:10]:
            s.close()
        end = time.monotonic() + 10
        while get(port, "/")[0] != 200:
            assert time.monotonic() < end
            time.sleep(0.05)
    finally:
        for s in idle:
            s.close()
        server.shutdown()
        server.server_close()


def test_the_view_shows_parts_and_rulebook_pages_linked_to_their_pdfs(built_kit):
    from pnp.data.project import Project
    root = Path(__file__).resolve().parents[2]
    game = Project(root).load_game("terror24")
    view = View(root, built_kit)
    view.show_cards(game)
    view.show_files("terror24")
    body = view.body()
    assert "<h3>パーツ</h3>" in body and "<h3>ルールブック</h3>" in body
    pages, parts = view.games["terror24"].rulebook, view.games["terror24"].parts
    assert parts and pages
    assert [im.link for im in pages][:2] == ["/files/terror24/rulebook.pdf#page=1", "/files/terror24/rulebook.pdf#page=2"]
    assert all(im.link.startswith("/files/terror24/") and ".pdf#page=" in im.link for im in parts)
    assert view.image(pages[0].key)[:8] == b"\x89PNG\r\n\x1a\n"
    for name, cards in view.games["terror24"].decks:
        assert f"<h3>{view.deck_names[name]}</h3>" in body
        deck = name.split("/")[1]
        assert cards and {im.link for im in cards} == {f"/files/terror24/{deck}-sheets.pdf"}
        assert (built_kit / "terror24" / f"{deck}-sheets.pdf").is_file()


def test_serve_help_and_a_port_in_use():
    r = CliRunner().invoke(main, ["watch", "--help"])
    assert r.exit_code == 0 and "--serve" in r.output and "127.0.0.1" in r.output
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        r = CliRunner().invoke(main, ["watch", "--serve", str(port), "--project", "."])
    assert r.exit_code == 1 and f"--serve {port}: cannot listen on 127.0.0.1:{port}" in r.output
    assert "Traceback" not in r.output


# -- the live page in Chromium ---------------------------------------------------------------------------
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")


class Browser:
    """A headless Chromium through chromedriver's W3C WebDriver endpoints."""

    def __init__(self) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.driver = subprocess.Popen([str(DRIVER), f"--port={self.port}"], stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL, start_new_session=True)
        end = time.monotonic() + 30
        while True:
            try:
                if self._call("GET", "/status")["ready"]:
                    break
            except OSError:
                pass
            if time.monotonic() > end:
                raise AssertionError("chromedriver did not start")
            time.sleep(0.1)
        caps = {"browserName": "chrome", "goog:chromeOptions": {
            "binary": str(CHROMIUM), "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                                              "--disable-dev-shm-usage", "--window-size=1200,900"]}}
        self.session = self._call("POST", "/session", {"capabilities": {"alwaysMatch": caps}})["sessionId"]

    def _call(self, method: str, path: str, body: dict | None = None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=120) as r:
            return json.loads(r.read())["value"]

    def open(self, url: str) -> None:
        self._call("POST", f"/session/{self.session}/url", {"url": url})

    def run(self, script: str):
        return self._call("POST", f"/session/{self.session}/execute/sync", {"script": script, "args": []})

    def close(self) -> None:
        try:
            self._call("DELETE", f"/session/{self.session}")
        finally:
            self.driver.terminate()
            try:
                self.driver.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.driver.pid, 9)
                self.driver.wait(10)


def until(check, limit: float = WAIT_S):
    """check()'s first true value, asked every 50 ms (fails after limit seconds)."""
    end = time.monotonic() + limit
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"not within {limit} s")
        time.sleep(0.05)


# the picture of card sun-1, whether it has loaded, its link, and the problems box
STATE = """
const img = document.getElementById("demo/cards/cards/sun-1.png");
const other = document.getElementById("demo/cards/cards/moon-1.png");
const problems = document.getElementById("problems");
return {src: img && img.getAttribute("src"), loaded: !!(img && img.complete && img.naturalWidth > 0),
        other: other && other.getAttribute("src"), link: img && img.parentElement.getAttribute("href"),
        problems: problems ? problems.textContent : null, cards: document.querySelectorAll("img.card").length};
"""


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    time.sleep(0.05)
    path.write_text(text.replace(old, new), encoding="utf-8")


@pytest.mark.needs("chromium", "chromedriver")
def test_the_page_in_chromium_follows_an_edit_and_shows_an_error_until_it_is_fixed(tmp_path):
    project = tmp_path / "project"
    assert CliRunner().invoke(main, ["new", "demo", "--project", str(project)]).exit_code == 0
    cards = project / "components/demo/cards.yaml"
    lines: list[str] = []
    watcher = Watcher(project, ["demo"], project / "out", interval=0.05, preview=False, echo=lines.append)
    thread = threading.Thread(target=serve_watch, args=(watcher, 0), daemon=True)
    thread.start()
    browser = None
    try:
        until(lambda: any(ln.startswith("watching") for ln in lines))
        base = f"http://127.0.0.1:{watcher.serving}"
        browser = Browser()
        browser.open(base + "/")
        first = until(lambda: (s := browser.run(STATE))["loaded"] and s)
        assert first["cards"] == 7 and first["problems"] is None          # six faces and the back
        assert first["link"] == "/files/demo/cards-sheets.pdf"
        status, pdf, kind = get(watcher.serving, first["link"])
        assert status == 200 and kind == "application/pdf" and pdf == (project / "out/demo/cards-sheets.pdf").read_bytes()
        old_png = get(watcher.serving, first["src"])[1]

        at = len(lines)
        edit(cards, "手札を1枚引く。", "手札を2枚引く。")
        until(lambda: any("sheets of demo ready" in ln for ln in lines[at:]))
        ready = time.monotonic()
        now = until(lambda: (s := browser.run(STATE))["src"] != first["src"] and s["loaded"] and s, REFRESH_S)
        assert time.monotonic() - ready <= REFRESH_S
        assert now["other"] == first["other"]            # only the edited card's picture changed
        assert get(watcher.serving, now["src"])[1] != old_png

        edit(cards, "suit: sun, value: 1", "suit: nosuch, value: 1")
        shown = until(lambda: browser.run(STATE)["problems"])
        assert "components/demo/cards.yaml:14:" in shown and "nosuch" in shown
        assert browser.run(STATE)["src"] == now["src"]     # the last good picture stays
        edit(cards, "suit: nosuch, value: 1", "suit: moon, value: 1")
        fixed = until(lambda: (s := browser.run(STATE))["problems"] is None and s["src"] != now["src"] and s)
        assert fixed["loaded"]
    finally:
        if browser is not None:
            browser.close()
        watcher.stop.set()
        thread.join(30)
    assert not thread.is_alive()
    assert not any("Traceback" in ln for ln in lines)

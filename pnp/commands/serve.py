"""``pnp watch --serve [PORT]``: a page on this computer (http://127.0.0.1:PORT/) that shows what the
watched build makes — every deck's cards, the parts' pages and the rulebook's pages as images, each
linked to its PDF — and the data's problems with their file:line.  It refreshes by itself: the page
holds a Server-Sent Events stream open, and every step of a rebuild (the home sheets first, the
rulebook last: ``pnp.commands.build.build_game``) sends it the new view's number.

Only the standard library's http.server, bound to 127.0.0.1 alone (nobody else on the network sees
the designer's game), answering only requests addressed to this computer by name (the Host header, and
the Origin where a page sends one: a web page that rebinds its own name to 127.0.0.1 is refused), and at
most MAX_CONNECTIONS at once.  The images live in memory; the only files served are the ones a game's
manifest lists under the output folder (``/files/<game>/…``: no ``..``, no link out of it)."""
from __future__ import annotations

import hashlib
import html
import io
import json
import mimetypes
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import partial
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, unquote, urlsplit

from ..errors import DataError, PnpError, Problem
from ..messages import msg
from ..outputs import MANIFEST, ForeignOutput, read_manifest

if TYPE_CHECKING:
    from ..data.model import Game
    from .watch import Watcher

CARD_DPI = 100        # a 63 × 88 mm card: 248 × 346 pixels
PAGE_DPI = 50         # an A4 part page: 413 × 585 pixels; an A5 rulebook page 292 × 413
HOST = "127.0.0.1"
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
MAX_CONNECTIONS = 64      # open at once (each page holds one for its events); more are answered 503 and closed
IDLE_S = 30               # a connection that sends no request line in this time is closed


@dataclass
class Image:
    """One picture of the page: its PNG and the link it opens (a PDF, at its page)."""

    key: str            # /view/<key>
    label: str
    link: str
    png: bytes
    version: str        # the PNG's digest: a changed picture gets a new address, an unchanged one stays cached


@dataclass
class GameView:
    title: str
    decks: list[tuple[str, list[Image]]] = field(default_factory=list)   # (deck name, its cards)
    parts: list[Image] = field(default_factory=list)
    rulebook: list[Image] = field(default_factory=list)
    rendered: dict[str, str] = field(default_factory=dict)      # PDF path → the sha256 its pages show


class View:
    """What the page shows; changed by the watcher's thread, read by the server's."""

    def __init__(self, project_dir: Path, out_dir: Path):
        self.project_dir, self.out_dir = Path(project_dir), Path(out_dir)
        self.changed = threading.Condition()
        self.number = 0                 # goes up with every change: the page's events say it
        self.games: dict[str, GameView] = {}
        self.problems: list[str] = []
        self.status = msg("serve.building")
        self.closed = False
        self.deck_names: dict[str, str] = {}     # "<game>/<deck>" → the deck's name
        self.drawn: dict[str, tuple[Any, Image]] = {}    # a card's picture and the plan it was drawn from

    # -- changes (the watcher's thread) -----------------------------------------------------------------
    def bump(self) -> None:
        with self.changed:
            self.number += 1
            self.changed.notify_all()

    def close(self) -> None:
        with self.changed:
            self.closed = True
            self.changed.notify_all()

    def show_cards(self, game: Game, deck_ids: Iterable[str] | None = None) -> None:
        """Draw the cards of the decks named (all when None) from their plans, as the PNG renderer does."""
        from ..render.png import render_card
        from .build import plan_game_cards
        wanted = set(deck_ids) if deck_ids is not None else None
        decks = [d for d in game.decks if wanted is None or d.id in wanted]
        drawn = {d.id for d in decks}
        plans = plan_game_cards(game, decks)
        old = self.games.get(game.id)
        shown = {name: cards for name, cards in old.decks} if old else {}
        view = GameView(game.title, [], old.parts if old else [], old.rulebook if old else [],
                        old.rendered if old else {})
        for deck in game.decks:
            key = f"{game.id}/{deck.id}"
            if deck.id not in drawn:
                if key in shown:
                    view.decks.append((key, shown[key]))
                continue
            faces, back = plans[deck.id]
            backs = plans[deck.id].backs
            link = f"/files/{quote(game.id)}/{quote(deck.id)}-sheets.pdf"
            images = []
            sides = [(card.id, card.title or card.id, faces[card.id]) for card in deck.cards]
            sides += [(f"{card.id}-back", f"{card.id}（裏）", backs[card.id]) for card in deck.cards
                      if backs[card.id] is not back]
            if not deck.two_sided:
                sides.append(("back", f"{deck.name}（裏）", back))
            for side_id, label, plan in sides:
                at = f"{game.id}/cards/{deck.id}/{side_id}.png"
                known = self.drawn.get(at)
                if known is not None and known[0] == plan:      # the same plan: the same picture
                    image = known[1]
                    image.label, image.link = label, link
                else:
                    png = _png(render_card(plan, CARD_DPI))
                    image = Image(at, label, link, png, _digest(png))
                    self.drawn[at] = (plan, image)
                images.append(image)
            view.decks.append((key, images))
        with self.changed:
            self.games[game.id] = view
            self.deck_names.update({f"{game.id}/{d.id}": d.name for d in game.decks})

    def show_files(self, game_id: str) -> None:
        """The parts' and the rulebook's pages, from the PDFs out/<game>/manifest.json lists (only
        those whose content changed since they were drawn here)."""
        view = self.games.get(game_id)
        if view is None:
            return
        try:
            data = json.loads((self.out_dir / game_id / MANIFEST).read_text(encoding="utf-8"))
            entries = [e for e in data.get("files", []) if e.get("kind") in ("parts", "rulebook")]
        except (OSError, ValueError, AttributeError):
            return
        parts: list[Image] = []
        rulebook: list[Image] = []
        for e in sorted(entries, key=lambda e: str(e.get("path"))):
            rel = str(e["path"])
            images = self._pages(game_id, rel, str(e.get("sha256")), view)
            (rulebook if e["kind"] == "rulebook" else parts).extend(images)
        with self.changed:
            view.parts, view.rulebook = parts, rulebook

    def _pages(self, game_id: str, rel: str, sha: str, view: GameView) -> list[Image]:
        import pypdfium2 as pdfium
        stem = rel.rsplit(".", 1)[0]
        kept = [im for im in view.parts + view.rulebook if im.key.startswith(f"{game_id}/pages/{stem}/")]
        if view.rendered.get(rel) == sha and kept:
            return kept
        link = f"/files/{quote(game_id)}/{quote(rel)}"
        images = []
        try:
            doc = pdfium.PdfDocument(str(self.out_dir / game_id / rel))
        except (OSError, pdfium.PdfiumError):
            return kept
        try:
            for i in range(len(doc)):
                page = doc[i]
                png = _png(page.render(scale=PAGE_DPI / 72.0).to_pil())
                page.close()
                images.append(Image(f"{game_id}/pages/{stem}/{i + 1}.png", f"{Path(rel).name} p.{i + 1}",
                                    f"{link}#page={i + 1}", png, _digest(png)))
        finally:
            doc.close()
        view.rendered[rel] = sha
        return images

    def show_problems(self, problems: list[Problem], message: str) -> None:
        with self.changed:
            self.problems = [str(p) for p in problems] or [message]
            self.status = msg("serve.problems", n=len(self.problems))

    def show_built(self, games: list[str], seconds: float) -> None:
        with self.changed:
            self.problems = []
            self.status = msg("serve.built", games=", ".join(games) or msg("word.nothing"), seconds=f"{seconds:.2f}",
                              time=time.strftime('%H:%M:%S'))

    # -- the page (the server's threads) ----------------------------------------------------------------
    def image(self, key: str) -> bytes | None:
        with self.changed:
            for view in self.games.values():
                for im in [*(im for _, ims in view.decks for im in ims), *view.parts, *view.rulebook]:
                    if im.key == key:
                        return im.png
        return None

    def body(self) -> str:
        with self.changed:
            out = [f'<p id="status">{html.escape(self.status)}</p>']
            if self.problems:
                out.append(f'<section id="problems"><h2>{html.escape(msg("serve.problems_heading"))}</h2><ul>')
                out += [f"<li><code>{html.escape(p)}</code></li>" for p in self.problems]
                out.append("</ul></section>")
            for gid, view in self.games.items():
                out.append(f'<section class="game" id="game-{html.escape(gid)}"><h2>{html.escape(view.title)}</h2>')
                for key, images in view.decks:
                    name = self.deck_names.get(key, key)
                    out.append(f"<h3>{html.escape(name)}</h3>{_images(images, 'card')}")
                if view.parts:
                    out.append(f"<h3>パーツ</h3>{_images(view.parts, 'page')}")
                if view.rulebook:
                    out.append(f"<h3>ルールブック</h3>{_images(view.rulebook, 'page')}")
                out.append("</section>")
            return "\n".join(out)

    def page(self) -> str:
        return PAGE.replace("%BODY%", self.body())


def _images(images: list[Image], kind: str) -> str:
    return '<div class="images">' + "".join(
        f'<a href="{html.escape(im.link)}" title="{html.escape(im.label)}"><img class="{kind}" '
        f'id="{html.escape(im.key)}" alt="{html.escape(im.label)}" '
        f'src="/view/{html.escape(quote(im.key))}?v={im.version}"></a>' for im in images) + "</div>"


def _png(img: Any) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=1)       # made often, read once, on this computer
    return buf.getvalue()


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


PAGE = """<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><title>pnp watch</title>
<style>
body { font-family: sans-serif; margin: 1em 2em; background: #f4f4f4; color: #222; }
#problems { background: #fff0f0; border: 2px solid #c0392b; padding: 0.5em 1em; }
#problems code { white-space: pre-wrap; }
.images { display: flex; flex-wrap: wrap; gap: 8px; }
.images img { background: #fff; box-shadow: 0 1px 3px #888; }
img.card { width: 124px; } img.page { width: 206px; }
</style></head>
<body><h1>pnp watch</h1><main id="main">%BODY%</main>
<script>
const main = document.getElementById("main");
async function refresh() {
  const r = await fetch("/body", {cache: "no-store"});
  if (r.ok) { main.innerHTML = await r.text(); document.body.dataset.view = r.headers.get("X-View"); }
}
const events = new EventSource("/events");
events.onmessage = refresh;
</script></body></html>
"""


def safe_file(out_dir: Path, url_path: str) -> Path | None:
    """The regular file under out_dir that /files/<url_path> names, or None: no empty, '.' or '..'
    part, no backslash or NUL, and the resolved path (links followed) still inside out_dir."""
    parts = unquote(url_path).split("/")
    if not parts or any(p in ("", ".", "..") or "\\" in p or "\0" in p for p in parts):
        return None
    root = Path(out_dir).resolve()
    try:
        path = root.joinpath(*parts).resolve()
    except (OSError, RuntimeError, ValueError):
        return None
    if not path.is_relative_to(root) or not path.is_file():
        return None
    return path


def listed_file(out_dir: Path, url_path: str) -> Path | None:
    """The file /files/<game>/<path> names, if the game's manifest lists it and safe_file finds it: the page
    serves the kit pnp wrote, never whatever else lies in the output folder."""
    found = safe_file(out_dir, url_path)
    parts = unquote(url_path).split("/")
    if found is None or len(parts) < 2:
        return None
    try:
        manifest = read_manifest(Path(out_dir) / parts[0], parts[0])
    except ForeignOutput:
        return None
    if manifest.state != "ok" or "/".join(parts[1:]) not in {e["path"] for e in manifest.files}:
        return None
    return found


def addressed_here(host: str | None, origin: str | None, port: int) -> bool:
    """The request names this computer: a Host of 127.0.0.1, localhost or [::1] (with this port or none), and
    no Origin but http:// one of those.  A DNS-rebinding page sends its own name in both."""
    def local(name: str) -> bool:
        for loop in LOOPBACK_NAMES:
            if name == loop or name == f"{loop}:{port}":
                return True
        return False
    if host is not None and not local(host.strip().lower()):
        return False
    if origin is not None and origin != "null":
        o = origin.strip().lower()
        return o.startswith("http://") and local(o[len("http://"):])
    return True


class _Handler(BaseHTTPRequestHandler):
    view: View
    server_version = "pnp-watch"
    timeout = IDLE_S

    def log_message(self, format: str, *args: Any) -> None:      # noqa: A002 — the base class's name
        pass            # the terminal is the watcher's

    def do_GET(self) -> None:  # noqa: N802 — http.server's name
        path = urlsplit(self.path).path
        port = self.server.server_address[1] if isinstance(self.server.server_address, tuple) else 0
        if not addressed_here(self.headers.get("Host"), self.headers.get("Origin"), int(port)):
            self._send(403, "text/plain; charset=utf-8", b"this page answers only http://127.0.0.1 (and localhost)\n")
        elif path == "/":
            self._send(200, "text/html; charset=utf-8", self.view.page().encode())
        elif path == "/body":
            self._send(200, "text/html; charset=utf-8", self.view.body().encode(),
                       {"X-View": str(self.view.number)})
        elif path == "/events":
            self._events()
        elif path.startswith("/view/"):
            png = self.view.image(unquote(path[len("/view/"):]))
            if png is None:
                self._send(404, "text/plain; charset=utf-8", b"no such image\n")
            else:
                self._send(200, "image/png", png, {"Cache-Control": "max-age=3600"})
        elif path.startswith("/files/"):
            found = listed_file(self.view.out_dir, path[len("/files/"):])
            if found is None:
                self._send(404, "text/plain; charset=utf-8", b"no such file in the output folder\n")
            else:
                kind = mimetypes.guess_type(found.name)[0] or "application/octet-stream"
                if kind not in ("application/pdf", "image/png", "application/json"):
                    kind = "application/octet-stream"       # never a page of its own in the browser
                try:
                    data = found.read_bytes()
                except OSError:
                    self._send(404, "text/plain; charset=utf-8", b"no such file in the output folder\n")
                    return
                self._send(200, kind, data, {"Cache-Control": "no-store"})
        else:
            self._send(404, "text/plain; charset=utf-8", b"not found\n")

    def _send(self, status: int, kind: str, data: bytes, headers: dict[str, str] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("X-Content-Type-Options", "nosniff")
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        try:
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def _events(self) -> None:
        """The Server-Sent Events stream: the view's number at once, then at every change."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        view, seen = self.view, -1
        try:
            self.wfile.write(b"retry: 500\n\n")
            while True:
                with view.changed:
                    view.changed.wait_for(partial(_moved, view, seen), timeout=15)
                    closed, number = view.closed, view.number
                if closed:
                    return
                if number != seen:
                    seen = number
                    self.wfile.write(f"data: {number}\n\n".encode())
                else:
                    self.wfile.write(b": still here\n\n")
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError, OSError):
            return


def _moved(view: View, seen: int) -> bool:
    return view.number != seen or view.closed


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.slots = threading.BoundedSemaphore(MAX_CONNECTIONS)

    def process_request(self, request: Any, client_address: Any) -> None:
        """A thread per connection, at most MAX_CONNECTIONS: one more is told 503 and closed at once."""
        if not self.slots.acquire(blocking=False):
            try:
                request.sendall(b"HTTP/1.0 503 Service Unavailable\r\nContent-Length: 0\r\nRetry-After: 1\r\n\r\n")
            except OSError:
                pass
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.slots.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()


def start_server(view: View, port: int) -> ThreadingHTTPServer:
    """Serve the view on 127.0.0.1:port (0: any free port) in a thread of its own."""
    handler = type("Handler", (_Handler,), {"view": view})
    try:
        server = _Server((HOST, port), handler)
    except OSError as e:
        raise PnpError(f"--serve {port}: " + msg("commands.cannot_listen", address=f"{HOST}:{port}",
                                                 why=(e.errno, e.strerror or str(e)))) from None
    threading.Thread(target=server.serve_forever, name="pnp-serve", daemon=True).start()
    return server


def attach(view: View, watcher: Watcher) -> None:
    """Keep the view up to date with the watcher's builds."""
    from ..data.project import Project

    def listen(event: str, details: dict[str, Any]) -> None:
        try:
            if event == "step":
                build = details["build"]
                if build.result is not None:
                    decks = {w.unit.split("/")[1] for w in build.drawn if w.unit.startswith("deck/")}
                    if build.game_id not in view.games:
                        view.show_cards(build.result.game)
                    elif decks:
                        view.show_cards(build.result.game, decks)
                    view.show_files(build.game_id)
                    view.bump()
            elif event == "built":
                for gid in details["games"]:
                    if gid not in view.games:       # nothing to draw: the game was not even loaded
                        view.show_cards(Project(watcher.project_dir).load_game(gid))
                    view.show_files(gid)
                view.show_built(list(details["games"]), float(details["seconds"]))
                view.bump()
            elif event == "problems":
                view.show_problems(list(details["problems"]), str(details["message"]))
                view.bump()
        except (DataError, PnpError, OSError) as e:
            watcher.echo(msg("serve.error", error=str(e)))
    watcher.listeners.append(listen)


def serve_watch(watcher: Watcher, port: int, opened: threading.Event | None = None) -> None:
    """Run the watcher with its page served on 127.0.0.1:port until it stops."""
    view = View(watcher.project_dir, watcher.out_dir)
    attach(view, watcher)
    server = start_server(view, port)
    watcher.serving = server.server_address[1]
    watcher.echo(msg("serve.serving", url=f"http://{HOST}:{server.server_address[1]}/"))
    if opened is not None:
        opened.set()
    try:
        watcher.run()
    finally:
        view.close()
        server.shutdown()
        server.server_close()

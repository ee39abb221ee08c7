"""Issue 29, "Reliability, second review: hostile inputs" — the smaller points: ids too long for a file
name, a watch that meets a half-saved spreadsheet, usage errors, output paths checked before the work."""
from __future__ import annotations

import zipfile

import pytest

from .conftest import run_capped
from .sheetbombs import cards_rows, rows_xml, sheet_project, worksheet, write_xlsx

MEMORY = 2 * 1024 ** 3


def test_a_260_character_deck_id_is_refused_by_validate(tmp_path):
    """It passed validate and failed build with 「File name too long」."""
    project = sheet_project(tmp_path, "cards.csv", cards=6)
    deck = project / "components/mini/cards.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("id: cards\n", "id: " + "d" * 260 + "\n"),
                    encoding="utf-8")
    for command in (("validate", "mini", "--games", "1"), ("build", "mini", "--out", "out")):
        run = run_capped(*command, cwd=project, seconds=120, memory=MEMORY)
        said = run.stdout + run.stderr
        assert run.returncode == 1 and "Traceback" not in said and "File name too long" not in said, said[-2000:]
        assert "components/mini/cards.yaml:" in said and "id: " in said and "is too long" in said, said[-2000:]


def test_watch_survives_a_spreadsheet_saved_half_way(tmp_path, monkeypatch):
    from pnp.commands.watch import Watcher
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    project = sheet_project(tmp_path, "cards.xlsx")
    sheet = project / "components/mini/cards.xlsx"
    write_xlsx(sheet, worksheet(rows_xml(cards_rows())), compression=zipfile.ZIP_STORED)
    good = sheet.read_bytes()
    lines: list[str] = []
    w = Watcher(project, ["mini"], project / "out", interval=0.05, preview=False, echo=lines.append)
    assert w.build(["mini"]), lines
    sheet.write_bytes(good[:len(good) // 2])               # Excel's save caught half-way
    assert not w.build(["mini"])
    assert any("components/mini/cards.xlsx: not a spreadsheet" in ln for ln in lines), lines
    # caught as new bytes were written over the old ones: the headers' CRC no longer matches
    sheet.write_bytes(good.replace(b"sun-2", b"sun-9"))
    assert not w.build(["mini"])                            # (it was a BadZipFile traceback that ended the watch)
    assert any("cards.xlsx: xl/worksheets/sheet1.xml: damaged zip member (Bad CRC-32" in ln for ln in lines), lines
    sheet.write_bytes(good)
    assert w.build(["mini"]), lines


def test_watch_survives_an_unexpected_failure(tmp_path, monkeypatch):
    from pnp.commands import watch
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    project = sheet_project(tmp_path, "cards.xlsx")
    write_xlsx(project / "components/mini/cards.xlsx", worksheet(rows_xml(cards_rows())))
    lines: list[str] = []
    w = watch.Watcher(project, ["mini"], project / "out", interval=0.05, preview=False, echo=lines.append)

    def broken(*_a, **_k):
        raise zipfile_error()
    monkeypatch.setattr(watch, "build_project", broken)
    assert not w.build(["mini"])
    assert lines[-2:] == ["the build stopped: BadZipFile: File is not a zip file",
                          "the last good files stay; save again to build again"]


def zipfile_error():
    import zipfile
    return zipfile.BadZipFile("File is not a zip file")


def test_a_policy_list_of_commas_is_a_usage_error(tmp_path):
    project = sheet_project(tmp_path, "cards.csv", cards=6)
    run = run_capped("simulate", "mini", "--policy", ",,,", "--games", "2", cwd=project, seconds=60, memory=MEMORY)
    assert run.returncode == 2 and "Invalid value for '--policy': ',,,' names no policy" in run.stderr, run.stderr


def test_an_unwritable_json_is_refused_before_the_games_are_played(tmp_path):
    """simulate --json /proc/x played every game and failed only then (naming a temporary file)."""
    from pnp.commands.scaffold import new_game
    new_game(tmp_path, "mini", engine=True)
    for command in (("simulate", "mini", "--games", "1000000", "--json", "/proc/x"),
                    ("simulate", "mini", "--games", "1000000", "--report", "/proc/x/report.pdf"),
                    ("play", "mini", "--json", "/proc/x")):
        run = run_capped(*command, cwd=tmp_path, seconds=30, memory=MEMORY)
        said = run.stdout + run.stderr
        assert run.returncode == 1 and "Traceback" not in said, said[-2000:]
        assert said.strip().endswith("cannot write in /proc: No such file or directory"), said[-2000:]
        assert ".tmp" not in said and "完了" not in said, said[-2000:]


def test_a_failed_write_names_the_output_not_its_temporary_file(tmp_path):
    import errno

    from pnp.files import atomic_path
    target = tmp_path / "summary.json"
    with pytest.raises(OSError) as caught:
        with atomic_path(target) as tmp:
            raise OSError(errno.ENOSPC, "No space left on device", str(tmp))
    assert caught.value.filename == str(target) and caught.value.errno == errno.ENOSPC
    assert list(tmp_path.iterdir()) == []


def _server(reply: bytes | None):
    """A loopback port that accepts connections and then says nothing (reply None) or sends reply."""
    import socket
    import threading
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(8)
    stop = threading.Event()
    held = []

    def serve():
        sock.settimeout(0.2)
        while not stop.is_set():
            try:
                conn, _ = sock.accept()
            except OSError:
                continue
            held.append(conn)
            if reply is not None:
                try:
                    conn.sendall(reply)
                except OSError:
                    pass
    threading.Thread(target=serve, daemon=True).start()
    return sock.getsockname()[1], stop, sock, held



@pytest.mark.parametrize("reply, message", [
    (None, "accepts connections but did not answer within 2 s as a Dask scheduler does"),
    (b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n", "is not a Dask scheduler (it answered 'HTTP/1.1')"),
], ids=["silent", "http"])
def test_an_executor_port_that_is_not_a_scheduler_is_one_line_within_the_timeout(tmp_path, reply, message):
    """With a 2 s timeout (the limit's override) instead of the default 10 s, which
    test_the_engine_call_budget_is_10_s_unless_overridden keeps."""
    pytest.importorskip("distributed")
    from pnp.commands.scaffold import new_game
    new_game(tmp_path, "mini", engine=True)
    port, stop, sock, held = _server(reply)
    try:
        run = run_capped("simulate", "mini", "--games", "5", "--executor", f"dask://127.0.0.1:{port}", cwd=tmp_path,
                         seconds=90, memory=MEMORY, env={"PNP_EXECUTOR_CONNECT_SECONDS": "2"})
    finally:
        stop.set()
        for conn in held:
            conn.close()
        sock.close()
    said = run.stdout + run.stderr
    assert run.returncode == 1 and "Traceback" not in said and "MemoryError" not in said, said[-2000:]
    assert message in said and len(said.strip().splitlines()) == 1, said

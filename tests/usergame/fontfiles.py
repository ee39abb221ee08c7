"""Font collections for tests, written byte by byte: a TrueType collection (.ttc) of the bundled
faces, and faces with PostScript (CFF) outlines like Noto Sans CJK's (only their tables' directory and
names: enough for pnp to tell what they are)."""
from __future__ import annotations

import struct
from pathlib import Path


def _name_table(names: dict[int, str]) -> bytes:
    records, strings = b"", b""
    for name_id, text in sorted(names.items()):
        raw = text.encode("utf-16-be")
        records += struct.pack(">HHHHHH", 3, 1, 0x409, name_id, len(raw), len(strings))
        strings += raw
    return struct.pack(">HHH", 0, len(names), 6 + 12 * len(names)) + records + strings


def cff_face(family: str) -> bytes:
    """An 'OTTO' face with a name table (family, full and PostScript name) and an empty CFF table."""
    name = _name_table({1: family, 4: f"{family} Regular", 6: family.replace(" ", "") + "-Regular"})
    tables = [(b"CFF ", b"\x01\x00\x04\x02"), (b"name", name)]
    head = b"OTTO" + struct.pack(">HHHH", len(tables), 16, 0, 0)
    offset = 12 + 16 * len(tables)
    directory, body = b"", b""
    for tag, data in tables:
        directory += tag + struct.pack(">III", 0, offset + len(body), len(data))
        body += data + b"\0" * (-len(data) % 4)
    return head + directory + body


def collection(path: Path, faces: list[bytes]) -> Path:
    """A .ttc holding the given font files (each a whole .ttf/.otf), table offsets moved to their place."""
    header_len = 12 + 4 * len(faces)
    header_len += -header_len % 4
    offsets, blob = [], b""
    for face in faces:
        base = header_len + len(blob)
        offsets.append(base)
        n = struct.unpack(">H", face[4:6])[0]
        patched = bytearray(face)
        for t in range(n):
            at = 12 + 16 * t + 8
            patched[at:at + 4] = struct.pack(">I", struct.unpack(">I", face[at:at + 4])[0] + base)
        blob += bytes(patched) + b"\0" * (-len(patched) % 4)
    header = b"ttcf" + struct.pack(">HHI", 1, 0, len(faces)) + b"".join(struct.pack(">I", o) for o in offsets)
    path.write_bytes(header + b"\0" * (header_len - len(header)) + blob)
    return path

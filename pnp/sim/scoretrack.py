"""Which printed track the score-track figures read.

The figure ("how many games end with every score on the track") is about the track the players hold,
so its range comes from the track part in the game's data (its YAML ``start``/``end``), not from a
number the engine keeps.  An engine names the track by id (``score_track = "score"``); an engine that
gives a range (``score_track = (0, 50)``) is matched with the printed tracks, and when the game prints
one track of another range, the printed one is used and the difference is reported (a track lengthened
to 0–90 in its YAML is checked as 0–90, never against the engine's stale 0–50).
"""
from __future__ import annotations

from typing import Any

from ..messages import did_you_mean, msg


class ScoreTrack(tuple):  # type: ignore[type-arg]
    """(lowest, highest) of the track the figures read, and where that range comes from."""

    source_ja: str          # e.g. 「components/mygame/score.yaml の「得点トラック」（印刷するトラックの start・end）」
    mismatch: str           # empty, or why the engine's own range was not used

    def __new__(cls, lo: int, hi: int, source_ja: str, mismatch: str = "") -> ScoreTrack:
        self = super().__new__(cls, (lo, hi))
        self.source_ja = source_ja
        self.mismatch = mismatch
        return self

    def __getnewargs__(self) -> tuple[Any, ...]:      # pickled to spawned workers with its words
        return (self[0], self[1], self.source_ja, self.mismatch)


def _tracks(game: Any) -> list[Any]:
    return [p for p in getattr(game, "parts", ()) if getattr(p, "kind", "") == "track"]


def _span(track: Any) -> tuple[int, int]:
    return min(track.start, track.end), max(track.start, track.end)


def _printed(track: Any) -> str:
    return f"{track.file} の「{track.name}」（印刷するトラックの start・end）"


def resolve_score_track(game: Any, declared: Any) -> ScoreTrack | None:
    """The score track the figures read; None when the engine declares none.  Raises ValueError for an
    id that names no track of the game."""
    if declared is None or declared == () or declared == "":
        return None
    if isinstance(declared, ScoreTrack):
        return declared
    tracks = _tracks(game)
    if isinstance(declared, str):
        found = [t for t in tracks if t.id == declared]
        if not found:
            ids = ", ".join(repr(t.id) for t in tracks) or msg("sim.word_none")
            raise ValueError(msg("sim.no_such_track", track=declared, tracks=ids,
                                                   hint=did_you_mean(declared, [t.id for t in tracks])))
        lo, hi = _span(found[0])
        return ScoreTrack(lo, hi, _printed(found[0]))
    lo, hi = (int(v) for v in declared)
    same = [t for t in tracks if _span(t) == (lo, hi)]
    if same:
        return ScoreTrack(lo, hi, _printed(same[0]))
    if len(tracks) == 1:
        t = tracks[0]
        plo, phi = _span(t)
        why = (f"the engine's score_track is {lo}–{hi}, the printed track {t.id!r} ({t.file}) "
               f"runs {plo}–{phi}; the figures read the printed track (write score_track = {t.id!r} "
               "in the engine so it follows the data)")
        return ScoreTrack(plo, phi, _printed(t) + f"。エンジンの score_track（{lo}〜{hi}）は使わない", why)
    if tracks:
        names = ", ".join(f"{t.id!r} {_span(t)[0]}–{_span(t)[1]}" for t in tracks)
        why = (f"the engine's score_track is {lo}–{hi}, no printed track has that range ({names}); "
               "name the score track by id (score_track = \"…\")")
        return ScoreTrack(lo, hi, f"エンジンの score_track（{lo}〜{hi}、印刷されたトラックのどれとも違う）", why)
    return ScoreTrack(lo, hi, f"エンジンの score_track（{lo}〜{hi}。このゲームのデータに印刷するトラックはない）")

"""探偵無宿２: the result — ranks by VP and the tie-break, and the figures the report reads."""
from __future__ import annotations

from ...sim.engine import Result
from .facts import Facts
from .questions import END_REASONS_JA
from .state import State


def best_serial(f: Facts, s: State, seat: int) -> int:
    """The tie-break: 「通し番号のより小さいイベントカードを【手帳】に配置している方」 — face-up and
    face-down cards alike are placed in the 【手帳】 (variant tie-face-up: face-up cards only)."""
    cards = s.up[seat] if s.tie_up else s.up[seat] + s.down[seat]
    return min((f.ev_serial[e] for e in cards), default=10_000)


def result(f: Facts, s: State) -> Result:
    n = s.n
    key = [(-s.vp[i], best_serial(f, s, i)) for i in range(n)]
    ranks = tuple(1 + sum(1 for j in range(n) if key[j] < key[i]) for i in range(n))
    top = [i for i in range(n) if ranks[i] == 1]
    tie_break = sum(1 for i in range(n) if s.vp[i] == max(s.vp)) > 1
    ja = END_REASONS_JA.get(s.end_reason, "") if s.end_reason else ""
    cards_used: dict[str, int] = {}
    for seat, e in s.st_used:                 # the first seat that put each card into effect
        cards_used.setdefault(f.ev_id[e], seat)
    extra = {
        "rounds": s.round, "deaths": s.ndead, "lamp_deaths": s.st_lamp_deaths,
        "victims": [f.person_ids[p] for p in s.st_deaths],
        "facedown_placed": s.st_down, "facedown_flipped": s.st_flip, "facedown_flip_vp": s.st_flip_vp,
        "facedown_kept": s.st_kept, "facedown_lost": s.st_lost,
        "subs": s.st_subs, "subs_dead": s.st_subs_dead, "flash": s.st_flash, "turns": s.st_turns,
        "skills": s.skills, "tie_break_serial": tie_break and len(top) == 1,
        "watashi": [f.watashi_ids[w] if w >= 0 else None for w in s.watashi],
        "winner_watashi": [f.watashi_ids[s.watashi[i]] for i in top if s.watashi[i] >= 0],
        "vp": list(s.vp), "lamps_at_end": s.lamps,
        "used": [[f.ev_serial[e] for w, e in s.st_used if w == i] for i in range(n)],
        "per_seat": {"watashi": [f.watashi_names[w] if w >= 0 else None for w in s.watashi]},
        "watashi_names": {f.watashi_ids[w]: f.watashi_names[w] for w in range(len(f.watashi_ids))},
        "cards_used": cards_used, "facedown_cubes": s.st_cubes,
        # the opening hands: the deal, not the players, decides who holds a card (the causal card figure)
        "cards_dealt": {f.ev_id[e]: seat for seat, hand in enumerate(s.st_dealt) for e in hand},
    }
    return Result(tuple(float(v) for v in s.vp), ranks, s.end_reason or "unfinished", ja, extra)


def progress(s: State) -> tuple[int, tuple[float, ...]]:
    return s.round, tuple(float(v) for v in s.vp)


def score_history(s: State) -> tuple[tuple[float, ...], ...]:
    return tuple(tuple(float(v) for v in h) for h in s.hist)

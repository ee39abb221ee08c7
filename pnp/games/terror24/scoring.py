"""How a game of 24 ends: the ranking, the result with the figures the report reads, the standing scores."""
from __future__ import annotations

from ...sim.engine import Result
from .conditions import third
from .facts import ST_DEATH, ST_FAIL, ST_GREAT, ST_INJ, ST_LAST_DEATHS, ST_LAST_DICE, ST_SIZE, ST_SUCC, ST_USED, Facts
from .state import State


def ranking(facts: Facts, s: State) -> list[int]:
    # 「このハンドのプレイ順の、最も遅いプレイヤー」 in the final hand; before it 「親から時計回りで
    # 近い方」, from hand 2 「最もプレイ順番が早い」 (pos is the seat in hand 1)
    sign = -1 if third(s) else 1
    pos, vp = s.pos, s.vp
    return sorted(range(s.n), key=lambda i: (-vp[i], sign * pos[i]))


def result(facts: Facts, s: State) -> Result:
    ranked = ranking(facts, s)
    ranks = [0] * s.n
    for r, seat in enumerate(ranked, 1):
        ranks[seat] = r
    top = s.vp[ranked[0]]
    tied = sum(1 for v in s.vp if v == top)
    st = s.stats
    colour = {}
    for ci, cname in enumerate(("green", "red")):
        b = 6 * ci
        colour[cname] = {"used": st[b + ST_USED], "success": st[b + ST_SUCC],
                         "great": st[b + ST_GREAT], "fail": st[b + ST_FAIL],
                         "injuries": st[b + ST_INJ], "deaths": st[b + ST_DEATH]}
    h1 = s.vp_hist[0] if s.vp_hist else s.vp
    lead = max(h1)
    extra = {
        "per_seat": {"detective": [facts.det_names[d] if d >= 0 else None for d in s.det]},
        "detectives": [facts.det_ids[d] if d >= 0 else None for d in s.det],
        "hands": s.hands,
        "variant": s.variant,
        "vp_by_hand": [list(v) for v in s.vp_hist],
        "vp_raw_by_hand": [list(v) for v in s.vp_raw],
        "hand1_leaders": [i for i in range(s.n) if h1[i] == lead],
        "hand1_gap": lead - sorted(h1)[-2],
        "final_order": list(s.order),
        "tie_for_first": tied > 1,
        "tie_break_incident_first_card": s.tb_first,
        "tie_break_incident_order": s.tb_order,
        "incidents": s.incidents,
        "ht_incidents": s.ht_incidents,
        "clashes": s.clashes,
        "dice": colour,
        "deaths_by_hand": list(s.deaths_hand),
        # the last hand, by incident (1–5): dice rolled per colour, and deaths
        "last_hand_dice": {"green": st[ST_LAST_DICE:ST_LAST_DICE + 5], "red": st[ST_LAST_DICE + 5:ST_LAST_DEATHS]},
        "last_hand_deaths": st[ST_LAST_DEATHS:ST_SIZE],
    }
    return Result(scores=tuple(float(v) for v in s.vp), ranks=tuple(ranks),
                  end_reason="hands_exhausted",
                  end_reason_ja=f"{s.hands}ハンド終了", extra=extra)


def progress(facts: Facts, s: State) -> tuple[int, tuple[float, ...]]:
    return s.hand_no, tuple(float(v) for v in s.vp)


def score_history(facts: Facts, s: State) -> list[tuple[float, ...]]:
    """The VP as they stood before the step that closed each hand (a hand's last incident or its
    last 残す choice), then the VP now: what the runner's sampling of ``progress`` recorded, without
    calling it after every step."""
    return [tuple(float(v) for v in vp) for vp in s.vp_steps] + [tuple(float(v) for v in s.vp)]

"""What `pnp play` shows for EBE, in Japanese: what a player at the table sees.

Lines come from comparing the state before and after each step (the engine runs the イーバ, penalties
and failed explorations on its own inside a step), so every change at the table is told: who receives
each die, where the イーバ appears, the event and its effects, damage, drones, missions built and the
station life, with a summary at the end of each round.  The face-down イーバカード is never named before
the reveal.
"""
from __future__ import annotations

from typing import Any

from ...sim.engine import Result
from .actions import Deal
from .facts import (
    AREA_NAMES,
    END_REASONS_JA,
    INFO_BASE,
    P_ACT,
    P_CHOOSE,
    P_DICE,
    P_DRONE,
    P_END,
    RES_NAMES,
    Facts,
)
from .pieces import played_area
from .state import State
from .variants import R_CLOSED


def seat_name(seat: int) -> str:
    return f"{seat + 1}番席"


def _who(f: Facts, s: State, p: int) -> str:
    """The character's given name and the seat: ミナト（1番席）."""
    if not s.chars:
        return seat_name(p)
    return f"{f.char_names[s.chars[p]].split('（')[0]}（{p + 1}番席）"


def _cost_text(f: Facts, m: int) -> str:
    return "・".join(f"{RES_NAMES[r]}{k}" for r, k in enumerate(f.mission_cost[m]) if k)


def _holdings(f: Facts, s: State, p: int) -> str:
    res = "・".join(f"{RES_NAMES[r]}{k}" for r, k in enumerate(s.res[p]) if k) or "資源なし"
    items = [f.item_names[i] for i in s.items[p]]
    items += [f.item_names[t - INFO_BASE] for t in s.hand[p] if t >= INFO_BASE]
    return (f"ダメージ{s.dmg[p]}／ライフ{f.char_life[s.chars[p]]}、{res}、武器{s.weap[p]}"
            + (f"、{'・'.join(items)}" if items else ""))


def describe_setup(f: Facts, s: State) -> list[str]:
    lines = []
    for p, c in enumerate(s.chars):
        areas = "・".join(AREA_NAMES[a] for a in f.char_areas[c])
        lines.append(f"{p + 1}番席：{f.char_names[c]}、ライフ{f.char_life[c]}、"
                     f"インベントリ{f.char_inv[c]}、探索カード {areas}、武器1")
    if s.missions:
        lines.append("ミッション：" + "、".join(f.mission_names[m] for m in s.missions))
    lines.append(f"ステーションライフ：{s.life_start}")
    return lines


def narrate(f: Facts, before: State, action: Any, after: State) -> list[str]:
    b, a = before, after
    lines: list[str] = []
    if isinstance(action, Deal):
        lines += _deal_lines(f, b, action, a)
    if b.phase != P_CHOOSE and a.phase == P_CHOOSE and a.ebe_die:
        dice = [f"イーバ{'' if len(a.ebe_die) == 1 else k + 1} {d}" for k, d in enumerate(a.ebe_die)]
        dice += [f"{_who(f, a, p)} {a.die[p]}" for p in range(a.n)]
        lines.append("　サイコロの割り振り：" + "、".join(dice))
    if not b.revealed and a.revealed:
        lines += _reveal_lines(f, b, a)
    if b.phase == P_DICE and (a.die != b.die or a.ebe_die != b.ebe_die):
        lines.append("　サイコロの目：" + "、".join([f"イーバ {d}" for d in a.ebe_die]
                                                + [f"{_who(f, a, p)} {a.die[p]}" for p in range(a.n)]))
    lines += _table_changes(f, b, a)
    return lines

# -- the chance steps
def _deal_lines(f: Facts, b: State, d: Deal, a: State) -> list[str]:
    if d.deck == "missions":
        return ["　ミッション：" + "、".join(f"「{f.mission_names[m]}」（{_cost_text(f, m)}）"
                                          for m in a.missions)]
    if d.deck == "events":
        e = a.event
        body = " ".join(f.event_body[e].split())
        lines = [f"■ ラウンド{a.rnd} 開始", f"　イベント「{f.event_names[e]}」：{body}"]
        return lines
    if d.deck == "drones":
        where = []
        for area in range(7):
            if a.drone_at[area] >= 0:
                it = a.drone_item[area]
                where.append(f"{AREA_NAMES[area]}（{f.item_names[it] if it >= 0 else 'アイテムなし'}）")
        return ["　ドローン：" + "、".join(where)]
    if d.deck == "ebe":
        k = len(a.ebe_now)
        return [f"　ターン{a.turn}：イーバカードを{k}枚、裏向きに置く"]
    return []


def _reveal_lines(f: Facts, b: State, a: State) -> list[str]:
    lines = []
    shown = "、".join(f"{AREA_NAMES[f.ebe_area[c]]}（目{b.ebe_die[k]}）" for k, c in enumerate(a.ebe_now))
    lines.append(f"　イーバカード公開：{shown}")
    if a.pmod or a.emod:
        ev = f.event_names[a.event]
        lines.append(f"　イベント「{ev}」でサイコロの目が変わる：" + "、".join(
            [f"イーバ {d}" for d in a.ebe_die] + [f"{_who(f, a, p)} {a.die[p]}" for p in range(a.n)]))
    return lines

# -- what changed on the table
def _table_changes(f: Facts, b: State, a: State) -> list[str]:
    """What one step changed on the table, from before (b) to after (a), in the order of play: the
    turn order, the station, damage, failed explorations, the acting player, built missions, the
    round's or the game's end."""
    if not b.chars:
        return []
    lines = _order_lines(f, b, a)
    event_loss = f.event_cond[b.event][4] if a.events_failed > b.events_failed else 0
    ebe_loss = b.station - a.station - event_loss
    if ebe_loss:
        lines.append(f"　ステーションライフ {b.station} → {b.station - ebe_loss}（イーバの目）")
    lines += _damage_lines(f, b, a)
    lines += _failure_lines(f, b, a)
    lines += _explorer_lines(f, b, a)
    for m in a.built:
        if m not in b.built:
            lines.append(f"　ミッション「{f.mission_names[m]}」完成（{len(a.built)}／{len(a.missions)}）")
    # the round's end (event check), or the game's
    if len(a.station_hist) > len(b.station_hist):
        lines += _round_end_lines(f, b, a, a.station + event_loss)
    elif a.phase == P_END and b.phase != P_END:
        lines.append(f"　ゲーム終了：{END_REASONS_JA[a.end]}")
    return lines


def _order_lines(f: Facts, b: State, a: State) -> list[str]:
    """The turn order, once the dice are revealed: イーバ and players by their dice."""
    if not (a.order and not b.order):
        return []
    steps = []
    for die, kind, who in a.order:
        if kind == 0:
            steps.append(f"イーバ（{AREA_NAMES[f.ebe_area[a.ebe_now[who]]]}、目{die}）")
        else:
            steps.append(f"{_who(f, a, who)}（{AREA_NAMES[played_area(f, a, who)]}、目{die}）")
    return ["　手番の順：" + " → ".join(steps)]


def _damage_lines(f: Facts, b: State, a: State) -> list[str]:
    """Damage taken, and healing outside a player's own actions (those narrate themselves)."""
    lines = []
    for p in range(a.n):
        if a.dmg[p] > b.dmg[p]:
            lines.append(f"　{_who(f, a, p)}が{a.dmg[p] - b.dmg[p]}ダメージ"
                         f"（ダメージ{a.dmg[p]}／ライフ{f.char_life[a.chars[p]]}）")
        elif a.dmg[p] < b.dmg[p] and b.phase not in (P_ACT,):
            lines.append(f"　{_who(f, a, p)}が{b.dmg[p] - a.dmg[p]}回復（ダメージ{a.dmg[p]}）")
    return lines


def _failure_lines(f: Facts, b: State, a: State) -> list[str]:
    """Explorations that fail: an イーバ in the area first, or (option closed) a 立入禁止 area."""
    lines = []
    for p in range(a.n):
        if a.failed[p] and not b.failed[p] and a.revealed and a.order:
            if a.rules & R_CLOSED and a.seen_prev >> played_area(f, a, p) & 1:
                lines.append(f"　{_who(f, a, p)}は立入禁止のエリアしか出せず、この手番は何もできない")
            else:
                lines.append(f"　{_who(f, a, p)}の探索は失敗（同じエリアにイーバ）")
    return lines


def _explorer_lines(f: Facts, b: State, a: State) -> list[str]:
    """The acting player's arrival: an イーバ driven off, a drone met, his turn begun with its AP."""
    lines = []
    if a.ebe_repelled > b.ebe_repelled and a.cur >= 0:
        lines.append(f"　{_who(f, a, a.cur)}が武器{b.weap[a.cur] - a.weap[a.cur]}個でイーバを撃退")
    if a.phase == P_DRONE and (b.phase != P_DRONE or b.cur != a.cur):
        area = played_area(f, a, a.cur)
        it = a.drone_item[area]
        lines.append(f"　{_who(f, a, a.cur)}：{AREA_NAMES[area]}にドローン"
                     f"（{f.item_names[it] if it >= 0 else 'アイテムなし'}）")
    for p in (p for p in a.success if p not in b.success):
        lines.append(f"　{_who(f, a, p)}の手番：{AREA_NAMES[played_area(f, a, p)]}で{a.ap}AP")
    return lines


def _round_end_lines(f: Facts, b: State, a: State, before_event: int) -> list[str]:
    rnd = b.rnd
    ev = f.event_names[b.event] if b.event >= 0 else ""
    if a.events_failed > b.events_failed:
        head = f"　イベント「{ev}」未達成"
    elif a.events_paid > b.events_paid:
        head = f"　イベント「{ev}」：支払って達成"
    else:
        head = f"　イベント「{ev}」達成"
    lines = [head]
    if a.station != before_event:
        lines.append(f"　ステーションライフ {before_event} → {a.station}（イベント）")
    if a.boosted != b.boosted:
        new = [AREA_NAMES[x] for x in range(7) if (a.boosted & ~b.boosted) >> x & 1]
        lines.append(f"　報酬：以後、{'・'.join(new)}の探索は+1AP")
    lines.append(f"■ ラウンド{rnd} 終了：ステーションライフ{a.station}、"
                 f"ミッション{len(a.built)}／{len(a.missions)}")
    for p in range(a.n):
        lines.append(f"　{_who(f, a, p)}：{_holdings(f, a, p)}")
    if a.phase == P_END:
        lines.append(f"　ゲーム終了：{END_REASONS_JA[a.end]}")
    return lines


def describe_result(f: Facts, s: State, result: Result) -> list[str]:
    lines = [f"ラウンド{s.rnd}まで、ステーションライフ{s.station}、ミッション{len(s.built)}／{len(s.missions)}完成"]
    if s.end == "death":
        dead = [_who(f, s, p) for p in range(s.n) if s.dmg[p] >= f.char_life[s.chars[p]]]
        lines.append("死亡：" + "、".join(dead))
    lines.append("チームの" + ("勝利（全員で脱出）" if s.end == "escape" else "敗北"))
    return lines



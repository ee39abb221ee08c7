"""One turn after the dice are set: the reveal, the order of イーバ and players, penalties and damage,
drones, and the actions a successful explorer takes (area actions, items, exchanges)."""
from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter

from ...messages import msg
from .actions import Act, Convert, EndTurn, Gain, Give, Heal, Load, UseItem
from .facts import (
    A_FAB,
    A_MED,
    AREA_GAIN,
    INFO_BASE,
    ITEM_BASE,
    K_HEAL,
    K_LOAD,
    K_USE,
    MAX_TRADES,
    P_ACT,
    P_DRONE,
    P_RESOLVE,
    TRADE_CAP,
    WEAPON,
    Effect,
    Facts,
    act,
    pack_load,
    pass_code,
    pass_kind,
    unpack_load,
)
from .pieces import damage, note_cubes, played_area
from .rounds import turn_end
from .state import State
from .variants import (
    R_ADJ_ONCE,
    R_CLOSED,
    R_EBE_STR1,
    R_EBE_STR2,
    R_FLOOR_FIRST,
    R_HEAL_ANY,
    R_LOAD_ALL,
    R_TRADE_CAP,
    R_TRADE_LIMIT,
)

GIVE_ORDER = attrgetter("giver", "receiver", "what")     # the order of gives (a tuple, compared in C)


def act_legal(f: Facts, s: State) -> list[Act]:
    """A successful explorer's actions: end the turn, the area's action while AP lasts (or the
    engineer's free conversion), the items he holds, and the exchanges with partners in the area."""
    p = s.cur
    out = [f.act_done]
    area = played_area(f, s, p)
    if s.ap > 0:
        _AREA_LEGAL.get(area, _gain_legal)(f, s, p, area, out)
    elif s.free_conv and area == A_FAB:
        _convert_legal(f, s, s.res[p], out)
    if s.items[p]:
        _use_legal(f, s, p, out)
    # the list so far is in order (kind, then a, b, c); only the exchanges need sorting
    gives = len(out)
    if s.rules & R_TRADE_LIMIT:
        if s.trades < MAX_TRADES:
            _limited_trade_legal(f, s, p, area, out)
    elif not s.rules & R_TRADE_CAP or s.trades < TRADE_CAP:
        _trade_legal(f, s, p, area, out)
    if len(out) - gives > 1:
        out[gives:] = sorted(out[gives:], key=GIVE_ORDER)
    return out


def _heal_legal(f: Facts, s: State, p: int, area: int, out: list[Act]) -> None:
    """医務室: heal one's own damage (variant heal-any: anyone's)."""
    if s.dmg[p] > 0:
        out.append(f.act_heal)
    if s.rules & R_HEAL_ANY:
        # variant heal-any (ruling heal-f, option anyone): 「ほかの人のダメージも回復できる」
        for q in range(s.n):
            if q != p and s.dmg[q] > 0:
                out.append(act(f, K_HEAL, q + 1))


def _fab_legal(f: Facts, s: State, p: int, area: int, out: list[Act]) -> None:
    """製作所: convert a resource, or load resources onto a mission."""
    res = s.res[p]
    _convert_legal(f, s, res, out)
    for m in s.missions:
        cost, ld = f.mission_cost[m], s.loaded[m]
        most = [min(res[r], cost[r] - ld[r]) for r in range(4)]
        if not any(most):
            continue
        if s.rules & R_LOAD_ALL:
            out.append(act(f, K_LOAD, m, pack_load(most)))
            continue
        # every amount (the draft: 「好きなだけ乗せる」), in the order of the packed code
        for a3 in range(most[3] + 1):
            for a2 in range(most[2] + 1):
                for a1 in range(most[1] + 1):
                    for a0 in range(most[0] + 1):
                        if a0 or a1 or a2 or a3:
                            out.append(act(f, K_LOAD, m, pack_load((a0, a1, a2, a3))))


def _gain_legal(f: Facts, s: State, p: int, area: int, out: list[Act]) -> None:
    """The other areas: take one of the area's resource (or weapon) while the stock has one."""
    g = AREA_GAIN[area]
    assert g is not None
    if (s.supply_weap if g == WEAPON else s.supply_res[g]) > 0:
        out.append(f.act_gain[g])


_AREA_LEGAL: dict[int, Callable[[Facts, State, int, int, list[Act]], None]] = {A_MED: _heal_legal, A_FAB: _fab_legal}


def _limited_trade_legal(f: Facts, s: State, p: int, area: int, out: list[Act]) -> None:
    """Variant trade-limited: with a partner who already succeeded here — resources, weapons, items."""
    for q in s.success:
        if q == p or played_area(f, s, q) != area:
            continue
        for (x, y) in ((p, q), (q, p)):
            give = f.act_give[x][y]
            rx = s.res[x]
            for r in range(4):
                if rx[r]:
                    out.append(give[r])
            if s.weap[x]:
                out.append(give[WEAPON])
            for i in sorted(set(s.items[x])):
                out.append(give[ITEM_BASE + i])


def _trade_legal(f: Facts, s: State, p: int, area: int, out: list[Act]) -> None:
    """The draft: players who explore the same area successfully exchange 資源やアイテム freely,
    before or after their card's effect: the acting player with every partner who succeeded or will
    succeed (an イーバ acting before a partner in this area makes the partner fail).  Weapons are not
    resources (「資源」とは扱いが異なります); 情報 is an item and may be passed."""
    # Ruling trade-no-return: what a seat received this turn from a partner, it does not pass back to
    # him in the same turn, nor an item of the same name (the pass back only returns the table to where
    # it was; this keeps a turn finite without a count).  Variant trade-cap: passing back is free, 20
    # pieces a turn.
    back = s.passed if not s.rules & R_TRADE_CAP else None
    for q in range(s.n):
        if q == p or s.failed[q] or played_area(f, s, q) != area:
            continue
        for (x, y) in ((p, q), (q, p)):
            _gives(f, s, x, y, back, out)


def _gives(f: Facts, s: State, x: int, y: int, back: list[int] | None, out: list[Act]) -> None:
    """What seat x may pass to seat y: resources, items, 情報 in hand — not what y passed him."""
    give = f.act_give[x][y]
    rx = s.res[x]
    for r in range(4):
        if rx[r] and not (back and pass_code(y, x, r) in back):
            out.append(give[r])
    if s.items[x]:
        for i in sorted(set(s.items[x])):
            if not (back and pass_code(y, x, pass_kind(f, ITEM_BASE + i)) in back):
                out.append(give[ITEM_BASE + i])
    for t in s.hand[x]:
        w = ITEM_BASE + t - INFO_BASE
        if t >= INFO_BASE and not (back and pass_code(y, x, pass_kind(f, w)) in back):
            out.append(give[w])


def _use_legal(f: Facts, s: State, p: int, out: list[Act]) -> None:
    """The items a seat may use now (in the order of the item index)."""
    for i in sorted(set(s.items[p])):
        e = f.item_effect[i]
        if e == Effect.HEAL:
            if s.dmg[p] > 0:
                out.append(f.act_use[i])
        elif e == Effect.AP:
            out.append(f.act_use[i])
        elif e == Effect.WEAPONS:
            if s.supply_weap > 0:
                out.append(f.act_use[i])
        elif e == Effect.RESOURCES:
            for r in range(4):
                for r2 in range(r, 4):
                    if s.supply_res[r] and s.supply_res[r2] and (r != r2 or s.supply_res[r] >= 2):
                        out.append(act(f, K_USE, i, r, r2))


def _convert_legal(f: Facts, s: State, res: list[int], out: list[Act]) -> None:
    """製作所: one resource into another — only into a kind the stock still has."""
    sup = s.supply_res
    for r in range(4):
        if res[r]:
            for r2 in range(4):
                if r2 != r and sup[r2] > 0:
                    out.append(f.act_convert[r][r2])


def reveal(f: Facts, s: State) -> None:
    s.revealed = True
    order = [(s.ebe_die[k], 0, k) for k in range(len(s.ebe_now))]
    order += [(s.die[p], 1, p) for p in range(s.n)]
    order.sort()
    s.order = order
    s.pos = 0
    s.ebe_active = []
    s.success = []
    s.drone_seen = 0
    # a player fails when an イーバ that acts before him appears in his area (known once revealed)
    failed = [False] * s.n
    before: list[int] = []
    strength = ebe_strength(f, s)
    for _, kind, who in order:
        if kind == 0:
            before.append(f.ebe_area[s.ebe_now[who]])
        elif s.rules & R_CLOSED and s.seen_prev >> played_area(f, s, who) & 1:
            failed[who] = True              # option closed: he stays out of a 立入禁止 area
        elif played_area(f, s, who) in before and not (strength and s.weap[who] >= strength):
            # option ebe_strength: a player with enough weapons drives the イーバ off (weapons are not
            # passed in the standard rules, so his count cannot change before his turn)
            failed[who] = True
    s.failed = failed
    s.phase = P_RESOLVE
    advance(f, s)


def advance(f: Facts, s: State) -> None:
    """Runs automatic steps (イーバ, failed explorations) until a decision, chance or the end."""
    while s.phase == P_RESOLVE:
        if s.pos >= len(s.order):
            turn_end(f, s)
            return
        die, kind, who = s.order[s.pos]
        if kind == 0:
            area = f.ebe_area[s.ebe_now[who]]
            s.ebe_active.append(area)
            s.station -= die
            s.pos += 1
            continue
        _begin_player(f, s, who, die)


def ebe_strength(f: Facts, s: State) -> int:
    """Option ebe_strength: the weapons that drive an イーバ off (0: it cannot be fought, the rules)."""
    return 1 if s.rules & R_EBE_STR1 else 2 if s.rules & R_EBE_STR2 else 0


def _begin_player(f: Facts, s: State, p: int, die: int) -> None:
    ch = s.chars[p]
    area = played_area(f, s, p)
    if s.rules & R_CLOSED and s.seen_prev >> area & 1:
        # option closed: 「イーバが既に出現したエリアは立入禁止」 — played only because every card in hand
        # was such an area; the player stays out (no AP, no damage, no drone, no exchange)
        s.failed[p] = True
        s.closed_out += 1
        s.ap = 0
        s.pos += 1
        return
    # the AP table, the +1AP bonuses (a character's skill in an area, an event met) and the −1AP of an
    # earlier イーバ here and of each イーバ next door; ruling ap-floor: 「APが0未満になることはありません」
    # applies to the total (variant floor-first: to the table minus the penalties, before the bonuses)
    ap = (die + 1) // 2
    bonus = f.char_bonus[ch][area] + (1 if s.boosted >> area & 1 else 0)
    if s.seen_prev >> area & 1:
        ap -= 1
    armor = 0
    for i in s.items[p]:
        if f.item_effect[i] == Effect.ARMOR:
            armor += f.item_amount[i]
    failed = False
    adjacent = False
    strength = ebe_strength(f, s)
    for ea in s.ebe_active:
        if ea == area and strength and s.weap[p] >= strength:
            # option ebe_strength, the notes: 「武器が１個あれば撃退できる」 — paid as for a drone
            # (「武器を１つ支払って撃退する」); the player then explores as if the イーバ were not there
            s.weap[p] -= strength
            s.supply_weap += strength
            s.ebe_repelled += 1
        elif ea == area:
            failed = True
            damage(f, s, p, max(0, 2 - armor))
        elif f.adj[ea][area]:
            if not f.char_ignore[ch] and not (s.rules & R_ADJ_ONCE and adjacent):
                ap -= 1                     # variant adjacent-once: one −1AP however many イーバ are next door
            adjacent = True
            damage(f, s, p, max(0, 1 - armor))
    s.failed[p] = failed
    if s.rules & R_FLOOR_FIRST:
        s.ap = max(0, max(0, ap) + bonus)
    else:
        s.ap = max(0, ap + bonus)
    s.cur = p
    bit = 1 << area
    if not s.drone_seen & bit:
        s.drone_seen |= bit
        if s.drone_at[area] >= 0:
            s.phase = P_DRONE
            return
    start_act(f, s, p)


def start_act(f: Facts, s: State, p: int) -> None:
    if s.failed[p]:
        s.phase = P_RESOLVE
        s.pos += 1
        return
    area = played_area(f, s, p)
    s.visits[area] += 1
    s.success.append(p)
    s.free_conv = f.char_fconv[s.chars[p]]
    s.trades = 0
    s.passed = []
    s.phase = P_ACT


def apply_act(f: Facts, s: State, a: Act) -> None:
    if isinstance(a, EndTurn):
        s.phase = P_RESOLVE
        s.pos += 1
        advance(f, s)
        return
    if isinstance(a, Give):
        _give(f, s, a)
        return
    if isinstance(a, UseItem):
        _use_item(f, s, a)
        return
    # area actions cost 1 AP (except the engineer's free conversion)
    if isinstance(a, Convert) and s.free_conv:
        s.free_conv = 0
    else:
        if s.ap <= 0:
            raise ValueError(msg("ebe.no_ap"))
        s.ap -= 1
    if isinstance(a, Heal):
        _heal(f, s, a)
    elif isinstance(a, Convert):
        _convert(s, a)
    elif isinstance(a, Load):
        _load(f, s, a)
    elif isinstance(a, Gain):
        _gain(s, a)
    note_cubes(f, s)


def _give(f: Facts, s: State, a: Give) -> None:
    x, y, w = a.giver, a.receiver, a.what
    if not s.rules & (R_TRADE_CAP | R_TRADE_LIMIT) and pass_code(y, x, pass_kind(f, w)) in s.passed:
        raise ValueError(msg("ebe.trade_no_return", action=a.text))
    if w < 4:
        if s.res[x][w] <= 0:
            raise ValueError(msg("ebe.nothing_to_give"))
        s.res[x][w] -= 1
        s.res[y][w] += 1
    elif w == WEAPON:
        if s.weap[x] <= 0:
            raise ValueError(msg("ebe.nothing_to_give"))
        s.weap[x] -= 1
        s.weap[y] += 1
    elif f.item_effect[w - ITEM_BASE] == Effect.INFO and INFO_BASE + w - ITEM_BASE in s.hand[x]:
        s.hand[x].remove(INFO_BASE + w - ITEM_BASE)          # 情報 passes from hand to hand
        s.hand[y].append(INFO_BASE + w - ITEM_BASE)
        s.hand[y].sort()
    else:
        s.items[x].remove(w - ITEM_BASE)
        s.items[y].append(w - ITEM_BASE)
    s.trades += 1
    s.passed.append(pass_code(x, y, pass_kind(f, w)))


def _use_item(f: Facts, s: State, a: UseItem) -> None:
    p, i = s.cur, a.item
    s.items[p].remove(i)
    s.item_discard.append(i)
    e = f.item_effect[i]
    amt = f.item_amount[i]
    if e == Effect.HEAL:
        h = min(amt, s.dmg[p])
        s.dmg[p] -= h
        s.supply_dmg += h
    elif e == Effect.AP:
        s.ap += amt
    elif e == Effect.WEAPONS:
        g = min(amt, s.supply_weap)
        s.weap[p] += g
        s.supply_weap -= g
    elif e == Effect.RESOURCES:
        for r in (a.first, a.second):
            if s.supply_res[r] > 0:
                s.supply_res[r] -= 1
                s.res[p][r] += 1
    note_cubes(f, s)


def _heal(f: Facts, s: State, a: Heal) -> None:
    p = s.cur
    if a.seat and not s.rules & R_HEAL_ANY:
        raise ValueError(msg("ebe.heal_self"))
    q = a.seat - 1 if a.seat else p
    h = min(f.char_heal[s.chars[p]], s.dmg[q])
    s.dmg[q] -= h
    s.supply_dmg += h


def _convert(s: State, a: Convert) -> None:
    p, r, r2 = s.cur, a.source, a.target
    if s.res[p][r] <= 0 or s.supply_res[r2] <= 0:
        raise ValueError(msg("ebe.cannot_convert"))
    s.res[p][r] -= 1
    s.supply_res[r] += 1
    s.res[p][r2] += 1
    s.supply_res[r2] -= 1


def _load(f: Facts, s: State, a: Load) -> None:
    m = a.mission
    cost, ld, res = f.mission_cost[m], s.loaded[m], s.res[s.cur]
    amounts = unpack_load(a.amounts)
    if m not in s.missions or not any(amounts) \
            or any(amounts[r] > min(res[r], cost[r] - ld[r]) for r in range(4)):
        raise ValueError(msg("ebe.cannot_load"))
    for r in range(4):
        put = amounts[r]
        if put > 0:
            res[r] -= put
            ld[r] += put
            s.loaded_round += put
    if ld == list(cost) and m not in s.built:
        s.built.append(m)
        s.built_round.append(s.rnd)


def _gain(s: State, a: Gain) -> None:
    p, g = s.cur, a.what
    if g == WEAPON:
        s.weap[p] += 1
        s.supply_weap -= 1
    else:
        s.res[p][g] += 1
        s.supply_res[g] -= 1

"""探偵無宿２: the round's start (the 【捜査線】 of three cards) and its end (犠牲者の選定, 告命灯, the end check,
the re-setup with the face-down cards' keeping)."""
from __future__ import annotations

from .actions import Phase, Task
from .facts import DEATHS_TO_END, ROUND_CAP, WIN_VP, Facts
from .state import State, TaskTuple


def round_start(f: Facts, s: State) -> None:
    """「捜査デッキから３枚引いて表向きに配置し、そこを【捜査線】とします」, then the 【線外】 move."""
    line = s.line
    stack = s.stack
    for _ in range(3):
        if s.inv:
            line.append(s.inv.pop())
    if f.tragedy in line:
        line.remove(f.tragedy)
        s.st_rs_tragedy += 1
        # the draft: add one card, then shuffle 惨劇の夜 back
        if s.inv:
            line.append(s.inv.pop())
        s.inv.append(f.tragedy)
        stack.append((Task.OUT,))
        stack.append((Task.SHUFFLE_INV,))
        # ruling tragedy-draw: 「「惨劇の夜」が引かれるたび」 counts the round start's cards too (「捜査デッキから
        # ３枚引いて」); the holders draw from the start player clockwise, before the 捜査デッキ is shuffled
        if not s.tdraw_turns:
            push_tragedy_draws(f, s, s.start)
    else:
        stack.append((Task.OUT,))
    for c in line:
        s.linecnt[f.pc_person[c]] += 1


def push_tragedy_draws(f: Facts, s: State, first: int) -> None:
    """Ongoing tragedy_draw: every holder draws, ``first`` first, then clockwise (pushed so they resolve so)."""
    draws = f.ev_tragedy_draw
    tasks: list[TaskTuple] = []
    for i in range(s.n):
        seat = (first + i) % s.n
        tasks += [(Task.DRAW, seat, draws[e], e) for e in s.up[seat] if draws[e]]
    s.stack.extend(reversed(tasks))


def victim_draws(f: Facts, s: State) -> list[TaskTuple]:
    """The draws a death causes (the ongoing death_draw of face-up cards, the 「私」 skill victim_draw), in the
    table's order: from the start player clockwise, each player's cards, then its skill (ruling
    effects-target)."""
    draws = f.ev_death_draw
    tasks: list[TaskTuple] = []
    for i in range(s.n):
        seat = (s.start + i) % s.n
        tasks += [(Task.DRAW, seat, draws[e], e) for e in s.up[seat] if draws[e]]
        w = s.watashi[seat]
        if s.skills and f.watashi_skill[w] == "victim_draw":
            tasks.append((Task.DRAW, seat, f.watashi_n[w], -1 - w))
    return tasks


def tragedy_lamp(s: State) -> bool:
    """Ruling lamp-at-draw: a 告命灯 lay on 惨劇の夜's space when it was drawn (「告命灯の配置されたスペースで
    「惨劇の夜」が引かれた場合」), even if an effect has removed it since.  Variant lamp-at-round-end: the lamps
    left at the round end decide."""
    if s.lamp_end:
        return s.lamp_first <= s.tragedy_pos < s.lamp_first + s.lamps
    return s.tragedy_lit


def victim(f: Facts, s: State) -> int:
    """犠牲者の選定: the person with the most cards on the 【捜査線】; on a tie, only under a lit 告命灯, the
    one whose card lies furthest right.  -1: nobody dies."""
    cnt = s.linecnt
    best = max(cnt)
    if best <= 0:
        return -1
    tied = [p for p in range(f.np) if cnt[p] == best]
    if len(tied) == 1:
        return tied[0]
    if not tragedy_lamp(s):
        return -1
    last = {}
    for i, c in enumerate(s.line):
        if c != f.tragedy:
            last[f.pc_person[c]] = i
    s.st_lamp_deaths += 1
    return max(tied, key=lambda p: last[p])


def round_end(f: Facts, s: State) -> bool:
    """Victim, lamps, end check, then the re-setup tasks.  True when the game is over."""
    dies = victim(f, s)
    if dies >= 0 or s.lamp_clear:
        s.lamps = 0
    draws: list[TaskTuple] = []
    if dies >= 0:
        kill(f, s, dies)
        draws = victim_draws(f, s)
    s.hist.append(tuple(s.vp))
    if max(s.vp) >= WIN_VP or s.ndead >= DEATHS_TO_END or s.round >= ROUND_CAP:
        if draws:
            # 「人物が死亡するたび、あなたは1枚引く」: the death that ends the game draws too, before the end
            # (the draws change no VP, so the end check above stands)
            s.stack.clear()
            s.stack.append((Task.OVER,))
            s.stack.extend(reversed(draws))
            return False
        game_over(s)
        return True
    # re-setup
    s.inv.extend(s.line)
    s.inv.extend(s.outside)
    s.line.clear()
    s.outside.clear()
    s.linecnt = [0] * f.np
    s.tragedy_pos = 0
    s.tragedy_lit = False
    # the draws a death causes come first (「大迫 源蔵が引いたカードは、同じラウンドの裏向きのカードの処理に
    # 使えます」), then the face-down cards from the start player clockwise, then the new round
    tasks: list[TaskTuple] = draws + [(Task.KEEP, (s.start + i) % s.n) for i in range(s.n)] + [(Task.NEW_ROUND,)]
    s.stack.extend(reversed(tasks))
    return False


def game_over(s: State) -> None:
    vp = max(s.vp) >= WIN_VP
    dd = s.ndead >= DEATHS_TO_END
    s.end_reason = ("vp_and_deaths" if vp and dd else "vp" if vp else "deaths" if dd else "round_cap")
    s.over = True
    s.phase = Phase.END
    s.cur = -1
    s.stack.clear()


def kill(f: Facts, s: State, p: int) -> None:
    """Person ``p`` dies: their cards leave the game, but for the 覚醒 card in their 【容疑者】 pile."""
    s.dead[p] = True
    s.ndead += 1
    s.st_deaths.append(p)
    s.linecnt[p] = 0
    pp = f.pc_person
    removed = s.removed
    for zone in (s.inv, s.line, s.outside):
        keep = []
        for c in zone:
            if pp[c] == p:
                removed.append(c)
            else:
                keep.append(c)
        zone[:] = keep
    pile = s.piles[p]
    awake = f.pc_awake
    removed.extend([c for c in pile if not awake[c]])
    pile[:] = [c for c in pile if awake[c]]


def release(f: Facts, s: State, seat: int) -> None:
    """The face-down cards ``seat`` does not keep go to the 捨て札."""
    kept = s.kept
    d = s.down[seat]
    # ruling release-order: in the order they were placed (variant release-in-serial-order: by serial)
    for e in sorted(d) if s.release_serial else list(d):
        if e not in kept:
            d.remove(e)
            s.discard.append(e)
            s.cubes[e] = 0
            s.st_lost += 1

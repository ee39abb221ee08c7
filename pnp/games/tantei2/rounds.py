"""探偵無宿２: the round's start (the 【捜査線】 of three cards) and its end (犠牲者の選定, 告命灯, the end check,
the re-setup with the face-down cards' keeping), as a mixin of the engine."""
from __future__ import annotations

from .facts import DEATHS_TO_END, PH_END, ROUND_CAP, T_DRAW, T_KEEP, T_NEWR, T_OUT, T_SHINV, WIN_VP, Facts
from .state import State, Task


class RoundRules:
    facts: Facts

    def _round_start(self, s: State) -> None:
        """「捜査デッキから３枚引いて表向きに配置し、そこを【捜査線】とします」, then the 【線外】 move."""
        f = self.facts
        line = s.line
        stack = s.stack
        for _ in range(3):
            if s.inv:
                line.append(s.inv.pop())
        if f.tragedy in line:
            line.remove(f.tragedy)
            # the draft: add one card, then shuffle 惨劇の夜 back
            if s.inv:
                line.append(s.inv.pop())
            s.inv.append(f.tragedy)
            stack.append((T_OUT,))
            stack.append((T_SHINV,))
        else:
            stack.append((T_OUT,))
        for c in line:
            s.linecnt[f.pc_person[c]] += 1

    def _round_end(self, s: State) -> bool:
        """Victim, lamps, end check, then the re-setup tasks.  True when the game is over."""
        f = self.facts
        cnt = s.linecnt
        best = max(cnt)
        victim = -1
        if best > 0:
            tied = [p for p in range(f.np) if cnt[p] == best]
            if len(tied) == 1:
                victim = tied[0]
            elif s.lamp_first <= s.tragedy_pos < s.lamp_first + s.lamps:
                last = {}
                for i, c in enumerate(s.line):
                    if c != f.tragedy:
                        last[f.pc_person[c]] = i
                victim = max(tied, key=lambda p: last[p])
                s.st_lamp_deaths += 1
        if victim >= 0 or s.lamp_clear:
            s.lamps = 0
        if victim >= 0:
            self._kill(s, victim)
            for seat in range(s.n):             # ongoing death_draw
                k = sum(f.ev_death_draw[e] for e in s.up[seat])
                if k:
                    s.stack.append((T_DRAW, seat, k))
            if s.skills:
                for seat in range(s.n):
                    if f.watashi_skill[s.watashi[seat]] == "victim_draw":
                        s.stack.append((T_DRAW, seat, f.watashi_n[s.watashi[seat]]))
        s.hist.append(tuple(s.vp))
        if max(s.vp) >= WIN_VP or s.ndead >= DEATHS_TO_END or s.round >= ROUND_CAP:
            vp = max(s.vp) >= WIN_VP
            dd = s.ndead >= DEATHS_TO_END
            s.end_reason = ("vp_and_deaths" if vp and dd else "vp" if vp else "deaths" if dd else "round_cap")
            s.over = True
            s.phase = PH_END
            s.cur = -1
            s.stack.clear()
            return True
        # re-setup
        s.inv.extend(s.line)
        s.inv.extend(s.outside)
        s.line.clear()
        s.outside.clear()
        s.linecnt = [0] * f.np
        s.tragedy_pos = 0
        tasks: list[Task] = [(T_KEEP, (s.start + i) % s.n) for i in range(s.n)] + [(T_NEWR,)]
        # victim_draw tasks (if any) were pushed first and stay below? resolve them before keeping
        draws = [t for t in s.stack if t[0] == T_DRAW]
        s.stack[:] = [t for t in s.stack if t[0] != T_DRAW]
        s.stack.extend(reversed(tasks))
        s.stack.extend(draws)
        return False

    def _kill(self, s: State, p: int) -> None:
        f = self.facts
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

    def _release(self, s: State, seat: int) -> None:
        kept = s.kept
        d = s.down[seat]
        for e in list(d):
            if e not in kept:
                d.remove(e)
                s.discard.append(e)
                s.cubes[e] = 0
                s.st_lost += 1

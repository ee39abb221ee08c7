"""What the EBE engine reads from the game's data (characters, cards, supply counts) and the small
helpers every phase uses (names, the weight of what a seat carries, damage and the peak of pieces)."""
from __future__ import annotations

import re
from collections.abc import Mapping

from ...data.model import Game
from ...messages import msg
from .actions import Act, Play
from .facts import (
    AREA_NAMES,
    AREAS,
    EVENT_CONDITIONS,
    EVENT_NOW,
    EVENT_REWARDS,
    INFO_BASE,
    ITEM_BASE,
    ITEM_EFFECTS,
    K_CONVERT,
    K_DONE,
    K_GAIN,
    K_GIVE,
    K_HEAL,
    K_LOAD,
    K_USE,
    R_DAMAGE_CAP,
    R_INFO_WEIGHT,
    RES_NAMES,
    RESOURCES,
    SKILLS,
    STATION_GRID,
    WEAPON,
    grid_adjacency,
    unpack_load,
)
from .state import State


class EbeTables:
    min_players = 2
    max_players = 4

    def __init__(self, game: Game, supply: Mapping[str, int] | None = None):
        problems: list[str] = []
        # map: a board part with a grid wins over the module constant
        grid = STATION_GRID
        adj = grid_adjacency(grid)
        for p in getattr(game, "parts", ()):
            if getattr(p, "kind", None) == "board" and p.id == "station":
                pairs = p.adjacency()
                adj = {a: frozenset() for a in AREAS}
                for x, y in pairs:
                    X, Y = x.upper(), y.upper()
                    adj[X] = adj[X] | {Y}
                    adj[Y] = adj[Y] | {X}
        self.grid = grid
        self.adj = tuple(tuple(AREAS[j] in adj.get(AREAS[i], ()) for j in range(7)) for i in range(7))
        self.adj_list = tuple(tuple(j for j in range(7) if self.adj[i][j]) for i in range(7))

        chars = game.deck("characters").physical_cards()
        self.char_ids = tuple(c.id for c in chars)
        self.char_names = tuple(c.title for c in chars)
        self.char_life = tuple(int(c.rules["life"]) for c in chars)
        self.char_inv = tuple(int(c.rules["inventory"]) for c in chars)
        self.char_areas = tuple(tuple(sorted(AREAS.index(a) for a in c.rules["areas"])) for c in chars)
        heal, fconv, dfree, bonus, ign = [], [], [], [], []
        for c in chars:
            sk = dict(c.rules.get("skill") or {})
            for k in sk:
                if k not in SKILLS:
                    problems.append(msg("ebe.unknown_skill", file=c.where.file, line=c.where.line, skill=k))
            heal.append(int(sk.get("heal_per_ap", 1)))
            fconv.append(int(sk.get("free_convert", 0)))
            dfree.append(bool(sk.get("drone_free", False)))
            b = [0] * 7
            for a, v in (sk.get("area_bonus") or {}).items():
                b[AREAS.index(a)] = int(v)
            bonus.append(tuple(b))
            ign.append(bool(sk.get("ignore_adjacent", False)))
        self.char_heal, self.char_fconv, self.char_dfree = tuple(heal), tuple(fconv), tuple(dfree)
        self.char_bonus, self.char_ignore = tuple(bonus), tuple(ign)

        exp = game.deck("explore").physical_cards()
        self.exp_char = tuple(self.char_ids.index(c.rules["character"]) for c in exp)
        self.exp_area = tuple(AREAS.index(c.rules["area"]) for c in exp)
        self.char_cards = tuple(tuple(i for i in range(len(exp)) if self.exp_char[i] == ch)
                                for ch in range(len(chars)))
        for ch in range(len(chars)):
            if tuple(sorted(self.exp_area[i] for i in self.char_cards[ch])) != self.char_areas[ch]:
                problems.append(msg("ebe.explore_areas", character=self.char_ids[ch]))

        self.ebe_area = tuple(AREAS.index(c.rules["area"]) for c in game.deck("ebe").physical_cards())
        self.drone_area = tuple(AREAS.index(c.rules["area"]) for c in game.deck("drones").physical_cards())
        ms = game.deck("missions").physical_cards()
        self.mission_names = tuple(c.title for c in ms)
        self.mission_ids = tuple(c.id for c in ms)
        self.mission_cost = tuple(tuple(int(c.rules["cost"].get(r, 0)) for r in RESOURCES) for c in ms)
        its = game.deck("items").physical_cards()
        self.item_names = tuple(c.title for c in its)
        # ruling trade-no-return: 「同じ名前のアイテムも同じです」 — a give is remembered by the item's name
        self.item_kind = tuple(self.item_names.index(name) for name in self.item_names)
        self.item_ids = tuple(c.id for c in its)
        self.item_effect = tuple(ITEM_EFFECTS.index(c.rules["effect"]) if c.rules.get("effect") in ITEM_EFFECTS
                                 else -1 for c in its)
        for c, e in zip(its, self.item_effect):
            if e < 0:
                problems.append(msg("ebe.unknown_item_effect", file=c.where.file, line=c.where.line, effect=c.rules.get("effect")))
        self.item_amount = tuple(int(c.rules.get("amount", 0)) for c in its)
        self.item_area = tuple(AREAS.index(c.rules["area"]) if "area" in c.rules else -1 for c in its)
        evs = game.deck("events").physical_cards()
        self.event_names = tuple(c.title for c in evs)
        self.event_ids = tuple(c.id for c in evs)
        self.event_body = tuple(re.sub(r":[a-z]+:", "", c.body or "") for c in evs)   # printed text, no icons
        event_cond: list[tuple[int, int, int, int, int]] = []
        for c in evs:
            r = c.rules
            if r.get("condition") not in EVENT_CONDITIONS:
                problems.append(msg("ebe.unknown_event_condition", file=c.where.file, line=c.where.line,
                                    condition=r.get("condition")))
                event_cond.append((0, 0, 0, 0, 0))
                continue
            event_cond.append((EVENT_CONDITIONS.index(r["condition"]),
                                    AREAS.index(r["area"]) if "area" in r else -1,
                                    RESOURCES.index(r["resource"]) if "resource" in r else -1,
                                    int(r.get("n", 1)), int(r["damage"])))
        self.event_cond = tuple(event_cond)
        # now: damage to every character at once, and this round's die changes (players', イーバ's)
        # applied when the cards are revealed; reward: damage healed by every
        # character, and an area (-1 none) whose successful explorations give +1 AP from then on
        now_list: list[tuple[int, int, int]] = []
        reward_list: list[tuple[int, int]] = []
        for c in evs:
            now = dict(c.rules.get("now") or {})
            reward = dict(c.rules.get("reward") or {})
            for k in now:
                if k not in EVENT_NOW:
                    problems.append(msg("ebe.unknown_event_now", file=c.where.file, line=c.where.line, key=k, known=EVENT_NOW))
            for k in reward:
                if k not in EVENT_REWARDS:
                    problems.append(msg("ebe.unknown_event_reward", file=c.where.file, line=c.where.line, key=k,
                                        known=EVENT_REWARDS))
            boost = str(reward.get("boost", "")).upper()
            if boost and boost not in AREAS:
                problems.append(msg("ebe.boost_area", file=c.where.file, line=c.where.line, area=boost))
            now_list.append((int(now.get("damage", 0)), int(now.get("player_dice", 0)), int(now.get("ebe_dice", 0))))
            reward_list.append((int(reward.get("heal", 0)), AREAS.index(boost) if boost in AREAS and boost else -1))
        self.event_now = tuple(now_list)
        self.event_reward = tuple(reward_list)
        if problems:
            raise ValueError(msg("ebe.data_problems", problems="; ".join(problems)))

        sup = dict(supply or {})
        self.total_dmg = int(sup.get("damage", game.component("damage").count))
        self.total_cubes = int(sup.get("cubes", game.component("cubes").count)) // 4
        self.total_weap = int(sup.get("weapons", game.component("weapons").count))
        self.n_dice = game.component("dice").count

        self.n_chars, self.n_exp, self.n_items = len(chars), len(exp), len(its)
        self.n_missions, self.n_events = len(ms), len(evs)
        self.n_ebe, self.n_drones = len(self.ebe_area), len(self.drone_area)
        # gives in one turn (ruling trade-no-return): between the acting seat and a partner a kind moves one way
        # only, so a partner never gets back what he gave and a piece passes at most twice (partner → acting
        # seat → another partner): at most twice every cube and item of the game (the trade-cap variant: 20)
        passes = max(2 * (4 * self.total_cubes + self.n_items), 20)
        # longest game: 4 rounds × (event + drones + 4 turns × (ebe + roll + 6 assigns + 4 plays + 6 dice changes
        #   + 4 × (drone + acts (≤ 3+1 AP + 4 from 興奮剤 + 18 item uses + the passes + 1 free conversion + done,
        #   with room to spare: 40 and the passes)) + discards (at most every piece of the game: 60 cubes,
        #   10 weapons, 18 items))) + pay
        self.max_steps = 2 + 4 * (3 + 4 * (2 + 6 + 4 + 6 + 4 * (1 + 40 + passes) + 90))
        self._acts: dict[tuple[int, int, int, int], Act] = {}
        self.plays = tuple(Play(i, f"{AREA_NAMES[self.exp_area[i]]}（{self.char_names[self.exp_char[i]]}）")
                           for i in range(self.n_exp))
        self.info_plays = tuple(Play(INFO_BASE + i, self.item_names[i]) for i in range(self.n_items))
        # the actions offered most often, made once (the legal-move lists are built from these)
        self.act_done, self.act_heal = self.act(K_DONE), self.act(K_HEAL)
        self.act_gain = tuple(self.act(K_GAIN, g) for g in range(WEAPON + 1))
        self.act_convert = tuple(tuple(self.act(K_CONVERT, r, r2) for r2 in range(4)) for r in range(4))
        self.act_use = tuple(self.act(K_USE, i) for i in range(self.n_items))
        self.act_give = tuple(tuple(tuple(self.act(K_GIVE, x, y, w) for w in range(ITEM_BASE + self.n_items))
                                    for y in range(self.max_players)) for x in range(self.max_players))

    # ------------------------------------------------------------ helpers

    def pass_kind(self, w: int) -> int:
        """A give's ``what`` code as ruling trade-no-return compares it: items of the same name are one."""
        return ITEM_BASE + self.item_kind[w - ITEM_BASE] if w >= ITEM_BASE else w

    def what_name(self, w: int) -> str:
        if w < 4:
            return RES_NAMES[w]
        if w == WEAPON:
            return "武器"
        return self.item_names[w - ITEM_BASE]

    def act(self, kind: int, a: int = 0, b: int = 0, c: int = 0) -> Act:
        key = (kind, a, b, c)
        x = self._acts.get(key)
        if x is None:
            x = Act(kind, a, b, c, self._act_text(kind, a, b, c))
            self._acts[key] = x
        return x

    def _act_text(self, kind: int, a: int, b: int, c: int) -> str:
        if kind == K_DONE:
            return "手番を終える"
        if kind == K_HEAL:
            # a = 0: the explorer's own damage; a = q + 1: seat q's (variant heal-any)
            return "1AP：ダメージを回復する" if a == 0 else f"1AP：{a}番席のダメージを回復する"
        if kind == K_CONVERT:
            return f"1AP：{RES_NAMES[a]}を{RES_NAMES[b]}に変える"
        if kind == K_LOAD:
            amounts = "・".join(f"{RES_NAMES[r]}{k}" for r, k in enumerate(unpack_load(b)) if k)
            return f"1AP：「{self.mission_names[a]}」に{amounts or '資源'}を積む"
        if kind == K_GAIN:
            return f"1AP：{self.what_name(a)}を1つ得る"
        if kind == K_USE:
            extra = f"（{RES_NAMES[b]}と{RES_NAMES[c]}）" if self.item_effect[a] == 4 else ""
            return f"「{self.item_names[a]}」を使う{extra}"
        return f"{a + 1}番席から{b + 1}番席へ{self.what_name(c)}を渡す"

    def weight(self, s: State, p: int) -> int:
        r = s.res[p]
        w = r[0] + r[1] + r[2] + r[3] + s.weap[p] + len(s.items[p])
        if s.rules & R_INFO_WEIGHT:
            # variant info-weight (ruling info-cards, option count): 「情報も手札にある間は重量に数える」
            w += sum(1 for t in s.hand[p] if t >= INFO_BASE)
        return w

    def _damage(self, s: State, p: int, k: int) -> None:
        """Damage tokens onto a character.  The draft: 「キャラクターのライフ以上のダメージを受けても、
        キャラクターは即死しません」 — damage above life stays (and is healed token by token); death is
        checked at the end of the turn.  The damage-cap variant stops at life (and at the printed tokens)."""
        if s.rules & R_DAMAGE_CAP:
            k = min(k, self.char_life[s.chars[p]] - s.dmg[p], s.supply_dmg)
        if k > 0:
            s.dmg[p] += k
            s.supply_dmg -= k
            used = self.total_dmg - s.supply_dmg
            if used > s.peak_dmg:
                s.peak_dmg = used

    def _note_cubes(self, s: State) -> None:
        tot = 0
        for r in range(4):
            used = self.total_cubes - s.supply_res[r]
            tot += used
            if used > s.peak_res[r]:
                s.peak_res[r] = used
        if tot > s.peak_cubes:
            s.peak_cubes = tot
        used = self.total_weap - s.supply_weap
        if used > s.peak_weap:
            s.peak_weap = used

    def _ebe_count(self, s: State) -> int:
        return 2 if s.rnd == 4 and s.turn < 4 else 1

    def _slot_name(self, s: State, slot: int) -> str:
        if slot < s.n:
            return f"{slot + 1}番席"
        return "イーバ" if len(s.ebe_now) == 1 else f"イーバ{slot - s.n + 1}"

    def _played_area(self, s: State, p: int) -> int:
        t = s.played[p]
        return self.exp_area[t] if t < INFO_BASE else self.item_area[t - INFO_BASE]

    def _token_area(self, t: int) -> int:
        """The area a 探索 card (or a 情報 played as one) explores."""
        return self.exp_area[t] if t < INFO_BASE else self.item_area[t - INFO_BASE]


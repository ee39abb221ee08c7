"""EBE's facts read from the game's data, once: the station map's adjacency, the characters and their
skills, the 探索 cards, the decks, the events and the supply — each card's ``rules:`` checked against the
engine's vocabulary (every unknown one named at once) — and every action made once."""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ...data.model import Game
from ...messages import msg
from .actions import Play
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
    K_USE,
    MAX_PLAYERS,
    RESOURCES,
    SKILLS,
    STATION_GRID,
    WEAPON,
    Facts,
    act,
)


def facts_from(game: Game, supply: Mapping[str, int] | None = None) -> Facts:
    """The facts of ``game`` (``supply`` overrides the counts of damage, cubes and weapons); a ValueError
    names every card whose rules the engine does not know."""
    problems: list[str] = []
    chars = _characters(game, problems)
    fields: dict[str, Any] = {**_station(game), **chars,
                              **_explore(game, chars["char_ids"], chars["char_areas"], problems),
                              **_decks(game, problems), **_events(game, problems)}
    if problems:
        raise ValueError(msg("ebe.data_problems", problems="; ".join(problems)))
    fields.update(n_chars=len(fields["char_ids"]), n_exp=len(fields["exp_area"]), n_items=len(fields["item_ids"]),
                  n_missions=len(fields["mission_ids"]), n_events=len(fields["event_ids"]),
                  n_ebe=len(fields["ebe_area"]), n_drones=len(fields["drone_area"]))
    fields.update(_supply(game, supply, fields["n_items"]))
    facts = Facts(**fields)
    return _with_actions(facts)


def _with_actions(f: Facts) -> Facts:
    """The facts with the actions made once: the play of every card and the ones legal lists are built from."""
    return replace(
        f,
        plays=tuple(Play(i, f"{AREA_NAMES[f.exp_area[i]]}（{f.char_names[f.exp_char[i]]}）") for i in range(f.n_exp)),
        info_plays=tuple(Play(INFO_BASE + i, f.item_names[i]) for i in range(f.n_items)),
        act_done=act(f, K_DONE), act_heal=act(f, K_HEAL),
        act_gain=tuple(act(f, K_GAIN, g) for g in range(WEAPON + 1)),
        act_convert=tuple(tuple(act(f, K_CONVERT, r, r2) for r2 in range(4)) for r in range(4)),
        act_use=tuple(act(f, K_USE, i) for i in range(f.n_items)),
        act_give=tuple(tuple(tuple(act(f, K_GIVE, x, y, w) for w in range(ITEM_BASE + f.n_items))
                             for y in range(MAX_PLAYERS)) for x in range(MAX_PLAYERS)),
    )


def _station(game: Game) -> dict[str, Any]:
    """The station map's adjacency: a board part ``station`` wins over STATION_GRID."""
    # map: a board part with a grid wins over the module constant
    grid = STATION_GRID
    edges = grid_adjacency(grid)
    for p in getattr(game, "parts", ()):
        if getattr(p, "kind", None) == "board" and p.id == "station":
            pairs = p.adjacency()
            edges = {a: frozenset() for a in AREAS}
            for x, y in pairs:
                X, Y = x.upper(), y.upper()
                edges[X] = edges[X] | {Y}
                edges[Y] = edges[Y] | {X}
    adj = tuple(tuple(AREAS[j] in edges.get(AREAS[i], ()) for j in range(7)) for i in range(7))
    adj_list = tuple(tuple(j for j in range(7) if adj[i][j]) for i in range(7))
    return {"grid": grid, "adj": adj, "adj_list": adj_list}


def _characters(game: Game, problems: list[str]) -> dict[str, Any]:
    """Each character's life, inventory, areas and skill."""
    chars = game.deck("characters").physical_cards()
    char_ids = tuple(c.id for c in chars)
    char_names = tuple(c.title for c in chars)
    char_life = tuple(int(c.rules["life"]) for c in chars)
    char_inv = tuple(int(c.rules["inventory"]) for c in chars)
    char_areas = tuple(tuple(sorted(AREAS.index(a) for a in c.rules["areas"])) for c in chars)
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
    char_heal, char_fconv, char_dfree = tuple(heal), tuple(fconv), tuple(dfree)
    char_bonus, char_ignore = tuple(bonus), tuple(ign)
    return {"char_ids": char_ids, "char_names": char_names, "char_life": char_life, "char_inv": char_inv, "char_areas": char_areas, "char_heal": char_heal, "char_fconv": char_fconv, "char_dfree": char_dfree, "char_bonus": char_bonus, "char_ignore": char_ignore}


def _explore(game: Game, char_ids: tuple[str, ...], char_areas: tuple[tuple[int, ...], ...],
             problems: list[str]) -> dict[str, Any]:
    """The 探索カード: whose each is and which area it explores."""
    exp = game.deck("explore").physical_cards()
    exp_char = tuple(char_ids.index(c.rules["character"]) for c in exp)
    exp_area = tuple(AREAS.index(c.rules["area"]) for c in exp)
    char_cards = tuple(tuple(i for i in range(len(exp)) if exp_char[i] == ch)
                            for ch in range(len(char_ids)))
    for ch in range(len(char_ids)):
        if tuple(sorted(exp_area[i] for i in char_cards[ch])) != char_areas[ch]:
            problems.append(msg("ebe.explore_areas", character=char_ids[ch]))
    return {"exp_char": exp_char, "exp_area": exp_area, "char_cards": char_cards}


def _decks(game: Game, problems: list[str]) -> dict[str, Any]:
    """The イーバ, drone, mission and item cards."""
    ebe_area = tuple(AREAS.index(c.rules["area"]) for c in game.deck("ebe").physical_cards())
    drone_area = tuple(AREAS.index(c.rules["area"]) for c in game.deck("drones").physical_cards())
    ms = game.deck("missions").physical_cards()
    mission_names = tuple(c.title for c in ms)
    mission_ids = tuple(c.id for c in ms)
    mission_cost = tuple(tuple(int(c.rules["cost"].get(r, 0)) for r in RESOURCES) for c in ms)
    its = game.deck("items").physical_cards()
    item_names = tuple(c.title for c in its)
    # ruling trade-no-return: 「同じ名前のアイテムも同じです」 — a give is remembered by the item's name
    item_kind = tuple(item_names.index(name) for name in item_names)
    item_ids = tuple(c.id for c in its)
    item_effect = tuple(ITEM_EFFECTS.index(c.rules["effect"]) if c.rules.get("effect") in ITEM_EFFECTS
                             else -1 for c in its)
    for c, e in zip(its, item_effect):
        if e < 0:
            problems.append(msg("ebe.unknown_item_effect", file=c.where.file, line=c.where.line, effect=c.rules.get("effect")))
    item_amount = tuple(int(c.rules.get("amount", 0)) for c in its)
    item_area = tuple(AREAS.index(c.rules["area"]) if "area" in c.rules else -1 for c in its)
    return {"ebe_area": ebe_area, "drone_area": drone_area, "mission_names": mission_names, "mission_ids": mission_ids, "mission_cost": mission_cost, "item_names": item_names, "item_kind": item_kind, "item_ids": item_ids, "item_effect": item_effect, "item_amount": item_amount, "item_area": item_area}


def _events(game: Game, problems: list[str]) -> dict[str, Any]:
    """The event cards: condition, effect when revealed, reward when met."""
    evs = game.deck("events").physical_cards()
    event_names = tuple(c.title for c in evs)
    event_ids = tuple(c.id for c in evs)
    event_body = tuple(re.sub(r":[a-z]+:", "", c.body or "") for c in evs)   # printed text, no icons
    conds: list[tuple[int, int, int, int, int]] = []
    for c in evs:
        r = c.rules
        if r.get("condition") not in EVENT_CONDITIONS:
            problems.append(msg("ebe.unknown_event_condition", file=c.where.file, line=c.where.line,
                                condition=r.get("condition")))
            conds.append((0, 0, 0, 0, 0))
            continue
        conds.append((EVENT_CONDITIONS.index(r["condition"]),
                                AREAS.index(r["area"]) if "area" in r else -1,
                                RESOURCES.index(r["resource"]) if "resource" in r else -1,
                                int(r.get("n", 1)), int(r["damage"])))
    event_cond = tuple(conds)
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
    event_now = tuple(now_list)
    event_reward = tuple(reward_list)
    return {"event_names": event_names, "event_ids": event_ids, "event_body": event_body, "event_cond": event_cond, "event_now": event_now, "event_reward": event_reward}


def _supply(game: Game, supply: Mapping[str, int] | None, n_items: int) -> dict[str, Any]:
    """The pieces in the box (``supply`` overrides them) and the longest game's steps."""
    sup = dict(supply or {})
    total_dmg = int(sup.get("damage", game.component("damage").count))
    total_cubes = int(sup.get("cubes", game.component("cubes").count)) // 4
    total_weap = int(sup.get("weapons", game.component("weapons").count))
    n_dice = game.component("dice").count

    # gives in one turn (ruling trade-no-return): between the acting seat and a partner a kind moves one way
    # only, so a partner never gets back what he gave and a piece passes at most twice (partner → acting
    # seat → another partner): at most twice every cube and item of the game (the trade-cap variant: 20)
    passes = max(2 * (4 * total_cubes + n_items), 20)
    # longest game: 4 rounds × (event + drones + 4 turns × (ebe + roll + 6 assigns + 4 plays + 6 dice changes
    #   + 4 × (drone + acts (≤ 3+1 AP + 4 from 興奮剤 + 18 item uses + the passes + 1 free conversion + done,
    #   with room to spare: 40 and the passes)) + discards (at most every piece of the game: 60 cubes,
    #   10 weapons, 18 items))) + pay
    max_steps = 2 + 4 * (3 + 4 * (2 + 6 + 4 + 6 + 4 * (1 + 40 + passes) + 90))
    return {"total_dmg": total_dmg, "total_cubes": total_cubes, "total_weap": total_weap, "n_dice": n_dice, "max_steps": max_steps}


def grid_adjacency(grid: Sequence[str]) -> dict[str, frozenset[str]]:
    """Areas sharing an edge in a grid of letters ('.' and ' ' are empty)."""
    adj: dict[str, set[str]] = {}
    h = len(grid)
    for y, row in enumerate(grid):
        for x, a in enumerate(row):
            if a in ". ":
                continue
            adj.setdefault(a, set())
            for dx, dy in ((1, 0), (0, 1)):
                xx, yy = x + dx, y + dy
                if yy < h and xx < len(grid[yy]):
                    b = grid[yy][xx]
                    if b not in ". " and b != a:
                        adj[a].add(b)
                        adj.setdefault(b, set()).add(a)
    return {a: frozenset(v) for a, v in adj.items()}

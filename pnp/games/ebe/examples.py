"""Positions for the rulebook's worked examples (``~~~check``) and the facts they may claim."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...messages import msg
from ...sim.examples import ExampleError
from .facts import AREAS, INFO_BASE, P_EBE, RESOURCES, Effect, Facts
from .pieces import note_cubes, weight
from .setup import new_state
from .state import State

# ------------------------------------------------------------ worked examples (rulebook ~~~check)


def example_state(f: Facts, players: int, setup: Mapping[str, Any], variant: str = "standard",
                  options: Mapping[str, Any] | None = None) -> State:
    """A position at the start of a turn (before its イーバカード is drawn), for a rulebook example.

    ``setup`` keys (seat lists are in seat order, 1番席 first; areas are the map letters A–G):

    ``characters``  character ids, one per seat (required);
    ``round`` / ``turn``  the round (1–4) and the turn about to start (1–4); default 1 / 1;
    ``station``     station life now (default: the variant's start);
    ``missions``    the mission ids on the table (as many as players; default: the first ones);
    ``event``       the event id of this round (default: the first);
    ``drones``      {area: item id} — the drones still in play and the item each carries (at most
                    ``round`` of them; the others of this round count as destroyed);
    ``earlier_ebe`` the areas of the イーバカード revealed in the earlier turns of this round;
    ``played``      per seat, the areas of the 探索カード played in the earlier turns of this round;
    ``resources``   per seat, {ether|dust|scrap|carbon: n};  ``weapons`` per seat (default 1);
    ``damage``      per seat;  ``items`` per seat, item ids held (情報 goes to the hand);
    ``loaded``      {mission id: {resource: n}} already on the missions;
    ``boosted``     areas whose explorations give +1 AP (rewards of events met in earlier rounds).

    Raises ExampleError for a position the rules cannot reach: a wrong number of played cards,
    イーバカード or drones for the round and turn, a card the character does not have, damage at or
    above life (he would have died at the last turn end), a seat over its inventory, pieces the
    stock does not have, a station life at or below 0."""
    pos = _Position(f, players, setup, new_state(f, players, variant, options))
    pos.set_clock()
    pos.set_characters()
    pos.set_station()
    pos.set_missions()
    pos.set_event()
    pos.set_drones()
    pos.set_earlier_ebe()
    pos.set_seats()
    pos.set_loaded()
    return pos.finish()


class _Position:
    """A rulebook example's ``setup`` read step by step into a fresh state: each step sets one part of
    the table (in the order the checks must run: a later step relies on an earlier one)."""

    def __init__(self, f: Facts, players: int, setup: Mapping[str, Any], s: State) -> None:
        self.f, self.players, self.setup, self.s = f, players, setup, s
        self.used_items: set[int] = set()           # an item card is in one place only

    # -- reading the setup

    def seat_list(self, key: str, default: Any) -> list[Any]:
        v = self.setup.get(key)
        if v is None:
            return [default() if callable(default) else default for _ in range(self.players)]
        if not isinstance(v, list) or len(v) != self.players:
            raise ExampleError(msg("ebe.example_seats", key=key, players=self.players, value=v))
        return v

    @staticmethod
    def area(letter: Any, key: str) -> int:
        if not isinstance(letter, str) or letter.upper() not in AREAS:
            raise ExampleError(msg("ebe.example_area", key=key, value=letter))
        return AREAS.index(letter.upper())

    @staticmethod
    def index(ids: tuple[str, ...], name: Any, key: str, used: set[int] | None = None) -> int:
        for i, x in enumerate(ids):
            if x == name and (used is None or i not in used):
                if used is not None:
                    used.add(i)
                return i
        raise ExampleError(msg("ebe.example_no_card", key=key, name=name))

    # -- the table, part by part

    def set_clock(self) -> None:
        rnd, turn = int(self.setup.get("round", 1)), int(self.setup.get("turn", 1))
        if not (1 <= rnd <= 4 and 1 <= turn <= 4):
            raise ExampleError(msg("ebe.example_round", round=rnd, turn=turn))
        self.s.rnd, self.s.turn = rnd, turn

    def set_characters(self) -> None:
        s, f = self.s, self.f
        s.chars = [self.index(f.char_ids, c, "characters") for c in self.seat_list("characters", None)]
        if len(set(s.chars)) != self.players:
            raise ExampleError(msg("ebe.shared_character"))

    def set_station(self) -> None:
        s = self.s
        s.station = int(self.setup.get("station", s.life_start))
        if s.station <= 0:
            raise ExampleError(msg("ebe.example_station", station=s.station))

    def set_missions(self) -> None:
        s, f = self.s, self.f
        missions = self.setup.get("missions") or list(f.mission_ids[:self.players])
        if len(missions) != self.players:
            raise ExampleError(msg("ebe.example_missions", players=self.players, count=len(missions)))
        s.missions = sorted(self.index(f.mission_ids, m, "missions") for m in missions)
        s.mission_deck = [m for m in range(f.n_missions) if m not in s.missions]

    def set_event(self) -> None:
        """This round's event, the areas boosted by events met earlier, the earlier rounds' events."""
        s, f = self.s, self.f
        ev = self.index(f.event_ids, self.setup.get("event", f.event_ids[0]), "event")
        s.event_deck.remove(ev)
        s.event = ev
        s.pmod, s.emod = f.event_now[ev][1], f.event_now[ev][2]
        for letter in self.setup.get("boosted") or []:
            s.boosted |= 1 << self.area(letter, "boosted")
        for _ in range(s.rnd - 1):
            s.event_discard.append(s.event_deck.pop(0))

    def set_drones(self) -> None:
        """One drone comes each round: those not in play now were destroyed earlier this round."""
        s, f = self.s, self.f
        drones = self.setup.get("drones") or {}
        if len(drones) > s.rnd:
            raise ExampleError(msg("ebe.example_drones", count=len(drones), round=s.rnd))
        for letter, it in drones.items():
            a = self.area(letter, "drones")
            d = f.drone_area.index(a)
            s.drone_deck.remove(d)
            s.drone_at[a] = d
            if it is not None:
                s.drone_item[a] = self.index(f.item_ids, it, "drones", self.used_items)
        for _ in range(s.rnd - len(drones)):
            s.drone_discard.append(s.drone_deck.pop(0))

    def set_earlier_ebe(self) -> None:
        """One イーバカード a turn (two in the first three turns of round 4) before this one."""
        s, f = self.s, self.f
        rnd, turn = s.rnd, s.turn
        earlier = [self.area(x, "earlier_ebe") for x in self.setup.get("earlier_ebe") or []]
        want = sum(2 if rnd == 4 and t < 4 else 1 for t in range(1, turn))
        if len(earlier) != want:
            raise ExampleError(msg("ebe.example_earlier_ebe", want=want, turn=turn, round=rnd,
                                   count=len(earlier)))
        for a in earlier:
            c = f.ebe_area.index(a)
            if c in s.ebe_table:
                raise ExampleError(msg("ebe.example_ebe_twice", area=AREAS[a]))
            s.ebe_deck.remove(c)
            s.ebe_table.append(c)
            s.seen_prev |= 1 << a

    def set_seats(self) -> None:
        played = self.seat_list("played", list)
        resources = self.seat_list("resources", dict)
        weapons = self.seat_list("weapons", 1)
        damage = self.seat_list("damage", 0)
        items = self.seat_list("items", list)
        for p in range(self.players):
            self.set_hand(p, played[p])
            self.set_pieces(p, resources[p] or {}, int(weapons[p]), int(damage[p]))
            self.set_items(p, items[p])

    def set_hand(self, p: int, played: list[Any]) -> None:
        """The character's 探索 set less the cards played in the earlier turns of this round."""
        s, f = self.s, self.f
        ch = s.chars[p]
        if len(played) != s.turn - 1:
            raise ExampleError(msg("ebe.example_played_count", seat=p + 1, count=len(played), turn=s.turn,
                                   want=s.turn - 1))
        hand = list(f.char_cards[ch])
        for letter in played:
            a = self.area(letter, "played")
            t = next((t for t in hand if f.exp_area[t] == a), None)
            if t is None:
                raise ExampleError(msg("ebe.example_no_explore_card", character=f.char_names[ch], area=AREAS[a]))
            hand.remove(t)
            s.table[p].append(t)
        s.hand[p] = sorted(hand)

    def set_pieces(self, p: int, resources: Mapping[str, Any], weapons: int, damage: int) -> None:
        """Resources, weapons and damage taken from the stock; damage below life (else he died)."""
        s, f = self.s, self.f
        for r, k in resources.items():
            if r not in RESOURCES:
                raise ExampleError(msg("ebe.example_resource", name=r, known=RESOURCES))
            s.res[p][RESOURCES.index(r)] = int(k)
            s.supply_res[RESOURCES.index(r)] -= int(k)
        s.weap[p] = weapons
        s.supply_weap -= s.weap[p]
        s.dmg[p] = damage
        s.supply_dmg -= s.dmg[p]
        ch = s.chars[p]
        if s.dmg[p] >= f.char_life[ch]:
            raise ExampleError(msg("ebe.example_dead", character=f.char_names[ch], damage=s.dmg[p],
                                   life=f.char_life[ch]))

    def set_items(self, p: int, items: list[Any]) -> None:
        """Items held (情報 in the hand); the seat is then within its inventory."""
        s, f = self.s, self.f
        for it in items:
            i = self.index(f.item_ids, it, "items", self.used_items)
            if f.item_effect[i] == Effect.INFO:
                s.hand[p].append(INFO_BASE + i)
                s.hand[p].sort()
            else:
                s.items[p].append(i)
        inventory = f.char_inv[s.chars[p]]
        if weight(f, s, p) > inventory:
            raise ExampleError(msg("ebe.example_inventory", seat=p + 1, weight=weight(f, s, p),
                                   inventory=inventory))

    def set_loaded(self) -> None:
        """Resources already on the missions; a full one is built (this round)."""
        s, f = self.s, self.f
        for m, load in (self.setup.get("loaded") or {}).items():
            mi = self.index(f.mission_ids, m, "loaded")
            if mi not in s.missions:
                raise ExampleError(msg("ebe.example_not_on_table", name=m))
            for r, k in load.items():
                s.loaded[mi][RESOURCES.index(r)] = int(k)
                s.supply_res[RESOURCES.index(r)] -= int(k)
            if s.loaded[mi] == list(f.mission_cost[mi]):
                s.built.append(mi)
                s.built_round.append(s.rnd)

    def finish(self) -> State:
        """The stock covers what was handed out; the unused items make the deck; the turn starts."""
        s, f = self.s, self.f
        if min(s.supply_res) < 0 or s.supply_weap < 0:
            raise ExampleError(msg("ebe.example_supply"))
        s.item_deck = [i for i in range(f.n_items) if i not in self.used_items]
        s.phase = P_EBE
        s.cur = -1
        note_cubes(f, s)
        return s


def example_facts(f: Facts, s: State) -> dict[str, Any]:
    """What a rulebook example may claim: ``station``, ``round``, ``turn``, ``end`` (the end reason, or
    "" while the game goes on), ``win``, ``damage`` / ``weapons`` (per seat), ``resources`` (per seat,
    the kinds held), ``items`` (per seat, item ids held, 情報 in hand included), ``dead`` (seats, 1-based,
    whose damage is at or above life), ``built`` (mission ids) and ``loaded`` (what lies on each
    unbuilt mission)."""
    return {
        "station": s.station,
        "round": s.rnd,
        "turn": s.turn,
        "end": s.end,
        "win": s.end == "escape",
        "damage": list(s.dmg),
        "weapons": list(s.weap),
        "resources": [{RESOURCES[r]: s.res[p][r] for r in range(4) if s.res[p][r]} for p in range(s.n)],
        "items": [sorted([f.item_ids[i] for i in s.items[p]]
                         + [f.item_ids[t - INFO_BASE] for t in s.hand[p] if t >= INFO_BASE])
                  for p in range(s.n)],
        "dead": [p + 1 for p in range(s.n) if s.dmg[p] >= f.char_life[s.chars[p]]],
        "built": sorted(f.mission_ids[m] for m in s.built),
        "loaded": {f.mission_ids[m]: {RESOURCES[r]: s.loaded[m][r] for r in range(4) if s.loaded[m][r]}
                   for m in s.missions if m not in s.built and any(s.loaded[m])},
    }



"""Worked examples for the rulebook: a position at the start of one incident's resolution, and the facts
the book states about it."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...messages import msg
from ...sim.engine import TERMINAL
from ...sim.examples import ExampleError
from .actions import P_CHAL
from .conditions import third
from .facts import Facts
from .hands import bonuses
from .resolution import start_incident
from .scoring import result
from .setup import VARIANT_IDS, new_state
from .state import State


def example_state(facts: Facts, players: int, setup: Mapping[str, Any], variant: str = "standard",
                  options: Mapping[str, Any] | None = None) -> State:
    """A position at the start of one incident's resolution (its second cards just revealed), for
    the rulebook's worked examples.  Seats are named A, B, C … clockwise from the 親 (A).  Keys:

    ``hand``        the hand being played (default 1; at most the game's ``hands`` option);
    ``incident``    the incident number being resolved, 1–5 (default 1);
    ``detectives``  detective ids by seat (default: the first ones in data order);
    ``cards``       {seat: [first, second]} for this incident: hours 0–6 or ``HT`` (ヒーロータイム).
                    Every seat not dead must be given; each seat's other cards fill the other
                    columns in data order;
    ``incidents``   {column 1–5: [1位 card id, 2位 card id]} still on the table (default: this
                    incident's column and the later ones from the deck in data order; columns
                    before this incident are already resolved);
    ``vp``          {seat: VP} (default: the starting VP, or 0 from hand 2);
    ``won``         {seat: [card ids won earlier in this hand]};
    ``kept``        {seat: [card ids kept from earlier hands]} (never a 5; none in hand 1);
    ``injured``     {seat: injuries};  ``dead``  [seats that died earlier in this hand];
    ``order``       the play order from hand 2, earliest first (default A, B, C …).
    """
    if variant not in VARIANT_IDS:
        raise ExampleError(msg("terror24.example_variant", variant=variant, variants=", ".join(VARIANT_IDS)))
    s = new_state(facts, players, variant, options)
    named = _Named(facts, players)
    hand = int(setup.get("hand", 1))
    if not 1 <= hand <= s.hands:
        raise ExampleError(msg("terror24.example_hand", hand=hand, hands=s.hands))
    k = int(setup.get("incident", 1)) - 1
    if not 0 <= k < 5:
        raise ExampleError(msg("terror24.example_incident", incident=k + 1))
    s.hand_no = hand
    _seats(facts, s, setup, named)
    _incident_cards(facts, s, setup, named, k)
    _detective_cards(facts, s, setup, named, k)
    _check_kept(facts, s, named)
    s.revealed = True
    s.rnd = 1
    s.inc = k
    s.phase = P_CHAL
    start_incident(facts, s)
    return s


class _Named:
    """The setup's names: seats by letter (A = the 親), 事件カード by id, each card named at most once."""

    def __init__(self, facts: Facts, players: int):
        self.facts = facts
        self.names = [chr(ord("A") + i) for i in range(players)]
        self.used: set[int] = set()

    def seat(self, name: Any) -> int:
        if name not in self.names:
            raise ExampleError(msg("terror24.example_seat", seat=name, seats=", ".join(self.names)))
        return self.names.index(name)

    def take(self, cid: Any) -> int:
        if cid not in self.facts.card_ids:
            raise ExampleError(msg("terror24.example_incident_card", card=cid))
        c = self.facts.card_ids.index(cid)
        if c in self.used:
            raise ExampleError(msg("terror24.example_card_twice", card=cid))
        self.used.add(c)
        return c


def _seats(facts: Facts, s: State, setup: Mapping[str, Any], named: _Named) -> None:
    """Detectives, play order, VP, the dead and the injured."""
    players = s.n
    dets = setup.get("detectives") or list(facts.det_ids[:players])
    if len(dets) != players or len(set(dets)) != players or any(d not in facts.det_ids for d in dets):
        raise ExampleError(msg("terror24.example_detectives", detectives=dets))
    s.det = [facts.det_ids.index(d) for d in dets]
    if s.hand_no >= 2:
        s.vp = [0] * players
        order = [named.seat(x) for x in setup.get("order", named.names)]
        if sorted(order) != list(range(players)):
            raise ExampleError(msg("terror24.example_order", order=setup.get("order")))
        s.order = order
        s.pos = [order.index(i) for i in range(players)]
    for name, v in (setup.get("vp") or {}).items():
        s.vp[named.seat(name)] = int(v)
    for name in setup.get("dead") or ():
        i = named.seat(name)
        s.alive[i] = False
        s.died[i] = True
    for name, n in (setup.get("injured") or {}).items():
        s.inj[named.seat(name)] = int(n)


def _incident_cards(facts: Facts, s: State, setup: Mapping[str, Any], named: _Named, k: int) -> None:
    """Kept and won cards, the columns still on the table, the rest boxed."""
    for name, cids in (setup.get("kept") or {}).items():
        s.kept[named.seat(name)] = [named.take(c) for c in cids]
    for name, cids in (setup.get("won") or {}).items():
        s.won[named.seat(name)] = [named.take(c) for c in cids]     # their VP are in ``vp`` already
    table = {int(col) - 1: pair for col, pair in (setup.get("incidents") or {}).items()}
    if any(not k <= col < 5 for col in table):
        raise ExampleError(msg("terror24.example_resolved_column", column=k + 1))
    for col, pair in table.items():
        if len(pair) != 2:
            raise ExampleError(msg("terror24.example_column_pair", column=col + 1))
        s.layout[2 * col], s.layout[2 * col + 1] = named.take(pair[0]), named.take(pair[1])
    used = named.used
    spare = [c for c in range(facts.n_cards) if c not in used]
    for col in range(k, 5):
        if col not in table:
            s.layout[2 * col], s.layout[2 * col + 1] = spare.pop(0), spare.pop(0)
    # cards are boxed or discarded between hands, and the resolved columns went to the winners
    # given by ``won`` or nobody: the conservation check only needs every card somewhere
    s.box = [c for c in range(facts.n_cards) if c not in used and c not in s.layout]


def _detective_cards(facts: Facts, s: State, setup: Mapping[str, Any], named: _Named, k: int) -> None:
    """This incident's two cards of each seat taking part; the seat's other cards fill the other columns."""
    full = [k2 for k2, n in enumerate(facts.kind_counts) for _ in range(n)]
    cards = setup.get("cards") or {}
    for i, name in enumerate(named.names):
        pair = cards.get(name)
        if pair is None:
            if s.alive[i]:
                raise ExampleError(msg("terror24.example_needs_cards", seat=name))
            pair = []
        kinds = []
        for v in pair:
            kinds.append(facts.hero if v == "HT" else int(v))
            if not 0 <= kinds[-1] < facts.n_kinds:
                raise ExampleError(msg("terror24.example_no_card", seat=name, card=v))
        rest = full[:]
        for kd in kinds:
            if kd not in rest:
                raise ExampleError(msg("terror24.example_no_second", seat=name, card=facts.places[kd].text))
            rest.remove(kd)
        if len(kinds) not in (0, 2):
            raise ExampleError(msg("terror24.example_two_cards", seat=name, incident=k + 1))
        if kinds:
            s.p1[i][k], s.p2[i][k] = kinds
        cols = [c for c in range(5) if c != k] if kinds else list(range(5))
        for j, c in enumerate(cols):
            s.p1[i][c], s.p2[i][c] = rest[2 * j], rest[2 * j + 1]
        s.hand[i] = [0] * facts.n_kinds


def _check_kept(facts: Facts, s: State, named: _Named) -> None:
    for i, name in enumerate(named.names):
        if any(facts.card_value[c] == 5 for c in s.kept[i]):
            raise ExampleError(msg("terror24.example_keeps_five", seat=name))
        if len(s.kept[i]) > (1 if s.keep_old or s.variant == "keep-replace" else s.hand_no - 1):
            raise ExampleError(msg("terror24.example_keeps_too_many", seat=name, count=len(s.kept[i]), hand=s.hand_no))


def example_facts(facts: Facts, s: State) -> dict[str, Any]:
    """What the rulebook's examples state: seats by letter (A = the 親)."""
    names = [chr(ord("A") + i) for i in range(s.n)]
    cid = facts.card_ids
    said: dict[str, Any] = {
        "hand": s.hand_no,
        "vp": {names[i]: s.vp[i] for i in range(s.n)},
        "won": {names[i]: [cid[c] for c in s.won[i]] for i in range(s.n)},
        "kept": {names[i]: [cid[c] for c in s.kept[i]] for i in range(s.n)},
        "dead": [names[i] for i in range(s.n) if s.died[i]],
        "injured": {names[i]: s.inj[i] for i in range(s.n) if s.inj[i]},
    }
    if s.last_rank is not None:
        k, ranked, pw, order = s.last_rank
        said["incident"] = k + 1
        said["challenge_order"] = [names[i] for i in order]
        said["first"] = names[ranked[0]] if ranked else None
        said["second"] = names[ranked[1]] if len(ranked) > 1 else None
        said["power"] = {names[i]: pw[i] for i in sorted(ranked)}
    if s.cur == TERMINAL:
        r = result(facts, s)
        said["winner"] = names[r.ranks.index(1)]
        said["ranks"] = {names[i]: r.ranks[i] for i in range(s.n)}
        if third(s):
            said["bonus"] = {names[i]: dict(zip(("活躍者", "黒幕"), bonuses(facts, s, i))) for i in range(s.n)}
    return said

"""Worked examples for the rulebook: a position at the start of one incident's resolution, and the facts
the book states about it."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...messages import msg
from ...sim.engine import TERMINAL
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
    from ...sim.examples import ExampleError
    variant_ids = VARIANT_IDS
    if variant not in variant_ids:
        raise ExampleError(msg("terror24.example_variant", variant=variant, variants=", ".join(variant_ids)))
    s = new_state(facts, players, variant, options)
    names = [chr(ord("A") + i) for i in range(players)]

    def seat(name: Any) -> int:
        if name not in names:
            raise ExampleError(msg("terror24.example_seat", seat=name, seats=", ".join(names)))
        return names.index(name)

    def incident(cid: Any) -> int:
        if cid not in facts.card_ids:
            raise ExampleError(msg("terror24.example_incident_card", card=cid))
        return facts.card_ids.index(cid)

    hand = int(setup.get("hand", 1))
    if not 1 <= hand <= s.hands:
        raise ExampleError(msg("terror24.example_hand", hand=hand, hands=s.hands))
    k = int(setup.get("incident", 1)) - 1
    if not 0 <= k < 5:
        raise ExampleError(msg("terror24.example_incident", incident=k + 1))
    s.hand_no = hand
    dets = setup.get("detectives") or list(facts.det_ids[:players])
    if len(dets) != players or len(set(dets)) != players or any(d not in facts.det_ids for d in dets):
        raise ExampleError(msg("terror24.example_detectives", detectives=dets))
    s.det = [facts.det_ids.index(d) for d in dets]
    if hand >= 2:
        s.vp = [0] * players
        order = [seat(x) for x in setup.get("order", names)]
        if sorted(order) != list(range(players)):
            raise ExampleError(msg("terror24.example_order", order=setup.get("order")))
        s.order = order
        s.pos = [order.index(i) for i in range(players)]
    for name, v in (setup.get("vp") or {}).items():
        s.vp[seat(name)] = int(v)
    for name in setup.get("dead") or ():
        i = seat(name)
        s.alive[i] = False
        s.died[i] = True
    for name, n in (setup.get("injured") or {}).items():
        s.inj[seat(name)] = int(n)
    used: set[int] = set()

    def take(cid: Any) -> int:
        c = incident(cid)
        if c in used:
            raise ExampleError(msg("terror24.example_card_twice", card=cid))
        used.add(c)
        return c

    for name, cids in (setup.get("kept") or {}).items():
        s.kept[seat(name)] = [take(c) for c in cids]
    for name, cids in (setup.get("won") or {}).items():
        s.won[seat(name)] = [take(c) for c in cids]     # their VP are in ``vp`` already
    table = {int(col) - 1: pair for col, pair in (setup.get("incidents") or {}).items()}
    if any(not k <= col < 5 for col in table):
        raise ExampleError(msg("terror24.example_resolved_column", column=k + 1))
    for col, pair in table.items():
        if len(pair) != 2:
            raise ExampleError(msg("terror24.example_column_pair", column=col + 1))
        s.layout[2 * col], s.layout[2 * col + 1] = take(pair[0]), take(pair[1])
    spare = [c for c in range(facts.n_cards) if c not in used]
    for col in range(k, 5):
        if col not in table:
            s.layout[2 * col], s.layout[2 * col + 1] = spare.pop(0), spare.pop(0)
    s.box = [c for c in range(facts.n_cards) if c not in used and c not in s.layout]
    # cards are boxed or discarded between hands, and the resolved columns went to the winners
    # given by ``won`` or nobody: the conservation check only needs every card somewhere
    full = [k2 for k2, n in enumerate(facts.kind_counts) for _ in range(n)]
    cards = setup.get("cards") or {}
    for i, name in enumerate(names):
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
    for i in range(players):
        if any(facts.card_value[c] == 5 for c in s.kept[i]):
            raise ExampleError(msg("terror24.example_keeps_five", seat=names[i]))
        if len(s.kept[i]) > (1 if s.keep_old or s.variant == "keep-replace" else hand - 1):
            raise ExampleError(msg("terror24.example_keeps_too_many", seat=names[i], count=len(s.kept[i]), hand=hand))
    s.revealed = True
    s.rnd = 1
    s.inc = k
    s.phase = P_CHAL
    start_incident(facts, s)
    return s

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

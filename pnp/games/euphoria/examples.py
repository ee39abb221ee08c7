"""ユーフォリア: positions and facts for the rulebook's worked examples."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...messages import msg
from ...sim.examples import ExampleError
from .actions import OVER, PLAY
from .facts import DECK_ID, Facts
from .rules import start_round
from .scoring import result
from .setup import new_state
from .state import State


def example_state(facts: Facts, players: int, setup: Mapping[str, Any], variant: str = "standard",
                  options: Mapping[str, Any] | None = None) -> State:
    """A position at the start of a round's main phase, for a rulebook example.

    Seats are named A, B, C … (or 0, 1, 2 …) in turn order from seat A.  Keys of ``setup``:

    ``round``   the round number (default 1);
    ``parent``  this round's 親 (default A);
    ``hands``   {seat: [card ids]} for every player still in the game — each must hold exactly the
                cards the round leaves (4 players: 9 at round 1, 7 at round 3 …);
    ``toku``    {seat: [card ids]} the cards each has chanted (読経) so far (default none);
    ``sailed``  [seats] who have already sailed (渡海) in an earlier round, so must sail again;
    ``out``     {seat: round} who was eliminated, and in which earlier round;
    ``hidden``  {seat: card id} the set-aside card (default: a card nobody else holds).

    Every card not named is in the discard pile (or, 3 players, the one unused card).  A position
    the rules cannot reach raises ExampleError: a wrong number of cards in hand for the round, a
    player who has used more cards than rounds played, one who never sailed yet chanted fewer
    cards than rounds played, a 親 who is out, a card in two places.
    """
    s = new_state(facts, players, variant, options)
    pos = _read(facts, s, setup)
    _check(s, pos)
    if pos.parent in pos.out:
        raise ExampleError(msg("euphoria.example_parent_out", seat=pos.names[pos.parent]))
    if len(pos.out) >= players - 1:
        raise ExampleError(msg("euphoria.example_one_left"))
    _lay_out(facts, s, pos)
    start_round(facts, s, pos.parent)
    return s


@dataclass
class _Position:
    """What an example's setup names, by seat index and card index."""

    names: str
    rnd: int
    parent: int
    hands: dict[int, list[int]]
    toku: dict[int, list[int]]
    out: dict[int, Any]
    hidden: dict[int, int]
    sailed: set[int]
    named: list[int]                 # every card the setup names (each at most once)


def _read(facts: Facts, s: State, setup: Mapping[str, Any]) -> _Position:
    players = s.n
    names = "ABCDE"[:players]

    def seat_of(x: Any) -> int:
        if isinstance(x, int) and 0 <= x < players:
            return x
        if isinstance(x, str) and x in names:
            return names.index(x)
        raise ExampleError(msg("euphoria.example_seat", seat=x, seats=", ".join(names)))

    def card_of(x: Any) -> int:
        if x not in facts.card_ids:
            raise ExampleError(msg("euphoria.example_card", card=x, deck=DECK_ID))
        return facts.card_ids.index(x)

    def by_seat(key: str) -> dict[int, Any]:
        raw = setup.get(key) or {}
        if not isinstance(raw, Mapping):
            raise ExampleError(msg("euphoria.example_mapping", key=key))
        return {seat_of(k): v for k, v in raw.items()}

    unknown = sorted(set(setup) - {"round", "parent", "hands", "toku", "sailed", "out", "hidden"})
    if unknown:
        raise ExampleError(msg("euphoria.example_unknown_key", key=unknown[0]))
    rnd = setup.get("round", 1)
    if not isinstance(rnd, int) or not 1 <= rnd <= s.hand_size:
        raise ExampleError(msg("euphoria.example_round", rounds=s.hand_size, players=players, round=rnd))
    parent = seat_of(setup.get("parent", "A"))
    hands = {p: [card_of(c) for c in cs] for p, cs in by_seat("hands").items()}
    toku = {p: [card_of(c) for c in cs] for p, cs in by_seat("toku").items()}
    out = by_seat("out")
    hidden = {p: card_of(c) for p, c in by_seat("hidden").items()}
    sailed = {seat_of(x) for x in (setup.get("sailed") or [])}
    named = ([c for cs in hands.values() for c in cs] + [c for cs in toku.values() for c in cs]
             + list(hidden.values()))
    if len(named) != len(set(named)):
        dup = next(c for c in named if named.count(c) > 1)
        raise ExampleError(msg("euphoria.example_card_twice", card=facts.card_ids[dup]))
    return _Position(names, rnd, parent, hands, toku, out, hidden, sailed, named)


def _check(s: State, pos: _Position) -> None:
    """Each seat's cards as the rounds played leave them: a hand of the right size, 読経 once a round until
    the first 渡海, an elimination in an earlier round."""
    rnd = pos.rnd
    left = s.hand_size - (rnd - 1)
    for p in range(s.n):
        name = pos.names[p]
        if p in pos.out:
            er = pos.out[p]
            if not isinstance(er, int) or not 1 <= er < rnd:
                raise ExampleError(msg("euphoria.example_out_round", seat=name, round=er))
            if p in pos.hands:
                raise ExampleError(msg("euphoria.example_out_hand", seat=name))
            continue
        got = len(pos.hands.get(p, []))
        if got != left:
            raise ExampleError(msg("euphoria.example_hand_count", seat=name, count=got, round=rnd,
                                   players=s.n, left=left))
        chanted = len(pos.toku.get(p, []))
        if p in pos.sailed and rnd == 1:
            raise ExampleError(msg("euphoria.example_sailed_round_one", seat=name))
        if p in pos.sailed and chanted > rnd - 2:
            raise ExampleError(msg("euphoria.example_sailed_chanted", seat=name, count=chanted, rounds=rnd - 1))
        if p not in pos.sailed and chanted != rnd - 1:
            raise ExampleError(msg("euphoria.example_not_sailed", seat=name, rounds=rnd - 1, count=chanted))


def _lay_out(facts: Facts, s: State, pos: _Position) -> None:
    """The cards where the setup puts them; every card not named in the discard (or left out of the deal)."""
    players, rnd, out, hidden = s.n, pos.rnd, pos.out, pos.hidden
    rest = [c for c in range(facts.n_cards) if c not in set(pos.named)]
    for p in range(players):
        if p not in hidden:
            hidden[p] = rest.pop()
    k = s.deal_k
    s.phase = PLAY
    s.hands = [sorted(pos.hands.get(p, [])) for p in range(players)]
    s.hidden = [hidden[p] for p in range(players)]
    s.toku = [list(pos.toku.get(p, [])) for p in range(players)]
    s.removed = rest[:facts.n_cards - k * players]
    s.discard = rest[facts.n_cards - k * players:]
    for p in range(players):
        s.chanted[p] = bool(s.toku[p])
        if p in pos.sailed or p in out:
            s.sailed[p] = True
            s.first_sail[p] = out.get(p, rnd - 1) if p in out else max(1, rnd - 1)
        if p in out:
            s.out[p] = True
            s.elim_round[p] = out[p]
            s.alive -= 1
    s.round = rnd - 1
    s.parents = [pos.parent] * (rnd - 1)


def example_facts(facts: Facts, s: State) -> dict[str, Any]:
    """What a rulebook example may claim: seats as letters A, B, C …

    ``round``, ``parent`` (the 親 now: after a round, the new one), ``mu`` (suit name of 無の境地,
    None before anyone sails), ``eliminated`` (letters), ``over``; once the game is over also
    ``winner``, ``ranking`` (letters, 1st first), ``end_reason`` and ``scores`` ({letter: 【徳】}).
    """
    names = "ABCDE"
    said: dict[str, Any] = {
        "round": s.round,
        "parent": names[s.parent],
        "mu": facts.suit_names[s.mu] if s.mu >= 0 else None,
        "eliminated": [names[p] for p in range(s.n) if s.out[p]],
        "over": s.phase == OVER,
    }
    if s.phase == OVER:
        r = result(facts, s)
        said["winner"] = names[r.winners[0]]
        said["ranking"] = [names[p] for p in sorted(range(s.n), key=lambda p: r.ranks[p])]
        said["end_reason"] = r.end_reason
        said["scores"] = {names[p]: int(r.scores[p]) for p in range(s.n)}
    return said

"""ユーフォリア: the scores (【徳】, the standing each round), the ranking and the result."""
from __future__ import annotations

from ...messages import msg
from ...sim.engine import IllegalAction, Result
from .actions import OVER
from .facts import Facts
from .state import State


def toku_total(facts: Facts, s: State, seat: int, with_hidden: bool = True) -> int:
    v = facts.value_of
    total: int = sum(map(v.__getitem__, s.toku[seat]))
    if with_hidden and s.hidden_scores and not s.out[seat] and s.hidden[seat] >= 0:
        total += v[s.hidden[seat]]
    return total


def standing(facts: Facts, s: State) -> tuple[float, ...]:
    """Each seat's 【徳】 so far (with the set-aside card when it counts); -1 for a player who is out."""
    value = facts.value_of.__getitem__
    counted = s.hidden_scores
    out, toku, hidden = s.out, s.toku, s.hidden
    return tuple([-1.0 if out[p] else
                  float(sum(map(value, toku[p])) + (value(hidden[p]) if counted and hidden[p] >= 0 else 0))
                  for p in range(s.n)])


def progress(facts: Facts, s: State) -> tuple[int, tuple[float, ...]]:
    return s.round, standing(facts, s)


def score_history(facts: Facts, s: State) -> tuple[tuple[float, ...], ...]:
    return tuple(s.round_scores)


def final_order(s: State) -> list[int]:
    return list(range(s.parent, s.n)) + list(range(s.parent))


def result(facts: Facts, s: State) -> Result:
    if s.phase != OVER:
        raise IllegalAction(msg("euphoria.game_not_over"))
    n = s.n
    turn = {p: i for i, p in enumerate(final_order(s))}
    scores = tuple(float(toku_total(facts, s, p)) for p in range(n))
    special = [not s.out[p] and not s.chanted[p] for p in range(n)]

    def key(p: int) -> tuple[int, int, int, float, int]:
        if s.out[p]:
            return (1, 0, -s.elim_round[p], -scores[p], turn[p])
        if s.end_reason == "last_survivor":
            return (0, 0, 0, 0, turn[p])
        if special[p]:
            # 「いずれの場合も、複数いたら最終ラウンドで手番順の早かった方を優先」: among players who
            # never chanted only the last round's turn order counts, never the set-aside card
            return (0, 0, 0, 0, turn[p])
        return (0, 1, 0, -scores[p], turn[p])

    ranking = sorted(range(n), key=key)
    ranks = [0] * n
    for r, p in enumerate(ranking, 1):
        ranks[p] = r
    winner = ranking[0]
    if s.end_reason == "last_survivor":
        reason, reason_ja = "last_survivor", "生き残りが1人になった"
    elif special[winner]:
        reason, reason_ja = "special_win", "一度も読経せずに生き残った（出し切り勝利）"
    else:
        reason, reason_ja = "toku", "【徳】の合計で決着"
    extra = {
        "first_parent": s.parents[0] if s.parents else 0,
        "parents": list(s.parents),
        "eliminated": list(s.out),
        "elimination_round": [s.elim_round[p] or None for p in range(n)],
        "never_chanted": [not c for c in s.chanted],
        # won without ever chanting: by the special win, or as the lone survivor who never chanted
        # (played on to the end he could only sail, and would win by the same rule)
        "special_winner": special[winner],
        "rounds_planned": s.hand_size,
        "per_seat": {
            "first_sail_round": [s.first_sail[p] or None for p in range(n)],
            "hidden_value": [facts.value_of[s.hidden[p]] if s.hidden[p] >= 0 else None for p in range(n)],
        },
    }
    return Result(scores=scores, ranks=tuple(ranks), end_reason=reason, end_reason_ja=reason_ja, extra=extra)

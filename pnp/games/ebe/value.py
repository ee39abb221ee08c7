"""The team's chances from the open table: ``team_value(state)``, the hook the search player scores a cut
playout with (see ``pnp.sim.search``: cooperative engines offer ``team_value(state) -> float in [0, 1]``).

The value is a logistic model of "the planner team goes on to escape from here", on a few public facts:
the turns left, the station life against the イーバ still to come, what the missions still lack beyond
what the team holds, the characters' life left and the team's weapons.  The weights are fitted per player
count on the turn-start states of seeded planner games, before the dice (the points where the search
player's playouts stop; ``python benchmarks/ebe_value_fit.py`` prints them; provisional, refit when the
cards change).  Held-out Brier score 0.198 / 0.213 / 0.202 at 2 / 3 / 4 players, against 0.237 / 0.249 /
0.219 for the base rate alone: a rough guide, not a forecast.  It reads nothing hidden: the face-down
イーバ (``ebe_now`` before the reveal) and the order of the decks never enter it, so the value of a
determinized state equals the value of the information set it came from (tests/games/test_ebe_value.py
checks that)."""
from __future__ import annotations

import math

from ...messages import msg
from .facts import P_DISCARD, P_END, P_PAY, Facts
from .pieces import ebe_count
from .rounds import event_met
from .state import State

FEATURES = ("bias", "turns_left", "station_margin", "short", "short_per_turn", "unloaded", "unbuilt",
            "all_built", "life_min", "near_death", "damage", "weapons")

# fitted by benchmarks/ebe_value_fit.py (its defaults: 1000 games per player count, seed 1); one row per player count
WEIGHTS: dict[int, tuple[float, ...]] = {
    2: (-1.5736, 2.2320, 0.2838, 1.2793, -2.4680, -1.9303, 0.4856, 2.4503, 0.7221, -0.1187, -0.2014, -0.1787),
    3: (-1.6168, 2.2749, 0.2855, 0.5175, -0.9778, -0.9308, 0.1322, 1.9517, 0.7711, -0.1369, 0.2640, 0.2009),
    4: (-1.5180, 2.7533, 0.2456, 0.4033, -1.3152, -0.4764, 0.1067, 2.1461, 1.0080, -0.1968, 0.1421, 0.1660),
}


def value_features(f: Facts, s: State) -> list[float]:
    """The public facts the value weighs (``FEATURES``, in that order)."""
    n = s.n
    done_turns = 4 * (s.rnd - 1) + s.turn - 1
    turns_left = max(0, 16 - done_turns)
    # イーバ still to act: this turn's (their dice are public once assigned) and every later turn's
    ebe_left = sum(2 if r == 4 and t < 4 else 1 for r in range(s.rnd, 5) for t in range(1, 5)
                   if (r, t) > (s.rnd, s.turn))
    if s.phase in (P_DISCARD, P_PAY):
        pending = 0.0                      # this turn is over
    elif s.revealed:
        pending = float(sum(d for d, kind, _ in s.order[max(0, s.pos):] if kind == 0))
    else:
        k = ebe_count(f, s)
        given = [d for d in s.ebe_die if d > 0]
        pending = sum(given) + 3.5 * (k - len(given))
    margin = s.station - pending - 3.5 * ebe_left
    if s.event >= 0 and event_met(f, s) is False:
        margin -= f.event_cond[s.event][4]      # this round's event fails unless the team meets it
    need = [0, 0, 0, 0]
    unloaded = 0
    unbuilt = 0
    for m in s.missions:
        if m in s.built:
            continue
        unbuilt += 1
        cost, ld = f.mission_cost[m], s.loaded[m]
        for r in range(4):
            need[r] += cost[r] - ld[r]
            unloaded += cost[r] - ld[r]
    held = [sum(s.res[p][r] for p in range(n)) for r in range(4)]
    short = sum(max(0, need[r] - held[r]) for r in range(4))
    lives = [f.char_life[s.chars[p]] - s.dmg[p] for p in range(n)] if s.chars else [0]
    life_min = min(lives)
    return [1.0, turns_left / 16, margin / 10, short / 10, short / max(1, turns_left), unloaded / 10,
            float(unbuilt), 1.0 if s.missions and unbuilt == 0 else 0.0, min(life_min, 5) / 5,
            float(sum(1 for v in lives if v <= 2)), sum(s.dmg) / (5 * n), sum(s.weap) / n]


def team_value(f: Facts, s: State) -> float:
    """The team's chance to escape from here, in [0, 1] (1 or 0 once the game is over)."""
    if s.phase == P_END:
        return 1.0 if s.end == "escape" else 0.0
    w = WEIGHTS.get(s.n)
    if w is None:
        raise ValueError(msg("ebe.no_team_value", players=s.n))
    z = sum(a * b for a, b in zip(w, value_features(f, s)))
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    ez = math.exp(z)
    return ez / (1.0 + ez)



"""Skill and luck: the figures a designer asks for beside the win rates.

* **How much skill matters** — a skill ladder (after Ludii's SkillTrace): players of rising skill —
  ``random``, the game's default policy, then the search player (``mcts:<budget>``, :mod:`pnp.sim.search`)
  at doubling budgets (``skill_ladder``, default 1, 2, 4) — each seated once against a fixed field of the
  default policy, rotated through every seat, on the same seeds.  Each rung's win share has its 95%
  interval (beside the fair share 1/players); each step from one rung to the next is the paired
  difference of the games' shares; the slope is the least-squares gain per doubling of the search
  budget, fitted game by game, with its interval over the games.  Skill matters where the step from
  random to the game's own player, or the slope, lies above 0; it hardly matters where both lie within
  ±EQUIVALENCE; otherwise (an interval across 0 and past the margin) it is undecided.  In a cooperative
  game the rung's player sits among default teammates and the figure is the team's win rate.
* **How much a single chance event predicts the winner** — generically, for any engine: play the
  opening chance events (the deal: every chance step before the first decision), keep that state, and
  play it out ``K`` times with other seeds for every later chance event and every policy.  If the deal
  decided the game, every continuation would have the same winner.  The figure is how often two
  continuations of the same deal have the same winner, against the same rate for two games with
  different deals (the base rate Σ pᵢ², from the seats' win shares).  A cooperative game compares
  the team's outcome (win or loss) the same way.
* **How much one chance event during play predicts the winner** (a die, a card drawn, a reshuffle) —
  generically too: play ``D`` games with the default policy, and in each draw one of the chance steps
  that come after the first decision, every such step equally likely (the opening ones are the deal's
  figure).  From the state just before that step, play ``K`` continuations with fresh seeds for
  everything later (A) keeping the step's outcome the game had, and (B) drawing it anew.  The figure is
  the same-winner rate under A minus the rate under B, with a 95% interval over the games: how much
  knowing that one outcome tells about who wins (0 when it does not matter).  The event is named in the
  engine's words: the optional hook ``chance_event_ja(state, outcome)`` (``None`` leaves a step out of
  the draw, e.g. to measure dice only), else the outcome's ``label()`` up to its colon
  (「サイコロ: 2・5」 → 「サイコロ」).  ``only`` (``--luck-event``) limits the draw to events of those
  names (e.g. the dice).  A game whose chance is all in the opening has no such event, and says so.

Seat advantage under the strongest practical play is the batch's own seat win rate (the batch plays
the game's default policy, the strongest practical player); the report reads it from there.

Everything is seeded from the batch's seed: the same command gives the same figures.
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..messages import did_you_mean, msg
from .engine import CHANCE, TERMINAL, BaseEngine
from .errors import SimError
from .policies import default_policy, make_policy
from .runner import Batch, run_games
from .sampling import Streams, derive_seed, game_rngs
from .search import spec_parts
from .stats import Z95, rate

DEFAULT_LADDER = (1, 2, 4)  # search budgets of the skill ladder (an engine's skill_ladder overrides)
DEFAULT_LADDER_GAMES = 100  # games per rung (an engine's skill_ladder_games overrides)
EQUIVALENCE = 0.05          # a step or slope within ±5 points says skill hardly matters
DEFAULT_SEARCH_ITERATIONS = 25
DEFAULT_LUCK_DEALS = 64      # at most: the luck figures stop at the first block whose interval decides
DEFAULT_LUCK_CONTINUATIONS = 4
DEFAULT_LUCK_EVENTS = 64
LUCK_BLOCK = 16              # deals (games) between two looks at the interval
LUCK_MARGIN = 0.05           # a luck figure within 5 points of "no effect" says the chance hardly matters
TEAM_SAMPLES = 6            # samples per decision of a team game's search player (the measured setting)
PAIRED_SAMPLES = 8          # samples per decision of a paired search in a report run (探偵無宿２'s :guided)


def search_spec(engine: BaseEngine, iterations: int) -> str | None:
    """The search player the skill figures seat: guided by the game's own default policy where it has
    one (``mcts:N:guided``: its playouts, its first choice to expand, playouts cut after 40 decisions and
    scored by the standing), plain ``mcts:N`` where the default is random.  A cooperative game with a
    ``team_value`` hook gets ``mcts:N:guided`` too, which there means paired playouts by the default policy
    scored by the team value (see :mod:`pnp.sim.search`), with N at most ``TEAM_SAMPLES``: every sample
    plays out every legal move, so 6 samples already cost more than 25 tree iterations.  A cooperative game
    without the hook gets none (random playouts never win there, and full playouts are too slow for a
    report run); its skill figure then compares the default team with a random team only.  A competitive game
    whose ``:guided`` is the paired step (探偵無宿２) gets N at most ``PAIRED_SAMPLES``, for the same reason."""
    if engine.capabilities.cooperative:
        if not engine.capabilities.team_value or default_policy(engine) == "random":
            return None
        return f"mcts:{max(1, min(iterations, TEAM_SAMPLES))}:guided"
    default = default_policy(engine)
    if default == "random":
        return f"mcts:{iterations}"
    if "paired=on" in spec_parts(engine, "mcts:1:guided"):
        # every sample plays every legal move to the end: 8 samples cost about what 100 tree iterations do
        return f"mcts:{max(1, min(iterations, PAIRED_SAMPLES))}:guided"
    return f"mcts:{iterations}:guided"


def ladder_budgets(engine: BaseEngine) -> tuple[int, ...]:
    """The search budgets of the engine's default ladder (``skill_ladder``), else DEFAULT_LADDER."""
    return tuple(engine.capabilities.skill_ladder or DEFAULT_LADDER)


def ladder_games(engine: BaseEngine) -> int:
    """Games per rung of the engine's default ladder (``skill_ladder_games``), else DEFAULT_LADDER_GAMES."""
    return int(engine.capabilities.skill_ladder_games or DEFAULT_LADDER_GAMES)


def ladder_rungs(engine: BaseEngine, budgets: Sequence[int]) -> list[tuple[str, int | None]]:
    """The ladder's players, weakest first: (policy, search budget or None)."""
    default = default_policy(engine)
    rungs: list[tuple[str, int | None]] = [("random", None)]
    if default != "random":
        rungs.append((default, None))
    if engine.capabilities.determinization:
        seen: set[str] = set()
        for b in sorted(set(budgets)):
            spec = search_spec(engine, b)
            if spec is not None and spec not in seen:     # a capped budget (TEAM_SAMPLES) would repeat a rung
                seen.add(spec)
                rungs.append((spec, _iterations(spec)))
    return rungs


def _paired_mean(values: Sequence[float]) -> dict[str, Any]:
    n = len(values)
    m = sum(values) / n if n else 0.0
    sd = math.sqrt(sum((x - m) ** 2 for x in values) / (n - 1)) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n) if n > 1 else 0.0
    return {"mean": round(m, 4), "ci": [round(m - half, 4), round(m + half, 4)], "n": n}


def skill_ladder(engine: BaseEngine, players: int, *, games: int, seed: int, budgets: Sequence[int] | None = None,
                 variant: str = "standard", options: Mapping[str, Any] | None = None, executor: Any = None,
                 progress: Callable[[str], None] = lambda _: None,
                 on_games: Callable[[int], None] | None = None) -> dict[str, Any]:
    """The skill ladder (see the module docstring): each rung's player in one seat against a fixed field
    of the game's default policy, on the same seeds; each rung's win share, the paired step from the rung
    below, the slope per doubling of the search budget, and the verdict they allow.
    progress(policy) before each rung; on_games(n) as games are played."""
    options = dict(options or {})
    field = default_policy(engine)
    coop = engine.capabilities.cooperative
    budgets = tuple(budgets if budgets is not None else ladder_budgets(engine))
    sub = derive_seed(seed, "ladder")
    rungs = ladder_rungs(engine, budgets)
    shares: list[list[float]] = []
    out_rungs: list[dict[str, Any]] = []
    for name, budget in rungs:
        progress(name)
        seats = (name,) + (field,) * (players - 1)
        values: list[float] = []
        for r in run_games(engine, Batch(players, seats, games, seed=sub, variant=variant, options=options),
                           executor=executor, on_progress=on_games):
            if r.result is None:
                raise SimError(msg("sim.ladder_game_broke", index=r.index, seed=r.seed, policy=name, error=r.error))
            winners = r.result.winners
            if coop:
                values.append(1.0 if winners else 0.0)
            else:
                subject = (-r.index) % players         # where lineup() seated the rung's player
                values.append(1 / len(winners) if subject in winners else 0.0)
        shares.append(values)
        # the field's own rung too is the one seat's share (the seat the other rungs' player sits in, game by
        # game), so that every step pairs exactly; it differs from 1/players by chance alone
        fig = rate(sum(values), len(values))
        out_rungs.append({"policy": name, "budget": budget, "field": name == field, **fig})
    steps = []
    for k in range(1, len(rungs)):
        steps.append({"from": k - 1, "to": k, **_paired_mean([b - a for a, b in zip(shares[k - 1], shares[k])])})
    searched = [k for k, (_, b) in enumerate(rungs) if b is not None]
    slope = None
    if len(searched) >= 2:
        xs = [math.log2(rungs[k][1] or 1) for k in searched]
        mx = sum(xs) / len(xs)
        sxx = sum((x - mx) ** 2 for x in xs)
        per_game = [sum((x - mx) * shares[k][g] for x, k in zip(xs, searched)) / sxx for g in range(games)]
        slope = {"first": searched[0], "last": searched[-1], **_paired_mean(per_game)}
    out: dict[str, Any] = {"field": field, "players": players, "games": games, "cooperative": coop,
                           "fair": None if coop else round(1 / players, 4), "margin": EQUIVALENCE,
                           "rungs": out_rungs, "steps": steps, "slope": slope}
    if not searched:
        out["search_missing"] = list(SEARCH_HOOKS) if not engine.capabilities.determinization else ["team_value"]
    out.update(ladder_verdict(out, shares))
    return out


def ladder_verdict(ladder: Mapping[str, Any], shares: Sequence[Sequence[float]] | None = None) -> dict[str, Any]:
    """What the ladder allows to say, from three paired figures: ``basic`` (random → the field's own
    player), ``top`` (the field → the top search rung; needs ``shares``, the rungs' per-game shares, else
    it is kept from ``ladder``) and ``slope`` (per doubling of the search budget).  The verdict:
    ``matters`` where one of their 95% intervals lies above 0, ``none`` where every one lies within
    ±margin, else ``undecided`` (an interval across 0 that reaches past the margin)."""
    rungs, steps, margin = ladder["rungs"], ladder["steps"], ladder["margin"]
    at_field = next((k for k, r in enumerate(rungs) if r["policy"] == ladder["field"]), 0)
    basic = steps[at_field - 1] if at_field > 0 else None
    searched = [k for k, r in enumerate(rungs) if r["budget"] is not None]
    top = ladder.get("top")
    if shares is not None and searched:
        last = searched[-1]
        top = {"from": at_field, "to": last,
               **_paired_mean([b - a for a, b in zip(shares[at_field], shares[last])])}
    read = [f for f in (basic, top, ladder["slope"]) if f is not None]
    if any(f["ci"][0] > 0 for f in read):
        verdict = "matters"
    elif read and all(-margin <= f["ci"][0] and f["ci"][1] <= margin for f in read):
        verdict = "none"
    else:
        verdict = "undecided"
    return {"basic": basic, "top": top, "verdict": verdict}


def _iterations(spec: str) -> int:
    head = spec.split(":")
    return int(head[1]) if len(head) > 1 and head[1].isdigit() else 0


def _opening(engine: BaseEngine, players: int, variant: str, options: Mapping[str, Any], rng: random.Random,
             count: list[int] | None = None) -> Any:
    """The state after the opening chance events (everything before the first decision); ``count`` gets the
    number of those events appended."""
    state = engine.new_state(players, variant, dict(options))
    n = 0
    while engine.to_move(state) == CHANCE:
        engine.apply(state, engine.sample_chance(state, rng))
        n += 1
    if count is not None:
        count.append(n)
    return state


def _play_out(engine: BaseEngine, state: Any, pols: Sequence[Any], seed: int, trail: list[Any] | None = None,
              policy_seed: int | None = None, chances: list[int] | None = None) -> tuple[int, ...]:
    """Play ``state`` to the end, chance drawn from ``seed`` and the players' own random numbers from
    ``policy_seed`` (the engine's keyed streams, :class:`pnp.sim.sampling.Streams`): continuations that
    share ``policy_seed`` differ by chance only, never by a player's coin flip.  The winners (``trail``
    gets the actions, ``chances`` the number of chance steps)."""
    streams = Streams(engine, seed, policy_seed=policy_seed)
    views = [engine.information_set if getattr(p, "wants_information_set", False) else engine.observe
             for p in pols]
    uses = [getattr(p, "uses_observation", True) for p in pols]
    steps = drawn = 0
    while True:
        seat = engine.to_move(state)
        if seat == TERMINAL:
            break
        if steps > engine.max_steps:
            raise RuntimeError(msg("sim.continuation_past", steps=engine.max_steps))
        if seat == CHANCE:
            action = engine.sample_chance(state, streams.chance(state))
            drawn += 1
        else:
            legal = engine.legal_actions(state)
            action = pols[seat].choose(views[seat](state, seat) if uses[seat] else None, legal,
                                       streams.seat(state, seat))
        engine.apply(state, action)
        if trail is not None:
            trail.append(action)
        steps += 1
    if chances is not None:
        chances.append(drawn)
    winners: tuple[int, ...] = engine.result(state).winners
    return winners


def _decide(ci: Sequence[float], ref: float, margin: float = LUCK_MARGIN) -> str | None:
    """"matters" where the interval lies above ``ref``, "little" where it stays under ref + margin, None
    where it straddles both (more samples)."""
    lo, hi = ci
    if hi < ref + margin:
        return "little"
    if lo > ref:
        return "matters"
    return None


def deal_luck(engine: BaseEngine, players: int, *, deals: int, continuations: int, seed: int, policy: str | None = None,
              variant: str = "standard", options: Mapping[str, Any] | None = None,
              on_games: Callable[[int], None] | None = None) -> dict[str, Any]:
    """How often the same seat wins again when only the deal is kept (see the module docstring).  The
    continuations of one deal re-draw the later chance only: the players keep their own random numbers, so
    a game with no chance after the deal has no figure (what would differ is the players' coin flips, not
    luck).  ``deals`` is the most played: after every ``LUCK_BLOCK`` deals the interval is looked at, and
    the figure stops once it decides (above the base rate, or within ``LUCK_MARGIN`` of it); a figure still
    undecided at ``deals`` says so.  on_games(1) after each deal."""
    options = dict(options or {})
    name = policy or default_policy(engine)
    coop = engine.capabilities.cooperative
    k = max(2, continuations)
    agree_per_deal: list[float] = []
    outcome_counts: dict[Any, float] = {}
    total = 0
    opening: list[int] = []
    chances: list[int] = []
    head = {"policy": name, "deals": deals, "continuations": k, "cooperative": coop}
    decision: str | None = None
    for d in range(deals):
        base = _opening(engine, players, variant, options, random.Random(derive_seed(seed, "deal", d)), opening)
        if not opening[-1]:
            return {**head, "deal_held": False,
                    "undecidable": ("このゲームは最初の一手が選択で（配りの前に決める手があり）、その前の偶然がないため、"
                                    "「同じ配り」を保ったまま続けることができません。同じ種のゲームどうしを比べても、"
                                    "配りの影響ではなく別々のゲームを比べることになります")}
        outcomes = []
        players_seed = derive_seed(seed, "deal", d, "players")     # the same players in every continuation
        for j in range(k):
            pols = [make_policy(engine, name) for _ in range(players)]
            winners = _play_out(engine, base.clone(), pols, derive_seed(seed, "deal", d, "go", j),
                                policy_seed=players_seed, chances=chances)
            outcome: Any = bool(winners) if coop else winners
            outcomes.append(outcome)
            if coop:
                outcome_counts[outcome] = outcome_counts.get(outcome, 0.0) + 1
            else:
                for w in winners:
                    outcome_counts[w] = outcome_counts.get(w, 0.0) + 1 / len(winners)
            total += 1
        if on_games is not None:
            on_games(1)
        if d == 0 and not any(chances):
            if on_games is not None and deals > 1:
                on_games(deals - 1)      # the part is done: the rest of its budget is not needed
            return {**head, "deal_held": True, "chance_after_deal": False, "played": 1,
                    "undecidable": ("このゲームの偶然は最初の配りだけで、配りのあとに偶然がありません。同じ配りから続けて"
                                    "違うのはプレイヤー自身の乱数（打ち方の揺れ）だけで、それは運ではないので、配りの影響は"
                                    "測りません（配りがどれだけ勝敗を決めるかは、腕の影響の数字が答えます）")}
        pairs = [(a, b) for i, a in enumerate(outcomes) for b in outcomes[i + 1:]]
        agree_per_deal.append(sum(a == b for a, b in pairs) / len(pairs))
        if (d + 1) % LUCK_BLOCK == 0 and d + 1 < deals:
            decision = _decide(_mean_ci(agree_per_deal, 0.0, 1.0)["ci"], _base_rate(outcome_counts, total))
            if decision:
                break
    n = len(agree_per_deal)
    if on_games is not None and n < deals:
        on_games(deals - n)              # decided early: the rest of the budget is not needed
    same = _mean_ci(agree_per_deal, 0.0, 1.0)
    base_rate = _base_rate(outcome_counts, total)
    decision = _decide(same["ci"], base_rate) if n > 1 else None
    out = {**head, "played": n, "deal_held": True, "chance_after_deal": True, "same_outcome": same,
           "base_rate": round(base_rate, 4), "excess": round(same["rate"] - base_rate, 4),
           "margin": LUCK_MARGIN, "decision": decision}
    if decision is None:
        lo, hi = same["ci"]
        out["undecidable"] = (f"配り{n}通り（上限）では、一致率の区間 {100 * lo:.1f}〜{100 * hi:.1f}% が配りの違うゲームどうしの"
                              f"{100 * base_rate:.1f}% と、その{100 * LUCK_MARGIN:.0f}ポイント上の両方をまたぎます"
                              "（--luck-deals を増やすと決まります）")
    return out


def _base_rate(counts: Mapping[Any, float], total: int) -> float:
    """The same-outcome rate of two games with different deals: Σ pᵢ² over the outcomes' shares."""
    return sum((c / total) ** 2 for c in counts.values()) if total else 0.0


def chance_event_name(engine: BaseEngine, state: Any, outcome: Any) -> str | None:
    """The Japanese name of the chance step at ``state`` that gave ``outcome`` (see the module docstring);
    ``None`` when the engine leaves the step out of the single-event figure."""
    named: str | None = engine.chance_event_ja(state, outcome)
    return named


def _sampled_game(engine: BaseEngine, players: int, variant: str, options: Mapping[str, Any], name: str,
                  seed: int) -> tuple[list[Any], list[tuple[int, str, int | None, int]], int]:
    """One game with ``name`` in every seat: its steps, its named chance steps after the first decision
    (step index, event name, round or ``None``, decisions before it), and its number of decisions."""
    rng, seat_rngs = game_rngs(seed, players)
    pols = [make_policy(engine, name) for _ in range(players)]
    views = [engine.information_set if getattr(p, "wants_information_set", False) else engine.observe
             for p in pols]
    uses = [getattr(p, "uses_observation", True) for p in pols]
    prog: Any = engine.progress if engine.capabilities.progress else None
    state = engine.new_state(players, variant, dict(options))
    steps: list[Any] = []
    events: list[tuple[int, str, int | None, int]] = []
    decisions = 0
    while True:
        seat = engine.to_move(state)
        if seat == TERMINAL:
            break
        if len(steps) > engine.max_steps:
            raise RuntimeError(msg("sim.sample_past", steps=engine.max_steps))
        if seat == CHANCE:
            action = engine.sample_chance(state, rng)
            if decisions:
                kind = chance_event_name(engine, state, action)
                if kind is not None:
                    events.append((len(steps), kind, int(prog(state)[0]) if prog else None, decisions))
        else:
            legal = engine.legal_actions(state)
            action = pols[seat].choose(views[seat](state, seat) if uses[seat] else None, legal, seat_rngs[seat])
            decisions += 1
        engine.apply(state, action)
        steps.append(action)
    return steps, events, decisions


def _agreement(outcomes: Sequence[Any]) -> float:
    pairs = [(a, b) for i, a in enumerate(outcomes) for b in outcomes[i + 1:]]
    same = sum(1 for a, b in pairs if a == b)
    return same / len(pairs)


def _mean_ci(values: Sequence[float], low: float, high: float) -> dict[str, Any]:
    n = len(values)
    m = sum(values) / n if n else 0.0
    sd = math.sqrt(sum((x - m) ** 2 for x in values) / (n - 1)) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n) if n > 1 else 0.0
    return {"rate": round(m, 4), "ci": [round(max(low, m - half), 4), round(min(high, m + half), 4)], "n": n}


def event_luck(engine: BaseEngine, players: int, *, games: int, continuations: int, seed: int, policy: str | None = None,
               only: Sequence[str] = (), variant: str = "standard",
               options: Mapping[str, Any] | None = None,
               on_games: Callable[[int], None] | None = None) -> dict[str, Any]:
    """How much one chance event during play predicts the winner (see the module docstring): the same-
    outcome rate of ``continuations`` playouts keeping the event's outcome, minus the rate drawing it anew.
    ``only`` names the events to draw from (all when empty); a name no sampled game has is an error."""
    options = dict(options or {})
    wanted = tuple(dict.fromkeys(only))
    seen: set[str] = set()
    name = policy or default_policy(engine)
    coop = engine.capabilities.cooperative
    k = max(2, continuations)
    kept: list[float] = []
    redrawn: list[float] = []
    kinds: dict[str, int] = {}
    rounds: list[int] = []
    shares: list[float] = []
    played = games
    for d in range(games):
        if d == LUCK_BLOCK and not seen:
            played = d       # no chance step after the first decision in a whole block: the game has none
            break
        if on_games is not None and d:
            on_games(1)      # (after each game: the last one below)
        steps, events, decisions = _sampled_game(engine, players, variant, options, name,
                                                 derive_seed(seed, "event", d))
        seen.update(e[1] for e in events)
        if wanted:
            events = [e for e in events if e[1] in wanted]
        if not events:
            continue
        at, kind, rnd, before = events[random.Random(derive_seed(seed, "event", d, "pick")).randrange(len(events))]
        kinds[kind] = kinds.get(kind, 0) + 1
        if rnd is not None:
            rounds.append(rnd)
        shares.append(before / decisions)
        state = engine.new_state(players, variant, dict(options))
        for action in steps[:at]:
            engine.apply(state, action)
        rates = []
        players_seed = derive_seed(seed, "event", d, "players")    # the same players in every continuation
        for mode in ("kept", "redrawn"):
            outcomes = []
            for j in range(k):
                branch = state.clone()
                if mode == "kept":
                    engine.apply(branch, steps[at])
                pols = [make_policy(engine, name) for _ in range(players)]
                winners = _play_out(engine, branch, pols, derive_seed(seed, "event", d, mode, j),
                                    policy_seed=players_seed)
                outcomes.append(bool(winners) if coop else winners)
            rates.append(_agreement(outcomes))
        kept.append(rates[0])
        redrawn.append(rates[1])
        if len(kept) % LUCK_BLOCK == 0 and d + 1 < games:
            if _decide(_mean_ci([a - b for a, b in zip(kept, redrawn)], -1.0, 1.0)["ci"], 0.0):
                played = d + 1
                break
    if on_games is not None and games:
        on_games(1 + games - played)     # (a part that stopped early is done: the rest is not needed)
    missing = [w for w in wanted if w not in seen]
    if missing and games > 0:
        names = ", ".join(sorted(seen)) or msg("sim.word_none")
        hint = did_you_mean(missing[0], seen)
        raise SimError(f"--luck-event {', '.join(missing)}: " + msg(
            "sim.luck_event_unseen", games=games, game=engine.game_id, players=players, names=names, hint=hint))
    diff = _mean_ci([a - b for a, b in zip(kept, redrawn)], -1.0, 1.0)
    decision = _decide(diff["ci"], 0.0) if diff["n"] > 1 else None
    return {"policy": name, "games": played, "budget": games, "continuations": k, "cooperative": coop,
            "only": list(wanted), "margin": LUCK_MARGIN, "decision": decision,
            "measured": len(kept), "without_event": played - len(kept),
            "kinds": dict(sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0]))),
            "round": ({"mean": round(sum(rounds) / len(rounds), 2), "min": min(rounds), "max": max(rounds)}
                      if rounds else None),
            "progress": round(sum(shares) / len(shares), 4) if shares else None,
            "same_outcome_kept": _mean_ci(kept, 0.0, 1.0),
            "same_outcome_redrawn": _mean_ci(redrawn, 0.0, 1.0),
            "difference": {"mean": diff["rate"], "ci": diff["ci"], "n": diff["n"]}}


SEARCH_HOOKS = ("information_set", "determinize")     # what the search player needs (pnp.sim.search)


def skill_luck(engine: BaseEngine, players: int, *, seed: int, skill_games: int = DEFAULT_LADDER_GAMES,
               ladder: Sequence[int] | None = None, luck_deals: int = DEFAULT_LUCK_DEALS,
               luck_continuations: int = DEFAULT_LUCK_CONTINUATIONS, luck_events: int = DEFAULT_LUCK_EVENTS,
               luck_event_names: Sequence[str] = (), variant: str = "standard",
               options: Mapping[str, Any] | None = None, executor: Any = None,
               progress: Callable[[str], None] = lambda _: None,
               on_games: Callable[[int], None] | None = None) -> dict[str, Any]:
    """All three parts, for the report and ``pnp simulate --json``; a part with 0 games is left out.
    ``ladder``: the search budgets (None: the engine's).  progress(part) before each part (a rung's
    policy, "deal", "event"); on_games(n) as its games (a deal, an event's game) are played."""
    out: dict[str, Any] = {}
    if skill_games > 0:
        out["ladder"] = skill_ladder(engine, players, games=skill_games, seed=seed, budgets=ladder, variant=variant,
                                     options=options, executor=executor, progress=progress, on_games=on_games)
    if luck_deals > 0:
        progress("deal")
        out["deal"] = deal_luck(engine, players, deals=luck_deals, continuations=luck_continuations, seed=seed,
                                variant=variant, options=options, on_games=on_games)
    if luck_events > 0:
        progress("event")
        # the chance the designer's question names (the engine's luck_events: EBE's dice) unless told otherwise
        names = tuple(luck_event_names) or engine.capabilities.luck_events
        out["event"] = event_luck(engine, players, games=luck_events, continuations=luck_continuations, seed=seed,
                                  only=names, variant=variant, options=options, on_games=on_games)
    return out


def skill_luck_ja(fig: Mapping[str, Any], label: Callable[[str], str] = str) -> list[str]:
    """The figures as Japanese sentences (text output and the report's first page)."""
    lines: list[str] = []
    if fig.get("ladder"):
        lines += ladder_ja(fig["ladder"], label)
    dl = fig.get("deal")
    if dl and dl.get("chance_after_deal") is False:
        lines.append(f"配りの影響：測りません。{dl['undecidable']}（方針 {label(dl['policy'])}）。")
    elif dl and dl.get("undecidable"):
        lines.append(f"配りの影響：判定できません。{dl['undecidable']}（方針 {label(dl['policy'])}）。")
    elif dl:
        r = dl["same_outcome"]
        what = "チームの勝敗" if dl["cooperative"] else "勝つ席"
        lo, hi = r["ci"]
        verdict = {"matters": f"区間が配りの違うゲームどうしより上にあり、配りが{what}をある程度決めます",
                   "little": (f"区間が配りの違うゲームどうしの{100 * dl.get('margin', LUCK_MARGIN):.0f}ポイント上より下にあり、"
                              f"配りで{what}はほとんど決まりません")}.get(dl.get("decision") or "")
        lines.append(f"配りの影響：同じ配りから偶然だけを引き直して（プレイヤー自身の乱数はそのまま）{dl['continuations']}回ずつ"
                     f"続けると、{what}が一致したのは"
                     f"{100 * r['rate']:.1f}%（95%区間 {100 * lo:.1f}〜{100 * hi:.1f}%、配り{r['n']}通り）。"
                     f"配りが違うゲームどうしなら{100 * dl['base_rate']:.1f}%です"
                     + (f"。{verdict}" if verdict else "") + f"（方針 {label(dl['policy'])}）。")
    ev = fig.get("event")
    if ev:
        lines.append(_event_ja(ev, label))
    return lines


def rung_name(rung: Mapping[str, Any], label: Callable[[str], str] = str) -> str:
    from .labels import policy_label
    if rung["budget"] is not None:
        return f"探索（読み{rung['budget']}）"
    return policy_label(rung["policy"]) if rung["policy"] == "random" else label(policy_label(rung["policy"]))


def _signed(v: float) -> str:
    """+1.5 / −0.3 / ±0.0 points (never 「-0.0」)."""
    text = f"{abs(100 * v):.1f}"
    return ("±" if float(text) == 0 else "+" if v > 0 else "−") + text


def _pts(f: Mapping[str, Any]) -> str:
    lo, hi = f["ci"]
    return f"{_signed(f['mean'])}ポイント（95%区間 {_signed(lo)}〜{_signed(hi)}）"


VERDICT_JA = {"matters": "腕が効きます", "none": "腕はほとんど効きません", "undecided": "判定できません"}


def ladder_ja(lad: Mapping[str, Any], label: Callable[[str], str] = str) -> list[str]:
    """The ladder as Japanese sentences: the rungs, the steps that decide, the verdict and why."""
    field = rung_name({"policy": lad["field"], "budget": None}, label)
    who = "チームの勝率" if lad["cooperative"] else "勝率"
    seat = "1席に座らせ、ほかの席は" + field + ("（チームの仲間）" if lad["cooperative"] else "")
    rungs = "、".join(f"{rung_name(r, label)}{'（ほかの席と同じ）' if r.get('field') else ''} {100 * r['rate']:.1f}%"
                     f"（{100 * r['ci'][0]:.1f}〜{100 * r['ci'][1]:.1f}%）" for r in lad["rungs"])
    fair = f"。偶然なら{100 * lad['fair']:.1f}%" if lad.get("fair") is not None else ""
    lines = [f"腕の影響（腕のはしご）：弱い順にプレイヤーを{seat}にして、同じ種で{lad['games']}ゲームずつ遊んだ{who}は、"
             f"{rungs}{fair}。"]
    readings = ladder_readings(lad, label)
    if readings:
        said = "、".join(f"{name} {_pts(f)}" for name, f in readings)
        up = [name for name, f in readings if f["ci"][0] > 0]
        why = {"matters": f"{'・'.join(up)}の区間が0より上にあります",
               "none": f"どの区間も±{100 * lad['margin']:.0f}ポイントの中に収まります",
               "undecided": f"どの区間も0をまたぎ、±{100 * lad['margin']:.0f}ポイントの中にも収まりません。"
                            "--skill-games を増やすと幅が狭まります"}[lad["verdict"]]
        lines.append(f"{said}。{VERDICT_JA[lad['verdict']]}（{why}）。")
        top = lad.get("top")
        if top and top["ci"][1] < 0:
            best = rung_name(lad["rungs"][top["to"]], label)
            lines.append(f"{best}までの探索は{rung_name({'policy': lad['field'], 'budget': None}, label)}より弱く、"
                         "読みの少ない探索が負けるのは腕が効かないからではありません。深く読む腕を測るには "
                         "--skill-ladder で読みを増やします（1ゲームの時間は読みの回数にほぼ比例します）。")
    if lad.get("search_missing"):
        lines.append("探索プレイヤーのはしごはありません：このゲームのルールエンジンには、探索プレイヤーが使うフック "
                     f"{'・'.join(lad['search_missing'])} がありません（pnp help engines の「探索プレイヤー」）。")
    return lines


def ladder_readings(lad: Mapping[str, Any], label: Callable[[str], str] = str) -> list[tuple[str, dict[str, Any]]]:
    """The ladder's paired figures that the verdict reads, each with its name: the step from random to the
    field's player, from that player to the top search rung, and the slope per doubling."""
    rungs = lad["rungs"]
    field = rung_name({"policy": lad["field"], "budget": None}, label)
    out = []
    if lad.get("basic"):
        out.append((f"ランダム→{field}", lad["basic"]))
    if lad.get("top"):
        out.append((f"{field}→{rung_name(rungs[lad['top']['to']], label)}", lad["top"]))
    if lad.get("slope"):
        out.append(("探索の読みを倍にするごと", lad["slope"]))
    return out


def ladder_row(lad: Mapping[str, Any], label: Callable[[str], str] = str) -> dict[str, str]:
    """The ladder's row of an answer table: the figure that decides (the first reading above 0, else the
    widest one), its interval, and the verdict."""
    readings = ladder_readings(lad, label)
    who = "チームの" if lad["cooperative"] else ""
    if not readings:
        return {"question": "腕の影響", "figure": "—", "interval": "—", "chance": "—", "verdict": "測っていません"}
    up = [r for r in readings if r[1]["ci"][0] > 0]
    name, f = up[0] if up else max(readings, key=lambda r: r[1]["ci"][1] - r[1]["ci"][0])
    lo, hi = f["ci"]
    return {"question": f"腕の影響（{name}の{who}勝率の伸び）", "figure": f"{_signed(f['mean'])}ポイント",
            "interval": f"{_signed(lo)}〜{_signed(hi)}", "chance": "差0", "verdict": VERDICT_JA[lad["verdict"]]}


def _event_ja(ev: Mapping[str, Any], label: Callable[[str], str]) -> str:
    """The single-event figure as one paragraph a designer reads without a key."""
    head = "途中の偶然1回の影響："
    only = "・".join(f"「{k}」" for k in ev.get("only") or ())
    if not ev["measured"]:
        return (head + f"{ev['games']}ゲームのどれでも、最初の選択のあとに偶然の出来事（ダイス、カードを引く、"
                "シャッフルなど）は起きませんでした。このゲームの偶然は最初の配りだけなので、運の影響は上の配りの"
                "影響で測れます。")
    what = "チームの勝敗" if ev["cooperative"] else "勝つ席"
    picked = "、".join(f"「{k}」が{v}ゲーム" for k, v in ev["kinds"].items())
    when = []
    if ev.get("round"):
        r = ev["round"]
        unit = getattr(label, "unit", "ラウンド")
        span = f"{r['min']}{unit}目" if r["min"] == r["max"] else f"{r['min']}〜{r['max']}{unit}目"
        when.append(f"平均{r['mean']:.1f}{unit}目（{span}）")
    if ev.get("progress") is not None:
        when.append(f"選択の数で数えてゲームの{100 * ev['progress']:.0f}%が過ぎたところ")
    a, b, d = ev["same_outcome_kept"], ev["same_outcome_redrawn"], ev["difference"]
    lo, hi = d["ci"]
    text = (head + f"各ゲームの途中（最初の選択より後）の{only or '偶然の出来事'}を1回ずつ無作為に選びました"
            f"（選ばれたのは{picked}。{'、'.join(when)}）。その1回の結果をそのままにして、後の偶然だけを引き直して"
            "（プレイヤー自身の乱数はそのまま）"
            f"{ev['continuations']}回ずつ続けると、{what}が一致したのは{_pct_ci(a)}、その1回も引き直して続けると"
            f"{_pct_ci(b)}でした。差は{100 * d['mean']:+.1f}ポイント（95%区間 {100 * lo:+.1f}〜{100 * hi:+.1f}、"
            f"{d['n']}ゲーム"
            + (f"。途中に{only or '偶然の出来事'}がなかった{ev['without_event']}ゲームを除く"
               if ev["without_event"] else "")
            + "）。")
    margin = ev.get("margin", LUCK_MARGIN)
    if ev.get("decision") == "little":
        text += f"区間の上端が{100 * margin:.0f}ポイント未満なので、その1回の偶然で{what}はほとんど決まりません"
    elif lo <= 0 <= hi:
        text += (f"区間が0と{100 * margin:.0f}ポイントの両方をまたぐので、その1回の偶然で{what}が決まるかは判定できません"
                 if "decision" in ev else f"区間が0をまたぐので、その1回の偶然で{what}が決まるとは言えません")
    elif lo > 0:
        text += f"その1回の結果を知ると、{what}がこれだけ当てやすくなります"
    else:
        text += f"その1回の結果を決めておくと、かえって{what}がばらつきました（数が少ないための偶然かもしれません）"
    return text + f"（方針 {label(ev['policy'])}）。"


def _pct_ci(r: Mapping[str, Any]) -> str:
    lo, hi = r["ci"]
    return f"{100 * r['rate']:.1f}%（95%区間 {100 * lo:.1f}〜{100 * hi:.1f}%）"

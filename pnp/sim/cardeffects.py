"""What a card does to its holder's chance to win: the causal card figure (17lands' "in hand" win rate).

The win rate of the seats that *used* a card (``extra["cards_used"]``, :mod:`pnp.sim.metrics`) is an
observation: winners play more cards, and a card that is played only when its user is already ahead
looks strong although it changes nothing.  The deal does not look at the players: a seat is *dealt* a
card at random.  So the win rate of the seats dealt a card, against the seats dealt other cards of its
group, measures what holding the card does (the players' use of it included) — a comparison the deal
randomised.

An engine reports ``Result.extra["cards_dealt"] = {card id: seat}`` (the team's: ``-1``): the cards each
seat was dealt before anyone chose anything (探偵無宿２'s opening hands, EBE's missions).

* Cards with identical effects are one unit (the engine's ``card_effects``: card → a key its identical
  cards share; 探偵無宿２ e58 and e64 both 「1枚引く」): they are measured together, so two copies of one
  effect can never read differently by chance alone.
* A unit is compared with the other cards of its class (``card_groups``: 探偵無宿２ the cards of the same
  VP, EBE missions with missions; a unit alone in its class: every other card).  Both sides count one
  entry per card dealt — the holder's win — so a seat dealt three cards of the class weighs three times
  on either side.  Counting baseline seats once would not do: a seat dealt the card holds one more card of
  its class than a seat dealt none of it, so a class that helps (or hurts) its holder would lift (or sink)
  every one of its cards against such a baseline, and with no card different from another, 14% of
  探偵無宿２ batches flagged some card (measured with the cards' names shuffled within their class).
* The difference has a normal interval with games as the unit (the seats of one game are not
  independent: one seat's win is the others' loss) — the delta method of
  :class:`pnp.sim.answers.PairedRatio`.  Its p-value comes from re-dealing the cards
  (:mod:`pnp.sim.cardperm`, Westfall–Young's step-down maxT over every unit tested at once); only the units
  that survive are flagged 「配られると強い／弱い」.
* Each unit also carries the smallest difference its sample would find with 80% power after the
  correction (``detectable``), so "no flag" says how large an effect it could have missed.
"""
from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping
from statistics import NormalDist
from typing import Any

from .answers import PairedRatio, diff_ja, figure_ja
from .cardperm import PERMUTATIONS, Redeal, Unit
from .engine import BaseEngine, GameRecord
from .policies import lineup, make_policy
from .runner import play_game
from .sampling import game_seed

ALPHA = 0.05
POWER_Z = NormalDist().inv_cdf(0.8)

FLAG_JA = {"strong": "配られると強い", "weak": "配られると弱い"}
OBSERVED_JA = "使った席の勝率（観察値・因果ではありません）"
DEALT_JA = "配られたカードの勝率"


def effect_units(engine: BaseEngine, cards: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """Card → the sorted cards sharing its effect (the engine's ``card_effects``; alone without it)."""
    effects: Mapping[str, Hashable] = engine.card_effects
    by_effect: dict[Hashable, list[str]] = defaultdict(list)
    for c in sorted(set(cards) | set(effects)):
        by_effect[("effect", effects[c]) if c in effects else ("card", c)].append(c)
    return {c: tuple(members) for members in by_effect.values() for c in members}


def _holm(ps: Mapping[str, float]) -> dict[str, float]:
    """Holm-adjusted p-values (monotone), per key."""
    ordered = sorted(ps.items(), key=lambda kv: (kv[1], kv[0]))
    m, running, out = len(ordered), 0.0, {}
    for k, (key, p) in enumerate(ordered):
        running = max(running, min(1.0, p * (m - k)))
        out[key] = running
    return out


class DealtCards:
    """The dealt-card figure of a batch, folded one record at a time (each game kept as the units its
    holders were dealt and their wins, a few numbers a game)."""

    def __init__(self, engine: BaseEngine, players: int, cooperative: bool) -> None:
        self.engine, self.players, self.coop = engine, players, cooperative
        self.classes: Mapping[str, str] = engine.card_groups
        self.cards: set[str] = set()
        # per game: its seed (the re-deals' stream) and (holder's win, cards dealt) per holder
        self.kept: list[tuple[int, list[tuple[float, frozenset[str]]]]] = []
        self.games = 0

    def add(self, r: GameRecord) -> None:
        if r.result is None:
            return
        dealt = (r.result.extra or {}).get("cards_dealt")
        if not isinstance(dealt, dict) or not dealt:
            return
        self.games += 1
        winners = r.result.winners
        won_team = 1.0 if winners else 0.0
        share = [1.0 / len(winners) if s in winners else 0.0 for s in range(r.players)]
        held: dict[int, set[str]] = defaultdict(set)       # seat (−1 the team) → cards dealt
        for card, seat in dealt.items():
            if isinstance(seat, int) and -1 <= seat < r.players:
                held[seat].add(str(card))
        self.cards |= {c for cs in held.values() for c in cs}
        self.kept.append((r.seed, [(won_team if seat < 0 or self.coop else share[seat], frozenset(cs))
                                   for seat, cs in sorted(held.items())]))

    def _entries(self) -> tuple[list[tuple[int, list[tuple[float, Unit]]]], dict[Unit, str], set[Unit]]:
        """Per game its seed and one entry per card dealt (the holder's win, the card's unit); each unit's
        class; the units alone in their class (weighed against every other card dealt: nothing comparable
        is dealt)."""
        units = effect_units(self.engine, self.cards)
        cls = {u: self.classes.get(u[0], "") for u in set(units.values()) if self.cards & set(u)}
        alone = {u for u in cls if sum(1 for v in cls if cls[v] == cls[u]) == 1}
        games = [(seed, [(v, units[c]) for v, cs in game for c in sorted(cs)]) for seed, game in self.kept]
        return games, cls, alone

    def _folded(self, entries: tuple[list[tuple[int, list[tuple[float, Unit]]]], dict[Unit, str], set[Unit]]
                | None = None) -> dict[Unit, PairedRatio]:
        games, cls, alone = entries or self._entries()
        acc = {u: PairedRatio() for u in cls}
        for _, held in games:
            for u, pr in acc.items():
                mine, others = [0.0, 0.0], [0.0, 0.0]
                for v, x in held:
                    if x == u:
                        mine[0] += v
                        mine[1] += 1
                    elif u in alone or cls[x] == cls[u]:
                        others[0] += v
                        others[1] += 1
                pr.add((others[0], others[1]), (mine[0], mine[1]))
        return acc

    def result(self) -> dict[str, Any] | None:
        if not self.games:
            return None
        rows: dict[str, dict[str, Any]] = {}
        ses: dict[Unit, float] = {}
        labels = self.engine.labels_ja
        games, cls, alone = entries = self._entries()
        for u, acc in sorted(self._folded(entries).items()):
            dealt, base = acc.b.result(), acc.a.result()
            row: dict[str, Any] = {"cards": list(u), "group": self.classes.get(u[0]) or None,
                                   "names": [str(labels.get(c, c)) for c in u],
                                   "dealt": dealt, "base": base, "flag": None}
            est = acc.estimate()
            if est is not None and dealt["n"] and base["n"]:
                row["diff"] = acc.diff()
                if est[1] > 0:
                    ses[u] = est[1]
            rows["・".join(u)] = row
        tested = sorted(ses)
        k = len(tested)
        z_first = NormalDist().inv_cdf(1 - ALPHA / (2 * k)) if k else 0.0
        for u, (p_raw, p_adj) in Redeal(games, cls, alone).p_values(tested).items():
            row = rows["・".join(u)]
            row["p"] = round(p_raw, 6)
            row["p_adjusted"] = round(p_adj, 6)
            row["detectable"] = round((z_first + POWER_Z) * ses[u], 4)
            if p_adj < ALPHA:
                row["flag"] = "strong" if row["diff"]["mean_diff"] > 0 else "weak"
        detect = sorted(r["detectable"] for r in rows.values() if "detectable" in r)
        return {"games": self.games, "tested": k, "by": "team" if self.coop else "seat",
                "permutations": PERMUTATIONS,
                "detectable_median": detect[len(detect) // 2] if detect else None,
                "units": rows}


def card_effect_lines_ja(ce: Mapping[str, Any]) -> list[str]:
    """The causal card figure as report sentences: what was compared, the flagged units, what it could find."""
    who = "チーム" if ce["by"] == "team" else "席"
    units = ce["units"]
    flagged = [(k, u) for k, u in units.items() if u["flag"]]
    multi = sum(1 for u in units.values() if len(u["cards"]) > 1)
    out = [f"{DEALT_JA}（因果）：{ce['games']}ゲームで、最初に配られたカードごとに、配られた{who}の勝率を、同じ組の"
           f"ほかのカードを配られた{who}の勝率と比べました（配りは無作為なので、カードを持つことの効果です）。"
           + (f"効果が同じカードは1つにまとめています（{multi}組）。" if multi else "")
           + f"{ce['tested']}通りの差を、配り直し（カードだけを{ce['permutations']}回配り直す並べ替え検定、"
             "Westfall–Young の step-down maxT）で補正し、"
           + (f"差が言えるのは{len(flagged)}通りです。" if flagged else "差が言えるものはありません。")
           + (f"この試行数で見つけられる差は、およそ±{100 * ce['detectable_median']:.1f}ポイント以上です。"
              if ce.get("detectable_median") is not None else "")]
    for _, u in sorted(flagged, key=lambda kv: kv[1]["p_adjusted"]):
        out.append(f"・{'・'.join(u['names'])}：{FLAG_JA[u['flag']]}。{card_unit_ja(u, who)}")
    return out


def card_unit_ja(u: Mapping[str, Any], who: str = "席") -> str:
    text = (f"配られた{who} {figure_ja(u['dealt'], True)}（{_n(u['dealt']['n'])}{who}）、"
            f"同じ組（{u['group'] or 'ほかのカード'}）のほかのカード {figure_ja(u['base'], True)}")
    if "diff" in u:
        text += f"、差 {diff_ja(u['diff'], True)}"
    if "p_adjusted" in u:
        text += f"、補正後のp = {u['p_adjusted']:.3f}"
    return text + "。"


def _n(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:.1f}"


# --------------------------------------------------------------------------- restricted play
# Jaffe et al. (2012), "Evaluating competitive game balance with restricted play": a player forbidden to
# use a card, on the same seeds as the unrestricted game.  The seat's win share without the card, paired
# with its share with it, is what the card is worth to a player who may use it — the players' skill at
# using it included, the luck of the deal paired away.

class Restricted:
    """A seat's policy that never chooses an action putting one of ``forbidden`` into effect (the engine's
    ``action_cards(action)``); when every legal action would, it must (counted in ``forced``)."""

    def __init__(self, inner: Any, forbidden: frozenset[str], action_cards: Any) -> None:
        self.inner, self.forbidden, self.action_cards = inner, forbidden, action_cards
        self.name = f"{getattr(inner, 'name', 'policy')}-without-{'+'.join(sorted(forbidden))}"
        self.uses_observation = getattr(inner, "uses_observation", True)
        self.wants_information_set = getattr(inner, "wants_information_set", False)
        self.avoided = self.forced = 0

    def choose(self, observation: Any, legal: Any, rng: Any) -> Any:
        keep = [a for a in legal if not self.forbidden.intersection(self.action_cards(a))]
        if len(keep) < len(legal):
            self.avoided += 1
        if not keep:
            self.forced += 1
            keep = list(legal)
        return self.inner.choose(observation, keep, rng)


def restricted_play(engine: BaseEngine, batch: Any, units: Iterable[tuple[str, ...]], games: int,
                    on_games: Any = None) -> dict[str, Any]:
    """For each unit (cards of one effect): ``games`` games of ``batch`` as they are (played once for all
    units), and each game in which a seat was dealt a card of the unit again on the same seed, that seat
    forbidden to use the unit's cards (without a deal the engine reports, the seat rotates with the game).
    The paired difference of that seat's win share (the team's win in a cooperative game), its interval
    (games as the unit), and Holm's correction over the units."""
    if not engine.capabilities.action_cards:
        return {"games": 0, "units": {}, "missing": "action_cards"}
    coop = engine.capabilities.cooperative
    labels = engine.labels_ja
    free_games = []
    for i in range(batch.first_index, batch.first_index + games):
        names = lineup(batch.policies, batch.players, i)
        seed = game_seed(batch.seed, i)
        free_games.append((i, names, seed, play_game(
            engine, batch.players, names, seed, index=i, variant=batch.variant, options=batch.options,
            policy_objects=[make_policy(engine, n) for n in names])))
        if on_games:
            on_games(1)
    dealt_known = any(r.result is not None and isinstance((r.result.extra or {}).get("cards_dealt"), dict)
                      for *_, r in free_games)
    rows: dict[str, dict[str, Any]] = {}
    ps: dict[str, float] = {}
    for u in units:
        key = "・".join(u)
        acc = PairedRatio()
        forbidden = frozenset(u)
        avoided = forced = pairs = 0
        for i, names, seed, free in free_games:
            seat = _holder(free, u) if dealt_known else i % batch.players
            if seat is None:            # nobody was dealt the card: the game says nothing about it
                continue
            pairs += 1
            pols = [make_policy(engine, n) for n in names]
            pols[seat] = Restricted(pols[seat], forbidden, engine.action_cards)
            held = play_game(engine, batch.players, names, seed, index=i, variant=batch.variant,
                             options=batch.options, policy_objects=pols)
            avoided += pols[seat].avoided
            forced += pols[seat].forced
            if on_games:
                on_games(1)
            if free.result is None or held.result is None:
                continue
            acc.add((_seat_value(free, seat, coop), 1.0), (_seat_value(held, seat, coop), 1.0))
        row: dict[str, Any] = {"cards": list(u), "names": [str(labels.get(c, c)) for c in u], "pairs": pairs,
                               "free": acc.a.result(), "restricted": acc.b.result(), "diff": acc.diff(),
                               "avoided": avoided, "forced": forced}
        est = acc.estimate()
        if est is not None:
            d, se = est          # every pair equal: no difference at all (p 1), or the same one in each (p 0)
            ps[key] = math.erfc(abs(d / se) / math.sqrt(2)) if se > 0 else float(d == 0)
            row["p"] = round(ps[key], 6)
        rows[key] = row
    for key, p_adj in _holm(ps).items():
        rows[key]["p_holm"] = round(p_adj, 6)
        rows[key]["matters"] = p_adj < ALPHA
    return {"games": games, "by": "team" if coop else "seat", "units": rows}


def _holder(r: GameRecord, unit: tuple[str, ...]) -> int | None:
    """The seat dealt a card of ``unit`` (the first such seat); None when none was (or the team's)."""
    if r.result is None:
        return None
    dealt = (r.result.extra or {}).get("cards_dealt") or {}
    seats = sorted(s for c, s in dealt.items() if c in unit and isinstance(s, int) and s >= 0)
    return seats[0] if seats else None


def _seat_value(r: GameRecord, seat: int, coop: bool) -> float:
    assert r.result is not None
    winners = r.result.winners
    if coop:
        return 1.0 if winners else 0.0
    return 1.0 / len(winners) if seat in winners else 0.0


def restricted_lines_ja(rp: Mapping[str, Any]) -> list[str]:
    """Restricted play as report sentences, one per unit."""
    if rp.get("missing"):
        return [f"使えない席の勝率：測っていません（エンジンに {rp['missing']} がありません）。"]
    if not rp["units"]:
        return []
    who = "チーム" if rp["by"] == "team" else "席"
    out = [f"使えない{who}の勝率（制限プレイ）：目立ったカードごとに、同じ種のゲームを2度遊び、そのカードを配られた{who}"
           f"だけ2度目はそのカードを使えないようにして（{rp['games']}ゲームのうち、配られた{who}があったゲーム）、その{who}の"
           "勝率の差を組ごとに比べました。差が大きいほど、使えることに価値のあるカードです（Holm 法で補正）。"]
    for u in rp["units"].values():
        verdict = ("使えないと勝率が変わります" if u.get("matters") else "使えなくても勝率の差は言えません")
        out.append(f"・{'・'.join(u['names'])}（{u['pairs']}組）：使える{who} {figure_ja(u['free'], True)}、使えない{who} "
                   f"{figure_ja(u['restricted'], True)}、差 {diff_ja(u['diff'], True)}"
                   + (f"、補正後のp = {u['p_holm']:.3f}" if "p_holm" in u else "")
                   + f"。{verdict}（使うのを避けた選択 {u['avoided']}回、避けられず使った選択 {u['forced']}回）。")
    return out

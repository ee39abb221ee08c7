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
  effect can never read differently by chance alone.  A seat dealt any card of a unit counts once.
* A unit is compared with the other units of its class (``card_groups``: 探偵無宿２ the cards of the same
  VP, EBE missions with missions): the seats dealt a card of the class but none of the unit.
* The difference has a normal interval with games as the unit (the seats of one game are not
  independent: one seat's win is the others' loss) — the delta method of
  :class:`pnp.sim.answers.PairedRatio`.  Each difference's p-value is corrected by Holm's method over
  every unit tested at once; only the units that survive are flagged 「配られると強い／弱い」.
* Each unit also carries the smallest difference its sample would find with 80% power after the
  correction (``detectable``), so "no flag" says how large an effect it could have missed.
"""
from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping
from statistics import NormalDist
from typing import Any

from .answers import PairedRatio
from .engine import GameRecord

ALPHA = 0.05
POWER_Z = NormalDist().inv_cdf(0.8)

FLAG_JA = {"strong": "配られると強い", "weak": "配られると弱い"}
OBSERVED_JA = "使った席の勝率（観察値・因果ではありません）"
DEALT_JA = "配られたカードの勝率"


def effect_units(engine: Any, cards: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """Card → the sorted cards sharing its effect (the engine's ``card_effects``; alone without it)."""
    effects: Mapping[str, Hashable] = getattr(engine, "card_effects", None) or {}
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

    def __init__(self, engine: Any, players: int, cooperative: bool) -> None:
        self.engine, self.players, self.coop = engine, players, cooperative
        self.classes: Mapping[str, str] = getattr(engine, "card_groups", None) or {}
        self.cards: set[str] = set()
        self.kept: list[list[tuple[float, frozenset[str]]]] = []   # per game: (holder's win, cards dealt)
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
        self.kept.append([(won_team if seat < 0 or self.coop else share[seat], frozenset(cs))
                          for seat, cs in sorted(held.items())])

    def _folded(self) -> dict[tuple[str, ...], PairedRatio]:
        units = effect_units(self.engine, self.cards)
        cls = {u: self.classes.get(u[0], "") for u in set(units.values()) if self.cards & set(u)}
        acc = {u: PairedRatio() for u in cls}
        for game in self.kept:
            holders = [(v, {units[c] for c in cs}) for v, cs in game]

            for u, pr in acc.items():
                mine, others = [0.0, 0.0], [0.0, 0.0]
                for v, us in holders:
                    if u in us:
                        mine[0] += v
                        mine[1] += 1
                    elif any(cls[x] == cls[u] for x in us):
                        others[0] += v
                        others[1] += 1
                pr.add((others[0], others[1]), (mine[0], mine[1]))
        return acc

    def result(self) -> dict[str, Any] | None:
        if not self.games:
            return None
        rows: dict[str, dict[str, Any]] = {}
        ses: dict[str, float] = {}
        ps: dict[str, float] = {}
        labels = getattr(self.engine, "labels_ja", None) or {}
        for u, acc in sorted(self._folded().items()):
            key = "・".join(u)
            dealt, base = acc.b.result(), acc.a.result()
            row: dict[str, Any] = {"cards": list(u), "group": self.classes.get(u[0]) or None,
                                   "names": [str(labels.get(c, c)) for c in u],
                                   "dealt": dealt, "base": base, "flag": None}
            est = acc.estimate()
            if est is not None and dealt["n"] and base["n"]:
                d, se = est
                row["diff"] = acc.diff()
                if se > 0:
                    ps[key] = math.erfc(abs(d / se) / math.sqrt(2))
                    ses[key] = se
                    row["p"] = round(ps[key], 6)
            rows[key] = row
        holm = _holm(ps)
        k = len(ps)
        z_first = NormalDist().inv_cdf(1 - ALPHA / (2 * k)) if k else 0.0
        for key, p_adj in holm.items():
            row = rows[key]
            row["p_holm"] = round(p_adj, 6)
            row["detectable"] = round((z_first + POWER_Z) * ses[key], 4)
            if p_adj < ALPHA:
                row["flag"] = "strong" if row["diff"]["mean_diff"] > 0 else "weak"
        detect = sorted(r["detectable"] for r in rows.values() if "detectable" in r)
        return {"games": self.games, "tested": k, "by": "team" if self.coop else "seat",
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
           + f"{ce['tested']}通りの差を Holm 法で補正し、"
           + (f"差が言えるのは{len(flagged)}通りです。" if flagged else "差が言えるものはありません。")
           + (f"この試行数で見つけられる差は、およそ±{100 * ce['detectable_median']:.1f}ポイント以上です。"
              if ce.get("detectable_median") is not None else "")]
    for _, u in sorted(flagged, key=lambda kv: kv[1]["p_holm"]):
        out.append(f"・{'・'.join(u['names'])}：{FLAG_JA[u['flag']]}。{card_unit_ja(u, who)}")
    return out


def card_unit_ja(u: Mapping[str, Any], who: str = "席") -> str:
    from .answers import diff_ja, figure_ja
    text = (f"配られた{who} {figure_ja(u['dealt'], True)}（{_n(u['dealt']['n'])}{who}）、"
            f"同じ組（{u['group'] or 'ほかのカード'}）のほかのカード {figure_ja(u['base'], True)}")
    if "diff" in u:
        text += f"、差 {diff_ja(u['diff'], True)}"
    if "p_holm" in u:
        text += f"、補正後のp = {u['p_holm']:.3f}"
    return text + "。"


def _n(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:.1f}"

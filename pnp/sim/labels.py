"""Japanese words for the keys a report shows: end reasons, ``Result.extra`` facts, per-seat facts,
pieces, policies.

An engine names its own keys with ``labels_ja = {key: "日本語"}`` (and its end reasons also through
``Result.end_reason_ja``).  Where it names nothing, a few words every game shares are known here; any
other key is shown as it is, and :func:`missing_labels` lists it so the report can say which keys
still need a word (a designer never has to read a raw key without being told).

A study asks the engine once, when it is played (:func:`report_labels`), and keeps the answers in its
:class:`pnp.sim.result.ReportLabels` (``--json``'s ``labels``): the text and the report read those, so a
report rebuilt from the file needs no engine."""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .engine import BaseEngine
from .result import ReportLabels, RunResult, as_run
from .search import spec_parts

_RAW = re.compile(r"[A-Za-z]")

# words pnp itself gives keys that several engines use; an engine's labels_ja overrides them
COMMON_LABELS: dict[str, str] = {
    "character": "キャラクター",
    "detective": "刑事",
    "watashi": "「私」",
    "first_sail_round": "初めて渡海したラウンド",
    "hidden_value": "伏せ札の数字",
    "damage": "ダメージ",
    "cubes": "キューブ",
    "weapons": "武器",
    "station_by_round": "ステーションライフ",
    "random": "ランダム",
    "heuristic": "ヒューリスティック",
    "planner": "計画型",
    "hoarder": "ため込み型",
    "standard": "標準ルール",
}


def engine_labels(engine: BaseEngine) -> dict[str, str]:
    """The engine's ``labels_ja``, with its variants' and options' own Japanese names."""
    out: dict[str, str] = {}
    for v in engine.variants:
        if getattr(v, "name_ja", ""):
            out[v.id] = v.name_ja
    for o in engine.options:
        if getattr(o, "name_ja", ""):
            out[o.id] = o.name_ja
    found = engine.labels_ja
    if isinstance(found, Mapping):
        out.update({str(k): str(v) for k, v in found.items()})
    return out


def round_unit(engine: BaseEngine) -> str:
    """The word for the engine's rounds (``round_unit_ja``; 「ラウンド」 unless the game says otherwise)."""
    return str(engine.round_unit_ja or "ラウンド")


def option_label(engine: BaseEngine, key: str) -> str:
    """An option's Japanese name: its ``OptionSpec.name_ja`` (unless that is only the id again), else
    ``labels_ja[key]``, else the key."""
    spec = next((o for o in engine.options if o.id == key), None)
    own = str(getattr(spec, "name_ja", "") or "")
    if own and own != key:
        return own
    found = engine.labels_ja
    if isinstance(found, Mapping) and found.get(key):
        return str(found[key])
    return key


def option_value_label(engine: BaseEngine, key: str, value: Any) -> str:
    """The words for one value of an option: ``OptionSpec.choices_ja`` (in the order of ``choices``),
    else ``labels_ja["key=value"]``, else あり／なし for an on/off option, else the value itself."""
    spec = next((o for o in engine.options if o.id == key), None)
    words = tuple(getattr(spec, "choices_ja", ()) or ()) if spec is not None else ()
    if spec is not None and len(words) == len(spec.choices) and value in spec.choices:
        return str(words[spec.choices.index(value)])
    found = engine.labels_ja
    if isinstance(found, Mapping) and f"{key}={value}" in found:
        return str(found[f"{key}={value}"])
    if isinstance(value, bool):
        return "あり" if value else "なし"
    return str(value)


class Labeller:
    """``label(key)`` → Japanese words, remembering every key that had none.  The words come from a
    study's :class:`ReportLabels` (what ``--json`` keeps) or, for a caller that holds one, the engine."""

    def __init__(self, words: ReportLabels | BaseEngine, extra: Mapping[str, str] | None = None) -> None:
        if isinstance(words, ReportLabels):
            self.own, self.unit = dict(words.words), words.round_unit
        else:
            self.own = engine_labels(words)
            # what the engine's ``progress`` counts as a round (24 counts hands: 「ハンド」)
            self.unit = round_unit(words)
        self.extra = dict(extra or {})
        self.missing: set[str] = set()

    def __call__(self, key: Any) -> str:
        k = str(key)
        if k in self.own:
            return self.own[k]
        if k in self.extra and self.extra[k]:
            return self.extra[k]
        if k in COMMON_LABELS:
            return COMMON_LABELS[k]
        if k.startswith("mcts"):
            return policy_label(k)
        if _RAW.search(k):       # Japanese words, numbers and the like need no label
            self.missing.add(k)
        return k

    def reason(self, key: Any) -> str:
        """An end reason: the result's own ``end_reason_ja`` first (it names how the game ended), then
        the engine's ``labels_ja`` (which may use the same key for a figure)."""
        k = str(key)
        if self.extra.get(k):
            return self.extra[k]
        return self(k)


def policy_label(name: str) -> str:
    """``mcts:400`` → 「探索プレイヤー（1手400回の読み）」; other names through the common words."""
    if name == "mcts" or name.startswith("mcts:"):
        parts = name.split(":")
        its = parts[1] if len(parts) > 1 else "?"
        guide = next((p.partition("=")[2] for p in parts[2:] if p.startswith("rollout=")),
                     "既定の方針" if "guided" in parts[2:] else "")
        how = f"、{COMMON_LABELS.get(guide, guide)}の打ち方で先読み" if guide and guide != "random" else ""
        return f"探索プレイヤー（1手{its}回の読み{how}）"
    return COMMON_LABELS.get(name, name)


def summary_keys(s: Mapping[str, Any]) -> Iterable[tuple[str, str]]:
    """(kind, key) of every key a summary shows by name."""
    for k in s.get("end_reasons", {}):
        yield "end_reason", k
    for k in s.get("per_seat_facts", {}):
        yield "per_seat", k
    for k in s.get("peak_pieces", {}) or {}:
        yield "peak_pieces", k
    for k in s.get("by_round", {}) or {}:
        yield "by_round", k
    for k in s.get("cards", {}) or {}:
        yield "cards", k


def missing_labels(words: ReportLabels | BaseEngine, summaries: Iterable[Mapping[str, Any]]) -> list[str]:
    """Keys the report shows that neither the engine (``labels_ja``, ``end_reason_ja``) nor pnp names in
    Japanese, as ``kind:key`` sorted."""
    out: set[str] = set()
    for s in summaries:
        lab = Labeller(words, s.get("end_reasons_ja"))
        for kind, key in summary_keys(s):
            lab.missing.clear()
            lab(key)
            if lab.missing:
                out.add(f"{kind}:{key}")
        for fact, table in (s.get("per_seat_facts") or {}).items():
            for value in table:
                lab.missing.clear()
                lab(value)
                if lab.missing:
                    out.add(f"{fact}:{value}")
    return sorted(out)


GENERIC_NOTES = {
    "random": "合法な手から、どれも同じ確率で1つを選びます。先を読まず、勝とうともしません。",
}


def policy_note(engine: BaseEngine, name: str) -> str:
    notes = engine.policy_notes
    if name in notes:
        return str(notes[name])
    if name == "mcts" or name.startswith("mcts:"):
        parts = spec_parts(engine, name)
        guided = ("rollout=" in name and "rollout=random" not in name) or "guided" in parts
        if "paired=on" in parts and not engine.capabilities.cooperative:
            depth = next((p for p in reversed(parts) if p.startswith("depth=")), "" if "guided" not in parts else "40")
            how = {"": "ゲームの終わりまで", "depth=end": "ゲームの終わりまで",
                   "depth=round": "ラウンドの終わりまで"}.get(depth, "少し先まで")
            return ("探索プレイヤーです。見えないカードをありうる配りに置き換えた局面をいくつか作り、"
                    f"合法な手をすべて、同じ配り・同じ偶然のもとで、全員がゲーム自身の方針で打つものとして{how}"
                    "打ってみて、順位で比べます。ほかの手がはっきり上回らない限り、ゲーム自身の方針が選ぶ手を打ちます。")
        if "paired=on" in parts:
            return ("チームのための探索プレイヤーです。見えないカードをありうる配りに置き換えた局面をいくつか作り、"
                    "合法な手をすべて、同じ配り・同じサイコロで、ゲーム自身の方針の打ち方で少し先まで打ってみて、"
                    "その時点のチームの勝ちやすさ（エンジンの見積もり team_value）で比べます。"
                    "ほかの手がはっきり上回らない限り、ゲーム自身の方針が選ぶ手を打ちます。")
        own = "tree=own" in parts
        return ("情報集合モンテカルロ木探索で、見えないカードをありうる配りに置き換えて何度も先を読み、"
                "いちばん多く試した手を選びます。"
                + ("先読みではゲーム自身の方針の打ち方をまねし、その方針が選ぶ手から試します。"
                   "先読みを途中で打ち切ったときは、その時点の得点の順位で形勢を見ます。" if guided else
                   "先読みでは合法な手をでたらめに打ちます。")
                + ((f"ほかの席は{'その方針どおりに' if guided else 'でたらめに'}打つものと見なして読みます。") if own else "")
                + "読みの回数が少ないと、ゲームに詳しい方針に負けることがあります。")
    if name in GENERIC_NOTES:
        return GENERIC_NOTES[name]
    return "このゲームのエンジンは、この方針の説明（policy_notes）を持っていません。"


def report_policies(runs: Iterable[RunResult]) -> list[str]:
    """The players the report lists, in order met: each run's policies, then its skill ladder's rungs
    (one name for the search player, ``mcts:N``, whatever its budget)."""
    names: list[str] = []
    for s in runs:
        for n in s.policies:
            if n not in names:
                names.append(n)
        for rung in ((s.skill_luck.get("ladder") if s.skill_luck else None) or {}).get("rungs", []):
            n = rung["policy"]
            if rung["budget"] is not None:      # one note for the search player, whatever its budget
                n = n.replace(f"mcts:{rung['budget']}", "mcts:N", 1)
            if n not in names:
                names.append(n)
    return names


def report_labels(engine: BaseEngine, runs: Sequence[RunResult | Mapping[str, Any]]) -> ReportLabels:
    """What the text and the report of these runs ask the engine, asked once (see :class:`ReportLabels`)."""
    return ReportLabels(engine_labels(engine), round_unit(engine),
                        {n: policy_note(engine, n) for n in report_policies([as_run(s) for s in runs])},
                        {str(k): str(v) for k, v in engine.descriptive_facts.items()})


def margin_ja(scores: Mapping[str, Any]) -> str:
    """勝差 as the winner rule defines it: over the games the score decided, and how many were won by
    another rule (a winner with fewer points than a loser) and left out."""
    m = scores["margin"]
    if not m.get("games", 1):
        return "勝差 なし（得点で決まったゲームがありません）"
    text = f"勝差 p50 {_num(m['p50'])}点（p10 {_num(m['p10'])}、p90 {_num(m['p90'])}"
    other = scores.get("won_below_top_score", 0)
    if other:
        text += f"。得点で勝者が決まった{m['games']}ゲームのもの。ほかの{other}ゲームは得点以外の勝ち方"
    return text + "）"


def _num(v: float) -> str:
    from .stats import num
    return num(v)

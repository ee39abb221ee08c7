"""ユーフォリア: the fixed facts the rules use (rulings, move kinds, phases) and the actions."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ENGINE_VERSION = "euphoria-2"   # 2: keyed chance streams (common random numbers)

# The rulings this engine plays, by id; their text (and the designer's ledger) is in
# components/euphoria/rulings.yaml, which the rulebook prints.
RULING_IDS: tuple[str, ...] = (
    "deal", "deal_size", "hidden", "rounds", "first_parent", "turn_order", "first_sailor", "follow", "sail_lock",
    "must_sail_once", "no_card", "table", "new_parent", "new_parent_tie", "all_chant", "all_chant_parent", "end", "never_all_out",
    "special_win", "toku_win", "tie", "ranks",
)


SET_ASIDE, CHANT, SAIL = 0, 1, 2
_KIND_NAMES = {SET_ASIDE: "set_aside", CHANT: "chant", SAIL: "sail"}
_KINDS_BY_NAME = {v: k for k, v in _KIND_NAMES.items()}
DECK_ID = "kleshas"
NO_CARD = -1

# phases
DEAL, SETUP, PLAY, OVER = 0, 1, 2, 3


@dataclass(frozen=True, order=True)
class Move:
    """A player's decision: set a card aside, 読経 with a card, or 渡海 with a card (-1: no card, out)."""

    kind: int
    card: int
    text: str = field(default="", compare=False)

    def label(self) -> str:
        return self.text

    def to_json(self) -> Any:
        return {"move": _KIND_NAMES[self.kind], "card": self.card}


@dataclass(frozen=True, order=True)
class Deal:
    """The chance step: the shuffled deck, top card first."""

    order: tuple[int, ...]

    def label(self) -> str:
        return "煩悩カードをよく切って配る"

    def to_json(self) -> Any:
        return {"deal": list(self.order)}


# What each policy does and is known not to do (the report prints these next to its figures).
POLICY_NOTES: dict[str, str] = {
    "heuristic": (
        "大きい数字から読経して【徳】を積み、いちばん小さいカードと最終ラウンドを生き延びやすいカード（まだ見えて"
        "いない枚数が多いスート、5人なら7・8）を残し、3・4人では残り3ラウンドから（それより前にも1/2、1/4…の確率で）、"
        "5人では最初から、最小のカードでラウンドの最初に渡海し、残り4ラウンドからは場より小さい数字で親を奪って、"
        "最終ラウンドの親を握ります。"
        "相手の手札の推理や、親を奪い返されたときの立て直しはしません（5人では最初から渡海するため、結果として"
        "出し切り勝利になることがあります）。"),
    "beginner": (
        "はじめて遊ぶ人の慎重な打ち方で、最大のカードを伏せ、2番目に大きいカードから読経し、手札がゲームの3分の1"
        "ほどになったら最初の渡海者として最小のカードを出します。出し切りを狙う相手以外からは親を奪いに行かないため、"
        "3人では先に渡海した人に親を握られ、最終ラウンドで脱落しがちです。"),
    "daring": (
        "出し切り勝利を狙い、第1ラウンドからラウンドの最初の渡海者になれるときは必ず最小のカードで渡海します"
        "（ほかの人が先に渡海したラウンドだけ読経します）。最終ラウンドを生き延びるためのカードを残す工夫はしません。"),
    "random": (
        "合法な手（伏せ札・読経・渡海のカード）から等しい確率で1つを選びます。親や【徳】や最終ラウンドのことは"
        "考えません。"),
}

# Japanese words for every key a report can show: end reasons, Result.extra and per-seat facts, the
# Findings' figures, policies, variants and options.
LABELS_JA: dict[str, str] = {
    # Result.end_reason
    "special_win": "一度も読経せずに生き残った（出し切り勝利）",
    "toku": "【徳】の合計で決着",
    "last_survivor": "生き残りが1人になった",
    "hands_exhausted": "手札がすべてなくなった",
    # Result.extra
    "first_parent": "最初の親",
    "parents": "各ラウンドの親",
    "eliminated": "脱落",
    "elimination_round": "脱落したラウンド",
    "never_chanted": "一度も読経しなかった",
    "special_winner": "出し切り勝利",
    "rounds_planned": "ラウンド数",
    "per_seat": "席ごとの事実",
    "first_sail_round": "初めて渡海したラウンド",
    "hidden_value": "伏せ札の数字",
    # the Findings' figures
    "win_rate": "勝率",
    "ci": "95%区間",
    "fair": "公平な勝率",
    "games": "ゲーム数",
    "special_wins": "出し切り勝利の数",
    "rate": "割合",
    "at_the_end": "最後まで生き残った出し切り勝利",
    "player_rate": "脱落したプレイヤーの割合",
    "games_with_elimination": "脱落者が出たゲームの割合",
    "mean_per_game": "1ゲームあたりの脱落者",
    "by_round": "ラウンド別",
    "best_round": "勝率が最も高いラウンド",
    "players": "人数",
    # policies, variants, options
    "heuristic": "最後の親を取る（ヒューリスティック）",
    "beginner": "徳を貯めてから渡る（初心者）",
    "daring": "出し切り狙い",
    "random": "ランダム",
    "standard": "標準",
    "hidden_removed": "伏せ札なし得点",
    "round_minimum_cap": "ラウンド数による下限の上限",
    "deal": "配る枚数の上限",
    "spare": "配らずに余ったカード",
    "all_chant": "全員が読経したラウンドの後の親",
    "box": "伏せて箱へ",
    "open": "表向きで全員に見せる",
    "left": "左隣へ移す",
    "stay": "移さない",
    # the settings as `simulate --compare-option` names them
    "deal=10": "手札は最大10枚",
    "deal=8": "手札は全員8枚",
    "deal=0": "40枚を等分",
    "spare=open": "余ったカードを表向き",
    "spare=box": "余ったカードは伏せて箱へ",
    "all_chant=stay": "全員が読経しても親を移さない",
    "all_chant=left": "全員が読経したら親は左隣へ",
}

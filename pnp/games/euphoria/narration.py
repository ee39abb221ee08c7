"""ユーフォリア: what ``pnp play`` prints (the set-up, each step, the result)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...sim.engine import Result
from .facts import NO_CARD, OVER, PLAY, SAIL, SETUP, Move
from .rules import EuphoriaRules
from .state import State


class NarrationMixin(EuphoriaRules):
    def seat_name(self, seat: int) -> str:
        return f"プレイヤー{seat + 1}"

    def hand_text(self, cards: Sequence[int]) -> str:
        by_suit: dict[int, list[int]] = {}
        for c in cards:
            by_suit.setdefault(self.suit_of[c], []).append(self.value_of[c])
        return "／".join(f"{self.suit_names[su]} {'・'.join(str(v) for v in sorted(vs))}"
                        for su, vs in sorted(by_suit.items())) or "なし"

    def describe_setup(self, s: State) -> list[str]:
        lines = [f"{s.n}人で遊ぶ。1人{self.n_cards // s.n}枚ずつ配り、伏せ札を除いて{s.hand_size}ラウンド。"]
        if s.removed:
            lines.append(f"余った{len(s.removed)}枚（{self.hand_text(s.removed)}）は見ずに箱へ戻す。")
        for p in range(s.n):
            lines.append(f"{self.seat_name(p)}の手札：{self.hand_text(s.hands[p])}")
        return lines

    def narrate(self, before: State, action: Any, after: State) -> list[str]:
        lines: list[str] = []
        if before.phase == SETUP and after.phase == PLAY:
            lines.append("")
            lines.append(f"■ 第1ラウンド（親：{self.seat_name(after.parent)}、下限 {self.minimum(after)}）")
            return lines
        if before.phase != PLAY:
            return lines
        seat = before.order[before.pos]
        if isinstance(action, Move) and action.kind == SAIL:
            if action.card == NO_CARD:
                lines.append(f"　→ {self.seat_name(seat)}は脱落。以後の手番はパスする。")
            elif before.mu < 0:
                lines.append(f"　→ 無の境地は「{self.suit_names[self.suit_of[action.card]]}」。")
        if after.round != before.round or after.phase == OVER:
            if before.table_cards or (isinstance(action, Move) and action.kind == SAIL and action.card >= 0):
                if after.phase != OVER:
                    lows = [c for c in before.table_cards + ([action.card] if action.kind == SAIL
                                                            and action.card >= 0 else [])]
                    low = min(self.value_of[c] for c in lows)
                    lines.append(f"ラウンド終了。最も小さい数字 {low} を出した{self.seat_name(after.parent)}"
                                 f"が新しい親になる。")
            elif after.phase != OVER:
                lines.append(f"ラウンド終了。全員が読経したので、左隣の{self.seat_name(after.parent)}が親になる。")
            if after.phase != OVER:
                lines.append("")
                lines.append(f"■ 第{after.round}ラウンド（親：{self.seat_name(after.parent)}、"
                             f"下限 {self.minimum(after)}）")
        return lines

    def describe_result(self, s: State, r: Result) -> list[str]:
        lines = []
        for p in range(s.n):
            toku = self.hand_text(s.toku[p])
            hid = self.card_names[s.hidden[p]]
            if s.out[p]:
                status = f"第{s.elim_round[p]}ラウンドで脱落。伏せ札「{hid}」は数えない"
            else:
                counted = "加える" if s.hidden_scores else "数えない"
                status = f"生存。伏せ札「{hid}」を{counted}"
                if not s.chanted[p]:
                    status += "。一度も読経していない"
            lines.append(f"{self.seat_name(p)}：【徳】{toku} 合計 {int(r.scores[p])}（{status}）")
        return lines


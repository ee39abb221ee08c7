"""ユーフォリア: what ``pnp play`` prints (the set-up, each step, the result)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...sim.engine import Result
from .actions import NO_CARD, OVER, PLAY, SAIL, SETUP, Move
from .facts import Facts
from .rules import minimum
from .state import State


def seat_name(seat: int) -> str:
    return f"プレイヤー{seat + 1}"


def hand_text(facts: Facts, cards: Sequence[int]) -> str:
    by_suit: dict[int, list[int]] = {}
    for c in cards:
        by_suit.setdefault(facts.suit_of[c], []).append(facts.value_of[c])
    return "／".join(f"{facts.suit_names[su]} {'・'.join(str(v) for v in sorted(vs))}"
                    for su, vs in sorted(by_suit.items())) or "なし"


def describe_setup(facts: Facts, s: State) -> list[str]:
    """The deal as the table sees it: how many cards each, how many rounds, the box card unseen."""
    k = s.deal_k
    lines = [f"{s.n}人で遊びます。煩悩カードを1人{k}枚ずつ配って手札にします（手札は本人だけが見ます）。"]
    if s.removed and s.spare_open:
        lines.append(f"余った{len(s.removed)}枚は表向きにして全員に見せ、このゲームでは使いません"
                     f"（{hand_text(facts, s.removed)}）。")
    elif s.removed:
        lines.append(f"余った{len(s.removed)}枚は誰も見ずに箱へ戻します。")
    lines.append(f"各自が手札から1枚を伏せ札として伏せて手元に置くので、手札は{s.hand_size}枚、"
                 f"ゲームは{s.hand_size}ラウンドです。最初の親は{seat_name(0)}です。")
    return lines


def round_header(facts: Facts, s: State) -> list[str]:
    order = "→".join(seat_name(p) for p in s.order)
    sailing = [seat_name(p) for p in s.order if s.sailed[p]]
    cap = "（上限あり）" if s.cap and s.cap < s.round else ""
    lines = ["", f"■ 第{s.round}ラウンド（親：{seat_name(s.parent)}、下限 {minimum(s)}{cap}）",
             f"手番順：{order}"]
    if sailing:
        lines.append(f"渡海を続ける人：{'、'.join(sailing)}（一度渡海したので読経はできません）")
    return lines


def _why_playable(facts: Facts, before: State, card: int) -> str:
    """Why a later sailor's card may be played (the 無の境地 rule), in the table's words."""
    suit = facts.suit_of[card]
    if suit == before.mu:
        return "無の境地と同じスート"
    high = before.high
    floor = minimum(before)
    if high:
        return f"【場】の最大 {high} より大きく、下限 {floor} 以上"
    return f"下限 {floor} 以上"


def _cannot_play(facts: Facts, before: State) -> str:
    floor = max(before.high + 1, minimum(before))
    return f"無の境地「{facts.suit_names[before.mu]}」のカードも、{floor}以上の数字もない"


def _standing_line(facts: Facts, s: State) -> str:
    """What everyone can see after a round: 【徳】 face up (the set-aside cards stay hidden), cards left."""
    parts = []
    v = facts.value_of
    for p in range(s.n):
        name = seat_name(p)
        if s.out[p]:
            parts.append(f"{name} 脱落")
            continue
        toku = sum(v[c] for c in s.toku[p])
        state = "渡海中" if s.sailed[p] else "読経のみ"
        parts.append(f"{name} 【徳】{toku}（{len(s.toku[p])}枚）・手札{len(s.hands[p])}枚・{state}")
    return "状況：" + "／".join(parts)


def narrate(facts: Facts, before: State, action: Any, after: State) -> list[str]:
    lines: list[str] = []
    if before.phase == SETUP:
        if after.phase == PLAY:
            lines.append("全員が伏せ札を1枚ずつ伏せました。")
            lines.extend(round_header(facts, after))
        return lines
    if before.phase != PLAY or not isinstance(action, Move):
        return lines
    lines += _move_lines(facts, before, action)
    if after.phase == OVER and after.end_reason == "last_survivor":
        last = next(p for p in range(after.n) if not after.out[p])
        lines.append(f"脱落していないのは{seat_name(last)}だけになったので、ここでゲーム終了です。")
        lines.append(_standing_line(facts, after))
        return lines
    if after.round != before.round or after.phase == OVER:
        lines += _round_end_lines(facts, before, action, after)
    return lines


def _move_lines(facts: Facts, before: State, action: Move) -> list[str]:
    """Why a move is what it is: a forced 渡海, dropping out for want of a card, the first card of the
    round, a card above the minimum or of the 無の境地; a first 読経."""
    seat = before.order[before.pos]
    name = seat_name(seat)
    lines = []
    if action.kind == SAIL:
        if not before.sailed[seat] and len(before.hands[seat]) == 1:
            lines.append(f"　→ 手札が残り1枚なので、{name}は渡海しなければなりません。")
        if action.card == NO_CARD:
            lines.append(f"　→ {_cannot_play(facts, before)}ため、{name}は脱落します。"
                         "残りの手札は伏せたまま脇に置き、以後の手番はパスします。")
        elif before.mu < 0:
            lines.append(f"　→ このラウンド最初の渡海なので、どのカードでも出せます。"
                         f"無の境地は「{facts.suit_names[facts.suit_of[action.card]]}」。")
        else:
            lines.append(f"　→ {_why_playable(facts, before, action.card)}なので出せます。")
    elif not before.chanted[seat]:
        lines.append(f"　→ {name}の初めての読経（これで出し切り勝利はなくなります）。")
    return lines


def _round_end_lines(facts: Facts, before: State, action: Move, after: State) -> list[str]:
    """A round's end: the new parent (the lowest card played, or after an all-読経 round the left
    neighbour or, option all_chant=stay, the same), the standing, and the next round or the game's end."""
    lines = []
    played = before.table_cards + ([action.card] if action.kind == SAIL and action.card >= 0 else [])
    if played:
        low = min(facts.value_of[c] for c in played)
        lines.append(f"第{before.round}ラウンド終了。【場】のカードは表向きの捨て札にします。")
        if after.phase != OVER:
            lines.append(f"最も小さい数字 {low} を出した{seat_name(after.parent)}が新しい親になります。")
    else:
        lines.append(f"第{before.round}ラウンド終了。全員が読経しました。")
        if after.phase != OVER and after.chant_stay:
            lines.append(f"親は移さず、{seat_name(after.parent)}が続けて親になります。")
        elif after.phase != OVER:
            lines.append(f"親の左隣の{seat_name(after.parent)}が新しい親になります。")
    lines.append(_standing_line(facts, after))
    if after.phase == OVER:
        lines.append("脱落していない全員の手札がなくなったので、ゲーム終了です。")
    else:
        lines.extend(round_header(facts, after))
    return lines


def describe_result(facts: Facts, s: State, r: Result) -> list[str]:
    """Every set-aside card turned face up, each player's 【徳】 and how it counts."""
    lines = ["伏せ札を表にします。"]
    for p in range(s.n):
        toku = hand_text(facts, s.toku[p])
        hid = facts.card_names[s.hidden[p]]
        if s.out[p]:
            status = f"第{s.elim_round[p]}ラウンドで脱落。伏せ札「{hid}」は数えない"
        else:
            counted = "加える" if s.hidden_scores else "数えない"
            status = f"生存。伏せ札「{hid}」を{counted}"
            if not s.chanted[p]:
                status += "。一度も読経していない"
        lines.append(f"{seat_name(p)}：【徳】{toku} 合計 {int(r.scores[p])}（{status}）")
    return lines

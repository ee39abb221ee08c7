"""What ``pnp play`` shows of a game of 24, in the draft's words: what a player at the table sees.

Face-down cards stay hidden until the rules turn them over: a placement says only that a 刑事カード was
laid face down, the 1枚目 are shown when everyone has placed them, each 2枚目 when its incident is
resolved; the card a player keeps is secret until the third hand shows it.  ロイド's peek at face-down
incident cards is his alone, so it is not shown either (variant lloyd-one: which card he looks at is seen,
not what it is); so are the third hand's peeks (ruling final-peek-secret; variant open-peek: shown to all)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...sim.engine import Result
from .actions import P_DEAL, P_KEEP, P_PLACE, Challenge, Deal, Keep, Peek, Place, Roll, Take
from .conditions import hidden_column, third
from .facts import Facts
from .hands import bonuses
from .state import State

COLOURS = ("緑", "赤")


def seat_name(seat: int) -> str:
    return f"プレイヤー{seat + 1}"


def _names(seats: Any) -> str:
    return "・".join(seat_name(i) for i in seats)


def _card(facts: Facts, c: int) -> str:
    return f"「{facts.card_names[c]}」（{facts.card_value[c]}VP）" if c >= 0 else "裏向きのカード"


def _kind(facts: Facts, k: int) -> str:
    return "ヒーロータイム" if k == facts.hero else f"{facts.kind_hours[k]}時間"


def layout_lines(facts: Facts, s: State) -> list[str]:
    """The 事件置き場 as everyone sees it (face-down cards as such)."""
    shown = public_layout(facts, s)
    lines = ["【事件置き場】"]
    for col in range(5):
        lines.append(f"　事件番号{col + 1}：1位 {_card(facts, shown[2 * col])}、2位 {_card(facts, shown[2 * col + 1])}")
    return lines


def public_layout(facts: Facts, s: State) -> list[int]:
    lay = s.layout[:]
    if s.revealed:
        return lay
    if third(s):
        shown = _shown_peeks(facts, s)
        for col in range(5):
            if col not in shown:
                lay[2 * col] = -1       # 「１位 ■ ■ ■ ■ ■」
    else:
        col = hidden_column(s)     # the last column lies face down (variant hidden-fourth: the 4th)
        lay[2 * col] = lay[2 * col + 1] = -1
    return lay


def _shown_peeks(facts: Facts, s: State) -> list[int]:
    """Variant open-peek: the columns whose 1位 card a player looked at with his kept card's suit and showed."""
    if s.variant != "open-peek":
        return []
    suits = {facts.card_suit[c] for kept in s.kept for c in kept}
    return [col for col in range(5) if s.layout[2 * col + 1] >= 0 and facts.card_suit[s.layout[2 * col + 1]] in suits]


def describe_setup(facts: Facts, s: State) -> list[str]:
    lines = ["刑事：" + "、".join(f"{seat_name(i)}＝{facts.det_names[d]}" for i, d in enumerate(s.det))]
    if s.n > 3:
        lines.append("4番手以降は1VPから始めます：" + "、".join(f"{seat_name(i)} {s.vp[i]}VP" for i in range(s.n)))
    lines.append(f"{s.hands}ハンドで遊びます。各自、刑事カード10枚（捜査時間の合計24時間とヒーロータイム）を手札にします。")
    lines.append("")
    lines.append(f"■ {s.hand_no}ハンド目 配置フェイズ")
    lines += layout_lines(facts, s)
    return lines


def narrate(facts: Facts, before: State, action: Any, after: State) -> list[str]:
    cls = action.__class__
    lines: list[str] = []
    if cls is Deal:
        if before.hand_no == 1 and before.phase == P_DEAL and not before.vp_hist:
            return lines                    # the first deal: describe_setup shows the layout
        lines.append("")
        lines.append(f"■ {after.hand_no}ハンド目 配置フェイズ（プレイ順：{_names(after.order)}）")
        lines += layout_lines(facts, after)
        if third(after):
            for i in range(after.n):
                kept = "、".join(_card(facts, c) for c in after.kept[i]) or "なし"
                lines.append(f"　{seat_name(i)}が手元に残していた事件カードを公開：{kept}")
            shown = _shown_peeks(facts, after)
            if shown:
                lines.append("　手元のカードと同じスートの2位がある事件番号の1位を、確認した人が全員に見せます：" + "、".join(
                    f"事件{c + 1} {_card(facts, after.layout[2 * c])}" for c in shown))
        return lines
    if cls is Peek:
        lines.append(f"{seat_name(before.cur)}（ロイド）は、事件番号{action.slot // 2 + 1}の{action.slot % 2 + 1}位の"
                     "裏向きのカードを1枚だけ見ます（中身はロイドだけが知っています）。")
        return lines
    if cls is Place:
        if before.rnd == 0 and after.rnd == 1:
            lines.append("全員の1枚目を表向きにします。")
            for i in range(after.n):
                lines.append(f"　{seat_name(i)}：" + "／".join(f"事件{c + 1} {_kind(facts, k)}"
                                                          for c, k in enumerate(after.p1[i])))
            if not third(after):
                col = hidden_column(after)
                lines.append(f"　事件番号{col + 1}のカードも表向きにします：1位 {_card(facts, after.layout[2 * col])}、"
                             f"2位 {_card(facts, after.layout[2 * col + 1])}")
            else:
                lines.append("　1位の事件カードを表向きにします：" + "、".join(
                    f"事件{c + 1} {_card(facts, after.layout[2 * c])}" for c in range(5)))
        if before.phase == P_PLACE and after.phase != P_PLACE:
            lines.append("")
            lines.append(f"■ {after.hand_no}ハンド目 解決フェイズ")
            lines += _resolution(facts, before, after)
        return lines
    if cls is Challenge or cls is Roll or cls is Take or cls is Keep:
        return _resolution(facts, before, after)
    return lines


def _summary(vp: Any, alive: Any, inj: Any) -> str:
    parts = []
    for i, v in enumerate(vp):
        note = "（殉職）" if not alive[i] else (f"（負傷{inj[i]}）" if inj[i] else "")
        parts.append(f"{seat_name(i)} {v}VP{note}")
    return "［状況］" + "、".join(parts)


def _resolution(facts: Facts, before: State, after: State) -> list[str]:
    """The events of one resolution step, in order (``State.events``, recorded by the rules)."""
    lines: list[str] = []
    for ev in after.events:
        lines += _EVENT_LINES.get(ev[0], _silent)(facts, before, ev)
    if after.phase == P_KEEP and before.phase != P_KEEP:
        lines.append("　獲得した事件カードから「数字が５でない」1枚を選び、裏向きに伏せて手元に残します"
                     "（1枚しか選べない人は自動で残します）。")
    return lines


# -- one line-maker per kind of event; ``s`` is the state before the step (the cards still in their places)
Event = tuple[Any, ...]


def _start_lines(facts: Facts, s: State, ev: Event) -> list[str]:
    """An incident begins: its two cards, every 2枚目 turned up, each seat's power."""
    _, k, pw, alive = ev
    cards = []
    for i in range(s.n):
        if not alive[i]:
            cards.append(f"{seat_name(i)} 殉職のため参加しない")
        else:
            cards.append(f"{seat_name(i)} {_kind(facts, s.p1[i][k])}＋{_kind(facts, s.p2[i][k])}＝捜査力{pw[i]}")
    return [f"◆ 事件番号{k + 1}：1位 {_card(facts, s.layout[2 * k])}、2位 {_card(facts, s.layout[2 * k + 1])}",
            "　2枚目を公開：" + "、".join(cards)]


DIE_OUTCOMES = {
    "great": "大成功。{seat}の捜査力は{power}",
    "success": "成功。{seat}の捜査力は{power}",
    "void": "成功。ただしもう1個のダイスが失敗したので、ボーナスはありません。{seat}の捜査力は{power}",
    "injury": "失敗。{seat}は負傷",
}
DIE_DEATH = "失敗。{seat}は殉職し、このハンドの以降の事件に参加できません"


def _die_lines(facts: Facts, s: State, ev: Event) -> list[str]:
    """One die of a challenge (a success adds power; a failure injures or kills)."""
    _, seat, colour, roll, mod, outcome, power = ev
    face = f"{COLOURS[colour]}{roll}" + (f"（スキルで+{mod}）" if mod else "")
    said = DIE_OUTCOMES.get(outcome, DIE_DEATH).format(seat=seat_name(seat), power=power)
    return [f"　→ {face}：{said}"]


def _rank_lines(facts: Facts, s: State, ev: Event) -> list[str]:
    """The ranking: what the ヒーロータイム did, the 1位 and 2位 and the tie-breaks that set them."""
    _, k, ranked, pw, hts, first, _by_first, _by_order, heroes = ev
    if not ranked:
        return [f"　事件番号{k + 1}：参加できる刑事がいません。"]
    lines = _hero_time_lines(hts, first, heroes)
    why = []
    for j in range(1 if first >= 0 else 0, min(2, len(ranked) - 1)):
        a, b = ranked[j], ranked[j + 1]
        if pw[a] == pw[b] and (a in heroes) == (b in heroes):
            fa, fb = facts.kind_hours[s.p1[a][k]], facts.kind_hours[s.p1[b][k]]
            rule = "1枚目の大きい方" if fa != fb else "1枚目も同じなのでプレイ順の早い方"
            why.append(f"{j + 1}位と{j + 2}位は捜査力が同じで、{rule}が上位")
    order = "、".join(f"{r + 1}位 {seat_name(i)}（捜査力{pw[i]}）" for r, i in enumerate(ranked[:2]))
    lines.append(f"　順位：{order}" + (f"（{'。'.join(why)}）" if why else ""))
    if s.notes and s.hand_no >= 2 and facts.det_ids[s.det[ranked[0]]] == "hibachi":
        lines.append(f"　{seat_name(ranked[0])}（ヒバチ）は1位と2位のどちらの事件カードを取るか選びます。")
    return lines


def _hero_time_lines(hts: Any, first: int, heroes: Any) -> list[str]:
    if len(hts) == 1:
        return [f"　{seat_name(hts[0])}のヒーロータイムで、捜査力に関係なく{seat_name(hts[0])}が1位。"]
    if heroes:
        return [f"　ヒーロータイムがバッティング（{_names(hts)}）。スコッチがいるので、どのヒーロータイムも効果を"
                "失わず、ヒーロータイムを置いた人が捜査力の順に上位になります。"]
    if len(hts) > 1:
        keep = f"（{seat_name(first)}はスコッチのスキルで効果を失わない）" if first >= 0 else ""
        return [f"　ヒーロータイムがバッティング（{_names(hts)}）。効果を失い「0」として数えます{keep}。"]
    return []


def _award_lines(facts: Facts, s: State, ev: Event) -> list[str]:
    _, seat, c, row = ev
    return [f"　{seat_name(seat)}が{row + 1}位の事件カード{_card(facts, c)}を獲得。"]


def _done_lines(facts: Facts, s: State, ev: Event) -> list[str]:
    return [_summary(*ev[1:])]


def _hand_end_lines(facts: Facts, s: State, ev: Event) -> list[str]:
    return ["", f"■ {ev[1]}ハンド目 ハンド終了"]


def _unclaimed_lines(facts: Facts, s: State, ev: Event) -> list[str]:
    _, col, c = ev
    return [f"　事件番号{col + 1}の{_card(facts, c)}は誰も獲得せず、捨て札にします。"]


def _kept_discarded_lines(facts: Facts, s: State, ev: Event) -> list[str]:
    return [f"　{seat_name(ev[1])}は前のハンドから残していた事件カードを捨て札にします。"]


def _death_points_lines(facts: Facts, s: State, ev: Event) -> list[str]:
    return [f"　{seat_name(ev[1])}は最後のハンドの事件番号{5 - ev[2] + 1}で殉職したので、"
            f"6−{5 - ev[2] + 1}＝{ev[2]}VPを得ます。"]


def _injury_carried_lines(facts: Facts, s: State, ev: Event) -> list[str]:
    return [f"　{seat_name(ev[1])}はこのハンド中に殉職したので、次のハンドを負傷した状態で始めます。"]


def _wolf_lines(facts: Facts, s: State, ev: Event) -> list[str]:
    return [f"　{seat_name(ev[1])}（ウルフ）はこのハンド中に殉職したので4VPを得ます。"]


def _halve_lines(facts: Facts, s: State, ev: Event) -> list[str]:
    _, seat, old, new = ev
    return [f"　{seat_name(seat)}はこのハンド中に殉職したので、VPを半分にします（{old}→{new}VP）。"]


def _order_lines(facts: Facts, s: State, ev: Event) -> list[str]:
    _, order, vp = ev
    return ["　次のハンドのプレイ順カード（VPの少ない順）：" + "、".join(
        f"{p + 1}番 {seat_name(i)}（{vp[i]}VP）" for p, i in enumerate(order))]


def _silent(facts: Facts, s: State, ev: Event) -> list[str]:
    """An event the narration does not tell (none of the rules' events today)."""
    return []


_EVENT_LINES: dict[str, Callable[[Facts, State, Event], list[str]]] = {
    "start": _start_lines, "die": _die_lines, "rank": _rank_lines, "award": _award_lines, "done": _done_lines,
    "hand_end": _hand_end_lines, "unclaimed": _unclaimed_lines, "kept_discarded": _kept_discarded_lines,
    "death_points": _death_points_lines, "injury_carried": _injury_carried_lines, "wolf": _wolf_lines,
    "halve": _halve_lines, "order": _order_lines,
}


def describe_result(facts: Facts, s: State, r: Result) -> list[str]:
    lines = []
    final_rules = third(s)
    for i in range(s.n):
        text = f"{seat_name(i)}（{facts.det_names[s.det[i]]}）：{s.vp[i]}VP"
        if final_rules:
            active, mastermind = bonuses(facts, s, i)
            kept = "、".join(_card(facts, c) for c in s.kept[i]) or "なし"
            text += f"（活躍者 +{active}VP、黒幕 +{mastermind}VP。手元に残していたカード：{kept}）"
        lines.append(text)
    if r.extra.get("tie_for_first"):
        lines.append("首位が同点のため、" + ("このハンドのプレイ順の最も遅いプレイヤーが勝利します。" if final_rules
                                          else "プレイ順の早いプレイヤーが勝利します。"))
    return lines

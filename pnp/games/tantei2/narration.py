"""探偵無宿２: what ``pnp play`` tells the table, in the draft's words — the set-up, each card that comes onto
the 【捜査線】, each event put into effect and its VP, deaths and 覚醒, the round end (犠牲者, 告命灯) with a short
summary, and the result.  Lines are worked out by comparing the state before and after a step, and name only
what every player sees: a card placed face down is "1枚", a hand is a number of cards."""
from __future__ import annotations

from ...sim.engine import Result
from .actions import Flash, Investigate
from .costs import is_awake
from .facts import Facts
from .state import State


def seat_name(seat: int) -> str:
    return f"プレイヤー{seat + 1}"


def _person(f: Facts, p: int) -> str:
    return f"{f.person_names[p]}（{f.colja[p]}）"


def _card(f: Facts, c: int) -> str:
    return f"「{f.pc_name[c]}」" if c == f.tragedy else _person(f, f.pc_person[c])


def _event(f: Facts, e: int) -> str:
    return f"{f.ev_title[e]}（{f.ev_serial[e]}）"


def describe_setup(f: Facts, s: State) -> list[str]:
    """After the event cards are dealt: what lies on the table."""
    persons = sum(1 for c in s.inv if c != f.tragedy)
    piles = "、".join(f"{f.person_names[p]}{len(pile)}枚" for p, pile in enumerate(s.piles) if pile)
    return [
        f"{s.n}人で遊びます。「私」のスキル（選択ルール）は{'使います' if s.skills else '使いません'}。",
        f"各自にイベントカードを{len(s.hands[0])}枚ずつ配りました（手札は本人だけが見ます）。"
        f"イベントの山は{len(s.ev_deck)}枚です。",
        f"捜査デッキは人物カード{persons}枚と「惨劇の夜」です。【容疑者】の山：{piles}（覚醒人物カードは一番下）。",
        f"勝利条件：ラウンドの終わりに誰かが{13}VP以上か、死者が5人になったらゲームが終わります。",
    ]


def narrate(f: Facts, b: State, a: object, s: State) -> list[str]:
    """The lines one step adds (``b`` before, ``s`` after)."""
    # round end: 犠牲者, 告命灯, the summary (the round's 【捜査線】 is still in ``b``)
    ended = len(s.hist) > len(b.hist)
    out = _events(f, b, a, s) + _face_down(b, s, ended)
    if s.sub_color >= 0 and b.sub_color < 0:
        out.append(f"{seat_name(s.cur)}が代用コストで{f.colja[s.sub_color]}を生み出しました（この手番の間だけ）。")
    # 告命灯 an effect added or removed during the round
    if not ended and s.round == b.round and s.lamps != b.lamps:
        more = "増え" if s.lamps > b.lamps else "減り"
        out.append(f"告命灯が{abs(s.lamps - b.lamps)}個{more}ました（{s.lamps}個）。")
    draws = _draws(f, b, s)
    out += _round_end(f, b, s, draws) if ended else _line(f, b, s, draws)
    for p in range(f.np):
        if not s.dead[p] and is_awake(f, s, p) and not is_awake(f, b, p) and f.action_awake[p]:
            out.append(f"{f.person_names[p]}が覚醒しました（これからは覚醒人物カードのアクションです）。")
    if s.over and not b.over:
        out.append("ゲームが終わりました。")
    return out


def _events(f: Facts, b: State, a: object, s: State) -> list[str]:
    """Events put into effect (the one the action names itself is its label's)."""
    out = []
    for seat, e in s.st_used[len(b.st_used):]:
        from_down = e in b.down[seat]
        if f.ev_placed[e]:
            how = "裏向きから表向きになり" if from_down else "表向きで"
            out.append(f"{seat_name(seat)}の【手帳】に{_event(f, e)}が{how}配置されました："
                       f"+{f.ev_vp[e]}VP（計{_vp_after(f, b, s, seat, e)}VP）。")
        elif from_down:
            out.append(f"{seat_name(seat)}の裏向きの{_event(f, e)}が表向きになり、効果を使いました。")
        elif not (isinstance(a, (Investigate, Flash)) and a.card == e):
            out.append(f"{seat_name(seat)}が{_event(f, e)}の効果を使いました。")
    return out


def _face_down(b: State, s: State, ended: bool) -> list[str]:
    """Cards placed face down (a count only) and, in variant facedown-cubes, the cubes on them (public)."""
    out = []
    for seat in range(s.n):
        placed = len(s.down[seat]) - len(b.down[seat]) + sum(1 for x, e in s.st_used[len(b.st_used):]
                                                              if x == seat and e in b.down[seat])
        if placed > 0 and not ended:
            out.append(f"{seat_name(seat)}が手札{placed}枚を【手帳】に裏向きで置きました"
                       f"（裏向きは{len(s.down[seat])}枚）。")
    if s.cube_rule:                     # variant facedown-cubes: cubes are public, the cards under them are not
        for seat in range(s.n):
            placed = sum(1 for e in s.down[seat] if s.cubes[e] > b.cubes[e])
            if placed:
                out.append(f"{seat_name(seat)}の裏向きのカード{placed}枚にキューブを1個ずつ置きました（キューブ："
                           + "・".join(str(s.cubes[e]) for e in sorted(s.down[seat], key=lambda e: -s.cubes[e]))
                           + "）。")
    return out


def _line(f: Facts, b: State, s: State, draws: list[str]) -> list[str]:
    """Cards that came onto the 【捜査線】 (a new round's three, a turn's draw) or left it for the 【線外】."""
    out = []
    if s.round != b.round or (not b.line and s.line):
        if s.line:
            out.append(f"― ラウンド{s.round}（スタートプレイヤー：{seat_name(s.start)}）。【捜査線】："
                       + "、".join(_card(f, c) for c in s.line) + f"。告命灯{s.lamps}個。")
        if s.st_rs_tragedy > b.st_rs_tragedy:
            out.append("ラウンド開始の3枚に「惨劇の夜」が出たので、もう1枚を【捜査線】に加え、「惨劇の夜」を捜査デッキに"
                       "戻して切ります。")
        out += draws
    elif len(s.line) > len(b.line) and s.line[:len(b.line)] == b.line:
        for i, c in enumerate(s.line[len(b.line):], start=len(b.line) + 1):
            if c == f.tragedy:
                out.append(f"{seat_name(s.cur if s.cur >= 0 else b.cur)}が「惨劇の夜」を引きました（【捜査線】の{i}枚目"
                           + ("、告命灯のある場所" if s.tragedy_lit else "") + "）。この手番の終わりにラウンドが終わります。")
                out += draws
            else:
                out.append(f"【捜査線】に{_card(f, c)}が出ました（{i}枚目）。")
    elif len(s.line) < len(b.line) and s.round == b.round:
        for c in b.line[len(s.line):]:
            out.append(f"{_card(f, c)}が【捜査線】から【線外】へ移りました。")
    return out


def _vp_after(f: Facts, b: State, s: State, seat: int, e: int) -> int:
    """The seat's VP right after ``e`` went face up (several cards may go face up in one step)."""
    vp = b.vp[seat]
    for x, card in s.st_used[len(b.st_used):]:
        if x == seat and f.ev_placed[card]:
            vp += f.ev_vp[card]
        if x == seat and card == e:
            break
    return vp


def _draws(f: Facts, b: State, s: State) -> list[str]:
    """The draws an ongoing effect or a 「私」 skill caused in this step, in the order they were drawn."""
    out = []
    for seat, src, n in s.st_draws[len(b.st_draws):]:
        why = f"{_event(f, src)}の効果" if src >= 0 else f"「私」（{f.watashi_names[-1 - src]}）のスキル"
        out.append(f"{seat_name(seat)}が{why}で{n}枚引きました。")
    return out


def _round_end(f: Facts, b: State, s: State, draws: list[str]) -> list[str]:
    out = []
    died = [p for p in range(f.np) if s.dead[p] and not b.dead[p]]
    line = b.line if b.line else s.line
    counts = [0] * f.np
    for c in line:
        if c != f.tragedy:
            counts[f.pc_person[c]] += 1
    top = max(counts) if counts else 0
    if died:
        p = died[0]
        lamp = ("ラウンド終了時に「惨劇の夜」の場所に告命灯があった" if s.lamp_end    # variant lamp-at-round-end
                else "「惨劇の夜」が告命灯のある場所で引かれた")
        why = (f"最多が同数でしたが、{lamp}ため、同数のうち【捜査線】で最も後に出た人物"
               if s.st_lamp_deaths > b.st_lamp_deaths else f"【捜査線】で最も多い{top}枚")
        out.append(f"ラウンド{b.round}の終わり：{f.person_names[p]}が犠牲者になりました（{why}）。死者は{s.ndead}人です。")
    else:
        out.append(f"ラウンド{b.round}の終わり：犠牲者は出ませんでした（最も多い人物が同数）。")
    out += draws
    dead = "、".join(f.person_names[p] for p in range(f.np) if s.dead[p]) or "なし"
    out.append(f"［ラウンド{b.round}のまとめ］VP：" + "・".join(f"{seat_name(i)} {s.vp[i]}" for i in range(s.n))
               + "／裏向き：" + "・".join(f"{seat_name(i)} {len(s.down[i])}枚" for i in range(s.n))
               + f"／死者{s.ndead}人（{dead}）／告命灯{s.lamps}個")
    return out


def describe_result(f: Facts, s: State, result: Result) -> list[str]:
    out = []
    for i in range(s.n):
        up = "、".join(_event(f, e) for e in s.up[i]) or "なし"
        out.append(f"{seat_name(i)}：{s.vp[i]}VP。【手帳】の表向き：{up}。裏向き{len(s.down[i])}枚"
                   + (f"（{'、'.join(_event(f, e) for e in sorted(s.down[i]))}）" if s.down[i] else "") + "。")
    victims = "、".join(f.person_names[p] for p in s.st_deaths) or "なし"
    out.append(f"犠牲者（順に）：{victims}。{s.round}ラウンド、手番{s.st_turns}回。")
    if result.extra.get("tie_break_serial"):
        out.append("VPが同じだったので、【手帳】に配置したイベントカードの最も小さい通し番号で勝者を決めました。")
    return out

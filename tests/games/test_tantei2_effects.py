"""探偵無宿２ event effects: the share of bare VP cards (a generated check over the data) and one scenario
per effect kind the events use beyond the persons' actions (【線外】, 覚醒, 惨劇の夜, 死亡, 代用コスト)."""
from __future__ import annotations

import random

from test_tantei2 import E, _round_end, act, ev, game, pid, position  # noqa: F401 (fixtures)

from pnp.games import tantei2 as T
from pnp.games.tantei2 import costs, tasks

# ------------------------------------------------------------------ generated checks over the data

def test_at_most_a_quarter_of_the_events_are_bare_vp_cards(game):
    """Draft: 「イベントには場に配置されＶＰを得たり常時効果が適用されるものと、即効果が適用されて捨て札に
    なるものの２種類があり」 — a placed card with neither an effect nor an ongoing effect is a bare VP card."""
    cards = game.deck("events").cards
    assert len(cards) == 64
    bare = [c.id for c in cards if c.rules["type"] == "placed" and not c.rules.get("effect")
            and not c.rules.get("ongoing")]
    assert len(bare) / len(cards) <= 0.25, bare
    # every bare card says so on its face, and every card with an effect prints it
    for c in cards:
        lines = c.body.split("\n")
        if c.id in bare:
            assert all(ln.startswith(("【配置】", "死亡条件")) for ln in lines), c.id
        elif c.rules["type"] == "placed":
            assert lines[-1].startswith("常時：" if c.rules.get("ongoing") else "配置時："), c.id


def test_events_use_the_whole_vocabulary(game, E):
    """The effects touch 覚醒, 【線外】, 惨劇の夜, 告命灯 and the face-down rule; every op is one the engine knows."""
    ops, ongoing = set(), set()
    for c in game.deck("events").cards:
        ops |= {o["op"] for o in c.rules.get("effect", [])}
        ongoing |= {o["op"] for o in c.rules.get("ongoing", [])}
    assert ops <= set(T.OPS) and ongoing <= set(T.ONGOING)
    assert {"outside", "line_out", "lamp", "facedown", "flip_free"} <= ops
    assert {"awake_color", "death_draw", "tragedy_draw", "keep_free", "dead_sub_free"} <= ongoing


# ------------------------------------------------------------------ scenarios, one per effect kind

def test_placed_card_effect_line_out(E):
    """11 偽りのアリバイ 「配置時：【捜査線】の末尾のカードが人物カードなら、【線外】へ移す。」 — the draft's
    【線外】 holds person cards out of the 【捜査線】; 「【捜査線】上に配置されている人物の中で、最も枚数の多い
    １人が死亡します」 then counts one card fewer."""
    s = position(E, line=("seiji", "seiji", "shizue", "toru"), hand=(11, 64))
    toru = pid(E, "toru")
    act(E, s, T.Kind.INV, ev(11))
    assert s.up[0] == [ev(11)] and s.vp[0] == 3
    assert s.linecnt[toru] == 0 and [E.facts.pc_person[c] for c in s.outside] == [toru]
    persons = [E.facts.pc_person[c] for c in s.line if c != E.facts.tragedy]
    assert persons == [pid(E, "seiji"), pid(E, "seiji"), pid(E, "shizue")]
    E.check_invariants(s)


def test_line_out_leaves_the_tragedy_in_place(E):
    """「惨劇の夜」 is no person card: when it is the last card, 違和感 moves nothing."""
    s = position(E, line=("shizue", "seiji", "toru"), hand=(57,))
    s.line.append(E.facts.tragedy)
    s.inv.remove(E.facts.tragedy)
    s.tragedy_pos = len(s.line)
    act(E, s, T.Kind.FLASH, ev(57))
    assert s.line[-1] == E.facts.tragedy and s.outside == [] and sum(s.linecnt) == 3


def test_outside_effect_is_the_players_choice_and_brings_awakening_nearer(E):
    """60 仮説 「【容疑者】から人物カード1枚を選び、【線外】へ移す。」 — draft: 「特定の人物カードが尽きて
    「覚醒人物カード」が見えると、その人物が覚醒状態となってアクションが変更されます」.  A ［閃き］ card:
    the turn goes on after the choice."""
    s = position(E, line=("toru", "seiji", "shizue"), hand=(60, 64))
    p = pid(E, "soichiro")
    before = len(s.piles[p])
    act(E, s, T.Kind.FLASH, ev(60))
    assert s.phase == T.Phase.OUTSIDE and s.cur == 0
    assert all(a.kind == T.Kind.OUT for a in E.legal_actions(s))
    E.apply(s, E.A_OUT[p])
    assert len(s.piles[p]) == before - 1 and s.outside and s.phase == T.Phase.MAIN and s.cur == 0
    E.check_invariants(s)
    act(E, s, T.Kind.REST, ev(64), 0)                          # the turn action is still to come
    assert s.cur == 1


def test_placed_outside_effect_then_the_turn_ends(E):
    """15 庭師の目撃証言 (捜査): after the 配置時 choice the turn ends as a 捜査 does."""
    s = position(E, line=("toru", "toru", "shino"), hand=(15,))
    p = pid(E, "seiji")
    act(E, s, T.Kind.INV, ev(15))
    assert s.phase == T.Phase.OUTSIDE and s.cur == 0
    E.apply(s, E.A_OUT[p])
    assert s.up[0] == [ev(15)] and s.cur == 1              # 惨劇の夜 was drawn by the next seat
    E.check_invariants(s)


def test_awake_colour_counts_only_while_the_person_is_alive_and_awake(E):
    """19 離れの灯り 「常時：椚 志乃が生きていて覚醒していれば、あなたは常に黄のコスト1を持つ。」"""
    s = position(E, line=("toru", "seiji", "shizue"), hand=(27,))   # 次男の家出 needs 緑・黄
    f = E.facts
    shino = pid(E, "shino")
    s.up[0].append(ev(19))
    s.vp[0] += 3
    assert not E.payable(s, 0, ev(27))                    # 志乃 not awake yet
    pile = s.piles[shino]
    while not f.pc_awake[pile[-1]]:
        s.outside.append(pile.pop())
    assert E.is_awake(s, shino) and E.payable(s, 0, ev(27))
    s.dead[shino] = True                                   # dead: the light is out
    assert not E.payable(s, 0, ev(27))


def test_death_draw_when_a_person_dies(E):
    """12 消えた相続人 「常時：人物が死亡するたび、あなたは1枚引く。」 at 「犠牲者の選定」."""
    s = position(E, line=("shizue", "shizue", "toru", "seiji"))
    s.up[1].append(ev(12))
    s.ev_deck.remove(ev(12))
    s.vp[1] += 3
    hands = [len(h) for h in s.hands]
    _round_end(E, s)
    assert s.dead[pid(E, "shizue")]
    assert [len(h) for h in s.hands] == [hands[0], hands[1] + 1, hands[2]]


def test_no_death_no_draw(E):
    s = position(E, line=("shizue", "toru", "seiji"))
    s.up[1].append(ev(12))
    s.ev_deck.remove(ev(12))
    s.vp[1] += 3
    s.tragedy_pos = 9
    s.stack = [(T.Task.ROUND_END,)]
    tasks.run(E.facts, s)
    assert s.ndead == 0 and len(s.hands[1]) == 0


def test_tragedy_draw_when_the_tragedy_is_drawn(E):
    """16 割れた懐中時計 「常時：「惨劇の夜」が引かれるたび、あなたは1枚引く。」 — the draft: 「「惨劇の夜」
    だった場合、アクションはありませんが、手番終了時にラウンドが終了します」."""
    s = position(E, line=("shizue", "toru", "seiji"), hand=(64,))
    s.up[2].append(ev(16))
    s.ev_deck.remove(ev(16))
    s.vp[2] += 3
    act(E, s, T.Kind.REST, ev(64), 0)        # seat 0 rests; seat 1 draws 惨劇の夜 (top of the 捜査デッキ)
    assert s.tragedy_pos and s.cur == 1
    assert len(s.hands[2]) == 1 and len(s.hands[1]) == 0


def test_dead_colour_substitute_without_the_extra_discard(E):
    """25 長男の借用書 「常時：死亡した人物の色を代用コストで生み出すとき、追加の捨て札がいらない。」 — the
    draft: 「死亡している人物のコストを代用したい場合、さらに追加で手札１枚を捨て札にする必要があります」."""
    s = position(E, line=("toru", "seiji", "shino"), hand=(24, 64))
    shizue = pid(E, "shizue")
    s.dead[shizue] = True
    s.ndead = 1
    assert costs.sub_cost(E.facts, s, 0, shizue) == 2
    s.up[0].append(ev(25))
    s.ev_deck.remove(ev(25))
    s.vp[0] += 2
    assert costs.sub_cost(E.facts, s, 0, shizue) == 1
    assert costs.sub_cost(E.facts, s, 0, pid(E, "soichiro")) == 1     # a living colour costs one, as always


def test_random_play_with_every_effect_keeps_the_invariants(E):
    rng = random.Random(17)
    for players in (3, 4):
        s = E.new_state(players)
        steps = 0
        while E.to_move(s) != T.TERMINAL:
            E.check_invariants(s)
            a = E.sample_chance(s, rng) if E.to_move(s) == T.CHANCE else rng.choice(E.legal_actions(s))
            E.apply(s, a)
            steps += 1
            assert steps < 50_000

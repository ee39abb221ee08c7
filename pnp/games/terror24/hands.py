"""The end of a hand: the card each player keeps, the halving, the next hand's play order, the final bonuses."""
from __future__ import annotations

from ...sim.engine import CHANCE, TERMINAL
from .actions import P_DEAL, P_END, P_KEEP
from .conditions import final, third, wolf
from .facts import Facts
from .state import State


def keep_options(facts: Facts, s: State, seat: int) -> list[int]:
    # 「今回獲得した事件カードの中から「数字が５でない」１枚を選び」; variant keep-old: or the card kept before
    val = facts.card_value
    opts = [c for c in s.won[seat] if val[c] != 5]
    if s.keep_old:
        opts += s.kept[seat]
    return opts


def keep(facts: Facts, s: State, seat: int, card: int) -> None:
    for c in s.won[seat]:
        if c != card:
            s.discard.append(c)
    s.won[seat] = []
    if s.keep_old:                       # one card in all: the other goes to the discard
        for c in s.kept[seat]:
            if c != card:
                s.discard.append(c)
        s.kept[seat] = [card]
    elif card not in s.kept[seat]:       # the draft: kept cards stay, this hand's card joins them
        s.kept[seat].append(card)


def end_hand(facts: Facts, s: State) -> None:
    s.events.append(("hand_end", s.hand_no))
    s.vp_raw.append(s.vp[:])
    s.deaths_hand.append(sum(s.died))
    for slot in range(10):
        c = s.layout[slot]
        if c >= 0:                      # unclaimed (nobody could take it)
            s.events.append(("unclaimed", slot >> 1, c))
            s.discard.append(c)
            s.layout[slot] = -1
    if final(s):
        if not s.wolf_halved:
            for seat in range(s.n):
                if s.died[seat] and wolf(facts, s, seat):
                    s.vp[seat] += 4
                    s.events.append(("wolf", seat))
        if third(s):
            final_bonus(facts, s)
        s.vp_hist.append(s.vp[:])
        s.phase = P_END
        s.cur = TERMINAL
        return
    if s.variant == "keep-replace":
        # variant keep-replace: 「前のカードは捨て札にして、今回のカードだけを残す」
        for seat in range(s.n):
            if s.kept[seat]:
                s.events.append(("kept_discarded", seat, len(s.kept[seat])))
            s.discard += s.kept[seat]
            s.kept[seat] = []
    s.keep_queue = []
    for seat in range(s.n):
        opts = keep_options(facts, s, seat)
        if len(opts) == 1:
            keep(facts, s, seat, opts[0])
        elif len(opts) > 1:
            s.keep_queue.append(seat)
        else:                           # only 5s won: nothing may be kept
            s.discard += s.won[seat]
            s.won[seat] = []
    s.keep_queue.reverse()
    next_keeper(facts, s)


def next_keeper(facts: Facts, s: State) -> None:
    if s.keep_queue:
        s.cur = s.keep_queue.pop()
        s.phase = P_KEEP
        return
    n = s.n
    for seat in range(n):
        # option death_rule=injury, the notes: 「殉職したら負傷する…負傷から開始すれば、次ハンドは緑でも殉職の危険性がある」
        s.inj[seat] = 1 if (s.death == "injury" and s.died[seat]) else 0
        if s.inj[seat]:
            s.events.append(("injury_carried", seat))
        if s.died[seat]:
            old = s.vp[seat]
            s.vp[seat] //= 2
            if not s.wolf_halved and wolf(facts, s, seat):
                s.vp[seat] += 4          # ウルフ: after the halving, in full
            s.events.append(("halve", seat, old, s.vp[seat]))
    s.vp_hist.append(s.vp[:])
    s.vp_steps.append(s.step_vp)
    # lowest VP receives play-order card 1; ties (ruling play-order-ties): the later player of this hand
    # first (variant earlier-first: the earlier player first)
    pos = s.pos
    sign = 1 if s.variant == "earlier-first" else -1
    s.order = sorted(range(n), key=lambda i: (s.vp[i], sign * pos[i]))
    for p, seat in enumerate(s.order):
        s.pos[seat] = p
    s.events.append(("order", tuple(s.order), tuple(s.vp)))
    s.hand_no += 1
    kc = facts.kind_counts
    for seat in range(n):
        s.hand[seat] = list(kc)
        s.p1[seat] = [-1] * 5
        s.p2[seat] = [-1] * 5
        s.alive[seat] = True
        s.died[seat] = False
    # ruling deck-rebuild: every card not kept is shuffled again (variant rest-only: the box alone, and
    # the discards join it for the third hand: 「山の残りと捨て札をよくシャッフル」)
    if s.variant != "rest-only" or s.hand_no == 3:
        s.box = sorted(s.box + s.discard)
        s.discard = []
    s.revealed = False
    s.inc = 0
    s.phase = P_DEAL
    s.cur = CHANCE


def final_bonus(facts: Facts, s: State) -> None:
    for seat in range(s.n):
        s.vp[seat] += sum(bonuses(facts, s, seat))


def bonuses(facts: Facts, s: State, seat: int) -> tuple[int, int]:
    """(活躍者, 黒幕) of a seat at the end of the final hand.  活躍者 counts the cards kept from
    earlier hands (「ハンド開始時に手元に持っていたものも含む」); 黒幕 counts the cards won in this
    hand only (variant mastermind-kept: the kept cards too)."""
    suit, val = facts.card_suit, facts.card_value
    count = [0] * len(facts.suit_ids)
    for c in s.won[seat]:
        count[suit[c]] += 1
    won_only = count[:]
    for c in s.kept[seat]:
        count[suit[c]] += 1
    active = 3 * sum(1 for x in count if x >= 3)
    basis = count if s.mm_kept else won_only
    mastermind = sum(1 for c in s.won[seat] if val[c] == 5 and basis[suit[c]] >= 2)
    return active, mastermind

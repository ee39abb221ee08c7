"""The small questions every part of the rules of 24 asks of a state: which hand's rules apply, which
column lies face down, whether a skill is in play."""
from __future__ import annotations

from .facts import Facts
from .state import State


def final(s: State) -> bool:
    """The current hand is the game's last."""
    return s.hand_no == s.hands


def third(s: State) -> bool:
    """The current hand plays under 「■３ハンド目」: the third hand (variant two-hands-final: also the second
    and last hand of a 2-hand game)."""
    return s.hand_no == 3 or (s.final2 and s.hands == 2 and s.hand_no == 2)


def hidden_column(s: State) -> int:
    """The column laid face down in the first and second hands (ruling hidden-column: 「最後の列（5列目）」;
    variant hidden-fourth: the text's 「左から４列目」)."""
    return 3 if s.variant == "hidden-fourth" else 4


def wolf(facts: Facts, s: State, seat: int) -> bool:
    """ウルフ's skill applies to this seat (「ハンド中に殉死すると４ＶＰを得る」, from hand 2)."""
    return s.hand_no >= 2 and not s.notes and s.det[seat] == facts.sk["wolf"]


def counted(facts: Facts, s: State, seat: int, kind: int, clash_scotch: bool) -> int:
    """The hours a placed card counts for in a tie-break (ヒーロータイム: 0, スコッチ's in a notes clash: 3)."""
    if kind == facts.hero:
        return 3 if clash_scotch and s.det[seat] == facts.sk["scotch"] else 0
    return facts.kind_hours[kind]

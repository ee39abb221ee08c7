"""The rules of 24 −共鳴するテロル− (draft 12): 3–5 players, 1–3 hands.

Seats are numbered clockwise from the 親 (seat 0).  The draft's open points are settled in
``components/terror24/rulings.yaml`` (``RULING_IDS``), which the rulebook prints in its 補足・裁定, so
the engine and the book agree.  Where the draft is literal the standard rules play it literally; each
other reading pnp considered is a named variant the simulator compares.
Simultaneous face-down placements are sequential decisions whose ``observe`` hides the other
seats' cards until the rules reveal them.

The engine class joins the rules here (set-up, the placements, the protocol, views, results, checks) with
those of one incident's resolution (``resolution.py``) and of a hand's end (``hands.py``), over the facts
read from the data (``tables.py``), and with the worked examples (``examples.py``) and the determinization
hooks of the search player (``hidden.py``).
"""
from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from typing import Any

from ...data.model import Game
from ...sim.engine import (
    CHANCE,
    TERMINAL,
    BaseEngine,
    Finding,
    IllegalAction,
    InvariantError,
    OptionSpec,
    Result,
    Variant,
)
from . import examples, narration
from .facts import (
    CHALLENGES,
    GAME_ID,
    HIDDEN5,
    HIDDEN_ROWS,
    P_CHAL,
    P_DEAL,
    P_KEEP,
    P_PEEK,
    P_PICK,
    P_PLACE,
    P_ROLL,
    P_TAKE,
    PEEKS,
    PHASE_NAMES,
    ROLLS,
    RULING_IDS,
    ST_DEATH,
    ST_FAIL,
    ST_GREAT,
    ST_INJ,
    ST_LAST_DEATHS,
    ST_LAST_DICE,
    ST_SIZE,
    ST_SUCC,
    ST_USED,
    TAKES,
    ZEROS,
    Challenge,
    Deal,
    Keep,
    Peek,
    Pick,
    Place,
    Roll,
    Take,
)
from .hidden import redeal_hidden
from .info import CAPABILITIES
from .policies import POLICIES, POLICY_NOTES
from .questions import MEASURES, Q_COMEBACK, Q_DRY, questions
from .resolution import ResolutionRules
from .state import Observation, State

# ---------------------------------------------------------------- engine

class Terror24Engine(ResolutionRules, BaseEngine):
    capabilities = CAPABILITIES
    game_id = GAME_ID
    min_players = 3
    max_players = 5
    # The first is the draft read literally; each other variant is one alternative reading the
    # designer is asked about (a question in rulings.yaml names it), so the simulator can compare it.
    variants = (
        Variant("standard", "標準ルール", "草案のルール本文どおり（スキルは「■２ハンド目」の一覧）。"),
        Variant("notes-skills", "メモのスキル案",
                "草案冒頭のメモ「スキルは以下の通り改変する」のスキルに差し替える。"),
        Variant("keep-old", "残すカードは常に1枚",
                "手元に残すカードは全体で1枚。前のハンドから残しているカードを、今回獲得したカードの代わりに残してもよい。"),
        Variant("wolf-halved", "ウルフの4VPも半分に",
                "ウルフの4VPは殉職した時点で得て、次のハンドへ移るときのVP半減の対象になる。"),
        Variant("two-hands-final", "2ハンド戦も3ハンド目のルール",
                "2ハンドで遊ぶとき、2ハンド目に3ハンド目のルール（配置・手元のカードの公開・ボーナス・同点はプレイ順の遅い方）を使う。"),
        Variant("mastermind-kept", "黒幕も手元のカードを数える",
                "黒幕の「同じスートの事件カード」に、ハンド開始時に手元に持っていたカードも含める。"),
        Variant("hidden-fourth", "4列目を裏向きに",
                "1ハンド目・2ハンド目の配置で、5列目ではなく左から4列目の2枚を裏向きに置く（本文の「４列目」）。"),
        Variant("rest-only", "次のハンドは山の残りから",
                "2ハンド目は箱に戻したカード（山の残り）だけから並べ、3ハンド目にだけ捨て札を混ぜて切り直す。"),
        Variant("both-must", "両方のダイスは2個とも成功でボーナス",
                "緑と赤を両方振ったときは、2個とも成功したときだけボーナスを受け、失敗したダイスのペナルティは受ける。"),
        Variant("great-modified", "+1して8でも大成功",
                "スキルで出目に+1して8になったときも大成功とする。"),
        Variant("first-takes", "2位がいなければ1位が2枚とも",
                "2位になれるプレイヤーがいないときは、1位のプレイヤーが2位の事件カードも獲得する。"),
        Variant("earlier-first", "同点はプレイ順の早い人が先",
                "プレイ順カードを配るとき、VPが同じなら、そのハンドのプレイ順の早いプレイヤーが先に受け取る。"),
        Variant("scotch-others-keep", "スコッチとバッティングしても効果を保つ",
                "スコッチのヒーロータイムとバッティングしたほかのヒーロータイムも効果を失わず、ヒーロータイムを置いた人の"
                "中で捜査力などで1位を決める。"),
        Variant("dokaben-red-injury", "ドカベンは赤の失敗も負傷",
                "ドカベンが赤で失敗したときは殉職ではなく負傷とし、3回目の負傷で殉職する。"),
        Variant("lloyd-one", "ロイドが見るのは1枚だけ",
                "ロイドのスキルで見てよいのは、裏向きの事件カードのうち1枚だけ（1枚目を置く前に選んで見る）。"),
        Variant("keep-replace", "手元には今回のカードだけ",
                "次のハンドへ移るとき、前のハンドから残していたカードは捨て札にし、今回獲得したカードだけを残す。"),
        Variant("open-peek", "3ハンド目の確認は全員に見せる",
                "3ハンド目に手元のカードのスートで確認した1位の裏向きのカードは、ほかのプレイヤーにも見せる。"),
    )
    options = (
        OptionSpec("hands", "ハンド数", (1, 2, 3), 3),
        # ruling death-risk: the notes' 「５ラウンド目は特に何のデメリットもなく振れてしまえる」 — the draft's
        # rules (draft), the notes' 「逆順に６−現在ラウンド」 VP for a 殉職 in the last hand (points), or the
        # notes' 「殉職したら負傷する」 carried into the next hand (injury)
        OptionSpec("death_rule", "殉職の重さ（draft: 下書きどおり、points: 最後のハンドの殉職で6−事件番号のVP、"
                            "injury: 殉職した刑事は次のハンドを負傷から始める）", ("draft", "points", "injury"), "draft"),
    )
    # picks 5 + per hand: deal 1 + ロイド's peek 1 + places 50 + challenges 25 + rolls 25 + takes 5 + keeps 5
    max_steps = 5 + 3 * (1 + 1 + 50 + 25 + 25 + 5 + 5)
    ruling_ids = RULING_IDS
    policies = POLICIES
    default_policy = "heuristic"
    second_policy = "basic"      # the report replays its seeds with it: do the figures depend on who plays?
    # :guided search cuts its playouts when the hand they started in is over (depth=round): VP change
    # only when the hand's incidents are settled, after its cards are placed, so a cut after a fixed 40
    # decisions (less than a hand at 4 and 5 players) often scored a standing the hand had not yet touched (one mcts:100:guided seat against four heuristic
    # seats won 2 of 15 games; with depth=round 7 of 15)
    search_guidance = "depth=round"
    policy_notes = POLICY_NOTES
    # the draft asks whether 3 hands allow comebacks that 2 do not: the report plays both on the same seeds
    report_comparisons: tuple[dict[str, Any], ...] = (
        {"name_ja": "2ハンド戦（標準の3ハンド戦と比べる）", "options": {"hands": 2}, "a_ja": "3ハンド戦",
         "b_ja": "2ハンド戦"},
        # ruling death-risk: what a 殉職 costs by incident (the notes' two proposals)
        {"name_ja": "最後のハンドの殉職で6−事件番号のVP（メモの案）", "options": {"death_rule": "points"},
         "a_ja": "いまのルール", "b_ja": "殉職で6−事件番号のVP"},
        {"name_ja": "殉職した刑事は次のハンドを負傷から（メモの案）", "options": {"death_rule": "injury"},
         "a_ja": "いまのルール", "b_ja": "殉職は次のハンドを負傷から"},
    )
    measures = MEASURES
    # the report's skill ladder (mcts:1:guided costs about 10 heuristic games, each doubling twice that); the
    # README's head-to-head shows mcts:400 beating the heuristic at 3p: --skill-ladder 1,2,…,512 is that study
    skill_ladder = (1, 2)
    # progress() counts hands (the draft's 「ハンド」), not rounds: every length in a report says hands
    round_unit_ja = "ハンド"
    questions_across_settings = (Q_DRY, Q_COMEBACK)      # their answers split the games by hands

    # ------------------------------------------------------------ setup

    def new_state(self, players: int, variant: str = "standard",
                  options: Mapping[str, Any] | None = None) -> State:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"{GAME_ID}: {players} players (3–5)")
        if variant not in VARIANT_IDS:
            raise ValueError(f"{GAME_ID}: unknown variant {variant!r}")
        hands = int((options or {}).get("hands", 3))
        if hands not in (1, 2, 3):
            raise ValueError(f"{GAME_ID}: hands must be 1, 2 or 3, got {hands}")
        death = (options or {}).get("death_rule", "draft")
        if death not in self.options[1].choices:
            raise ValueError(f"{GAME_ID}: death_rule must be one of {', '.join(map(str, self.options[1].choices))}, got {death!r}")
        n = players
        s = State()
        s.n = n; s.variant = variant; s.notes = variant == "notes-skills"
        s.keep_old = variant == "keep-old"; s.wolf_halved = variant == "wolf-halved"
        s.final2 = variant == "two-hands-final"; s.mm_kept = variant == "mastermind-kept"
        s.hands = hands; s.death = death; s.hand_no = 1
        s.phase = P_PICK; s.cur = 0
        s.det = [-1] * n
        s.vp = [0] * n
        # 4 players: the 親's right (4番手) starts at 1; 5 players: 4番手 and 5番手
        for seat in range(3, n):
            s.vp[seat] = 1
        s.order = list(range(n)); s.pos = list(range(n))
        s.box = list(range(self.n_cards)); s.discard = []; s.layout = [-1] * 10
        s.revealed = False; s.peek = -1
        s.hand = [list(self.kind_counts) for _ in range(n)]
        s.p1 = [[-1] * 5 for _ in range(n)]; s.p2 = [[-1] * 5 for _ in range(n)]
        s.won = [[] for _ in range(n)]; s.kept = [[] for _ in range(n)]
        s.alive = [True] * n; s.inj = [0] * n; s.died = [False] * n
        s.part = []; s.power = [0] * n
        s.inc = 0; s.queue = []; s.dice = 0; s.chal = -1; s.take_second = -1
        s.rnd = 0; s.col = 0; s.keep_queue = []
        s.stats = [0] * ST_SIZE; s.clashes = 0; s.ht_incidents = 0; s.incidents = 0
        s.tb_first = 0; s.tb_order = 0
        s.vp_raw = []; s.vp_hist = []; s.deaths_hand = []; s.final_tie = False
        s.chal_order = (); s.last_rank = None
        s.step_vp = []; s.vp_steps = []; s.events = []
        return s

    # ------------------------------------------------------------ protocol

    def to_move(self, s: State) -> int:
        return s.cur

    def legal_actions(self, s: State) -> list[Any]:
        ph = s.phase
        if ph == P_PLACE:
            # a detective's hand takes a few hundred shapes at most: each shape's placements, built once
            h = tuple(s.hand[s.cur])
            legal = self._place_lists.get(h)
            if legal is None:
                pl = self.places
                legal = self._place_lists[h] = tuple(pl[k] for k in range(self.n_kinds) if h[k])
            return list(legal)
        if ph == P_CHAL:
            return list(CHALLENGES)
        if ph == P_PICK:
            taken = s.det
            return sorted(self.picks[d] for d in range(len(self.picks)) if d not in taken)
        if ph == P_TAKE:
            return list(TAKES)
        if ph == P_KEEP:
            return sorted(self.keeps[c] for c in self._keep_options(s, s.cur))
        if ph == P_PEEK:
            return [PEEKS[slot] for slot in self._peekable(s, s.cur)]
        return []

    def chance_key(self, s: State) -> tuple[object, ...]:
        """Common random numbers: a deal is its hand's, a roll its challenger's at one incident of one
        round of one hand, whatever the rules drew before it."""
        if s.phase == P_ROLL:
            return ("roll", s.hand_no, s.rnd, s.inc, s.chal)
        return ("deal", s.hand_no)

    def decision_key(self, s: State) -> tuple[int, int]:
        return (s.hand_no, s.rnd)

    def sample_chance(self, s: State, rng: random.Random) -> Roll | Deal:
        if s.phase == P_ROLL:
            # both dice are drawn whichever are rolled, so a rule that rolls one die more or less leaves
            # the other's number alone (common random numbers)
            g, r = int(rng.random() * 8) + 1, int(rng.random() * 8) + 1
            return ROLLS[g if s.dice & 1 else 0][r if s.dice & 2 else 0]
        if s.phase == P_DEAL:
            return Deal(tuple(rng.sample(sorted(s.box), 10)))
        raise IllegalAction("not a chance step")

    def apply(self, s: State, a: Any) -> None:
        ph = s.phase
        if ph == P_PLACE:
            seat = s.cur
            if a.__class__ is not Place:
                raise IllegalAction(f"expected a placement, got {a!r}")
            k = a.kind
            h = s.hand[seat]
            if not 0 <= k < self.n_kinds or h[k] <= 0:
                raise IllegalAction(f"seat {seat} has no card {a!r}")
            h[k] -= 1
            (s.p1 if s.rnd == 0 else s.p2)[seat][s.col] = k
            s.col += 1
            if s.col == 5:
                s.col = 0
                seat += 1
                if seat == s.n:
                    seat = 0
                    if s.rnd == 0:
                        s.rnd = 1
                        s.revealed = True      # first cards and face-down incidents turn over
                    else:
                        s.inc = 0
                        s.events = []
                        self._start_incident(s)
                        return
                s.cur = seat
            return
        if ph == P_CHAL:
            if a.__class__ is not Challenge or not 0 <= a.dice <= 3:
                raise IllegalAction(f"expected a challenge choice, got {a!r}")
            if a.dice:
                seat = s.cur
                st = s.stats
                if a.dice & 1:
                    st[ST_USED] += 1
                if a.dice & 2:
                    st[6 + ST_USED] += 1
                if s.hand_no == s.hands:
                    for ci in (0, 1):
                        if a.dice & (1 << ci):
                            st[ST_LAST_DICE + 5 * ci + s.inc] += 1
                s.dice = a.dice
                s.chal = seat
                s.events = []
                s.phase = P_ROLL
                s.cur = CHANCE
            else:
                s.step_vp = s.vp[:]; s.events = []
                self._next_challenger(s)
            return
        if ph == P_ROLL:
            if a.__class__ is not Roll:
                raise IllegalAction(f"expected a die roll, got {a!r}")
            s.step_vp = s.vp[:]; s.events = []
            self._roll(s, a)
            return
        if ph == P_DEAL:
            if a.__class__ is not Deal or len(a.cards) != 10 or len(set(a.cards)) != 10:
                raise IllegalAction(f"expected a deal of 10 cards, got {a!r}")
            box = s.box
            for c in a.cards:
                if c not in box:
                    raise IllegalAction(f"card {c} is not in the deck")
            chosen = set(a.cards)
            s.layout = list(a.cards)
            s.box = [c for c in box if c not in chosen]
            s.revealed = False; s.peek = -1
            s.phase = P_PLACE; s.rnd = 0; s.col = 0; s.cur = 0
            lloyd = self._lloyd_one(s)
            if lloyd >= 0 and self._peekable(s, lloyd):
                s.phase = P_PEEK; s.cur = lloyd      # variant lloyd-one: he looks before anyone places
            return
        if ph == P_PEEK:
            if a.__class__ is not Peek or a.slot not in self._peekable(s, s.cur):
                raise IllegalAction(f"seat {s.cur} cannot look at {a!r}")
            s.peek = a.slot
            s.phase = P_PLACE; s.cur = 0
            return
        if ph == P_PICK:
            if a.__class__ is not Pick or a.detective not in self.det_ids:
                raise IllegalAction(f"expected a detective, got {a!r}")
            d = self.det_ids.index(a.detective)
            if d in s.det:
                raise IllegalAction(f"{a.detective} is already taken")
            s.det[s.cur] = d
            if s.cur + 1 < s.n:
                s.cur += 1
            else:
                s.phase = P_DEAL; s.cur = CHANCE
            return
        if ph == P_TAKE:
            if a.__class__ is not Take:
                raise IllegalAction(f"expected which card to take, got {a!r}")
            s.step_vp = s.vp[:]; s.events = []
            k = s.inc
            first, second = s.cur, s.take_second
            mine, other = (2 * k, 2 * k + 1) if a.row == 0 else (2 * k + 1, 2 * k)
            self._award(s, first, mine)
            if second >= 0:
                self._award(s, second, other)
            self._next_incident(s)
            return
        if ph == P_KEEP:
            seat = s.cur
            if a.__class__ is not Keep or a.card not in self._keep_options(s, seat):
                raise IllegalAction(f"seat {seat} cannot keep {a!r}")
            s.step_vp = s.vp[:]; s.events = []
            self._keep(s, seat, a.card)
            self._next_keeper(s)
            return
        raise IllegalAction("the game is over")

    # ------------------------------------------------------------ views

    def visible_layout(self, s: State, seat: int) -> list[int]:
        """The 事件置き場 as ``seat`` sees it (-1 for a card face down to him): ロイド's skill (all of them; variant
        lloyd-one: the one he chose), the final hand's peeks (「手元にある事件カードと、２位の事件カードが同スートの
        事件番号について、裏向きの中を確認することができます」: his own; variant open-peek: everyone's)."""
        lay = s.layout[:]
        if s.revealed or s.phase == P_DEAL:
            return lay
        skills = s.hand_no >= 2
        lloyd = skills and s.det[seat] == self.sk["lloyd"]
        if lloyd and s.variant != "lloyd-one":
            return lay
        if self._third(s):
            suit = self.card_suit
            keepers = range(s.n) if s.variant == "open-peek" else (seat,)
            mine = {suit[c] for p in keepers for c in s.kept[p]}
            for col in range(5):
                r2 = lay[2 * col + 1]
                if not (r2 >= 0 and suit[r2] in mine):
                    lay[2 * col] = -1
        else:
            col = self._hidden_column(s)
            lay[2 * col] = -1
            lay[2 * col + 1] = -1
        if lloyd and s.peek >= 0:
            lay[s.peek] = s.layout[s.peek]
        return lay

    def _lloyd_one(self, s: State) -> int:
        """The seat that plays ロイド, when his skill lets him look at one card this hand (variant lloyd-one)."""
        if s.variant != "lloyd-one" or s.hand_no < 2:
            return -1
        return next((i for i in range(s.n) if s.det[i] == self.sk["lloyd"]), -1)

    def _peekable(self, s: State, seat: int) -> list[int]:
        """The layout places still face down to ``seat`` before the placements (the ones ロイド may choose)."""
        if s.peek >= 0:
            return []
        shown = self.visible_layout(s, seat)
        return [i for i in range(10) if s.layout[i] >= 0 and shown[i] < 0]

    def observe(self, s: State, seat: int) -> Observation:
        o = Observation()
        o.card_suit = self.card_suit; o.card_value = self.card_value
        o.kind_hours = self.kind_hours; o.hero_kind = self.hero
        ph = s.phase
        n = s.n
        hn = s.hand_no
        o.seat = seat; o.players = n; o.hand_no = hn; o.hands = s.hands
        o.final_hand = self._third(s)
        o.skills = hn >= 2; o.notes = s.notes; o.variant = s.variant
        o.phase = PHASE_NAMES[ph]
        resolving = P_CHAL <= ph <= P_TAKE
        o.incident = s.inc + 1 if resolving else 0
        o.round = s.rnd + 1; o.column = s.col
        o.detectives = tuple(map(self._det_or_none.__getitem__, s.det))
        o.vp = tuple(s.vp); o.order = tuple(s.order)
        o.alive = tuple(s.alive); o.injuries = tuple(s.inj)
        o.layout = self.visible_layout(s, seat)
        o.hand = tuple(s.hand[seat])
        hidden = HIDDEN_ROWS[n]
        if s.revealed:
            o.placed1 = tuple(map(tuple, s.p1))
        else:
            p1: list[tuple[int, ...]] = list(hidden); p1[seat] = tuple(s.p1[seat]); o.placed1 = tuple(p1)
        if resolving:
            upto = s.inc
            cut = HIDDEN5[upto + 1:]
            p2 = [tuple(r[:upto + 1]) + cut for r in s.p2]
            p2[seat] = tuple(s.p2[seat])
            o.placed2 = tuple(p2)
            o.power = tuple(s.power)
        else:
            if ph >= P_KEEP:
                o.placed2 = tuple(map(tuple, s.p2))
            else:
                p2h: list[tuple[int, ...]] = list(hidden); p2h[seat] = tuple(s.p2[seat]); o.placed2 = tuple(p2h)
            o.power = ZEROS[n]
        o.won = tuple(map(tuple, s.won))
        if o.final_hand:
            o.kept = tuple(map(tuple, s.kept))
        else:
            kept: list[tuple[int, ...]] = [()] * n; kept[seat] = tuple(s.kept[seat]); o.kept = tuple(kept)
        o.keep_options = tuple(self._keep_options(s, seat)) if ph == P_KEEP else ()
        o.available = (tuple(self.det_ids[d] for d in range(len(self.det_ids)) if d not in s.det)
                       if ph == P_PICK else ())
        o.dice = s.dice
        o.halving_ahead = hn < s.hands
        o.death = s.death
        return o

    # ------------------------------------------------------------ results

    def _ranking(self, s: State) -> list[int]:
        # 「このハンドのプレイ順の、最も遅いプレイヤー」 in the final hand; before it 「親から時計回りで
        # 近い方」, from hand 2 「最もプレイ順番が早い」 (pos is the seat in hand 1)
        sign = -1 if self._third(s) else 1
        pos, vp = s.pos, s.vp
        return sorted(range(s.n), key=lambda i: (-vp[i], sign * pos[i]))

    def result(self, s: State) -> Result:
        ranked = self._ranking(s)
        ranks = [0] * s.n
        for r, seat in enumerate(ranked, 1):
            ranks[seat] = r
        top = s.vp[ranked[0]]
        tied = sum(1 for v in s.vp if v == top)
        st = s.stats
        colour = {}
        for ci, cname in enumerate(("green", "red")):
            b = 6 * ci
            colour[cname] = {"used": st[b + ST_USED], "success": st[b + ST_SUCC],
                             "great": st[b + ST_GREAT], "fail": st[b + ST_FAIL],
                             "injuries": st[b + ST_INJ], "deaths": st[b + ST_DEATH]}
        h1 = s.vp_hist[0] if s.vp_hist else s.vp
        lead = max(h1)
        extra = {
            "per_seat": {"detective": [self.det_names[d] if d >= 0 else None for d in s.det]},
            "detectives": [self.det_ids[d] if d >= 0 else None for d in s.det],
            "hands": s.hands,
            "variant": s.variant,
            "vp_by_hand": [list(v) for v in s.vp_hist],
            "vp_raw_by_hand": [list(v) for v in s.vp_raw],
            "hand1_leaders": [i for i in range(s.n) if h1[i] == lead],
            "hand1_gap": lead - sorted(h1)[-2],
            "final_order": list(s.order),
            "tie_for_first": tied > 1,
            "tie_break_incident_first_card": s.tb_first,
            "tie_break_incident_order": s.tb_order,
            "incidents": s.incidents,
            "ht_incidents": s.ht_incidents,
            "clashes": s.clashes,
            "dice": colour,
            "deaths_by_hand": list(s.deaths_hand),
            # the last hand, by incident (1–5): dice rolled per colour, and deaths
            "last_hand_dice": {"green": st[ST_LAST_DICE:ST_LAST_DICE + 5], "red": st[ST_LAST_DICE + 5:ST_LAST_DEATHS]},
            "last_hand_deaths": st[ST_LAST_DEATHS:ST_SIZE],
        }
        return Result(scores=tuple(float(v) for v in s.vp), ranks=tuple(ranks),
                      end_reason="hands_exhausted",
                      end_reason_ja=f"{s.hands}ハンド終了", extra=extra)

    def progress(self, s: State) -> tuple[int, tuple[float, ...]]:
        return s.hand_no, tuple(float(v) for v in s.vp)

    def score_history(self, s: State) -> list[tuple[float, ...]]:
        """The VP as they stood before the step that closed each hand (a hand's last incident or its
        last 残す choice), then the VP now: what the runner's sampling of ``progress`` recorded, without
        calling it after every step."""
        return [tuple(float(v) for v in vp) for vp in s.vp_steps] + [tuple(float(v) for v in s.vp)]

    def is_terminal(self, s: State) -> bool:
        return s.cur == TERMINAL

    # ------------------------------------------------------------ narration (pnp play)

    def seat_name(self, seat: int) -> str:
        return narration.seat_name(seat)

    def describe_setup(self, s: State) -> list[str]:
        return narration.describe_setup(self, s)

    def narrate(self, before: State, action: Any, after: State) -> list[str]:
        return narration.narrate(self, before, action, after)

    def describe_result(self, s: State, r: Result) -> list[str]:
        return narration.describe_result(self, s, r)

    # ------------------------------------------------------------ worked examples (rulebook)

    def example_state(self, players: int, setup: Mapping[str, Any], variant: str = "standard",
                      options: Mapping[str, Any] | None = None) -> State:
        """A position for the rulebook's worked examples (see :func:`.examples.example_state`)."""
        return examples.example_state(self, players, setup, variant, options)

    def example_facts(self, s: State) -> dict[str, Any]:
        """What the rulebook's examples state (see :func:`.examples.example_facts`)."""
        return examples.example_facts(self, s)

    # ------------------------------------------------------------ checks and replays

    def check_invariants(self, s: State) -> None:
        where: list[int] = []
        where += s.box; where += s.discard
        where += [c for c in s.layout if c >= 0]
        for w in s.won:
            where += w
        for kc_ in s.kept:
            where += kc_
        if sorted(where) != list(range(self.n_cards)):
            raise InvariantError(f"incident cards not conserved: {sorted(where)}")
        kc = self.kind_counts
        for seat in range(s.n):
            cnt = list(s.hand[seat])
            for row in (s.p1[seat], s.p2[seat]):
                for k in row:
                    if k >= 0:
                        cnt[k] += 1
            if cnt != list(kc):
                raise InvariantError(f"seat {seat}: detective cards {cnt} != {list(kc)}")
            if s.vp[seat] < 0:
                raise InvariantError(f"seat {seat}: negative VP")
            if any(self.card_value[c] == 5 for c in s.kept[seat]):
                raise InvariantError(f"seat {seat} keeps a 5")
            one = s.keep_old or s.variant == "keep-replace"
            if len(s.kept[seat]) > (1 if one else min(s.hand_no, s.hands - 1)):
                raise InvariantError(f"seat {seat} keeps {len(s.kept[seat])} cards in hand {s.hand_no}")
            if not s.alive[seat] and not s.died[seat]:
                raise InvariantError(f"seat {seat}: dead but not recorded")
        if s.phase not in (P_PICK,) and sorted(d for d in s.det) != sorted(set(s.det)):
            raise InvariantError("two seats share a detective")
        if sorted(s.order) != list(range(s.n)) or any(s.order[s.pos[i]] != i for i in range(s.n)):
            raise InvariantError("play order broken")
        if not 1 <= s.hand_no <= s.hands:
            raise InvariantError("hand number out of range")

    def card_locations(self, s: State) -> dict[str, list[str]]:
        """Where every 事件カード is (the validator checks each card of the deck is in exactly one place)."""
        ids = self.card_ids
        places = {"box": [ids[c] for c in s.box], "discard": [ids[c] for c in s.discard],
                  "事件置き場": [ids[c] for c in s.layout if c >= 0]}
        for p in range(s.n):
            places[f"won {p + 1}"] = [ids[c] for c in s.won[p]]
            places[f"kept {p + 1}"] = [ids[c] for c in s.kept[p]]
        # 刑事カード: each seat's hand and placed cards; the detectives nobody chose stay in the box
        unused: list[str] = []
        for d, cids in enumerate(self.det_card_ids):
            if d not in s.det:
                unused += [cids[k] for k in range(self.n_kinds) for _ in range(self.kind_counts[k])]
        places["detectives box"] = unused
        for p in range(s.n):
            d = s.det[p]
            if d < 0:
                continue
            cids = self.det_card_ids[d]
            places[f"detective hand {p + 1}"] = [cids[k] for k in range(self.n_kinds) for _ in range(s.hand[p][k])]
            places[f"detective placed {p + 1}"] = [cids[k] for row in (s.p1[p], s.p2[p]) for k in row if k >= 0]
        return places

    def component_counts(self) -> dict[str, int]:
        """The pieces the rules play with (read from the data); the validator compares them with game.yaml."""
        return {"incidents": self.n_cards, "detectives": len(self.det_ids) * sum(self.kind_counts)}

    def action_from_json(self, data: Any) -> Any:
        t = data["t"]
        if t == "place":
            return self.places[int(data["k"])]
        if t == "challenge":
            return CHALLENGES[int(data["dice"])]
        if t == "roll":
            return ROLLS[int(data["g"])][int(data["r"])]
        if t == "deal":
            return Deal(tuple(int(c) for c in data["cards"]))
        if t == "pick":
            return self.picks[self.det_ids.index(data["d"])]
        if t == "take":
            return TAKES[int(data["row"])]
        if t == "keep":
            return self.keeps[int(data["card"])]
        if t == "peek":
            return PEEKS[int(data["slot"])]
        raise ValueError(f"unknown action {data!r}")

    def state_hash(self, s: State) -> str:
        key = repr((s.n, s.variant, s.hands, s.hand_no, s.phase, s.cur, s.det, s.vp, s.order,
                    sorted(s.box), sorted(s.discard), s.layout, s.revealed, s.hand, s.p1, s.p2,
                    s.won, s.kept, s.alive, s.inj, s.died, s.power, s.inc, s.queue, s.dice,
                    s.rnd, s.col) + ((s.peek,) if s.peek >= 0 else ())    # ロイド's one look (variant lloyd-one)
                   + ((s.death,) if s.death != "draft" else ()))        # option death_rule, only when set
        return hashlib.sha256(key.encode()).hexdigest()[:16]

    # ------------------------------------------------------------ report

    def questions(self, records: Sequence[Any]) -> list[Finding]:
        return questions(records)

    # ------------------------------------------------------------ determinization (search player)
    hidden_information = True

    def information_set(self, s: State, seat: int) -> State:
        """The state as ``seat`` knows it: what it cannot see (the other seats' face-down detective cards
        and hands, their kept incident cards, face-down incidents, the box and the discards) dealt back in
        a fixed order (see ``pnp.sim.engine``)."""
        return redeal_hidden(self, s, seat, None)

    def determinize(self, info: State, seat: int, rng: random.Random) -> State:
        """A full state ``seat`` cannot tell from ``info``: the hidden pieces dealt at random."""
        return redeal_hidden(self, info, seat, rng)


VARIANT_IDS = tuple(v.id for v in Terror24Engine.variants)


def make_engine(game: Game) -> Terror24Engine:
    return Terror24Engine(game)


def check_components(game: Game) -> list[str]:
    """Invariants of the components the rules rely on (run by ``pnp validate``)."""
    problems: list[str] = []
    detectives = game.deck("detectives")
    for suit in detectives.suits:
        cards = [c for c in detectives.physical_cards() if c.suit is suit]
        hours = sum(int(c.rules.get("hours", 0)) for c in cards if not c.rules.get("hero"))
        heroes = sum(1 for c in cards if c.rules.get("hero"))
        if hours != 24:
            problems.append(f"{detectives.file}: {suit.name} の捜査時間の合計が {hours} 時間です（24 時間のはず）")
        if heroes != 1:
            problems.append(f"{detectives.file}: {suit.name} のヒーロータイムが {heroes} 枚です（1 枚のはず）")
        if len(cards) != 10:
            problems.append(f"{detectives.file}: {suit.name} のカードが {len(cards)} 枚です（10 枚のはず）")
    incidents = game.deck("incidents")
    for suit in incidents.suits:
        values = sorted(int(c.value) for c in incidents.physical_cards() if c.suit is suit)  # type: ignore[arg-type]
        if values != [2, 3, 4, 5]:
            problems.append(f"{incidents.file}: {suit.name} の得点が {values} です（2〜5 が 1 枚ずつのはず）")
    return problems

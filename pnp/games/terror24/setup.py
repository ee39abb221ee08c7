"""A game of 24 set up: the variants and options the rules play, the first state, and the components'
invariants ``pnp validate`` checks."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...data.model import Game
from ...messages import msg
from ...sim.engine import OptionSpec, Variant
from .actions import P_PICK
from .facts import ST_SIZE, Facts
from .state import State

MIN_PLAYERS, MAX_PLAYERS = 3, 5

# The first is the draft read literally; each other variant is one alternative reading the
# designer is asked about (a question in rulings.yaml names it), so the simulator can compare it.
VARIANTS = (
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
OPTIONS = (
    OptionSpec("hands", "ハンド数", (1, 2, 3), 3),
    # ruling death-risk: the notes' 「５ラウンド目は特に何のデメリットもなく振れてしまえる」 — the draft's
    # rules (draft), the notes' 「逆順に６−現在ラウンド」 VP for a 殉職 in the last hand (points), or the
    # notes' 「殉職したら負傷する」 carried into the next hand (injury)
    OptionSpec("death_rule", "殉職の重さ（draft: 下書きどおり、points: 最後のハンドの殉職で6−事件番号のVP、"
                        "injury: 殉職した刑事は次のハンドを負傷から始める）", ("draft", "points", "injury"), "draft"),
)

VARIANT_IDS = tuple(v.id for v in VARIANTS)


def new_state(facts: Facts, players: int, variant: str = "standard",
              options: Mapping[str, Any] | None = None) -> State:
    """A game before the detectives are chosen: the rules' switches, the seats, the table, the counts."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(msg("terror24.players", players=players))
    if variant not in VARIANT_IDS:
        raise ValueError(msg("terror24.unknown_variant", variant=variant, variants=", ".join(VARIANT_IDS)))
    hands = int((options or {}).get("hands", 3))
    if hands not in (1, 2, 3):
        raise ValueError(msg("terror24.hands", hands=hands))
    death = (options or {}).get("death_rule", "draft")
    if death not in OPTIONS[1].choices:
        raise ValueError(msg("terror24.death_rule", choices=", ".join(map(str, OPTIONS[1].choices)), value=death))
    s = State()
    _set_rules(s, variant, hands, death)
    _set_seats(facts, s, players)
    _set_table(facts, s)
    _set_counts(s)
    return s


def _set_rules(s: State, variant: str, hands: int, death: str) -> None:
    """The variant's and options' switches; the first hand's detective choice is the first step."""
    s.variant = variant; s.notes = variant == "notes-skills"
    s.keep_old = variant == "keep-old"; s.wolf_halved = variant == "wolf-halved"
    s.final2 = variant == "two-hands-final"; s.mm_kept = variant == "mastermind-kept"
    s.hands = hands; s.death = death; s.hand_no = 1
    s.phase = P_PICK; s.cur = 0


def _set_seats(facts: Facts, s: State, n: int) -> None:
    """Each seat: no detective yet, its ten 刑事カード in hand, nothing placed or won, alive, uninjured."""
    s.n = n
    s.det = [-1] * n
    s.vp = [0] * n
    # 4 players: the 親's right (4番手) starts at 1; 5 players: 4番手 and 5番手
    for seat in range(3, n):
        s.vp[seat] = 1
    s.order = list(range(n)); s.pos = list(range(n))
    s.hand = [list(facts.kind_counts) for _ in range(n)]
    s.p1 = [[-1] * 5 for _ in range(n)]; s.p2 = [[-1] * 5 for _ in range(n)]
    s.won = [[] for _ in range(n)]; s.kept = [[] for _ in range(n)]
    s.alive = [True] * n; s.inj = [0] * n; s.died = [False] * n
    s.power = [0] * n


def _set_table(facts: Facts, s: State) -> None:
    """Every 事件カード in the box, an empty 事件置き場, no incident under way."""
    s.box = list(range(facts.n_cards)); s.discard = []; s.layout = [-1] * 10
    s.revealed = False; s.peek = -1
    s.part = []
    s.inc = 0; s.queue = []; s.dice = 0; s.chal = -1; s.take_second = -1
    s.rnd = 0; s.col = 0; s.keep_queue = []
    s.chal_order = (); s.last_rank = None


def _set_counts(s: State) -> None:
    """The statistics and histories the report and the narration read."""
    s.stats = [0] * ST_SIZE; s.clashes = 0; s.ht_incidents = 0; s.incidents = 0
    s.tb_first = 0; s.tb_order = 0
    s.vp_raw = []; s.vp_hist = []; s.deaths_hand = []; s.final_tie = False
    s.step_vp = []; s.vp_steps = []; s.events = []


def check_components(game: Game) -> list[str]:
    """Invariants of the components the rules rely on (run by ``pnp validate``)."""
    problems: list[str] = []
    detectives = game.deck("detectives")
    for suit in detectives.suits:
        cards = [c for c in detectives.physical_cards() if c.suit is suit]
        hours = sum(int(c.rules.get("hours", 0)) for c in cards if not c.rules.get("hero"))
        heroes = sum(1 for c in cards if c.rules.get("hero"))
        if hours != 24:
            problems.append(f"{detectives.file}: " + msg("terror24.hours_total", detective=suit.name, hours=hours))
        if heroes != 1:
            problems.append(f"{detectives.file}: " + msg("terror24.hero_count", detective=suit.name, count=heroes))
        if len(cards) != 10:
            problems.append(f"{detectives.file}: " + msg("terror24.detective_card_count", detective=suit.name, count=len(cards)))
    incidents = game.deck("incidents")
    for suit in incidents.suits:
        values = sorted(int(c.value) for c in incidents.physical_cards() if c.suit is suit)  # type: ignore[arg-type]
        if values != [2, 3, 4, 5]:
            problems.append(f"{incidents.file}: " + msg("terror24.incident_values", suit=suit.name, values=values))
    return problems

"""探偵無宿２: the variants and options, and the state of a new game (the deal and the 「私」 picks pending)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...messages import msg
from ...sim.engine import OptionSpec, Variant
from . import tasks
from .actions import Phase, Task
from .facts import (
    FIRST_LAMP_SPACE,
    GAME_ID,
    V_ALL_NEXT,
    V_CUBES,
    V_FLIP_BEFORE,
    V_FLIP_NO_EFFECT,
    V_FLIP_ONE,
    V_LAMP_AT_END,
    V_LAMPS_EVERY,
    V_LAMPS_FIRST,
    V_RELEASE_SERIAL,
    V_RESHUFFLE_NOW,
    V_SUB_ANY,
    V_TDRAW_TURNS,
    V_TIE_UP,
    Facts,
)
from .state import State, TaskTuple

MIN_PLAYERS = 3
MAX_PLAYERS = 4

VARIANTS = (
    Variant("standard", "標準", "草案5のルール（裁定つき）"),
    Variant(V_SUB_ANY, "代用コストは黒以外の好きな色",
            "代用コストで【捜査線】にある色も生み出せる（草案は【捜査線】上にない色だけ）"),
    Variant(V_TIE_UP, "同点は表向きのカードだけで比べる",
            "VPが同じとき、【手帳】の表向きのカードの通し番号だけで比べる（草案は【手帳】に配置したカードすべて）"),
    Variant(V_LAMPS_EVERY, "告命灯を毎ラウンド取り除く",
            "犠牲者が出なかったラウンドの終了時にも告命灯をすべて取り除く"),
    Variant(V_LAMPS_FIRST, "告命灯を1枚目の場所から置く",
            "告命灯を【捜査線】の1枚目の場所から置く（pnp は4枚目の場所から）"),
    Variant(V_CUBES, "裏向きのカードにキューブ（下書きの改善案）",
            "代用コストをなくす。自分の手番の開始時に、【手帳】の裏向きのカード1枚ごとにキューブを1個置く。"
            "キューブ1個はそのカードのコスト1つ（黒以外の好きな色）になり、コストが満たされれば"
            "キューブを使って表向きになる"),
    Variant(V_LAMP_AT_END, "惨劇の夜の告命灯はラウンド終了時に見る",
            "惨劇の夜の場所の告命灯を、引かれたときではなくラウンド終了時に残っているもので判断する"
            "（引いた後で告命灯が取り除かれれば、同数のとき誰も死亡しない）"),
    Variant(V_FLIP_BEFORE, "裏向きのカードは捜査か一服の前まで",
            "裏向きのカードを確かめるのは捜査か一服をする前まで。捜査でカードを出した後には確かめない"),
    Variant(V_TDRAW_TURNS, "割れた懐中時計は手番に引かれたときだけ",
            "「惨劇の夜」が引かれるたびに引く効果は、手番に引かれたときだけ働き、ラウンド開始の3枚に"
            "出たときは働かない"),
    Variant(V_FLIP_NO_EFFECT, "裏向きから表になったカードの配置時の効果はない",
            "裏向きのカードが表向きになったときは、VPと常時の効果だけを得て、配置時の効果は適用しない"),
    Variant(V_FLIP_ONE, "裏向きのカードは1枚ずつ表にする",
            "同時に条件を満たした裏向きのカードは、通し番号の最も小さい1枚だけを表にして効果を適用し、"
            "それから確かめ直す（pnp は条件を満たしたものをまとめて表にする）"),
    Variant(V_ALL_NEXT, "「全員が」は手番プレイヤーの次の人から",
            "全員が引く・捨てる効果を、手番プレイヤーの左隣から時計回りに行い、手番プレイヤーは最後"),
    Variant(V_RELEASE_SERIAL, "残さない裏向きのカードは通し番号の順に捨てる",
            "再セットアップで残さない裏向きのカードを、置いた順ではなく通し番号の小さい順に捨て札へ重ねる"),
    Variant(V_RESHUFFLE_NOW, "山が尽きたらすぐ作り直す",
            "イベントカードの山が尽きたら、次に引くときを待たず、その場で捨て札をシャッフルして作り直す"))
OPTIONS = (OptionSpec("skills", "「私」のスキルを使う（選択ルール）", (False, True), False),)


def new_state(f: Facts, players: int, variant: str = "standard", options: Mapping[str, Any] | None = None) -> State:
    """A new game, run up to its first chance step (the event deck's shuffle)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(msg("tantei2.setup_players", game=GAME_ID, players=players, least=MIN_PLAYERS,
                             most=MAX_PLAYERS))
    if variant not in {v.id for v in VARIANTS}:
        raise ValueError(msg("tantei2.setup_variant", game=GAME_ID, variant=variant))
    opts = dict(options or {})
    unknown = set(opts) - {o.id for o in OPTIONS}
    if unknown:
        raise ValueError(msg("tantei2.setup_options", game=GAME_ID, options=str(sorted(unknown))))
    s = State()
    s.n = players
    s.skills = bool(opts.get("skills", False))
    _set_variant(s, variant)
    _set_cards(f, s, players)
    _set_table(f, s, players)
    _set_statistics(s)
    pending: list[TaskTuple] = [(Task.SHUFFLE_EVENTS,), (Task.DEAL,), (Task.SHUFFLE_INV,)]
    pending += [(Task.PICK, i) for i in range(players)]
    pending.append((Task.ROUND_START,))
    s.stack = pending[::-1]
    tasks.run(f, s)
    return s


def _set_variant(s: State, variant: str) -> None:
    s.sub_any = variant == V_SUB_ANY
    s.tie_up = variant == V_TIE_UP
    s.lamp_first = 1 if variant == V_LAMPS_FIRST else FIRST_LAMP_SPACE
    s.lamp_clear = variant == V_LAMPS_EVERY
    s.cube_rule = variant == V_CUBES
    s.lamp_end = variant == V_LAMP_AT_END
    s.flip_before = variant == V_FLIP_BEFORE
    s.tdraw_turns = variant == V_TDRAW_TURNS
    s.flip_noeff = variant == V_FLIP_NO_EFFECT
    s.flip_one = variant == V_FLIP_ONE
    s.all_next = variant == V_ALL_NEXT
    s.release_serial = variant == V_RELEASE_SERIAL
    s.reshuffle_now = variant == V_RESHUFFLE_NOW


def _set_cards(f: Facts, s: State, players: int) -> None:
    """The event cards in their deck, the 捜査デッキ of one card of each living colour but black and
    惨劇の夜, the rest in the 【容疑者】 piles (the 覚醒 card at the bottom)."""
    s.ev_deck = list(range(f.n_ev))
    s.discard = []
    s.limbo = []
    s.hands = [[] for _ in range(players)]
    s.up = [[] for _ in range(players)]
    s.down = [[] for _ in range(players)]
    s.fresh = []
    s.cubes = [0] * f.n_ev
    s.piles = [[] for _ in range(f.np)]
    s.inv = []
    seen = set()
    for pc in range(f.tragedy):
        p = f.pc_person[pc]
        if f.pc_awake[pc]:
            s.piles[p].insert(0, pc)           # the 覚醒 card lies at the bottom
        elif p != f.black and p not in seen:
            seen.add(p)
            s.inv.append(pc)
        else:
            s.piles[p].append(pc)
    s.inv.append(f.tragedy)
    s.line = []
    s.linecnt = [0] * f.np
    s.outside = []
    s.removed = []


def _set_table(f: Facts, s: State, players: int) -> None:
    s.phase = Phase.CHANCE
    s.cur = -1
    s.chance = 0
    s.tragedy_lit = False
    s.lamps = 0
    s.dead = [False] * f.np
    s.ndead = 0
    s.round = 1
    s.start = 0
    s.tragedy_pos = 0
    s.sub_color = -1
    s.sub_used = False
    s.sub_disc = 0
    s.dn = 0
    s.watashi = [-1] * players
    s.extra = [[0] * f.np for _ in range(players)]
    s.rest_bonus = [0] * players
    s.keep_free = [0] * players
    s.kept = []
    s.kfree = 0
    s.over = False
    s.end_reason = ""
    s.vp = [0] * players
    s.hist = []


def _set_statistics(s: State) -> None:
    s.st_draws = []
    s.st_rs_tragedy = 0
    s.st_cubes = 0
    s.st_down = s.st_flip = s.st_flip_vp = s.st_kept = s.st_lost = 0
    s.st_subs = s.st_subs_dead = s.st_lamp_deaths = s.st_turns = s.st_flash = s.st_down_vp = 0
    s.st_deaths = []
    s.st_used = []
    s.st_dealt = ()

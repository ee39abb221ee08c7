"""EBE's variants and options: the rule switches each turns on (pnp's earlier readings and the draft's
notes, compared with the draft's rules by the simulator), as ``State.rules`` holds them."""
from __future__ import annotations

from ...sim.engine import OptionSpec, Variant

# rule switches a variant turns on (pnp's earlier readings, compared with the draft's by the simulator)
R_TRADE_LIMIT = 1       # exchange only during the later player's turn, ≤ 6 pieces, weapons yes, 情報 no
R_DAMAGE_CAP = 2        # damage tokens stop at the character's life
R_LOAD_ALL = 4          # a load puts everything that fits (no choice of amount)
R_TRADE_CAP = 8         # at most TRADE_CAP pieces passed per turn, passing back allowed (no trade-no-return)
R_TUNE_ONCE = 16        # a seat uses at most one 行動予測装置 per turn
R_FLOOR_FIRST = 32      # the penalties stop at 0 AP first, the +1AP bonuses are added after
R_CLOSED = 64           # option closed=closed: an area where an イーバ appeared earlier this round is 立入禁止
R_EBE_STR1 = 128        # option ebe_strength=1: an イーバ is driven off with 1 weapon (the notes' 幼体)
R_EBE_STR2 = 256        # option ebe_strength=2: with 2 weapons
R_ADJ_ONCE = 512        # the −1AP of adjacent イーバ counts once however many there are (ruling adjacent-stacks)
R_ITEMS_RUN_OUT = 1024  # an empty item deck is not reshuffled: the drones carry nothing (ruling item-deck)
R_HEAL_ANY = 2048       # 医務室 heals any player's damage, not only the explorer's (ruling heal-self)
R_INFO_WEIGHT = 4096    # 情報 in hand counts towards the inventory at the weight check (ruling info-cards)
LIFE_CHOICES: tuple[int, ...] = tuple(range(10, 101, 5))   # the option life=…: station life at the start
OPTION_NAMES = ("life", "closed", "ebe_strength")
VARIANT_RULES = {"standard": 0, "life30": 0, "trade-limited": R_TRADE_LIMIT, "damage-cap": R_DAMAGE_CAP,
                 "load-all": R_LOAD_ALL, "trade-cap": R_TRADE_CAP, "tune-once": R_TUNE_ONCE,
                 "floor-first": R_FLOOR_FIRST, "adjacent-once": R_ADJ_ONCE, "items-run-out": R_ITEMS_RUN_OUT,
                 "heal-any": R_HEAL_ANY, "info-weight": R_INFO_WEIGHT}

VARIANTS = (
    Variant("standard", "標準ルール", "ステーションライフ60で始める。"),
    Variant("life30", "ステーションライフ30", "ステーションライフ30で始める（草案メモの案）。"),
    Variant("trade-limited", "交換の制限",
            "交換は後から手番を行う人の手番中だけ、1手番6個まで。武器は渡せ、情報は渡せない（pnp の旧裁定）。"),
    Variant("damage-cap", "ダメージの上限",
            "キャラクターに置くダメージはライフと同数まで（pnp の旧裁定）。"),
    Variant("load-all", "積めるだけ積む",
            "ミッションへの積み込みは、足りない資源を手持ちから積めるだけ全部積む（量を選べない。pnp の旧裁定）。"),
    Variant("trade-cap", "受け渡しは1手番20個まで",
            "1人の手番の間に受け渡せるのは20個まで。受け取ったものをその手番のうちに渡し返してもよい"
            "（pnp の旧い安全装置を、ルールとして読んだもの）。"),
    Variant("tune-once", "行動予測装置は1ターンに1枚",
            "行動予測装置を2枚持っていても、1ターンに使えるのは1枚まで。"),
    Variant("floor-first", "−1APで0になってから+1AP",
            "−1APでAPが0未満になるときは0にしてから、スキルやイベントの+1APを足す。"),
    Variant("adjacent-once", "隣接の−1APは1回だけ",
            "2体のイーバが隣接していても、隣接による−1APは1回だけ（ダメージは1体ごとに受ける）。"),
    Variant("items-run-out", "アイテム山は切り直さない",
            "アイテム山が尽きたら捨て札を切り直さず、それ以降のドローンはアイテムを持たない。"),
    Variant("heal-any", "医務室でほかの人も回復",
            "医務室の「ダメージを１回復する」で、探索した本人だけでなく、ほかの人のダメージも回復できる。"),
    Variant("info-weight", "情報も重量に数える",
            "手札にある情報のアイテムも、重量チェックで持ち物として数える（捨てることもできる）。"),
)
# the station's starting life as a number, so `pnp sweep ebe --option life=30,40,50,60` answers
# 「ライフは何点が良いか」 in one command (60 is the rulebook's; the variant life30 is the memo's single proposal)
OPTIONS = (
    OptionSpec("life", "最初のステーションライフ", LIFE_CHOICES, 60),
    # ruling closed-areas: the notes' 「分かりやすくイーバが既に出現したエリアは立入禁止であるとする」 against
    # the rules' 「以前のターンにイーバが出現していたエリアなら、−１ＡＰ」
    OptionSpec("closed", "以前にイーバが出現したエリア（penalty: −1AP、closed: 立入禁止）", ("penalty", "closed"),
               "penalty"),
    # ruling ebe-strength: the notes' 「イーバ自体に戦闘力を設定する。ドローンは１で、イーバも幼体は１」
    OptionSpec("ebe_strength", "イーバの戦闘力（0: 撃退できない、1・2: その数の武器で撃退できる）", (0, 1, 2), 0),
)

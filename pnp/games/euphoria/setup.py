"""ユーフォリア set up: the variants and options, the first state, and the components' invariants ``pnp validate``
checks."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...data.model import Game
from ...errors import PnpError
from ...messages import msg
from ...sim.engine import OptionSpec, Variant
from .actions import DEAL, NO_CARD
from .facts import DECK_ID, Facts
from .state import State

MIN_PLAYERS, MAX_PLAYERS = 3, 5

VARIANTS = (
    Variant("standard", "標準", "伏せ札は生き残れば【徳】に加える。"),
    Variant("hidden_removed", "伏せ札なし得点", "伏せ札は得点にならず、ゲームから取り除くだけ。"),
)
OPTIONS = (
    OptionSpec("round_minimum_cap", "ラウンド数による下限の上限（0は上限なし）", (0, 8, 6, 4), 0),
    # ruling deal: 「全プレイヤーに等枚数配って」 (0: the whole deck shared out) against the notes'
    # 「５人なら８枚配り、４人なら１０枚配る？」 read as a hand of at most 10 (or 8) cards at every count
    OptionSpec("deal", "配る枚数の上限（0は40枚を等分）", (0, 10, 8), 0),
    # ruling deal: the cards left out of the deal stay face down in the box, or are shown to everyone
    OptionSpec("spare", "配らずに余ったカード（box: 伏せて箱へ、open: 表向きで全員に見せる）", ("box", "open"), "box"),
    # ruling all_chant_parent: 「全プレイヤーが読経していたら、左隣のプレイヤーに親番を移してください」
    # against the 親 keeping his seat (the notes: 「最初にパスするとほぼ回ってこない」)
    OptionSpec("all_chant", "全員が読経したラウンドの後の親（left: 左隣へ、stay: 移さない）", ("left", "stay"), "left"),
)

def new_state(facts: Facts, players: int, variant: str = "standard", options: Mapping[str, Any] | None = None) -> State:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise PnpError(msg("euphoria.players", low=MIN_PLAYERS, high=MAX_PLAYERS, players=players))
    if variant not in {v.id for v in VARIANTS}:
        raise PnpError(msg("euphoria.unknown_variant", variant=variant, variants=", ".join(v.id for v in VARIANTS)))
    opts = dict(options or {})
    unknown = set(opts) - {o.id for o in OPTIONS}
    if unknown:
        raise PnpError(msg("euphoria.unknown_options", unknown=", ".join(sorted(unknown)),
                           options=", ".join(o.id for o in OPTIONS)))
    cap = int(opts.get("round_minimum_cap", 0))
    if cap not in OPTIONS[0].choices:
        raise PnpError(msg("euphoria.option_choice", option="round_minimum_cap",
                           choices=", ".join(map(str, OPTIONS[0].choices)), value=cap))
    for spec in OPTIONS[1:]:
        if opts.get(spec.id, spec.default) not in spec.choices:
            raise PnpError(msg("euphoria.option_choice", option=spec.id, choices=", ".join(map(str, spec.choices)),
                               value=opts[spec.id]))
    most = int(opts.get("deal", 0))
    s = State()
    s.n = players
    s.hidden_scores = variant == "standard"
    s.cap = cap
    # 「等枚数」 always; option deal caps the hand at 10 or 8 cards (the rest stay out of the game)
    s.deal_k = min(facts.n_cards // players, most) if most else facts.n_cards // players
    s.spare_open = opts.get("spare", "box") == "open"
    s.chant_stay = opts.get("all_chant", "left") == "stay"
    s.phase = DEAL
    s.hand_size = s.deal_k - 1
    s.hands = [[] for _ in range(players)]
    s.hidden = [NO_CARD] * players
    s.removed = []
    s.toku = [[] for _ in range(players)]
    s.discard = []
    s.table_seats = []
    s.table_cards = []
    s.parent = 0
    s.round = 0
    s.order = []
    s.pos = 0
    s.sailed = [False] * players
    s.chanted = [False] * players
    s.out = [False] * players
    s.elim_round = [0] * players
    s.first_sail = [0] * players
    s.mu = -1
    s.high = 0
    s.parents = []
    s.round_scores = []
    s.end_reason = ""
    s.alive = players
    return s


def check_components(game: Game) -> list[str]:
    """The 煩悩カード are five suits, each with every number 1–8 exactly once (run by pnp validate)."""
    deck = game.deck(DECK_ID)
    problems = []
    if len(deck.suits) != 5:
        problems.append(f"{deck.file}: " + msg("euphoria.suit_count", count=len(deck.suits)))
    for suit in deck.suits:
        values = sorted(int(c.value or 0) for c in deck.physical_cards() if c.suit is suit)
        if values != list(range(1, 9)):
            problems.append(f"{deck.file}: " + msg("euphoria.suit_values", suit=suit.name, values=values))
    return problems

"""探偵無宿２ in lockstep, for the rules points pnp's own cards left open (face-down cards, 割れた懐中時計, the draws
at a death, 配置時 effects of a card turned face up): small second implementations written from the printed
sentences (quoted beside each line), checked against the rules engine in random games and random positions.

As in test_tantei2_differential.py, the references never call the engine's rules: they read the cards from the
data (costs, 死亡条件, ongoing and 配置時 effects, the 「私」 skills) and the position the engine has reached, and
say what must happen.  Each has a companion test showing that the engine playing pnp's earlier reading (a
variant) disagrees, so the reference can fail.
"""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from pnp.data.project import Project
from pnp.games import tantei2 as T
from pnp.sim.engine import CHANCE, TERMINAL
from tests.games.tantei2_spies import spy, watched  # noqa: F401 — watched: the module's fixture

ROOT = Path(__file__).resolve().parents[2]
MAX_LAMPS = 7                   # 「最大７個まで配置されます」


class Cards:
    """The printed facts of the cards, by serial number and person id, straight from the data."""

    def __init__(self, game):
        self.colour = {c.rules["person"]: c.rules["color"] for c in game.deck("persons").cards}
        self.person_of = {col: p for p, col in self.colour.items()}
        self.ev = {int(c.rules["serial"]): c.rules for c in game.deck("events").cards}
        self.skill = [c.rules.get("skill", "") for c in game.deck("watashi").cards]
        self.skill_n = [int(c.rules.get("n", 1)) for c in game.deck("watashi").cards]

    def ongoing(self, serial: int, op: str) -> int:
        return sum(int(o.get("n", 1)) for o in self.ev[serial].get("ongoing", []) if o["op"] == op)


def position(engine, s, seat: int) -> dict:
    """What the table shows: the 【捜査線】, the seat's 【手帳】, the dead, who is 覚醒, this turn's 代用コスト."""
    f = engine.facts
    pid = f.person_ids
    return {
        "line": [pid[f.pc_person[c]] for c in s.line if c != f.tragedy],
        "up": [f.ev_serial[e] for e in s.up[seat]],
        "down": sorted(f.ev_serial[e] for e in s.down[seat] if e not in s.fresh),   # placed before this turn
        "dead": {pid[p] for p in range(f.np) if s.dead[p]},
        # 「ある人物の【容疑者】の束が覚醒人物カードだけになると、その人物は覚醒状態になります」
        "awake": {pid[p] for p, pile in enumerate(s.piles) if pile and all(f.pc_awake[c] for c in pile)},
        "sub": f.color_ids[s.sub_color] if s.sub_color >= 0 else None,
    }


def available(cards: Cards, pos: dict) -> Counter:
    # 「捜査線に並んだ人物カードは、1枚につき、その人物のベースカラーのコストを1つ生みます」
    have = Counter(cards.colour[p] for p in pos["line"])
    for serial in pos["up"]:
        for o in cards.ev[serial].get("ongoing", []):
            # 「常時の効果があれば、その色のコストも自分の手番でいつも使えます」
            if o["op"] == "color":
                have[o["color"]] += 1
            # 「椚 志乃が生きていて覚醒していれば、あなたは常に黄のコスト1を持つ。」
            elif o["op"] == "awake_color":
                p = cards.person_of[o["color"]]
                if p not in pos["dead"] and p in pos["awake"]:
                    have[o["color"]] += 1
    # 「代用コストは、その手番の間だけのコストです。…それまでは、捜査線の人物カードが生むコストと同じように使えます」
    if pos["sub"]:
        have[pos["sub"]] += 1
    return have


def conditions_met(cards: Cards, serial: int, have: Counter, dead: set[str]) -> bool:
    """「コストと死亡条件を満たした」: every cost colour available as often as printed; 「死亡条件のあるカードは、
    書かれた人物がすでに死亡していなければ出せません」."""
    rules = cards.ev[serial]
    need = Counter(rules.get("cost", []))
    return all(have[c] >= k for c, k in need.items()) and all(p in dead for p in rules.get("death", []))


def reference_due(cards: Cards, pos: dict) -> list[int]:
    """The face-down cards that must already be face up: 「裏向きのカードは、置いた手番より後の自分の手番中に、
    コストと死亡条件を満たしたところで、ひとりでに表向きになります」."""
    have = available(cards, pos)
    return [e for e in pos["down"] if conditions_met(cards, e, have, pos["dead"])]


def drive(engine, s, rng, policy=None, on_step=None):
    while True:
        m = engine.to_move(s)
        if m == TERMINAL:
            return
        if m == CHANCE:
            engine.apply(s, engine.sample_chance(s, rng))
        else:
            legal = engine.legal_actions(s)
            a = policy.choose(engine.observe(s, m), legal, rng) if policy else rng.choice(legal)
            engine.apply(s, a)
        if on_step:
            on_step(s)


@pytest.fixture(scope="module")
def game():
    return Project(ROOT).load_game("tantei2")


@pytest.fixture(scope="module")
def cards(game):
    return Cards(game)


# ------------------------------------------------------------------ when face-down cards turn face up (auto-flip)

class TurnRecorder(T.Tantei2Engine):
    """Notes the turn player's position as each turn ends (before this turn's 代用コスト is gone)."""

    def __init__(self, game):
        super().__init__(game)
        self.ends: list[dict] = []
        spy(self)

    def spy_end_turn(self, go, s, seat):
        self.ends.append(position(self, s, seat))
        go()


def turn_disagreements(cards: Cards, positions: list[dict]) -> list[str]:
    # 「捜査の後に条件を満たしたカードも、手番が終わる前に表にします」: none is left face down at the turn's end
    return [f"{pos}: {due} should be face up" for pos in positions if (due := reference_due(cards, pos))]


def play_turns(game, cards, variant: str, seeds: range, players=(3, 4)) -> tuple[list[str], int]:
    engine = TurnRecorder(game)
    pol = T.HeuristicPolicy()
    decisions = []                  # the turn player's main decisions: 「ひとりでに表向きになります」 already

    def at_main(s):
        if s.phase == T.Phase.MAIN:
            decisions.append(position(engine, s, s.cur))
    for seed in seeds:
        s = engine.new_state(players[seed % len(players)], variant, {"skills": seed % 3 == 0})
        drive(engine, s, random.Random(seed), pol if seed % 2 else None, at_main)
    return turn_disagreements(cards, engine.ends + decisions), len(engine.ends)


def test_random_games_leave_no_face_down_card_due_at_a_turn_end(game, cards):
    wrong, turns = play_turns(game, cards, "standard", range(300))
    assert turns > 6000
    assert wrong == []


COLOUR_CARDS = (35, 36, 37, 38, 39, 40, 41)     # 「常時：あなたは常に…のコスト1を持つ。」


def random_investigation(engine, cards: Cards, rng: random.Random, variant: str) -> None:
    """Seat 0 holds a card that gives a colour for good (「あなたは常に白のコスト1を持つ」 …) and can pay it, and
    holds face down cards that this colour would complete; it plays the card by 捜査, and the turn ends."""
    f = engine.facts
    colour_of = {col: p for p, col in cards.colour.items()}
    serial = rng.choice(COLOUR_CARDS)
    gives = cards.ev[serial]["ongoing"][0]["color"]
    line = [colour_of[c] for c in cards.ev[serial]["cost"]]
    persons = [p for p in cards.colour if p != colour_of[gives] and p != "wasurenagusa"]
    while len(line) < rng.randint(3, 6):
        p = rng.choice(persons)
        if line.count(p) < 2:
            line.append(p)
    pos = {"line": line, "up": [], "dead": set(), "awake": set(), "sub": None}
    without, with_it = available(cards, pos), available(cards, {**pos, "up": [serial]})
    # face-down cards this colour completes, and some that stay face down either way
    completes = [e for e in cards.ev if e != serial and not cards.ev[e].get("death")
                 and conditions_met(cards, e, with_it, set()) and not conditions_met(cards, e, without, set())
                 and not cards.ev[e].get("effect")]
    idle = [e for e in cards.ev if e != serial and not conditions_met(cards, e, with_it, set())]
    down = rng.sample(completes, min(len(completes), rng.randint(1, 2))) + rng.sample(idle, rng.randint(0, 2))
    name = {e: f"e{e:02d}" for e in cards.ev}
    s = engine.example_state(3, {"line": line, "hands": [[name[serial]], [], []],
                                 "down": [[name[e] for e in down], [], []]}, variant)
    act = next(a for a in engine.legal_actions(s) if a.kind == T.Kind.INV and f.ev_serial[a.card] == serial)
    engine.apply(s, act)


def investigations(game, cards, variant: str, n: int = 400) -> tuple[list[str], int]:
    engine = TurnRecorder(game)
    rng = random.Random(5)
    for _ in range(n):
        random_investigation(engine, cards, rng, variant)
    due_after = sum(1 for pos in engine.ends if pos["up"] and len(pos["up"]) > 1)   # something flipped
    return turn_disagreements(cards, engine.ends), due_after


def test_a_card_played_by_investigation_turns_face_down_cards_face_up_before_the_turn_ends(game, cards):
    """Rulebook: 「裏向きのカードを確かめるのは、…カードを出した後です。カードを出した後とは、［閃き］のカードでも、
    捜査で出したカードでも、その効果を適用し終えた後のことです」."""
    wrong, flipped = investigations(game, cards, "standard")
    assert flipped > 120
    assert wrong == []


def test_the_harness_catches_face_down_cards_checked_only_before_the_action(game, cards):
    """pnp's earlier reading (variant flip-before-action) leaves the completed cards face down."""
    wrong, _ = investigations(game, cards, T.V_FLIP_BEFORE)
    assert len(wrong) > 120


# ------------------------------------------------------------------ who draws, and in what order

class DrawRecorder(T.Tantei2Engine):
    """Notes each moment a rule makes players draw — 惨劇の夜 among the round start's cards, 惨劇の夜 drawn in a
    turn, a death at the round end — with the position, and where the engine's log of such draws stood."""

    def __init__(self, game):
        super().__init__(game)
        self.moments: list[dict] = []
        spy(self)

    def _note(self, s, kind: str, first: int) -> None:
        f = self.facts
        self.moments.append({"kind": kind, "first": first, "n": s.n, "logged": len(s.st_draws),
                             "up": [[f.ev_serial[e] for e in row] for row in s.up],
                             "watashi": list(s.watashi), "skills": s.skills})

    def spy_round_start(self, go, s):
        if self.facts.tragedy in s.inv[-3:]:     # 「捜査デッキの上から3枚を引き」: the top three
            self._note(s, "round-start", s.start)
        go()

    def spy_tragedy_drawn(self, go, s, seat):
        self._note(s, "turn", seat)
        go()

    def spy_round_end(self, go, s):
        dead = s.ndead
        logged = len(s.st_draws)
        over = go()
        if s.ndead > dead:
            ends = over or s.stack[:1] == [(T.Task.OVER,)]       # the game ends after this death's draws
            self._note(s, "death-over" if ends else "death", s.start)
            self.moments[-1]["logged"] = logged
        return over


def reference_draws(cards: Cards, m: dict) -> list[tuple[int, int]]:
    """(seat, cards drawn) in order, one entry per player who draws."""
    out = []
    seats = [(m["first"] + i) % m["n"] for i in range(m["n"])]
    if m["kind"] in ("round-start", "turn"):
        # 「割れた懐中時計」「常時：「惨劇の夜」が引かれるたび、あなたは1枚引く。」; ruling tragedy-draw: 「手番に
        # 引かれたときのほか、ラウンド開始の3枚の中に惨劇の夜が出たときも数えます。ラウンド開始ではスタートプレイヤー
        # から、手番では手番プレイヤーから、時計回りに1人ずつ引きます」
        for seat in seats:
            k = sum(cards.ongoing(e, "tragedy_draw") for e in m["up"][seat])
            if k:
                out.append((seat, k))
    elif m["kind"] in ("death", "death-over"):
        # 「常時：人物が死亡するたび、あなたは1枚引く。」, 大迫 源蔵 「ラウンド終了時に人物が死亡したら、1枚引く。」;
        # the death that ends the game too: 「犠牲者の選定」 comes before 「ゲーム終了チェック」, and ruling
        # round-end-order: 「ゲームを終わらせる死亡でも…ゲームが終わる前に引きます」;
        # 「スタートプレイヤーから時計回りに1人ずつ引きます。1人が両方を持っていれば、続けて引きます」
        for seat in seats:
            k = sum(cards.ongoing(e, "death_draw") for e in m["up"][seat])
            w = m["watashi"][seat]
            if m["skills"] and cards.skill[w] == "victim_draw":
                k += cards.skill_n[w]
            if k:
                out.append((seat, k))
    return out


def engine_draws(log: list[tuple[int, int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for seat, _source, k in log:
        if out and out[-1][0] == seat:
            out[-1] = (seat, out[-1][1] + k)
        else:
            out.append((seat, k))
    return out


def draw_disagreements(game, cards, variant: str, seeds: range) -> tuple[list[str], list[dict]]:
    engine = DrawRecorder(game)
    pol = T.HeuristicPolicy()
    wrong, seen = [], []
    for seed in seeds:
        engine.moments = []
        s = engine.new_state(3 + seed % 2, variant, {"skills": seed % 2 == 0})
        drive(engine, s, random.Random(seed), pol)
        ends = [m["logged"] for m in engine.moments[1:]] + [len(s.st_draws)]
        for m, end in zip(engine.moments, ends):
            got = engine_draws(s.st_draws[m["logged"]:end])
            want = reference_draws(cards, m)
            if got != want:
                wrong.append(f"seed {seed} {m}: engine {got}, rulebook {want}")
            seen.append({**m, "want": want})
    return wrong, seen


def test_draws_at_a_tragedy_and_at_a_death_follow_the_rulebook(game, cards):
    wrong, seen = draw_disagreements(game, cards, "standard", range(400))
    assert wrong == []
    # the games reach every case: 割れた懐中時計 at the round start and in a turn, and deaths where several players
    # draw with a start player other than seat 1 (where seat order and the table's order part)
    assert sum(1 for m in seen if m["kind"] == "round-start" and m["want"]) > 50
    assert sum(1 for m in seen if m["kind"] == "turn" and m["want"]) > 50
    # the death that ends the game, with someone who draws for it (遺品の櫛, 消えた相続人, 大迫 源蔵)
    assert sum(1 for m in seen if m["kind"] == "death-over" and m["want"]) > 10


def random_death(engine, rng: random.Random):
    """A round end with a victim, 消えた相続人 (12) and 遺品の櫛 (33) face up in random 【手帳】, the skills on or off
    (seat 4 is 大迫 源蔵 in a 4-player game), and a random start player, who has drawn 惨劇の夜."""
    players = rng.choice((3, 4))
    start = rng.randrange(players)
    victim = rng.choice(("soichiro", "seiji", "toru", "sanae"))
    others = [p for p in ("shino", "sagisawa", "soichiro", "seiji", "toru", "sanae") if p != victim]
    line = [victim, victim] + rng.sample(others, rng.randint(1, 4))
    rng.shuffle(line)
    up: list[list[str]] = [[] for _ in range(players)]
    for card in ("e12", "e33"):
        if rng.random() < 0.8:
            up[rng.randrange(players)].append(card)
    hands = [["e64"] if seat == start else [] for seat in range(players)]
    return engine.example_state(players, {"line": line + ["tragedy"], "dead": ["shizue"], "up": up,
                                          "hands": hands, "start": start}, "standard", {"skills": rng.random() < 0.5})


def test_draws_at_a_death_go_round_the_table_from_the_start_player(game, cards):
    """「人物が死亡したときに何人かが引くなら、スタートプレイヤーから時計回りに1人ずつ引きます」 — whoever the start
    player is, not by seat number."""
    engine = DrawRecorder(game)
    rng = random.Random(4)
    wrong, several = [], 0
    for _ in range(400):
        engine.moments = []
        s = random_death(engine, rng)
        rest = next(a for a in engine.legal_actions(s) if a.kind == T.Kind.REST and not a.face_down)
        engine.apply(s, rest)                      # the start player rests; the round ends with a victim
        (m,) = engine.moments
        assert m["kind"] == "death"
        got, want = engine_draws(s.st_draws[m["logged"]:]), reference_draws(cards, m)
        several += len(want) > 1 and [x for x, _ in want] != sorted(x for x, _ in want)
        if got != want:
            wrong.append(f"{m}: engine {got}, rulebook {want}")
    assert several > 50                            # where the seat order and the table's order part
    assert wrong == []


def test_the_harness_catches_the_tragedy_draw_only_in_turns(game, cards):
    """pnp's earlier reading (variant tragedy-draw-turns-only): no draw for 惨劇の夜 among the round start's cards."""
    wrong, _ = draw_disagreements(game, cards, T.V_TDRAW_TURNS, range(400))
    assert len(wrong) > 50 and all("'round-start'" in w for w in wrong)


# ------------------------------------------------------------------ 配置時 effects of a card turned face up

PERSONS = ("soichiro", "shizue", "seiji", "shino", "toru", "sagisawa", "sanae", "wasurenagusa")


def simple_effect(rules: dict) -> bool:
    """Effects the reference plays out by itself: drawing and 告命灯 (no choice for anyone)."""
    return all(o["op"] in ("draw", "lamp") for o in rules.get("effect", []))


def reference_flips(cards: Cards, pos: dict, lamps: int, hands: list[int], vp: int, seat: int) -> dict:
    """What the turn player's face-down cards do once the person's action is over (「人物のアクションの後」)."""
    pos = {**pos, "up": list(pos["up"]), "down": list(pos["down"])}
    hands = list(hands)
    while True:
        have = available(cards, pos)
        # 「条件を満たしたカードはすべて、通し番号の小さい順に表にします」
        due = [e for e in pos["down"] if conditions_met(cards, e, have, pos["dead"])]
        if not due:
            break
        for e in due:
            pos["down"].remove(e)
            if cards.ev[e]["type"] == "placed":
                # 「配置のカードは手帳に表向きで置いたままにしてVPを得て」
                pos["up"].append(e)
                vp += int(cards.ev[e].get("vp", 0))
        for e in due:
            # 「配置時の効果があれば適用します」 / 「即時のカードは効果を適用して捨て札にします」
            for o in cards.ev[e].get("effect", []):
                n = int(o.get("n", 1))
                if o["op"] == "lamp":
                    lamps = max(0, min(MAX_LAMPS, lamps + n))      # 「最大7個」
                else:
                    who = o.get("who", "self")
                    for i in range(len(hands)):
                        if who == "all" or (who == "self") == (i == seat):
                            hands[i] += n
    return {"up": sorted(pos["up"]), "down": sorted(pos["down"]), "lamps": lamps, "hands": hands, "vp": vp}


def random_flip_position(engine, cards: Cards, rng: random.Random, variant: str) -> tuple[dict, dict, list[int]]:
    """Seat 0 has face-down cards from earlier turns (with no effect, or effects of drawing and 告命灯) and has
    just resolved its person's action; the engine's position at its main decision, the reference's, and the
    face-down cards."""
    f = engine.facts
    players = rng.choice((3, 4))
    dead = set(rng.sample(PERSONS[:7], rng.choice((0, 0, 1, 2))))
    living = [p for p in PERSONS if p not in dead]
    line: list[str] = []
    while len(line) < rng.randint(3, 9):
        p = rng.choice(living)
        if line.count(p) < 2:
            line.append(p)
    can_wake = [p for p in ("shino", "shizue", "sagisawa") if p not in dead]
    awake = sorted(rng.sample(can_wake, rng.randint(0, min(2, len(can_wake)))))
    up = [e for e in rng.sample(COLOUR_CARDS + (19, 24, 28), rng.randint(0, 2))
          if all(p in dead for p in cards.ev[e].get("death", []))]
    pool = [e for e in cards.ev if e not in up and simple_effect(cards.ev[e])]
    down = rng.sample(pool, rng.randint(1, 5))
    hands = [rng.randint(0, 3) for _ in range(players)]
    name = {e: f"e{e:02d}" for e in cards.ev}
    used = set(up) | set(down)
    rest = [e for e in cards.ev if e not in used]
    hand_cards = [[name[rest.pop()] for _ in range(k)] for k in hands]
    lamps = rng.randint(0, 7)
    s = engine.example_state(players, {
        "line": line, "lamps": lamps, "dead": sorted(dead), "awake": awake, "hands": hand_cards,
        "up": [[name[e] for e in up]] + [[] for _ in range(players - 1)],
        "down": [[name[e] for e in down]] + [[] for _ in range(players - 1)]}, variant)
    pos = {"line": line, "up": up, "down": sorted(down), "dead": dead, "awake": set(awake), "sub": None}
    want = reference_flips(cards, pos, lamps, hands, sum(int(cards.ev[e].get("vp", 0)) for e in up), 0)
    got = {"up": sorted(f.ev_serial[e] for e in s.up[0]), "down": sorted(f.ev_serial[e] for e in s.down[0]),
           "lamps": s.lamps, "hands": [len(h) for h in s.hands], "vp": s.vp[0]}
    return got, want, down


def flip_disagreements(game, cards, variant: str, n: int = 3000) -> tuple[list[str], int]:
    engine = T.Tantei2Engine(game)
    rng = random.Random(9)
    wrong, effects = [], 0
    for _ in range(n):
        got, want, down = random_flip_position(engine, cards, rng, variant)
        # a placed card with a 配置時 effect turned face up
        effects += any(e in down and cards.ev[e].get("effect") for e in want["up"])
        if got != want:
            wrong.append(f"engine {got}, rulebook {want}")
    return wrong, effects


def test_cards_turned_face_up_apply_their_placement_effects(game, cards):
    """Ruling flip-placement-effect: 「裏向きのカードが表向きになったとき…配置のカードに配置時の効果があれば、それも
    適用します」."""
    wrong, effects = flip_disagreements(game, cards, "standard")
    assert effects > 200
    assert wrong == []


def test_the_harness_catches_flips_without_placement_effects(game, cards):
    """pnp's other reading (variant flip-without-placement-effect) leaves out the 告命灯 and the draws."""
    wrong, _ = flip_disagreements(game, cards, T.V_FLIP_NO_EFFECT)
    assert len(wrong) > 200

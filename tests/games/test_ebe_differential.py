"""EBE: a second, deliberately simple referee for the end of the game, played in lockstep with the engine.

The referee is written from the rulebook's sentences, not from the engine: it keeps its own count of
every character's damage and of the station life, and decides at every turn end and round end whether
the game is over, why, and who wins.  It reads only the table (the dice given, the revealed イーバカード,
the 探索カード played, the items held, the resources on the missions) and the printed data (life,
skills, items, events, mission costs); the engine's verdict must agree at every checkpoint, on random
positions and on whole games.

Rulebook sentences it rests on (components/ebe/rulebook):
- 「ダメージを受けたら、同じ数のダメージトークンをストックから取り、自分のキャラクターカードに乗せます。」
- 「ダメージがライフ以上になっても、その場では死亡しません。ダメージトークンは、ライフの数を超えても乗せます。
  ターン終了時に、ダメージがライフ以上のキャラクターがいれば、そのキャラクターは死亡し、全員の敗北となります。」
- 「目の小さい順に手番を行います。」「同じ目なら、イーバが先です。同じ目のプレイヤーどうしは、席の番号の小さい順です。」
- 「イーバが、イーバカードのエリアに現れます。ステーションライフを、イーバのサイコロの目の数だけ減らします。」
- 「このイーバより後に手番を行うプレイヤーは、次の妨害を受けます。」
  イーバと同じエリア：「探索は失敗し、2ダメージを受けます。」
  隣接するエリア：「−1AP。1ダメージを受ける。」 隣接は 04-station の8組。
- 防護スーツ：「持っている間、イーバから受けるダメージが1回ごとに1減ります。」
- ドローン：「逃げる：1ダメージを受けます。」 医務室：「自分のダメージを1回復する。」
  ミナト：「医務室では、1APごとにダメージを2回復する。」 救急キット：「自分のダメージを2回復する。」
- ターン終了：「1. 死亡 … 2. ステーションライフ：ステーションライフが0以下なら、全員の敗北です。3. 重量 …」
- ラウンド終了：「1. イベントチェック：イベントの達成条件を満たしていなければ、イベントカードに書かれた数だけ
  ステーションライフを減らします。2. ステーションライフ：0以下なら、全員の敗北です。ミッションがすべて達成されて
  いても、脱出は間に合いません。3. 脱出チェック：ミッションがすべて達成されていれば、脱出成功です。全員の勝利です。
  4. 時間切れ：第4ラウンドの終わりなら、脱出できなかったので全員の敗北です。」
- 「勝つときも負けるときも、プレイヤー全員が一緒です。」
- イベントカード（events.yaml）：「公開時：全員が1ダメージを受ける。」
  「このラウンド中、探索カードを公開したら全員のサイコロの目−1（1は1のまま）。」（イーバの目も同様）
  「達成したら：全員のダメージを2回復する。」
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from pnp.data.project import Project
from pnp.games import ebe as E
from pnp.games import make_engine
from pnp.sim.engine import CHANCE, TERMINAL

ROOT = Path(__file__).resolve().parents[2]

# 04-station.md: 「隣接している組は、全部で次の8組です。」
ADJACENT = {frozenset(p) for p in ("AD", "AE", "BC", "BD", "CG", "DE", "DF", "FG")}
RESOLVING = (E.P_RESOLVE, E.P_DRONE, E.P_ACT)
AFTER_TURN = (E.P_DISCARD, E.P_EBE, E.P_EVENT, E.P_PAY, E.P_END)


@pytest.fixture(scope="module")
def game():
    return Project(ROOT).load_game("ebe")


@pytest.fixture(scope="module")
def eng(game):
    return make_engine(game)


class Printed:
    """What the referee reads from the printed components (the YAML), by card id."""

    def __init__(self, game):
        chars = game.deck("characters").physical_cards()
        self.life = [int(c.rules["life"]) for c in chars]
        self.heal = [int((c.rules.get("skill") or {}).get("heal_per_ap", 1)) for c in chars]
        explore = game.deck("explore").physical_cards()
        self.card_area = [c.rules["area"] for c in explore]
        items = game.deck("items").physical_cards()
        self.item_area = [c.rules.get("area") for c in items]
        self.item_effect = [c.rules["effect"] for c in items]
        self.item_amount = [int(c.rules.get("amount", 0)) for c in items]
        self.ebe_area = [c.rules["area"] for c in game.deck("ebe").physical_cards()]
        events = game.deck("events").physical_cards()
        self.event_damage = [int(c.rules["damage"]) for c in events]
        self.event_hurt = [int((c.rules.get("now") or {}).get("damage", 0)) for c in events]
        self.event_player_dice = [int((c.rules.get("now") or {}).get("player_dice", 0)) for c in events]
        self.event_ebe_dice = [int((c.rules.get("now") or {}).get("ebe_dice", 0)) for c in events]
        self.event_heal = [int((c.rules.get("reward") or {}).get("heal", 0)) for c in events]
        self.cost = [[int(c.rules["cost"].get(r, 0)) for r in E.RESOURCES]
                     for c in game.deck("missions").physical_cards()]

    def area_of(self, token: int) -> str:
        return self.card_area[token] if token < E.INFO_BASE else self.item_area[token - E.INFO_BASE]


class Referee:
    """The end-of-game rules, from the rulebook, with its own damage and station counts."""

    def __init__(self, printed: Printed, s):
        self.pr = printed
        self.dmg = list(s.dmg)
        self.station = s.station
        self.pending: dict[int, list[tuple[str, bool]]] = {}   # seat → イーバ (area) acting before him
        self.after_turn4 = False
        self.verdict = ""

    # -- the turn
    def reveal(self, dice: list[int], ebe_dice: list[int], ebe_areas: list[str], areas: list[str]) -> None:
        """The cards are face up: the order of the turn is fixed; each イーバ costs its die in station life."""
        order = sorted([(d, 0, k) for k, d in enumerate(ebe_dice)] + [(d, 1, p) for p, d in enumerate(dice)])
        before: list[str] = []
        for _, kind, who in order:
            if kind == 0:
                before.append(ebe_areas[who])
                self.station -= ebe_dice[who]
            else:
                self.pending[who] = list(before)
        self.areas = areas

    def begin(self, p: int, items: list[int]) -> None:
        """A player's turn begins: the イーバ that acted before him strike (the suit takes 1 off each)."""
        if p not in self.pending:
            return
        armor = sum(self.pr.item_amount[i] for i in items if self.pr.item_effect[i] == "armor")
        for ea in self.pending.pop(p):
            if ea == self.areas[p]:
                self.dmg[p] += max(0, 2 - armor)
            elif frozenset((ea, self.areas[p])) in ADJACENT:
                self.dmg[p] += max(0, 1 - armor)

    def event_revealed(self, hurt: int) -> None:
        """「公開時：全員が…ダメージを受ける。」"""
        for p in range(len(self.dmg)):
            self.dmg[p] += hurt

    def flee(self, p: int) -> None:
        self.dmg[p] += 1

    def heal(self, p: int, k: int) -> None:
        self.dmg[p] -= min(k, self.dmg[p])

    def turn_end(self, chars: list[int], items: list[list[int]], turn: int) -> str:
        for p in list(self.pending):
            self.begin(p, items[p])
        if any(self.dmg[p] >= self.pr.life[c] for p, c in enumerate(chars)):
            return "death"
        if self.station <= 0:
            return "station"
        self.after_turn4 = turn == 4
        return ""

    def round_end(self, event_loss: int, loaded: list[list[int]], missions: list[int], rnd: int) -> str:
        self.after_turn4 = False
        self.station -= event_loss
        if self.station <= 0:
            return "station"
        if all(loaded[m] == self.pr.cost[m] for m in missions):
            return "escape"
        if rnd == 4:
            return "time"
        return ""

    @staticmethod
    def outcome(reason: str, n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(winners, ranks): everyone wins an escape; everyone loses otherwise."""
        if reason == "escape":
            return tuple(range(n)), (1,) * n
        return (), (2,) * n


def lockstep(eng, printed: Printed, s, rng: random.Random, policy=None, until_round: int = 5) -> str:
    """Plays from ``s`` (random or the given policy), the referee alongside; returns the end reason or ""
    when ``until_round`` begins first.  Fails at the first checkpoint where the two disagree."""
    ref = Referee(printed, s)
    in_turn = False
    begun: set[int] = set()
    prng = random.Random(rng.random())
    while eng.to_move(s) != TERMINAL and s.rnd < until_round:
        if eng.to_move(s) == CHANCE:
            a = eng.sample_chance(s, rng)
        else:
            legal = eng.legal_actions(s)
            a = policy.choose(eng.observe(s, s.cur), legal, prng) if policy else legal[int(prng.random() * len(legal))]
        before_phase, cur, turn, rnd = s.phase, s.cur, s.turn, s.rnd
        if (before_phase == E.P_CHOOSE and cur == s.n - 1) or before_phase == E.P_DICE:
            # the turn's order is fixed once the dice are final (after any 行動予測装置)
            played = list(s.played[:-1]) + [a.token] if before_phase == E.P_CHOOSE else list(s.played)
            dice, ebe_dice = list(s.die), list(s.ebe_die)
            if before_phase == E.P_CHOOSE:                      # the round's event changes the dice first
                pm, em = printed.event_player_dice[s.event], printed.event_ebe_dice[s.event]
                dice = [min(6, max(1, d + pm)) for d in dice]
                ebe_dice = [min(6, max(1, d + em)) for d in ebe_dice]
            if before_phase == E.P_DICE and a.slot >= 0:        # 行動予測装置: one die ±1
                if a.slot < s.n:
                    dice[a.slot] += a.delta
                else:
                    ebe_dice[a.slot - s.n] += a.delta
            final = (dice, ebe_dice, [printed.ebe_area[c] for c in s.ebe_now], [printed.area_of(t) for t in played])
        else:
            final = None
        if before_phase == E.P_DRONE and not a.fight:
            ref.flee(cur)
        if before_phase == E.P_ACT and a.kind == E.K_HEAL:
            ref.heal(cur, printed.heal[s.chars[cur]])
        if before_phase == E.P_ACT and a.kind == E.K_USE and printed.item_effect[a.a] == "heal":
            ref.heal(cur, printed.item_amount[a.a])
        eng.apply(s, a)
        if before_phase == E.P_EVENT:
            ref.event_revealed(printed.event_hurt[s.event])
        if final is not None and s.phase != E.P_DICE:
            ref.reveal(*final)
            in_turn, begun = True, set()
        if in_turn and s.phase in (E.P_DRONE, E.P_ACT) and s.cur not in begun:
            begun.add(s.cur)
            ref.begin(s.cur, s.items[s.cur])
        if in_turn and s.phase in AFTER_TURN:
            in_turn = False
            verdict = ref.turn_end(list(s.chars), [list(i) for i in s.items], turn)
            if verdict or not ref.after_turn4 or s.phase not in (E.P_EVENT, E.P_END):
                assert ref.dmg == s.dmg, (ref.dmg, s.dmg)     # (a round end's reward is compared below)
            if verdict:
                assert s.phase == E.P_END and s.end == verdict and ref.station == s.station, (verdict, s.end)
                break
            if not ref.after_turn4:
                assert ref.station == s.station and s.phase in (E.P_DISCARD, E.P_EBE), (ref.station, s.station)
                continue
        if ref.after_turn4 and s.phase in (E.P_EVENT, E.P_END):
            loss = ref.station - s.station
            event = s.event_discard[-1] if s.phase == E.P_EVENT else s.event
            assert loss in (0, printed.event_damage[event]), loss
            if loss == 0 or printed.event_damage[event] == 0:   # met (or paid): 「達成したら」
                for p in range(s.n):
                    ref.heal(p, printed.event_heal[event])
            assert ref.dmg == s.dmg, (ref.dmg, s.dmg)
            verdict = ref.round_end(loss, s.loaded, s.missions, rnd)
            assert ref.station == s.station
            if verdict:
                assert s.phase == E.P_END and s.end == verdict, (verdict, s.end)
                break
            assert s.phase == E.P_EVENT and s.rnd == rnd + 1
    if s.phase == E.P_END:
        r = eng.result(s)
        assert (r.winners, r.ranks) == Referee.outcome(s.end, s.n)
        assert r.end_reason == s.end
    return s.end


def random_position(eng, rng: random.Random):
    """A random legal turn start: characters, round, turn, damage below life, a low station life, missions
    nearly done (some done), cubes in hand, items (suits and medkits among them)."""
    n = rng.randint(2, 4)
    chars = rng.sample(eng.char_ids, n)
    rnd, turn = rng.randint(1, 4), rng.randint(1, 4)
    missions = rng.sample(eng.mission_ids, n)
    earlier_cards = rng.sample("ABCDEFG", sum(2 if rnd == 4 and t < 4 else 1 for t in range(1, turn)))
    played, damage, resources, items = [], [], [], []
    free_items = list(eng.item_ids)
    for cid in chars:
        ch = eng.char_ids.index(cid)
        areas = [E.AREAS[a] for a in eng.char_areas[ch]]
        played.append(rng.sample(areas, turn - 1))
        damage.append(rng.randint(0, eng.char_life[ch] - 1))
        held = []
        for _ in range(rng.randint(0, 2)):
            it = rng.choice([x for x in free_items if not x.startswith("info")] or ["suit"])
            if it in free_items:
                free_items.remove(it)
                held.append(it)
        items.append(held)
        room = eng.char_inv[ch] - 1 - len(held)
        res = {}
        for _ in range(rng.randint(0, max(0, room))):
            r = rng.choice(E.RESOURCES)
            res[r] = res.get(r, 0) + 1
        resources.append(res)
        damage[-1] = damage[-1]
    loaded = {}
    for m in missions:
        mi = eng.mission_ids.index(m)
        cost = eng.mission_cost[mi]
        full = rng.random() < 0.5
        loaded[m] = {E.RESOURCES[r]: (cost[r] if full else rng.randint(0, cost[r])) for r in range(4) if cost[r]}
    drone_areas = rng.sample("ABCDEFG", rng.randint(0, rnd))
    drone_items = [x for x in free_items]
    rng.shuffle(drone_items)
    setup = {"characters": chars, "round": rnd, "turn": turn, "station": rng.randint(1, 14),
             "missions": missions, "event": rng.choice(eng.event_ids), "earlier_ebe": earlier_cards,
             "played": played, "damage": damage, "resources": resources, "items": items, "loaded": loaded,
             "drones": {a: drone_items[k] for k, a in enumerate(drone_areas)}}
    return eng.example_state(n, setup)


def test_referee_agrees_on_random_positions(game, eng):
    printed = Printed(game)
    rng = random.Random(20261130)
    ends: dict[str, int] = {}
    for _ in range(1500):
        s = random_position(eng, rng)
        end = lockstep(eng, printed, s, rng, until_round=s.rnd + 1)
        ends[end] = ends.get(end, 0) + 1
    # every way a game ends was met, and some positions went on into the next round
    assert set(ends) == {"", "death", "station", "escape", "time"}, ends
    assert min(ends.values()) >= 20, ends


def test_referee_agrees_on_whole_games(game, eng):
    printed = Printed(game)
    ends: dict[str, int] = {}
    for seed in range(500):
        rng = random.Random(seed)
        variant = "life30" if seed % 4 == 0 else "standard"
        s = eng.new_state(2 + seed % 3, variant)
        policy = E.PlannerPolicy() if seed % 10 == 0 else (E.HoarderPolicy() if seed % 10 == 1 else None)
        end = lockstep(eng, printed, s, rng, policy)
        ends[end] = ends.get(end, 0) + 1
    assert {"death", "station"} <= set(ends), ends


def test_referee_catches_a_damage_cap(game, eng):
    """The referee is not a copy of the engine: under the damage-cap variant (pnp's earlier ruling, which
    stopped damage at life) it disagrees on some position."""
    printed = Printed(game)
    rng = random.Random(7)
    caught = 0
    for _ in range(400):
        s = random_position(eng, rng)
        s.rules = E.R_DAMAGE_CAP
        try:
            lockstep(eng, printed, s, rng, until_round=s.rnd + 1)
        except AssertionError:
            caught += 1
    assert caught > 0

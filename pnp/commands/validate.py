"""`pnp validate`: every check a designer wants before printing and playtesting, in two tiers.

The static tier, for every game first: data (schema, references, counts declared in game.yaml
against the pieces the data makes), component invariants the game's engine declares
(``check_components``), glyph coverage and text fit of every card, layout on every paper, the
rulebook (markup, references, every number it states about a component against the data) and the
designer's ledger.  Every problem of every check at once: a game whose data has problems is still
laid out with the rest of its data (``Project.load_game_partly``), and a problem one check has said
is not said again by a later one.  Then the engine tier: the engine's common checks and seeded
sample games for every player count and policy, invariants checked after every step.  By default the
whole validate of a game fits a time budget (BUDGET_S CPU seconds, counted from the process's start
when the command line asks): the engine tier's checks share what the static tier left, each sized to
its share and saying when it did less than in full; ``--games N`` plays N games a configuration and
runs every check in full."""
from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..data.model import Deck, Game
from ..data.project import Project
from ..errors import DataError, PnpError, Problem
from ..messages import Msg, did_you_mean, msg
from ..sim.engine import BaseEngine
from ..watchdog import EngineStuck

if TYPE_CHECKING:
    from ..sim.budget import Budget

ENGINE_CHECKS = ("hidden", "engine", "samples", "track")
BUDGET_S = 5.0               # CPU seconds of one game's whole validate by default (--games N: every check in full)
MAX_AUTO_GAMES = 100         # the most games per configuration the time budget plays
AFTER_S = 0.3                # of the budget, kept for what follows the engine tier (the track verdict, the output, exit)
# the engine tier's shares of what the static tier left: determinization, then the common checks (the
# replays in full, the hidden information in its share); the sample games have the rest
HIDDEN_SHARE, ENGINE_SHARE = 0.15, 0.25
SHOWN_EXAMPLES = 3           # seeds listed for a problem many sample games share


@dataclass
class CheckRow:
    game: str
    check: str          # machine name
    label: str          # Japanese
    problems: list[str] = field(default_factory=list)
    detail: str = ""
    info: list[str] = field(default_factory=list)     # listed for the designer, never a failure
    skipped: bool = False                             # not run (said in detail why); never a failure
    every: list[str] = field(default_factory=list)    # each problem, where problems groups many alike
    games: dict[str, int] = field(default_factory=dict)   # a check that plays games: played, finished, crashed
    coded: list[dict[str, Any]] = field(default_factory=list)   # the problems that have a message code, as JSON

    @property
    def ok(self) -> bool:
        return not self.problems

    def as_json(self) -> dict[str, Any]:
        out = {"game": self.game, "check": self.check, "label": self.label, "ok": self.ok,
               "problems": self.problems, "detail": self.detail, "items": self.info}
        if self.skipped:
            out["skipped"] = True
        if self.every:
            out["every_problem"] = self.every
        if self.games:
            out["games"] = self.games
        if self.coded:
            out["coded_problems"] = self.coded
        return out

    def add_problems(self, problems: Iterable[Problem]) -> None:
        for p in problems:
            self.problems.append(str(p))
            if isinstance(p.message, Msg):
                self.coded.append(p.as_json())


class Skip(Exception):
    """A check that looked at nothing: its row is skipped ("--"), the message saying why."""


def _run(row: CheckRow, fn: Callable[[], str | None]) -> CheckRow:
    try:
        detail = fn()
        if detail:
            row.detail = detail
    except Skip as e:
        row.skipped = True
        row.detail = f"省略：{e}"
    except DataError as e:
        row.add_problems(e.problems)
    except PnpError as e:
        row.problems.append(str(e))
        row.detail = getattr(e, "detail", "") or row.detail     # what the check looked at, said with its problems
    except EngineStuck as e:    # a call into the engine never returned: a finding; later checks refuse it at once
        row.problems.append(str(e))
    except Exception as e:   # an engine that cannot even start on this data is a finding, not a crash
        from ..sim.runner import _origin
        row.problems.append(f"{_origin(e)}{type(e).__name__}: {e}")     # where, in the engine's code
    return row


def made_counts(game: Game) -> dict[str, tuple[int, str]]:
    """name → (pieces, where they are made) of every component and deck: a deck's cards and a part's
    pieces as their files make them (a printed thing counted), else game.yaml's count."""
    decks = {d.id: d for d in game.all_decks}
    parts = {getattr(p, "id", None): p for p in game.parts}
    out: dict[str, tuple[int, str]] = {}
    for d in game.all_decks:
        out[d.name] = (d.piece_count, d.file)
    for c in game.components:
        if c.id in decks:
            out[c.name] = (decks[c.id].piece_count, decks[c.id].file)
        elif c.id in parts and c.kind != "bits" and getattr(parts[c.id], "kind", None) == c.kind:
            out[c.name] = (int(parts[c.id].piece_count), parts[c.id].file)
        else:
            out[c.name] = (c.count, f"{game.where.file} components")
    return out


def _engine_module(game: Game) -> Any:
    from ..games.loader import engine_module
    return engine_module(game)


_PAPER = re.compile(r" \(--(?:rulebook-)?paper [^)]*\)$")


class _Said:
    """The problems said so far in one validate: a later check (a rulebook figure of a card, the same
    card on another paper) does not say again what an earlier one said of the same place."""

    def __init__(self) -> None:
        self.seen: dict[str, str] = {}       # problem → the label of the row that said it

    def keep(self, row: CheckRow) -> CheckRow:
        """The row without the problems said before.  A row whose every problem was said before is not
        OK (it found them, or could not run because of them): it is skipped, naming the rows that said
        them."""
        kept, before = [], []
        for p in row.problems:
            key = _PAPER.sub("", p)
            if key not in self.seen:
                self.seen[key] = row.label
                kept.append(p)
            else:
                before.append(self.seen[key])
        if row.problems and not kept:
            where = "、".join(f"「{label}」" for label in dict.fromkeys(before))
            said = f"問題 {len(before)} 件は{where}の行と同じ（繰り返しません）"
            row.detail = f"{row.detail}；{said}" if row.detail else f"省略：{said}"
            row.skipped = True
        row.problems = kept
        return row


def validate(project: Project, game_ids: list[str] | None, games_per_config: int | None = None, seed: int = 1,
             progress: Callable[[str], None] = lambda _: None, *,
             on_row: Callable[[CheckRow], None] = lambda _: None,
             on_games: Callable[[str, int, int], None] = lambda *_: None,
             budget_s: float = BUDGET_S, budget_from: float | None = None,
             remember: bool = False) -> list[CheckRow]:
    """Every check of every game; each row is handed to on_row as soon as it is known (the static tier
    of every game first, then the engine tier).  games_per_config None: the whole validate within
    budget_s CPU seconds a game, counted from budget_from (this process's CPU time, as
    time.process_time gives it: 0.0 is the process's start; None: from this call), the engine tier's
    checks sized to it (sample games: at most MAX_AUTO_GAMES a configuration); else every check in
    full.  on_games(game, played, planned) follows the sample games.  remember: a game whose inputs
    are those of its last clean validate (same options) is not checked again; its rows are the
    recorded ones, said to be."""
    from ..sim.budget import UNLIMITED, Budget
    start = time.process_time() if budget_from is None else budget_from
    rows: list[CheckRow] = []

    def emit(row: CheckRow) -> CheckRow:
        rows.append(row)
        on_row(row)
        return row

    ids = game_ids or project.game_ids()
    memory = _Memory(project, games_per_config, seed) if remember else None
    layouts, layout_problems = project.load_layouts_partly()
    if layout_problems:      # reported once; the games are still checked with the layouts that load
        emit(CheckRow("*", "layouts", "テンプレート", [str(p) for p in sorted(set(layout_problems))]))
    later: list[tuple[Any, _Said, list[CheckRow]]] = []
    for gid in ids:
        if memory is not None:
            recorded = memory.recall(gid)
            if recorded is not None:
                for row in recorded:
                    emit(row)
                continue
        said = _Said()
        own: list[CheckRow] = []

        def add(row: CheckRow, own: list[CheckRow] = own, said: _Said = said) -> None:
            own.append(emit(said.keep(row)))
        game = _static_tier(project, gid, layouts, seed, add, progress, memory)
        later.append((game, said, own))
    # the budget of every game checked (not those remembered), what their static tiers left of it shared
    deadline = Budget(start + budget_s * len(later) - AFTER_S) if games_per_config is None else UNLIMITED
    loaded = [(game, said, own, all(r.ok for r in own)) for game, said, own in later if game is not None]
    playing = sum(1 for game, _, _, clean in loaded if clean and game.engine)
    for game, said, own, clean in loaded:
        if not clean and game.engine:
            for check in ENGINE_CHECKS:
                own.append(emit(_skipped(game.id, check, "データ・割付の問題を直してから試遊します")))
            continue

        def add(row: CheckRow, own: list[CheckRow] = own, said: _Said = said) -> None:
            own.append(emit(said.keep(row)))
        share = deadline.share(1 / max(1, playing))       # each game still to play an equal share of what is left
        playing -= bool(game.engine)
        _engine_tier(game, games_per_config, seed, share, add, progress, on_games)
        if memory is not None and all(r.ok for r in own):
            memory.store(game.id, own)
    if memory is not None:
        memory.save()
    return rows


LABELS = {
    "data": "データ（スキーマ・参照・枚数）",
    "provisional": "仮の内容（提案）",
    "invariants": "コンポーネントの不変条件",
    "text": "文字の収まり・字形",
    "layout": "割付（全用紙のシート・パーツ・ルールブック）",
    "rulebook": "ルールブック",
    "ledger": "設計者の台帳（裁定・質問・例）",
    "samples": "試遊（シード付きサンプルゲーム）",
    "hidden": "探索プレイヤーの確定化（隠れた札を見ない）",
    "engine": "エンジンの共通検査（人数・部品・保存・再生・隠れた情報）",
    "track": "得点トラックの長さ",
}


def _skipped(gid: str, check: str, why: str) -> CheckRow:
    return CheckRow(gid, check, LABELS[check], detail=f"省略：{why}", skipped=True)


def _static_tier(project: Project, gid: str, layouts: Any, seed: int, add: Callable[[CheckRow], None],
                 progress: Callable[[str], None], memory: _Memory | None = None) -> Game | None:
    """The checks that read the data only (and the engine's declarations about it); the game as far
    as it loaded, or None when there is no game to check.  memory: a deck planned clean, and the
    rulebook typeset clean, from the same inputs (the incremental build's unit keys) are not again."""
    data_row = CheckRow(gid, "data", LABELS["data"])
    try:
        game, problems = project.load_game_partly(gid, layouts)
    except DataError as e:
        data_row.add_problems(e.problems)
        add(data_row)
        return None
    data_row.add_problems(problems)
    data_row.detail = ", ".join(f"{c.name}×{c.count}" for c in game.components)
    add(data_row)
    data_ok = not problems
    add(provisional_row(game))
    progress(f"{gid}: data")
    engine_why = "データの問題を直してから検査します"
    add(_run(CheckRow(gid, "invariants", LABELS["invariants"]), lambda: _components_verdict(game, gid))
        if data_ok or not game.engine
        else _skipped(gid, "invariants", engine_why))

    # a deck whose layout has problems of its own is checked as data, never laid out: said, not failed
    unlaid = "".join(f"（{d.name} はテンプレート {d.layout.id} に問題があるため省略）" for d in game.unlaid)
    units = memory.units(game) if memory is not None and data_ok else None
    add(_run(CheckRow(gid, "text", LABELS["text"]), lambda: _cards_verdict(game, units, unlaid)))
    progress(f"{gid}: text")

    parsed = _ParsedRulebook(game)        # parsed once, for the rulebook, layout and ledger checks
    add(_run(CheckRow(gid, "layout", LABELS["layout"]), lambda: check_layout(game, parsed(), units) + unlaid))
    progress(f"{gid}: layout")
    add(_run(CheckRow(gid, "rulebook", LABELS["rulebook"]), lambda: _rulebook_verdict(game, parsed)))
    add(_run(CheckRow(gid, "ledger", LABELS["ledger"]), lambda: ledger_check(game, parsed()[0]))
        if data_ok or not game.engine
        else _skipped(gid, "ledger", engine_why))
    return game


def _components_verdict(game: Game, gid: str) -> str | None:
    """The engine's own check of the components (check_components), when it declares one."""
    module = _engine_module(game)
    checker = getattr(module, "check_components", None) if module else None
    if checker is None:
        return "宣言なし"
    problems = checker(game)
    if problems:
        raise PnpError("\n".join(f"{gid}: {p}" for p in problems))
    return "OK"


def _cards_verdict(game: Game, units: _Units | None, unlaid: str) -> str | None:
    """Every face of every deck laid out (glyphs and text fit): how many faces, and how many decks
    were planned clean before from the same inputs (units) and not again."""
    from ..layout.card import plan_deck
    faces, problems, kept = 0, [], 0
    for deck in game.decks:
        if units is not None and units.deck_clean(deck):
            faces += units.deck_faces(deck)
            kept += 1
            continue
        try:
            plans = plan_deck(game, deck)
        except DataError as e:
            problems.extend(e.problems)
            continue
        faces += len(plans[0]) + 1
        if units is not None:
            units.deck_planned(deck, plans)
    if problems:
        raise DataError(problems)
    if not faces:       # zero faces checked is no verdict
        raise Skip("確かめた面なし" + (unlaid or "（カードのデッキなし）"))
    again = f"（{kept} 組は前回から変更なし）" if kept else ""
    return f"{faces} 面" + again + unlaid


class _ParsedRulebook:
    """The game's rulebook parsed and checked (pnp.rulebook.checked_rulebook) at the first call, the
    same result at every later one."""

    def __init__(self, game: Game):
        self.game = game
        self.parsed: list[Any] = []

    def __call__(self) -> Any:
        if not self.parsed:
            from .. import rulebook as rb
            self.parsed.append(rb.checked_rulebook(self.game))
        return self.parsed[0]


def _rulebook_verdict(game: Game, parsed: _ParsedRulebook) -> str | None:
    """The rulebook's own problems, and every number of pieces it states against the pieces the data makes."""
    from .. import rulebook as rb
    if not rb.has_rulebook(game):
        return "ルールブックなし"
    doc, found = parsed()
    problems = [str(p) for p in found]
    made = made_counts(game)
    declared = {c.name: c.count for c in game.components}
    stated = sorted(set(doc.counts)) if doc is not None else []
    for file, line, name, number in stated:
        if name not in made or made[name][0] == number:
            continue        # as the pieces are: a game.yaml count that differs is the data row's problem
        count, source = made[name]
        also = (msg("validate.game_yaml_count_wrong_too", count=declared[name])
                if name in declared and declared[name] not in (count, number) else
                msg("validate.game_yaml_count_agrees") if declared.get(name) == number else "")
        problems.append(f"{file}:{line}: " + msg("validate.rulebook_count", stated=number, name=name, made=count,
                                                 where=source, also=also))
    if problems:
        raise PnpError("\n".join(problems))
    return f"記載された枚数 {len(stated)} か所 OK"


def _engine_tier(game: Game, games_per_config: int | None, seed: int, budget: Budget, add: Callable[[CheckRow], None],
                 progress: Callable[[str], None], on_games: Callable[[str, int, int], None]) -> None:
    """The engine's checks and the sample games, within budget (UNLIMITED with --games N): the
    determinization its HIDDEN_SHARE of it, the common checks their ENGINE_SHARE, the sample games
    what is left (at least one game a configuration)."""
    gid = game.id
    if not game.engine:
        for check in ENGINE_CHECKS:
            add(_skipped(gid, check, _no_track_why(game, "ルールエンジンがないため") if check == "track"
                         else "ルールエンジンなし"))
        return
    from ..sim.budget import Budget
    whole = budget.left()

    def part(fraction: float) -> Budget:        # a fraction of the engine tier's budget, as far as it lasts
        return Budget.of(max(0.0, min(fraction * whole, budget.left()))) if budget.limited else budget
    add(_run(CheckRow(gid, "hidden", LABELS["hidden"]), lambda: _hidden_verdict(game, seed, part(HIDDEN_SHARE))))
    add(_run(CheckRow(gid, "engine", LABELS["engine"]), lambda: generic_row(game, seed, part(ENGINE_SHARE))))
    samples = _SampleGames(game, games_per_config, seed, budget, on_games)
    add(_run(samples.row, samples.play))
    progress(f"{gid}: samples")
    track_row = CheckRow(gid, "track", LABELS["track"])
    add(_run(track_row, samples.track))
    if games_per_config is None and samples.tracked.played:
        track_row.games = samples.tracked.counts()      # (with --games N the track plays games of its own)


def _hidden_verdict(game: Game, seed: int, budget: Budget) -> str | None:
    """The engine's determinization (information_set, determinize) checked within budget."""
    from ..games import make_engine
    from ..sim.generic import so_far
    from ..sim.validation import determinization_checks
    began = time.process_time()
    found = determinization_checks(game, make_engine(game), seed=seed, budget=budget)
    if found.problems:
        err = PnpError("\n".join(group_problems(found.problems)))
        err.detail = f"{found.checked} 局面×席"      # type: ignore[attr-defined]
        raise err
    if not found.checked:
        raise Skip("探索プレイヤー用のフック（information_set・determinize）がないため確かめていません")
    return (f"{found.games} ゲームの {found.checked} 局面×席" + (so_far(time.process_time() - began) if found.cut else "")
            + "、見えている情報は一致し、隠れた札は毎回配り直される")


class _SampleGames:
    """The sample games' row, and the score track's verdict drawn from the games they played: every
    game tallied, and the scores of the games played by the track's policy alone."""

    def __init__(self, game: Game, games_per_config: int | None, seed: int, budget: Budget,
                 on_games: Callable[[str, int, int], None]):
        from ..sim.crashes import Tally
        self.game, self.games_per_config, self.seed, self.budget, self.on_games = (
            game, games_per_config, seed, budget, on_games)
        self.row = CheckRow(game.id, "samples", LABELS["samples"])
        self.scores: dict[int, list[tuple[float, ...]]] = {}
        self.policy_used: list[str] = []
        self.every, self.tracked = Tally(), Tally()       # every sample game; those of the track's policy

    def keep(self, players: int, lineup: tuple[str, ...], record: Any) -> None:
        self.every.add(players, record.policies, record.seed, record.error)
        if lineup == (self.policy_used[0],) and self.tracked.add(players, record.policies, record.seed, record.error) \
                and record.result is not None:
            self.scores.setdefault(players, []).append(tuple(record.result.scores))

    def play(self) -> str | None:
        from ..games import make_engine
        from ..sim.validation import play_sample_games, sample_configs, track_policy
        gid, games_per_config, row = self.game.id, self.games_per_config, self.row
        engine = make_engine(self.game)
        self.policy_used.append(track_policy(engine))
        began = time.process_time()
        problems, played = play_sample_games(self.game, engine, games_per_config=games_per_config or MAX_AUTO_GAMES,
                                            seed=self.seed, budget=self.budget,
                                            on_record=self.keep,
                                            on_progress=lambda done, planned: self.on_games(gid, done, planned))
        configs = len(sample_configs(engine))
        row.games = self.every.counts()
        if problems:
            row.detail = f"{configs} 構成、{self.every.counts_ja()}"
            row.every = [str(p) for p in problems]
            raise PnpError("\n".join(group_problems(problems)))
        if games_per_config is None:
            games = f"{min(played)}〜{max(played)}" if min(played) != max(played) else f"{played[0]}"
            return (f"{configs} 構成 × {games} ゲーム（約 {time.process_time() - began:.1f} 秒分、"
                    "--games N で増やせます）、例外・不変条件違反なし")
        return f"{configs} 構成 × {games_per_config} ゲーム、例外・不変条件違反なし"

    def track(self) -> str | None:
        from ..games import make_engine
        game, gid = self.game, self.game.id
        engine = make_engine(game)
        if not engine.score_track:
            raise Skip(_no_track_why(game, "エンジンが score_track を宣言していないため"))
        if self.games_per_config is not None:
            return check_score_track(engine, max(self.games_per_config, 300), self.seed,
                                     lambda done, planned: self.on_games(f"{gid} 得点トラック", done, planned))
        return score_track_verdict(engine, self.scores, self.policy_used[0] if self.policy_used else "?",
                                   self.tracked)


def _no_track_why(game: Game, why: str) -> str:
    """Why the score track's length is not checked: the game's tracks named, when it has any."""
    tracks = [c.name for c in game.components if c.kind == "track"]
    if not tracks:
        return "得点トラックなし"
    return f"{'・'.join(tracks)}の長さは、{why}確かめていません（遊んだゲームの得点で確かめます）"


def group_problems(problems: list[Any]) -> list[str]:
    """Sample-game problems, those with the same message as one line: how many games, in which
    configurations, and the first seeds to replay (1,200 games failing alike are one finding)."""
    from ..sim.generic import conserved
    groups: dict[str, list[Any]] = {}
    for p in problems:      # every lost or doubled card is one finding: card_locations, whichever card
        groups.setdefault(_conservation_key(p.message) if conserved() in p.message else p.message, []).append(p)
    out = []
    for message, found in groups.items():
        if len(found) == 1:
            out.append(str(found[0]))
            continue
        if conserved() in message:
            cards = list(dict.fromkeys(c for p in found for c in _CARD.findall(p.message)))
            first_said = found[0].message[found[0].message.index(conserved()):]
            message += (f"（{len(cards)} 種のカード：{'、'.join(cards[:SHOWN_EXAMPLES])}"
                        + (f" ほか {len(cards) - SHOWN_EXAMPLES} 種" if len(cards) > SHOWN_EXAMPLES else "")
                        + f"；最初のゲームでは {first_said}）")
        configs = len({(p.players, p.policies) for p in found})
        first = ", ".join(f"{p.players}人 [{p.policies}] game {p.game_index} (seed {p.seed})"
                          for p in found[:SHOWN_EXAMPLES])
        again = f"；再現: {found[0].replay()}" if getattr(found[0], "seats", ()) else ""
        out.append(f"{found[0].game}: {message} — {len(found)} ゲーム（{configs} 構成）で同じ問題；最初の例: {first}"
                   + again)
    return out


# a card a conservation problem names: 「sun-1 ×1 太陽 1（components/g/cards.yaml:14）」
_CARD = re.compile(r"(?:missing |extra |; )(\S+ ×\d+(?: [^,;（(]*)?(?:（[^）]*）)?)")


def _conservation_key(message: str) -> str:
    """A conservation problem without the cards it names: 「InvariantError: cards are not conserved」."""
    from ..sim.generic import conserved
    return message[:message.index(conserved()) + len(conserved())]


def check_layout(game: Game, parsed: Any = None, units: _Units | None = None) -> str:
    """What build checks at layout time beyond the card faces, for every paper build offers: each
    deck's sheet grid (and the gutter-fold grid), every part's pages, and the rulebook typeset in
    each size (laid out in memory, no file written).  A problem found on several papers is said
    once, naming them.  DataError with every problem.  parsed: checked_rulebook(game), when known."""
    from ..data.parts import Board
    from ..rulebook import checked_rulebook
    from .build import HOME_PAPERS, RULEBOOK_PAPERS
    found: dict[Problem, list[str]] = {}       # problem → the papers (as options) it is found with
    for paper in HOME_PAPERS:
        _lay_out_on(game, paper, found)
    typeset_papers = 0
    doc, errors = parsed if parsed is not None else checked_rulebook(game)
    if doc is not None and not errors and units is not None and units.rulebook_clean():
        typeset_papers = -len(RULEBOOK_PAPERS)        # typeset clean before from the same inputs
    elif doc is not None and not errors:
        typeset_papers = _typeset_rulebook(game, doc, found)
    if units is not None and typeset_papers == len(RULEBOOK_PAPERS) and not any(
            x.startswith("--rulebook") for papers in found.values() for x in papers):
        units.rulebook_typeset()
    problems = [_naming_papers(p, papers) for p, papers in found.items()]
    if problems:
        raise DataError(problems)
    book = (f"ルールブック {-typeset_papers} 判型は前回から変更なし" if typeset_papers < 0 else
            f"ルールブック {typeset_papers} 判型を組版して OK")
    boards = "".join(f"（盤 {p.id} は {', '.join(p.checked_papers)}）" for p in game.parts
                     if isinstance(p, Board) and set(p.checked_papers) != set(HOME_PAPERS))
    return f"{len(HOME_PAPERS)} 用紙（{', '.join(HOME_PAPERS)}）でシート・パーツ{boards}、{book}"


def _lay_out_on(game: Game, paper: str, found: dict[Problem, list[str]]) -> None:
    """Each deck's sheet grid (duplex and gutter-fold) and the parts' pages on one home paper; each
    problem noted in found with the option that shows it."""
    from ..data.parts import Board
    from ..outputs import BuildOptions
    from .build import sheet_grid
    from .parts import plan_parts
    for duplex in ("long", "fold"):
        opts = BuildOptions(paper=paper, duplex=duplex)
        for deck in game.decks:
            try:
                sheet_grid(deck, opts)
            except PnpError as e:      # the paper is named once, with the others it does not fit
                # the room differs from paper to paper: the papers named say it
                said = re.sub(r" \(room [0-9]+×[0-9]+ mm\)", "", str(e).replace(f" on {paper} paper", " on the paper"))
                found.setdefault(Problem(deck.file, 1, 1, "size", said), []).append(
                    f"--paper {paper}{' --duplex fold' if duplex == 'fold' else ''}")
    # a board is laid out on the papers it names (papers:), else on the paper build uses by default
    parts = [p for p in game.parts if not isinstance(p, Board) or p.checked_on(paper)]
    if parts:
        try:
            plan_parts(game, BuildOptions(paper=paper), parts)
        except DataError as e:
            for p in e.problems:
                found.setdefault(p, []).append(f"--paper {paper}")


def _typeset_rulebook(game: Game, doc: Any, found: dict[Problem, list[str]]) -> int:
    """The rulebook typeset in each size build offers; the number typeset clean.  Each problem noted
    in found with its --rulebook-paper (a board figure's own problem is said once, with the part's)."""
    from ..rulebook.book import typeset
    from .build import RULEBOOK_PAPERS
    typeset_papers = 0
    for paper in RULEBOOK_PAPERS:
        try:
            typeset(doc, paper, None, None)
            typeset_papers += 1
        except DataError as e:
            for p in e.problems:
                if p not in found:
                    found.setdefault(p, []).append(f"--rulebook-paper {paper}")
        except PnpError as e:
            found.setdefault(Problem(game.where.file, 0, 0, "rulebook", str(e)), []).append(
                f"--rulebook-paper {paper}")
    return typeset_papers


def _naming_papers(p: Problem, found_with: list[str]) -> Problem:
    """A layout problem naming the papers it is found with, unless it is found on every home paper."""
    from .build import HOME_PAPERS
    papers = list(dict.fromkeys(found_with))
    # a deck that fits neither way on a paper is that paper's: --paper b5, not once per duplex
    papers = [x for x in papers if not (x.endswith(" --duplex fold") and x[:-len(" --duplex fold")] in papers)]
    everywhere = len(papers) == len(HOME_PAPERS) and all(x.startswith("--paper") and "duplex" not in x
                                                          for x in papers)
    return p if everywhere else _with_message(p, f"{p.message} ({'; '.join(papers)})")


def _with_message(problem: Problem, message: str) -> Problem:
    from dataclasses import replace
    return replace(problem, message=message)


def generic_row(game: Game, seed: int, budget: Budget | None = None) -> str:
    """The checks every engine gets without code of its own (pnp.sim.generic), within budget (None: in full)."""
    if not game.engine:
        return "ルールエンジンなし"
    from ..games import make_engine
    from ..sim.budget import UNLIMITED
    from ..sim.generic import generic_checks
    report = generic_checks(game, make_engine(game), seed, budget or UNLIMITED)
    undeclared = f"（任意の宣言なし：{', '.join(report.undeclared)}）" if report.undeclared else ""
    if report.problems:
        found = PnpError("\n".join(f"{game.id}: {p}" for p in report.problems))
        found.detail = "、".join(report.done) + undeclared      # type: ignore[attr-defined]
        raise found
    return "、".join(report.done) + undeclared


def ledger_check(game: Game, doc: Any = None) -> str:
    """The engine plays only rulings the data states; every option a question names is a variant or
    option the engine really has; every worked example with a position replays to what its text says."""
    problems: list[str] = []
    if game.final:   # build refuses a final print while questions are open: say so before building
        from .questions import finalize
        try:
            finalize(game)
        except PnpError as exc:
            problems.append(str(exc).replace("--final prints", "final: true prints", 1))
    engine = _ledger_engine(game, doc) if game.engine else None
    if engine is not None:
        problems.extend(_ruling_problems(game, engine))
        problems.extend(_question_problems(game, engine))
    examples = 0
    sections: list[Any] = []
    from .. import rulebook as rb
    if rb.has_rulebook(game):
        from ..rulebook.markup import parse_rulebook
        from ..sim.examples import check_rulebook_examples, rulebook_examples
        if doc is None:
            doc, _ = parse_rulebook(game)
        sections = [s.entry for s in doc.sections]
        if engine is not None:
            examples, found = check_rulebook_examples(doc, engine)
            problems.extend(str(p) for p in found)
        elif rulebook_examples(doc):
            problems.append(f"{game.id}: " + msg("commands.examples_without_engine"))
    if problems:
        raise PnpError("\n".join(problems))
    from ..data.ledger import open_questions
    sourced = sum(1 for r in game.rulings if r.entry.source)
    proposed = sum(1 for r in game.rulings if r.provisional)
    return (f"裁定 {len(game.rulings)} 件（下書きの引用つき {sourced}・pnp の提案 {proposed}・"
            f"出典なし {len(game.rulings) - sourced - proposed}）、"
            f"未回答の質問 {len(open_questions(game.ledger, sections))} 件、例の局面 {examples} 件 OK")


def _ledger_engine(game: Game, doc: Any) -> Any:
    """The game's engine; Skip, saying what the ledger check leaves unchecked, when it cannot be loaded
    (the row that loaded it first says why)."""
    from ..games import make_engine
    try:
        return make_engine(game)
    except Exception as e:
        from .. import rulebook as rb
        from ..rulebook.markup import parse_rulebook
        from ..sim.examples import rulebook_examples
        examples = len(rulebook_examples(doc if doc is not None else parse_rulebook(game)[0])) \
            if rb.has_rulebook(game) else 0
        raise Skip(f"ルールエンジンが読み込めないため（{type(e).__name__}、「{LABELS['invariants']}」の行）、"
                   f"裁定・質問を照合せず、例の局面 {examples} 件を再生していません") from e


def _ruling_problems(game: Game, engine: BaseEngine) -> list[str]:
    """The rulings the engine plays (ruling_ids) that the data does not state, and those it reads
    without declaring them."""
    problems = []
    known = {r.id for r in game.rulings}
    rulings_file = f"{game.where.file.rsplit('/', 1)[0]}/rulings.yaml" if "/" in game.where.file else "rulings.yaml"
    stated = ", ".join(sorted(known)) or msg("commands.no_options")
    unread = unread_ruling_ids(game, engine)
    if unread:
        problems.append(unread)
    for rid in engine.ruling_ids or ():
        if rid not in known:
            problems.append(f"{declared_at(game, engine, rid)}: ruling_ids: " + msg(
                "commands.ruling_not_stated", ruling=rid, file=rulings_file, stated=stated,
                hint=did_you_mean(rid, known)))
    return problems


def _question_problems(game: Game, engine: BaseEngine) -> list[str]:
    """Every option a question of the ledger names that is not a variant or option the engine has."""
    problems = []
    variants = {v.id for v in engine.variants}
    specs = {o.id: o for o in engine.options}
    for entry in game.ledger:
        q = entry.question
        for opt in q.options if q is not None else ():
            if opt.variant is not None and opt.variant not in variants:
                problems.append(str(q.where.problem("question.options", msg(
                    "commands.question_variant", option=opt.id, variant=opt.variant, variants=sorted(variants),
                    hint=did_you_mean(opt.variant, variants)))))
            for key, value in opt.options.items():
                spec = specs.get(key)
                if spec is None or value not in spec.choices:
                    problems.append(str(q.where.problem("question.options", msg(
                        "commands.question_option", option=opt.id, key=key, value=value,
                        hint=did_you_mean(key, specs) if spec is None else ""))))
    return problems


def _source(game: Game, obj: Any) -> tuple[str, list[str]] | None:
    """The file of ``obj``'s source as the project names it (in the game's folder: from the project),
    and its lines; None when it cannot be read."""
    import inspect
    from pathlib import Path
    try:
        source = inspect.getsourcefile(obj)
        lines = Path(source).read_text(encoding="utf-8").splitlines() if source else []
    except (OSError, TypeError):
        return None
    if not source:
        return None
    path = Path(source).resolve()
    try:
        shown = (Path(game.where.file).parent / path.relative_to(Path(game.folder).resolve())).as_posix()
    except ValueError:
        try:
            shown = path.relative_to(Path.cwd().resolve()).as_posix()
        except ValueError:
            shown = path.as_posix()
    return shown, lines


def declared_at(game: Game, engine: BaseEngine, rid: str) -> str:
    """``file:line`` of the engine's source where it names ruling ``rid`` (in its ``ruling_ids``), the
    file as the project names it when the engine is in the game's folder; the file alone, or the game,
    when the source cannot be read."""
    found = _source(game, type(engine))
    if found is None:
        return game.id
    shown, lines = found
    quoted = (f'"{rid}"', f"'{rid}'")
    start = next((i for i, line in enumerate(lines) if "ruling_ids" in line), 0)
    for i in [*range(start, len(lines)), *range(start)]:      # in ruling_ids first, then anywhere
        if any(q in lines[i] for q in quoted):
            return f"{shown}:{i + 1}"
    return f"{shown}:{start + 1}" if start or (lines and "ruling_ids" in lines[0]) else shown


def unread_ruling_ids(game: Game, engine: BaseEngine) -> str | None:
    """The problem of an engine module that names its rulings in a module-level ``RULING_IDS`` while
    the engine has no ``ruling_ids`` (the attribute pnp reads): the module's line, else None."""
    module = _engine_module(game)
    if module is None or not hasattr(module, "RULING_IDS") or engine.ruling_ids is not None:
        return None
    found = _source(game, module)
    where = game.id
    if found is not None:
        shown, lines = found
        line = next((i + 1 for i, t in enumerate(lines) if re.match(r"RULING_IDS\b", t)), 0)
        where = f"{shown}:{line}" if line else shown
    return f"{where}: RULING_IDS: " + msg("commands.ruling_ids_unread")


def provisional_row(game: Game) -> CheckRow:
    """What was proposed rather than written by the designer (marked provisional in the data):
    listed so the designer sees what is theirs.  Information only, never a failure."""
    row = CheckRow(game.id, "provisional", "仮の内容（提案）")
    items = []
    for comp in game.components:
        if comp.provisional:
            items.append(f"{comp.name}（{comp.where.file}）")
    for deck in game.all_decks:       # a deck not laid out (its template's problem) has its cards all the same
        marked = [c for c in deck.cards if c.provisional]
        if marked and not game.component(deck.id).provisional:
            items.append(f"{deck.name} {len(marked)}/{len(deck.cards)} 種（{deck.file}）")
    for part in game.parts:
        if getattr(part, "provisional", False) and not game.component(part.id).provisional:
            items.append(f"{part.name}（{part.file}）")
    cards = sum(len(d.cards) for d in game.all_decks)
    row.detail = f"{len(items)} 件" if items else (f"なし（部品 {len(game.components)} 種・デッキ {len(game.all_decks)} 組 "
                                                 f"{cards} 種のカード・パーツ {len(game.parts)} を見て）")
    row.info = items
    return row


TRACK_FIT_TARGET = 0.999


def check_score_track(engine: BaseEngine, games: int, seed: int,
                      on_progress: Callable[[int, int], None] = lambda *_: None) -> str:
    """At least 99.9 % of sample games (every player count, the game's own policy) must end with
    every score on the printed track.  on_progress(played, planned) as the games are played."""
    from ..sim.crashes import Tally
    from ..sim.runner import Batch, iter_games
    from ..sim.validation import track_policy
    policy = track_policy(engine)
    scores: dict[int, list[tuple[float, ...]]] = {}
    tally = Tally()
    counts = range(engine.min_players, engine.max_players + 1)

    def chunk(n: int) -> None:
        on_progress(tally.played + n, games * len(counts))
    for players in counts:
        for r in iter_games(engine, Batch(players, (policy,), games, seed=seed), on_progress=chunk):
            if tally.add(players, r.policies, r.seed, r.error) and r.result is not None:
                scores.setdefault(players, []).append(tuple(r.result.scores))
    return score_track_verdict(engine, scores, policy, tally)


MIN_TRACK_GAMES = 30     # finished games the track verdict needs at the least


def score_track_verdict(engine: BaseEngine, scores: dict[int, list[tuple[float, ...]]], policy: str, tally: Any = None) -> str:
    """The track check on final scores already played (players → each game's scores).  tally (a
    pnp.sim.crashes.Tally of the games those scores come from): a game that stopped with an error, or
    fewer than MIN_TRACK_GAMES that ran to the end and all fit, leave the track undecided (a problem),
    never OK on the games that happened to finish."""
    lo, hi = engine.score_track
    finals = [game for games in scores.values() for game in games]
    total = len(finals)
    if tally is not None and tally.crashed:
        raise PnpError(f"{engine.game_id}: " + tally.undecided(msg("commands.score_track", track=f"{lo}–{hi}"),
                                                               engine.game_id))
    fits = sum(all(lo <= v <= hi for v in game) for game in finals)
    # a game that ended off the track is proof on any number of games; that every game fits is not
    if fits == total and total < MIN_TRACK_GAMES:
        raise PnpError(f"{engine.game_id}: " + msg("commands.score_track", track=f"{lo}–{hi}") + ": " + msg(
            "commands.track_too_few", games=total, least=MIN_TRACK_GAMES))
    top = max([lo, *(max(game) for game in finals if game)])
    share = fits / total if total else 0.0
    source = getattr(engine.score_track, "source_ja", "")
    mismatch = getattr(engine.score_track, "mismatch", "")
    detail = (f"{lo}〜{hi}：終了した {total} ゲーム中 {100 * share:.2f}% が収まる（最高 {top:g}、方針 {policy}）"
              + (f"。範囲は {source}" if source else ""))  # where the figure comes from
    if mismatch:
        raise PnpError(f"{engine.game_id}: " + msg("commands.score_track_mismatch", mismatch=mismatch, detail=detail))
    if share < TRACK_FIT_TARGET:
        raise PnpError(msg("validate.score_track_short", game=engine.game_id, track=f"{lo}–{hi}", share=f"{100 * share:.2f}",
                           needed=f"{100 * TRACK_FIT_TARGET:.1f}", highest=f"{top:g}",
                           source=msg("validate.score_track_source", source=source) if source else ""))
    return detail


class _Memory:
    """The last clean validate of each game, keyed like the incremental build's whole-game check
    (pnp.commands.buildcache.input_digest: every file the game can read, the layouts, the fonts, pnp's code)
    and the options: a game whose key is the recorded one was validated clean from exactly these
    inputs, and is not checked again.  Kept in the user's cache folder (a cache only)."""

    def __init__(self, project: Project, games_per_config: int | None, seed: int):
        import hashlib

        from ..files import cache_dir
        from .buildcache import code_digest, file_hashes, fonts_digest
        self.root = project.root
        self.path = cache_dir() / f"validate-{hashlib.sha256(str(project.root.resolve()).encode()).hexdigest()[:20]}.json"
        self.hashes = file_hashes(project.root / ".pnp-validate")
        self.code = code_digest(self.hashes)
        self.fonts = fonts_digest(project.root, self.hashes)
        self.options = f"validate games={games_per_config or 'auto'} seed={seed}"
        self.table: dict[str, Any] = {}
        self.unit_table: dict[str, Any] = {}
        self.dirty = False
        try:
            from ..outputs import read_json
            data = read_json(self.path)
            if isinstance(data, dict) and isinstance(data.get("games"), dict):
                self.table = data["games"]
            if isinstance(data, dict) and isinstance(data.get("units"), dict):
                self.unit_table = data["units"]
        except (OSError, ValueError, RecursionError):
            pass             # none yet, or damaged: a cache only

    def _key(self, gid: str) -> str | None:
        from .buildcache import input_digest
        folder = self.root / "components" / gid
        if not (folder / "game.yaml").is_file() or not _engine_inside(folder):
            return None
        return input_digest(self.root, folder, self.options, self.hashes, self.code, self.fonts)

    def units(self, game: Game) -> _Units:
        return _Units(self, game, self.unit_table.setdefault(game.id, {}))

    def recall(self, gid: str) -> list[CheckRow] | None:
        entry = self.table.get(gid)
        key = self._key(gid)
        if key is None or not isinstance(entry, dict) or entry.get("key") != key:
            return None
        try:
            rows = [CheckRow(r["game"], r["check"], r["label"], [], r["detail"], list(r["items"]),
                             bool(r.get("skipped"))) for r in entry["rows"]]
        except (KeyError, TypeError):
            return None
        when = entry.get("when", "")
        rows[0].detail = f"{rows[0].detail}（{when} の検査から入力に変更なし：前回の結果）"
        return rows

    def store(self, gid: str, rows: list[CheckRow]) -> None:
        key = self._key(gid)
        if key is None:
            return
        self.table[gid] = {"key": key, "when": time.strftime("%Y-%m-%d %H:%M"),
                           "rows": [r.as_json() for r in rows]}
        self.dirty = True

    def save(self) -> None:
        import json

        from ..files import atomic_path
        self.hashes.save()
        if not self.dirty:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with atomic_path(self.path) as tmp:
                tmp.write_text(json.dumps({"format": 1, "games": self.table, "units": self.unit_table},
                                          ensure_ascii=False), encoding="utf-8")
        except OSError:
            pass             # a cache only: the next validate checks again


class _Units:
    """One game's units (a deck's card plans, the rulebook typeset on every size) that were checked
    clean, by the incremental build's unit keys (pnp.commands.buildcache.GameCache): editing one card plans
    that card's deck again, and the rulebook only when what it shows changed."""

    def __init__(self, memory: _Memory, game: Game, entry: dict[str, Any]) -> None:
        import tempfile
        from pathlib import Path

        from ..outputs import BuildOptions
        from .buildcache import GameCache
        self.memory, self.entry = memory, entry
        self.cache = GameCache(game, Path(tempfile.gettempdir()) / "pnp-validate-unused", BuildOptions(),
                               memory.hashes, memory.code, memory.fonts, clean=True)
        self.decks: dict[str, Any] = entry.setdefault("decks", {})

    def deck_clean(self, deck: Deck) -> bool:
        known = self.decks.get(deck.id)
        if not isinstance(known, dict) or known.get("key") != self.cache.deck_data_key(deck):
            return False
        self.cache.marks[deck.id] = known.get("marks", [])
        return True

    def deck_faces(self, deck: Deck) -> int:
        return int(self.decks[deck.id].get("faces", 0))

    def deck_planned(self, deck: Deck, plans: Any) -> None:
        self.cache.note_plans(deck, plans[0], plans[1], plans.backs)
        self.decks[deck.id] = {"key": self.cache.deck_data_key(deck), "marks": self.cache.marks[deck.id],
                               "faces": len(plans[0]) + 1}
        self.memory.dirty = True

    def rulebook_clean(self) -> bool:
        try:
            key = self.cache.rulebook_key()
        except Exception:       # a value without a stable form: typeset every time
            return False
        return key is not None and self.entry.get("rulebook") == key

    def rulebook_typeset(self) -> None:
        try:
            key = self.cache.rulebook_key()
        except Exception:
            return
        if key is not None:
            self.entry["rulebook"] = key
            self.memory.dirty = True


def _engine_inside(folder: Path) -> bool:
    """Whether everything the game's engine runs is covered by the key: none, a bundled one (pnp's
    code) or a file in the game's folder; an installed module elsewhere is not (always checked)."""
    import yaml
    try:
        data = yaml.safe_load((folder / "game.yaml").read_text(encoding="utf-8"))
    except (OSError, ValueError, yaml.YAMLError):
        return False
    engine = data.get("engine") if isinstance(data, dict) else None
    if engine is None:
        return True
    if not isinstance(engine, str):
        return False
    if engine.endswith(".py"):
        return True
    from pathlib import Path
    games = Path(__file__).resolve().parents[1] / "games"
    return (games / engine).is_dir() or (games / f"{engine}.py").is_file()

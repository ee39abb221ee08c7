"""`pnp validate`: every check a designer wants before printing and playtesting.

For each game, in order: data (schema, references, counts declared in game.yaml against the pieces
the data makes), component invariants the game's engine declares (``check_components``), glyph
coverage and text fit of every card, the rulebook (markup, references, every number it states about a
component against the data), then seeded sample games of the rules engine for every player count and
policy with invariants checked after every step."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ..data.project import Project
from ..errors import DataError, PnpError
from ..watchdog import EngineStuck


@dataclass
class CheckRow:
    game: str
    check: str          # machine name
    label: str          # Japanese
    problems: list[str] = field(default_factory=list)
    detail: str = ""
    info: list[str] = field(default_factory=list)     # listed for the designer, never a failure

    @property
    def ok(self) -> bool:
        return not self.problems

    def as_json(self) -> dict[str, Any]:
        return {"game": self.game, "check": self.check, "label": self.label, "ok": self.ok,
                "problems": self.problems, "detail": self.detail, "items": self.info}


def _run(row: CheckRow, fn: Callable[[], str | None]) -> CheckRow:
    try:
        detail = fn()
        if detail:
            row.detail = detail
    except DataError as e:
        row.problems.extend(str(p) for p in e.problems)
    except PnpError as e:
        row.problems.append(str(e))
    except EngineStuck as e:    # a call into the engine never returned: a finding; later checks refuse it at once
        row.problems.append(str(e))
    except Exception as e:   # an engine that cannot even start on this data is a finding, not a crash
        row.problems.append(f"{type(e).__name__}: {e}")
    return row


def _engine_module(game):
    from ..games.loader import engine_module
    return engine_module(game)


def validate(project: Project, game_ids: list[str] | None, games_per_config: int = 100, seed: int = 1,
             progress: Callable[[str], None] = lambda _: None) -> list[CheckRow]:
    rows: list[CheckRow] = []
    ids = game_ids or project.game_ids()
    layouts, layout_problems = project.load_layouts_partly()
    if layout_problems:      # reported once; the games are still checked with the layouts that load
        rows.append(CheckRow("*", "layouts", "テンプレート", [str(p) for p in sorted(set(layout_problems))]))
    for gid in ids:
        data_row = CheckRow(gid, "data", "データ（スキーマ・参照・枚数）")
        try:
            game = project.load_game(gid, layouts)
            data_row.detail = ", ".join(f"{c.name}×{c.count}" for c in game.components)
        except DataError as e:
            data_row.problems.extend(str(p) for p in e.problems)
            rows.append(data_row)
            continue
        rows.append(data_row)
        rows.append(provisional_row(game))
        progress(f"{gid}: data")

        def components(game=game, gid=gid):
            module = _engine_module(game)
            checker = getattr(module, "check_components", None) if module else None
            if checker is None:
                return "宣言なし"
            problems = checker(game)
            if problems:
                raise PnpError("\n".join(f"{gid}: {p}" for p in problems))
            return "OK"
        rows.append(_run(CheckRow(gid, "invariants", "コンポーネントの不変条件"), components))

        # a deck whose layout has problems of its own is checked as data, never laid out: said, not failed
        unlaid = "".join(f"（{d.name} はテンプレート {d.layout.id} に問題があるため省略）" for d in game.unlaid)

        def cards(game=game, unlaid=unlaid):
            from .build import plan_game_cards
            plans = plan_game_cards(game)
            return f"{sum(len(f) + 1 for f, _ in plans.values())} 面" + unlaid
        rows.append(_run(CheckRow(gid, "text", "文字の収まり・字形"), cards))
        progress(f"{gid}: text")

        def layout(game=game, unlaid=unlaid):
            from .build import check_layout
            return check_layout(game) + unlaid
        rows.append(_run(CheckRow(gid, "layout", "割付（全用紙のシート・パーツ・ルールブック）"), layout))
        progress(f"{gid}: layout")

        def rulebook(game=game):
            from .. import rulebook as rb
            if not rb.has_rulebook(game):
                return "ルールブックなし"
            problems = list(rb.check_rulebook(game))
            counts = {c.name: c.count for c in game.components}
            for file, line, name, number in rb.stated_counts(game):
                if name in counts and counts[name] != number:
                    problems.append(f"{file}:{line}: count: the rulebook states {number} for {name!r}, "
                                    f"the data makes {counts[name]} (game.yaml components)")
            if problems:
                raise PnpError("\n".join(str(p) for p in problems))
            return f"記載された枚数 {len(rb.stated_counts(game))} か所 OK"
        rows.append(_run(CheckRow(gid, "rulebook", "ルールブック"), rulebook))
        rows.append(_run(CheckRow(gid, "ledger", "設計者の台帳（裁定・質問・例）"), partial(ledger_check, game)))

        def samples(game=game):
            if not game.engine:
                return "ルールエンジンなし"
            from ..games import make_engine
            from ..sim.validation import run_sample_games, sample_configs
            engine = make_engine(game)
            problems = run_sample_games(game, engine, games_per_config=games_per_config, seed=seed)
            if problems:
                raise PnpError("\n".join(str(p) for p in problems[:20]) +
                               (f"\n… and {len(problems) - 20} more" if len(problems) > 20 else ""))
            configs = sample_configs(engine)
            return f"{len(configs)} 構成 × {games_per_config} ゲーム、例外・不変条件違反なし"
        rows.append(_run(CheckRow(gid, "samples", "試遊（シード付きサンプルゲーム）"), samples))

        def hidden(game=game):
            if not game.engine:
                return "ルールエンジンなし"
            from ..games import make_engine
            from ..sim.validation import run_determinization_checks
            problems, checked = run_determinization_checks(game, make_engine(game), seed=seed)
            if problems:
                raise PnpError("\n".join(str(p) for p in problems[:20]) +
                               (f"\n… 他 {len(problems) - 20} 件" if len(problems) > 20 else ""))
            if not checked:
                return "探索プレイヤー用のフック（determinize）なし"
            return f"{checked} 局面×席、見えている情報は一致し、隠れた札は毎回配り直される"
        rows.append(_run(CheckRow(gid, "hidden", "探索プレイヤーの確定化（隠れた札を見ない）"), hidden))
        progress(f"{gid}: samples")
        rows.append(_run(CheckRow(gid, "engine", "エンジンの共通検査（人数・部品・保存・再生・隠れた情報）"),
                         partial(generic_row, game, seed)))

        def track(game=game):
            if not game.engine:
                return "ルールエンジンなし"
            from ..games import make_engine
            engine = make_engine(game)
            if not getattr(engine, "score_track", None):
                return "得点トラックなし"
            return check_score_track(engine, max(games_per_config, 300), seed)
        rows.append(_run(CheckRow(gid, "track", "得点トラックの長さ"), track))
    return rows


def generic_row(game, seed: int) -> str:
    """The checks every engine gets without code of its own (pnp.sim.generic)."""
    if not game.engine:
        return "ルールエンジンなし"
    from ..games import make_engine
    from ..sim.generic import generic_checks
    report = generic_checks(game, make_engine(game), seed)
    if report.problems:
        raise PnpError("\n".join(f"{game.id}: {p}" for p in report.problems))
    undeclared = f"（任意の宣言なし：{', '.join(report.undeclared)}）" if report.undeclared else ""
    return "、".join(report.done) + undeclared


def ledger_check(game) -> str:
    """The engine plays only rulings the data states; every option a question names is a variant or
    option the engine really has; every worked example with a position replays to what its text says."""
    problems: list[str] = []
    if game.final:   # build refuses a final print while questions are open: say so before building
        from .questions import finalize
        try:
            finalize(game)
        except PnpError as exc:
            problems.append(str(exc).replace("--final prints", "final: true prints", 1))
    known = {r.id for r in game.rulings}
    engine = None
    if game.engine:
        from ..games import make_engine
        engine = make_engine(game)
        for rid in getattr(engine, "ruling_ids", ()):
            if rid not in known:
                problems.append(f"{game.id}: the rules engine plays ruling {rid!r}, which rulings.yaml does not state")
        variants = {v.id for v in getattr(engine, "variants", ())}
        specs = {o.id: o for o in getattr(engine, "options", ())}
        for entry in game.ledger:
            q = entry.question
            for opt in q.options if q is not None else ():
                if opt.variant is not None and opt.variant not in variants:
                    problems.append(str(q.where.problem("question.options", f"option {opt.id!r} names variant "
                                                        f"{opt.variant!r}; the engine has {', '.join(sorted(variants))}")))
                for key, value in opt.options.items():
                    spec = specs.get(key)
                    if spec is None or value not in spec.choices:
                        problems.append(str(q.where.problem("question.options", f"option {opt.id!r} sets {key}={value!r}, "
                                                            "which is not an engine option choice")))
    examples = 0
    sections: list[Any] = []
    from .. import rulebook as rb
    if rb.has_rulebook(game):
        from ..rulebook.markup import parse_rulebook
        from ..sim.examples import check_rulebook_examples, rulebook_examples
        doc, _ = parse_rulebook(game)
        sections = [s.entry for s in doc.sections]
        if engine is not None:
            examples, found = check_rulebook_examples(doc, engine)
            problems.extend(str(p) for p in found)
        elif rulebook_examples(doc):
            problems.append(f"{game.id}: the rulebook has example positions but the game has no rules engine")
    if problems:
        raise PnpError("\n".join(problems))
    from ..data.ledger import open_questions
    sourced = sum(1 for r in game.rulings if r.entry.source)
    proposed = sum(1 for r in game.rulings if r.provisional)
    return (f"裁定 {len(game.rulings)} 件（下書きの引用つき {sourced}・pnp の提案 {proposed}・"
            f"出典なし {len(game.rulings) - sourced - proposed}）、"
            f"未回答の質問 {len(open_questions(game.ledger, sections))} 件、例の局面 {examples} 件 OK")


def provisional_row(game) -> CheckRow:
    """What was proposed rather than written by the designer (marked provisional in the data):
    listed so the designer sees what is theirs.  Information only, never a failure."""
    row = CheckRow(game.id, "provisional", "仮の内容（提案）")
    items = []
    for comp in game.components:
        if comp.provisional:
            items.append(f"{comp.name}（{comp.where.file}）")
    for deck in game.decks:
        marked = [c for c in deck.cards if c.provisional]
        if marked and not game.component(deck.id).provisional:
            items.append(f"{deck.name} {len(marked)}/{len(deck.cards)} 種（{deck.file}）")
    for part in game.parts:
        if getattr(part, "provisional", False) and not game.component(part.id).provisional:
            items.append(f"{part.name}（{part.file}）")
    row.detail = f"{len(items)} 件" if items else "なし"
    row.info = items
    return row


TRACK_FIT_TARGET = 0.999


def check_score_track(engine, games: int, seed: int) -> str:
    """At least 99.9 % of sample games (every player count, the game's own policy) must end with
    every score on the printed track."""
    from ..sim.policies import policy_names
    from ..sim.runner import Batch, iter_games
    lo, hi = engine.score_track
    names = policy_names(engine)
    policy = names[1] if len(names) > 1 else names[0]
    fits = total = 0
    top = lo
    for players in range(engine.min_players, engine.max_players + 1):
        for r in iter_games(engine, Batch(players, (policy,), games, seed=seed)):
            if r.result is None:
                continue
            total += 1
            top = max(top, max(r.result.scores))
            fits += all(lo <= v <= hi for v in r.result.scores)
    share = fits / total if total else 0.0
    source = getattr(engine.score_track, "source_ja", "")
    mismatch = getattr(engine.score_track, "mismatch", "")
    detail = (f"{lo}〜{hi}：{total} ゲーム中 {100 * share:.2f}% が収まる（最高 {top:g}、方針 {policy}）"
              + (f"。範囲は {source}" if source else ""))  # where the figure comes from
    if mismatch:
        raise PnpError(f"{engine.game_id}: score track: {mismatch}\n{detail}")
    if share < TRACK_FIT_TARGET:
        raise PnpError(f"{engine.game_id}: score track {lo}–{hi}: only {100 * share:.2f}% of sample games end "
                       f"with every score on it (at least {100 * TRACK_FIT_TARGET:.1f}% needed); highest score {top:g}"
                       + (f"; the range is {source}" if source else ""))
    return detail

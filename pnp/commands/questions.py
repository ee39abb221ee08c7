"""`pnp questions` and `pnp build --final`: the designer's open questions, with what each option does.

A question is open while its item is pnp's proposal (``provisional: true``) and the designer has not
answered it (``answer:``).  Where the options name engine variants or options, the same seeded games
are played under the option pnp plays (``chosen``) and under each other option, and the paired
differences are reported with 95% intervals: how often the winner changes, how much longer or
shorter the game gets, (cooperative games) the team's win rate, and every figure the engine names as
answering one of its questions (``measures``), under both options.  An option of a ruling's question that
names neither is said to be beyond the engine (「ルールエンジンでは比べられません」), so a reader never takes a
missing figure for a missing difference.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..data.ledger import TOPIC_NAMES, Entry, Option, open_questions
from ..data.model import Game
from ..errors import PnpError
from ..sim.answers import paired_lines_ja
from ..sim.engine import BaseEngine


def game_questions(game: Game) -> list[tuple[str, Entry]]:
    """Every open question of the game: its data (rulings, decks, cards, parts, components) and its
    rulebook sections."""
    from ..rulebook import has_rulebook
    from ..rulebook.markup import parse_rulebook
    sections: list[Entry | None] = []
    if has_rulebook(game):
        doc, _ = parse_rulebook(game)
        sections = [s.entry for s in doc.sections]
    return open_questions(game.ledger, sections)


def finalize(game: Game, force: bool = False) -> Game:
    """The game as printed without provisional marks (``--final``, or ``final: true`` in game.yaml).
    Refused while questions are open, unless forced."""
    waiting = game_questions(game)
    if waiting and not force:
        lines = [f"{game.id}: --final prints without the （仮） marks, but {len(waiting)} question(s) for the "
                 "designer are still open (answer them with answer: in the data, or build with --force):"]
        lines += [f"  {e.where.file}:{e.where.line}: {e.label}: {e.asked.ask}" for _, e in waiting[:20]]
        if len(waiting) > 20:
            lines.append(f"  … and {len(waiting) - 20} more (pnp questions {game.id})")
        raise PnpError("\n".join(lines))
    return replace(game, final=True)


def _setting(engine: BaseEngine, option: Option) -> tuple[str, dict[str, Any]] | None:
    """(variant, engine options) that play an option, or None when the engine cannot play it."""
    if option.variant is None and not option.options:
        return None
    defaults = {o.id: o.default for o in engine.options}
    return option.variant or "standard", {**defaults, **option.options}


def option_effects(engine: BaseEngine, entry: Entry, games: int, seed: int,
                   progress: Callable[[str], None] = lambda _: None,
                   cache: dict[Any, Any] | None = None) -> list[dict[str, Any]]:
    """For each option other than the chosen one: the paired difference from the chosen option, per
    player count (same seeds, the default policy).  ``cache`` keeps the games of a setting for the next
    question played under the same one (most questions compare with the standard rules)."""
    from ..sim.answers import PairedAnswers
    from ..sim.comparisons import placebos
    from ..sim.labels import round_unit
    from ..sim.metrics import compare
    from ..sim.policies import parse_policies
    from ..sim.runner import Batch, run_games
    q = entry.asked
    base = _setting(engine, q.option(q.chosen))
    out: list[dict[str, Any]] = []
    names = parse_policies(engine, None)
    played = cache if cache is not None else {}

    def batch_of(players: int, setting: tuple[str, dict[str, Any]]) -> Batch:
        return Batch(players, names, games, seed=seed, variant=setting[0], options=setting[1], track_streams=True)

    def games_of(players: int, setting: tuple[str, dict[str, Any]]) -> Any:
        key = (players, setting[0], tuple(sorted(setting[1].items())), games, seed)
        if key not in played:
            played[key] = run_games(engine, batch_of(players, setting))
        return played[key]
    for option in q.options:
        if option.id == q.chosen:
            continue
        other = _setting(engine, option)
        if base is None or other is None:
            out.append({"option": option.id, "simulated": False})
            continue
        per_count = []
        for players in range(engine.min_players, engine.max_players + 1):
            progress(f"{entry.label}: {option.id} {players}人")
            a = games_of(players, base)
            b = games_of(players, other)
            c = compare(engine, a, b, q.chosen, option.id, placebo=placebos(engine, batch_of(players, base),
                                                                          batch_of(players, other), zip(a, b)))
            answers = PairedAnswers(engine)
            for x, y in zip(a, b):
                answers.add(x, y)
            figures = {"players": players, "pairs": c["pairs"], "winner_changed": c["winner_changed"],
                       "noise_floor": c["noise_floor"], "chance_identical": c["chance_identical"],
                       "placebo_games": c["placebo_games"],
                       "winner_change_excess": c["winner_change_excess"],
                       "winner_change_verdict": c["winner_change_verdict"],
                       "rounds_diff": c["rounds_diff"], "round_unit_ja": round_unit(engine),
                       "measures": answers.result()["measures"]}
            if "team_win_rate_diff" in c:
                figures["team_win_rate_diff"] = c["team_win_rate_diff"]
            else:
                figures["first_seat_win_rate_diff"] = c["seat_win_rate_diff"][0] if c["seat_win_rate_diff"] else None
            per_count.append(figures)
        out.append({"option": option.id, "simulated": True, "policy": ",".join(names), "by_players": per_count})
    return out


def questions_data(games: list[Game], sim_games: int = 0, seed: int = 1,
                   progress: Callable[[str], None] = lambda _: None) -> list[dict[str, Any]]:
    """JSON-able: per game, its open questions grouped by topic, each with options and effects."""
    out = []
    for game in games:
        engine = None
        if sim_games and game.engine:
            from ..games import make_engine
            engine = make_engine(game)
        items = []
        cache: dict[Any, Any] = {}
        for topic, entry in game_questions(game):
            q = entry.asked
            item = {"topic": topic, "topic_ja": TOPIC_NAMES.get(topic, topic), "kind": entry.kind, "ref": entry.ref,
                    "label": entry.label, "file": entry.where.file, "line": entry.where.line, "ask": q.ask,
                    "options": [{"id": o.id, "text": o.text, "chosen": o.id == q.chosen, "variant": o.variant,
                                 "engine_options": dict(o.options)} for o in q.options],
                    "chosen": q.chosen, "why": q.why}
            if engine is not None and any(_setting(engine, o) for o in q.options):
                item["effects"] = option_effects(engine, entry, sim_games, seed, progress, cache)
            elif engine is not None and topic == "rules" and entry.kind == "ruling":
                # a ruling none of whose options the engine plays: said so, not left silent (a question about a
                # rulebook section or a part is not the engine's to answer)
                item["effects"] = [{"option": o.id, "simulated": False} for o in q.options if o.id != q.chosen]
            items.append(item)
        out.append({"game": game.id, "title": game.title, "open": len(items), "questions": items})
    return out


def _ci(d: dict[str, Any], scale: float = 1.0, unit: str = "") -> str:
    lo, hi = d["ci"]
    return f"{d['mean_diff'] * scale:+.1f}{unit}（95%区間 {lo * scale:+.1f}〜{hi * scale:+.1f}{unit}）"


def format_questions(data: list[dict[str, Any]]) -> list[str]:
    from ..sim.metrics import winner_change_ja

    lines: list[str] = []
    for g in data:
        lines.append(f"■ {g['title']}（{g['game']}）：未回答の質問 {g['open']} 件")
        topic = None
        for n, item in enumerate(g["questions"], 1):
            if item["topic"] != topic:
                topic = item["topic"]
                lines.append(f"  ◇ {item['topic_ja']}")
            lines.append(f"  Q{n}. {item['label']}  [{item['file']}:{item['line']}]")
            lines.append(f"      {item['ask']}")
            for o in item["options"]:
                lines.append(f"      {'●' if o['chosen'] else '○'} {o['id']}: {o['text']}"
                             + ("（pnp はこれで遊んでいます）" if o["chosen"] else ""))
            lines.append(f"      理由：{item['why']}")
            for eff in item.get("effects", []):
                if not eff["simulated"]:
                    lines.append(f"      {eff['option']}：ルールエンジンでは比べられません")
                    continue
                for f in eff["by_players"]:
                    parts = [winner_change_ja(f), f"{f.get('round_unit_ja', 'ラウンド')}数 {_ci(f['rounds_diff'])}"]
                    if "team_win_rate_diff" in f:
                        parts.insert(0, f"チームの勝率 {_ci(f['team_win_rate_diff'], 100, '%')}")
                    elif f.get("first_seat_win_rate_diff"):
                        parts.append(f"1番席の勝率 {_ci(f['first_seat_win_rate_diff'], 100, '%')}")
                    lines.append(f"      {q_label(item, eff)} {f['players']}人（{f['pairs']}組）：" + "、".join(parts))
                    # the figures that answer the game's questions, under both options, and their paired difference
                    for t in paired_lines_ja({"measures": f.get("measures", [])}, item["chosen"], eff["option"]):
                        lines.append(f"        {t}")
        lines.append("")
    return lines


def q_label(item: dict[str, Any], eff: dict[str, Any]) -> str:
    return f"{eff['option']}（{item['chosen']}との差）"

"""The content of ``pnp simulate``'s Japanese PDF report: charts a designer reads instead of a table.

One page per player count: seat win rates with 95% whiskers, end reasons, the length histogram, and the
designer's questions answered.  This module decides what the report says, as plain records
(``render.document``); ``render.report_pdf`` sets them on paper.  ``invariant=1`` makes the same
summary give the same bytes."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..render.document import (
    BarChart,
    Block,
    ChartRow,
    Heading,
    Listing,
    ListingLine,
    NewPage,
    Paragraph,
    Report,
    Space,
    Table,
    Title,
)
from ..render.report_pdf import write_report_pdf
from .answers import INTERVALS_JA, answered_findings, paired_lines_ja
from .cardeffects import OBSERVED_JA, card_effect_lines_ja, restricted_lines_ja
from .comparisons import side_figures
from .labels import Labeller, margin_ja, missing_labels, policy_label, report_policies
from .metrics import winner_change_ja
from .page_one import first_page
from .result import Rate, ReportLabels, RunResult, as_run
from .robustness import robustness_ja
from .skill import skill_luck_ja
from .stats import num, rate_ja
from .verdicts import verdict_rows


class _Content:
    """The report's blocks in reading order; the pages are cut where they are drawn (render/)."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []

    def add(self, block: Block) -> None:
        self.blocks.append(block)

    def text(self, text: str, name: str = "mincho", size: float = 9, indent: float = 0, gap: float = 0) -> None:
        """A paragraph; ``indent`` and ``gap`` (the space after it) in mm."""
        self.add(Paragraph(text, name, size, indent, gap))

    def heading(self, text: str, size: float = 11) -> None:
        self.add(Heading(text, size))

    def table(self, header: Sequence[str], rows: Sequence[Sequence[str]], widths: Sequence[float]) -> None:
        """A table; ``widths`` in percent of the text width."""
        self.add(Table(tuple(header), tuple(tuple(r) for r in rows), tuple(widths)))


def _rate_chart(w: _Content, title: str, labels: Sequence[str], rates: Sequence[dict[str, Any]], *,
                ref: float | None = None, unit_sentence: str = "") -> BarChart | None:
    """A bar chart of rates with 95% whiskers, or (one bar only) a sentence instead of a chart."""
    if not labels:
        return None
    if len(labels) == 1:
        w.text(f"{title}：{labels[0]} {rate_ja(rates[0])}{unit_sentence}。", indent=2)
        return None
    return BarChart(title, tuple(labels), tuple(r["rate"] for r in rates), tuple((r["ci"][0], r["ci"][1]) for r in rates),
                    percent=True, reference=ref)


def _count_chart(w: _Content, title: str, labels: Sequence[str], values: Sequence[float], unit: str) -> BarChart | None:
    if not labels:
        return None
    if len(labels) == 1:
        w.text(f"{title}：すべて {labels[0]}{unit}（{values[0]:g}ゲーム）。", indent=2)
        return None
    return BarChart(title, tuple(labels), tuple(values))


def _flush(w: _Content, pending: list[BarChart | None]) -> None:
    """The charts gathered so far, two side by side."""
    ds = [d for d in pending if d is not None]
    for k in range(0, len(ds), 2):
        w.add(ChartRow(tuple(ds[k:k + 2])))
    pending.clear()


def _players_block(w: _Content, words: ReportLabels, runs: Sequence[RunResult]) -> None:
    w.heading("このレポートを作ったプレイヤー")
    for n in report_policies(runs):
        w.text(f"・{policy_label(n)}（{n}）", "gothic-bold", 9)
        w.text(words.policy_notes[n], indent=4, gap=1)


def _headline(w: _Content, s: RunResult, label: Labeller) -> None:
    """The first page's figures for one player count."""
    w.text(f"■ {s.players}人（{s.completed}ゲーム）", "gothic-bold", 10)
    if s.cooperative:
        assert s.team_win_rate is not None
        w.text(f"チームの勝率 {rate_ja(s.team_win_rate.to_json())}。", indent=4)
        losses = s.loss_reasons or {}
        if losses:
            w.text("負けかた：" + "、".join(f"{label.reason(k)} {100 * r.rate:.1f}%" for k, r in losses.items()) + "。",
                   indent=4)
    else:
        w.text(f"席順の有利不利（{'・'.join(policy_label(n) for n in s.policies)}どうし）：" + seat_sentence(s),
               indent=4)
    L = s.length
    w.text(f"長さ：平均 {L.rounds.mean:.1f}{label.unit}、1人あたりの選択は平均 {L.choices.mean:.1f}回。", indent=4)
    for line in skill_luck_ja(s.skill_luck.data if s.skill_luck else {}, label):
        w.text(line, indent=4)
    if s.robustness:
        w.text(robustness_ja(s.robustness.data, label), indent=4)


def seat_sentence(s: RunResult | Mapping[str, Any]) -> str:
    """The seats' win rates and the χ² test of equal seats; a best and a worst seat are named only where
    the test tells the seats apart (p < 0.05)."""
    run = as_run(s)
    seats, p = run.seat_win_rates, run.players
    rates = "・".join(f"{i + 1}番席 {100 * r.rate:.1f}%" for i, r in enumerate(seats))
    t = run.seat_test
    text = f"{rates}（公平なら{100 / p:.1f}%）。"
    if not t:
        return text
    text += f"席がすべて同じ強さかのχ²検定（自由度{t.df}）p = {t.p:.2f}"
    if t.p >= 0.05:
        return text + "：席による差は言えません。"
    best = max(range(len(seats)), key=lambda i: seats[i].rate)
    worst = min(range(len(seats)), key=lambda i: seats[i].rate)
    return (text + f"：席によって勝率が違います。いちばん勝つのは{best + 1}番席 {rate_ja(seats[best].to_json())}、"
            f"いちばん勝てないのは{worst + 1}番席 {rate_ja(seats[worst].to_json())}。")


def _verdict_table(w: _Content, runs: Sequence[RunResult], label: Labeller) -> None:
    """Page 2: every figure → its interval, chance baseline, verdict, for every player count."""
    w.text("すべての数字：数字、95%区間、偶然ならいくつか、区間から言えること（区間が偶然の値をまたぐときは"
           "「区別できない」「言えない」とだけ書きます。「記述」は偶然の基準がない数字です）。ここの判定は行ごとの95%区間"
           "によるもので、数字の数だけ検定をくり返すことの補正はしていません（補正したものは1ページ目の「変えるならここ」）。",
           "gothic", 8.5)
    rows = []
    for s in runs:
        for r in verdict_rows(s.to_json(), label):
            rows.append([f"{s.players}人", r["question"], r["figure"], r["interval"], r["chance"], r["verdict"]])
    w.table(["人数", "問い", "数字", "95%区間", "偶然なら", "判定"], rows, [6, 36, 13, 15, 9, 21])


def _questions_first(w: _Content, runs: Sequence[RunResult], label: Labeller) -> None:
    """Page 1: the designer's questions, one row each, and the ranked list of what to change."""
    page = first_page(runs, label)
    several = len(runs) > 1
    w.heading("設計者の問いへの答え", 12)
    w.text("問いごとに、答える数字と95%区間、区間から言えること（区間が偶然の値をまたぐときは「区別できない」とだけ書きます。"
           "「記述」は偶然の基準がない数字です）。判定は行ごとの95%区間によります。", "gothic", 8.5)
    head = (["人数"] if several else []) + ["問い", "答える数字（95%区間）", "判定"]
    widths = ([6] if several else []) + ([30, 42, 22] if several else [34, 44, 22])  # percent of the text width
    w.table(head, [([f"{r.players}人"] if several else []) + [r.question, r.figure, r.verdict] for r in page.rows],
            widths)
    w.heading("変えるならここ（効果の大きい順）", 12)
    if page.tested:
        w.text(f"同じ種で遊んだルール案の差{page.tested}個（比べた数字すべて、人数ごと）に、まとめてHolm法の補正をかけ、"
               "補正後も p < 5% のものだけを、差の大きい順に載せます（ポイントでない数字は後ろに）。", "gothic", 8.5)
    for k, c in enumerate(page.changes, 1):
        w.text(f"{k}. " + (f"{c.players}人：" if several else "") + c.text + "。", indent=2)
    if not page.changes:
        said = []
        if any(s.seat_test for s in runs):
            said.append("いまのルールの席順に、χ²検定で言える差はありません")
        said.append("比べたルール案のどれにも、補正後に言える差はありませんでした" if page.tested else
                    "このレポートではルール案を比べていません")
        w.text("。".join(said) + "。", indent=2)


def _first_page(w: _Content, words: ReportLabels, title: str, runs: Sequence[RunResult]) -> None:
    """The answers first; then every figure, the players, the headlines per player count, the draft's
    questions answered, the comparisons the game asks for and the keys without Japanese words."""
    s0 = runs[0]
    w.add(NewPage())
    w.add(Title(f"{title} 試遊レポート", 8))
    label = Labeller(words, s0.end_reasons_ja)
    counts = "・".join(f"{s.players}人" for s in runs)
    w.text(f"{counts}で各{s0.games}ゲーム（種 {s0.seed}、ルール {label(s0.variant)}"
           + (f"、オプション {_opts(s0.options)}" if s0.options else "") + "）。", "gothic", 9)
    _questions_first(w, runs, label)
    w.add(NewPage())
    w.heading("数字の一覧")
    _verdict_table(w, runs, label)
    w.text(INTERVALS_JA, "gothic", 9, gap=1)
    _players_block(w, words, runs)
    w.heading("まとめ（人数ごと）")
    for s in runs:
        label.extra.update(s.end_reasons_ja)
        _headline(w, s, label)
    _draft_answers(w, runs)
    _builtin_comparisons(w, runs, label)
    _missing_words(w, words, runs)


def _draft_answers(w: _Content, runs: Sequence[RunResult]) -> None:
    """The draft's open questions, each answered with its figure and interval, per player count."""
    questions: dict[str, list[tuple[int, dict[str, Any]]]] = {}
    for s in runs:
        for f in answered_findings(s):
            questions.setdefault(f["question"], []).append((s.players, f))
    if not questions:
        return
    w.heading("下書きの疑問への答え")
    for q, answers in questions.items():
        w.text("・" + q, "gothic-bold", 9)
        for p, f in answers:
            w.text((f"{p}人：" if len(runs) > 1 else "") + f["answer"], indent=4)
            for line in f["paired"]:
                w.text(line, indent=8)
        w.add(Space(1.5))


def _builtin_comparisons(w: _Content, runs: Sequence[RunResult], label: Labeller) -> None:
    """The comparisons the game asks for, played on the same seeds."""
    comps = [(s.players, rc) for s in runs for rc in s.report_comparisons or ()]
    if not comps:
        return
    w.heading("ゲームが求める比較（同じ種で両方のルールを遊んだ結果）")
    for p, rc in comps:
        w.text(f"・{rc.name_ja}（{p}人、{rc.pairs}組）", "gothic-bold", 9)
        # the paired differences of the figures that answer the designer's questions come first
        for line in paired_lines_ja(rc.get("answers") or {}, rc.a_ja, rc.b_ja):
            w.text(line, indent=4)
        for side, name in (("a", rc.a_ja), ("b", rc.b_ja)):
            label.extra.update(rc[side]["end_reasons_ja"])
            w.text(f"{name}：" + "、".join(side_phrases(rc[side], label)) + "。", indent=4)
        if rc.pairs:
            w.text(winner_change_ja(rc["paired"]) + "。", indent=4)


def _missing_words(w: _Content, words: ReportLabels, runs: Sequence[RunResult]) -> None:
    """The keys shown as they are, for want of the engine's Japanese words."""
    missing = missing_labels(words, [s.to_json() for s in runs])
    for s in runs:
        for rc in s.report_comparisons or ():
            for side in ("a", "b"):
                lab = Labeller(words, rc[side]["end_reasons_ja"])
                for k in rc[side]["end_reason_rates"]:
                    lab(k)
                missing = sorted(set(missing) | {f"end_reason:{k}" for k in lab.missing})
    if missing:
        w.heading("日本語の名前がないキー")
        w.text("次のキーはエンジンが日本語の名前（labels_ja）を持たないため、キーのまま載せています："
               + "、".join(missing) + "。", gap=1)


def _opts(options: Mapping[str, Any]) -> str:
    return "、".join(f"{k}={v}" for k, v in sorted(options.items()))


def side_phrases(side: Mapping[str, Any], label: Any) -> list[str]:
    """One side of a comparison as Japanese phrases (each rate with its interval)."""
    parts = []
    if "team_win_rate" in side:
        parts.append(f"チームの勝率 {rate_ja(side['team_win_rate'])}")
    else:
        parts.append("席ごとの勝率 " + "・".join(f"{i + 1}番席 {100 * r['rate']:.1f}%（{100 * r['ci'][0]:.1f}〜"
                                           f"{100 * r['ci'][1]:.1f}%）" for i, r in enumerate(side["seat_win_rates"])))
    parts.append(f"平均 {side['rounds']['mean']:.1f}{getattr(label, 'unit', 'ラウンド')}")
    parts.append("終了理由 " + "・".join(f"{label.reason(k)} {100 * r['rate']:.1f}%"
                                        for k, r in side["end_reason_rates"].items()))
    return parts


def _page(w: _Content, words: ReportLabels, title: str, s: RunResult) -> None:
    """One player count's page: its line, its charts, the cards, the compared rules."""
    w.add(NewPage())
    label = Labeller(words, s.end_reasons_ja)
    w.add(Title(f"{title}　{s.players}人", 7))
    _page_head(w, s, label)
    if s.cooperative:
        _team_charts(w, s, label)
    else:
        _seat_charts(w, words, s, label)
    if s.cooperative:
        w.text("終了理由：" + "、".join(f"{label.reason(e.key)} {rate_ja(e.rate.to_json())}" for e in s.end_reasons)
               + "。", gap=1)
    _dealt_cards(w, s)
    _used_cards(w, s, label)
    _compared(w, s, label)


def _page_head(w: _Content, s: RunResult, label: Labeller) -> None:
    pols = "・".join(policy_label(n) for n in s.policies)
    w.text(f"{s.games}ゲーム（完了 {s.completed}、エラー {s.failed}）　種 {s.seed}　"
           f"プレイヤー {pols}　ルール {label(s.variant)}", "gothic", 9)
    R = s.length.rounds
    line = (f"{label.unit}数 平均 {R.mean:.1f}（p10 {num(R.p10)}・p50 {num(R.p50)}・"
            f"p90 {num(R.p90)}）　1人あたりの選択 平均 {s.length.choices.mean:.1f}回")
    if not s.cooperative and s.scores is not None:
        line += f"　勝者の得点 平均 {s.scores.winner.mean:.1f}点　{margin_ja(s.scores.to_json())}"
    w.text(line, "gothic", 9, gap=2)


def _length_chart(w: _Content, s: RunResult, label: Labeller) -> BarChart | None:
    hist = s.length_histogram
    return _count_chart(w, f"ゲームの長さ（{label.unit}数ごとのゲーム数）", [f"{k}{label.unit}" for k in hist],
                        list(hist.values()), "")


def _rates(table: Mapping[str, Rate]) -> list[dict[str, Any]]:
    return [r.to_json() for r in table.values()]


def _team_charts(w: _Content, s: RunResult, label: Labeller) -> None:
    """Cooperative: the team's rate, by character, figures by round, how the team lost, the characters together."""
    assert s.team_win_rate is not None
    w.text(f"チームの勝率 {rate_ja(s.team_win_rate.to_json())}。協力ゲームなので、チームとしての数字を載せます。", gap=1)
    pending: list[BarChart | None] = []
    for fact, table in s.seat_facts.items():
        if len(table) <= 12:
            pending.append(_rate_chart(w, f"{label(fact)}ごとのチームの勝率（そのキャラクターがいたゲーム）",
                                       [label(k) for k in table], _rates(table), ref=s.team_win_rate.rate))
    for key, tab in (s.by_round or {}).items():
        ks = list(tab)
        if len(ks) > 1:
            pending.append(BarChart(f"{label(key)}（{label.unit}の終わりの平均、ひげは10〜90%の幅）",
                                    tuple(f"{k}{label.unit}目" for k in ks), tuple(tab[k].mean for k in ks),
                                    tuple((tab[k].p10, tab[k].p90) for k in ks)))
        elif ks:
            w.text(f"{label(key)}：1{label.unit}目の終わりに平均 {tab[ks[0]].mean:.1f}。", indent=2)
    losses = s.loss_reasons or {}
    pending.append(_rate_chart(w, "負けかた（負けたゲームのうち）", [label.reason(k) for k in losses], _rates(losses)))
    pending.append(_length_chart(w, s, label))
    _flush(w, pending)
    for fact, rows in (s.team_sets or {}).items():
        if rows:
            w.heading(f"{label(fact)}の組み合わせごとのチームの勝率", 10)
            for row in sorted(rows, key=lambda r: -r.rate.rate):
                w.text(f"{'・'.join(label(v) for v in row.members)}：{rate_ja(row.to_json())}", indent=2)


def _seat_charts(w: _Content, words: ReportLabels, s: RunResult, label: Labeller) -> None:
    """Seats, end reasons, length, policies, each seat's facts (a descriptive one said so)."""
    fair = 1 / s.players
    pending: list[BarChart | None] = [
        _rate_chart(w, "席ごとの勝率（ひげは95%区間、点線は公平な勝率）", [f"{i + 1}番席" for i in range(len(s.seat_win_rates))],
                    [r.to_json() for r in s.seat_win_rates], ref=fair),
        _rate_chart(w, "終了理由", [label.reason(e.key) for e in s.end_reasons], [e.rate.to_json() for e in s.end_reasons]),
        _length_chart(w, s, label)]
    pols = s.wins_by_policy
    if len(pols) > 1:
        pending.append(_rate_chart(w, "方針ごとの勝率", [policy_label(k) for k in pols], _rates(pols), ref=fair))
    descriptive = words.descriptive_facts
    for fact, table in s.seat_facts.items():
        if len(table) <= 12:
            # a fact that follows the hand's strength (the set-aside card's value) is descriptive only
            note = "（記述のみ：因果ではありません）" if fact in descriptive else ""
            pending.append(_rate_chart(w, f"{label(fact)}ごとの勝率{note}", [label(k) for k in table], _rates(table),
                                       ref=fair))
    _flush(w, pending)
    for fact in s.seat_facts:
        if fact in descriptive:
            w.text(f"「{label(fact)}ごとの勝率」は記述です：{descriptive[fact]}", size=8, indent=2)


def _dealt_cards(w: _Content, s: RunResult) -> None:
    """The causal card figure, and restricted play where it was played."""
    effects = s.card_effects
    if not effects:
        return
    w.heading("カードごとの勝率（配られたカード）", 10)
    for block in (card_effect_lines_ja(effects.data), restricted_lines_ja(effects.restricted or {"units": {}})):
        for i, line in enumerate(block):
            w.text(line, indent=2 if i else 0)


_CARD_FLAGS = {"dead": "ほとんど使われない", "dominant": "強すぎる", "weak": "弱い"}


def _used_cards(w: _Content, s: RunResult, label: Labeller) -> None:
    """Each card's user's win rate against comparable cards, the flagged ones named."""
    cards = s.cards.data if s.cards else {}
    if not cards:
        return
    effects = bool(s.card_effects)
    coop = s.cooperative
    w.heading("カードごとの勝率" + ("：" + OBSERVED_JA if effects else ""), 10)
    flagged = [(k, c) for k, c in cards.items() if c["flags"]]
    who = "チーム" if coop else "人"
    grouped = any(c.get("group") for c in cards.values())
    if effects:
        w.text("使った人の勝率は観察値で、カードの強さではありません（勝っている人ほど多くのカードを出し、"
               "勝っているときにだけ出すカードは、何もしなくても勝率が高く見えます）。強い・弱いは上の配られた"
               "カードの勝率で判定し、ここでは、ほとんど使われないカードだけを挙げます。")
    w.text(f"{len(cards)}枚のうち、目立つカードは{len(flagged)}枚です。基準は"
           + ("同じ組のカード（" + "・".join(sorted({str(c['group']) for c in cards.values() if c.get('group')}))
              + "）" if grouped else "ほかのカード")
           + f"が使われたときの{who}の勝率をまとめたもの（使われた回数で重みづけするので、長いゲームほど多く"
           "引かれることも基準に入ります）。"
           + ("" if effects else "強すぎる・弱いは、カードの数だけ検定をくり返しても偶然で1枚でも誤って目立つ確率が"
              "5%以下になるよう、Holm法で補正して判定します（使った人の勝率は観察値で、因果ではありません）。")
           + "5%未満のゲームでしか使われないものは「ほとんど使われない」とします。")
    for k, c in flagged:
        user = "チーム" if c["by"] == "team" or coop else "人"
        w.text(f"・{label(k)}：使った{user}の勝率 {rate_ja(c['user_win_rate'])}、"
               f"基準（{c.get('group') or 'ほかのカード'}） {100 * c['base']:.1f}%"
               + (f"、補正後のp = {c['p_holm']:.3f}" if "p_holm" in c else "")
               + f"、使われたゲーム {100 * c['used_in']['rate']:.1f}%　"
               + "・".join(_CARD_FLAGS[f] for f in c["flags"]), indent=2)


def _compared(w: _Content, s: RunResult, label: Labeller) -> None:
    """--compare-variant / --compare-option: the paired differences and both sides' figures."""
    c = s.comparison
    if c is None:
        return
    w.heading(f"比較：{label(c.variant_a)} → {label(c.variant_b)}（同じ種 {c.pairs} 組）", 10)
    if "team_win_rate_diff" in c:
        d = c["team_win_rate_diff"]
        w.text(f"チームの勝率差 {d['mean_diff']:+.1%}（95%区間 {d['ci'][0]:+.1%}〜{d['ci'][1]:+.1%}）")
    else:
        diffs = "　".join(f"{i + 1}番席 {d['mean_diff']:+.1%}" for i, d in enumerate(c["seat_win_rate_diff"]))
        w.text(f"勝率差 {diffs}", "gothic")
        d = c["mean_score_diff"]
        w.text(f"平均得点差 {d['mean_diff']:+.2f}点（95%区間 {d['ci'][0]:+.2f}〜{d['ci'][1]:+.2f}）", "gothic")
    w.text(winner_change_ja(c.data) + "。")
    if c.summary_b is not None:
        w.text(f"{label(c.variant_a)}：" + "、".join(side_phrases(side_figures(s), label)) + "。")
        label.extra.update(c.summary_b.end_reasons_ja)
        w.text(f"{label(c.variant_b)}：" + "、".join(side_phrases(side_figures(c.summary_b), label)) + "。")


def _questions_listing(lines: Sequence[str]) -> Listing:
    """The designer's open questions (as `pnp questions` prints them): a heading line in gothic, the
    rest in mincho, each indented as the line is."""
    items = []
    for raw in lines:
        text = raw.strip()
        if not text:
            items.append(ListingLine(""))
            continue
        name = "gothic-bold" if text.startswith(("■", "◇", "Q")) else "mincho"
        items.append(ListingLine(text, name, (len(raw) - len(raw.lstrip(" "))) * 1.2))
    return Listing("設計者への質問（未回答）", tuple(items))


def report_document(title: str, summaries: Sequence[RunResult | Mapping[str, Any]], questions: Sequence[str] = (),
                    *, labels: ReportLabels) -> Report:
    """What the report says, as records: the first page gives the players who made the figures, the
    headline figures per player count, the draft's questions answered and the comparisons the game asks
    for; one page (or more) per player count follows with the charts; then the open questions."""
    w = _Content()
    runs = [as_run(s) for s in summaries]
    _first_page(w, labels, title, runs)
    for s in runs:
        _page(w, labels, title, s)
    return Report(title, tuple(w.blocks), _questions_listing(questions) if questions else None)


def write_report(path: Path, title: str, summaries: Sequence[RunResult | Mapping[str, Any]],
                 questions: Sequence[str] = (), *, labels: ReportLabels) -> None:
    """Write the PDF atomically; same summaries → same bytes.
    ``questions``: the lines of the game's open questions for the designer (`pnp questions`), printed
    after the figures.  ``labels`` (the study's, as ``--json`` keeps them) gives the Japanese words, the
    players' notes and the descriptive facts: no engine is asked."""
    write_report_pdf(path, report_document(title, summaries, questions, labels=labels))

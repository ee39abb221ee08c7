"""Messages of the 探偵無宿２ engine (pnp.games.tantei2): code → {"en": …, "ja": …}.

``tantei2.data_*``: what ``pnp validate`` finds wrong in the game's data; ``tantei2.setup_*``: a game
that cannot start (players, variant, options); ``tantei2.illegal_*``: an action refused (a bad replay
or log, a policy that broke the rules); ``tantei2.invariant_*``: a rule invariant broken after a step
(a bug in the engine); ``tantei2.example_*``: a rulebook example's impossible position."""
from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    # ------------------------------------------------------------ the data (facts, check_components)
    "tantei2.data_unknown_ongoing": {
        "en": "{game}: {card}: unknown ongoing effect {op!r}",
        "ja": "{game}: {card}: 常時の効果 {op!r} はありません"},
    "tantei2.data_ongoing_needs_colour": {
        "en": "{game}: {card}: {op} needs a colour",
        "ja": "{game}: {card}: {op} には色が必要です"},
    "tantei2.data_person_count": {
        "en": "{count} persons (there should be 8)",
        "ja": "人物が {count} 人です（8 人のはず）"},
    "tantei2.data_person_cards": {
        "en": "{person} has {normal} normal and {awake} 覚醒 cards (there should be 3 normal and {want_awake} 覚醒)",
        "ja": "{person} は通常 {normal} 枚・覚醒 {awake} 枚です（通常 3 枚・覚醒 {want_awake} 枚のはず）"},
    "tantei2.data_black_person": {
        "en": "there should be exactly one black person (勿忘草)",
        "ja": "黒（勿忘草）の人物はちょうど 1 人のはずです"},
    "tantei2.data_tragedy_count": {
        "en": "there should be exactly one 惨劇の夜",
        "ja": "惨劇の夜はちょうど 1 枚のはずです"},
    "tantei2.data_serials": {
        "en": "the serial numbers do not run 1–{last} without a gap",
        "ja": "通し番号が 1〜{last} の連番になっていません"},
    "tantei2.data_vp_order": {
        "en": "serial {serial} has {vp} VP, more than the more important serial {earlier}'s {earlier_vp} VP",
        "ja": "通し番号 {serial} の VP {vp} が、より重要な {earlier} の VP {earlier_vp} を上回ります"},
    # ------------------------------------------------------------ a game that cannot start
    "tantei2.setup_players": {
        "en": "{game}: {players} players is outside {least}–{most}",
        "ja": "{game}: {players} 人では遊べません（{least}〜{most} 人）"},
    "tantei2.setup_variant": {
        "en": "{game}: unknown variant {variant!r}",
        "ja": "{game}: 変種 {variant!r} はありません"},
    "tantei2.setup_options": {
        "en": "{game}: unknown options {options}",
        "ja": "{game}: オプション {options} はありません"},
    # ------------------------------------------------------------ actions refused
    "tantei2.illegal_shuffle": {
        "en": "expected a shuffle of deck {deck}, got {action}",
        "ja": "山 {deck} のシャッフルのはずが、{action} です"},
    "tantei2.illegal_event_order": {
        "en": "the shuffled event deck is not a permutation of its cards",
        "ja": "シャッフルしたイベントの山が、元のカードの並べ替えになっていません"},
    "tantei2.illegal_inv_order": {
        "en": "the shuffled 捜査デッキ is not a permutation of its cards",
        "ja": "シャッフルした捜査デッキが、元のカードの並べ替えになっていません"},
    "tantei2.illegal_foreign": {
        "en": "not an action of this game: {action}",
        "ja": "このゲームの選択ではありません：{action}"},
    "tantei2.illegal_not_in_hand": {
        "en": "{action}: not in hand",
        "ja": "{action}：そのカードは手札にありません"},
    "tantei2.illegal_rest_empty": {
        "en": "一服 without a card is only for an empty hand",
        "ja": "カードを出さない一服は、手札がないときだけです"},
    "tantei2.illegal_not_payable": {
        "en": "{action}: not payable now",
        "ja": "{action}：いまはコストか死亡条件を満たせません"},
    "tantei2.illegal_sub_colour": {
        "en": "{action}: not allowed",
        "ja": "{action}：いまその色は生み出せません"},
    "tantei2.illegal_sub_cards": {
        "en": "{action}: not enough cards",
        "ja": "{action}：捨てる手札が足りません"},
    "tantei2.illegal_not_main": {
        "en": "{action} is not a main-phase action",
        "ja": "{action} は手番の捜査・代用コスト・一服の選択ではありません"},
    "tantei2.illegal_discard": {
        "en": "{action}: expected a card to discard",
        "ja": "{action}：捨てる手札を選ぶところです"},
    "tantei2.illegal_not_movable": {
        "en": "{action}: not movable",
        "ja": "{action}：その人物のカードは【線外】へ移せません"},
    "tantei2.illegal_watashi_taken": {
        "en": "{action}: not available",
        "ja": "{action}：いま選べる「私」ではありません"},
    "tantei2.illegal_facedown": {
        "en": "{action}: expected a face-down placement",
        "ja": "{action}：手札を裏向きに置くか置かないかを選ぶところです"},
    "tantei2.illegal_flip": {
        "en": "{action}: expected a face-down card",
        "ja": "{action}：表にする裏向きのカードを選ぶところです"},
    "tantei2.illegal_keep_card": {
        "en": "{action}: not a face-down card to keep",
        "ja": "{action}：残せる裏向きのカードではありません"},
    "tantei2.illegal_keep_no_hand": {
        "en": "{action}: no hand card to discard",
        "ja": "{action}：捨てる手札がありません"},
    "tantei2.illegal_keep": {
        "en": "{action}: expected a keep decision",
        "ja": "{action}：裏向きのカードを残すかどうかを選ぶところです"},
    "tantei2.illegal_no_decision": {
        "en": "no decision is pending ({action})",
        "ja": "いまは誰も選ぶところではありません（{action}）"},
    "tantei2.illegal_json": {
        "en": "not an action of {game}: {data}",
        "ja": "{game} の選択ではありません：{data}"},
    # ------------------------------------------------------------ invariants (engine bugs)
    "tantei2.invariant_unknown_task": {
        "en": "unknown task {task}",
        "ja": "知らない処理 {task} です"},
    "tantei2.invariant_stack_empty": {
        "en": "the task stack ran empty",
        "ja": "処理の積み重ねが尽きました"},
    "tantei2.invariant_inv_empty": {
        "en": "the 捜査デッキ ran out before 惨劇の夜",
        "ja": "惨劇の夜より先に捜査デッキが尽きました"},
    "tantei2.invariant_events": {
        "en": "event cards are not conserved: {count} in play",
        "ja": "イベントカードの数が合いません：{count} 枚です"},
    "tantei2.invariant_persons": {
        "en": "person cards are not conserved: {cards}",
        "ja": "人物カードの数が合いません：{cards}"},
    "tantei2.invariant_tragedy_gone": {
        "en": "惨劇の夜 left the game",
        "ja": "惨劇の夜がゲームから取り除かれました"},
    "tantei2.invariant_awake_left": {
        "en": "a 覚醒 card left 【容疑者】",
        "ja": "覚醒人物カードが【容疑者】を離れました"},
    "tantei2.invariant_pile": {
        "en": "bad 【容疑者】 pile for {person}",
        "ja": "{person}の【容疑者】の山が正しくありません"},
    "tantei2.invariant_living_removed": {
        "en": "a living person's card left the game",
        "ja": "生きている人物のカードがゲームから取り除かれました"},
    "tantei2.invariant_death_count": {
        "en": "death count mismatch",
        "ja": "死亡した人数が合いません"},
    "tantei2.invariant_dead_in_play": {
        "en": "a dead person's card is still in play",
        "ja": "死亡した人物のカードがまだ場にあります"},
    "tantei2.invariant_line_counts": {
        "en": "line counts are stale",
        "ja": "【捜査線】の人物ごとの枚数が古いままです"},
    "tantei2.invariant_lamps": {
        "en": "{lamps} lamps",
        "ja": "告命灯が {lamps} 個です"},
    "tantei2.invariant_cube": {
        "en": "a cube lies on a card that is not face down in a 【手帳】",
        "ja": "【手帳】の裏向きのカードでないカードにキューブがあります"},
    "tantei2.invariant_vp": {
        "en": "VP differ from the 手帳",
        "ja": "VPが手帳のカードと合いません"},
    "tantei2.invariant_instant_up": {
        "en": "an instant event stayed in a 手帳",
        "ja": "即時のイベントカードが手帳に残っています"},
    "tantei2.invariant_no_action": {
        "en": "a decision with no legal action",
        "ja": "選べる選択肢のない選択があります"},
    # ------------------------------------------------------------ rulebook examples (~~~check setup)
    "tantei2.example_setup_key": {
        "en": "unknown setup key {key!r} (keys: {keys})",
        "ja": "setup のキー {key!r} はありません（キー：{keys}）"},
    "tantei2.example_person": {
        "en": "unknown person {person!r} (persons: {persons})",
        "ja": "人物 {person!r} はいません（人物：{persons}）"},
    "tantei2.example_per_player": {
        "en": "{key} needs one list per player ({players})",
        "ja": "{key} にはプレイヤーごとに 1 つのリストが必要です（{players} 人）"},
    "tantei2.example_event": {
        "en": "{key}: unknown event card {card!r}",
        "ja": "{key}：イベントカード {card!r} はありません"},
    "tantei2.example_two_places": {
        "en": "an event card is in two places",
        "ja": "同じイベントカードが 2 か所にあります"},
    "tantei2.example_instant_up": {
        "en": "{card} is an instant card: it never stays face up in a 【手帳】",
        "ja": "{card} は即時のカードです。【手帳】に表向きで残ることはありません"},
    "tantei2.example_death_condition": {
        "en": "{card} is face up, but its 死亡条件 needs {person} dead",
        "ja": "{card} が表向きですが、その死亡条件には{person}の死亡が必要です"},
    "tantei2.example_line_short": {
        "en": "the 【捜査線】 starts every round with three person cards",
        "ja": "【捜査線】は毎ラウンド人物カード 3 枚で始まります"},
    "tantei2.example_tragedy_start": {
        "en": "惨劇の夜 never stays among the three cards of the round start",
        "ja": "惨劇の夜がラウンド開始の 3 枚の中に残ることはありません"},
    "tantei2.example_tragedy_last": {
        "en": "the round ends in the turn 惨劇の夜 is drawn: it can only be the last card",
        "ja": "惨劇の夜が引かれた手番でラウンドが終わります。置けるのは最後の 1 枚だけです"},
    "tantei2.example_lamps": {
        "en": "lamps must be 0–{most}, got {lamps!r}",
        "ja": "lamps は 0〜{most} のはずが、{lamps!r} です"},
    "tantei2.example_seats": {
        "en": "start and turn are seats 0…players-1",
        "ja": "start と turn は席の番号 0〜人数-1 です"},
    "tantei2.example_round": {
        "en": "round must be 1 or more",
        "ja": "round は 1 以上です"},
    "tantei2.example_dead_on_line": {
        "en": "{person} is dead: no card of theirs is on the 【捜査線】",
        "ja": "{person}は死亡しています。そのカードは【捜査線】にありません"},
    "tantei2.example_three_cards": {
        "en": "{person} has only three person cards",
        "ja": "{person}の人物カードは 3 枚しかありません"},
    "tantei2.example_never_awakes": {
        "en": "{person} has no 覚醒人物カード and never awakes",
        "ja": "{person}には覚醒人物カードがなく、覚醒しません"},
    "tantei2.example_pile_empty": {
        "en": "all of {person}'s cards are out of the 【容疑者】 pile: list the person under awake",
        "ja": "{person}のカードがすべて【容疑者】の山を離れています。awake にその人物を書いてください"},
}

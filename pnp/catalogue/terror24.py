"""Messages of the 24 −共鳴するテロル− engine (pnp.games.terror24): code → {"en": …, "ja": …}."""
from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    # set-up: players, variant and options
    "terror24.players": {
        "en": "24 is for 3 to 5 players, not {players}",
        "ja": "24は3〜5人用です（{players}人が指定されました）"},
    "terror24.unknown_variant": {
        "en": "unknown variant {variant!r} (variants: {variants})",
        "ja": "変種 {variant!r} はありません（変種：{variants}）"},
    "terror24.hands": {
        "en": "hands must be 1, 2 or 3, got {hands}",
        "ja": "hands（ハンド数）は1、2、3のどれかです（{hands}が指定されました）"},
    "terror24.death_rule": {
        "en": "death_rule must be one of {choices}, got {value!r}",
        "ja": "death_rule（殉職の重さ）は {choices} のどれかです（{value!r}が指定されました）"},
    # the components the rules read
    "terror24.detective_cards_differ": {
        "en": "detective {detective} has a different card set from the others",
        "ja": "刑事 {detective} の刑事カードの組がほかの刑事と違います"},
    "terror24.one_hero_time": {
        "en": "each detective needs exactly one ヒーロータイム card",
        "ja": "刑事ごとにヒーロータイムがちょうど1枚必要です"},
    "terror24.hours_total": {
        "en": "{detective}: the hours add up to {hours} (24 expected)",
        "ja": "{detective} の捜査時間の合計が {hours} 時間です（24 時間のはず）"},
    "terror24.hero_count": {
        "en": "{detective}: {count} ヒーロータイム cards (1 expected)",
        "ja": "{detective} のヒーロータイムが {count} 枚です（1 枚のはず）"},
    "terror24.detective_card_count": {
        "en": "{detective}: {count} cards (10 expected)",
        "ja": "{detective} のカードが {count} 枚です（10 枚のはず）"},
    "terror24.incident_values": {
        "en": "{suit}: the values are {values} (2 to 5, one card each, expected)",
        "ja": "{suit} の得点が {values} です（2〜5 が 1 枚ずつのはず）"},
    # actions a log or a player gives that the rules do not allow here
    "terror24.not_chance": {
        "en": "not a chance step",
        "ja": "偶然の手番ではありません"},
    "terror24.expected_place": {
        "en": "expected a placement, got {action}",
        "ja": "刑事カードを置く手のはずが {action} です"},
    "terror24.no_such_card": {
        "en": "seat {seat} has no card {action}",
        "ja": "席{seat}の手札にそのカードはありません：{action}"},
    "terror24.expected_challenge": {
        "en": "expected a challenge choice, got {action}",
        "ja": "チャレンジするかどうかの手のはずが {action} です"},
    "terror24.expected_roll": {
        "en": "expected a die roll, got {action}",
        "ja": "ダイスの出目のはずが {action} です"},
    "terror24.bad_roll": {
        "en": "bad roll {action}: each die rolled shows 1 to 8, a die not rolled shows 0",
        "ja": "ダイスの出目 {action} はありえません（振ったダイスは1〜8、振らないダイスは0）"},
    "terror24.expected_deal": {
        "en": "expected a deal of 10 different cards, got {action}",
        "ja": "事件カード10枚（すべて別のカード）の配置のはずが {action} です"},
    "terror24.card_not_in_deck": {
        "en": "card {card} is not in the deck",
        "ja": "事件カード {card} は山札にありません"},
    "terror24.cannot_peek": {
        "en": "seat {seat} cannot look at {action}",
        "ja": "席{seat}はそのカードを見られません：{action}"},
    "terror24.expected_pick": {
        "en": "expected a detective, got {action}",
        "ja": "刑事を選ぶ手のはずが {action} です"},
    "terror24.detective_taken": {
        "en": "{detective} is already taken",
        "ja": "刑事 {detective} はもう選ばれています"},
    "terror24.expected_take": {
        "en": "expected which card to take, got {action}",
        "ja": "どちらの事件カードを取るかの手のはずが {action} です"},
    "terror24.cannot_keep": {
        "en": "seat {seat} cannot keep {action}",
        "ja": "席{seat}はそのカードを残せません：{action}"},
    "terror24.game_over": {
        "en": "the game is over",
        "ja": "ゲームはもう終わっています"},
    "terror24.unknown_action": {
        "en": "not an action of 24: {data!r}",
        "ja": "24の手ではありません：{data!r}"},
    # invariants (pnp simulate --check, pnp validate)
    "terror24.incidents_not_conserved": {
        "en": "incident cards not conserved: {cards}",
        "ja": "事件カードの枚数が合いません：{cards}"},
    "terror24.detective_cards_not_conserved": {
        "en": "seat {seat}: detective cards {counts} != {expected}",
        "ja": "席{seat}：刑事カード {counts} が {expected} と合いません"},
    "terror24.negative_vp": {
        "en": "seat {seat}: negative VP",
        "ja": "席{seat}：VPが負です"},
    "terror24.keeps_a_five": {
        "en": "seat {seat} keeps a 5",
        "ja": "席{seat}が5の事件カードを手元に残しています"},
    "terror24.keeps_too_many": {
        "en": "seat {seat} keeps {count} cards in hand {hand}",
        "ja": "席{seat}が{hand}ハンド目に{count}枚を手元に残しています"},
    "terror24.dead_unrecorded": {
        "en": "seat {seat}: dead but not recorded",
        "ja": "席{seat}：殉職したのに記録がありません"},
    "terror24.detective_shared": {
        "en": "two seats share a detective",
        "ja": "2つの席が同じ刑事を使っています"},
    "terror24.play_order_broken": {
        "en": "play order broken",
        "ja": "プレイ順が壊れています"},
    "terror24.hand_out_of_range": {
        "en": "hand number out of range",
        "ja": "ハンドの番号が範囲外です"},
    # the rulebook's worked examples (setup keys in components/terror24/rulebook)
    "terror24.example_variant": {
        "en": "unknown variant {variant!r} (variants: {variants})",
        "ja": "変種 {variant!r} はありません（変種：{variants}）"},
    "terror24.example_seat": {
        "en": "unknown seat {seat!r} (seats: {seats})",
        "ja": "席 {seat!r} はありません（席：{seats}）"},
    "terror24.example_incident_card": {
        "en": "unknown 事件カード {card!r}",
        "ja": "事件カード {card!r} はありません"},
    "terror24.example_hand": {
        "en": "hand {hand} in a game of {hands} hands",
        "ja": "{hands}ハンドのゲームに{hand}ハンド目はありません"},
    "terror24.example_incident": {
        "en": "incident {incident}: incidents are numbered 1 to 5",
        "ja": "事件番号 {incident}：事件番号は1〜5です"},
    "terror24.example_detectives": {
        "en": "detectives {detectives!r}: one different detective per seat",
        "ja": "detectives {detectives!r}：席ごとに別々の刑事を1人ずつ"},
    "terror24.example_order": {
        "en": "order {order!r}: every seat once",
        "ja": "order {order!r}：すべての席を1回ずつ"},
    "terror24.example_card_twice": {
        "en": "事件カード {card} appears twice",
        "ja": "事件カード {card} が2回出てきます"},
    "terror24.example_resolved_column": {
        "en": "incidents: only column {column} and later are still on the table",
        "ja": "incidents：場に残っているのは事件番号{column}から後だけです"},
    "terror24.example_column_pair": {
        "en": "incidents column {column}: two cards (1位, 2位)",
        "ja": "incidents の事件番号{column}：カードは2枚（1位、2位）"},
    "terror24.example_needs_cards": {
        "en": "cards: seat {seat} takes part and needs its two cards",
        "ja": "cards：席{seat}は捜査に加わるので、2枚のカードが必要です"},
    "terror24.example_no_card": {
        "en": "seat {seat}: no card {card!r} (hours 0–6 or HT)",
        "ja": "席{seat}：カード {card!r} はありません（捜査時間0〜6かHT）"},
    "terror24.example_no_second": {
        "en": "seat {seat}: a detective has no second {card} card (0 and 3 hours twice, the others once)",
        "ja": "席{seat}：刑事に2枚目の{card}のカードはありません（0時間と3時間は2枚、ほかは1枚）"},
    "terror24.example_two_cards": {
        "en": "seat {seat}: two cards (first, second) for incident {incident}",
        "ja": "席{seat}：事件番号{incident}のカードは2枚（1枚目、2枚目）"},
    "terror24.example_keeps_five": {
        "en": "seat {seat} keeps a 5 (「数字が５でない」１枚)",
        "ja": "席{seat}が5を手元に残しています（「数字が５でない」１枚）"},
    "terror24.example_keeps_too_many": {
        "en": "seat {seat} keeps {count} cards in hand {hand}",
        "ja": "席{seat}が{hand}ハンド目に{count}枚を手元に残しています"},
}

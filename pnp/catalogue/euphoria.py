"""Messages of the ユーフォリア engine (pnp.games.euphoria): code → {"en": …, "ja": …}."""
from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    # the components the rules read
    "euphoria.needs_deck": {
        "en": "{game}: the ユーフォリア engine needs a deck {deck!r}",
        "ja": "{game}：ユーフォリアのエンジンにはデッキ {deck!r} が必要です"},
    "euphoria.deck_size": {
        "en": "the engine expects 40 cards, the deck makes {count}",
        "ja": "エンジンは40枚を前提にしていますが、デッキは{count}枚です"},
    "euphoria.card_suit_value": {
        "en": "card {card}: needs a suit and a value 1–8",
        "ja": "カード {card}：スートと1〜8の数字が必要です"},
    "euphoria.suit_count": {
        "en": "{count} suits (the five 五蓋 expected)",
        "ja": "スートが {count} 種あります（五蓋の 5 種のはず）"},
    "euphoria.suit_values": {
        "en": "{suit}: the numbers are {values} (1 to 8, one card each, expected)",
        "ja": "{suit} の数字が {values} です（1〜8 が 1 枚ずつのはず）"},
    # set-up: players, variant and options
    "euphoria.players": {
        "en": "ユーフォリア is for {low} to {high} players, not {players}",
        "ja": "ユーフォリアは{low}〜{high}人用です（{players}人が指定されました）"},
    "euphoria.unknown_variant": {
        "en": "unknown variant {variant!r} (variants: {variants})",
        "ja": "変種 {variant!r} はありません（変種：{variants}）"},
    "euphoria.unknown_options": {
        "en": "unknown option(s) {unknown} (options: {options})",
        "ja": "オプション {unknown} はありません（オプション：{options}）"},
    "euphoria.option_choice": {
        "en": "{option} must be one of {choices}, got {value!r}",
        "ja": "{option} は {choices} のどれかです（{value!r}が指定されました）"},
    # actions a log or a player gives that the rules do not allow here
    "euphoria.deal_not_shuffle": {
        "en": "the deal is not a shuffle of the whole deck",
        "ja": "配りが山札全体を切ったものになっていません"},
    "euphoria.game_over": {
        "en": "the game is over",
        "ja": "ゲームはもう終わっています"},
    "euphoria.game_not_over": {
        "en": "the game is not over",
        "ja": "ゲームはまだ終わっていません"},
    "euphoria.not_an_action": {
        "en": "not a ユーフォリア action: {data!r}",
        "ja": "ユーフォリアの手ではありません：{data!r}"},
    "euphoria.no_card_number": {
        "en": "no card number {card}",
        "ja": "カード番号 {card} はありません"},
    # invariants (pnp simulate --check, pnp validate)
    "euphoria.cards_not_conserved": {
        "en": "cards are not conserved: {count} cards in play, duplicates or missing among {cards}",
        "ja": "カードの枚数が合いません：場に{count}枚、{cards} の中に重複か不足があります"},
    "euphoria.cards_before_deal": {
        "en": "cards in play before the deal",
        "ja": "配る前にカードが場にあります"},
    "euphoria.unused_count": {
        "en": "wrong number of set-aside unused cards",
        "ja": "配らずに除いたカードの枚数が違います"},
    "euphoria.alive_count": {
        "en": "alive count {alive} disagrees with eliminations {out}",
        "ja": "生き残りの数 {alive} が脱落の記録 {out} と合いません"},
    "euphoria.no_hidden_card": {
        "en": "a player has no set-aside card",
        "ja": "伏せ札のないプレイヤーがいます"},
    "euphoria.parent_wrong": {
        "en": "the 親 is out of the game or the 親 history is wrong",
        "ja": "親が脱落しているか、親の記録が違います"},
    "euphoria.chanted_flag": {
        "en": "seat {seat}: chanted flag disagrees with 【徳】",
        "ja": "席{seat}：読経の記録が【徳】と合いません"},
    "euphoria.first_sail_missing": {
        "en": "seat {seat}: sailed without a first-sail round",
        "ja": "席{seat}：渡海したのに初めて渡海したラウンドの記録がありません"},
    "euphoria.out_without_sailing": {
        "en": "seat {seat}: out without sailing",
        "ja": "席{seat}：渡海せずに脱落しています"},
    "euphoria.hand_size": {
        "en": "seat {seat}: {count} cards in hand in round {round}, expected {expected}",
        "ja": "席{seat}：ラウンド{round}の手札が{count}枚です（{expected}枚のはず）"},
    "euphoria.mu_suit": {
        "en": "無の境地 is not the suit of the first card played",
        "ja": "無の境地が最初に出されたカードのスートではありません"},
    "euphoria.high_wrong": {
        "en": "the highest number outside 無の境地 is wrong",
        "ja": "無の境地以外の最大の数字が違います"},
    "euphoria.played_against_rules": {
        "en": "{card} was played against the rules",
        "ja": "{card} がルールに反して出されています"},
    "euphoria.mu_on_empty_table": {
        "en": "無の境地 set with an empty table",
        "ja": "場が空なのに無の境地が決まっています"},
    "euphoria.ended_with_cards": {
        "en": "the game ended with cards in a surviving hand",
        "ja": "生き残りの手札にカードが残ったままゲームが終わっています"},
    # the rulebook's worked examples (setup keys)
    "euphoria.example_seat": {
        "en": "no seat {seat!r} (seats: {seats})",
        "ja": "席 {seat!r} はありません（席：{seats}）"},
    "euphoria.example_card": {
        "en": "no card {card!r} in the deck {deck}",
        "ja": "デッキ {deck} にカード {card!r} はありません"},
    "euphoria.example_mapping": {
        "en": "{key}: expected a mapping seat → value",
        "ja": "{key}：席 → 値 のマッピングのはずです"},
    "euphoria.example_unknown_key": {
        "en": "unknown setup key {key!r}",
        "ja": "setup のキー {key!r} はありません"},
    "euphoria.example_round": {
        "en": "round must be 1–{rounds} with {players} players, got {round!r}",
        "ja": "{players}人のラウンドは1〜{rounds}です（{round!r}が指定されました）"},
    "euphoria.example_card_twice": {
        "en": "card {card} is in two places",
        "ja": "カード {card} が2か所にあります"},
    "euphoria.example_out_round": {
        "en": "{seat} is out from round {round!r}, which is not an earlier round",
        "ja": "{seat} の脱落したラウンド {round!r} が、いまより前のラウンドではありません"},
    "euphoria.example_out_hand": {
        "en": "{seat} is out: his cards are set aside, not a hand",
        "ja": "{seat} は脱落しています：カードは手札ではなく脇に置かれています"},
    "euphoria.example_hand_count": {
        "en": "{seat} holds {count} cards in round {round} of a {players}-player game; every player still in the game holds {left}",
        "ja": "{players}人戦のラウンド{round}で {seat} の手札が{count}枚です（生き残っているプレイヤーの手札は{left}枚）"},
    "euphoria.example_sailed_round_one": {
        "en": "{seat} cannot have sailed before round 1",
        "ja": "{seat} はラウンド1より前に渡海できません"},
    "euphoria.example_sailed_chanted": {
        "en": "{seat} has sailed and chanted {count} cards in {rounds} rounds",
        "ja": "{seat} は渡海したのに、{rounds}ラウンドで{count}枚を読経しています"},
    "euphoria.example_not_sailed": {
        "en": "{seat} has not sailed yet, so chanted in each of the {rounds} rounds played, not {count} times",
        "ja": "{seat} はまだ渡海していないので、これまでの{rounds}ラウンドすべてで読経したはずです（{count}回ではなく）"},
    "euphoria.example_parent_out": {
        "en": "the 親 {seat} is out of the game",
        "ja": "親の {seat} が脱落しています"},
    "euphoria.example_one_left": {
        "en": "the game is over when only one player is left",
        "ja": "生き残りが1人になったらゲームは終わりです"},
}

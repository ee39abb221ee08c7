"""Messages of the EBE engine (pnp.games.ebe): code → {"en": …, "ja": …}.

The English texts are the ones the engine raised before it had codes (tests and logs match them)."""
from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    # a new game: players, variant and options
    "ebe.players": {
        "en": "ebe: {players} players ({low}–{high})",
        "ja": "ebe：{players} 人では遊べません（{low}〜{high} 人）"},
    "ebe.unknown_variant": {
        "en": "ebe: unknown variant {variant!r}",
        "ja": "ebe：変種 {variant!r} はありません"},
    "ebe.unknown_options": {
        "en": "ebe: unknown options {names!r} (options: {known:list})",
        "ja": "ebe：オプション {names!r} はありません（オプション：{known:list}）"},
    "ebe.option_value": {
        "en": "ebe: {name}={value!r} is not one of {choices:list}",
        "ja": "ebe：{name}={value!r} は選べません（{choices:list} のどれか）"},
    "ebe.life30_life": {
        "en": "ebe: the variant life30 starts at 30, not life={life}",
        "ja": "ebe：変種 life30 はステーションライフ30で始まります（life={life} とは両立しません）"},
    # an action that does not fit the state (a bad replay or log)
    "ebe.no_chance_step": {
        "en": "no chance step in phase {phase}",
        "ja": "段階 {phase} には偶然の手順がありません"},
    "ebe.wrong_phase": {
        "en": "action {action!r} does not fit phase {phase}",
        "ja": "手 {action!r} は段階 {phase} では指せません"},
    "ebe.illegal_assignment": {
        "en": "illegal assignment {action!r}",
        "ja": "このサイコロの割り振りはできません：{action!r}"},
    "ebe.no_weapon_for_drone": {
        "en": "no weapon to fight the drone",
        "ja": "ドローンを撃退する武器がありません"},
    "ebe.nothing_to_discard": {
        "en": "nothing to discard",
        "ja": "捨てるものがありません"},
    "ebe.cannot_tune": {
        "en": "cannot change a die: {action!r}",
        "ja": "サイコロの目を変えられません：{action!r}"},
    "ebe.game_not_over": {
        "en": "the game is not over",
        "ja": "ゲームはまだ終わっていません"},
    "ebe.trade_no_return": {
        "en": "{action}: received this turn from the same seat (ruling trade-no-return)",
        "ja": "{action}：この手番に同じ席から受け取ったものは渡し返せません（裁定 trade-no-return）"},
    "ebe.nothing_to_give": {
        "en": "nothing to give",
        "ja": "渡すものがありません"},
    "ebe.no_ap": {
        "en": "no AP left",
        "ja": "APが残っていません"},
    "ebe.heal_self": {
        "en": "only the explorer's own damage heals (ruling heal-self)",
        "ja": "回復できるのは探索した本人のダメージだけです（裁定 heal-self）"},
    "ebe.cannot_convert": {
        "en": "cannot convert",
        "ja": "資源を変えられません"},
    "ebe.cannot_load": {
        "en": "cannot load",
        "ja": "ミッションに積めません"},
    "ebe.unknown_action": {
        "en": "unknown action {data!r}",
        "ja": "知らない手です：{data!r}"},
    "ebe.no_team_value": {
        "en": "no team value for {players} players",
        "ja": "{players} 人のチームの見込みはありません（重みがありません）"},
    # invariants (a bug in the engine, or a state built by hand)
    "ebe.not_conserved": {
        "en": "{what} not conserved: {got}",
        "ja": "{what}の枚数が合いません：{got}"},
    "ebe.shared_character": {
        "en": "two seats share a character",
        "ja": "2つの席が同じキャラクターです"},
    "ebe.drone_area": {
        "en": "drone on the wrong area",
        "ja": "ドローンが違うエリアにいます"},
    "ebe.item_without_drone": {
        "en": "an item without its drone",
        "ja": "ドローンのいないエリアにアイテムがあります"},
    "ebe.cubes_not_conserved": {
        "en": "{resource} cubes not conserved",
        "ja": "{resource}のキューブの数が合いません"},
    "ebe.negative_resources": {
        "en": "negative resources",
        "ja": "資源が負の数です"},
    "ebe.weapons_not_conserved": {
        "en": "weapon cubes not conserved",
        "ja": "武器キューブの数が合いません"},
    "ebe.damage_not_conserved": {
        "en": "damage tokens not conserved",
        "ja": "ダメージトークンの数が合いません"},
    "ebe.damage_range": {
        "en": "damage out of range",
        "ja": "ダメージが範囲の外です"},
    "ebe.mission_overloaded": {
        "en": "mission overloaded",
        "ja": "ミッションに必要より多く積まれています"},
    "ebe.unused_mission_loaded": {
        "en": "resources on an unused mission",
        "ja": "使われていないミッションに資源があります"},
    "ebe.built_without_resources": {
        "en": "built mission without its resources",
        "ja": "完成したミッションに資源が揃っていません"},
    "ebe.round_range": {
        "en": "round/turn out of range",
        "ja": "ラウンドかターンが範囲の外です"},
    "ebe.over_inventory": {
        "en": "over inventory after the weight check",
        "ja": "重量チェックの後なのにインベントリを超えています"},
    "ebe.mission_count": {
        "en": "wrong number of missions",
        "ja": "ミッションの枚数が人数と違います"},
    "ebe.negative_ap": {
        "en": "negative AP",
        "ja": "APが負の数です"},
    # the cards' data the engine reads
    "ebe.data_problems": {
        "en": "ebe: {problems}",
        "ja": "ebe：{problems}"},
    "ebe.unknown_skill": {
        "en": "{file}:{line}: unknown skill {skill!r}",
        "ja": "{file}:{line}: スキル {skill!r} はありません"},
    "ebe.explore_areas": {
        "en": "explore cards of {character} differ from its areas",
        "ja": "{character} の探索カードがキャラクターのエリアと違います"},
    "ebe.unknown_item_effect": {
        "en": "{file}:{line}: unknown item effect {effect!r}",
        "ja": "{file}:{line}: アイテムの効果 {effect!r} はありません"},
    "ebe.unknown_event_condition": {
        "en": "{file}:{line}: unknown event condition {condition!r}",
        "ja": "{file}:{line}: イベントの条件 {condition!r} はありません"},
    "ebe.unknown_event_now": {
        "en": "{file}:{line}: unknown immediate effect {key!r} (known: {known:list})",
        "ja": "{file}:{line}: すぐに起きる効果 {key!r} はありません（あるもの：{known:list}）"},
    "ebe.unknown_event_reward": {
        "en": "{file}:{line}: unknown reward {key!r} (known: {known:list})",
        "ja": "{file}:{line}: 報酬 {key!r} はありません（あるもの：{known:list}）"},
    "ebe.boost_area": {
        "en": "{file}:{line}: reward boost: {area!r} is not an area (A–G)",
        "ja": "{file}:{line}: 報酬 boost：{area!r} はエリアではありません（A〜G）"},
    # the component checks pnp validate runs
    "ebe.dice_count": {
        "en": "{dice} dice (must be {want}: the most players {most} + 2 EBE at once)",
        "ja": "サイコロが {dice} 個です（最多人数 {most} ＋ 同時に出るイーバ 2 ＝ {want} 個のはず）"},
    "ebe.explore_count": {
        "en": "{file}: {character} has {count} explore cards (must be 5)",
        "ja": "{file}: {character} の探索カードが {count} 枚です（5 枚のはず）"},
    "ebe.no_station": {
        "en": "no station map (part station)",
        "ja": "ステーションマップ（station）がありません"},
    "ebe.explore_unknown_area": {
        "en": "{file}: explore cards name areas not on the map: {areas}",
        "ja": "{file}: マップにないエリア {areas} を探索カードが指しています"},
    # the rulebook's worked examples (example_state)
    "ebe.example_seats": {
        "en": "{key}: one entry per seat ({players}), got {value!r}",
        "ja": "{key}：席ごとに1つずつ（{players} 席）書きます。{value!r} があります"},
    "ebe.example_area": {
        "en": "{key}: {value!r} is not an area (A–G)",
        "ja": "{key}：{value!r} はエリアではありません（A〜G）"},
    "ebe.example_no_card": {
        "en": "{key}: no (free) card {name!r}",
        "ja": "{key}：カード {name!r} がありません（またはもう使われています）"},
    "ebe.example_round": {
        "en": "round {round} / turn {turn}: a game has 4 rounds of 4 turns",
        "ja": "ラウンド{round}／ターン{turn}：ゲームは4ラウンド、各4ターンです"},
    "ebe.example_station": {
        "en": "station life {station}: the game would be over",
        "ja": "ステーションライフ {station}：ゲームはもう終わっています"},
    "ebe.example_missions": {
        "en": "missions: as many as players ({players}), got {count}",
        "ja": "missions：人数と同じ {players} 枚のはずが {count} 枚です"},
    "ebe.example_drones": {
        "en": "drones: {count} in play, but round {round} draws {round}",
        "ja": "drones：{count} 機ありますが、ラウンド{round}に出るのは {round} 機です"},
    "ebe.example_earlier_ebe": {
        "en": "earlier_ebe: {want} イーバカード revealed before turn {turn} of round {round}, got {count}",
        "ja": "earlier_ebe：ラウンド{round}のターン{turn}の前に公開されたイーバカードは {want} 枚のはずが {count} 枚です"},
    "ebe.example_ebe_twice": {
        "en": "earlier_ebe: the イーバカード of {area} appears twice",
        "ja": "earlier_ebe：{area} のイーバカードが2回出ています"},
    "ebe.example_played_count": {
        "en": "played: seat {seat} has played {count} cards before turn {turn} (must be {want})",
        "ja": "played：{seat}番席がターン{turn}の前に出したカードが {count} 枚です（{want} 枚のはず）"},
    "ebe.example_no_explore_card": {
        "en": "played: {character} has no (unplayed) 探索カード for {area}",
        "ja": "played：{character} には {area} の（まだ出していない）探索カードがありません"},
    "ebe.example_resource": {
        "en": "resources: {name!r} is not a resource ({known:list})",
        "ja": "resources：{name!r} は資源ではありません（{known:list}）"},
    "ebe.example_dead": {
        "en": "damage: {character} has {damage} damage at the start of a turn (life {life}): "
              "he would have died at the last turn end",
        "ja": "damage：{character} はターンの始めにダメージ {damage}（ライフ {life}）です。"
              "前のターンの終わりに死亡しているはずです"},
    "ebe.example_inventory": {
        "en": "seat {seat} holds {weight} pieces, over the inventory {inventory} "
              "(the weight check would have discarded)",
        "ja": "{seat}番席の持ち物が {weight} 個で、インベントリ {inventory} を超えています"
              "（重量チェックで捨てているはずです）"},
    "ebe.example_not_on_table": {
        "en": "loaded: {name!r} is not on the table",
        "ja": "loaded：{name!r} は場にありません"},
    "ebe.example_supply": {
        "en": "more cubes than the game has",
        "ja": "ゲームにあるより多くのキューブを使っています"},
}

"""Messages of the commands (pnp.commands): code → {"en": …, "ja": …}."""
from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    # — simulate, play, replay (pnp.cli.sim, pnp.commands.sim) —
    "commands.no_engine": {
        "en": "this game has no rules engine (game.yaml: engine:)",
        "ja": "このゲームにはルールエンジンがありません（game.yaml の engine:）"},
    "commands.players_range": {
        "en": "{game} is played by {least}–{most} players",
        "ja": "{game} は {least}〜{most} 人で遊ぶゲームです"},
    "commands.bad_option": {
        "en": "not an option of the game (options: {options}){hint}",
        "ja": "ゲームのオプションではありません（オプション：{options}）{hint}"},
    "commands.no_options": {"en": "none", "ja": "なし"},
    "commands.budgets_form": {
        "en": "search budgets are whole numbers separated by commas (e.g. 1,2,4)",
        "ja": "読みの回数はカンマ区切りの整数で書いてください（例：1,2,4）"},
    "commands.budget_range": {
        "en": "a search budget is 1 to {most}",
        "ja": "読みの回数は 1〜{most} です"},
    "commands.game_broke": {
        "en": "the game broke after {steps} steps: {error}",
        "ja": "{steps} 手のあとでゲームが止まりました：{error}"},
    "commands.from_json_needs_report": {
        "en": "--from-json rebuilds the report: give --report FILE.pdf (and no --json)",
        "ja": "--from-json はレポートを作り直します：--report FILE.pdf を指定してください（--json は付けずに）"},
    "commands.ladder_twice": {
        "en": "--skill-ladder and --search-iterations both name the ladder's budgets: give one",
        "ja": "--skill-ladder と --search-iterations はどちらも腕のはしごの読みの回数です：片方だけ指定してください"},
    "commands.compare_one": {
        "en": "compare one thing at a time",
        "ja": "比べるのは一度に1つにしてください"},
    "commands.games_failed": {
        "en": "{failed} of {total} games raised an error or broke an invariant; no figures are shown for the "
              "others (see errors in --json)",
        "ja": "{total} ゲームのうち {failed} ゲームがエラーで止まったか不変条件を破りました。残りの数字も示しません"
              "（--json の errors を見てください）"},
    # — build, parts, preview, the manual, serve, sweep, validate —
    "commands.unknown_marks": {
        "en": "unknown marks {marks!r} (use {known:list}){hint}",
        "ja": "トンボの種類 {marks!r} はありません（{known:list} のどれか）{hint}"},
    "commands.out_root": {
        "en": "the root of the file system: refused (name a folder for the outputs)",
        "ja": "ファイルシステムの根元です：書きません（出力用のフォルダを指定してください）"},
    "commands.out_in_game": {
        "en": "the outputs {out} would be in the game's own folder {folder}: refused (build into another folder, "
              "e.g. out)",
        "ja": "出力 {out} がゲームのフォルダ {folder} の中になります：書きません（out など別のフォルダに作ってください）"},
    "commands.build_locked": {
        "en": "another pnp build has been writing here for {seconds} s: try again when it is done",
        "ja": "別の pnp build が {seconds} 秒ここに書いています：終わってからもう一度どうぞ"},
    "commands.build_os_error": {
        "en": "{why:oserror}; the previous files are kept as they were",
        "ja": "{why:oserror}。前のファイルはそのまま残しています"},
    "commands.build_stopped": {
        "en": "the build stopped: another game has problems",
        "ja": "作成を止めました：別のゲームに問題があります"},
    "commands.unknown_paper": {
        "en": "unknown paper {paper!r} (papers: {papers:list}){hint}",
        "ja": "用紙 {paper!r} はありません（用紙：{papers:list}）{hint}"},
    "commands.sheet_too_big": {
        "en": "a contact sheet of {cards} cards at --dpi {dpi} would have about {pixels} pixels; at most {most} "
              "(lower --dpi or name one deck)",
        "ja": "--dpi {dpi} で {cards} 枚の一覧は約 {pixels} ピクセルになります。{most} ピクセルまでです"
              "（--dpi を下げるか、デッキを1つ指定してください）"},
    "commands.no_manual": {
        "en": "the manual is not installed with this pnp (no {index} in {folder})",
        "ja": "この pnp にはマニュアルが入っていません（{folder} に {index} がありません）"},
    "commands.topic_near": {
        "en": "; did you mean {names}?",
        "ja": "。{names} のことですか？"},
    "commands.no_topic": {
        "en": "no topic {name!r} in the manual{hint} (topics: {topics:list}; `pnp help` lists them)",
        "ja": "マニュアルに項目 {name!r} はありません{hint}（項目：{topics:list}。`pnp help` で一覧を出せます）"},
    "commands.cannot_listen": {
        "en": "cannot listen on {address} ({why:oserror})",
        "ja": "{address} で待ち受けられません（{why:oserror}）"},
    "commands.sweep_one_setting": {
        "en": "nothing to compare: give several values (--option KEY=V1,V2,… or --variant A,B)",
        "ja": "比べるものがありません：値を複数指定してください（--option KEY=V1,V2,… か --variant A,B）"},
    "commands.sweep_failed": {
        "en": "{errors} game(s) raised an error or broke an invariant (pnp simulate with the same setting and "
              "--json shows them)",
        "ja": "{errors} ゲームがエラーで止まったか不変条件を破りました（同じ設定で pnp simulate --json を使うと見えます）"},
    "commands.score_track": {
        "en": "score track {track}",
        "ja": "得点トラック {track}"},
    "commands.track_too_few": {
        "en": "cannot be judged: {games} sample games ran to the end (at least {least} needed; pnp validate "
              "--games N plays more)",
        "ja": "判定できません：最後まで終わった見本のゲームは {games} ゲームです（{least} ゲーム以上必要。"
              "pnp validate --games N でもっと遊べます）"},
    "commands.score_track_mismatch": {
        "en": "score track: {mismatch}\n{detail}",
        "ja": "得点トラック：{mismatch}\n{detail}"},
    # — validate's ledger checks against the engine (pnp.commands.validate) —
    "commands.ruling_not_stated": {
        "en": "the rules engine plays ruling {ruling!r}, which {file} does not state (it states: {stated}){hint}",
        "ja": "ルールエンジンは裁定 {ruling!r} で遊びますが、{file} にその裁定がありません（ある裁定：{stated}）{hint}"},
    "commands.question_variant": {
        "en": "option {option!r} names variant {variant!r}; the engine has {variants:list}{hint}",
        "ja": "選択肢 {option!r} の変種 {variant!r} はエンジンにありません（変種：{variants:list}）{hint}"},
    "commands.question_option": {
        "en": "option {option!r} sets {key}={value!r}, which is not an engine option choice{hint}",
        "ja": "選択肢 {option!r} の {key}={value!r} はエンジンのオプションの選択肢ではありません{hint}"},
    "commands.examples_without_engine": {
        "en": "the rulebook has example positions but the game has no rules engine",
        "ja": "ルールブックに例の局面がありますが、このゲームにはルールエンジンがありません"},
    "commands.ruling_ids_unread": {
        "en": "pnp reads the rulings an engine plays from the engine's ruling_ids attribute; this module-level "
              "RULING_IDS is not read (so its rulings are not checked against rulings.yaml): set ruling_ids = "
              "RULING_IDS on the engine class (pnp help engines)",
        "ja": "pnp はエンジンが遊ぶ裁定をエンジンの ruling_ids 属性から読みます。モジュールの RULING_IDS は読まれません"
              "（その裁定は rulings.yaml と照合されません）：エンジンのクラスに ruling_ids = RULING_IDS と書いてください"
              "（pnp help engines）"},
}

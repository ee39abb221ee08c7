"""Messages of the simulator (pnp.sim): code → {"en": …, "ja": …}."""
from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    # — policies, options and variants (pnp.sim.policies, pnp.sim.sweep) —
    "sim.unknown_policy": {
        "en": "unknown policy {name!r} (policies: {policies:list}, {spec}){hint}",
        "ja": "方針 {name!r} はありません（方針：{policies:list}、探索は {spec}）{hint}"},
    "sim.no_policy": {
        "en": "names no policy (policies: {policies:list})",
        "ja": "方針の名前がありません（方針：{policies:list}）"},
    "sim.no_such_option": {
        "en": "{game} has no option {key!r} (options: {options}){hint}",
        "ja": "{game} にオプション {key!r} はありません（オプション：{options}）{hint}"},
    "sim.no_options": {
        "en": "{game} has no option {key!r} (it has no options; try --variant)",
        "ja": "{game} にオプション {key!r} はありません（オプションのないゲームです。--variant を試してください）"},
    "sim.option_value": {
        "en": "{value!r} is not one of {choices:list}{hint}",
        "ja": "{value!r} は使えません（{choices:list} のどれか）{hint}"},
    "sim.no_such_variant": {
        "en": "{game} has no such variant (variants: {variants:list}){hint}",
        "ja": "{game} にこの変種はありません（変種：{variants:list}）{hint}"},
    "sim.variant_twice": {
        "en": "a variant is named twice",
        "ja": "同じ変種が2回書かれています"},
    "sim.sweep_option_form": {
        "en": "expected KEY=V1,V2,… (e.g. life=30,40,50,60)",
        "ja": "KEY=V1,V2,… の形で書いてください（例：life=30,40,50,60）"},
    "sim.sweep_option_twice": {
        "en": "given twice; list all its values in one --option {key}=V1,V2,…",
        "ja": "2回指定されています。値はまとめて1つの --option {key}=V1,V2,… に並べてください"},
    "sim.sweep_value_twice": {
        "en": "a value is named twice",
        "ja": "同じ値が2回書かれています"},
    "sim.sweep_too_many": {
        "en": "the grid has {count} settings; at most {most} in one sweep",
        "ja": "組み合わせが {count} 通りあります。1回の sweep では {most} 通りまでです"},
    "sim.sweep_nothing": {
        "en": "nothing to sweep: give --option KEY=V1,V2,… or --variant A,B",
        "ja": "比べるものがありません：--option KEY=V1,V2,… か --variant A,B を指定してください"},
    # — the search player (pnp.sim.search) —
    "sim.mcts_iterations": {
        "en": "the number of iterations must be from 1 to {most} (as --search-iterations), got {got}",
        "ja": "読みの回数は 1〜{most} にしてください（--search-iterations と同じ）。{got} になっています"},
    "sim.mcts_exploration": {
        "en": "the exploration constant must not be negative, got {got}",
        "ja": "探索の定数（c）は負にできません。{got} になっています"},
    "sim.mcts_needs_hook": {
        "en": "the search player needs the engine hooks information_set() and determinize() "
              "(Capabilities.determinization; pnp help engines, 探索プレイヤー)",
        "ja": "探索プレイヤーにはエンジンのフック information_set() と determinize() が要ります"
              "（Capabilities.determinization。pnp help engines の「探索プレイヤー」）"},
    "sim.mcts_choice": {
        "en": "{key} must be one of {choices:list}, got {got!r}",
        "ja": "{key} は {choices:list} のどれかにしてください。{got!r} になっています"},
    "sim.mcts_depth": {
        "en": "depth must be at least 1, got {got}",
        "ja": "depth は 1 以上にしてください。{got} になっています"},
    "sim.spec_form": {
        "en": "policy {spec!r}: expected {form}",
        "ja": "方針 {spec!r}：{form} の形で書いてください"},
    "sim.spec_iterations_whole": {
        "en": "policy {spec!r}: the iterations must be a whole number ({form})",
        "ja": "方針 {spec!r}：読みの回数は整数にしてください（{form}）"},
    "sim.spec_iterations_range": {
        "en": "policy {spec!r}: the iterations must be from 1 to {most} (as --search-iterations)",
        "ja": "方針 {spec!r}：読みの回数は 1〜{most} にしてください（--search-iterations と同じ）"},
    "sim.spec_depth": {
        "en": "policy {spec!r}: depth must be a whole number of at least 1 ({form})",
        "ja": "方針 {spec!r}：depth は 1 以上の整数にしてください（{form}）"},
    "sim.spec_on_off": {
        "en": "policy {spec!r}: {key} must be on or off ({form})",
        "ja": "方針 {spec!r}：{key} は on か off にしてください（{form}）"},
    "sim.spec_margin": {
        "en": "policy {spec!r}: margin must be a number from 0 to 1 ({form})",
        "ja": "方針 {spec!r}：margin は 0〜1 の数にしてください（{form}）"},
    "sim.spec_rollout_search": {
        "en": "policy {spec!r}: a rollout policy cannot itself search",
        "ja": "方針 {spec!r}：rollout の方針に探索プレイヤーは使えません"},
    "sim.spec_rollout_maker": {
        "en": "policy {spec!r}: no policy maker was given for rollout={rollout!r}",
        "ja": "方針 {spec!r}：rollout={rollout!r} の方針を作る関数が渡されていません"},
    "sim.spec_unknown_setting": {
        "en": "policy {spec!r}: unknown setting {setting!r} ({form})",
        "ja": "方針 {spec!r}：設定 {setting!r} はありません（{form}）"},
    "sim.spec_positive": {
        "en": "policy {spec!r}: {key} must be a positive number ({form})",
        "ja": "方針 {spec!r}：{key} は正の数にしてください（{form}）"},
    "sim.rollout_past_max_steps": {
        "en": "a search rollout ran past max_steps={steps}",
        "ja": "探索の読み（ロールアウト）が max_steps={steps} 手を超えました"},
    # — game logs and replay (pnp.sim.gamelog, pnp.sim.replay) —
    "sim.log_other_game": {
        "en": "the log is a game of {logged!r}, not {game!r}",
        "ja": "この記録は {logged!r} のゲームで、{game!r} のものではありません"},
    "sim.log_players": {
        "en": "expected {least}–{most}, got {got!r}",
        "ja": "{least}〜{most} のはずが {got!r} になっています"},
    "sim.log_options": {
        "en": "options must be a mapping and variant a name",
        "ja": "options はマッピング、variant は名前にしてください"},
    "sim.log_seed": {
        "en": "expected an integer, got {got!r}",
        "ja": "整数のはずが {got!r} になっています"},
    "sim.log_seed_digits": {
        "en": "a number of {digits} digits is not a seed pnp writes (at most 20 digits)",
        "ja": "{digits} 桁の数は pnp が書く乱数の種ではありません（20 桁まで）"},
    "sim.log_header_incomplete": {
        "en": "the log header is incomplete ({why})",
        "ja": "記録の header が欠けています（{why}）"},
    "sim.log_goes_on": {
        "en": "the game was already over, but the log goes on",
        "ja": "ゲームはもう終わっているのに、記録が続いています"},
    "sim.log_wrong_seat": {
        "en": "the log says seat {logged!r} moves, the rules say {expected!r}",
        "ja": "記録では席 {logged!r} の手番ですが、ルールでは {expected!r} の手番です"},
    "sim.log_not_an_action": {
        "en": "not an action of {game} ({why})",
        "ja": "{game} の手として読めません（{why}）"},
    "sim.log_illegal": {
        "en": "{action} is not a legal action here",
        "ja": "この局面では「{action}」は打てない手です"},
    "sim.log_chance_draws": {
        "en": "chance differs: seed {seed} draws {drawn}, but the log says {logged} "
              "(the log was changed, or recorded with another seed)",
        "ja": "偶然の結果が違います：種 {seed} では「{drawn}」が出ますが、記録は「{logged}」です"
              "（記録が書き換えられたか、別の種で記録されました）"},
    "sim.log_chance_other": {
        "en": "chance differs: seed {seed} draws another outcome of 「{logged}」 than the log records "
              "(the log was changed, or recorded with another seed)",
        "ja": "偶然の結果が違います：種 {seed} では記録とは別の「{logged}」の結果が出ます"
              "（記録が書き換えられたか、別の種で記録されました）"},
    "sim.log_rules_refuse": {
        "en": "{why}",
        "ja": "ルールがこの手を受け付けません：{why}"},
    "sim.log_engine_version": {
        "en": "the log was recorded with engine {logged!r}; this is {version!r}",
        "ja": "この記録はエンジンの版 {logged!r} で記録されました。今の版は {version!r} です"},
    "sim.log_no_data_hash": {
        "en": "missing: a log must name the data it was played on",
        "ja": "ありません：記録には、遊んだときのデータ（のハッシュ）が要ります"},
    "sim.log_data_changed": {
        "en": "differs: the game's YAML data changed since the log was recorded",
        "ja": "違います：記録したあとにゲームの YAML データが変わりました"},
    "sim.log_not_over": {
        "en": "the log ends after {steps} steps but the game is not over",
        "ja": "記録は {steps} 手で終わっていますが、ゲームはまだ終わっていません"},
    "sim.log_other_state": {
        "en": "the replay ends in a different state: hash {replayed}…, the log recorded {logged}…",
        "ja": "再生した最後の局面が記録と違います：ハッシュ {replayed}…、記録では {logged}…"},
    "sim.log_result_key": {
        "en": "{key}: replayed {replayed!r}, recorded {logged!r}",
        "ja": "{key}：再生では {replayed!r}、記録では {logged!r}"},
    "sim.log_other_result": {
        "en": "differs from the log's ({detail})",
        "ja": "記録の結果と違います（{detail}）"},
    "sim.log_no_result": {
        "en": "the log has no result",
        "ja": "記録に結果がありません"},
    "sim.log_not_a_log": {
        "en": "not a pnp game log (expected \"format\": \"{format}\")",
        "ja": "pnp のゲームの記録ではありません（\"format\": \"{format}\" がありません）"},
    "sim.log_missing": {
        "en": "missing (an incomplete game log)",
        "ja": "ありません（記録が途中で切れています）"},
    "sim.log_kind": {
        "en": "expected {want}, got {got}",
        "ja": "{want}のはずが {got} になっています"},
    "sim.word_mapping": {"en": "a mapping", "ja": "マッピング"},
    "sim.word_list": {"en": "a list", "ja": "リスト"},
    "sim.word_text": {"en": "text", "ja": "文字列"},
    "sim.word_lines": {"en": "a list of text lines", "ja": "文字列の行のリスト"},
    "sim.log_event_mapping": {
        "en": "expected a mapping with seat and action, got {got}",
        "ja": "seat と action を持つマッピングのはずが {got} になっています"},
    # — reading JSON (pnp.sim.gamelog.read_json) —
    "sim.json_not_a_file": {
        "en": "not a regular file",
        "ja": "ふつうのファイルではありません"},
    "sim.json_too_big": {
        "en": "{size} bytes; {what} may have at most {most}",
        "ja": "{size} バイトあります。{what}は {most} バイトまでです"},
    "sim.json_no_file": {
        "en": "no such file{hint}",
        "ja": "ファイルがありません{hint}"},
    "sim.json_unreadable": {
        "en": "not readable as JSON ({why})",
        "ja": "JSON として読めません（{why}）"},
    "sim.json_too_deep": {
        "en": "JSON nested more than {most} deep: refused",
        "ja": "JSON の入れ子が {most} 段を超えています：読みません"},
    "sim.word_game_log": {"en": "a game log", "ja": "ゲームの記録"},
    "sim.word_simulate_json": {"en": "a simulate --json file", "ja": "simulate --json のファイル"},
    "sim.json_expecting_value": {"en": "Expecting value", "ja": "値がありません"},
    "sim.json_expecting_comma": {"en": "Expecting ',' delimiter", "ja": "「,」がありません"},
    "sim.json_expecting_colon": {"en": "Expecting ':' delimiter", "ja": "「:」がありません"},
    "sim.json_expecting_name": {"en": "Expecting property name enclosed in double quotes",
                            "ja": "二重引用符で囲んだキーがありません"},
    "sim.json_unterminated": {"en": "Unterminated string starting at", "ja": "文字列の引用符が閉じていません"},
    "sim.json_control": {"en": "Invalid control character at", "ja": "文字列の中に使えない制御文字があります"},
    "sim.json_extra": {"en": "Extra data", "ja": "JSON のあとに余分なものがあります"},
    "sim.json_escape": {"en": "Invalid \\escape", "ja": "知らないエスケープ（\\）があります"},
    # — where games are played (pnp.sim.executors) —
    "sim.executor_form": {
        "en": "expected dask://HOST:PORT (the address of a Dask scheduler)",
        "ja": "dask://HOST:PORT の形で、Dask のスケジューラの場所を書いてください"},
    "sim.executor_port": {
        "en": "expected {scheme}://HOST:PORT with a port from 1 to 65535, e.g. {scheme}://127.0.0.1:8786",
        "ja": "{scheme}://HOST:PORT の形で、ポートは 1〜65535 にしてください（例：{scheme}://127.0.0.1:8786）"},
    "sim.executor_start": {
        "en": "start one with `dask scheduler` and workers with `dask worker {address}`",
        "ja": "`dask scheduler` でスケジューラを、`dask worker {address}` でワーカーを起動してください"},
    "sim.executor_unreachable": {
        "en": "cannot reach a Dask scheduler at {address} ({why}); {start}",
        "ja": "{address} の Dask のスケジューラにつながりません（{why}）。{start}"},
    "sim.executor_silent": {
        "en": "something at {address} accepts connections but did not answer within {seconds} s as a Dask "
              "scheduler does; {start}",
        "ja": "{address} は接続を受け付けますが、Dask のスケジューラのようには {seconds} 秒以内に答えませんでした。{start}"},
    "sim.executor_not_dask": {
        "en": "{address} is not a Dask scheduler (it answered {said!r}); {start}",
        "ja": "{address} は Dask のスケジューラではありません（答えは {said!r}）。{start}"},
    "sim.executor_no_dask": {
        "en": "Dask is not installed (pip install 'pnp[cluster]')",
        "ja": "Dask が入っていません（pip install 'pnp[cluster]' で入れてください）"},
    "sim.executor_no_workers": {
        "en": "the scheduler has no workers (start some with `dask worker {address}`)",
        "ja": "スケジューラにワーカーがいません（`dask worker {address}` で起動してください）"},
    "sim.executor_workers_fail": {
        "en": "the workers cannot run pnp ({why}); install pnp {version} on every worker",
        "ja": "ワーカーで pnp を動かせません（{why}）。どのワーカーにも pnp {version} を入れてください"},
    "sim.executor_other_pnp": {
        "en": "the workers run another pnp than this one ({version}): {workers}",
        "ja": "ワーカーの pnp がこの pnp（{version}）と違う版です：{workers}"},
    # — a study read back from --json (pnp.sim.study) —
    "sim.study_field": {
        "en": "expected {want}, got {got}",
        "ja": "{want}のはずが {got} になっています"},
    "sim.word_nothing": {"en": "nothing", "ja": "何もない"},
    "sim.word_summaries": {"en": "a non-empty list of summaries", "ja": "集計の空でないリスト"},
    "sim.word_summary": {"en": "a summary (an object)", "ja": "集計（オブジェクト）"},
    "sim.word_win_rates": {"en": "the win rates", "ja": "勝率"},
    "sim.study_not_object": {
        "en": "expected the object pnp simulate --json writes, got {got}",
        "ja": "pnp simulate --json が書くオブジェクトのはずが {got} になっています"},
    "sim.study_other_game": {
        "en": "the file is a study of {studied!r}, not of {game!r}",
        "ja": "このファイルは {studied!r} の集計で、{game!r} のものではありません"},
    "sim.study_no_labels": {
        "en": "the file has no labels (the words the report takes from the game's engine); it was written by an "
              "older pnp: play the study again with simulate --json",
        "ja": "ファイルに labels（レポートがエンジンから受け取る日本語の名前など）がありません。古い pnp が書いたものです。"
              "simulate --json でもう一度遊ばせてください"},
    "sim.study_broke": {
        "en": "{failed} games of this study broke; its figures are biased and no report is drawn from them "
              "(see errors in the file)",
        "ja": "この集計では {failed} ゲームが止まりました。数字が偏るのでレポートは作りません（ファイルの errors を見てください）"},
    "sim.word_kind": {"en": "{kind:types}", "ja": "{kind:types}の値"},
    # — playing games (pnp.sim.runner) —
    "sim.max_steps": {
        "en": "the game did not end within max_steps={steps}",
        "ja": "max_steps={steps} 手のうちにゲームが終わりませんでした"},
    "sim.no_legal_action": {
        "en": "seat {seat} is to move but has no legal action",
        "ja": "席 {seat} の手番ですが、打てる手がありません"},
    "sim.policy_illegal": {
        "en": "policy {policy!r} chose an illegal action {action!r}",
        "ja": "方針 {policy!r} が打てない手 {action!r} を選びました"},
    "sim.game_where": {
        "en": "game {index} (seed {seed}): ",
        "ja": "ゲーム {index}（種 {seed}）："},
    "sim.game_step_where": {
        "en": "game {index} (seed {seed}), step {step}{after}: ",
        "ja": "ゲーム {index}（種 {seed}）の {step} 手目{after}："},
    "sim.after_move": {
        "en": ", the last move chosen {move!r}",
        "ja": "、最後に選ばれた手 {move!r}"},
    "sim.game_too_long": {
        "en": "the game did not end within {seconds} s ({steps} steps{after}): stopped",
        "ja": "{seconds} 秒のうちにゲームが終わりませんでした（{steps} 手{after}）：止めました"},
    "sim.endless_games": {
        "en": "{error}; games that do not end have taken {seconds} s: stopped",
        "ja": "{error}。終わらないゲームに {seconds} 秒かかりました：止めました"},
    "sim.result_kind": {
        "en": "result() returned {kind} {value!r}, not a Result with scores and ranks",
        "ja": "result() が {kind} {value!r} を返しました。scores と ranks を持つ Result を返してください"},
    "sim.result_sequences": {
        "en": "scores and ranks must be sequences, one item a seat",
        "ja": "scores と ranks は席ごとに1つずつ並べた列にしてください"},
    "sim.result_counts": {
        "en": "{scores} scores and {ranks} ranks for {seats} seats",
        "ja": "{seats} 席に対して scores が {scores} 個、ranks が {ranks} 個です"},
    "sim.result_score": {
        "en": "score {score!r} is not a finite number",
        "ja": "得点 {score!r} は有限の数ではありません"},
    "sim.result_rank": {
        "en": "rank {rank!r} is not a whole number of 1 or more",
        "ja": "順位 {rank!r} は 1 以上の整数ではありません"},
    "sim.players_outside": {
        "en": "{players} players is outside {least}–{most}",
        "ja": "{players} 人は {least}〜{most} 人の外です"},
    "sim.games_negative": {
        "en": "the number of games must not be negative",
        "ja": "ゲーム数は負にできません"},
    "sim.jobs_positive": {
        "en": "jobs must be at least 1, got {jobs}",
        "ja": "jobs は 1 以上にしてください。{jobs} になっています"},
    "sim.worker_died": {
        "en": "a worker process ended without an answer (killed, out of memory, or the engine ended the process) "
              "while playing games {games}: no statistics; run with --jobs 1 to see the game's own error",
        "ja": "ゲーム {games} を遊んでいたワーカーのプロセスが答えずに終わりました（止められたか、メモリ不足か、"
              "エンジンがプロセスを終えました）：集計しません。--jobs 1 で動かすとゲームのエラーが見えます"},
    "sim.engine_unpicklable": {
        "en": "the engine cannot be sent to worker processes (--jobs, --executor): {why} (keep lambdas, open "
              "files and locks out of the engine object, or use --jobs 1)",
        "ja": "エンジンをワーカーのプロセスに送れません（--jobs、--executor）：{why}（エンジンのオブジェクトに "
              "lambda・開いたファイル・ロックを持たせないか、--jobs 1 を使ってください）"},
    "sim.word_none": {"en": "none", "ja": "なし"},
    # — comparisons, the skill ladder, luck, chance streams, the score track —
    "sim.placebo_streams": {
        "en": "a placebo needs both games played with track_streams",
        "ja": "プラセボには、両方のゲームを track_streams 付きで遊ぶ必要があります"},
    "sim.comparison_kind": {
        "en": "expected a mapping with name_ja and a variant or options",
        "ja": "name_ja と variant か options を持つマッピングにしてください"},
    "sim.comparison_variant": {
        "en": "unknown variant {variant!r}{hint}",
        "ja": "変種 {variant!r} はありません{hint}"},
    "sim.comparison_option": {
        "en": "{key}={value!r} is not an option of the engine{hint}",
        "ja": "{key}={value!r} はエンジンのオプションではありません{hint}"},
    "sim.comparison_empty": {
        "en": "names neither a variant nor options",
        "ja": "変種もオプションも書かれていません"},
    "sim.ladder_game_broke": {
        "en": "the skill ladder's game {index} (seed {seed}, {policy}) broke: {error}",
        "ja": "腕のはしごのゲーム {index}（種 {seed}、{policy}）が止まりました：{error}"},
    "sim.luck_event_unseen": {
        "en": "no chance step after the first decision has that name in {games} sample games of {game} with "
              "{players} players (names seen: {names}){hint}",
        "ja": "{game} を {players} 人で遊んだ {games} ゲームでは、最初の判断のあとにこの名前の偶然がありませんでした"
              "（あった名前：{names}）{hint}"},
    "sim.stream_key": {
        "en": "{hook}() returned {kind} {value}: a stream's key must be a str, an int or a tuple of them, the same "
              "text in every run (a set's order and an object's repr change from run to run, so the same seed "
              "would not give the same game)",
        "ja": "{hook}() が {kind} {value} を返しました：偶然の流れのキーは str・int かそれらのタプルで、"
              "毎回同じ文字になるものにしてください（集合の順番やオブジェクトの repr は実行ごとに変わり、"
              "同じ種でも同じゲームになりません）"},
    "sim.no_such_track": {
        "en": "score_track names the track {track!r}, the game has no such track (tracks: {tracks}){hint}",
        "ja": "score_track のトラック {track!r} はゲームにありません（トラック：{tracks}）{hint}"},
    "sim.continuation_past": {
        "en": "a continuation ran past max_steps={steps}",
        "ja": "続きのゲームが max_steps={steps} 手を超えました"},
    "sim.sample_past": {
        "en": "a sample game ran past max_steps={steps}",
        "ja": "見本のゲームが max_steps={steps} 手を超えました"},
    # — the checks validate runs on an engine (pnp.sim.crashes, pnp.sim.generic, pnp.sim.determinization) —
    "sim.undecided": {
        "en": "cannot be judged: {crashed} of {played} games it played stopped with an error ({finished} ran to "
              "the end); first: {first} (seed {seed}; replay: {replay})",
        "ja": "判定できません：遊んだ {played} ゲームのうち {crashed} ゲームがエラーで止まりました（最後まで {finished} "
              "ゲーム）。最初のエラー：{first}（種 {seed}、再現：{replay}）"},
    "sim.check_replay": {"en": "replay", "ja": "再生"},
    "sim.check_legal_actions": {"en": "legal actions", "ja": "合法手"},
    "sim.check_hidden": {"en": "hidden information", "ja": "隠れた情報"},
    "sim.check_determinization": {"en": "determinization", "ja": "見えない札の配り直し"},
    "sim.engine_players": {
        "en": "game.yaml says {lo}–{hi}, the engine plays {least}–{most}",
        "ja": "game.yaml では {lo}〜{hi} 人、エンジンでは {least}〜{most} 人です"},
    "sim.engine_component": {
        "en": "the engine plays with {id!r} ×{count}, game.yaml lists no such component{hint}",
        "ja": "エンジンは {id!r} を {count} 個使いますが、game.yaml にその部品がありません{hint}"},
    "sim.engine_count": {
        "en": "game.yaml says {name} ×{said}, the engine plays with {plays}",
        "ja": "game.yaml では {name} が {said} 個、エンジンでは {plays} 個です"},
    "sim.where_game": {
        "en": "{players} players [{policy}] seed {seed}: ",
        "ja": "{players}人 [{policy}] 種 {seed}："},
    "sim.where_decision": {
        "en": "{players} players [random] seed {seed}, decision {decision}: ",
        "ja": "{players}人 [random] 種 {seed} の {decision} 回目の判断："},
    "sim.where_step": {
        "en": "{players} players seed {seed} step {step} seat {seat}: ",
        "ja": "{players}人 種 {seed} の {step} 手目、席 {seat}："},
    "sim.same_seed_differs": {
        "en": "the same seed played a different game (randomness outside the runner's seeded rng?)",
        "ja": "同じ種で別のゲームになりました（ランナーの種付きの乱数の外で乱数を使っていませんか）"},
    "sim.log_does_not_replay": {
        "en": "the game log does not replay: {why}",
        "ja": "ゲームの記録を再生できません：{why}"},
    "sim.chance_label_json": {
        "en": "a chance outcome's label changes through JSON: played as 「{played}」, action_from_json(to_json()) "
              "gives 「{back}」 (replays and transcripts print the second); build the whole outcome in "
              "action_from_json (pnp help engines, 手のラベル)",
        "ja": "偶然の結果のラベルが JSON を通ると変わります：遊んだときは「{played}」、action_from_json(to_json()) では"
              "「{back}」（再生や実況には後者が出ます）。action_from_json で結果のすべてを組み立ててください"
              "（pnp help engines の「手のラベル」）"},
    "sim.legal_none": {
        "en": "a decision with no legal action (to_move names a seat that cannot act)",
        "ja": "打てる手のない判断があります（to_move が動けない席を指しています）"},
    "sim.legal_unhashable": {
        "en": "the legal action {action!r} is not hashable (make it a frozen dataclass)",
        "ja": "手 {action!r} はハッシュできません（frozen な dataclass にしてください）"},
    "sim.legal_json_fails": {
        "en": "the legal action {action!r} does not come back through JSON: {why}",
        "ja": "手 {action!r} が JSON から戻せません：{why}"},
    "sim.legal_json_differs": {
        "en": "the legal action {action!r} comes back through JSON as {back!r}",
        "ja": "手 {action!r} が JSON を通ると {back!r} になります"},
    "sim.legal_twice": {
        "en": "the legal action {action!r} is listed twice",
        "ja": "手 {action!r} が2回並んでいます"},
    "sim.legal_unordered": {
        "en": "the legal actions cannot be ordered ({why}); make them dataclasses with order=True",
        "ja": "打てる手を並べ替えられません（{why}）。order=True の dataclass にしてください"},
    "sim.legal_unsorted": {
        "en": "the legal actions are not listed in their own order (return sorted(actions)), e.g. {first!r} "
              "before {least!r}",
        "ja": "打てる手が順に並んでいません（sorted(actions) を返してください）。例：{first!r} が {least!r} より前"},
    "sim.observe_whole_state": {
        "en": "observe(state, seat) returns the whole state; return what the seat can see",
        "ja": "observe(state, seat) が局面の全体を返しています。その席に見えるものだけを返してください"},
    "sim.observe_shows_hidden": {
        "en": "the observation changes when only cards the seat cannot see change (observe shows hidden cards)",
        "ja": "その席に見えない札だけを変えても観測が変わります（observe が隠れた札を見せています）"},
    "sim.legal_shows_hidden": {
        "en": "the legal actions change when only cards the seat cannot see change",
        "ja": "その席に見えない札だけを変えても打てる手が変わります"},
    "sim.redeal_changed_cards": {
        "en": "redeal changed which cards are in the game",
        "ja": "redeal でゲームにある札そのものが変わりました"},
    "sim.redeal_breaks": {
        "en": "a redealt state breaks an invariant: {why}",
        "ja": "配り直した局面が不変条件を破ります：{why}"},
    "sim.hidden_nothing_checked": {
        "en": "cannot be judged: no decision of the games played was checked ({games} games)",
        "ja": "判定できません：遊んだゲームの判断を1つも確かめていません（{games} ゲーム）"},
    "sim.redeal_changed_nothing": {
        "en": "redeal changed nothing in {states} states: it must shuffle the cards the seat cannot see, or the "
              "hidden-information check shows nothing",
        "ja": "redeal が {states} 局面で何も変えませんでした：その席に見えない札を混ぜ直さないと、隠れた情報の確認に"
              "なりません"},
    "sim.at_setup": {"en": "at set-up: ", "ja": "準備のとき："},
    "sim.where_players": {
        "en": "{game} {players}p: ",
        "ja": "{game} {players}人："},
    "sim.where_state": {
        "en": "{game} {players}p state {state} (a position of the game `{command}` plays): ",
        "ja": "{game} {players}人 局面 {state}（`{command}` で遊ぶゲームの局面）："},
    "sim.where_seat": {
        "en": "{game} {players}p state {state} seat {seat}",
        "ja": "{game} {players}人 局面 {state} 席 {seat}"},
    "sim.sample": {
        "en": " sample {sample}: ",
        "ja": " の配り直し {sample}："},
    "sim.nothing_hidden": {
        "en": "the engine declares hidden information, but no information set hid anything from its seat "
              "(information_set keeps the real hidden cards)",
        "ja": "エンジンは隠れた情報があると宣言していますが、どの情報集合も席から何も隠しませんでした"
              "（information_set が本当の隠れた札を残しています）"},
    "sim.infoset_changed_state": {
        "en": "information_set changed the real state",
        "ja": "information_set が本当の局面を変えました"},
    "sim.determinized_breaks": {
        "en": "the determinized state breaks an invariant: {why}",
        "ja": "配り直した局面が不変条件を破ります：{why}"},
    "sim.determinized_seen": {
        "en": "the seat would see a different {diff} (the determinization is not consistent with its observation)",
        "ja": "席から見える {diff} が違います（配り直しがその席の観測と合っていません）"},
    "sim.determinized_mover": {
        "en": "a different seat to move or legal actions",
        "ja": "手番の席か打てる手が違います"},
    "sim.infoset_differs": {
        "en": "the information set differs between states the seat cannot tell apart (it keeps hidden pieces)",
        "ja": "席が見分けられない局面どうしで情報集合が違います（隠れた駒を残しています）"},
    "sim.infoset_shared": {
        "en": "playing on a determinized state changed the information set (they share lists)",
        "ja": "配り直した局面で手を進めると情報集合が変わりました（リストを共有しています）"},
    "sim.never_redealt": {
        "en": "{samples} samples never re-dealt what the other seats hold (the determinization keeps the hidden "
              "cards)",
        "ja": "{samples} 回の配り直しで、ほかの席の持ち札が一度も変わりませんでした（配り直しが隠れた札を残しています）"},
    "sim.all_same": {
        "en": "{samples} samples were all the same state (the determinization keeps the hidden pieces)",
        "ja": "{samples} 回の配り直しがすべて同じ局面でした（配り直しが隠れた駒を残しています）"},
    # — the rulebook's example positions checked by the engine (pnp.sim.examples) —
    "sim.example_unknown_key": {
        "en": "unknown key {key!r} in the example position (keys: {keys:list}){hint}",
        "ja": "例の局面に知らないキー {key!r} があります（キー：{keys:list}）{hint}"},
    "sim.example_unsupported": {
        "en": "the rules engine of this game cannot check examples (no example_state / example_facts)",
        "ja": "このゲームのルールエンジンは例の局面を確かめられません（example_state・example_facts がありません）"},
    "sim.example_players": {
        "en": "players must be a number from {least} to {most}, got {got!r}",
        "ja": "players は {least}〜{most} の数にしてください。{got!r} になっています"},
    "sim.example_no_expect": {
        "en": "an example position needs expect: (what the text says happens)",
        "ja": "例の局面には expect:（本文が言う、起こること）が要ります"},
    "sim.example_moves_list": {
        "en": "moves must be a list of actions",
        "ja": "moves は手のリストにしてください"},
    "sim.example_impossible": {
        "en": "impossible position: {why}",
        "ja": "ありえない局面です：{why}"},
    "sim.example_after_end": {
        "en": "move {n} ({move}) comes after the game has ended",
        "ja": "{n} 手目（{move}）はゲームが終わったあとの手です"},
    "sim.example_no_card": {
        "en": " (no card {card!r} in the engine's card_ids){hint}",
        "ja": "（エンジンの card_ids にカード {card!r} はありません）{hint}"},
    "sim.example_not_an_action": {
        "en": "move {n} ({move}) is not an action of this game: {why}{hint}",
        "ja": "{n} 手目（{move}）はこのゲームの手として読めません：{why}{hint}"},
    "sim.example_illegal": {
        "en": "move {n} ({move}) is not legal here (legal: {legal} …)",
        "ja": "{n} 手目（{move}）はこの局面では打てません（打てる手：{legal} …）"},
    "sim.example_breaks": {
        "en": "move {n} ({move}) breaks the rules: {why}",
        "ja": "{n} 手目（{move}）はルールに反します：{why}"},
    "sim.example_no_fact": {
        "en": "the engine reports no such fact (facts: {facts:list}){hint}",
        "ja": "エンジンはこの事実を報告しません（事実：{facts:list}）{hint}"},
    "sim.example_differs": {
        "en": "the example says {key} = {claimed!r}, the rules give {given!r}",
        "ja": "例では {key} = {claimed!r} ですが、ルールでは {given!r} になります"},
    # — card conservation (validate's generic check) —
    "sim.not_conserved": {
        "en": "cards are not conserved",
        "ja": "カードの数が合いません"},
    "sim.not_conserved_detail": {
        "en": "{conserved}: {parts}",
        "ja": "{conserved}：{parts}"},
    "sim.conservation_missing": {
        "en": "missing {cards}",
        "ja": "足りないカード {cards}"},
    "sim.conservation_extra": {
        "en": "extra {cards}",
        "ja": "余分なカード {cards}"},
    "sim.conservation_expected_at_setup": {
        "en": ", expected somewhere at set-up (the deck data has it)",
        "ja": "（デッキのデータにあるので、準備のあとどこかにあるはずです）"},
    "sim.conservation_was": {
        "en": "was in {places} before this step",
        "ja": "この手の前は {places} にありました"},
    "sim.conservation_was_nowhere": {
        "en": "was in no place before this step either",
        "ja": "この手の前にもどこにもありませんでした"},
    "sim.conservation_now_only": {
        "en": ", now only in {places}",
        "ja": "。いまは {places} だけにあります"},
    "sim.conservation_in": {
        "en": " (in {places})",
        "ja": "（{places}）"},
    "sim.conservation_games": {
        "en": "card conservation: {conserved} in {crashed} of {played} games played (every step checked); "
              "first: {first} (seed {seed}; replay: {replay})",
        "ja": "カードの保存：{played}ゲーム中 {crashed}ゲームで{conserved}（毎手確かめました）。"
              "最初の例：{first}（種 {seed}。再生：{replay}）"},
}

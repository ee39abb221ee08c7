"""`pnp new GAME`: a game that builds out of the box; ``--csv`` keeps its cards in a spreadsheet, ``--engine``
adds a rules engine in the game's folder that simulates out of the box."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from ..errors import PnpError
from ..messages import msg

TEMPLATES = Path(__file__).resolve().parents[1] / "templates" / "newgame"

GAME_YAML = """\
# {game}: ゲーム全体の情報。components にはゲームに入るものをすべて数と一緒に書きます。
id: {game}
title: 新しいゲーム
players: [2, 4]
play_time: 約20分
age: 10歳以上
version: "0.1"
components:
  - id: cards
    name: 山札カード
    kind: deck
    count: 6
    description: 3スートのカード。数字は1〜2。
"""

CARDS_YAML = """\
# 山札カード: 1枚ごとに id・スート・数字・タイトル・本文を書きます。count: N で同じカードをN枚。
kind: deck
id: cards
name: 山札カード
layout: card-base
back:
  title: 新しいゲーム
  color: "#2c3e50"
suits:
  - {{id: sun, name: 太陽, color: "#c0392b", mark: circle}}
  - {{id: moon, name: 月, color: "#2e4a9e", mark: diamond}}
  - {{id: star, name: 星, color: "#1e8449", mark: star}}
cards:
  - {{id: sun-1, suit: sun, value: 1, title: 朝焼け, body: 手札を1枚引く。}}
  - {{id: sun-2, suit: sun, value: 2, title: 真昼, body: 「太陽」のカードを1枚捨ててもよい。}}
  - {{id: moon-1, suit: moon, value: 1, title: 三日月, body: 次の手番、数字を1大きく扱う。}}
  - {{id: moon-2, suit: moon, value: 2, title: 満月, body: 全員、手札を1枚左隣に渡す。}}
  - {{id: star-1, suit: star, value: 1, title: 流れ星, body: 山札の上から1枚を見る。, flavor: 願いごとは三回。}}
  - {{id: star-2, suit: star, value: 2, title: 北極星, body: このカードは何のスートとしても扱える。}}
"""


ENGINE_GAME_YAML = """\
# {game}: ゲーム全体の情報。components にはゲームに入るものをすべて数と一緒に書きます。
# engine: engine.py は、このフォルダのルールエンジン（pnp validate・simulate・play が遊ぶルール）です。
id: {game}
title: 新しいゲーム
players: [2, 4]
play_time: 約15分
age: 8歳以上
version: "0.1"
engine: engine.py
components:
  - id: cards
    name: 山札カード
    kind: deck
    count: 24
    description: 太陽・月・星の3スート、それぞれ1〜8の数字。月は切り札、星は得点。
"""

DECK_HEAD = """\
# 山札カード: スート・レイアウト・裏面はここに、カード1枚ずつは {source} に書きます（1行1枚）。
kind: deck
id: cards
name: 山札カード
layout: card-base
back:
  title: 新しいゲーム
  color: "#2c3e50"
suits:
  - {{id: sun, name: 太陽, color: "#c0392b", mark: circle}}
  - {{id: moon, name: 月, color: "#2e4a9e", mark: diamond}}
  - {{id: star, name: 星, color: "#1e8449", mark: star}}
"""

SIX_CARDS = [
    {"id": "sun-1", "suit": "sun", "value": 1, "title": "朝焼け", "body": "手札を1枚引く。"},
    {"id": "sun-2", "suit": "sun", "value": 2, "title": "真昼", "body": "「太陽」のカードを1枚捨ててもよい。"},
    {"id": "moon-1", "suit": "moon", "value": 1, "title": "三日月", "body": "次の手番、数字を1大きく扱う。"},
    {"id": "moon-2", "suit": "moon", "value": 2, "title": "満月", "body": "全員、手札を1枚左隣に渡す。"},
    {"id": "star-1", "suit": "star", "value": 1, "title": "流れ星", "body": "山札の上から1枚を見る。",
     "flavor": "願いごとは三回。"},
    {"id": "star-2", "suit": "star", "value": 2, "title": "北極星", "body": "このカードは何のスートとしても扱える。"},
]

_SUIT_TEXT = {"sun": ("太陽", "切り札でも得点でもない、ふつうのカード。"), "moon": ("月", "切り札。リードスートを出せないときに出すと、月の大きい数字が勝つ。"),
              "star": ("星", "このカードを取ると、得点が1点多い。")}
TRICK_CARDS = [{"id": f"{suit}-{v}", "suit": suit, "value": v, "title": name, **({"body": body} if body else {})}
               for suit, (name, body) in _SUIT_TEXT.items() for v in range(1, 9)]


def _yaml_cards(cards: list[dict[str, Any]]) -> str:
    def scalar(v: Any) -> str:
        return json.dumps(v, ensure_ascii=False) if isinstance(v, str) else str(v)
    return "cards:\n" + "".join(
        "  - {" + ", ".join(f"{k}: {scalar(v)}" for k, v in c.items()) + "}\n" for c in cards)


MAX_ID = 64         # the schema's longest id (game.yaml's id: is checked against it on every build)
# names Windows cannot hold as a folder, whatever follows a dot: a kit shared with a Windows user must unpack
WINDOWS_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)), *(f"lpt{i}" for i in range(1, 10))}


def game_id_problem(game: str) -> str | None:
    """Why ``game`` cannot be a game's id (its folder's name and game.yaml's id), or None."""
    if not re.fullmatch(r"[a-z0-9][a-z0-9_-]*", game):
        return msg("new.game_id_chars", game=game)
    if len(game) > MAX_ID:
        return msg("new.game_id_long", game=game, n=len(game), most=MAX_ID)
    if game.split(".")[0] in WINDOWS_RESERVED:
        return msg("new.game_id_windows", game=game)
    return None


def new_game(root: Path, game: str, *, csv: bool = False, engine: bool = False) -> list[Path]:
    """Write components/GAME/: game.yaml and a deck (cards in YAML, or in cards.csv with ``csv``); with
    ``engine`` a 24-card trick-taking game, its rules engine (engine.py) and a test file for it."""
    from ..data.sheets import cards_to_csv
    problem = game_id_problem(game)
    if problem:
        raise PnpError(problem)
    folder = root / "components" / game
    if folder.exists():
        raise PnpError(msg("new.exists", folder=folder.as_posix()))
    cards = TRICK_CARDS if engine else SIX_CARDS
    files: list[tuple[Path, str, str]] = [(folder / "game.yaml", (ENGINE_GAME_YAML if engine else GAME_YAML)
                                           .format(game=game), "utf-8")]
    if csv:
        files.append((folder / "cards.yaml", DECK_HEAD.format(source="cards.csv") + "cards: {from: cards.csv}\n",
                      "utf-8"))
        # with a BOM, so that Excel opens the Japanese text as UTF-8 (pnp reads it with or without)
        files.append((folder / "cards.csv", cards_to_csv(cards), "utf-8-sig"))
    elif engine:
        files.append((folder / "cards.yaml", DECK_HEAD.format(source="cards:") + _yaml_cards(cards), "utf-8"))
    else:
        files.append((folder / "cards.yaml", CARDS_YAML.format(game=game), "utf-8"))
    if engine:
        files.append((folder / "engine.py", (TEMPLATES / "engine.py").read_text(encoding="utf-8"), "utf-8"))
        # named after the game: pytest cannot collect two test files of one name from two folders
        files.append((folder / f"test_{game.replace('-', '_')}_engine.py",
                      (TEMPLATES / "test_engine.py").read_text(encoding="utf-8").replace("GAME", game), "utf-8"))
    folder.mkdir(parents=True)
    for path, text, encoding in files:
        path.write_bytes(text.encode(encoding))
    return [p for p, _, _ in files]

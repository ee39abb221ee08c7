"""`pnp new GAME`: a YAML-only game that builds out of the box."""
from __future__ import annotations

import re
from pathlib import Path

from .errors import PnpError

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


def new_game(root: Path, game: str) -> list[Path]:
    if not re.fullmatch(r"[a-z0-9][a-z0-9_-]*", game):
        raise PnpError(f"game id {game!r}: use lower-case ASCII letters, digits, - and _")
    folder = root / "components" / game
    if folder.exists():
        raise PnpError(f"{folder.as_posix()} already exists")
    folder.mkdir(parents=True)
    files = [(folder / "game.yaml", GAME_YAML), (folder / "cards.yaml", CARDS_YAML)]
    for path, text in files:
        path.write_text(text.format(game=game), encoding="utf-8")
    return [p for p, _ in files]

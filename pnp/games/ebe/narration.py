"""What `pnp play` shows for EBE, in Japanese."""
from __future__ import annotations

from .state import State
from .tables import EbeTables


class Narration(EbeTables):
    def describe_setup(self, s: State) -> list[str]:
        lines = [f"{p + 1}番席：{self.char_names[c]}" for p, c in enumerate(s.chars)]
        if s.missions:
            lines.append("ミッション：" + "、".join(self.mission_names[m] for m in s.missions))
        lines.append(f"ステーションライフ：{s.life_start}")
        return lines


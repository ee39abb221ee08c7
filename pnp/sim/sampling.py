"""Seeds: every game's RNGs derive from (root seed, game index), never from a global RNG, so a batch
gives the same games whatever the number of worker processes."""
from __future__ import annotations

import hashlib
import random


def derive_seed(root: int, *parts: object) -> int:
    """A stable 63-bit seed for ``root`` and a path of parts (game index, "seat", seat …)."""
    text = ":".join(str(p) for p in (root, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def game_seed(root: int, index: int) -> int:
    return derive_seed(root, index)


def game_rngs(seed: int, players: int) -> tuple[random.Random, list[random.Random]]:
    """The chance RNG of a game and one RNG per seat for its policy."""
    return random.Random(seed), [random.Random(derive_seed(seed, "seat", s)) for s in range(players)]

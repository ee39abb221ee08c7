"""Hard resource limits: no input, however large or deep, may hang pnp or exhaust the machine.

Every limit is far above what a real print-and-play game needs and is checked before the work it
guards is done (the YAML budget while the file is parsed, a track's length before its spaces are
listed, the number of games before any is played).  The manual lists them (docs/limits.md, 「上限」)."""
from __future__ import annotations

import os
import sys


def _seconds(name: str, default: float) -> float:
    """A time budget, or the number of seconds in $PNP_<name> (from 0.1 to 3600; the tests set short
    budgets so that a hang is stopped in a second or two instead of waiting out the default)."""
    raw = os.environ.get(f"PNP_{name}", "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        value = 0.0
    if 0.1 <= value <= 3600:
        return value
    print(f"pnp: PNP_{name}={raw!r} is not a number of seconds from 0.1 to 3600: ignored, {default:g} s used",
          file=sys.stderr)
    return default

# ---- YAML and other input files
MAX_FILE_BYTES = 2_000_000       # one YAML file, rulebook page or game log (the largest bundled YAML is 24 kB)
MAX_YAML_NODES = 100_000         # scalars, lists and mappings in one YAML file, counted while parsing
MAX_YAML_DEPTH = 40              # nesting of lists and mappings in one YAML file (real data: < 10)
MAX_JSON_DEPTH = 100             # nesting of a game log's JSON
MAX_CACHE_BYTES = 50_000_000     # a manifest.json or the file-hash cache pnp reads back (a big kit's is < 1 MB)
MAX_IMAGE_PIXELS = 40_000_000    # a card image (a 300 dpi A4 page is 8.7 million)
MAX_IMAGE_BYTES = 50_000_000
MAX_FONT_BYTES = 64_000_000      # a font file (BIZ UDPMincho is 6.2 MB; a CJK collection 30 MB)
MAX_ICC_BYTES = 20_000_000       # an ICC profile (Japan Color 2011 Coated is 1.9 MB; the bundled one 0.9 MB)
MAX_RENDER_PIXELS = 40_000_000   # one card rendered by --png (poker at 1200 dpi is 12 million)
MAX_SHEET_PIXELS = 100_000_000   # a preview contact sheet

# ---- spreadsheets (cards: {from: …}); a whole .xlsx/.ods file is at most 20 MB, a member 50 MB unpacked
MAX_XML_ELEMENTS = 500_000       # XML elements of one .xlsx/.ods member (10,000 rows of 20 cells: 410,000)
MAX_XML_DEPTH = 100              # nesting of XML elements (Excel's and LibreOffice's files: < 15)
MAX_CELL_CHARS = 100_000         # characters of one cell (a card's text is hundreds)

# ---- builds
LOCK_WAIT_S = 600                # a build waits this long for another pnp writing the same out/<game>/

# ---- sizes of printed things
MIN_CARD_MM = 15.0               # a card, cut-apart card or token side
MAX_CARD_MM = 300.0
MAX_TRACK_SPACES = 500           # spaces of one score track
MAX_BOARD_CELLS = 100            # cells along each side of a board
MAX_BOARD_MM = 1500.0            # a board's side, before tiling
MAX_PIECES = 1000                # count of one card, token group, track, die …

# ---- simulation
MAX_GAMES = 1_000_000            # --games of simulate (per player count); validate takes at most MAX_VALIDATE_GAMES
MAX_VALIDATE_GAMES = 100_000
MAX_ENGINE_STEPS = 1_000_000     # an engine's max_steps (the bundled games' largest is 200,000)
MAX_GAME_SECONDS = 60            # one game without a search player, whatever its engine (bundled ones: < 0.1 s)
# one call into a user engine's code (apply, legal_actions, its import …); $PNP_MAX_ENGINE_CALL_SECONDS
MAX_ENGINE_CALL_SECONDS = _seconds("MAX_ENGINE_CALL_SECONDS", 10)
# a --executor address must answer as a Dask scheduler within this; $PNP_EXECUTOR_CONNECT_SECONDS
EXECUTOR_CONNECT_SECONDS = _seconds("EXECUTOR_CONNECT_SECONDS", 10)
MAX_SEARCH_ITERATIONS = 100_000  # the search player's iterations per decision (mcts:N and --search-iterations)


def max_jobs() -> int:
    """Worker processes allowed without --force-jobs: the machine's cores."""
    return os.cpu_count() or 1

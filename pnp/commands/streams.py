"""Standard output kept for pnp's own JSON: while a designer's engine may run, whatever it writes — print(),
sys.stdout.write, or os.write(1, …) straight to the file descriptor — goes to standard error, and the
command writes its JSON to the real standard output only afterwards (a JSON reader gets one document)."""
from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator


@contextlib.contextmanager
def engine_output_to_stderr(enabled: bool = True) -> Iterator[None]:
    if not enabled:
        yield
        return
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    try:
        saved = os.dup(1)
    except OSError:                       # no file descriptor 1 (a closed stdout): the streams alone
        with contextlib.redirect_stdout(sys.stderr):
            yield
        return
    try:
        os.dup2(2, 1)
        with contextlib.redirect_stdout(sys.stderr):
            yield
    finally:
        with contextlib.suppress(OSError, ValueError):
            sys.stderr.flush()
        os.dup2(saved, 1)
        os.close(saved)

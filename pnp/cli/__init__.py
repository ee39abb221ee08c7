"""The command line, and all of pnp's click code: the ``pnp`` group (group), the options several
commands share (options), click's own words in Japanese (clicktext), and one module per family of
commands.  A command parses its options, calls a service in pnp.commands with plain Python values and
shows what comes back; a PnpError becomes a message and exit 1 (options.reported).

The simulator's commands (play, simulate, replay in sim; sweep in sweep) are imported by the group only
when one is named or listed, so ``pnp build`` and ``pnp validate`` start without them."""
from __future__ import annotations

from . import options  # noqa: F401  (made first: see below)
from .clicktext import install as _install_click_texts

# click's own usage errors and help headings in Japanese when pnp speaks it: installed before the commands
# are declared, after the shared options (whose click.Path was always made first, so its metavar stays
# click's English DIRECTORY in every command's help)
_install_click_texts()

from . import build, manual, project, validate, watch  # noqa: E402  (declared after the words are in place)
from .group import main  # noqa: E402

for _command in (*build.COMMANDS, *project.COMMANDS, *manual.COMMANDS, *validate.COMMANDS, *watch.COMMANDS):
    main.add_command(_command)

__all__ = ["main"]

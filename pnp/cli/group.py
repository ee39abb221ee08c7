"""The ``pnp`` group: its own options (--project, --lang, --version) and the commands it loads when named."""
from __future__ import annotations

import os
from pathlib import Path

import click

from .. import __version__
from ..messages import msg, set_lang
from .options import PROJECT_HELP


class _Commands(click.Group):
    """The simulator's commands imported when named or listed (help): `pnp validate` and `pnp build`
    start without them."""

    LAZY = {"play": "pnp.cli.sim", "simulate": "pnp.cli.sim", "replay": "pnp.cli.sim",
            "sweep": "pnp.cli.sweep"}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.LAZY})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.LAZY and cmd_name not in self.commands:
            from importlib import import_module
            self.add_command(getattr(import_module(self.LAZY[cmd_name]), cmd_name))
        return super().get_command(ctx, cmd_name)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
@click.option("--project", "project_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help=PROJECT_HELP)
@click.option("--lang", type=click.Choice(["en", "ja"]), default=None,
              help="メッセージの言語（ja：日本語。既定は環境変数 PNP_LANG、なければロケール LC_ALL・LC_MESSAGES・LANG、"
                   "どれもなければ en）。場所と欄はどちらでも先頭に")
def main(project_dir: Path | None, lang: str | None) -> None:
    """pnp — プリント＆プレイ工房。カードとルールブックをPDFにし、ルールを試遊して確かめます。"""
    set_lang(lang)
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch is not None and not epoch.strip().isdigit():
        raise click.UsageError(msg("cli.source_date_epoch", value=epoch))

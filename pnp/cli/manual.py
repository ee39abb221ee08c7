"""``pnp help [TOPIC]``: the manual (docs/) read in the terminal, offline."""
from __future__ import annotations

import sys
from typing import cast

import click


@click.command("help")
@click.argument("topic", required=False)
@click.option("--path", "show_path", is_flag=True,
              help="表示する代わりに、その話題の Markdown ファイルの場所を表示する")
@click.pass_context
def help_(ctx: click.Context, topic: str | None, show_path: bool) -> None:
    """マニュアル（データの書き方・テンプレート・ルールブックの書式・試遊…）を端末で読みます（オフライン）。
    TOPIC を省けば話題の一覧、コマンドの名前ならそのコマンドのオプション。"""
    from ..commands import manual
    root = ctx.find_root()
    commands = tuple(cast(click.Group, root.command).list_commands(root))
    try:
        if topic is None:
            text, path = manual.topic_list(), manual.manual_dir() / f"{manual.INDEX}.md"
        else:
            text = manual.topic_text(topic, commands)
            named = [t.path for t in manual.topics() if t.name == topic.strip().lower().removesuffix(".md")]
            path = named[0] if named else manual.manual_dir() / (
                "commands.md" if topic in commands else f"{manual.INDEX}.md")
    except manual.UnknownTopic as exc:
        raise click.UsageError(str(exc)) from None
    if show_path:
        click.echo(path.as_posix())
    elif sys.stdout.isatty():
        click.echo_via_pager(text)
    else:
        click.echo(text, nl=False)


COMMANDS = (help_,)

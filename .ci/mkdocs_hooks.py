"""MkDocs hook (mkdocs.yml: hooks): each page as `pnp help` shows it (pnp.commands.manual.readable): a bar
inside code in a table row is written \\| in the Markdown and shown as |."""
from __future__ import annotations

from pnp.commands.manual import readable


def on_page_markdown(markdown: str, **_kwargs: object) -> str:
    return readable(markdown)

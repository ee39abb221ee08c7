"""README's one line per command, made from `pnp --help` (each command's usage and the first sentence of its
help), so the README never lists a command that is gone or misses a new one.

    python .ci/readme_commands.py            # print the block
    python .ci/readme_commands.py --write    # put it into README.md between its two marker lines
    python .ci/readme_commands.py --check    # exit 1 when README.md's block is not the one made here

tests/docs/test_readme.py runs the check (a plain script rather than cog: one block, one file, no dependency).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import click

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
BEGIN = "<!-- commands: made by .ci/readme_commands.py from pnp --help; do not edit by hand -->"
END = "<!-- /commands -->"


def _first_sentence(source: str) -> str:
    text = ""
    for piece in (line.strip() for line in source.splitlines()):
        if not piece:
            continue
        latin = text and text[-1].isascii() and text[-1].isalnum() and piece[0].isascii() and piece[0].isalnum()
        text += (" " if latin else "") + piece      # a Japanese sentence wrapped in the docstring joins as one
    cut = text.find("。")
    return text[:cut + 1] if cut >= 0 else text


def command_lines() -> list[str]:
    from pnp.cli import main
    ctx = click.Context(main, info_name="pnp")
    rows = []
    for name in main.list_commands(ctx):
        cmd = main.get_command(ctx, name)
        assert cmd is not None
        sub = click.Context(cmd, info_name=name, parent=ctx)
        usage = " ".join(p for p in cmd.collect_usage_pieces(sub) if p != "[OPTIONS]")
        rows.append((f"pnp {name} {usage}".rstrip(), _first_sentence(cmd.help or "")))
    width = max(len(u) for u, _ in rows)
    return [f"{u:<{width}}  # {h}" for u, h in rows]


def block() -> str:
    return "\n".join([BEGIN, "```sh", *command_lines(), "```", END])


def readme_block(text: str) -> str:
    if BEGIN not in text or END not in text:
        raise SystemExit(f"{README.name}: the marker lines of the commands block are missing ({BEGIN} … {END})")
    start = text.index(BEGIN)
    return text[start:text.index(END, start) + len(END)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--write", action="store_true", help="rewrite README.md's block")
    what.add_argument("--check", action="store_true", help="exit 1 when README.md's block differs")
    args = parser.parse_args()
    made = block()
    if not (args.write or args.check):
        print(made)
        return 0
    text = README.read_text(encoding="utf-8")
    old = readme_block(text)
    if args.check:
        if old != made:
            print(f"{README.name}: the commands block differs from `pnp --help`; run python .ci/readme_commands.py "
                  "--write", file=sys.stderr)
            return 1
        return 0
    README.write_text(text.replace(old, made), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

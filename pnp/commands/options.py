"""Options shared by several commands, defined once."""
from __future__ import annotations

from pathlib import Path

import click

from ..data.project import Project

project_option = click.option(
    "--project", "project_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("."),
    show_default=True, help="設計フォルダ（components/ と layouts/ がある場所）")


def open_project(project_dir: Path) -> Project:
    return Project(project_dir)


seed_option = click.option("--seed", type=int, default=1, show_default=True, help="乱数の種（同じ種なら同じ結果）")
players_option = click.option("--players", type=int, default=None, help="プレイ人数（省略時は全対応人数または最少人数）")
jobs_option = click.option("--jobs", type=int, default=1, show_default=True, help="並列プロセス数（結果は変わらない）")

"""Options shared by several commands, defined once."""
from __future__ import annotations

import os
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

import click

from .. import watchdog
from ..errors import PnpError
from ..files import remember_start_folder
from ..limits import max_jobs
from ..messages import msg

if TYPE_CHECKING:
    from ..data.project import Project


F = TypeVar("F", bound=Callable[..., Any])     # a command function, as a decorator hands it back

class Failure(click.ClickException):
    """Prints the library's message as is (one problem a line) and exits 1."""

    def show(self, file: Any = None) -> None:
        click.echo(self.message, err=True)


def reported(fn: F) -> F:
    """Turn PnpError (bad data, text that does not fit …) into a message and exit code 1."""
    @wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            with watchdog.active():     # a user engine's call that never returns is stopped, not waited for
                return fn(*args, **kwargs)
        except PnpError as exc:
            raise Failure(str(exc)) from None
        except watchdog.EngineStuck as exc:     # stopped outside a game (a check, a replay …)
            raise Failure(str(exc)) from None
        except OSError as exc:    # an unwritable out/ or a full disk: say which file, no traceback
            where = exc.filename or ""
            raise Failure(msg("os.failed", file=where, why=[exc.errno, exc.strerror or str(exc)]) if where
                          else str(exc)) from None
    return cast(F, wrapper)

PROJECT_HELP = "設計フォルダ（components/ と layouts/ がある場所。既定はカレントフォルダ）"


def _project_dir(ctx: click.Context, _param: click.Parameter, value: Path | None) -> Path:
    """--project after the command wins; else `pnp --project DIR COMMAND`; else the current folder.  Made
    absolute here, before any engine code runs: an engine that changes the working folder (os.chdir) moves
    none of pnp's reading or writing (outputs given relative are in_project)."""
    if value is None:
        value = ctx.find_root().params.get("project_dir") or Path(".")
    remember_start_folder()
    return Path(os.path.abspath(value))


project_option = click.option(
    "--project", "project_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
    callback=_project_dir, help=PROJECT_HELP)


class AbsolutePath(click.Path):
    """A file named on the command line, made absolute as it is read (links are not followed: the output
    checks still see a link as a link), before any engine code runs and could change the working folder."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        converted = super().convert(value, param, ctx)
        return Path(os.path.abspath(converted)) if isinstance(converted, (str, Path)) else converted


def in_project(project_dir: Path, path: Path) -> Path:
    """An output path given relative: relative to the project folder, like components/ and layouts/."""
    return path if path.is_absolute() else project_dir / path


def open_project(project_dir: Path) -> Project:
    from ..data.project import Project  # here: a build with nothing to do never loads the data layer
    return Project(project_dir)


seed_option = click.option("--seed", type=int, default=1, show_default=True, help="乱数の種（同じ種なら同じ結果）")
players_option = click.option("--players", type=click.IntRange(1), default=None,
                              help="プレイ人数（省略時は全対応人数または最少人数）")


def _remember_force(ctx: click.Context, _param: click.Parameter, value: bool) -> bool:
    ctx.meta["pnp.force_jobs"] = value
    return value


def _check_jobs(ctx: click.Context, param: click.Parameter, value: int) -> int:
    cores = max_jobs()
    if value > cores and not ctx.meta.get("pnp.force_jobs"):
        raise click.BadParameter(msg("cli.jobs_over_cores", value=value, cores=cores), ctx, param)
    return value


def jobs_option(fn: F) -> F:
    """--jobs J (1 … the number of cores) and --force-jobs to go beyond the cores on purpose."""
    fn = click.option("--jobs", type=click.IntRange(1), default=1, show_default=True, callback=_check_jobs,
                      help="並列プロセス数（1〜CPUコア数。結果は変わらない）")(fn)
    return click.option("--force-jobs", is_flag=True, is_eager=True, expose_value=False, callback=_remember_force,
                        help="CPUコア数を超える --jobs を許す")(fn)


def _every_core(_ctx: click.Context, _param: click.Parameter, value: int | None) -> int:
    return max_jobs() if value is None else value


def build_jobs_option(fn: F) -> F:
    """pnp build's --jobs J: every core by default.  Not bounded by the cores like jobs_option: a build
    starts at most one worker per game it draws, so no J can start more processes than there are games."""
    return click.option("--jobs", type=click.IntRange(1), default=None, show_default="CPUコア数",
                        callback=_every_core,
                        help="同時に描くゲームの数（並列プロセス数。立てるのは描くゲームの数まで。1 はこのプロセスで"
                             "1ゲームずつ）。出力は変わらない")(fn)


executor_option = click.option(
    "--executor", default=None, metavar="dask://HOST:PORT",
    help="ゲームを遊ぶ場所：Dask のクラスタのスケジューラ（pip install 'pnp[cluster]'、各ワーカーに同じ版の pnp）。"
         "結果は --jobs 1 と同じ")


def check_executor(jobs: int, executor: str | None) -> None:
    """--jobs sizes the local pool; on a cluster the workers' threads do: one or the other."""
    if executor and jobs > 1:
        raise click.UsageError(msg("cli.jobs_and_executor", jobs=jobs, executor=executor))

"""The shared options as pnp.commands.sim and pnp.commands.sweep import them while their click
declarations still live there; the options themselves are in pnp.cli.options.  Goes when those
declarations move to pnp/cli/."""
from __future__ import annotations

from ..cli.options import (
    AbsolutePath,
    check_executor,
    executor_option,
    jobs_option,
    open_project,
    players_option,
    project_option,
    reported,
    seed_option,
)

__all__ = ["AbsolutePath", "check_executor", "executor_option", "jobs_option", "open_project", "players_option",
           "project_option", "reported", "seed_option"]

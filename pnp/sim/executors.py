"""Where a batch's games are played: this process, a pool of local processes, or a Dask cluster.

``open_executor(spec, jobs)`` gives the ``concurrent.futures.Executor`` the runner submits its chunks
to (None for one job here) and how many chunks the executor runs at once.  Every game's seeds come
from (root seed, game index), so the records are the same whichever executor plays them.

A cluster is named ``dask://HOST:PORT`` (the address ``dask scheduler`` prints, ``tcp://`` written as
``dask://``).  Dask is an optional extra (``pip install 'pnp[cluster]'``); every worker must have the
same pnp installed, since the workers import the runner and the engines from it."""
from __future__ import annotations

import concurrent.futures as cf
import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from .. import __version__
from ..limits import EXECUTOR_CONNECT_SECONDS
from ..messages import msg
from .errors import SimError

SCHEMES = ("dask",)
CONNECT_TIMEOUT_S = EXECUTOR_CONNECT_SECONDS

_ADDRESS = re.compile(r"(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+):(?P<port>[0-9]{1,5})")


@dataclass(frozen=True)
class ExecutorSpec:
    """A parsed ``--executor``: ``scheme`` (``dask``) and the scheduler's ``host:port``."""

    scheme: str
    host: str
    port: int

    @property
    def address(self) -> str:
        return f"tcp://{self.host}:{self.port}"

    def __str__(self) -> str:
        return f"{self.scheme}://{self.host}:{self.port}"


def parse_executor(text: str) -> ExecutorSpec:
    """``dask://HOST:PORT`` → ExecutorSpec; anything else is a SimError saying what is expected."""
    scheme, sep, rest = text.strip().partition("://")
    if not sep or scheme not in SCHEMES:
        raise SimError(f"--executor {text!r}: " + msg("sim.executor_form"))
    m = _ADDRESS.fullmatch(rest.rstrip("/"))
    if not m or not 0 < int(m["port"]) < 65536:
        raise SimError(f"--executor {text!r}: " + msg("sim.executor_port", scheme=scheme))
    return ExecutorSpec(scheme, m["host"], int(m["port"]))


def _pnp_version() -> str:
    """Runs on each worker: the pnp it imports (a worker without pnp cannot even load this function)."""
    from pnp import __version__ as version
    return version


PROBE_BYTES = 8               # a Dask comm's first message starts with its length, 8 bytes little-endian
MAX_HANDSHAKE_BYTES = 1 << 20


def _probe(spec: ExecutorSpec, timeout_s: float) -> None:
    """A Dask scheduler speaks first: on a new connection it sends its handshake, a message whose first
    8 bytes are its length.  Before the Dask client is let near the address, check that something there
    does so within the timeout — a port that accepts and never answers made the client wait for ever,
    and an HTTP server's reply read as a length made it allocate gigabytes (MemoryError)."""
    import socket
    import struct
    import time
    reach = msg("sim.executor_start", address=spec.address)
    deadline = time.monotonic() + timeout_s
    try:
        sock = socket.create_connection((spec.host.strip("[]"), spec.port), timeout=timeout_s)
    except OSError as exc:
        raise SimError(f"--executor {spec}: " + msg("sim.executor_unreachable", address=spec.address,
                                                    why=exc.strerror or exc, start=reach)) from None
    got = b""
    try:
        while len(got) < PROBE_BYTES:
            sock.settimeout(max(0.05, deadline - time.monotonic()))
            chunk = sock.recv(PROBE_BYTES - len(got))
            if not chunk:
                break
            got += chunk
    except (TimeoutError, OSError):
        pass
    finally:
        sock.close()
    if not got:
        raise SimError(f"--executor {spec}: " + msg("sim.executor_silent", address=spec.address,
                                                    seconds=f"{timeout_s:g}", start=reach))
    if len(got) < PROBE_BYTES or not 0 < struct.unpack("<Q", got)[0] <= MAX_HANDSHAKE_BYTES:
        said = got.decode("ascii", "replace").split("\r")[0].split("\n")[0]
        raise SimError(f"--executor {spec}: " + msg("sim.executor_not_dask", address=spec.address, said=said,
                                                    start=reach))


@contextmanager
def _dask(spec: ExecutorSpec, timeout_s: float) -> Iterator[tuple[cf.Executor, int]]:
    try:
        import distributed
    except ImportError:
        raise SimError(f"--executor {spec}: " + msg("sim.executor_no_dask")) from None
    # the client's own log lines (connection retries, heartbeats) would bury the command's output
    for name in ("distributed", "distributed.client", "distributed.comm"):
        logging.getLogger(name).setLevel(logging.CRITICAL)
    _probe(spec, timeout_s)
    try:
        connect: Any = distributed.Client
        client = connect(spec.address, timeout=f"{timeout_s}s", set_as_default=False)
    except (OSError, TimeoutError, MemoryError, ValueError) as exc:
        raise SimError(f"--executor {spec}: " + msg("sim.executor_unreachable", address=spec.address, why=exc,
                                                    start=msg("sim.executor_start", address=spec.address))) from None
    try:
        threads = sum(client.nthreads().values())
        if threads < 1:
            raise SimError(f"--executor {spec}: " + msg("sim.executor_no_workers", address=spec.address))
        try:
            versions = client.run(_pnp_version)
        except Exception as exc:   # noqa: BLE001 — a worker that cannot import pnp fails in many ways
            raise SimError(f"--executor {spec}: " + msg("sim.executor_workers_fail", why=f"{type(exc).__name__}: {exc}",
                                                        version=__version__)) from None
        other = sorted({f"{w}: {v}" for w, v in versions.items() if v != __version__})
        if other:
            raise SimError(f"--executor {spec}: " + msg("sim.executor_other_pnp", version=__version__,
                                                        workers="; ".join(other)))
        yield client.get_executor(), threads
    finally:
        client.close()


@contextmanager
def open_executor(spec: str | None, jobs: int = 1,
                  timeout_s: float | None = None) -> Iterator[tuple[cf.Executor | None, int]]:
    """(executor, parallel): None and 1 for one local job; a process pool of ``jobs``; or a Dask
    cluster's executor and its total worker threads.  Closed (the pool shut down, the client
    disconnected) when the block ends."""
    if spec:
        parsed = parse_executor(spec)
        with _dask(parsed, CONNECT_TIMEOUT_S if timeout_s is None else timeout_s) as opened:
            yield opened
        return
    if jobs <= 1:
        yield None, 1
        return
    with cf.ProcessPoolExecutor(max_workers=jobs) as pool:
        yield pool, jobs

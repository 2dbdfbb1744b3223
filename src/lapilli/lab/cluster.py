"""The Ray backend: an experiment's batches as Ray tasks, on one machine or a cluster.

Each batch is one task running ``runner.play_batch``, the function the local backend
runs, so a game's rows are the same whichever backend plays it. The experiment goes to
the object store once and every task reads it from there. At most ``jobs`` tasks (twice
that many once a cluster is joined) wait at a time: the driver writes each batch as it
comes back, so its memory stays flat.

A worker lost mid-batch (its process killed, its machine gone) costs that batch only:
Ray runs the task again up to ``RETRIES`` times, and if it still fails for a reason
outside the game (the cluster lost its node) the driver submits it again, up to
``RESUBMITS`` times. An error of the game itself is not retried: it ends the run with
its message, as with the local backend.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from typing import Any

from .runner import Batch, play_batch
from .spec import Experiment, LabError
from .store import Rows

RETRIES = 3
"""Times Ray runs a batch again when its worker dies."""
RESUBMITS = 2
"""Times the driver submits a batch again when Ray gives up on it."""


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise LabError("--backend ray needs Ray: pip install 'lapilli[cluster]'") from None
    return ray


def run(
    exp: Experiment, todo: list[Batch], jobs: int, address: str | None
) -> Iterator[tuple[Batch, Rows]]:
    """The batches played as Ray tasks, as they finish (in any order)."""
    ray = _ray()
    started = not ray.is_initialized()
    if started:
        _start(ray, jobs, address)
    try:
        yield from _tasks(ray, exp, todo, jobs if address is None else 2 * jobs)
    finally:
        if started:
            ray.shutdown()


def reachable(address: str, seconds: float = 5.0) -> None:
    """Refuse at once a ``HOST:PORT`` where nothing answers (Ray itself would keep
    trying for minutes); other forms (``auto``, ``ray://...``) are left to Ray."""
    host, sep, port = address.rpartition(":")
    if not sep or "/" in address or not port.isdigit():
        return
    try:
        socket.create_connection((host or "127.0.0.1", int(port)), timeout=seconds).close()
    except OSError as exc:
        raise LabError(
            f"no Ray cluster answers at {address} ({exc.strerror or exc}): start one with "
            "`ray start --head` there, or leave out --address for a local Ray"
        ) from None


def _start(ray: Any, jobs: int, address: str | None) -> None:
    """Join the cluster at ``address``, or start a local Ray with ``jobs`` CPUs."""
    if address is not None:
        reachable(address)
    # the workers find lapilli where this process found it
    source = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = {
        "env_vars": {
            "PYTHONPATH": os.pathsep.join(filter(None, [source, os.environ.get("PYTHONPATH")]))
        }
    }
    try:
        if address is None:
            ray.init(
                num_cpus=jobs,
                include_dashboard=False,
                runtime_env=env,
                log_to_driver=False,
                configure_logging=False,
            )
        else:
            ray.init(address=address, runtime_env=env, log_to_driver=False, configure_logging=False)
    except (ConnectionError, ValueError, RuntimeError) as exc:
        where = f"the Ray cluster at {address}" if address else "a local Ray instance"
        raise LabError(f"cannot start {where}: {exc}") from None


def _tasks(
    ray: Any, exp: Experiment, todo: list[Batch], width: int
) -> Iterator[tuple[Batch, Rows]]:
    from ray.exceptions import RayTaskError

    task = ray.remote(max_retries=RETRIES, retry_exceptions=False)(_play)
    shared = ray.put(exp)
    pending = list(reversed(todo))
    tries: dict[Batch, int] = {}
    running: dict[Any, Batch] = {}

    def submit(batch: Batch) -> None:
        running[task.remote(shared, batch)] = batch

    while pending or running:
        while pending and len(running) < max(1, width):
            submit(pending.pop())
        ready, _ = ray.wait(list(running), num_returns=1)
        ref = ready[0]
        batch = running.pop(ref)
        try:
            rows = ray.get(ref)
        except RayTaskError as exc:  # the game's own error: never retried
            raise LabError(f"a game failed on Ray: {exc.cause or exc}") from None
        except ray.exceptions.RayError as exc:  # the worker or its node was lost for good
            tries[batch] = tries.get(batch, 0) + 1
            if tries[batch] > RESUBMITS:
                raise LabError(
                    f"batch {batch.arm} {batch.first}-{batch.last - 1} failed "
                    f"{tries[batch]} times on Ray: {exc}"
                ) from None
            pending.append(batch)
            continue
        yield batch, rows


def _play(exp: Experiment, batch: Batch) -> Rows:
    return play_batch(exp, batch)

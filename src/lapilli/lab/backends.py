"""Where an experiment's games are played: here (processes) or on Ray."""

from __future__ import annotations

from . import cluster, runner
from .runner import OnBatch
from .spec import Experiment, LabError
from .store import Store

BACKENDS = ("local", "ray")


def run(
    exp: Experiment,
    store: Store,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    on_batch: OnBatch | None = None,
) -> int:
    """Play every game not yet in ``store`` and write it there as its batch finishes;
    returns how many games were played now."""
    todo = runner.batches(exp, store.done())
    if not todo:
        return 0
    if backend == "local":
        results = runner.local(exp, todo, jobs)
    elif backend == "ray":
        results = cluster.run(exp, todo, jobs, address)
    else:
        raise LabError(f"no backend {backend!r}: {' or '.join(BACKENDS)}")
    return runner.store_all(store, results, on_batch)

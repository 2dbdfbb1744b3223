"""The Ray backend on a local Ray instance: the same rows as the local backend, and a
worker lost mid-batch costs only that batch, which is played again."""

import os
import tomllib

import pytest

pytest.importorskip("ray")
pytest.importorskip("pyarrow")

from lapilli.lab import backends, cluster, spec  # noqa: E402
from lapilli.lab.store import Store  # noqa: E402

from .test_run import SPEC, rows  # noqa: E402


def run(tmp_path, name, backend):
    exp = spec.resolve(tomllib.loads(SPEC))
    store = Store(tmp_path / name)
    store.open(exp, SPEC)
    played = backends.run(exp, store, jobs=2, backend=backend)
    return store, played


def test_ray_plays_the_same_games_as_the_local_backend_even_when_a_worker_dies(
    tmp_path, monkeypatch
):
    marker = tmp_path / "die-once"
    marker.write_text("")
    play = cluster._play

    def dies_once(exp, batch):
        # the first batch to start kills its worker process, as a lost machine would
        try:
            os.unlink(marker)
        except FileNotFoundError:
            return play(exp, batch)
        os._exit(1)

    monkeypatch.setattr(cluster, "_play", dies_once)
    on_ray, played = run(tmp_path, "ray", "ray")
    assert played == 12 and not marker.exists()  # the lost batch was played again
    local, _ = run(tmp_path, "local", "local")
    assert rows(on_ray) == rows(local)

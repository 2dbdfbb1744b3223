"""The Ray backend on a local Ray instance: the same rows as the local backend for every
game, and a worker lost mid-batch costs only that batch, which is played again."""

import os
import tomllib

import pytest

ray = pytest.importorskip("ray")
pytest.importorskip("pyarrow")

from lapilli.core.registry import games  # noqa: E402
from lapilli.lab import backends, cluster, spec  # noqa: E402
from lapilli.lab.store import Store  # noqa: E402

from .test_run import SPEC, rows  # noqa: E402


@pytest.fixture(scope="module")
def local_ray():
    """One local Ray instance for the module (the backend joins it and leaves it up)."""
    source = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(cluster.__file__))))
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        runtime_env={"env_vars": {"PYTHONPATH": source}},
    )
    yield
    ray.shutdown()


def run(tmp_path, name, backend, text=SPEC):
    exp = spec.resolve(tomllib.loads(text))
    store = Store(tmp_path / name)
    store.open(exp, text)
    played = backends.run(exp, store, jobs=2, backend=backend)
    return store, played


@pytest.mark.parametrize("game", games())
def test_ray_plays_every_game_as_the_local_backend_does(tmp_path, local_ray, game):
    text = f'game = "{game}"\ngames = 2\nseed = 7\nbatch = 1\nseats = ["random", "random"]\n'
    if game == "fuji":
        text = text.replace('"random"]', '"random", "random"]')
    on_ray, played = run(tmp_path, "ray", "ray", text)
    local, _ = run(tmp_path, "local", "local", text)
    assert played == 2 and rows(on_ray) == rows(local)


def test_a_worker_lost_mid_batch_costs_only_that_batch(tmp_path, local_ray, monkeypatch):
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


def test_an_address_where_no_cluster_answers_is_refused_at_once(tmp_path):
    import socket

    with socket.socket() as free:  # a port nobody listens on
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    with pytest.raises(spec.LabError, match=f"no Ray cluster answers at 127.0.0.1:{port}"):
        cluster.reachable(f"127.0.0.1:{port}", seconds=1)

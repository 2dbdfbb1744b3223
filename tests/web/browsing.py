"""A live server on a loopback port and headless Chromium, for the browser tests."""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def serve(database: str) -> Iterator[str]:
    """A uvicorn server with the lapilli app on a free port, until the caller is done."""
    import uvicorn

    from lapilli.web.server import create_app

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = uvicorn.Config(create_app(database), host="127.0.0.1", port=port, log_level="info")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.time() + 10
    while not srv.started:
        assert time.time() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=5)


@pytest.fixture
def live_server(tmp_path):
    yield from serve(f"sqlite:///{tmp_path / 'web.db'}")


@pytest.fixture(scope="module")
def browser():
    playwright = pytest.importorskip("playwright.sync_api")
    if CHROMIUM is None:
        pytest.skip("Chromium is not installed")
    with playwright.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


def shot(page, tmp_path: Path, name: str) -> None:
    """A full-page screenshot in the test's directory, copied to ``LAPILLI_SHOTS`` if set."""
    path = tmp_path / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    wanted = os.environ.get("LAPILLI_SHOTS")
    if wanted:
        os.makedirs(wanted, exist_ok=True)
        shutil.copy(path, os.path.join(wanted, path.name))

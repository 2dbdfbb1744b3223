"""A real ``lapilli serve`` process on a loopback port, for restart and shutdown tests."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

LAPILLI = str(Path(sys.executable).parent / "lapilli")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Serve:
    """``lapilli serve --db URL`` started and stopped by a test (loopback only)."""

    def __init__(self, db: str, log: Path, **settings: object) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = os.environ | {f"LAPILLI_{k.upper()}": str(v) for k, v in settings.items()}
        self.log = open(log, "ab")  # noqa: SIM115 (closed in stop)
        command = [LAPILLI, "serve", "--host", "127.0.0.1", "--port", str(self.port), "--db", db]
        self.process = subprocess.Popen(command, env=env, stdout=self.log, stderr=self.log)
        self.client = httpx.Client(base_url=self.url, timeout=20)
        deadline = time.time() + 30
        while True:
            assert self.process.poll() is None, f"the server stopped: {log.read_text()}"
            assert time.time() < deadline, "the server did not start"
            try:
                if self.client.get("/api/games").status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.1)

    def signal(self, number: int) -> int:
        """Send a signal; the process's exit code once it has ended (at most 20 s)."""
        self.process.send_signal(number)
        try:
            return self.process.wait(timeout=20)
        finally:
            self.stop()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()
        self.client.close()
        self.log.close()

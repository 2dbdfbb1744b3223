"""Watchers of each table: every change sends its new version to their websockets."""

from __future__ import annotations

import asyncio
import contextlib
from collections import defaultdict
from collections.abc import Iterator


class Hub:
    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.watchers: dict[str, set[asyncio.Queue[int]]] = defaultdict(set)

    def publish(self, table_id: str, version: int) -> None:
        """Tell the table's watchers (safe from any thread)."""
        loop = self.loop
        if loop is None:
            return
        with contextlib.suppress(RuntimeError):  # the loop has closed: nobody is watching
            loop.call_soon_threadsafe(self._send, table_id, version)

    def _send(self, table_id: str, version: int) -> None:
        for latest in self.watchers.get(table_id, ()):
            if latest.full():  # a slow watcher only needs the newest version
                latest.get_nowait()
            latest.put_nowait(version)

    @contextlib.contextmanager
    def watch(self, table_id: str) -> Iterator[asyncio.Queue[int]]:
        latest: asyncio.Queue[int] = asyncio.Queue(maxsize=1)
        self.watchers[table_id].add(latest)
        try:
            yield latest
        finally:
            self.watchers[table_id].discard(latest)
            if not self.watchers[table_id]:
                del self.watchers[table_id]

"""Watchers of each table: every change sends its new version (and, while its bots are
held up, why) to their websockets.

Changes that come close together (dice and a quick bot's steps) reach the watchers as
one message with the newest version, so a page redraws once for them, not per step.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections import defaultdict
from collections.abc import Iterator

GATHER = 0.02  # seconds: changes this close together make one message

News = dict[str, int | str | None]
"""What a watcher is sent: ``{"version": 41, "trouble": None, "chat": 3}`` (None for
what this process does not know: the page then asks)."""


class Hub:
    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.watchers: dict[str, set[asyncio.Queue[News]]] = defaultdict(set)
        self.newest: dict[str, News] = {}  # tables with a message on its way
        self.lock = threading.Lock()

    def publish(
        self, table_id: str, version: int, trouble: str | None = None, chat: int = -1
    ) -> None:
        """Tell the table's watchers (safe from any thread): its version (-1: unknown
        here), and how many chat messages it has (-1: unknown here)."""
        loop = self.loop
        if loop is None:
            return
        with self.lock:
            waiting = table_id in self.newest
            before = self.newest.get(table_id, {})
            self.newest[table_id] = {
                "version": version if version >= 0 else before.get("version"),
                "trouble": trouble,
                "chat": chat if chat >= 0 else before.get("chat"),
            }
        if waiting:
            return
        with contextlib.suppress(RuntimeError):  # the loop has closed: nobody is watching
            loop.call_soon_threadsafe(loop.call_later, GATHER, self._send, table_id)

    def _send(self, table_id: str) -> None:
        with self.lock:
            news = self.newest.pop(table_id)
        for latest in self.watchers.get(table_id, ()):
            if latest.full():  # a slow watcher only needs the newest version
                latest.get_nowait()
            latest.put_nowait(news)

    @contextlib.contextmanager
    def watch(self, table_id: str) -> Iterator[asyncio.Queue[News]]:
        latest: asyncio.Queue[News] = asyncio.Queue(maxsize=1)
        self.watchers[table_id].add(latest)
        try:
            yield latest
        finally:
            self.watchers[table_id].discard(latest)
            if not self.watchers[table_id]:
                del self.watchers[table_id]

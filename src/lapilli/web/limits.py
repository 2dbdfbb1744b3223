"""Fair shares per client: new tables at a steady rate, a few open websockets each.

A client is known by its address (behind a reverse proxy on this machine, the address
the proxy reports: uvicorn reads ``X-Forwarded-For`` from loopback). A client over a
limit is told how many seconds to wait (``429`` with ``Retry-After``). What is kept per
client is dropped once it says nothing, so memory stays bounded however many come.
"""

from __future__ import annotations

import math
import threading
import time


class Rate:
    """A token bucket per client: ``per_minute`` at once, then one every 60/per_minute s."""

    def __init__(self, per_minute: int) -> None:
        self.capacity = max(1, per_minute)
        self.every = 60.0 / self.capacity  # seconds per token
        self.buckets: dict[str, tuple[float, float]] = {}  # client -> (tokens, when)
        self.lock = threading.Lock()

    def take(self, client: str) -> int:
        """0 if ``client`` may go on (one token taken), else whole seconds to wait."""
        now = time.monotonic()
        with self.lock:
            tokens, then = self.buckets.get(client, (self.capacity, now))
            tokens = min(self.capacity, tokens + (now - then) / self.every)
            if tokens >= 1:
                self.buckets[client] = (tokens - 1, now)
                return 0
            self.buckets[client] = (tokens, now)
            return max(1, math.ceil((1 - tokens) * self.every))

    def forget_idle(self) -> None:
        """Drop clients whose bucket has filled again: they are as if new."""
        now = time.monotonic()
        with self.lock:
            full = [
                client
                for client, (tokens, then) in self.buckets.items()
                if tokens + (now - then) / self.every >= self.capacity
            ]
            for client in full:
                del self.buckets[client]


class Sockets:
    """Open websockets per client (counted on the event loop's thread)."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.open: dict[str, int] = {}

    def opened(self, client: str) -> bool:
        """Count a new websocket of ``client``; False (not counted) if it has too many."""
        count = self.open.get(client, 0)
        if count >= self.most:
            return False
        self.open[client] = count + 1
        return True

    def closed(self, client: str) -> None:
        count = self.open.get(client, 0) - 1
        if count > 0:
            self.open[client] = count
        else:
            self.open.pop(client, None)

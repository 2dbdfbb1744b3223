"""What every request passes: the Host and Origin checks, and the security headers of
every answer.

A request must name this server in its ``Host`` header (one of the operator's names,
loopback by default): a page of another site whose name was made to point at this
machine (DNS rebinding) names that site, and is refused before anything else.

A browser sends ``Origin`` with websockets and with every request that changes
something; another site's page may neither follow a table nor act at one. Requests
without an Origin (scripts, curl) are let through: their seat secret is their proof.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        b"img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
        b"form-action 'self'; frame-ancestors 'none'",
    ),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]
SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}


def same_origin(headers: Headers, trusted: tuple[str, ...]) -> bool:
    """Whether the request's Origin (if any) is this server or one the operator trusts."""
    origin = headers.get("origin")
    if origin is None:
        return True
    if origin in trusted:
        return True
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and parts.netloc == headers.get("host")


def host_name(headers: Headers) -> str | None:
    """The name in the Host header, without its port (None if there is none)."""
    host = headers.get("host")
    if not host:
        return None
    try:
        return urlsplit("//" + host).hostname
    except ValueError:  # a malformed port or address
        return None


class Guard:
    def __init__(
        self, app: ASGIApp, trusted: tuple[str, ...] = (), hosts: tuple[str, ...] = ("*",)
    ) -> None:
        self.app = app
        self.trusted = trusted
        self.hosts = None if "*" in hosts else {h.lower().strip("[]") for h in hosts}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        headers = Headers(scope=scope)
        if self.hosts is not None and host_name(headers) not in self.hosts:
            return await self._refuse(scope, send, "this server does not answer to that name")
        checked = scope["type"] == "websocket" or scope["method"] not in SAFE_METHODS
        if checked and not same_origin(headers, self.trusted):
            return await self._refuse(scope, send, "requests from another site are refused")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = list(message.get("headers", [])) + HEADERS
            await send(message)

        await self.app(scope, receive, send_with_headers)

    async def _refuse(self, scope: Scope, send: Send, why: str) -> None:
        if scope["type"] == "websocket":  # closing before accepting answers 403
            await send({"type": "websocket.close", "code": 1008})
            return
        response = JSONResponse({"error": why}, 403)
        response.raw_headers.extend(HEADERS)
        await response(scope, _nothing, send)


async def _nothing() -> Message:
    return {"type": "http.disconnect"}

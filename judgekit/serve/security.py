"""The workbench's guard: one ASGI middleware in front of every route.

A local web server is reachable by every page the judge's browser opens, so:

* **Host**: a request whose `Host` header is not one of the server's own names (the address it
  listens on, `localhost`, with the port) is refused (421). This defeats DNS rebinding: a
  foreign page that makes its own name resolve to 127.0.0.1 still sends its own name.
* **Origin**: a request that changes anything (any method but GET, HEAD, OPTIONS) must carry
  an `Origin` that is the page's own (`http://<host>`), and a JSON body (`application/json`,
  which a foreign page cannot send without a CORS preflight this server never grants);
  otherwise 403. A page on another site cannot drive the workbench through the browser.
* **Size**: a body larger than `max_body` bytes is refused (413), by its Content-Length or,
  without one, as soon as the bytes received pass the limit.
* **Headers** on every answer: a strict Content-Security-Policy (scripts, styles, images and
  connections from this server only; no inline script; no framing), `nosniff`, no referrer.
"""

from __future__ import annotations

import json

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'")
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
DEFAULT_MAX_BODY = 1024 * 1024


def _headers(scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}


async def _refuse(send, status: int, message: str) -> None:
    body = json.dumps({"ok": False, "error": {"message": message}}).encode()
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
        (b"content-security-policy", CSP.encode()), (b"x-content-type-options", b"nosniff"),
        (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


def allowed_hosts(host: str, port: int) -> set[str]:
    """The Host headers a request to this server may carry."""
    names = {host}
    if host in ("127.0.0.1", "localhost", "::1"):
        names |= {"127.0.0.1", "localhost", "[::1]"}
    elif host in ("0.0.0.0", "::", ""):
        import socket

        names |= {"127.0.0.1", "localhost", "[::1]", socket.gethostname()}
        try:
            names |= set(socket.gethostbyname_ex(socket.gethostname())[2])
        except OSError:  # pragma: no cover
            pass
    names = {f"[{n}]" if ":" in n and not n.startswith("[") else n for n in names}
    return {n.lower() for n in names} | {f"{n}:{port}".lower() for n in names}


class Guard:
    def __init__(self, app, *, hosts: set[str], max_body: int = DEFAULT_MAX_BODY) -> None:
        self.app = app
        self.hosts = {h.lower() for h in hosts}
        self.max_body = max_body

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        h = _headers(scope)
        host = h.get("host", "").lower()
        if host not in self.hosts:
            return await _refuse(send, 421, f"refused: this server does not answer to the "
                                            f"name {host or '(none)'!r}")
        method = scope["method"]
        if method not in SAFE_METHODS:
            origin = h.get("origin", "")
            if origin.lower() != f"http://{host}":
                return await _refuse(send, 403, "refused: a change must come from the "
                                                "workbench's own page (Origin)")
            ctype = h.get("content-type", "").split(";")[0].strip().lower()
            if ctype != "application/json":
                return await _refuse(send, 415, "refused: expected a JSON body")
        length = h.get("content-length")
        if length is not None:
            if not length.isdecimal():
                return await _refuse(send, 400, "refused: a malformed Content-Length")
            if int(length) > self.max_body:
                return await _refuse(send, 413, f"refused: the body is larger than "
                                                f"{self.max_body} bytes")
        limit = self.max_body
        seen = [0]
        too_big = [False]

        async def limited_receive():
            msg = await receive()
            if msg["type"] == "http.request":
                seen[0] += len(msg.get("body", b""))
                if seen[0] > limit:
                    too_big[0] = True
                    raise BodyTooLarge()
            return msg

        started = [False]

        async def secured_send(msg):
            if msg["type"] == "http.response.start":
                started[0] = True
                headers = [(k, v) for k, v in msg.get("headers", [])
                           if k.lower() != b"content-security-policy"]
                own = [v for k, v in msg.get("headers", [])
                       if k.lower() == b"content-security-policy"]
                headers.append((b"content-security-policy", own[0] if own else CSP.encode()))
                headers += [(b"x-content-type-options", b"nosniff"),
                            (b"referrer-policy", b"no-referrer"),
                            (b"x-frame-options", b"DENY"),
                            (b"cross-origin-resource-policy", b"same-origin")]
                msg = dict(msg, headers=headers)
            await send(msg)

        try:
            await self.app(scope, limited_receive, secured_send)
        except BodyTooLarge:
            if not started[0]:
                await _refuse(send, 413, f"refused: the body is larger than {limit} bytes")
        except Exception:  # one request's crash is that request's 500, never the server's end
            import traceback

            traceback.print_exc()
            if not started[0]:
                await _refuse(send, 500, "internal error")


class BodyTooLarge(Exception):
    pass

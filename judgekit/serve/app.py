"""The workbench's web application: routes, templates, the ruling store.

Built on Starlette (routing, requests, responses, static files, lifespan) and served by
uvicorn (judgekit.cli.cmd_serve). Pages are the project's Jinja2 templates
(`templates/serve/`, autoescape on); the page's script and styles are plain files
(`judgekit/serve/static/`): no build step, nothing from the network.

Every board operation goes to an engine worker (judgekit.serve.runs) with a time budget;
search and clauses are answered here (judgekit.serve.lookup); board files come from the judge's
folder, the bundled examples and the empty boards (judgekit.serve.boards). The guard
(judgekit.serve.security) is in front of everything. An error in one request is that
request's answer (JSON with a message), never the server's end.
"""

from __future__ import annotations

import collections
import os
import secrets
import threading

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from . import boards as bio
from . import lookup as lk
from .runs import DEFAULT_TIMEOUT, Pool, WorkerError
from .security import DEFAULT_MAX_BODY, BodyTooLarge, Guard, allowed_hosts

STATIC_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "static")
RULING_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'none'"
MAX_TEXT = 512 * 1024
KEEP_RULINGS = 32


class Config:
    def __init__(self, board_dir: str, host: str = "127.0.0.1", port: int = 8765, *,
                 workers: int = 2, timeout: float = DEFAULT_TIMEOUT,
                 max_body: int = DEFAULT_MAX_BODY, max_steps: int | None = None,
                 on_ready=None) -> None:
        from .work import MAX_STEPS

        self.board_dir = board_dir
        self.host = host
        self.port = port
        self.workers = workers
        self.timeout = timeout
        self.max_body = max_body
        self.max_steps = max_steps or MAX_STEPS
        self.on_ready = on_ready  # called once the workers and the search are warm


def _env():
    import jinja2

    from ..paths import templates_dir

    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(os.path.join(templates_dir(), "serve")),
        autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True,
        lstrip_blocks=True)


def _board_css() -> str:
    """The ruling's picture styles (templates/ruling/style.css: its variables and every
    `svg.board` rule), so the workbench draws the picture exactly as the ruling does."""
    from ..reports.render import env

    css = env().get_template("style.css").render()
    out, keep = [], False
    for line in css.splitlines():
        if line.startswith(":root"):
            keep = True
        if keep or line.startswith("svg.board"):
            out.append(line)
        if keep and line.startswith("}"):
            keep = False
    return "\n".join(out) + "\n"


def error(message: str, status: int = 400, **extra) -> JSONResponse:
    return JSONResponse({"ok": False, "error": {"message": message, **extra}}, status_code=status)


async def _json(request: Request) -> dict:
    import json

    body = await request.body()
    try:
        data = json.loads(body or b"{}")
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise HTTPException(400, "expected a JSON body") from None
    if not isinstance(data, dict):
        raise HTTPException(400, "expected a JSON object")
    return data


def _text(data: dict, key: str = "text") -> str:
    t = data.get(key)
    if not isinstance(t, str):
        raise HTTPException(400, f"expected {key!r}: the board's YAML text")
    if len(t) > MAX_TEXT:
        raise HTTPException(413, f"the board is longer than {MAX_TEXT} characters")
    return t


def _lang(v, default: str) -> str:
    return v if v in ("en", "ja") else default


def create_app(cfg: Config) -> Starlette:
    env = _env()
    state = {"pool": None, "lookup": lk.Lookup(), "dir": bio.BoardDir(cfg.board_dir)}
    rulings: collections.OrderedDict = collections.OrderedDict()
    rulings_lock = threading.Lock()
    pool_lock = threading.Lock()

    def pool() -> Pool:
        with pool_lock:
            if state["pool"] is None:
                state["pool"] = Pool(cfg.workers, cfg.timeout)
            return state["pool"]

    async def work(op: str, args: dict) -> JSONResponse:
        try:
            res = await run_in_threadpool(pool().call, op, args)
        except WorkerError as e:
            return error(str(e), e.status, budget="time" if e.status == 504 else None)
        return JSONResponse(res)

    def games() -> list[dict]:
        """The rulesets with an engine (read once: `rules.load` checks its cache's stamps)."""
        if "games" not in state:
            from ..engine.engines import ENGINES
            from ..rules import load

            state["games"] = [{"game": g, "title": load(g).title, "edition": load(g).edition}
                              for g in ENGINES]
        return state["games"]

    # ---- pages ---------------------------------------------------------------------------------
    async def index(request: Request):
        gs = await run_in_threadpool(games)
        html = env.get_template("index.html").render(games=gs, board_dir=state["dir"].root)
        return HTMLResponse(html)

    async def rules_page(request: Request):
        game = request.path_params["game"]
        key = request.path_params["page"]
        if game not in [g["game"] for g in await run_in_threadpool(games)]:
            raise HTTPException(404, f"no ruleset {game!r}")
        p = await run_in_threadpool(lk.page, game, key)
        if p is None:
            raise HTTPException(404, f"no page {key}.html in {game}")
        return HTMLResponse(env.get_template("page.html").render(page=p))

    async def favicon(request: Request):
        return Response(status_code=204)

    async def board_css(request: Request):
        return Response(await run_in_threadpool(_board_css), media_type="text/css")

    # ---- look-up -------------------------------------------------------------------------------
    async def api_search(request: Request):
        q = request.query_params
        query = q.get("q", "").strip()
        game = q.get("game", "all")
        if game not in ("all", *[g["game"] for g in await run_in_threadpool(games)]):
            return error(f"no ruleset {game!r}")
        try:
            limit = max(1, min(50, int(q.get("limit", "10"))))
        except ValueError:
            return error("limit: expected a number")
        if not query:
            return JSONResponse({"query": "", "hits": []})
        if len(query) > 200:
            return error("the query is longer than 200 characters")
        res = await run_in_threadpool(state["lookup"].search, query, game,
                                      q.get("under") or None, limit)
        return JSONResponse(res)

    async def api_clause(request: Request):
        q = request.query_params
        game, cid = q.get("game", "zx"), q.get("id", "")
        if game not in [g["game"] for g in await run_in_threadpool(games)]:
            return error(f"no ruleset {game!r}", 404)
        d = await run_in_threadpool(lk.clause, game, cid[:100])
        return JSONResponse(d, status_code=200 if d.get("found") else 404)

    async def api_games(request: Request):
        return JSONResponse({"games": await run_in_threadpool(games)})

    async def api_schema(request: Request):
        game = request.path_params["game"]
        if game not in [g["game"] for g in await run_in_threadpool(games)]:
            return error(f"no ruleset {game!r}", 404)
        from ..board.schema import json_schema

        return JSONResponse(await run_in_threadpool(json_schema, game))

    async def api_steps(request: Request):
        """The step ids a board of the ruleset may start from (`game: step:`) or stop before
        (`until:`), each with its clause's heading: the form offers them."""
        game = request.path_params["game"]
        if game not in [g["game"] for g in await run_in_threadpool(games)]:
            return error(f"no ruleset {game!r}", 404)

        def steps():
            from ..engine import engine_for
            from ..rules import load

            eng, rs = engine_for(game), load(game)
            out = []
            for sid in eng.steps():
                c = rs.get(sid)
                out.append({"id": sid, "heading": c.first_line(60) if c is not None else ""})
            return {"steps": out, "until": list(eng.until_words())}

        return JSONResponse(await run_in_threadpool(steps))

    # ---- board files -----------------------------------------------------------------------------
    async def api_boards(request: Request):
        return JSONResponse({"dir": state["dir"].root,
                             "boards": await run_in_threadpool(state["dir"].list)})

    async def api_board_get(request: Request):
        name = request.path_params["name"]
        try:
            text, etag = await run_in_threadpool(state["dir"].read, name)
        except bio.BoardIOError as e:
            return error(str(e), e.status)
        return JSONResponse({"ok": True, "name": name, "text": text, "etag": etag})

    async def api_board_save(request: Request):
        name = request.path_params["name"]
        data = await _json(request)
        text = _text(data)
        etag = data.get("etag")
        if etag is not None and not isinstance(etag, str):
            return error("etag: expected the etag the board was opened with, or null")
        try:
            new = await run_in_threadpool(state["dir"].write, name, text, etag)
        except bio.Conflict as e:
            return error(str(e), 409, etag=e.etag)
        except bio.BoardIOError as e:
            return error(str(e), e.status)
        return JSONResponse({"ok": True, "name": name, "etag": new})

    async def api_examples(request: Request):
        game = request.path_params["game"]
        return JSONResponse({"game": game, "examples": await run_in_threadpool(bio.examples,
                                                                                  game)})

    async def api_example(request: Request):
        try:
            text = await run_in_threadpool(bio.example_text, request.path_params["game"],
                                           request.path_params["name"])
        except bio.BoardIOError as e:
            return error(str(e), e.status)
        return JSONResponse({"ok": True, "text": text})

    async def api_empty(request: Request):
        try:
            text = await run_in_threadpool(bio.empty_text, request.path_params["game"])
        except bio.BoardIOError as e:
            return error(str(e), e.status)
        return JSONResponse({"ok": True, "text": text})

    # ---- the engine --------------------------------------------------------------------------------
    async def api_check(request: Request):
        data = await _json(request)
        return await work("check", {"text": _text(data), "lang": _lang(data.get("lang"), "en")})

    async def api_sync(request: Request):
        data = await _json(request)
        d = data.get("data")
        if not isinstance(d, dict):
            return error("expected 'data': the board as an object")
        return await work("sync", {"data": d, "lang": _lang(data.get("lang"), "en")})

    async def api_run(request: Request):
        data = await _json(request)
        return await work("run", {"text": _text(data), "lang": _lang(data.get("lang"), "en"),
                                  "max_steps": cfg.max_steps})

    async def api_picture(request: Request):
        data = await _json(request)
        idx = data.get("index")
        if not isinstance(idx, int) or isinstance(idx, bool) or idx < 0:
            return error("index: expected a step index")
        return await work("picture", {"text": _text(data), "index": idx,
                                      "lang": _lang(data.get("lang"), "en"),
                                      "max_steps": cfg.max_steps})

    async def api_ruling(request: Request):
        data = await _json(request)
        meta = data.get("meta") or {}
        if not isinstance(meta, dict):
            return error("meta: expected an object")
        meta = {k: v[:200] for k, v in meta.items() if isinstance(v, str)}
        try:
            res = await run_in_threadpool(pool().call, "ruling", {
                "text": _text(data), "meta": meta, "lang": _lang(data.get("lang"), "ja"),
                "max_steps": cfg.max_steps})
        except WorkerError as e:
            return error(str(e), e.status)
        if not res.get("ok"):
            return JSONResponse(res, status_code=422)
        token = secrets.token_urlsafe(18)
        with rulings_lock:
            rulings[token] = res["html"]
            while len(rulings) > KEEP_RULINGS:
                rulings.popitem(last=False)
        return JSONResponse({"ok": True, "url": f"/ruling/{token}.html",
                             "download": f"/ruling/{token}.html?download=1",
                             "outcome": res["outcome"], "steps": res["steps"]})

    async def ruling_page(request: Request):
        token = request.path_params["token"]
        with rulings_lock:
            html = rulings.get(token)
        if html is None:
            raise HTTPException(404, "no such ruling (rulings are kept while the server runs)")
        headers = {"content-security-policy": RULING_CSP}
        if request.query_params.get("download"):
            headers["content-disposition"] = 'attachment; filename="ruling.html"'
        return HTMLResponse(html, headers=headers)

    # ---- errors ----------------------------------------------------------------------------------------
    async def http_error(request: Request, exc: HTTPException):
        return error(str(exc.detail), exc.status_code)

    async def too_large(request: Request, exc: BodyTooLarge):
        return error(f"refused: the body is larger than {cfg.max_body} bytes", 413)

    async def crash(request: Request, exc: Exception):
        import traceback

        traceback.print_exception(exc)
        return error(f"internal error: {type(exc).__name__}", 500)

    from contextlib import asynccontextmanager

    @asynccontextmanager
    async def lifespan(app):
        def start():
            pool().warm()
            state["lookup"].warm()

        await run_in_threadpool(start)
        if cfg.on_ready is not None:
            cfg.on_ready()
        yield
        if state["pool"] is not None:
            state["pool"].close()
        state["lookup"].close()

    routes = [
        Route("/", index),
        Route("/rules/{game}/{page}.html", rules_page),
        Route("/static/board.css", board_css),
        Route("/favicon.ico", favicon),
        Mount("/static", StaticFiles(directory=STATIC_DIR), name="static"),
        Route("/api/games", api_games),
        Route("/api/schema/{game}", api_schema),
        Route("/api/steps/{game}", api_steps),
        Route("/api/search", api_search),
        Route("/api/clause", api_clause),
        Route("/api/boards", api_boards),
        Route("/api/boards/{name}", api_board_get, methods=["GET"]),
        Route("/api/boards/{name}", api_board_save, methods=["POST"]),
        Route("/api/examples/{game}", api_examples),
        Route("/api/examples/{game}/{name}", api_example),
        Route("/api/empty/{game}", api_empty),
        Route("/api/check", api_check, methods=["POST"]),
        Route("/api/sync", api_sync, methods=["POST"]),
        Route("/api/run", api_run, methods=["POST"]),
        Route("/api/picture", api_picture, methods=["POST"]),
        Route("/api/ruling", api_ruling, methods=["POST"]),
        Route("/ruling/{token}.html", ruling_page),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={
        HTTPException: http_error, BodyTooLarge: too_large, Exception: crash})
    app.state.cfg = cfg
    app.state.store = state
    return Guard(app, hosts=allowed_hosts(cfg.host, cfg.port), max_body=cfg.max_body)

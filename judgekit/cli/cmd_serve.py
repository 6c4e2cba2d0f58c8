"""`judgekit serve [--dir BOARDS] [--port N] [--open] [--host H]`: the judge's workbench.

Starlette and uvicorn are the optional extra `serve` (pip install 'judgekit[serve]'); without
them the command says how to install them. They are imported only when the command runs.
"""

from __future__ import annotations

import sys

import click


def _need_packages() -> None:
    import importlib.util

    missing = [m for m in ("starlette", "uvicorn") if importlib.util.find_spec(m) is None]
    if missing:
        click.echo(f"Error: judgekit serve needs {' and '.join(missing)}, which are not "
                   "installed. Install the workbench's extra:\n"
                   "    pip install 'judgekit[serve]'\n"
                   "(from a checkout: .venv/bin/pip install -e '.[serve]')", err=True)
        sys.exit(2)


@click.command()
@click.option("--dir", "board_dir", type=click.Path(file_okay=False), metavar="BOARDS",
              help="The folder where boards are saved and opened (the only place the "
                   "workbench writes). Default: judgekit/boards in your data directory.")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
              help="The port to listen on (0: any free port).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on. Anything but loopback makes the workbench "
                   "reachable from other machines: only on a network you trust.")
@click.option("--open", "open_browser", is_flag=True, help="Open the workbench in the browser.")
@click.option("--workers", type=click.IntRange(1, 8), default=2, show_default=True,
              help="Engine worker processes (each run happens in one, within a time budget).")
@click.option("--time-limit", type=click.FloatRange(0.1, 600), default=10.0, show_default=True,
              metavar="SECONDS", help="The time budget of one check, run or ruling.")
def serve(board_dir: str | None, port: int, host: str, open_browser: bool, workers: int,
          time_limit: float) -> None:
    """The judge's workbench: a local web app to look up the rules, build a board, step
    through it and issue the ruling.

    It listens on 127.0.0.1 only (this computer) unless --host says otherwise, and answers
    only requests addressed to its own name, from its own page.
    """
    _need_packages()
    import os
    import socket

    import uvicorn

    from ..serve.app import Config, create_app
    from ..serve.boards import default_dir

    board_dir = os.path.abspath(board_dir or default_dir())
    try:
        os.makedirs(board_dir, exist_ok=True)
    except OSError as e:
        raise click.BadParameter(f"cannot create {board_dir}: {e.strerror}",
                                 param_hint="'--dir'") from None
    if host not in ("127.0.0.1", "localhost", "::1"):
        click.echo(f"Warning: listening on {host}: other computers that can reach this one can "
                   "use the workbench and read and write the boards in its folder. Use it only "
                   "on a network you trust.", err=True)
    # bind first, so that --port 0 knows its port before the app is built (the Host check)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    # answers go out at once (Linux hands this to each accepted connection): without it a
    # response's body waits for the client's delayed ACK of its headers, ~40 ms a request
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((host, port))
    except OSError as e:
        sock.close()
        click.echo(f"Error: cannot listen on {host}:{port}: {e.strerror}", err=True)
        sys.exit(1)
    port = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/"

    def ready() -> None:
        # the server listens as soon as its start-up (warming the engine workers) returns
        if open_browser:
            import threading
            import webbrowser

            threading.Timer(0.3, webbrowser.open, (url,)).start()

    app = create_app(Config(board_dir, host, port, workers=workers, timeout=time_limit,
                            on_ready=ready))
    click.echo(f"judgekit workbench: {url}  (boards in {board_dir}; Ctrl-C stops it)")
    sys.stdout.flush()
    config = uvicorn.Config(app, log_level="warning", lifespan="on", server_header=False)
    server = uvicorn.Server(config)
    server.run(sockets=[sock])

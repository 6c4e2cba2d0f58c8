"""Round trips of the judge's workbench (`judgekit serve`) on a warm server.

    .venv/bin/python benchmarks/serve_latency.py [--rounds 200] [--runs 40]

Starts `judgekit serve --port 0` on 127.0.0.1 (a temporary boards folder), waits until it
answers (its engine workers and its searcher are warm), then measures over one keep-alive
connection, as the page makes its requests:

  * live check: POST /api/check of the largest bundled board (the most bytes): what the
    page sends as the judge types in the YAML (goal: p99 <= 50 ms);
  * full run: POST /api/run of the largest bundled scenario (the engine run with the most
    steps), and of the largest board (goal: <= 300 ms, p99 reported);
  * search as you type: GET /api/search for every prefix of a few queries as a judge types
    them, character by character (goal: p99 <= 30 ms).

Only 127.0.0.1 is contacted; the server is stopped at the end.
"""

from __future__ import annotations

import argparse
import glob
import http.client
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
QUERIES = ["致死ダメージ", "チャージ 超過", "山札がなくなったら", "702.2a", "ブロックされなかったら",
           "ignition", "ライフ"]


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def summary(xs: list[float]) -> str:
    return (f"p50 {pct(xs, 50):6.1f} ms  p90 {pct(xs, 90):6.1f}  p99 {pct(xs, 99):6.1f}  "
            f"max {max(xs):6.1f}  (n={len(xs)})")


def largest_board() -> str:
    files = glob.glob(os.path.join(ROOT, "examples", "*", "*.yaml"))
    return max(files, key=lambda f: (os.path.getsize(f), f))


def largest_scenario() -> tuple[str, int]:
    """The bundled example whose run has the most steps (as benchmarks/ruling_render.py)."""
    sys.path.insert(0, ROOT)
    from judgekit.engine import run_file

    best = ("", -1)
    for f in sorted(glob.glob(os.path.join(ROOT, "examples", "*", "*.yaml"))):
        try:
            n = len(run_file(f).steps)
        except Exception:  # noqa: BLE001 - a file the engine refuses is not a candidate
            continue
        if n > best[1]:
            best = (f, n)
    return best


def start(board_dir: str):
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    exe = os.path.join(os.path.dirname(sys.executable), "judgekit")
    proc = subprocess.Popen([exe, "serve", "--port", "0", "--dir", board_dir],
                            stdout=subprocess.PIPE, text=True, env=env)
    line = proc.stdout.readline()
    url = line.split()[2]
    return proc, urllib.parse.urlsplit(url)


class Client:
    def __init__(self, u) -> None:
        self.u = u
        self.c = http.client.HTTPConnection(u.hostname, u.port, timeout=120)
        self.c.connect()
        # as a browser does: no Nagle delay between a request's headers and its body
        self.c.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.origin = f"http://{u.netloc}"

    def get(self, path: str) -> tuple[int, bytes]:
        self.c.request("GET", path, headers={"Host": self.u.netloc})
        r = self.c.getresponse()
        return r.status, r.read()

    def post(self, path: str, body: dict) -> tuple[int, bytes]:
        self.c.request("POST", path, body=json.dumps(body).encode(), headers={
            "Host": self.u.netloc, "Origin": self.origin, "Content-Type": "application/json"})
        r = self.c.getresponse()
        return r.status, r.read()


def timed(fn, *a) -> tuple[float, bytes]:
    t = time.perf_counter()
    status, body = fn(*a)
    dt = (time.perf_counter() - t) * 1000
    if status != 200:
        raise SystemExit(f"unexpected HTTP {status}: {body[:300]!r}")
    return dt, body


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=200, help="live checks (and search rounds)")
    ap.add_argument("--runs", type=int, default=40, help="full runs of each scenario")
    args = ap.parse_args()

    board = largest_board()
    scenario, steps = largest_scenario()
    with tempfile.TemporaryDirectory() as d:
        proc, u = start(d)
        try:
            for _ in range(1200):  # it listens once its lifespan has warmed everything
                try:
                    cl = Client(u)
                    if cl.get("/")[0] == 200:
                        break
                except OSError:
                    time.sleep(0.1)
            btext = open(board, encoding="utf-8").read()
            stext = open(scenario, encoding="utf-8").read()
            for _ in range(10):  # warm: both workers, the searcher's held postings
                cl.post("/api/check", {"text": btext})
                cl.post("/api/run", {"text": stext})
                cl.get("/api/search?" + urllib.parse.urlencode({"q": "致死", "game": "all"}))

            checks = [timed(cl.post, "/api/check", {"text": btext})[0]
                      for _ in range(args.rounds)]
            runs = []
            for _ in range(args.runs):
                dt, body = timed(cl.post, "/api/run", {"text": stext})
                runs.append(dt)
            res = json.loads(body)
            runs_board = [timed(cl.post, "/api/run", {"text": btext})[0]
                          for _ in range(args.runs)]
            searches = []
            rounds = max(1, args.rounds // 40)
            for _ in range(rounds):
                for q in QUERIES:
                    for i in range(1, len(q) + 1):
                        for game in ("all", "zx"):
                            qs = urllib.parse.urlencode({"q": q[:i], "game": game,
                                                         "limit": "20"})
                            searches.append(timed(cl.get, "/api/search?" + qs)[0])
        finally:
            proc.terminate()
            proc.wait(timeout=30)

    rel = lambda p: os.path.relpath(p, ROOT)  # noqa: E731
    print(f"server: judgekit serve on {u.netloc}, 2 engine workers, warm")
    print(f"live check   {rel(board)} ({os.path.getsize(board)} bytes)")
    print(f"             {summary(checks)}   goal p99 <= 50 ms: "
          f"{'met' if pct(checks, 99) <= 50 else 'NOT met'}")
    print(f"full run     {rel(scenario)} ({steps} steps; the run answered {len(res['steps'])} "
          f"steps, stop: {res['stop']})")
    print(f"             {summary(runs)}   goal <= 300 ms: "
          f"{'met' if max(runs) <= 300 else 'NOT met (max)' if pct(runs, 99) <= 300 else 'NOT met'}")
    print(f"full run     {rel(board)} (the largest board)")
    print(f"             {summary(runs_board)}")
    print(f"search       {len(QUERIES)} queries typed character by character, all rulesets and "
          f"zx ({len(searches)} requests)")
    print(f"             {summary(searches)}   goal p99 <= 30 ms: "
          f"{'met' if pct(searches, 99) <= 30 else 'NOT met'}")


if __name__ == "__main__":
    main()

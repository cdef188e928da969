"""An emulated school line in front of a built site: a small HTTP server (stdlib only) for the
benches in bench/school_line.py.

- One line for every response in flight, `rate` bytes a second down, shared fairly (processor
  sharing: n responses sending at once get rate/n each; one that needs less leaves the rest to
  the others), re-divided every few milliseconds.
- Each response first waits `latency` seconds (the round trip and the host's answer) before
  its headers go out, and its body then costs its bytes on the line.
- Sent as the host sends it: text (html, js, mjs, css, json, svg, webmanifest) and the wasm
  gzip-encoded (level 6; Netlify sends the wasm compressed too, with brotli a little smaller:
  assumed gzip -6 here), zips and wheels and .gz data as they are. ETags, so a revalidation
  (index.html, sw.js: max-age=0) is answered 304 for its latency and no body.
- netlify.toml's headers (tools/server.py's rules), so caching and the service worker behave
  as on the host.
- A log of every response: path, when it was asked (epoch seconds), when its first byte and
  last byte left, its bytes on the line: what the page, its worker and its service worker
  fetched, all of it.

HTTP/1.1 without TLS: Chromium opens at most 6 connections to it at once (a host on HTTP/2
would multiplex them); the same for every site measured through it."""

from __future__ import annotations

import functools
import gzip
import hashlib
import threading
import time
from http.server import ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlparse

from tools.server import Handler, header_rules

COMPRESSED = (".html", ".js", ".mjs", ".css", ".json", ".svg", ".webmanifest", ".wasm")
TICK_S = 0.004  # how often the line is shared out again
SCHOOL_RATE = 20e6 / 8  # 20 Mbit/s, in bytes a second
SCHOOL_LATENCY = 0.040  # per response


class Line:
    """The shared downlink: responses ask for bytes, a ticker shares each tick's budget."""

    def __init__(self, rate: float | None):
        self.rate = rate  # None: no limit
        self.cond = threading.Condition()
        self.flows = {}  # id -> [bytes still to grant, bytes granted not yet taken]
        self.next_id = 0
        if rate:
            threading.Thread(target=self._tick, daemon=True).start()

    def _tick(self):
        last = time.perf_counter()
        while True:
            time.sleep(TICK_S)
            with self.cond:
                now = time.perf_counter()
                budget, last = self.rate * (now - last), now
                waiting = [f for f in self.flows.values() if f[0] > 0]
                while waiting and budget > 1e-9:  # water-filling: equal shares, the rest on
                    share = budget / len(waiting)
                    for flow in waiting:
                        given = min(share, flow[0])
                        flow[0] -= given
                        flow[1] += given
                        budget -= given
                    waiting = [f for f in waiting if f[0] > 1e-9]
                self.cond.notify_all()

    def send(self, write, body: bytes, chunk=16384) -> None:
        """Write `body` through the line at its share of the rate."""
        if not self.rate:
            write(body)
            return
        with self.cond:
            flow_id = self.next_id
            self.next_id += 1
            self.flows[flow_id] = flow = [float(len(body)), 0.0]
        sent = 0
        try:
            while sent < len(body):
                with self.cond:
                    while flow[1] < 1 and flow[0] > 1e-6:
                        self.cond.wait()
                    if flow[0] <= 1e-6:  # all granted: the rest (float sums drift a hair)
                        n, flow[1] = len(body) - sent, 0.0
                    else:
                        n = min(len(body) - sent, int(flow[1]))
                        flow[1] -= n
                for start in range(sent, sent + n, chunk):
                    write(body[start:min(start + chunk, sent + n)])
                sent += n
        finally:
            with self.cond:
                del self.flows[flow_id]


class LineHandler(Handler):
    protocol_version = "HTTP/1.1"  # keep-alive, as a browser and a host use it
    line: Line = None
    latency = 0.0
    log: list = None
    bodies: dict = None  # path -> (body, etag, gzipped), made once
    lock = threading.Lock()

    def _body(self, file: Path):
        key = str(file)
        with self.lock:
            if key not in self.bodies:
                data = file.read_bytes()
                zipped = file.name.endswith(COMPRESSED)
                body = gzip.compress(data, 6, mtime=0) if zipped else data
                self.bodies[key] = (body, f'"{hashlib.sha1(data).hexdigest()[:16]}"', zipped)
            return self.bodies[key]

    def do_HEAD(self):
        self._answer(head=True)

    def do_GET(self):
        self._answer(head=False)

    def _answer(self, head: bool):
        asked = time.time()
        path = unquote(urlparse(self.path).path)
        file = Path(self.directory) / (path.lstrip("/") or "index.html")
        if file.is_dir():
            file = file / "index.html"
        time.sleep(self.latency)
        first = time.time()
        if not file.is_file():
            self.send_error(404)
            self.log.append((path, asked, first, time.time(), 0, 404))
            return
        body, etag, zipped = self._body(file)
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Content-Length", "0")
            self.end_headers()
            self.log.append((path, asked, first, time.time(), 0, 304))
            return
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(file)))
        self.send_header("ETag", etag)
        if zipped:
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if not head:
            self.line.send(self.wfile.write, body)
        self.wfile.flush()
        self.log.append((path, asked, first, time.time(), 0 if head else len(body), 200))


class LineServer(ThreadingHTTPServer):
    request_queue_size = 128
    daemon_threads = True


def start_line(directory: Path, netlify_toml: Path, rate: float | None = SCHOOL_RATE,
               latency: float = SCHOOL_LATENCY):
    """Serve `directory` through a line in a background thread; returns the server, whose
    `.log` lists (path, asked, first byte, last byte, body bytes, status), epoch seconds."""
    log = []
    handler = type("SchoolLine", (LineHandler,), {
        "rules": header_rules(netlify_toml), "line": Line(rate), "latency": latency,
        "log": log, "bodies": {}})
    server = LineServer(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
    server.log = log
    for file in Path(directory).rglob("*"):  # compressed before the clock runs, not meanwhile
        if file.is_file():
            handler._body(handler, file)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server

"""A local static server for dist/ that sends the headers written in netlify.toml, so
what Netlify would send is what the tests see (MIME types, CSP, caching)."""

from __future__ import annotations

import functools
import re
import threading
import tomllib
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

EXTRA_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/zip",
    ".svg": "image/svg+xml",
}


def header_rules(netlify_toml: Path) -> list:
    """[(compiled path pattern, {header: value})] in file order."""
    rules = []
    for block in tomllib.loads(netlify_toml.read_text()).get("headers", []):
        pattern = "^" + ".*".join(map(re.escape, block["for"].split("*"))) + "$"
        rules.append((re.compile(pattern), dict(block.get("values", {}))))
    return rules


class Handler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **EXTRA_TYPES}
    rules: list = []

    def end_headers(self):
        path = self.path.split("?", 1)[0]
        headers = {}
        for pattern, values in self.rules:  # later rules win, as on Netlify
            if pattern.match(path):
                headers.update(values)
        for name, value in headers.items():
            if name.lower() != "content-type":
                self.send_header(name, value)
        super().end_headers()

    def guess_type(self, path):
        request_path = self.path.split("?", 1)[0]
        for pattern, values in self.rules:
            if pattern.match(request_path) and "Content-Type" in values:
                return values["Content-Type"]
        return super().guess_type(path)

    def handle(self):
        try:
            super().handle()
        except (ConnectionResetError, BrokenPipeError):
            pass  # the browser went away mid-download (a test ended): nothing to report

    def log_message(self, *args):  # quiet: the tests and the console stay readable
        pass


class Server(ThreadingHTTPServer):
    # socketserver's default backlog is 5 connections: a page asks for more at once, and two
    # test workers' pages with it, so on a loaded machine connections waited or were refused
    request_queue_size = 128
    daemon_threads = True


def start(directory: Path, netlify_toml: Path, host="127.0.0.1", port=0):
    """Serve in a background thread; returns the server (``server.server_port``)."""
    handler = type("LudotecaHandler", (Handler,), {"rules": header_rules(netlify_toml)})
    server = Server(
        (host, port), functools.partial(handler, directory=str(directory))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server

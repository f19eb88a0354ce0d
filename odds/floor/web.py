"""The tracker's page: a thin Flask layer over a :class:`~odds.floor.store.Floor`, served by
waitress.

The page is plain HTML and one hand-written script (``static/``); it asks for a table's state as
JSON (:func:`odds.render.floor.table_view`) and sends each line entered - a tapped rank is the
line ``K`` - to ``POST /api/tables/ID/entry``, which applies it, writes it to the database and
answers with the new state.

Security (docs/floor.md "Security"):

* the server listens on 127.0.0.1 unless told otherwise; bound anywhere else it wants a token,
  printed at start: the address ``/?token=...`` sets it as a cookie (HttpOnly, SameSite=Strict)
  and every request after that must carry it;
* on loopback the ``Host`` header must name the loopback address it is served on (a page of
  another site that points its own name at 127.0.0.1 - DNS rebinding - is refused);
* a request that changes anything must be a JSON POST whose ``Origin`` is the page's own and,
  when the browser says so, from the same site (``Sec-Fetch-Site``): another site's form or
  script cannot post to it (no CSRF), and no CORS header is ever sent;
* what a page sends is data: a table number, a game id and a paytable key looked up among the
  ones offered, cards parsed by :mod:`odds.cards`; nothing reaches a file path, a shell or
  ``eval``, and the page shows it only as text (``textContent``, a strict Content-Security-Policy);
* bad input is a message on the page (HTTP 400 with ``{"error": ...}``); an unexpected failure
  is a one-line message too, never a traceback.
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
from importlib import resources

from ..errors import OddsError

COOKIE = "odds_floor"
MAX_BODY = 16 * 1024
"""Bytes of a request body: a line of entry is at most 2,000 characters."""

STATIC = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/floor.js": ("floor.js", "text/javascript; charset=utf-8"),
    "/floor.css": ("floor.css", "text/css; charset=utf-8"),
}

HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}


def is_loopback(host: str) -> bool:
    """Whether ``host`` is an address of this machine only (127.0.0.0/8, ::1, localhost)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def new_token() -> str:
    return secrets.token_urlsafe(24)


def create_app(floor, host: str, port: int, token: str | None):
    """The Flask application of a tracker served on ``host:port``; ``token`` is required of every
    request when given (always, when ``host`` is not loopback: :func:`serve` makes one)."""
    from flask import Flask, jsonify, make_response, redirect, request

    from ..render.floor import floor_view, table_view

    app = Flask(__name__, static_folder=None)
    app.config.update(MAX_CONTENT_LENGTH=MAX_BODY, PROPAGATE_EXCEPTIONS=False, TRAP_HTTP_EXCEPTIONS=False)
    loopback = is_loopback(host)
    names = {"127.0.0.1", "localhost", "[::1]"} if loopback else {host if ":" not in host else f"[{host}]"}
    hosts = {f"{name}:{port}" for name in names}
    specific = not ipaddress.ip_address(host.strip("[]")).is_unspecified if _is_ip(host) else True

    def refuse(status: int, message: str):
        response = jsonify(error=message)
        response.status_code = status
        return response

    @app.before_request
    def guard():
        if (loopback or specific) and request.host not in hosts:
            return refuse(403, f"this tracker answers on {' or '.join(sorted(hosts))}, not {request.host[:80]}")
        if token is not None:
            given = request.cookies.get(COOKIE, "")
            if request.path == "/" and request.method == "GET" and "token" in request.args:
                if not hmac.compare_digest(request.args["token"].encode(), token.encode()):
                    return refuse(403, "wrong token: open the address the tracker printed at start")
                response = redirect("/", code=303)
                response.set_cookie(COOKIE, token, httponly=True, samesite="Strict", path="/")
                return response
            if not hmac.compare_digest(given.encode(), token.encode()):
                return refuse(403, "this tracker needs its token: open the address it printed at start")
        if request.method not in ("GET", "HEAD"):
            origin = request.headers.get("Origin", "")
            if origin != f"{request.scheme}://{request.host}":
                return refuse(403, "a change must come from the tracker's own page")
            if request.headers.get("Sec-Fetch-Site", "same-origin") not in ("same-origin", "none"):
                return refuse(403, "a change must come from the tracker's own page")
            if request.mimetype != "application/json":
                return refuse(415, "send JSON")
        return None

    @app.after_request
    def headers(response):
        for key, value in HEADERS.items():
            response.headers.setdefault(key, value)
        return response

    def body() -> dict:
        data = request.get_json(silent=True)
        if not isinstance(data, dict):
            raise OddsError("send a JSON object")
        return data

    def page(path: str):
        name, mimetype = STATIC[path]
        data = resources.files("odds.floor").joinpath("static", name).read_bytes()
        response = make_response(data)
        response.mimetype = mimetype.split(";")[0]
        response.headers["Content-Type"] = mimetype
        return response

    for path in STATIC:
        app.add_url_rule(path, f"static {path}", lambda path=path: page(path), methods=["GET"])

    @app.get("/favicon.ico")
    def favicon():  # no icon: an empty answer rather than a 404 in the browser's console
        return "", 204

    @app.get("/api/floor")
    def floor_state():
        with floor.lock:
            return jsonify(floor_view(floor))

    @app.get("/api/tables/<int:table_id>")
    def table_state(table_id: int):
        with floor.lock:
            return jsonify(table_view(table_id, floor.table(table_id), floor.keys[table_id]))

    @app.post("/api/tables")
    def create_table():
        data = body()
        start = {k: data[k] for k in ("decks", "ranks") if data.get(k) not in (None, "")}
        tags = data.get("tags") or None
        with floor.lock:
            table_id = floor.create(data.get("game"), data.get("paytable") or None, start, tags)
            return jsonify(table_view(table_id, floor.table(table_id), floor.keys[table_id]))

    @app.post("/api/tables/<int:table_id>/entry")
    def entry(table_id: int):
        text = body().get("text")
        with floor.lock:
            table = floor.enter(table_id, text)
            return jsonify(table_view(table_id, table, floor.keys[table_id]))

    @app.post("/api/tables/<int:table_id>/close")
    def close_table(table_id: int):
        body()
        with floor.lock:
            floor.remove(table_id)
            return jsonify(floor_view(floor))

    @app.errorhandler(OddsError)
    def bad_input(exc):
        return refuse(400, str(exc))

    @app.errorhandler(404)
    def not_found(exc):
        return refuse(404, f"no such page: {request.path[:80]}")

    @app.errorhandler(405)
    def not_allowed(exc):
        return refuse(405, f"{request.method} is not taken here")

    @app.errorhandler(413)
    def too_big(exc):
        return refuse(413, f"too much at once: at most {MAX_BODY:,} bytes")

    @app.errorhandler(Exception)
    def unexpected(exc):  # the last guard: a message, never a traceback
        from werkzeug.exceptions import HTTPException

        if isinstance(exc, HTTPException):
            return refuse(exc.code or 400, exc.description or exc.name)
        app.logger.error("odds track: internal error", exc_info=exc)
        return refuse(500, f"internal error ({exc.__class__.__name__}); please report it with what you entered")

    return app


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return True


def make_server(floor, host: str, port: int, token: str | None = None):
    """A waitress server of the tracker (not started: ``.run()``; ``.effective_port`` is the
    port when ``port`` was 0). Beyond loopback a token is made when none is given."""
    from waitress import create_server

    if token is None and not is_loopback(host):
        token = new_token()
    server = create_server(
        create_app(floor, host, port, token), host=host, port=port, threads=4, expose_tracebacks=False, ident="odds"
    )
    if port == 0:  # the app checks the Host header against the port it is really on
        server.application = create_app(floor, host, server.effective_port, token)
    return server, token

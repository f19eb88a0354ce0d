"""The tracker's page over HTTP (Flask's test client, no browser): the API, and its security -
input only from the page's own origin, the token beyond loopback, nothing sent reaching a path,
and bad input a message, never a server error."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

pytest.importorskip("flask")

import odds
from odds.floor.store import Choices, Floor
from odds.floor.web import create_app

PORT = 8765
BASE = f"http://127.0.0.1:{PORT}"
JSON = {"Origin": BASE, "Content-Type": "application/json"}


@pytest.fixture
def floor(tmp_path):
    f = Floor(str(tmp_path / "floor.sqlite"), Choices())
    f.create("baccarat", "seed", {"decks": 8})
    yield f
    f.close()


@pytest.fixture
def client(floor):
    return create_app(floor, "127.0.0.1", PORT, None).test_client()


def post(client, path, data, headers=JSON, **kw):
    return client.post(path, data=json.dumps(data), headers=headers, base_url=BASE, **kw)


def test_a_tap_answers_with_the_table(client):
    page = client.get("/", base_url=BASE)
    assert page.status_code == 200 and b'src="/floor.js"' in page.data
    assert "script-src 'self'" in page.headers["Content-Security-Policy"]
    assert client.get("/floor.js", base_url=BASE).status_code == 200
    state = client.get("/api/floor", base_url=BASE).get_json()
    assert [t["id"] for t in state["tables"]] == [1] and "baccarat" in [g["id"] for g in state["games"]]
    for card in "4s Kh Ad 4c 2h".split():
        view = post(client, "/api/tables/1/entry", {"text": card}).get_json()
    assert view["pending"] == ["4s", "Kh", "Ad", "4c", "2h"] and view["rounds"] == []
    view = post(client, "/api/tables/1/entry", {"text": "9d"}).get_json()
    (r,) = view["rounds"]
    assert r["result"] == "player wins, 7 to 3" and view["history"] == "P"
    assert r["bets"] == odds.settle("baccarat", "4s,Kh,Ad,4c,2h,9d").to_dict()["bets"]
    sheet = odds.sheet("baccarat", remove="4s,Kh,Ad,4c,2h,9d")
    assert {b["id"]: Fraction(b["expected_value"]) for b in view["bets"]} == {
        b.id: b.expected_value for b in sheet.bets
    }
    assert client.get("/api/tables/1", base_url=BASE).get_json()["version"] == view["version"]


def test_a_new_table_from_the_page(client):
    view = post(
        client,
        "/api/tables",
        {"game": "dragon-tiger", "paytable": "seed", "ranks": [4] * 13, "tags": "1,1,1,1,1,1,0,-1,-1,-1"},
    ).get_json()
    assert view["id"] == 2 and view["cards_left"] == 52 and view["true_count"] == "0"
    assert post(client, "/api/tables/2/close", {}).get_json()["tables"][0]["id"] == 1


@pytest.mark.parametrize(
    "path, data, message",
    [
        ("/api/tables/1/entry", {"text": "Zz"}, "bad card 'Zz'"),
        ("/api/tables/1/entry", {"text": 7}, "enter cards as text"),
        ("/api/tables/1/entry", {}, "enter cards as text"),
        ("/api/tables/1/entry", {"text": "K " * 1500}, "at most 2,000"),
        ("/api/tables/1/entry", {"text": "undo"}, "nothing to undo"),
        ("/api/tables/1/entry", {"text": "Kx40"}, "one card at a time"),
        ("/api/tables/1/entry", ["K"], "send a JSON object"),
        ("/api/tables/9/entry", {"text": "K"}, "no table 9"),
        ("/api/tables", {"game": "roulette", "decks": 8}, "deals no cards"),
        ("/api/tables", {"game": "bacarat", "decks": 8}, "did you mean baccarat"),
        ("/api/tables", {"game": ["baccarat"], "decks": 8}, "name a game"),
        ("/api/tables", {"game": "baccarat", "paytable": "/etc/passwd", "decks": 8}, "unknown paytable"),
        ("/api/tables", {"game": "baccarat", "paytable": "../seed", "decks": 8}, "unknown paytable"),
        ("/api/tables", {"game": "baccarat", "paytable": "seed.toml", "decks": 8}, "unknown paytable"),
        ("/api/tables", {"game": "baccarat", "decks": 10**9}, "decks: a whole number"),
        ("/api/tables", {"game": "baccarat", "decks": "8; rm -rf /"}, "decks: a whole number"),
        ("/api/tables", {"game": "baccarat", "ranks": [1] * 12}, "13 whole numbers"),
        ("/api/tables", {"game": "baccarat", "decks": 8, "tags": "__import__('os')"}, "tags"),
        ("/api/tables", {"game": "baccarat", "decks": 8, "tags": [1.5] * 10}, "tags"),
        ("/api/tables/1/close", "x", "send a JSON object"),
    ],
)
def test_bad_input_is_a_message_never_a_server_error(client, path, data, message):
    response = post(client, path, data)
    assert response.status_code == 400, response.data
    assert message in response.get_json()["error"]
    assert b"Traceback" not in response.data


def test_random_bodies_never_make_a_server_error(client):
    rng = random.Random(3)
    values = [None, True, 0, -1, 10**30, 1.5, "", "K", "seed", "baccarat", [], {}, ["K"], {"a": 1}, "\x00", "é" * 50]
    keys = ["text", "game", "paytable", "decks", "ranks", "tags", "x"]
    for _ in range(200):
        body = {rng.choice(keys): rng.choice(values) for _ in range(rng.randint(0, 4))}
        path = rng.choice(["/api/tables", "/api/tables/1/entry"])
        response = post(client, path, body)
        assert response.status_code in (200, 400), (path, body, response.data)
        assert "error" in response.get_json() or response.status_code == 200


def test_a_change_must_come_from_the_page_itself(client):
    entry = "/api/tables/1/entry"
    body = json.dumps({"text": "K"})
    cases = [
        {"Content-Type": "application/json"},  # no Origin
        {"Origin": "http://evil.example", "Content-Type": "application/json"},
        {"Origin": "http://127.0.0.1:9999", "Content-Type": "application/json"},
        {"Origin": BASE, "Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"},
    ]
    for headers in cases:
        response = client.post(entry, data=body, headers=headers, base_url=BASE)
        assert response.status_code == 403 and "own page" in response.get_json()["error"], headers
    # a plain form post (what another site can send without asking) is refused
    form = client.post(
        entry, data="text=K", headers={"Origin": BASE}, content_type="application/x-www-form-urlencoded", base_url=BASE
    )
    assert form.status_code == 415
    assert client.get("/api/tables/1", base_url=BASE).get_json()["cards_left"] == 416
    # no CORS: nothing tells a browser another origin may read an answer
    options = client.options(entry, headers={"Origin": "http://evil.example"}, base_url=BASE)
    assert "Access-Control-Allow-Origin" not in options.headers


def test_only_the_loopback_names_are_answered(client):
    """DNS rebinding: a site whose name resolves to 127.0.0.1 sends its own name as Host."""
    for host in ["evil.example:8765", "127.0.0.1:9999", "localhost"]:
        response = client.get("/api/floor", headers={"Host": host})
        assert response.status_code == 403, host
    for host in ["127.0.0.1:8765", "localhost:8765"]:
        assert client.get("/api/floor", headers={"Host": host}).status_code == 200


def test_beyond_loopback_the_token_is_required(floor):
    app = create_app(floor, "0.0.0.0", PORT, "s3cret-token")
    client = app.test_client()
    base = "http://192.168.1.20:8765"
    assert client.get("/api/floor", base_url=base).status_code == 403
    assert client.get("/", base_url=base).status_code == 403
    assert client.get("/?token=wrong", base_url=base).status_code == 403
    opened = client.get("/?token=s3cret-token", base_url=base)
    assert opened.status_code == 303 and opened.headers["Location"].endswith("/")
    cookie = opened.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    assert client.get("/api/floor", base_url=base).status_code == 200  # the cookie now
    view = client.post(
        "/api/tables/1/entry",
        data=json.dumps({"text": "K"}),
        headers={"Origin": base, "Content-Type": "application/json"},
        base_url=base,
    )
    assert view.status_code == 200 and view.get_json()["pending"] == ["K"]
    other = app.test_client()  # another browser, without the cookie
    assert other.get("/api/tables/1", base_url=base).status_code == 403


def test_nothing_but_the_page_is_served(client):
    for path in ["/../../etc/passwd", "/static/index.html", "/floor.py", "/api/tables/1/../../x", "/%2e%2e/etc/passwd"]:
        response = client.get(path, base_url=BASE)
        assert response.status_code == 404, path
        assert response.get_json()["error"].startswith("no such page")
    assert client.delete("/api/tables/1", base_url=BASE, headers=JSON).status_code == 405
    big = client.post("/api/tables/1/entry", data="x" * 100_000, headers=JSON, base_url=BASE)
    assert big.status_code == 413 and "too much" in big.get_json()["error"]


def test_an_unexpected_failure_is_one_line_not_a_traceback(client, floor, monkeypatch):
    def broken(*args, **kwargs):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(floor, "enter", broken)
    response = post(client, "/api/tables/1/entry", {"text": "K"})
    assert response.status_code == 500
    assert response.get_json() == {
        "error": "internal error (ZeroDivisionError); please report it with what you entered"
    }

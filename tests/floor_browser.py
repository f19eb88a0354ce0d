"""A tracker server and a real browser for the page's tests, its benchmark and its screenshots
(tests/test_track_browser.py, benchmarks/bench_track.py): ``odds track`` started as a program
on a free loopback port, and Playwright driving Debian's Chromium (``apt-get install chromium``)
with a fresh profile."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    try:
        import flask  # noqa: F401
        import playwright  # noqa: F401
        import waitress  # noqa: F401
    except ImportError as exc:
        return f"needs {exc.name} (pip install -e '.[floor]' playwright)"
    if not Path(CHROMIUM).exists():
        return f"needs {CHROMIUM} (apt-get install chromium)"
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Tracker:
    """``odds track ARGS --db DB --port PORT`` as a program: :meth:`start`, :meth:`kill`
    (SIGKILL: nothing is flushed or closed), :meth:`stop` (SIGTERM)."""

    def __init__(self, db: Path, args: list[str], port: int | None = None):
        self.db, self.args, self.port = db, args, port or free_port()
        self.process = None
        self.url = None

    def start(self) -> str:
        command = [sys.executable, "-m", "odds", "track", *self.args, "--db", str(self.db), "--port", str(self.port)]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        if not line.startswith("http://"):
            self.process.kill()
            raise RuntimeError(f"odds track did not start: {line}{self.process.stderr.read()[-2000:]}")
        self.url = line.strip()
        return self.url

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@contextlib.contextmanager
def browser(width: int = 390, height: int = 844, scale: float = 1):
    """A page of a fresh Chromium profile, phone-sized by default."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="odds-chromium-") as profile, sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            profile,
            executable_path=CHROMIUM,
            headless=True,
            args=CHROMIUM_ARGS,
            viewport={"width": width, "height": height},
            device_scale_factor=scale,
            env={**os.environ, "HOME": profile},
        )
        try:
            yield context.pages[0] if context.pages else context.new_page()
        finally:
            context.close()


class Page:
    """The tracker's page as a user taps it: each tap waits for the tracker's answer."""

    def __init__(self, page):
        self.page = page
        self.taps = 0

    def open(self, url: str) -> None:
        self.page.goto(url)
        self.ready()

    def ready(self) -> None:
        self.page.wait_for_selector("body[data-ready='true']")
        self.taps = 0

    def reload(self) -> None:
        self.page.reload()
        self.ready()

    def card(self, card: str) -> float:
        """Tap a card: its suit first (when it has one), then its rank; returns the seconds from
        the rank's tap to the answer seen."""
        if len(card) == 2:
            self.page.click(f"#suits .suit[data-suit='{card[1]}']")
        start = time.perf_counter()
        self.page.click(f"#ranks .rank[data-rank='{card[0]}']")
        self.answered()
        return time.perf_counter() - start

    def type(self, text: str) -> None:
        self.page.fill("#typed-text", text)
        self.page.click("#typed button")
        self.answered()

    def answered(self) -> None:
        self.taps += 1
        self.page.wait_for_selector(f"body[data-answered='{self.taps}']")

    def values(self) -> dict[str, str]:
        """Each bet row's exact expectation as the page holds it (``data-ev``; empty: unpriced)."""
        rows = self.page.eval_on_selector_all("#bets-body tr", "rows => rows.map(r => [r.dataset.bet, r.dataset.ev])")
        return dict(rows)

    def text(self, selector: str) -> str:
        return self.page.inner_text(selector)

    def timings(self) -> list[float]:
        return self.page.evaluate("window.oddsTimings")

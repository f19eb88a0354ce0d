"""Test session set-up: user-bet tables compile into a throwaway cache, never the user's own; the
expensive export is computed once per run.

The suite runs in parallel (pytest-xdist, ``-n auto`` in pyproject.toml): one process per core,
each with its own session fixtures. What is too expensive to compute in each of them is computed
once per run and shared through the run's cache folder (:func:`computed_once`, :func:`run_lock`).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
import tempfile
from pathlib import Path

import pytest

# One cache for the whole run: the first process makes it and xdist's workers inherit the variable,
# so a user bet's tables compile once, not once per worker (tables are written whole, by rename).
if "ODDS_TEST_CACHE_DIR" not in os.environ:
    os.environ["ODDS_TEST_CACHE_DIR"] = tempfile.mkdtemp(prefix="odds-test-cache-")
os.environ["ODDS_CACHE_DIR"] = os.environ["ODDS_TEST_CACHE_DIR"]
RUN_DIR = Path(os.environ["ODDS_TEST_CACHE_DIR"])

# Compiled modules of the run go to a folder of its own, written even where PYTHONDONTWRITEBYTECODE
# is set (as on our shared machines): otherwise each worker and each of the commands the tests
# start in a subprocess compiles odds/ and the tests from source again (10 s of CPU a worker, a
# fifth of a second a command). Nothing is written next to the sources.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
os.environ.setdefault("PYTHONPYCACHEPREFIX", str(RUN_DIR / "pycache"))
sys.dont_write_bytecode = False
sys.pycache_prefix = os.environ["PYTHONPYCACHEPREFIX"]

# A run started in the background of a script (`python -m pytest &`) inherits SIGINT ignored, and
# so would the workers and every command the tests start: the Ctrl-C tests (tests/test_runs.py)
# need it delivered. A handler, unlike "ignored", is not inherited across exec.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


@contextlib.contextmanager
def run_lock(name: str):
    """Held by one process of the run at a time: the others wait (the workers of one run share
    RUN_DIR). Where there is no ``fcntl`` (Windows) it holds nothing: work is then repeated, not
    wrong."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    with open(RUN_DIR / f"{name}.lock", "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def computed_once(name: str, compute):
    """``compute()`` (a JSON value) once per run, whichever worker asks first; the others read it."""
    path = RUN_DIR / f"{name}.json"
    with run_lock(name):
        if path.is_file():
            return json.loads(path.read_text(encoding="utf-8"))
        value = compute()
        path.write_text(json.dumps(value), encoding="utf-8")
        return value


# Producers of `odds export` that read no paytable file (odds/export.py passes them the
# paytables, and they ignore them): their files are the same whatever --paytable says.
_PAYTABLE_FREE = {"vectors_files", "windows_files"}
_EXPORTED: dict = {}


def _remembered(produce):
    def produced(paytables=()):
        paytables = () if produce.__name__ in _PAYTABLE_FREE else tuple(paytables)
        key = (produce.__name__, paytables)
        if key not in _EXPORTED:
            if paytables:  # a test's own files (their paths differ between workers): this process
                _EXPORTED[key] = produce(paytables)
            else:
                _EXPORTED[key] = computed_once(f"export-{produce.__name__}", lambda: produce(()))
        return dict(_EXPORTED[key])

    produced.__name__ = produce.__name__
    return produced


class _Produced(dict):
    """``{producer name: files}``, each computed (or recalled) when first read."""

    def __init__(self, producers):
        super().__init__()
        self.producers = producers

    def __missing__(self, name):
        self[name] = self.producers[name](())
        return self[name]


@pytest.fixture
def export_once(monkeypatch):
    """``odds export`` (the CLI and ``odds.export``) in this test produces each file set once per
    run: every producer of ``odds.export.PRODUCERS`` remembers what it made for the same paytable
    files. The export's own logic - the manifest, what it writes, checks, refuses or deletes - runs
    in full each time; only the sheets behind the files (15 s of CPU) are shared. Returns
    ``{producer name: files}`` for the shipped paytables alone, each computed when first read."""
    from odds import export

    producers = {p.__name__: _remembered(p) for p in export.PRODUCERS}
    monkeypatch.setattr(export, "PRODUCERS", list(producers.values()))
    return _Produced(producers)


def pytest_collection_modifyitems(items):
    """The slow tier first, when a session runs both (.ci/run): xdist hands the tests out in this
    order, so the long sweeps start while the default tier's thousands of short tests are left to
    fill the gaps at the end, rather than one sweep running alone while the other worker idles."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """Under coverage, a slow-tier test is not traced - its fixtures' set-up included, which
    pytest-cov's ``no_cover`` marker would still trace. .ci/run runs both tiers in one session
    with ``--cov``, and tracing the sweeps - the same code walked over many shoes - would more
    than double their time for lines the default tier reaches already: the coverage figure is the
    default tier's, as docs/development.md says. An xdist worker runs two Coverage objects (one
    started as the process starts, one by pytest-cov's worker): every one is paused."""
    paused = []
    if item.get_closest_marker("slow"):
        try:
            import coverage
        except ImportError:
            pass
        else:
            while (tracer := coverage.Coverage.current()) is not None:
                tracer.stop()  # the next one down becomes current
                paused.append(tracer)
    try:
        yield
    finally:
        for tracer in reversed(paused):
            tracer.start()

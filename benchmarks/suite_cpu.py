"""Where the suite's CPU goes: each test's CPU time (its process's, and its subprocesses'), per
xdist worker, and what the workers spent outside the tests (start-up, collection).

    PYTHONPATH=benchmarks python -m pytest -q -p suite_cpu      # writes one JSON per worker
    python benchmarks/suite_cpu.py                              # totals and the 30 dearest tests

``--durations`` gives wall times, which on a shared machine say more about the load than about
the tests (a test of 2 s of CPU took 20 s at a load average of 9); CPU time does not depend on
it. The JSON files go to $ODDS_SUITE_CPU (default: a folder in the system's temporary folder).
"""

from __future__ import annotations

import json
import os
import resource
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import pytest

FOLDER = Path(os.environ.get("ODDS_SUITE_CPU", Path(tempfile.gettempdir()) / "odds-suite-cpu"))
_rows: list = []


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    own, children = time.process_time(), _children_cpu()
    yield
    _rows.append((item.nodeid, time.process_time() - own, _children_cpu() - children))


def pytest_sessionfinish(session):
    FOLDER.mkdir(parents=True, exist_ok=True)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    total = {"rows": _rows, "process": time.process_time(), "children": _children_cpu()}
    (FOLDER / f"{worker}.json").write_text(json.dumps(total), encoding="utf-8")


def main() -> int:
    runs = {path.stem: json.loads(path.read_text(encoding="utf-8")) for path in sorted(FOLDER.glob("*.json"))}
    if not runs:
        print(f"nothing in {FOLDER}: run the suite with -p suite_cpu first", file=sys.stderr)
        return 1
    rows = [row for run in runs.values() for row in run["rows"]]
    total = 0.0
    for name, run in runs.items():
        # the main process's children are the workers, counted by their own files
        spent = run["process"] + (run["children"] if name != "main" else 0.0)
        in_tests = sum(own + children for _, own, children in run["rows"])
        print(f"{name}: {len(run['rows'])} tests, {spent:.1f} s of CPU, {spent - in_tests:.1f} s outside the tests")
        total += spent
    print(f"all: {total:.1f} s of CPU")
    by_file: Counter = Counter()
    for nodeid, own, children in rows:
        by_file[nodeid.split("::")[0]] += own + children
    print("\nfiles:")
    for path, spent in by_file.most_common(15):
        print(f"{spent:7.1f} s  {path}")
    print("\ntests:")
    for nodeid, own, children in sorted(rows, key=lambda r: -(r[1] + r[2]))[:30]:
        print(
            f"{own + children:7.1f} s  {nodeid}" + (f"  ({children:.1f} s in subprocesses)" if children > 0.5 else "")
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

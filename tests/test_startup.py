"""Start-up: commands that do not compute with numpy never import it, `odds --help` lists every
command without importing the commands' modules, importing odds changes nothing global, and the
drawing tables are loaded from the store, never rebuilt.

Each check of the imports runs the command's `main()` in a fresh interpreter (a test process has
imported numpy long before)."""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys

import pytest
from odds.cli import COMMANDS

PROBE = """
import json, sys
sys.argv = ["odds"] + json.loads(sys.argv[1])
from odds.cli import main
try:
    main()
except SystemExit as exc:
    code = exc.code
sys.stdout.flush()
sys.stderr.write("\\nPROBE " + json.dumps({"code": code, "numpy": "numpy" in sys.modules,
    "modules": sorted(m for m in sys.modules if m.startswith("odds.")),
    "heavy": [m for m in ("sympy", "pandas", "matplotlib", "dask", "distributed", "scipy") if m in sys.modules],
    "light": [m for m in ("difflib", "logging", "importlib.resources", "tempfile", "statistics")
        if m in sys.modules]}) + "\\n")
"""


def probe(*args: str) -> dict:
    """Run ``odds ARGS`` in a fresh interpreter: its exit code, whether numpy was imported, the
    odds modules loaded, and its stderr."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(list(args))],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "ODDS_DEBUG": ""},
    )
    head, _, last = done.stderr.rpartition("\nPROBE ")
    assert last, done.stderr
    return {**json.loads(last), "stderr": head, "stdout": done.stdout}


# -- commands that never compute with numpy ---------------------------------------------------------


def test_odds_help_imports_neither_numpy_nor_a_command_module():
    got = probe("--help")
    assert got["code"] == 0 and "Commands:" in got["stdout"]
    assert not got["numpy"]
    assert not [m for m in got["modules"] if m.startswith("odds.cli.")]


def test_odds_games_does_not_import_numpy():
    got = probe("games")
    assert got["code"] == 0 and "baccarat" in got["stdout"] and "sic-bo" in got["stdout"]
    assert not got["numpy"]


def test_odds_games_json_does_not_import_numpy():
    got = probe("games", "--format", "json")
    assert got["code"] == 0 and {g["game"] for g in json.loads(got["stdout"])} >= {"baccarat", "roulette"}
    assert not got["numpy"]


@pytest.mark.parametrize("game", ["baccarat", "dragon-tiger", "sic-bo", "roulette", "player-dealer-baccarat"])
def test_odds_features_does_not_import_numpy(game):
    got = probe("features", game)
    assert got["code"] == 0 and got["stdout"].strip()
    assert not got["numpy"]


HELPS = """
import contextlib, io, json, sys
from odds.cli import main
for name in json.loads(sys.argv[1]):
    sys.argv = ["odds", name, "--help"]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            main()
        except SystemExit as exc:
            code = exc.code
    print(json.dumps({"name": name, "code": code, "numpy": "numpy" in sys.modules, "stdout": out.getvalue()}))
"""


@functools.cache
def every_command_help() -> dict:
    """``odds NAME --help`` for every command, one after another in one fresh interpreter (one
    start-up instead of 18: 4 s of CPU): numpy, once imported, stays in ``sys.modules``, so the
    first help that imports it is the first one seen with it."""
    done = subprocess.run(
        [sys.executable, "-c", HELPS, json.dumps(sorted(COMMANDS))],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "ODDS_DEBUG": ""},
    )
    assert done.returncode == 0, done.stderr
    return {got["name"]: got for got in map(json.loads, done.stdout.splitlines())}


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_command_help_does_not_import_numpy(name):
    got = every_command_help()[name]
    assert got["code"] == 0 and "Usage: odds " + name in got["stdout"]
    assert not got["numpy"]


@pytest.mark.parametrize(
    "args, code",
    [
        ((), 2),  # no command: the usage
        (("nosuch",), 2),  # no such command
        (("sheet",), 2),  # a missing argument
        (("sheet", "baccarat", "--decks", "x"), 2),  # a bad option value
        (("sheet", "baccarat", "--format", "xml"), 2),
        (("batch", "baccarat"), 2),  # batch without --file
        (("sheet", "baccarat", "--nope"), 2),  # no such option
        (("sheet", "nosuch-game"), 1),  # an unknown game: the library's one line
        (("features", "nosuch-game"), 1),
    ],
)
def test_usage_errors_do_not_import_numpy(args, code):
    got = probe(*args)
    assert got["code"] == code, got["stderr"]
    assert not got["numpy"]
    lines = [line for line in got["stderr"].splitlines() if line.strip()]
    if args:  # `odds` alone prints the usage
        assert len(lines) == 1 and lines[0].startswith("Error:"), lines
        assert "Traceback" not in got["stderr"]


def test_a_command_that_computes_still_loads_numpy():
    """The probe can fail: a sheet computes with numpy and the probe sees it."""
    got = probe("sheet", "baccarat", "--bet", "tie")
    assert got["code"] == 0 and got["numpy"]


# -- the command listing, without importing the commands --------------------------------------------


def test_every_listed_command_is_registered_by_its_module():
    """COMMANDS says which module registers each command; each module registers exactly those."""
    import importlib

    from odds.cli import LazyCommands

    for module in set(COMMANDS.values()):
        found = LazyCommands({})
        importlib.import_module(module).register(found)
        assert set(found) == {n for n, m in COMMANDS.items() if m == module}, module


@pytest.mark.parametrize("columns", ["80", "60", "200"])
def test_the_lazy_listing_equals_the_listing_of_the_loaded_commands(columns):
    """`odds --help` in a fresh process (short help read from the sources) prints what click
    prints once every command is loaded."""

    def listing(load_first: bool) -> str:
        code = (
            "import sys\n"
            "from odds.cli import COMMANDS, cli, main\n"
            f"loaded = dict(cli.commands.items()) if {load_first} else {{}}\n"
            "assert all(m in sys.modules for m in COMMANDS.values()) == bool(loaded)\n"
            "sys.argv = ['odds', '--help']\n"
            "main()\n"
        )
        done = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "COLUMNS": columns},
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    fresh, loaded = listing(False), listing(True)
    assert fresh == loaded
    assert all(f"\n  {name} " in fresh for name in COMMANDS)


# -- importing odds changes nothing global -----------------------------------------------------------


def test_importing_the_library_and_its_games_changes_no_environment_variable():
    code = (
        "import json, os\n"
        "before = dict(os.environ)\n"
        "import odds, odds.games, odds.cli, odds.batch, odds.threads\n"
        "odds.games.get_game('baccarat').paytable()\n"
        "print(json.dumps(sorted(k for k in set(before) | set(os.environ) if before.get(k) != os.environ.get(k))))\n"
    )
    env = {
        k: v for k, v in os.environ.items() if k not in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
    }
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == []


@pytest.mark.parametrize("user, threads", [(None, 1), ("2", 2)])
def test_the_program_starts_blas_with_one_thread_unless_the_user_says(user, threads):
    """`odds` (main, not the library) asks for one BLAS thread before numpy loads; a user's own
    OPENBLAS_NUM_THREADS wins."""
    code = (
        "import sys\n"
        "sys.argv = ['odds', 'sheet', 'baccarat', '--bet', 'tie']\n"
        "from odds.cli import main\n"
        "try:\n"
        "    main()\n"
        "except SystemExit:\n"
        "    pass\n"
        "from threadpoolctl import threadpool_info\n"
        "print('THREADS', *[i['num_threads'] for i in threadpool_info() if i['internal_api'] == 'openblas'])\n"
    )
    env = {
        k: v for k, v in os.environ.items() if k not in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
    }
    if user:
        env["OPENBLAS_NUM_THREADS"] = user
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env)
    found = out.stdout.rpartition("THREADS")[2].split()
    if not found:
        pytest.skip("numpy's BLAS is not OpenBLAS here")
    if user and os.cpu_count() < 2:
        pytest.skip("one core: OpenBLAS caps its threads at one")
    assert found == [str(threads)], out.stderr


def test_single_threaded_blas_limits_the_block_only():
    import numpy  # noqa: F401 - its BLAS is what the block limits (loaded here whatever ran before)
    from threadpoolctl import threadpool_info

    from odds.threads import single_threaded_blas

    def blas_threads():
        return [i["num_threads"] for i in threadpool_info() if i["user_api"] == "blas"]

    before = blas_threads()
    assert before, "numpy's BLAS is loaded"
    with single_threaded_blas():
        assert blas_threads() == [1] * len(before)
    assert blas_threads() == before
    with pytest.raises(ZeroDivisionError), single_threaded_blas():
        _ = 1 / 0
    assert blas_threads() == before


def test_the_lazy_numpy_imports_numpy_on_first_use_only():
    code = (
        "import sys\n"
        "from odds.lazy import numpy as np\n"
        "print('numpy' in sys.modules)\n"
        "print(np.arange(4).sum(), 'numpy' in sys.modules, np.int64 is sys.modules['numpy'].int64)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.split() == ["False", "6", "True", "True"], out.stderr


# -- the drawing tables come from the store ----------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("sheet", "baccarat"),
        ("settle", "baccarat", "4s,Kh,Ad,4c,2h,9d"),
        ("sheet", "player-dealer-baccarat", "--bet", "player-line"),
    ],
)
def test_commands_load_the_drawing_tables_instead_of_compiling_them(args, tmp_path):
    """No command compiles a shipped table: compile_deal and build_table never run (an empty user
    cache, so only the package's stored tables can serve them)."""
    code = (
        "import json, sys\n"
        "import odds.exact.drawing as c, odds.exact.positional as p\n"
        "calls = []\n"
        "def spy(f):\n"
        "    def g(*a, **k):\n"
        "        calls.append(f.__name__)\n"
        "        return f(*a, **k)\n"
        "    return g\n"
        "c.compile_deal = spy(c.compile_deal)\n"
        "p.build_table = spy(p.build_table)\n"
        "sys.argv = ['odds'] + json.loads(sys.argv[1])\n"
        "from odds.cli import main\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as exc:\n"
        "    sys.stderr.write('\\nCALLS ' + json.dumps([exc.code, calls]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, json.dumps(list(args))],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "ODDS_CACHE_DIR": str(tmp_path)},
    )
    exit_code, calls = json.loads(done.stderr.rpartition("\nCALLS ")[2])
    assert exit_code == 0 and calls == [], (done.stderr[-500:], calls)
    assert not list(tmp_path.iterdir())  # nothing had to be written to the user's cache either


# -- commands that compute: only what they use ------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "sic-bo", "--rounds", "3000", "--format", "json"],
        ["simulate", "baccarat", "--bet", "tie", "--rounds", "500", "--format", "json"],
        ["sheet", "sic-bo", "--bet", "big"],
        ["sheet", "baccarat", "--bet", "tie"],
    ],
)
def test_sheet_and_simulate_import_no_heavy_library_and_start_no_pool(args):
    """sympy (solve), pandas, matplotlib (--plot) and Dask are for other commands; a run of a few
    thousand rounds is not worth a pool of processes (the default workers decide from the work),
    and a sheet writes no export."""
    got = probe(*args)
    assert got["code"] == 0, got["stderr"]
    assert got["heavy"] == []
    assert "odds.runs.local" not in got["modules"] and "odds.export" not in got["modules"]


@pytest.mark.parametrize(
    "args, not_for_this",
    [
        (["sheet", "baccarat", "--bet", "tie"], ["odds.exact.positional", "odds.exact.suits"]),  # the drawing route
        (["sheet", "baccarat", "--paytable", "contrast-bonus", "--bet", "contrast-bonus"], []),  # a suit-reading table
        (["sheet", "sic-bo", "--bet", "big"], ["odds.exact.positional"]),
    ],
)
def test_a_sheet_from_the_store_imports_only_what_it_uses(args, not_for_this):
    """Issue 21: with PYTHONDONTWRITEBYTECODE set every module a command imports is compiled
    again, so a sheet from the store or the cache compiles none it does not run: not the Dask
    runner, the multiplier overlays, the --pay parser, a round's hands, the positional tables
    for a bet the drawing or a roll decides, nor difflib (suggestions) and logging; and of the
    standard library, not importlib.resources, tempfile (a sheet writes no file) or statistics."""
    got = probe(*args)
    assert got["code"] == 0, got["stderr"]
    unused = ["odds.runs.cluster", "odds.overlay", "odds.overlay.support", "odds.pays", "odds.dealt", *not_for_this]
    assert [m for m in unused if m in got["modules"]] == []
    assert got["light"] == []


def test_the_program_collects_less_often_and_the_library_leaves_the_collector_alone():
    """The odds program raises the cyclic collector's thresholds (mypy's kind of setting: a sheet
    then runs no collection pass) and freezes what is left at exit; importing odds and its
    command line changes nothing in a host program's collector."""
    code = (
        "import gc, json, sys\n"
        "before = gc.get_threshold()\n"
        "import odds, odds.cli, odds.sheet\n"
        "library = gc.get_threshold()\n"
        "sys.argv = ['odds', 'games']\n"
        "import atexit\n"
        "atexit.register(lambda: sys.stderr.write('GC ' + json.dumps([before, library, gc.get_threshold(), gc.get_freeze_count() > 0])))\n"
        "odds.cli.main()\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    before, library, program, frozen = json.loads(done.stderr.rpartition("GC ")[2])
    assert library == before and program == [100_000, 20, 20] and frozen, done.stderr[-300:]

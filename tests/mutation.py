"""Mutation testing, on demand (not in CI: hours on two cores).

    python tests/mutation.py odds/bets/condition.py   # one module (or several)
    python tests/mutation.py                          # every module below
    python tests/mutation.py --keep MODULE            # keep the scratch clone (mutmut show/browse there)
    python tests/mutation.py --resume FOLDER          # go on with a kept run that was stopped

mutmut (``pip install 'mutmut>=3.8,<4'``) changes one operator, constant or condition at a time
in the modules below and runs the tests that reach the changed function; a mutant no test
notices "survives". Each survivor is either killed by a new test or explained in
docs/mutants/<module>.md (an equivalent mutant: a change that computes the same thing). The run
happens in a clone of HEAD in a temporary folder (mutmut writes a ``mutants/`` copy of the tree
beside the code), so the work tree is never touched; the clone's pyproject.toml gets the
``[tool.mutmut]`` section below.

What makes the figures honest (mutmut's defaults do not, for this code base):

* a mutant of code that runs at import time (a game's feature table, a module-level instance,
  a test file's parametrize list) runs in a fresh interpreter: the package and the test files are
  imported after the mutant is switched on, so it is run, not silently "survived". Every other
  mutant runs in a process forked from a server that has already imported the package and
  collected the test files (mutmut switches a mutant at call time): its code never ran in the
  server, so nothing the server computed can depend on it. The coverage pass writes down which
  functions ran while the test files were collected (:data:`PLUGIN`); the warm pass leaves a
  mutant of one of them "skipped", and a second pass runs those by name from a fork server warmed
  up with third-party modules only (:data:`PRELOAD`). ``--fresh`` runs every mutant that second
  way, to check that both give the same verdicts;
* what runs while the test files are collected (import time, parametrize lists) is credited to
  every test of the run (:data:`PLUGIN`), not only to the first test, so such a mutant runs every
  test file listed for its module;
* in the coverage pass no test reads what an earlier one computed (:data:`PLUGIN` clears the
  package's memos and cached properties and gives each test an empty table cache), so a function
  whose result is kept (a game's ``overlay_support``, behind a ``cached_property``) is credited to
  every test that needs it, not only to the first;
* each mutant gets its own table cache (tests/conftest.py makes one per process when
  ``ODDS_TEST_CACHE_DIR`` is unset; a process forked from the warm server makes a new one, and
  clears the memos and cached properties the server's imports filled): a table compiled by one
  mutant - or by the clean run - is never read by another;
* a mutant that breaks collection (an import fails) counts as killed, not as "interrupted";
* one mutant at a time by default (the machine's cores are shared).

Mutants mutmut did not get to (a run stopped early) are reported as "not run", never as
survivors.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

MODULES = {
    # module: the test files (or tests, by node id) that check it; mutmut runs, per mutant, those
    # of them that reach it
    "odds/bets/condition.py": [
        "tests/test_condition_oracle.py",
        "tests/test_condition.py",
        "tests/test_user_bets.py",
        "tests/test_catalogue.py",
    ],
    "odds/exact/intmath.py": [
        "tests/test_mutants_intmath.py",
        "tests/test_packing.py",
        "tests/test_exactness.py",
        "tests/test_factored.py",
    ],
    "odds/exact/kernels.py": [
        "tests/test_mutants_kernels.py",
        "tests/test_packing.py",
        "tests/test_factored.py",
        "tests/test_exactness.py",
    ],
    "odds/exact/plan.py": [
        "tests/test_mutants_plan.py",
        "tests/test_packing.py",
        "tests/test_factored.py",
        "tests/test_exactness.py",
        "tests/test_seen.py",  # given, _compile_seen, _kinds_seen: published figures after cards seen
        "tests/test_infinite_shoe.py",  # _infinite_counts: the infinite shoe against its exact limits
        "tests/test_check.py",  # failing_bets: a bet past an exact table's limits left out, its error kept
        # Plan.__init__: player-dealer's fixed-policy line bets priced on the drawing table
        "tests/test_mutants_player_dealer.py::test_many_shoes_price_the_fixed_policy_line_bets_on_the_drawing_table",
        # _compile: a broken cached positional table is rebuilt, not read
        "tests/test_hostile.py::test_a_broken_cache_entry_is_rebuilt_with_one_note",
    ],
    "odds/exact/drawing.py": [
        "tests/test_mutants_drawing.py",
        "tests/test_exactness.py",
        "tests/test_packing.py",
        "tests/test_baccarat.py",
    ],
    "odds/exact/positional.py": [
        "tests/test_mutants_positional.py",
        "tests/test_factored.py",
        "tests/test_packing.py",
        "tests/test_suits.py",
        # the tables against every ordering of small shoes, by route and by bet, and given cards seen
        "tests/test_mutants_plan.py",
        "tests/test_overlay.py",
        "tests/test_seen.py",
        "tests/test_user_bets.py",
        "tests/test_exactness.py",
        "tests/test_infinite_shoe.py",  # counts_with_replacement: the infinite shoe's exact limits
        "tests/test_check.py",  # too_big: a table past a limit is one error naming the bet
    ],
    "odds/exact/suits.py": ["tests/test_mutants_suits.py", "tests/test_suits.py", "tests/test_factored.py"],
    "odds/games/punto_banco.py": [
        "tests/test_mutants_punto_banco.py",  # every feature of a round and its declaration against the reference dealer
        # _features: what each feature declares it reads is all it reads, and suits move as declared
        "tests/test_suits.py::test_every_feature_reads_only_what_it_declares",
        "tests/test_suits.py::test_features_read_suits_as_they_declare",
        "tests/test_reference_rules.py",
        "tests/test_baccarat.py",
        "tests/test_settle.py",
        "tests/test_dealer.py",  # round_lengths: dealing by lengths equals dealing card by card
        "tests/test_seen.py",  # seen_cards, seen_condition: published figures after cards seen
        # overlay_support: card identities against every ordering and every draw
        "tests/test_overlay.py::test_baccarat_identities_against_every_ordering_and_every_draw",
        "tests/test_overlay.py::test_baccarat_banker_identities_against_every_ordering",
        "tests/test_overlay.py::test_a_hands_cards_read_on_the_other_hands_pair_against_every_ordering",
        "tests/test_overlay.py::test_the_fee_is_on_top_of_the_stake",
    ],
    "odds/games/dragon_tiger.py": [
        "tests/test_reference_rules.py",
        "tests/test_dragon_tiger.py",
        "tests/test_settle.py",
        "tests/test_dealer.py",  # round_lengths: dealing by lengths equals dealing card by card
        # overlay_support: the lightning suit and card identities against every ordering
        "tests/test_overlay.py::test_dragon_tiger_suit_against_every_ordering",
        "tests/test_overlay.py::test_dragon_tiger_card_identities_against_every_ordering",
    ],
    "odds/games/sic_bo.py": [
        "tests/test_sic_bo.py",
        "tests/test_settle.py",
        "tests/test_reference_rules.py",
        # overlay_support: Lightning Dice's totals and faces against every roll, and settled
        "tests/test_overlay.py::test_dice_totals_with_a_cap_against_every_roll",
        "tests/test_overlay.py::test_totals_with_payouts_of_their_own_against_every_roll_and_strike",
        "tests/test_overlay.py::test_faces_with_multipliers_of_their_own_multiply_each_time_they_are_read",
        "tests/test_overlay.py::test_settle_lightning_dice_with_the_rounds_payouts",
        "tests/test_overlay.py::test_target_values_checks",
        # chosen_bet: total:9, triple:4, pair:1-2 against the reference dealer, and the refusals
        "tests/test_settlement_server.py::test_sic_bo_chosen_numbers_are_its_bets",
        "tests/test_settlement_server.py::test_a_bad_chosen_bet_is_one_line",
    ],
    "odds/games/roulette.py": [
        "tests/test_mutants_roulette.py",  # each wheel's feature table and its sheets' texts
        "tests/test_mutants_punto_banco.py::test_every_game_is_among_its_deals_games",
        "tests/test_roulette.py",
        "tests/test_american_roulette.py",
        "tests/test_triple_zero.py",  # the 0-00-000 wheel's game, and every feature of a spin on each wheel
        "tests/test_settle.py",
        # every bet and call bet on all 37 pockets, against the reference wheel
        "tests/test_reference_rules.py::test_roulette_call_bets_pay_what_their_chips_pay",
        "tests/test_reference_rules.py::test_roulette_every_bet_and_every_member_on_all_37_pockets",
        "tests/test_reference_rules.py::test_roulette_red_numbers_follow_the_wheel",
        # overlay_support: Lightning Roulette's lucky numbers against every pocket and draw
        "tests/test_overlay.py::test_a_multiplier_bet_reads_one_spin",
        "tests/test_overlay.py::test_lucky_numbers_against_every_pocket_and_draw",
        "tests/test_overlay.py::test_pockets_with_multipliers_of_their_own_on_the_double_zero_wheel",
        "tests/test_overlay.py::test_pockets_with_multipliers_of_their_own_on_the_triple_zero_wheel",
        "tests/test_catalogue_multipliers.py::test_lightning_roulette_constraint_on_the_lucky_numbers",
        # chosen_rule, Wheel.read: a chosen number's bet, against the reference, and its refusals
        "tests/test_settlement_server.py::test_every_member_of_a_roulette_family_settles_as_the_reference_does",
        "tests/test_settlement_server.py::test_columns_and_dozens_by_their_number",
        "tests/test_settlement_server.py::test_streets_and_lines_by_their_ends_and_the_double_zero_layout",
        "tests/test_settlement_server.py::test_european_roulette_refuses_00",
        "tests/test_settlement_server.py::test_a_bad_chosen_bet_is_one_line",
        "tests/test_settlement_server.py::test_a_refused_placement_names_one_of_its_own_kind_that_is_taken",
        "tests/test_settlement_server.py::test_the_placements_at_the_zeros_of_each_layout",
        "tests/test_settlement_server.py::test_a_refused_chosen_number_word_for_word",
        "tests/test_settlement_server.py::test_streets_and_lines_by_their_ends_at_the_layouts_ends",
        # draw_random, settle_drawn: en prison, la partage and surrender simulated against the exact figures
        "tests/test_simulate.py::test_wheels_rules_on_zero_agree_with_their_exact_edges",
        # vector_rounds: the settlement vectors against the reference dealers, and made again
        "tests/test_vectors.py::test_settlements_agree_with_the_reference_dealers",
        "tests/test_vectors.py::test_each_games_settlement_rounds_are_the_committed_ones",
    ],
    "odds/games/player_dealer.py": [
        "tests/test_mutants_player_dealer.py",
        "tests/test_player_dealer.py",
        "tests/test_reference_rules.py",
        "tests/test_seen.py",  # seen_cards: published figures after cards seen
        "tests/test_settle.py",  # round_hands, drawing_rounds, drawing_cells, every_cell: settling rounds
    ],
    "odds/sheet.py": [
        "tests/test_mutants_sheet.py",
        "tests/test_sheet_figures.py",
        "tests/test_pays_oracle.py",
        "tests/test_published.py",
        "tests/test_api.py",  # Sheet.bet, to_frame (the frame extra), the notebook reprs
        # build_sheet given the cards seen: published figures, and summed back to the full sheet
        "tests/test_seen.py::test_wizard_of_odds_after_two_player_cards",
        "tests/test_seen.py::test_seen_cards_sum_back_to_the_unconditional_sheet",
        # build_sheet's multiplier bets: against every ordering and draw, the fee on top
        "tests/test_overlay.py::test_the_fee_is_on_top_of_the_stake",
        "tests/test_overlay.py::test_lucky_numbers_against_every_pocket_and_draw",
        "tests/test_overview.py::test_every_bet_of_every_game_and_paytable",  # unknown weights noted
    ],
}
"""The modules under mutation: the condition language, the exact-evaluation layer's integer math
and kernels, the rules of each game, the sheet's figures."""

PRELOAD = ["pytest", "hypothesis", "hypothesis.strategies", "numpy", "click", "click.testing"]
"""With ``--fresh``, imported once by the fork server before any mutant is switched on:
third-party code only (never ``odds`` nor a test file), so each mutant's fresh interpreter skips a
second of imports."""

PLUGIN = '''
"""mutmut's coverage pass credits a function to the test during which it ran; what runs while
the test files are collected (import time) would be credited to the first test only. Credit it
to every test, and write its name down: a mutant of it must run in a fresh interpreter. Let no
test read what another computed. And a mutant whose test files no longer import has been
noticed: exit 1, not 2."""
import json
import os
import re
import sys
import tempfile

import pytest

_AT_COLLECTION: set = set()
_HOW = ["fresh"]  # how this mutant's run was started


def pytest_collection_finish(session):
    if os.environ.get("MUTANT_UNDER_TEST") == "stats":
        from mutmut.state import state

        _AT_COLLECTION.update(state()._stats)
        path = os.environ["ODDS_MUTATION_IMPORT_TIME"]
        known = _import_time() or set()
        with open(path + ".part", "w", encoding="utf-8") as out:
            out.write("".join(f"{name}\\n" for name in sorted(known | _AT_COLLECTION)))
        os.replace(path + ".part", path)


def _import_time():
    """The functions that ran while the test files were collected, or None if not known."""
    try:
        with open(os.environ["ODDS_MUTATION_IMPORT_TIME"], encoding="utf-8") as lines:
            return {line.strip() for line in lines if line.strip()}
    except (KeyError, OSError):
        return None


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config):
    # A mutant's run in a process forked from the warm server (odds and the test files imported,
    # by the unmutated code): a mutant of a function that ran then (or if that is not known) goes
    # to a fresh interpreter; any other starts with nothing the server kept and a cache of its own.
    mutant = os.environ.get("MUTANT_UNDER_TEST", "")
    if "__mutmut_" not in mutant or "odds" not in sys.modules or os.environ.get("ODDS_MUTATION_FRESH"):
        return
    import_time = _import_time()
    if import_time is None or mutant.partition("__mutmut_")[0] in import_time:
        if os.environ.get("ODDS_MUTATION_DEFER"):
            os._exit(34)  # "skipped": the script runs it again from a server that imported no odds
        _exec_fresh(config)
    _HOW[0] = "warm"
    _forget_what_was_kept()
    _own_table_cache()


_LAUNCH = """
import json, os, sys
sys.path[:] = json.loads(sys.argv[2])
import pytest
try:
    code = int(pytest.main(json.loads(sys.argv[1])))
except BaseException:
    code = -1
os._exit(-1 if code == 4 else code)  # as mutmut's own worker (a usage error: -1)
"""


def _exec_fresh(config):
    """Replace this process (same pid, CPU limit and time-out) by a fresh interpreter running the
    same pytest arguments; its output goes where the worker's did, nowhere."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    env = dict(os.environ, ODDS_MUTATION_FRESH="1")
    args = [json.dumps(list(config.invocation_params.args)), json.dumps(sys.path)]
    os.execve(sys.executable, [sys.executable, "-c", _LAUNCH, *args], env)


def _own_table_cache():
    run_dir = tempfile.mkdtemp(prefix="odds-test-cache-", dir=os.environ.get("TMPDIR"))
    os.environ["ODDS_TEST_CACHE_DIR"] = os.environ["ODDS_CACHE_DIR"] = run_dir
    for module in list(sys.modules.values()):  # tests/conftest.py read it when imported
        if getattr(module, "__file__", "").endswith(os.path.join("tests", "conftest.py")):
            from pathlib import Path

            module.RUN_DIR = Path(run_dir)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    # what one test computed and kept (a memo, a game's cached property, a compiled table in the
    # cache folder) is read by the next without a call: the function would be credited to the first
    # test only. In the coverage pass, each test starts with none of it.
    if os.environ.get("MUTANT_UNDER_TEST") == "stats":
        _forget_what_was_kept()
        os.environ["ODDS_CACHE_DIR"] = tempfile.mkdtemp(prefix="stats-", dir=os.environ.get("TMPDIR"))


_MEMO = re.compile(r"^(_[A-Z][A-Z0-9_]*)\\s*(?::[^=\\n]*)?=\\s*(?:\\{\\}|\\[\\])\\s*(?:#.*)?$", re.MULTILINE)
_MEMO_NAMES: dict = {}


def _memo_names(module):
    """The module-level memos a module declares: a private constant's name bound to an empty
    dict or list in its source (``_BASE_ROWS: dict[str, _BaseRows] = {}``); a constant holding
    data is never cleared."""
    name = module.__name__
    if name not in _MEMO_NAMES:
        try:
            with open(module.__file__, encoding="utf-8") as source:
                _MEMO_NAMES[name] = _MEMO.findall(source.read())
        except (OSError, TypeError):
            _MEMO_NAMES[name] = []
    return _MEMO_NAMES[name]


def _forget_what_was_kept():
    import functools

    for name, module in list(sys.modules.items()):
        # the package's memos, and what a test file keeps on first use (tests/test_factored.py)
        if name != "odds" and not name.startswith(("odds.", "test_")):
            continue
        for memo in _memo_names(module):
            kept = getattr(module, memo, None)
            if type(kept) in (dict, list):
                kept.clear()
        for value in list(vars(module).values()):
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()
                continue
            kept = getattr(value, "__dict__", None)
            if not isinstance(kept, dict) or isinstance(value, type):
                continue
            for klass in type(value).__mro__:
                for attr, how in vars(klass).items():
                    if isinstance(how, functools.cached_property):
                        kept.pop(attr, None)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item, nextitem):
    if _AT_COLLECTION:
        from mutmut.state import state

        state()._stats.update(_AT_COLLECTION)
    if os.environ.get("MUTANT_UNDER_TEST") == "stats":
        import shutil

        shutil.rmtree(os.environ["ODDS_CACHE_DIR"], ignore_errors=True)


def pytest_collection_modifyitems(items):
    # a mutant's tests, quickest first (mutmut stops at the first failure)
    if os.environ.get("MUTANT_UNDER_TEST", "stats") not in ("stats", "fail"):
        from mutmut.state import state

        items.sort(key=lambda item: state().duration_by_test.get(item.nodeid, 0.0))


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session, exitstatus):
    if exitstatus == pytest.ExitCode.INTERRUPTED and session.testsfailed:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
    mutant = os.environ.get("MUTANT_UNDER_TEST", "")
    if "__mutmut_" in mutant:  # what each mutant cost, from the fork that started it (Linux only)
        try:
            with open("/proc/self/stat") as stat, open("/proc/uptime") as uptime:
                started = int(stat.read().rpartition(")")[2].split()[19]) / os.sysconf("SC_CLK_TCK")
                seconds = float(uptime.read().split()[0]) - started
        except (OSError, ValueError):
            return
        with open(os.environ["ODDS_MUTATION_IMPORT_TIME"] + ".times", "a", encoding="utf-8") as out:
            out.write(f"{mutant} {int(session.exitstatus)} {seconds:.2f} {_HOW[0]}\\n")


def pytest_unconfigure(config):
    # this process's table cache (tests/conftest.py made it under the run's TMPDIR): no other reads
    # it. The warm server's (a collection only) holds the compiled modules its workers share.
    cache = os.environ.get("ODDS_TEST_CACHE_DIR", "")
    if config.option.collectonly:
        return
    if cache.startswith(os.environ.get("TMPDIR", "/nowhere") + os.sep):
        import shutil

        shutil.rmtree(cache, ignore_errors=True)
'''

STATUS = {
    "killed": "killed",
    # a mutant that loops or crawls is noticed; mutmut also files exit 255 here, which _LAUNCH gives
    # when the fresh session cannot start (the mutant broke `import odds` in tests/conftest.py)
    "timeout": "killed",
    "segfault": "killed",
    "survived": "survived",
    "no tests": "reached by no test",
    "not checked": "not run",
    "skipped": "not run",  # an import-time mutant left for the fresh pass (which did not run)
    "check was interrupted by user": "not run",
}
"""mutmut's verdicts, as this report counts them (anything else is listed as it is)."""


def config(modules: dict[str, list[str]], preload: Path, fresh: bool = False) -> str:
    tests = sorted({t for files in modules.values() for t in files})
    quoted = lambda items: ", ".join(f'"{i}"' for i in items)  # noqa: E731
    return (
        "\n[tool.mutmut]\n"
        f"source_paths = [{quoted(modules)}]\n"
        f"pytest_add_cli_args_test_selection = [{quoted(tests)}]\n"
        # one process per mutant run, no slow tier, the plugin above
        'pytest_add_cli_args = ["-p", "no:cacheprovider", "-o", "addopts=", "-m", "not slow", "-p", "odds_mutation_plugin"]\n'
        'also_copy = ["odds/", "tests/", "tables/", "docs/", "README.md"]\n'
        'process_isolation = "forkserver"\n'
        # warm: the server collects the test files (imports odds); --fresh: third-party modules only
        f'forkserver_warmup = "{"import" if fresh else "collect"}"\n'
        f'preload_modules_file = "{preload}"\n'
        # the fresh interpreter's imports are not in mutmut's estimate of a mutant's time; a
        # mutant that loops is stopped after 3 times its tests' time (the coverage pass's, where
        # every test computes from scratch) plus 10 s, not mutmut's 15 times (5 minutes and more)
        "timeout_constant = 10.0\n"
        "timeout_multiplier = 3.0\n"
    )


def results(clone: Path, env: dict[str, str]) -> list[tuple[str, str]]:
    """Every mutant's name and mutmut's status of it."""
    out = subprocess.run(["mutmut", "results", "--all", "true"], cwd=clone, env=env, capture_output=True, text=True)
    return [m.groups() for m in re.finditer(r"^\s*(\S+__mutmut_\d+): (.+)$", out.stdout, re.MULTILINE)]


def tally(clone: Path, env: dict[str, str]) -> tuple[dict[str, Counter], list[str]]:
    """Per module, how many mutants have each verdict; and the survivors' names."""
    counts: dict[str, Counter] = {}
    survivors = []
    for name, status in results(clone, env):
        module = name.partition("__mutmut_")[0].rsplit(".", 1)[0]
        verdict = STATUS.get(status, status)
        counts.setdefault(module, Counter())[verdict] += 1
        if verdict in ("survived", "reached by no test"):
            survivors.append(f"{name} ({verdict})")
    return counts, survivors


def main() -> int:
    parser = argparse.ArgumentParser(description="mutation testing of the rules, the condition language and the sheet")
    parser.add_argument("modules", nargs="*", help="modules to mutate (default: all of MODULES)")
    parser.add_argument("--keep", action="store_true", help="keep the scratch clone")
    parser.add_argument("--resume", type=Path, help="a kept scratch folder whose run to go on with")
    parser.add_argument("--only", nargs="*", default=[], help="mutant names or globs to run (mutmut's own)")
    parser.add_argument("--children", type=int, default=1, help="mutants run side by side (default 1)")
    parser.add_argument("--fresh", action="store_true", help="every mutant in a fresh interpreter (slower)")
    args = parser.parse_args()
    if shutil.which("mutmut") is None:
        print("mutmut is not installed: pip install 'mutmut>=3.8,<4'", file=sys.stderr)
        return 2
    if args.resume:
        folder = args.resume.resolve()
        clone = folder / "odds"
    else:
        chosen = {m: MODULES[m] for m in args.modules} if args.modules else MODULES
        folder = Path(tempfile.mkdtemp(prefix="odds-mutation-"))
        clone = folder / "odds"
        subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
        (folder / "plugin").mkdir()
        (folder / "plugin" / "odds_mutation_plugin.py").write_text(PLUGIN, encoding="utf-8")
        (folder / "preload.txt").write_text("\n".join(PRELOAD) + "\n", encoding="utf-8")
        (folder / "tmp").mkdir()
        with open(clone / "pyproject.toml", "a", encoding="utf-8") as out:
            out.write(config(chosen, folder / "preload.txt", fresh=args.fresh))
        print(f"mutating {', '.join(chosen)} in {clone}", file=sys.stderr)
    env = {k: v for k, v in os.environ.items() if k not in ("ODDS_TEST_CACHE_DIR", "ODDS_CACHE_DIR")}
    env["PYTHONPATH"] = str(folder / "plugin")
    env["TMPDIR"] = str(folder / "tmp")  # each mutant's table cache, deleted with the folder
    env["ODDS_MUTATION_IMPORT_TIME"] = str(folder / "import-time.txt")  # written by the coverage pass
    run = ["mutmut", "run", "--max-children", str(args.children)]
    # first every mutant a warm process can run; the import-time ones are left "skipped" and then
    # run, by name, from a server warmed with third-party modules only (a fresh interpreter each,
    # a second of imports instead of the 3 to 6 s of an exec'd one)
    subprocess.run([*run, *args.only], cwd=clone, env={**env, "ODDS_MUTATION_DEFER": "1"})
    deferred = [name for name, status in results(clone, env) if status == "skipped"]
    if deferred:
        settings = clone / "pyproject.toml"
        warm = settings.read_text(encoding="utf-8")
        settings.write_text(warm.replace('forkserver_warmup = "collect"', 'forkserver_warmup = "import"'), "utf-8")
        try:
            subprocess.run([*run, *deferred], cwd=clone, env=env)
        finally:
            settings.write_text(warm, encoding="utf-8")
    counts, survivors = tally(clone, env)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=clone, capture_output=True, text=True)
    print(f"commit {commit.stdout.strip()}")
    for module, verdicts in sorted(counts.items()):
        print(
            f"{module}: {sum(verdicts.values())} mutants, " + ", ".join(f"{n} {v}" for v, n in sorted(verdicts.items()))
        )
    print(f"{len(survivors)} not killed:" + "".join(f"\n  {s}" for s in survivors))
    if args.keep or args.resume:
        print(f"see one: cd {clone} && mutmut show NAME; go on: python tests/mutation.py --resume {folder}")
    else:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

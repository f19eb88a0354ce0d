"""Long runs (odds/runs): the local pool deals a lost worker's chunks again or stops in one line,
a stop ends every worker at once and says how far the run got, Dask gives the same figures and
bounds every wait, progress on stderr, and checkpoints a stopped run goes on from."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time

import pytest
from click.testing import CliRunner

from odds.cli import cli
from odds.depletion import checkpoint as count_checkpoint
from odds.depletion import count as count_lib
from odds.depletion.dealer import DealRules
from odds.errors import OddsError
from odds.games import get_game
from odds.runs import RunStopped, Where, cluster, local, map_chunks, reduce_chunks
from odds.runs import checkpoint as checkpoint_files
from odds.runs.progress import Progress

ODDS = [sys.executable, "-m", "odds"]


# -- the local pool -------------------------------------------------------------------------------


def slow_square(job, chunk):
    time.sleep(job)
    return chunk * chunk


def fails_on_three(job, chunk):
    if chunk == 3:
        raise OddsError("chunk 3 is bad")
    return chunk


def kills_its_worker(job, chunk):
    if chunk == 1:
        os.kill(os.getpid(), signal.SIGKILL)
    return chunk


def test_the_pool_gives_every_part_in_order_with_a_bounded_window():
    read = []

    def chunks():
        for i in range(12):
            read.append(i)
            yield i

    with local.LocalPool(0.01, 2) as pool:
        out = []
        for chunk, part in pool.run(slow_square, chunks(), ordered=True, window=3):
            out.append((chunk, part))
            assert len(read) - len(out) <= 3  # never more than the window read ahead
    assert out == [(i, i * i) for i in range(12)]


def test_a_chunk_s_error_comes_after_the_parts_before_it():
    got = []
    with pytest.raises(OddsError, match="chunk 3 is bad"), local.LocalPool(None, 2) as pool:
        for chunk, _ in pool.run(fails_on_three, range(8), ordered=True):
            got.append(chunk)
    assert got == [0, 1, 2]


def test_a_worker_killed_mid_run_has_its_chunk_dealt_again():
    notes = []
    with local.LocalPool(0.3, 2, note=notes.append) as pool:
        parts = pool.run(slow_square, range(8))
        first = next(parts)
        victim = pool.processes[0].pid
        os.kill(victim, signal.SIGKILL)
        rest = list(parts)
    assert sorted([first] + rest) == [(i, i * i) for i in range(8)]
    assert len(notes) == 1 and "killed by SIGKILL" in notes[0]


def test_a_chunk_that_always_kills_its_worker_stops_the_run_in_one_line():
    notes = []
    with pytest.raises(OddsError) as caught, local.LocalPool(None, 2, note=notes.append) as pool:
        list(pool.run(kills_its_worker, range(4)))
    message = str(caught.value)
    assert "\n" not in message and "died 3 times" in message and "SIGKILL" in message
    assert len(notes) == local.MAX_LOSSES - 1


def test_an_interrupt_ends_every_worker():
    with pytest.raises(KeyboardInterrupt), local.LocalPool(0.5, 2) as pool:
        for _ in pool.run(slow_square, range(20)):
            pids = [p.pid for p in pool.processes]
            raise KeyboardInterrupt
    assert pids and not any(_alive(pid) for pid in pids)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split()[2] != "Z"
    except FileNotFoundError:
        return False


def test_reduce_says_how_far_a_stopped_run_got():
    seen = []

    def progress(n):
        seen.append(n)
        if len(seen) == 2:
            raise KeyboardInterrupt

    with pytest.raises(RunStopped) as caught:
        reduce_chunks(slow_square, 0, lambda parallel: list(range(6)), list.append, list, Where(1), progress=progress)
    assert caught.value.done == 2 and caught.value.exit_code == 130


def test_workers_must_be_at_least_one_and_a_client_excludes_a_scheduler():
    with pytest.raises(OddsError, match="at least 1"):
        Where(0)
    with pytest.raises(OddsError, match="not both"):
        Where(1, "tcp://127.0.0.1:1", object())


# -- the command: a stop, a lost worker ---------------------------------------------------------------

COUNT = ["count", "dragon-tiger", "--bet", "tie", "--bet", "dragon-big", "--seed", "4", "--format", "json"]


def _children(pid: int) -> list[int]:
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True).stdout
    return [int(x) for x in out.split()]


def _start(args, workers=2):
    """The command in a process of its own, once its workers are there."""
    proc = subprocess.Popen(ODDS + args + ["--workers", str(workers)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while len(_children(proc.pid)) < workers and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
    kids = _children(proc.pid)
    assert len(kids) == workers, proc.communicate()
    return proc, kids


@pytest.mark.parametrize(
    "signum, code, said",
    [(signal.SIGINT, 130, "Ctrl-C"), pytest.param(signal.SIGTERM, 143, "SIGTERM", marks=pytest.mark.slow)],
)
def test_a_signal_ends_the_run_within_2_s_with_no_worker_left(signum, code, said):
    proc, kids = _start(COUNT + ["--shoes", "100000"])
    time.sleep(1.0)
    sent = time.monotonic()
    proc.send_signal(signum)
    out, err = proc.communicate(timeout=30)
    took = time.monotonic() - sent
    assert proc.returncode == code, err
    lines = err.decode().strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"stopped by {said} after ") and "of 100,000 shoes" in lines[0]
    assert out == b""
    assert took < 2.0, took
    assert not any(_alive(pid) for pid in kids)


@pytest.mark.slow
def test_a_worker_killed_mid_run_gives_the_same_bytes():
    # killed as soon as it is there: a worker is forked when the first chunks are handed out, so it
    # dies holding one (the run's 10,000 shoes take seconds of CPU; a kill after a fixed sleep could
    # find the run over on a quiet machine, or needed 30,000 shoes run twice: 20 s of CPU)
    args = COUNT + ["--shoes", "10000"]
    proc, kids = _start(args)
    os.kill(kids[0], signal.SIGKILL)
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err
    assert b"a worker process died (killed by SIGKILL" in err  # it died mid-run, not after
    undisturbed = subprocess.run(ODDS + args + ["--workers", "2"], capture_output=True)
    assert out == undisturbed.stdout and json.loads(out)["shoes"] == 10000


# -- progress ---------------------------------------------------------------------------------------


class Terminal:
    def __init__(self):
        self.text = ""

    def isatty(self):
        return True

    def write(self, text):
        self.text += text

    def flush(self):
        pass


def test_a_bar_on_a_terminal_lines_when_asked_nothing_otherwise(monkeypatch):
    terminal = Terminal()
    with Progress.for_command(1000, "shoes", False, terminal) as bar:
        for _ in range(4):
            bar(250)
    assert "1,000/1,000 [" in terminal.text and "100%" in terminal.text and terminal.text.endswith("\n")

    runner = CliRunner()
    quiet = runner.invoke(cli, ["count", "dragon-tiger", "--bet", "tie", "--shoes", "40", "--workers", "1"])
    assert quiet.exit_code == 0 and quiet.stderr == ""
    loud = runner.invoke(
        cli, ["count", "dragon-tiger", "--bet", "tie", "--shoes", "40", "--workers", "1", "--progress"]
    )
    assert loud.exit_code == 0 and loud.stdout == quiet.stdout
    lines = loud.stderr.splitlines()
    assert lines[0].startswith("progress: 10 of 40 shoes (25%), ") and lines[0].endswith(" left")
    assert lines[-1].startswith("progress: 40 of 40 shoes (100%)") and "shoes/s" in lines[-1]


# -- checkpoints --------------------------------------------------------------------------------------

GAME = get_game("dragon-tiger")


def _spec(seed=5):
    return count_lib.make_spec(GAME, GAME.paytable(), ["tie", "dragon-big"], 8, seed, DealRules())


def test_a_run_killed_at_any_checkpoint_goes_on_to_the_same_tallies(tmp_path, monkeypatch):
    """A SIGKILL leaves the last checkpoint written: resumed from each one, the run ends with the
    tallies of a run never stopped, field by field."""
    monkeypatch.setattr(checkpoint_files, "EVERY", 0.0)
    path = tmp_path / "run.json"
    written = []
    real_write = checkpoint_files.write

    def keep(*args):
        real_write(*args)
        written.append(path.read_bytes())

    monkeypatch.setattr(checkpoint_files, "write", keep)
    spec = _spec()
    whole = count_lib.run(spec, 40, workers=1, checkpoint=str(path))
    assert len(written) > 3
    plain = count_lib.run(spec, 40, workers=1)
    for state in written[1:-1]:
        path.write_bytes(state)
        resumed = count_lib.run(spec, 40, workers=2, checkpoint=str(path))
        assert resumed.shoes == plain.shoes == whole.shoes == 40
        for bet in spec.bet_ids:
            assert vars(resumed.bets[bet]) == vars(plain.bets[bet])
    done = json.loads(written[1])["done"]
    assert done != [[0, 40]]  # a real mid-run state


@pytest.mark.slow
def test_a_stopped_command_resumed_prints_the_same_bytes(tmp_path):
    path = tmp_path / "study.ckpt"
    args = COUNT + ["--shoes", "100000", "--checkpoint", str(path)]
    proc, _ = _start(args)
    time.sleep(2.0)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 143 and "holds " in err.decode() and "the same command goes on" in err.decode()
    held = sum(b - a for a, b in json.loads(path.read_text())["done"])
    assert 0 < held < 100000
    # the rest of the 100,000 would take minutes: the same file, cut to a short study, is refused...
    short = COUNT + ["--shoes", "600", "--checkpoint", str(path)]
    refused = CliRunner().invoke(cli, short + ["--workers", "1"])
    assert refused.exit_code == 1 and "--shoes: 100000 there, 600 now" in refused.stderr
    # ...so a short study stopped by a signal the same way, then resumed
    path.unlink()
    proc, _ = _start(short)
    time.sleep(1.0)
    proc.send_signal(signal.SIGINT)
    proc.communicate(timeout=30)
    resumed = subprocess.run(ODDS + short + ["--workers", "2"], capture_output=True)
    plain = subprocess.run(ODDS + COUNT + ["--shoes", "600", "--workers", "1"], capture_output=True)
    assert resumed.returncode == 0 and resumed.stdout == plain.stdout
    again = subprocess.run(ODDS + short + ["--workers", "1"], capture_output=True)  # done: printed from the file
    assert again.stdout == plain.stdout


def _checkpoint(tmp_path, shoes=20):
    path = tmp_path / "c.json"
    count_lib.run(_spec(), shoes, workers=1, checkpoint=str(path))
    return path


def _rewrite(path, change):
    data = json.loads(path.read_text())
    change(data)
    body = {k: v for k, v in data.items() if k != "digest"}
    data["digest"] = checkpoint_files._digest(body)
    path.write_text(json.dumps(data))


@pytest.mark.parametrize(
    "damage, message",
    [
        (lambda p: p.write_text("not json"), "not a checkpoint of odds"),
        (lambda p: p.write_text("[1, 2]"), "not a checkpoint of this odds"),
        (lambda p: p.write_text(p.read_text().replace('"shoes":20', '"shoes":21')), "damaged"),
        (lambda p: _rewrite(p, lambda d: d["state"]["bets"]["tie"].update(rounds=-1)), "tallies are not valid"),
        (lambda p: _rewrite(p, lambda d: d["state"]["bets"]["tie"].update(rounds=1.5)), "tallies are not valid"),
        (lambda p: _rewrite(p, lambda d: d["state"].update(shoes=19)), "do not hold the shoes"),
        (lambda p: _rewrite(p, lambda d: d.update(done=[[0, 30]])), "shoes done is not valid"),
        (lambda p: _rewrite(p, lambda d: d.update(done=[[5, 2]])), "shoes done is not valid"),
        (lambda p: _rewrite(p, lambda d: d.update(kind="odds batch")), "not of odds count"),
    ],
)
def test_a_checkpoint_is_untrusted(tmp_path, damage, message):
    path = _checkpoint(tmp_path)
    damage(path)
    with pytest.raises(OddsError, match=message) as caught:
        count_checkpoint.CountCheckpoint(path, _spec(), 20)
    assert "\n" not in str(caught.value)


def test_a_checkpoint_of_other_arguments_is_refused_naming_the_option(tmp_path):
    path = _checkpoint(tmp_path)
    with pytest.raises(OddsError, match=r"other arguments \(--seed: 5 there, 6 now\)"):
        count_lib.run(_spec(seed=6), 20, workers=1, checkpoint=str(path))
    result = CliRunner().invoke(cli, COUNT + ["--shoes", "20", "--checkpoint", str(path)])
    assert result.exit_code == 1 and "other arguments" in result.stderr and len(result.stderr.splitlines()) == 1


# -- Dask ---------------------------------------------------------------------------------------------


def test_an_invalid_dask_timeout_is_an_error_only_with_dask(monkeypatch):
    monkeypatch.setenv("ODDS_DASK_TIMEOUT", "soon")
    args = ["count", "dragon-tiger", "--bet", "tie", "--shoes", "2"]
    assert CliRunner().invoke(cli, args + ["--workers", "1"]).exit_code == 0
    pytest.importorskip("distributed")
    result = CliRunner().invoke(cli, args + ["--scheduler", "tcp://127.0.0.1:1"])
    assert result.exit_code == 1 and "ODDS_DASK_TIMEOUT must be a number of seconds" in result.stderr


def test_a_worker_with_another_odds_is_refused():
    with pytest.raises(cluster.OtherOdds, match="install the same odds"):
        cluster._task(slow_square, 0, 3, "0.0.1 (source 000000000000)")
    assert cluster._task(slow_square, 0, 3, cluster.stamp()) == 9


def test_a_call_the_scheduler_never_answers_is_given_up_after_the_timeout(monkeypatch):
    """What a SIGSTOPped scheduler does to every blocking call of distributed: never return."""
    pytest.importorskip("distributed")
    monkeypatch.setenv("ODDS_DASK_TIMEOUT", "1.5")
    session = cluster.Session(Where(1, client=object()))
    session.address = "tcp://stopped:1"
    start = time.monotonic()
    with pytest.raises(cluster.SchedulerGone, match="did not answer within 1.5 s") as caught:
        session.bounded(threading.Event().wait)
    assert 1.4 < time.monotonic() - start < 5 and "\n" not in str(caught.value)


@pytest.fixture(scope="module")
def dask_client():
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=":0") as c,
        distributed.Client(c, set_as_default=False) as client,
    ):
        yield client


def test_count_batch_and_simulate_on_dask_equal_the_local_figures(dask_client):
    import odds
    from odds import batch
    from odds.design import simulate

    local = odds.count("dragon-tiger", bets=["tie"], shoes=30, seed=2)
    on_dask = odds.count("dragon-tiger", bets=["tie"], shoes=30, seed=2, client=dask_client)
    assert on_dask.rows == local.rows
    game = get_game("baccarat")
    lines = ["", "5x4", "K,Q,J", "9x6,8x6"] * 5
    out_local, out_dask = [], []
    batch.stream_batch(game, game.paytable(), lines, ["tie", "banker"], write=out_local.append, chunk_lines=3)
    batch.stream_batch(
        game, game.paytable(), lines, ["tie", "banker"], write=out_dask.append, chunk_lines=3, client=dask_client
    )
    assert "".join(out_dask) == "".join(out_local)
    simulate.ROUNDS_PER_CHUNK, before = 300, simulate.ROUNDS_PER_CHUNK
    try:
        one = simulate.simulate(game, game.paytable(), ["tie"], rounds=1000, seed=3)
        two = simulate.simulate(game, game.paytable(), ["tie"], rounds=1000, seed=3, workers=2)
        three = simulate.simulate(game, game.paytable(), ["tie"], rounds=1000, seed=3, client=dask_client)
    finally:
        simulate.ROUNDS_PER_CHUNK = before
    assert one == two == three and one.rounds == 1000


def square_list(job, chunk):
    return [chunk * chunk]


def test_a_dask_reduction_merges_on_the_workers_in_a_tree(dask_client, monkeypatch):
    merges = []
    submit = cluster.Session.submit

    def watch(self, function, *args):
        if function is cluster._merge_parts:
            merges.append(len(args[2]))
        return submit(self, function, *args)

    monkeypatch.setattr(cluster.Session, "submit", watch)
    total = reduce_chunks(
        square_list, 0, lambda threads: list(range(10 * threads)), list.extend, list, Where(client=dask_client)
    )
    assert sorted(total) == [i * i for i in range(20)]  # 2 threads: 20 chunks
    # each merge turns k parts into one: fewer than 20 parts reach the client
    assert len(merges) > 2 and max(merges) <= cluster.FAN_IN and 0 < sum(merges) - len(merges) < 20


def test_the_scheduler_holds_a_bounded_number_of_tasks_however_many_chunks(dask_client):
    """The scheduler keeps every task a held part depends on: parts are fetched once they hold
    FETCH_AT chunks, so 400 chunks never put more than a few dozen tasks on it."""
    scheduler = dask_client.cluster.scheduler
    held, stop = [], threading.Event()

    def sample():
        while not stop.wait(0.05):
            held.append(len(scheduler.tasks))

    sampler = threading.Thread(target=sample)
    sampler.start()
    try:
        total = reduce_chunks(
            square_list, 0, lambda threads: list(range(400)), list.extend, list, Where(client=dask_client)
        )
    finally:
        stop.set()
        sampler.join()
    assert sorted(total) == [i * i for i in range(400)]
    # a few dozen at a time (3 x FETCH_AT in the steady state; a loaded machine releases late, and
    # one run held 99 for a moment): far below the 400 chunks the run submits
    assert len(held) > 5 and max(held) < 4 * cluster.FETCH_AT, max(held)


def test_map_chunks_on_dask_keeps_the_order(dask_client):
    got = list(map_chunks(slow_square, 0.0, iter(range(9)), Where(client=dask_client), window=3))
    assert got == [(i, i * i) for i in range(9)]


@pytest.mark.slow
def test_a_stopped_scheduler_ends_the_run_in_one_line_within_the_timeout(tmp_path):
    pytest.importorskip("distributed")
    port = "8791"
    env = {**os.environ, "ODDS_DASK_TIMEOUT": "4"}
    scheduler = subprocess.Popen(
        [sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", port,
         "--no-dashboard"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    worker = subprocess.Popen(
        [sys.executable, "-m", "distributed.cli.dask_worker", f"tcp://127.0.0.1:{port}", "--nthreads", "1",
         "--no-nanny", "--no-dashboard"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        time.sleep(8)
        run = subprocess.Popen(
            ODDS + COUNT + ["--shoes", "100000", "--progress", "--scheduler", f"tcp://127.0.0.1:{port}"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        first = run.stderr.readline().decode()
        assert first.startswith("progress: "), first  # a chunk is done: the run is under way
        scheduler.send_signal(signal.SIGSTOP)
        stopped = time.monotonic()
        _, err = run.communicate(timeout=60)
        took = time.monotonic() - stopped
        lines = err.decode().strip().splitlines()
        assert run.returncode == 1 and len(lines) == 1, err
        assert "did not answer within 4 s" in lines[0]
        assert took < 4 + 0.5, took  # within the timeout of the stop (and a moment to print)
    finally:
        scheduler.send_signal(signal.SIGCONT)
        for proc in (worker, scheduler):
            proc.kill()
            proc.wait()


def test_a_signal_during_a_merge_waits_for_it():
    from odds.runs import signals_held

    steps = []
    with pytest.raises(KeyboardInterrupt):
        with signals_held():
            steps.append("merging")
            signal.raise_signal(signal.SIGINT)
            steps.append("merged")  # not cut in the middle
    assert steps == ["merging", "merged"] and signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_checkpointed_run_on_dask(dask_client, tmp_path):
    path = tmp_path / "dask.json"
    spec = _spec()
    on_dask = count_lib.run(spec, 30, client=dask_client, checkpoint=str(path))
    local_run = count_lib.run(spec, 30, workers=1)
    assert all(vars(on_dask.bets[b]) == vars(local_run.bets[b]) for b in spec.bet_ids)
    assert json.loads(path.read_text())["done"] == [[0, 30]]
    again = count_lib.run(spec, 30, workers=1, checkpoint=str(path))  # nothing left: the file's tallies
    assert all(vars(again.bets[b]) == vars(local_run.bets[b]) for b in spec.bet_ids)


def test_a_checkpoint_that_cannot_be_written_is_refused_before_dealing(tmp_path):
    for where, message in ((tmp_path, "it is a folder"), (tmp_path / "no" / "c.json", "there is no folder")):
        result = CliRunner().invoke(cli, COUNT + ["--shoes", "2", "--checkpoint", str(where)])
        assert result.exit_code == 1 and message in result.stderr and len(result.stderr.splitlines()) == 1


@pytest.mark.slow
def test_the_windows_sweep_on_dask_equals_the_local_one(dask_client):
    from odds.depletion import windows

    assert windows.generate(4, workers=1) == windows.generate(4, client=dask_client)

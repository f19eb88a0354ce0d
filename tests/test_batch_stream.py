"""odds batch streams: lines are read as needed, computed a chunk at a time and written as each
chunk is done, so memory does not grow with the lines; the output does not depend on the chunk
size or the workers, and equals the rows computed all at once."""

from __future__ import annotations

import json
import os
import random
import select
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

from odds import batch, limits
from odds.cli import cli
from odds.errors import OddsError
from odds.games import get_game
from odds.runs import local as local_pool

BETS = ["banker", "tie", "lucky-6", "player-pair", "perfect-pair"]
"""One bet per path: the compiled table (banker, tie, lucky-6), the rank table (player-pair), the
exact sheet path shoe by shoe (perfect-pair reads suits)."""


def suited_lines(seed: int, count: int, most: int = 40) -> list[str]:
    rng = random.Random(seed)
    deck = [rank + suit for rank in "A23456789TJQK" for suit in "shdc"] * 8
    out = []
    for _ in range(count):
        rng.shuffle(deck)
        out.append(",".join(deck[: rng.randint(0, most)]))
    return out


class Recorder:
    """The lines a batch has taken and the rows it has written, as it goes: how many lines are
    held at once (taken, not yet written)."""

    def __init__(self, lines):
        self.lines, self.taken, self.text, self.held = lines, 0, [], []

    def __iter__(self):
        for line in self.lines:
            self.taken += 1
            yield line

    def write(self, text):
        written = len({row.split(",")[0] for row in self.output.splitlines()[1:]})
        self.held.append(self.taken - written)  # lines taken whose rows were not written before
        self.text.append(text)

    @property
    def output(self):
        return "".join(self.text)


def run(lines, chunk, fmt="csv", workers=1, bets=BETS, game="baccarat"):
    recorder = Recorder(lines)
    game = get_game(game)
    count = batch.stream_batch(game, game.paytable(), recorder, bets, None, fmt, workers, recorder.write, chunk)
    assert count == len(lines)
    return recorder


# -- the same output, whatever the chunks -----------------------------------------------------------


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_chunks_give_the_rows_computed_all_at_once(fmt):
    """Chunks of 7 lines against one chunk, and against the exact rows of batch_house_edges
    rendered independently (csv by hand, JSON through json.dumps of the whole list)."""
    lines = suited_lines(5, 150) + [""]
    small, whole = run(lines, 7, fmt).output, run(lines, 10**6, fmt).output
    assert small == whole
    game = get_game("baccarat")
    rows = batch.batch_house_edges(game, game.paytable(), lines, BETS)
    if fmt == "json":
        expected = (
            json.dumps(
                [
                    {
                        "line": r["line"],
                        "id": r["bet"],
                        "house_edge": str(r["house_edge"]),
                        "house_edge_float": float(r["house_edge"]),
                    }
                    for r in rows
                ],
                indent=1,
            )
            + "\n"
        )
    else:
        expected = "line,bet,house_edge,house_edge_float\n" + "".join(
            f"{r['line']},{r['bet']},{r['house_edge']},{float(r['house_edge'])!r}\n" for r in rows
        )
    assert small == expected


@pytest.mark.parametrize("fmt, empty", [("csv", "line,bet,house_edge,house_edge_float\n"), ("json", "[]\n")])
def test_no_lines(fmt, empty):
    assert run([], 5, fmt).output == empty


def test_workers_give_the_output_of_one_process(monkeypatch):
    monkeypatch.setattr(batch, "PARALLEL_MIN_LINES", 30)
    lines = suited_lines(6, 200)
    one = run(lines, 9, "json").output
    two = run(lines, 9, "json", workers=2).output
    assert one == two and len(json.loads(two)) == 200 * len(BETS)


def test_spawned_workers_give_the_output_of_one_process(monkeypatch):
    """Where processes cannot fork, spawned workers set their job up once each."""
    monkeypatch.setattr(batch, "PARALLEL_MIN_LINES", 30)
    monkeypatch.setattr(local_pool, "start_method", lambda: "spawn")
    lines = suited_lines(7, 60)
    assert (
        run(lines, 20, workers=2, bets=["banker", "player-pair"]).output
        == run(lines, 20, bets=["banker", "player-pair"]).output
    )


# -- memory: a bounded number of lines held, however many there are -------------------------------


def test_one_process_holds_one_chunk_of_lines_at_most():
    lines = suited_lines(8, 600, most=10)
    streamed = run(lines, 16, bets=["banker", "player-pair"])
    assert max(streamed.held) <= 16
    assert len(streamed.text) == 600 // 16 + 1  # a write per chunk, as it is done
    # the measure can fail: one chunk of every line holds them all before writing anything
    assert max(run(lines, 10**6, bets=["banker", "player-pair"]).held) == 600


def test_workers_hold_a_bounded_number_of_lines(monkeypatch):
    """Workers: the lines read to decide whether to start them, then at most 2 * workers chunks."""
    monkeypatch.setattr(batch, "PARALLEL_MIN_LINES", 40)
    lines = suited_lines(9, 1500, most=10)
    streamed = run(lines, 10, workers=2, bets=["banker"])
    assert max(streamed.held) <= 40 + 10 + 2 * 2 * 10
    assert streamed.output == run(lines, 500, bets=["banker"]).output


# -- a bad line ------------------------------------------------------------------------------------


@pytest.mark.parametrize("workers", [1, 2])
def test_a_bad_line_stops_the_batch_after_the_chunks_before_it(workers, monkeypatch):
    """The error names the line; the rows of the chunks before its chunk are written and stand."""
    monkeypatch.setattr(batch, "PARALLEL_MIN_LINES", 20)
    lines = suited_lines(10, 100, most=10)
    lines[54] = "Kx40"
    recorder = Recorder(lines)
    game = get_game("baccarat")
    with pytest.raises(OddsError, match="^line 55: cannot remove Kx40"):
        batch.stream_batch(game, game.paytable(), recorder, ["banker"], None, "csv", workers, recorder.write, 10)
    numbers = [int(row.split(",")[0]) for row in recorder.output.splitlines()[1:]]
    assert numbers == list(range(1, 51))


@pytest.mark.parametrize("workers", [1, 2])
def test_an_input_that_fails_keeps_the_chunks_read_before_it(workers, monkeypatch):
    """The reader's own error (a line not UTF-8, the size limit) after 75 lines: the 7 whole
    chunks read before it are written, with workers too."""
    monkeypatch.setattr(batch, "PARALLEL_MIN_LINES", 20)

    def failing():
        yield from suited_lines(12, 75, most=10)
        raise OddsError("--file -: line 76: not UTF-8 text (byte 0xff)")

    recorder = Recorder(failing())
    game = get_game("baccarat")
    with pytest.raises(OddsError, match="line 76"):
        batch.stream_batch(game, game.paytable(), recorder, ["tie"], None, "csv", workers, recorder.write, 10)
    numbers = [int(row.split(",")[0]) for row in recorder.output.splitlines()[1:]]
    assert numbers == list(range(1, 71))


def test_the_command_keeps_the_rows_written_before_a_bad_line(tmp_path, monkeypatch):
    monkeypatch.setattr(batch, "CHUNK_LINES", 10)
    lines = suited_lines(11, 40, most=10)
    lines[24] = "Zq"
    path = tmp_path / "shoes.txt"
    path.write_text("\n".join(lines) + "\n")
    for fmt in ("csv", "json"):
        result = CliRunner().invoke(
            cli, ["batch", "baccarat", "--file", str(path), "--bet", "tie", "--workers", "1", "--format", fmt]
        )
        assert result.exit_code == 1
        assert [line for line in result.stderr.splitlines() if line] == [result.stderr.strip()]
        assert "line 25: " in result.stderr
        if fmt == "csv":
            assert len(result.stdout.splitlines()) == 1 + 20
        else:
            assert result.stdout.startswith("[\n {") and not result.stdout.rstrip().endswith("]")
            with pytest.raises(json.JSONDecodeError):
                json.loads(result.stdout)  # unclosed: never mistaken for the whole batch


def test_a_bad_line_in_the_first_chunk_writes_nothing(tmp_path):
    path = tmp_path / "shoes.txt"
    path.write_text("5x3\nKx40\n")
    result = CliRunner().invoke(cli, ["batch", "baccarat", "--file", str(path), "--bet", "tie"])
    assert result.exit_code == 1 and result.stdout == "" and "line 2: cannot remove Kx40" in result.stderr


# -- reading the input lazily ----------------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "\n", "5x3", "5x3\n", "5x3\n\n", "\n5x3\n\nK\n", "K\r\n5"])
def test_lines_are_split_as_the_whole_text_was(text, tmp_path):
    """A final newline ends the last line (it does not start an empty one); an empty line is the
    full shoe; only \\n ends a line."""
    from odds.cli.bulk import shoe_lines

    path = tmp_path / "shoes.txt"
    path.write_bytes(text.encode())
    whole = text.split("\n")
    if whole[-1] == "":
        whole.pop()
    with shoe_lines(str(path)) as lines:
        assert list(lines) == whole


def test_too_big_a_regular_file_is_refused_before_any_output(tmp_path, monkeypatch):
    monkeypatch.setattr(limits, "MAX_DATA_BYTES", 1000)
    path = tmp_path / "shoes.txt"
    path.write_text("5x3\n" * 300)
    result = CliRunner().invoke(cli, ["batch", "baccarat", "--file", str(path), "--bet", "tie"])
    assert result.exit_code == 1 and result.stdout == "" and "bigger than" in result.stderr


def test_too_much_on_stdin_is_refused_when_the_limit_is_reached(monkeypatch):
    monkeypatch.setattr(limits, "MAX_DATA_BYTES", 1000)
    monkeypatch.setattr(batch, "CHUNK_LINES", 100)
    result = CliRunner().invoke(
        cli, ["batch", "baccarat", "--file", "-", "--bet", "tie", "--workers", "1"], input="5x3\n" * 300
    )
    assert result.exit_code == 1 and "more than" in result.stderr and "on stdin" in result.stderr
    assert len(result.stdout.splitlines()) == 1 + 200  # the two chunks read within the limit


def test_rows_come_out_before_the_input_ends():
    """A real pipe: the first chunk's rows are on stdout while stdin is still open."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "odds", "batch", "baccarat", "--file", "-", "--bet", "tie", "--workers", "1"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        proc.stdin.write(("5x3\n" * batch.CHUNK_LINES).encode())
        proc.stdin.flush()
        deadline = time.monotonic() + 60
        got = b""
        while b"\n2,tie," not in got and time.monotonic() < deadline:
            ready, _, _ = select.select([proc.stdout], [], [], 1)
            if ready:
                got += os.read(proc.stdout.fileno(), 1 << 16)
        assert b"\n2,tie," in got, "no row before the end of the input"
        assert proc.poll() is None  # still waiting for more lines
        proc.stdin.write(b"5x4\n")
        proc.stdin.close()
        rest = proc.stdout.read()
        assert proc.wait(60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    rows = (got + rest).decode().splitlines()
    assert len(rows) == 1 + batch.CHUNK_LINES + 1 and rows[-1].startswith(f"{batch.CHUNK_LINES + 1},tie,")

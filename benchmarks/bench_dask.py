"""`odds count` on a Dask LocalCluster of 2 workers against the local pool of 2 processes.

    python benchmarks/bench_dask.py [--shoes 100000] [--game baccarat] [--bet ID]... [--seed 1]

Runs the same study twice in this run - on the local process pool (``workers=2``) and on a
LocalCluster of 2 single-threaded worker processes whose scheduler runs in a process of its own
(so this process is only the client) - checks that both give the same tallies, and prints:

* shoes per second of each, and their ratio (issue 24: Dask within 10% of the local pool);
* the client's CPU time against the workers' total (issue 24: under 5%);
* the scheduler's memory (RSS) and the tasks it holds, sampled every 2 s while the chunks go
  (issue 24: not growing with the number of chunks);
* the measured costs per chunk (a worker's CPU, the client's, the scheduler's per task) and what
  they give for 64 cores: shoes per second, and the share of a core the client and the scheduler
  would need at that rate.

The machine is shared: only figures measured in the same run compare.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from odds.depletion.count import CHUNK_SHOES, make_spec, run  # noqa: E402
from odds.depletion.dealer import DealRules  # noqa: E402
from odds.games import get_game  # noqa: E402
from odds.paytable import load_paytable  # noqa: E402
from odds.runs import cluster as dask_runs  # noqa: E402

SERVE = "--serve-cluster"
EMPTY_CHUNKS = 2000
IDLE = 10.0
"""Seconds the cluster is watched idle before the run."""


def serve_cluster() -> None:
    """The cluster's own process: a LocalCluster of 2 single-threaded workers; prints its
    address and runs until stdin closes. Its workers start without distributed's default
    ``MALLOC_TRIM_THRESHOLD_=65536`` (``--malloc-trim`` keeps it): setting it turns off glibc's
    dynamic mmap threshold, so every array above 128 KiB is mapped and unmapped again, and a
    chunk of count costs 1.7 times the CPU (measured here: 0.25 s against 0.15 s a chunk of 100
    shoes)."""
    import dask
    import distributed

    if "--malloc-trim" not in sys.argv:
        environ = dict(dask.config.get("distributed.nanny.pre-spawn-environ"))
        environ.pop("MALLOC_TRIM_THRESHOLD_", None)
        dask.config.set({"distributed.nanny.pre-spawn-environ": environ})
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=":0"
    ) as cluster:
        print(cluster.scheduler_address, flush=True)
        sys.stdin.read()


def cpu_seconds() -> float:
    import psutil

    times = psutil.Process().cpu_times()
    return times.user + times.system


def scheduler_state(dask_scheduler=None) -> tuple[int, int, float]:
    import psutil

    process = psutil.Process()
    times = process.cpu_times()
    return process.memory_info().rss, len(dask_scheduler.tasks), times.user + times.system


def nothing(job, chunk) -> list:
    return [chunk]


def empty_chunks(client, idle_rate: float, chunks: int = EMPTY_CHUNKS) -> tuple[float, float, int]:
    """The run's machinery alone: ``chunks`` chunks that do nothing, reduced as a count's are
    (merges on the workers, parts fetched). Returns the client's CPU per chunk, the scheduler's
    per task (its process's idle CPU, ``idle_rate`` a second, set apart) and the tasks."""
    from odds.runs import Where, reduce_chunks

    _, _, scheduler_before = client.run_on_scheduler(scheduler_state)
    start, cpu = time.perf_counter(), time.process_time()
    reduce_chunks(nothing, None, lambda threads: list(range(chunks)), list.extend, list, Where(client=client))
    wall, client_cpu = time.perf_counter() - start, time.process_time() - cpu
    _, _, scheduler_after = client.run_on_scheduler(scheduler_state)
    tasks = chunks + chunks // dask_runs.FAN_IN
    return client_cpu / chunks, (scheduler_after - scheduler_before - idle_rate * wall) / tasks, tasks


def same(a, b) -> bool:
    return a.shoes == b.shoes and all(vars(a.bets[k]) == vars(b.bets[k]) for k in a.bets)


def main() -> None:
    if SERVE in sys.argv:
        serve_cluster()
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", type=int, default=100_000)
    parser.add_argument("--game", default="baccarat")
    parser.add_argument("--bet", action="append", default=None, help="bets (default: every bet of the paytable)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--malloc-trim", action="store_true", help="keep distributed's MALLOC_TRIM_THRESHOLD_")
    args = parser.parse_args()
    import distributed

    game = get_game(args.game)
    paytable = load_paytable(game)
    bets = args.bet or list(paytable.bets)
    spec = make_spec(game, paytable, bets, game.default_decks, args.seed, DealRules())
    chunks = -(-args.shoes // min(CHUNK_SHOES, -(-args.shoes // 8)))
    print(f"{args.game}, {len(bets)} bets, {args.shoes:,} shoes in {chunks} chunks, seed {args.seed}")

    # the local pool: 2 processes
    start, cpu, kids = time.perf_counter(), time.process_time(), resource.getrusage(resource.RUSAGE_CHILDREN)
    local = run(spec, args.shoes, workers=2)
    local_wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    local_workers = after.ru_utime + after.ru_stime - kids.ru_utime - kids.ru_stime
    local_parent = time.process_time() - cpu
    print(
        f"local pool, 2 workers: {local_wall:.1f} s, {args.shoes / local_wall:,.0f} shoes/s; "
        f"workers' CPU {local_workers:.1f} s, the parent's {local_parent:.2f} s "
        f"({local_parent / local_workers:.1%})"
    )

    # Dask: the cluster in a process of its own, this process the client only
    server = subprocess.Popen(
        [sys.executable, __file__, SERVE] + (["--malloc-trim"] if args.malloc_trim else []),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        address = server.stdout.readline().strip()
        with distributed.Client(address, set_as_default=False) as client:
            client.wait_for_workers(2, timeout=60)
            client.run(cpu_seconds)  # workers warmed up: their imports are not the run's
            # what the cluster's processes spend idle (heartbeats, monitors), to tell it apart
            idle_start = time.perf_counter()
            workers_idle = sum(client.run(cpu_seconds).values())
            scheduler_idle = client.run_on_scheduler(scheduler_state)[2]
            time.sleep(IDLE)
            idle_wall = time.perf_counter() - idle_start
            workers_before = sum(client.run(cpu_seconds).values())
            _, _, scheduler_before = client.run_on_scheduler(scheduler_state)
            workers_idle_rate = (workers_before - workers_idle) / idle_wall
            scheduler_idle_rate = (scheduler_before - scheduler_idle) / idle_wall
            samples = []
            stop = threading.Event()

            def sample() -> None:
                while not stop.wait(2.0):
                    samples.append((time.perf_counter(), *client.run_on_scheduler(scheduler_state)[:2]))

            sampler = threading.Thread(target=sample, daemon=True)
            start, cpu = time.perf_counter(), time.process_time()
            sampler.start()
            dask = run(spec, args.shoes, client=client)
            dask_wall = time.perf_counter() - start
            client_cpu = time.process_time() - cpu
            stop.set()
            sampler.join()
            workers_cpu = sum(client.run(cpu_seconds).values()) - workers_before
            _, _, scheduler_after = client.run_on_scheduler(scheduler_state)
            overheads = empty_chunks(client, scheduler_idle_rate)
    finally:
        server.stdin.close()
        server.wait(60)
    assert same(local, dask), "the Dask run's tallies differ from the local pool's"
    print(
        f"Dask LocalCluster, 2 workers: {dask_wall:.1f} s, {args.shoes / dask_wall:,.0f} shoes/s "
        f"({(args.shoes / dask_wall) / (args.shoes / local_wall):.1%} of the local pool's; same tallies)"
    )
    print(
        f"  client CPU {client_cpu:.2f} s = {client_cpu / workers_cpu:.2%} of the workers' {workers_cpu:.1f} s "
        f"(the sampling below included)"
    )
    if samples:
        t0 = samples[0][0]
        shown = samples[:: max(1, len(samples) // 8)] + ([samples[-1]] if len(samples) > 1 else [])
        print(
            "  scheduler RSS / tasks held, every 2 s: "
            + ", ".join(f"{t - t0:.0f}s {rss / 2**20:.0f} MiB/{tasks}" for t, rss, tasks in shown)
        )
        print(
            f"  scheduler RSS first {samples[0][1] / 2**20:.1f} MiB, last {samples[-1][1] / 2**20:.1f} MiB, "
            f"most tasks held {max(s[2] for s in samples)} (of {chunks} chunks)"
        )
    busy_workers = workers_cpu - workers_idle_rate * dask_wall
    per_chunk = busy_workers / chunks
    shoes_per_chunk = args.shoes / chunks
    print(
        f"  the cluster idle: workers {workers_idle_rate:.1%} of a core in all, the scheduler's process "
        f"{scheduler_idle_rate:.1%}; over the run the scheduler's process used {scheduler_after - scheduler_before:.1f} s"
    )
    print(
        f"  per chunk of {shoes_per_chunk:.0f} shoes: a worker's CPU {per_chunk:.3f} s, its idle CPU set apart "
        f"(the local pool's {local_workers / chunks:.3f} s); the client's {client_cpu / chunks * 1e3:.1f} ms "
        f"(its per-second costs included: {client_cpu / dask_wall:.1%} of a core over the run)"
    )
    client_per_chunk, scheduler_per_task, empty_tasks = overheads
    print(
        f"  {EMPTY_CHUNKS} empty chunks ({empty_tasks} tasks): the client {client_per_chunk * 1e3:.2f} ms a chunk, "
        f"the scheduler's process {scheduler_per_task * 1e3:.2f} ms a task (its idle CPU set apart)"
    )
    rate64 = 64 / per_chunk * shoes_per_chunk
    chunks64 = 64 / per_chunk
    print(
        f"  64 cores: {rate64:,.0f} shoes/s ({chunks64:.0f} chunks/s, 10^6 shoes in {1e6 / rate64:.0f} s); "
        f"the client then needs {chunks64 * client_per_chunk:.0%} of a core, the scheduler "
        f"{chunks64 * (1 + 1 / dask_runs.FAN_IN) * scheduler_per_task:.0%}"
    )


if __name__ == "__main__":
    main()

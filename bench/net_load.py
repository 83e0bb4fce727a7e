"""Load on one server process: many Da Vinci Code tables of 4 scripted seats and 1 watcher, on loopback.

    python bench/net_load.py [--tables 1000] [--seconds 60] [--think 4] [--full-seconds 15] [--state DIR]
                             [--clock 10+5] [--no-pin] [--nice N] [--profile FILE]

A `boardhub serve` process is started on 127.0.0.1; this process opens every
connection (asyncio), plays every seat at human pace (a move after a random
think of about `--think` seconds) and times each acknowledgement from the moment
the action was sent. Printed: the tables served, the acknowledgement latency p50
and p99, the server's CPU share (of one core) and memory; then the same tables
with no think time, for the actions per second one server process handles when
its core is full. Traffic stays on loopback.

On a machine of two cores or more the server is pinned to one core and this
process to another (`--no-pin` leaves both to the system), so the figures are
those of one server core that the load generator does not share. `--nice -10`
(where allowed) also puts both ahead of the machine's other work, for a server
whose core is its own on a machine that others are using. `--state DIR`
has the server write its tables there after every change, as a real host does.
`--profile FILE` runs the server under cProfile (the stats written to FILE when
it stops; slower, for where the time goes, not for the figures) and prints the
server's garbage-collection pauses; a RESULT line sums each run up.
"""
from __future__ import annotations

import argparse
import asyncio
import collections
import gc
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from boardhub.net import protocol  # noqa: E402
from boardhub.net.views import decode_davinci  # noqa: E402
from boardhub.games.davinci.engine import DavinciRules  # noqa: E402

RULES = DavinciRules()
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def run_queue_seconds(pid: int) -> float:
    """Seconds `pid` has waited, ready to run, for a core another process held (the machine's other load)."""
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


class Load:
    def __init__(self, think: float) -> None:
        self.think = think
        self.latencies: list[float] = []
        self.sent_at: list[float] = []  # when each timed action left (perf_counter), for when the slow ones were
        self.acks = 0
        self.over = 0
        self.go = asyncio.Event()  # the tables start together, once every one is open


async def seat(url: str, hello: dict, load: Load, joined: asyncio.Future, rng: random.Random,
               is_host: bool) -> None:
    """One seat (or the watcher, who never acts): moves at random after a think of about `load.think` seconds."""
    async with connect(url, max_size=1 << 20, compression=None, ping_interval=None) as ws:
        await ws.send(protocol.encode({"v": protocol.VERSION, **hello}))
        me, version, n, sent, waiting, started = None, 0, 0, 0.0, False, False
        async for frame in ws:
            m = json.loads(frame)
            kind = m["t"]
            if kind == "welcome":
                me = m["seat"]
                if not joined.done():
                    joined.set_result(m["code"])
            elif kind == "seats" and is_host and not started and all(s["kind"] != "open" for s in m["seats"]):
                started = True
                await load.go.wait()
                await ws.send(protocol.encode({"t": "start"}))
            elif kind in ("ack", "reject"):
                if kind == "ack":
                    load.latencies.append(time.perf_counter() - sent)
                    load.sent_at.append(sent)
                    load.acks += 1
                waiting = False
            elif kind == "over":
                load.over += is_host
                if me is not None:  # every player asks for a rematch: the table plays on
                    await ws.send(protocol.encode({"t": "rematch"}))
                continue
            if isinstance(m.get("ver"), int):
                version = m["ver"]
            if me is None or waiting or kind not in ("snap", "ev") or "view" not in m:
                continue
            if m["view"]["to_move"] != me or m["view"]["phase"] == "over":
                continue  # not this seat's move: nothing to decode
            view = decode_davinci(m["view"])
            if load.think:
                await asyncio.sleep(rng.expovariate(1 / load.think))
            n += 1
            waiting = True
            sent = time.perf_counter()
            await ws.send(protocol.encode({"t": "act", "n": n, "ver": version,
                                           "move": RULES.move_to_text(rng.choice(view.legal_moves()), view)}))


async def open_table(url: str, load: Load, rng: random.Random, clock: str = "none") -> list[asyncio.Task]:
    loop = asyncio.get_running_loop()
    joined = loop.create_future()
    create = {"t": "create", "game": "davinci", "options": {"players": 4}, "seats": ["me", "open", "open", "open"],
              "clock": clock}
    tasks = [asyncio.create_task(seat(url, create, load, joined, rng, True))]
    code = await joined
    for want in (1, 2, 3, "watch"):
        joined = loop.create_future()
        tasks.append(asyncio.create_task(seat(url, {"t": "hello", "code": code, "want": want}, load, joined, rng,
                                              False)))
        await joined
    return tasks


def percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100)[q - 1] if len(values) > 1 else (values[0] if values else 0.0)


async def measure(args: argparse.Namespace, url: str, pid: int) -> None:
    rng = random.Random(1)
    load = Load(args.think)
    start = time.monotonic()
    tasks = []
    for first in range(0, args.tables, 25):  # 25 tables opening at a time
        for table_tasks in await asyncio.gather(*(open_table(url, load, rng, args.clock)
                                                  for _ in range(first, min(args.tables, first + 25)))):
            tasks += table_tasks
    # This process's own collector would stop it (0.2 s and more at 1,000 tables: a full collection of
    # 5,000 connections), and the acknowledgements waiting in it meanwhile would count against the
    # server. The bench is not what is measured: its collector is off while it measures (objects are
    # still freed with their last reference) and any pause it still makes is printed with the figures.
    gc.collect()
    gc.freeze()
    gc.disable()
    pauses: list[float] = []
    began_pause = [0.0]
    gc.callbacks.append(lambda phase, _info: began_pause.__setitem__(0, time.perf_counter()) if phase == "start"
                        else pauses.append(time.perf_counter() - began_pause[0]))
    load.go.set()
    print(f"opened {args.tables} tables ({args.tables * 5} connections) in {time.monotonic() - start:.1f} s",
          flush=True)
    await asyncio.sleep(min(5.0, args.think * 2))  # the first moves of every table
    load.latencies.clear()
    load.sent_at.clear()
    pauses.clear()
    began = time.perf_counter()
    cpu0, bench0, t0 = cpu_seconds(pid), cpu_seconds(os.getpid()), time.monotonic()
    queued0 = run_queue_seconds(pid)
    await asyncio.sleep(args.seconds)
    cpu, wall = cpu_seconds(pid) - cpu0, time.monotonic() - t0
    lat = load.latencies
    print(f"NET tables={args.tables} think={args.think:g}s acks={len(lat)} ({len(lat) / wall:.0f}/s) "
          f"ack_p50={percentile(lat, 50) * 1000:.1f}ms ack_p99={percentile(lat, 99) * 1000:.1f}ms "
          f"server_cpu={cpu / wall * 100:.1f}% server_rss={rss_mb(pid):.0f}MB "
          f"bench_cpu={(cpu_seconds(os.getpid()) - bench0) / wall * 100:.1f}% "
          f"server_waited_for_core={(run_queue_seconds(pid) - queued0) / wall * 1000:.0f}ms/s", flush=True)
    slow = collections.Counter(int(at - began) for at, t in zip(load.sent_at, lat) if t > 0.05)
    print(f"acks over 50 ms, by second of the run (which began {began - args.server_born:.0f} s after the server "
          "started): "
          + (" ".join(f"{second}s:{n}" for second, n in sorted(slow.items())) or "none"), flush=True)
    print(f"the bench's own collector: {len(pauses)} pauses, longest {max(pauses, default=0) * 1000:.0f} ms",
          flush=True)
    p99 = percentile(lat, 99) * 1000
    print(f"RESULT net_load tables={args.tables} ack_p50_ms={percentile(lat, 50) * 1000:.1f} ack_p99_ms={p99:.1f} "
          f"server_cpu_pct={cpu / wall * 100:.1f} server_rss_mb={rss_mb(pid):.0f} "
          f"target_p99_50ms={'met' if p99 <= 50 else 'missed'}", flush=True)
    load.think = 0.0
    await asyncio.sleep(1.0)
    acks0, cpu0, t0 = load.acks, cpu_seconds(pid), time.monotonic()
    await asyncio.sleep(args.full_seconds)
    wall = time.monotonic() - t0
    print(f"NET full load: {(load.acks - acks0) / wall:.0f} actions/s, server_cpu="
          f"{(cpu_seconds(pid) - cpu0) / wall * 100:.1f}%, games finished {load.over}", flush=True)
    print(f"RESULT net_full_load actions_per_s={(load.acks - acks0) / wall:.0f} "
          f"server_cpu_pct={(cpu_seconds(pid) - cpu0) / wall * 100:.1f}", flush=True)
    gc.enable()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


def free_port() -> int:
    """A loopback port free at this moment (the server takes it at once)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def pin(pid: int, core: int) -> None:
    """Keep `pid` on one core (where the system lets us): the server's core is its own."""
    try:
        os.sched_setaffinity(pid, {core})
    except (AttributeError, OSError):
        pass


def serve_watched(port: int, state: str | None, profile: str | None) -> None:
    """The server of `boardhub serve`, in this process, with its collector's pauses timed (and cProfile)."""
    import cProfile
    import gc
    import pstats

    from boardhub.net.server import Server, run_server

    pauses: list[tuple[int, float]] = []
    began = [0.0]
    born = time.perf_counter()

    def timed(phase: str, info: dict) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
        else:
            pauses.append((info["generation"], time.perf_counter() - began[0], began[0] - born))

    gc.callbacks.append(timed)
    server = Server(Path(state) if state else None)
    profiler = cProfile.Profile() if profile else None
    if profiler is not None:
        profiler.enable()
    try:
        asyncio.run(run_server(server, "127.0.0.1", port, started=lambda p: print(f"serving on {p}", flush=True),
                               own_process=True))
    except KeyboardInterrupt:
        pass
    finally:
        if profiler is not None:
            profiler.disable()
            profiler.dump_stats(profile)
            pstats.Stats(profile, stream=sys.stderr).sort_stats("tottime").print_stats(25)
        for generation in (0, 1, 2):
            times = [t for g, t, _at in pauses if g == generation]
            if times:
                print(f"GC generation {generation}: {len(times)} pauses, longest {max(times) * 1000:.1f} ms, "
                      f"total {sum(times) * 1000:.0f} ms; over 20 ms at (s): "
                      + " ".join(f"{at:.0f}:{t * 1000:.0f}ms" for g, t, at in pauses if g == generation and t > 0.02),
                      file=sys.stderr, flush=True)
        kinds = collections.Counter(type(o).__name__ for o in gc.get_objects())
        print(f"GC tracked objects: {sum(kinds.values())}, frozen {gc.get_freeze_count()}; most: "
              + ", ".join(f"{name} {n}" for name, n in kinds.most_common(12)), file=sys.stderr, flush=True)


def run(args: argparse.Namespace) -> int:
    port = free_port()
    if args.profile or args.gc_stats:
        command = [sys.executable, __file__, "--serve-port", str(port)] + \
            (["--profile", args.profile] if args.profile else [])
    else:
        command = [sys.executable, "-m", "boardhub", "serve", "--bind", "127.0.0.1", "--port", str(port)]
    if args.state:
        command += ["--state", args.state]
    args.server_born = time.perf_counter()  # the GC pauses' times (--gc-stats) count from about here
    proc = subprocess.Popen(command, stdout=subprocess.PIPE)
    try:
        proc.stdout.readline()
        if not args.no_pin and (os.cpu_count() or 1) >= 2:
            pin(proc.pid, 0)
            pin(0, 1)
        if args.nice:
            try:
                for pid in (proc.pid, os.getpid()):
                    os.setpriority(os.PRIO_PROCESS, pid, args.nice)
            except OSError as exc:
                print(f"--nice {args.nice} not applied: {exc.strerror}", flush=True)
        asyncio.run(measure(args, f"ws://127.0.0.1:{port}", proc.pid))
    finally:
        if args.profile or args.gc_stats:
            proc.send_signal(signal.SIGINT)  # the server writes its profile and pauses as it stops
            try:
                proc.wait(60)
            except subprocess.TimeoutExpired:
                pass
        proc.kill()
        proc.wait()
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--think", type=float, default=4.0)
    parser.add_argument("--clock", default="none",
                        help="every table's time control (a key of core/clock.py: 10+5, 30s); with a long --think "
                             "the server's CPU at rest with every clock running")
    parser.add_argument("--full-seconds", type=float, default=10)
    parser.add_argument("--state", help="a folder for the server's tables (written after every change)")
    parser.add_argument("--no-pin", action="store_true", help="leave the server and the clients to any core")
    parser.add_argument("--nice", type=int, default=0, help="the server's and the clients' niceness (-20..19)")
    parser.add_argument("--profile", help="run the server under cProfile, its stats written to this file")
    parser.add_argument("--gc-stats", action="store_true", help="print the server's garbage-collection pauses")
    parser.add_argument("--serve-port", type=int, help=argparse.SUPPRESS)  # the watched server itself
    args = parser.parse_args()
    if args.serve_port:
        serve_watched(args.serve_port, args.state, args.profile)
        return
    raise SystemExit(run(args))


if __name__ == "__main__":
    main()

"""The server of network play: many tables in one asyncio process, over WebSocket.

Each connection first greets (`hello` with a code or a seat's token, or `create`
for a new table) within `HELLO_SECONDS`; before that it receives nothing of any
game. Frames over 16 KiB, a flood, or a message the protocol does not allow close
that connection only, with a close code that says why. Wrong join codes are
throttled per address, so codes cannot be found by trying. Each table is written
atomically to the state folder after every change, so a server killed and started
again resumes every table, and each client comes back into its seat with its token.

AI seats are searched in the host's AI process (core.worker, the one the app's
offline games use; never on the loop that serves the tables): a process that dies
during a search is restarted and asked again; a second failure, an AI that raises,
hangs or answers an illegal move forfeits that game with the reason in words, so a
table never hangs.

Under a time control the host's clock is the only one: each table whose clock
runs has one timer on the loop, set for the moment the seat to move falls and
moved (cancelled and set again) by every change of the table, so a seat that
runs out of time loses on time without anyone's message and a server at rest
does nothing at all until then.
"""
from __future__ import annotations

import asyncio
import collections
import gc
import itertools
import json
import logging
import secrets
import ssl
import threading
import time
from pathlib import Path
from typing import Any, Callable

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from boardhub.core import files, saves
from boardhub.core.worker import Job, ProcessWorker, Worker
from boardhub.net import protocol
from boardhub.net.table import Out, Refused, Table

HELLO_SECONDS = 10.0
FLOOD_BURST, FLOOD_RATE = 60, 30.0  # messages: a burst, then so many a second (a fast bot stays well below)
WRONG_CODES, WRONG_CODE_WINDOW = 10, 60.0  # wrong codes an address may send in the window
SEND_QUEUE = 512  # messages waiting for a slow client before it is dropped
AI_LIMIT = 0.5  # seconds an AI seat has for a move
AI_POLL = 0.01  # seconds between two looks at an AI seat's search
log = logging.getLogger(__name__)


class Connection:
    """One client: its outgoing queue (a slow client never stalls the others) and its flood allowance."""

    ids = itertools.count(1)

    def __init__(self, ws: ServerConnection) -> None:
        self.id = next(self.ids)
        self.ws = ws
        self.queue: asyncio.Queue[str | int] = asyncio.Queue()
        self.tokens = float(FLOOD_BURST)
        self.filled = time.monotonic()
        self.table: Table | None = None

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(FLOOD_BURST, self.tokens + (now - self.filled) * FLOOD_RATE)
        self.filled = now
        self.tokens -= 1
        return self.tokens >= 0

    async def writer(self) -> None:
        """Send what is queued, in order; an int ends it: 0 as it is, else a close with that code."""
        try:
            while isinstance(item := await self.queue.get(), str):
                await self.ws.send(item)
            if item:
                await self.ws.close(item, protocol.CLOSE_REASONS.get(item, ""))
        except ConnectionClosed:
            pass


class Server:
    """Every table of this process, by join code."""

    def __init__(self, state_dir: Path | None = None, clock: Callable[[], float] = time.monotonic,
                 ai_limit: float = AI_LIMIT, worker_factory: Callable[[], Worker] | None = None) -> None:
        """`worker_factory` gives the AI process's worker when an AI seat first moves: the app passes its
        own (the worker is then the app's, which closes it); without one the server starts and closes one."""
        self.tables: dict[str, Table] = {}
        self.conns: dict[int, Connection] = {}
        self.state_dir = state_dir
        self.clock = clock
        self.ai_limit = ai_limit
        self.wrong: dict[str, collections.deque[float]] = {}
        self.thinking: set[str] = set()
        self.ai_jobs: dict[str, Job] = {}  # the search under way for each table whose AI seat is to move
        self._worker_factory: Callable[[], Worker] = worker_factory or ProcessWorker
        self._owns_worker = worker_factory is None
        self._worker: Worker | None = None
        self._waiting: dict[int, tuple[Job, asyncio.Future[None]]] = {}  # searches awaited, by id of their job
        self._poller: asyncio.Future[None] | None = None
        # each timed table's flag timer: (the deadline it was set for, on self.clock; its handle on the loop)
        self.flag_timers: dict[str, tuple[float, asyncio.TimerHandle]] = {}
        if state_dir is not None:
            self._load(state_dir)

    # ------------------------------------------------------------------ tables on disk
    def _load(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        for path in sorted(folder.glob("*.json")):
            try:
                data = files.loads_json(files.read_bytes(path, 1 << 20).decode("utf-8"))
                table = Table.from_json(data, self.clock)
            except Exception as exc:  # a damaged table file is left alone and named; the others still load
                log.warning("table file %s not resumed: %s", path.name, type(exc).__name__)
                continue
            self.tables[table.code] = table

    def _save(self, table: Table) -> None:
        if self.state_dir is None:
            return
        try:  # atomic against a kill; no flush to disk, which would stall every table for one write
            saves.atomic_write_text(self.state_dir / f"{table.code}.json", json.dumps(table.to_json()), durable=False)
        except OSError as exc:
            log.warning("table %s not saved: %s", table.code, exc.strerror)

    # ------------------------------------------------------------------ connections
    async def handler(self, ws: ServerConnection) -> None:
        conn = Connection(ws)
        self.conns[conn.id] = conn
        writer = asyncio.create_task(conn.writer())
        code: int | None = None
        try:
            code = await self._greet(conn)
            if code is None:
                async for frame in ws:
                    code = self._receive(conn, frame)
                    if code is not None:
                        break
                    await asyncio.sleep(0)  # one client's burst never keeps the others waiting
        except ConnectionClosed:
            pass
        finally:
            if conn.table is not None:
                self._send(conn.table.leave(conn.id))
                self._changed(conn.table)
            del self.conns[conn.id]
            conn.queue.put_nowait(code or 0)  # what was queued goes out first, then the close and its code
            try:
                if code:  # read on, unused, so the client's answer to the close is seen and the link ends at once
                    await asyncio.wait_for(asyncio.gather(writer, _discard(ws)), 5)
                else:
                    await asyncio.wait_for(writer, 5)
            except (asyncio.TimeoutError, ConnectionClosed):
                writer.cancel()

    def _receive(self, conn: Connection, frame: str | bytes) -> int | None:
        """One frame after the greeting; the close code if the connection must end."""
        if not conn.allow():
            return protocol.CLOSE_FLOOD
        try:
            message = protocol.decode(frame)
        except protocol.BadMessage:
            return protocol.CLOSE_MALFORMED
        if message["t"] in ("hello", "create") or conn.table is None:
            return protocol.CLOSE_MALFORMED
        table = conn.table
        self._send(table.handle(conn.id, message))
        self._changed(table)
        return None

    async def _greet(self, conn: Connection) -> int | None:
        """The first message: a table joined or created, else the close code."""
        ws = conn.ws
        try:
            message = protocol.decode(await asyncio.wait_for(ws.recv(), HELLO_SECONDS))
        except asyncio.TimeoutError:
            return protocol.CLOSE_SLOW_HELLO
        except protocol.BadMessage:
            return protocol.CLOSE_MALFORMED
        if message["t"] not in ("hello", "create"):
            return protocol.CLOSE_MALFORMED
        if message.get("v") != protocol.VERSION:
            return protocol.CLOSE_VERSION
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        if message["t"] == "create":
            try:
                table = Table(message["game"], message.get("options"), [str(s) for s in message["seats"]],
                              self.clock, time_control=message.get("clock"))
            except Exception:  # options or seats the game refuses, in whatever way its checks say it
                return protocol.CLOSE_MALFORMED
            self.tables[table.code] = table
            message = {"t": "hello", "v": protocol.VERSION, "name": message.get("name", ""), "want": table.host_seat}
        else:
            if self._throttled(address) and not message.get("token"):
                return protocol.CLOSE_THROTTLED
            found = self._find(message, address)
            if found is None:
                return protocol.CLOSE_NO_TABLE if message.get("code") or message.get("token") \
                    else protocol.CLOSE_MALFORMED
            table = found
        try:
            out = table.join(conn.id, message)
        except Refused as refused:
            return refused.code
        conn.table = table
        self._send(out)
        self._changed(table)
        return None

    def _find(self, hello: dict[str, Any], address: str) -> Table | None:
        """The table a greeting names: by its seat token, else by join code (wrong codes throttled)."""
        token = hello.get("token")
        if token:
            digest = protocol.token_hash(token)
            return next((t for t in self.tables.values() if any(s.token_hash == digest for s in t.seats)), None)
        table = self.tables.get(protocol.normal_code(hello.get("code", "")))
        if table is None:
            self.wrong.setdefault(address, collections.deque()).append(time.monotonic())
        return table

    def _throttled(self, address: str) -> bool:
        """Whether `address` sent too many wrong codes in the last minute."""
        wrong = self.wrong.get(address)
        if not wrong:
            return False
        while wrong and wrong[0] < time.monotonic() - WRONG_CODE_WINDOW:
            wrong.popleft()
        return len(wrong) >= WRONG_CODES

    def _send(self, out: list[Out]) -> None:
        for conn_id, message in out:
            conn = self.conns.get(conn_id)
            if conn is None:
                continue
            if conn.queue.qsize() > SEND_QUEUE:  # a client that does not read: dropped, its seat goes away
                asyncio.ensure_future(conn.ws.close(1008, "too slow"))
                continue
            conn.queue.put_nowait(protocol.encode(message))

    def _changed(self, table: Table) -> None:
        self._save(table)
        self._arm_clock(table)
        turn = table.ai_turn()
        if turn is not None and table.code not in self.thinking:
            self.thinking.add(table.code)
            asyncio.ensure_future(self._ai_move(table))

    # ------------------------------------------------------------------ clocks
    def _arm_clock(self, table: Table) -> None:
        """Set `table`'s flag timer for its seat to move's deadline; none while no clock runs there."""
        deadline = table.flag_deadline()
        timer = self.flag_timers.get(table.code)
        if timer is None and deadline is None:
            return
        loop = asyncio.get_running_loop()
        when = None if deadline is None else loop.time() + deadline - self.clock()  # on the loop's clock
        if timer is not None:
            if deadline == timer[0] and when is not None and when > timer[1].when() - 0.001:
                return  # a chat line, a seat's state: the same turn, the same deadline (one that comes early
                # is set again by _flag)
            timer[1].cancel()  # a move, the end; or a clock of the server's own (a test's) that was moved on
            del self.flag_timers[table.code]
        if deadline is not None and when is not None:
            self.flag_timers[table.code] = (deadline, loop.call_at(when, self._flag, table))

    def arm_clocks(self) -> None:
        """Every timed table's flag timer (on the running loop), as when the server starts."""
        for table in list(self.tables.values()):
            self._arm_clock(table)

    def _flag(self, table: Table) -> None:
        """A timed table's deadline: its seat to move loses on time, everyone is told. A timer that
        comes early (the clock read behind the loop's) is set again."""
        self.flag_timers.pop(table.code, None)
        self._send(table.check_flag(self.clock()))
        self._changed(table)

    # ------------------------------------------------------------------ AI seats
    def _ai_worker(self) -> Worker:
        if self._worker is None:
            self._worker = self._worker_factory()
        return self._worker

    async def _ai_move(self, table: Table) -> None:
        """An AI seat's turn, asked of the AI process as offline (core.worker): a process that dies is
        restarted and asked again; a second failure, an AI that raises or hangs forfeits its game, in words."""
        try:
            turn = table.ai_turn()
            if turn is None:
                return
            seat, spec, view, version = turn
            limit = table.ai_limit(seat, self.clock(), self.ai_limit)  # under a clock, planned from its time
            job = self._ai_worker().submit(table.entry.key, spec, view, limit, seat=seat,
                                           seed=secrets.randbits(64))  # its own seed: it learns nothing of the deal
            self.ai_jobs[table.code] = job
            await self._finished(job)
            if job.retried is not None:
                log.info("the AI process died during a move of table %s and was asked again", table.code)
            if job.error is not None:
                log.warning("an AI seat of table %s forfeits: %s", table.code, job.error.english(player=spec))
                self._send(table.ai_failed(seat, version, job.error))
            else:
                self._send(table.ai_played(seat, version, job.move))
        finally:
            self.thinking.discard(table.code)
            self.ai_jobs.pop(table.code, None)
        self._changed(table)

    async def _finished(self, job: Job) -> None:
        """Until `job` is done. One task looks at every waiting search each AI_POLL seconds (the worker's
        one callback belongs to whoever owns it, the app's window): a thousand waiting AI seats cost one
        wake-up, not a thousand."""
        if job.done:
            return
        done = asyncio.get_running_loop().create_future()
        self._waiting[id(job)] = (job, done)
        if self._poller is None or self._poller.done():
            self._poller = asyncio.ensure_future(self._poll())
        await done

    async def _poll(self) -> None:
        while self._waiting:
            await asyncio.sleep(AI_POLL)
            for key, (job, done) in list(self._waiting.items()):
                if job.done:
                    del self._waiting[key]
                    if not done.done():
                        done.set_result(None)

    def close(self) -> None:
        for _deadline, handle in self.flag_timers.values():
            handle.cancel()
        self.flag_timers.clear()
        if self._worker is not None and self._owns_worker:
            self._worker.close()
        self._worker = None


async def _discard(ws: ServerConnection) -> None:
    try:
        async for _frame in ws:
            pass
    except ConnectionClosed:
        pass


def tune_collector() -> None:
    """The garbage collector of a process that only serves tables (`boardhub serve`), set for short pauses.

    Measured with bench/net_load.py --gc-stats at 1,000 tables: the slowest
    acknowledgements were those that waited behind a full collection (0.3 to 0.9 s,
    every object of 5,000 connections and 1,000 tables walked while every table waits).
    What was loaded before serving (modules, resumed tables) is frozen out of every
    collection; the youngest generation is collected after 50,000 new objects rather
    than 700, so an action's short-lived objects die before they are promoted and the
    older generations, the full one above all, fill (and are walked) far more rarely.
    Objects are still freed as their last reference goes; only cycles wait longer.
    Not for the app's own process, whose collector is left as it is.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 10)


async def run_server(server: Server, bind: str, port: int, certificate: tuple[Path, Path] | None = None,
                     started: Callable[[int], None] | None = None, stop: asyncio.Event | None = None,
                     own_process: bool = False) -> None:
    """Serve until `stop` is set (forever without one); `started(port)` once the socket listens.

    `own_process`: the process does nothing else (`boardhub serve`), so its collector is tuned for it.
    """
    context = None
    if certificate is not None:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(*certificate)

    async with serve(server.handler, bind, port, max_size=protocol.MAX_FRAME, compression=None, ssl=context,
                     ping_interval=20, ping_timeout=20, max_queue=16) as ws_server:
        sock_port = next(iter(ws_server.sockets)).getsockname()[1]
        if own_process:
            tune_collector()
        server.arm_clocks()  # tables resumed from the state folder: their clocks run from now
        if started is not None:
            started(sock_port)
        await (stop.wait() if stop is not None else asyncio.Future())
    server.close()


class ServerThread:
    """A server on its own thread and event loop, as the app hosts a table: `start()` gives the port."""

    def __init__(self, server: Server, bind: str = "127.0.0.1", port: int = 0) -> None:
        self.server, self.bind, self.port = server, bind, port
        self._ready = threading.Event()
        self._listening = False  # set once the socket listens: a port asked for may be taken
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._run, name="boardhub-server", daemon=True)

    def _run(self) -> None:
        async def main() -> None:
            self._loop = asyncio.get_running_loop()
            self._stop = asyncio.Event()

            def started(port: int) -> None:
                self.port, self._listening = port, True
                self._ready.set()

            await run_server(self.server, self.bind, self.port, started=started, stop=self._stop)

        try:
            asyncio.run(main())
        except OSError:
            pass  # the port is taken or cannot be bound: `start` says so to its caller
        finally:
            self._ready.set()

    def start(self, timeout: float = 10.0) -> int:
        self._thread.start()
        if not self._ready.wait(timeout) or not self._listening:
            raise OSError("the server did not start")
        return self.port

    def stop(self) -> None:
        if self._loop is not None and self._stop is not None and self._thread.is_alive():
            try:
                self._loop.call_soon_threadsafe(self._stop.set)
            except RuntimeError:
                pass  # the loop ended meanwhile: nothing left to stop
        if self._thread.is_alive():
            self._thread.join(10)

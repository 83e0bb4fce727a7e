"""The command line of network play: `serve` (a headless server), `host` (a table) and `join` (a seat).

    boardhub serve [--bind ADDR] [--port N] [--state DIR] [--cert FILE --key FILE]
    boardhub host GAME --server ws://ADDR:PORT --seats me,open,expert [--option players=3] [--ai SPEC] [--clock 3+2]
    boardhub join ws://ADDR:PORT CODE [--ai SPEC | --watch] [--name NAME]

The server binds 127.0.0.1 unless told otherwise: a table is open to other
computers only when the person running it chooses an address that others reach.
"""
from __future__ import annotations

import argparse
import asyncio
import secrets
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from boardhub.core.clock import PRESETS

if TYPE_CHECKING:
    from boardhub.net.client import Client
    from boardhub.net.seat import RemoteSeat

DEFAULT_PORT = 47600


def add_parsers(sub: Any) -> None:
    p = sub.add_parser("serve", help="run a server for network play, headless (many tables)")
    p.add_argument("--bind", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1: this computer only; 0.0.0.0: every network)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"the port (default {DEFAULT_PORT})")
    p.add_argument("--state", help="a folder where every table is kept, to resume them after a restart")
    p.add_argument("--cert", help="a TLS certificate (PEM): clients then connect with wss://")
    p.add_argument("--key", help="the certificate's private key (PEM)")
    p = sub.add_parser("host", help="create a table on a server, print its join code, and play your seat with an AI")
    p.add_argument("game", choices=("dots", "othello", "gomoku", "davinci"))
    p.add_argument("--server", required=True, help="the server, as ws://ADDRESS:PORT")
    p.add_argument("--seats", required=True,
                   help="comma-separated: me (your seat), open (a person joins), or an AI name such as expert")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    p.add_argument("--name", default="Host")
    p.add_argument("--ai", default="expert", help="the AI that plays your seat (default expert)")
    p.add_argument("--clock", default="none", choices=PRESETS,
                   help="a time control: 3+2 is 3 minutes each and 2 s added a move, 10s is 10 s a move "
                        "(default none)")
    p = sub.add_parser("join", help="join a table by its code and play a seat with an AI, or watch")
    p.add_argument("server", help="the server, as ws://ADDRESS:PORT")
    p.add_argument("code", help="the table's join code")
    p.add_argument("--ai", default="expert", help="the AI that plays the seat (default expert)")
    p.add_argument("--watch", action="store_true", help="watch instead of playing")
    p.add_argument("--name", default="Guest")


def _option(text: str) -> tuple[str, Any]:
    key, sep, value = text.partition("=")
    if not sep:
        raise ValueError(f"write an option as KEY=VALUE, not {text!r}")
    if value.lower() in ("true", "false"):
        return key, value.lower() == "true"
    return key, int(value) if value.lstrip("-").isdigit() else value


def run(args: argparse.Namespace) -> int:
    if args.cmd == "serve":
        return serve(args)
    if args.cmd == "host":
        return host(args)
    return join(args)


def serve(args: argparse.Namespace) -> int:
    from boardhub.net.server import Server, run_server

    if not 0 < args.port < 65536:
        print(f"boardhub serve: --port must be 1 to 65535, not {args.port}", file=sys.stderr)
        return 2
    if bool(args.cert) != bool(args.key):
        print("boardhub serve: --cert and --key go together", file=sys.stderr)
        return 2
    certificate = (Path(args.cert), Path(args.key)) if args.cert else None
    server = Server(Path(args.state) if args.state else None)
    scheme = "wss" if certificate else "ws"

    def started(port: int) -> None:
        print(f"serving {len(server.tables)} tables on {scheme}://{args.bind}:{port}", flush=True)

    try:
        asyncio.run(run_server(server, args.bind, args.port, certificate, started, own_process=True))
    except KeyboardInterrupt:
        return 0
    except OSError as exc:
        print(f"boardhub serve: cannot listen on {args.bind}:{args.port} ({exc.strerror or 'refused'})",
              file=sys.stderr)
        return 1
    return 0


def _connect(url: str, hello: dict[str, Any]) -> Client | None:
    from boardhub.net.client import Client

    client = Client(url, hello)
    try:
        client.start()
    except Exception:  # the words say what failed; the details are the network library's
        print(f"boardhub: no server answers at {url}", file=sys.stderr)
        return None
    return client


def host(args: argparse.Namespace) -> int:
    from boardhub.net.seat import RemoteSeat

    try:
        options = dict(_option(o) for o in args.option)
    except ValueError as exc:
        print(f"boardhub host: {exc}", file=sys.stderr)
        return 2
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    client = _connect(args.server, {"t": "create", "game": args.game, "options": options, "seats": seats,
                                    "name": args.name, "clock": args.clock})
    if client is None:
        return 1
    try:
        welcome = client.wait("welcome", 10)
    except TimeoutError:
        print(f"boardhub host: the server refused the table: {client.closed[1] if client.closed else 'no answer'}",
              file=sys.stderr)
        return 1
    print(f"code: {welcome['code']}", flush=True)
    seat = RemoteSeat(args.game, welcome["options"])
    seat.update(welcome)
    while any(s["kind"] == "open" for s in seat.seats):  # wait for the people, then start
        for message in client.poll():
            seat.update(message)
        if client.closed is not None:
            print(f"boardhub host: {client.closed[1]}", file=sys.stderr)
            return 1
        time.sleep(0.05)
    client.send({"t": "start"})
    over = play_with_ai(client, seat, args.ai)
    client.close()
    return _report(over)


def join(args: argparse.Namespace) -> int:
    from boardhub.net.seat import RemoteSeat

    hello = {"code": args.code, "name": args.name, "want": "watch" if args.watch else "seat"}
    client = _connect(args.server, hello)
    if client is None:
        return 1
    try:
        welcome = client.wait("welcome", 10)
    except TimeoutError:
        print(f"boardhub join: {client.closed[1] if client.closed else 'no answer from the table'}", file=sys.stderr)
        return 1
    seat = RemoteSeat(welcome["game"], welcome["options"])
    seat.update(welcome)
    over = play_with_ai(client, seat, args.ai)
    client.close()
    return _report(over)


def _report(over: dict[str, Any] | None) -> int:
    if over is None:
        return 1
    winner = over.get("winner")
    print("result: draw" if winner is None else f"result: seat {winner + 1} wins", f"({over.get('detail') or over.get('reason')})")
    return 0


def play_with_ai(client: Client, seat: RemoteSeat, spec: str, limit: float = 0.5,
                 show: Callable[[str], None] = print, timeout: float = 3600.0) -> dict[str, Any] | None:
    """Play `seat` with the AI `spec` until the game ends; the host's "over" message, or None if the link ended."""
    ai = seat.entry.make_ai(spec, seed=secrets.randbits(64))
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for message in client.poll():
            seat.update(message)
            if message.get("t") == "ev":
                show(f"{message['n']}. seat {message['seat'] + 1}: {message['move']}")
            elif message.get("t") == "reject":
                show(f"refused: {message.get('why', '')}")
            elif message.get("t") == "closed":
                show(f"the connection ended: {message.get('why', '')}")
                return None
        if seat.over is not None:
            return seat.over
        if seat.my_turn and client.pending is None:
            left = seat.time_left(seat.seat) if seat.seat is not None else None
            planned = limit if left is None or seat.control is None else seat.control.plan(left)
            move = ai.choose(seat.view, time.monotonic() + planned)  # under a clock, what it plans from its time
            client.act(seat.rules.move_to_text(move, seat.view))
        time.sleep(0.01)
    return None

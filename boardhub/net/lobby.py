"""What the app's network screens need without a window: hosting a table, addresses, and failures in words.

`Hosting` is the server the app runs while the player hosts: a `ServerThread`
bound where the player chose (127.0.0.1 unless told otherwise) and, on a
network, the LAN beacon announcing the tables still waiting for people. The
host's own seat joins it as an ordinary client over loopback, so host and guests
run the same code. The app keeps one `Hosting` for as long as the host stays at
the table; stopping it ends the beacon and the server.
"""
from __future__ import annotations

import os
import re
import socket
import threading
from dataclasses import dataclass
from typing import Any, Callable

from boardhub.core.i18n import N_
from boardhub.core.worker import Worker
from boardhub.net import discovery, protocol
from boardhub.net.client import Client
from boardhub.net.server import Server, ServerThread

# Set to "1" (the test suite does): every table binds 127.0.0.1 and every beacon goes to loopback,
# whatever the player picks, so that no test or walkthrough that clicks its way here reaches a network.
LOOPBACK_ONLY = "BOARDHUB_LOOPBACK_ONLY"
DEFAULT_PORT = 47600  # the headless server's port too (net/commands.py): one number to forward
LOOPBACK = "127.0.0.1"
HOST_CHARS = re.compile(r"[A-Za-z0-9.:%_-]+")  # a host name, an IPv4 or an IPv6 address

# Where a hosted table can be reached: (key, label, address bound, beacon sent)
EVERY_INTERFACE = "0.0.0.0"  # a table others can reach: bound on every address of this computer
REACH = {
    "local": (N_("This computer only"), LOOPBACK, False),
    "lan": (N_("This network"), EVERY_INTERFACE, True),
    "internet": (N_("Open to the internet"), EVERY_INTERFACE, False),
}

# A join that failed, by the close code the host gave, in words the join screen says.
JOIN_FAILURES = {
    protocol.CLOSE_NO_TABLE: N_("No table has this code. Check the code and the address."),
    protocol.CLOSE_FULL: N_("This table is full: no seat is open. You can watch instead."),
    protocol.CLOSE_VERSION: N_("This table runs another version of boardhub: both computers need the same one."),
    protocol.CLOSE_THROTTLED: N_("Too many wrong codes from this computer: wait a minute and try again."),
    protocol.CLOSE_BAD_TOKEN: N_("This seat is no longer yours: join the table again with its code."),
}
UNREACHABLE = N_("Cannot reach {address}: check the address, and that the host is still hosting.")
LOST = N_("The connection to the table was lost.")


def join_failure(code: int | None) -> str:
    """Why a join ended, in the source's words (translated where it is shown)."""
    return JOIN_FAILURES.get(code, LOST) if code is not None else LOST


@dataclass(frozen=True)
class Address:
    host: str
    port: int

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"ws://{host}:{self.port}"

    def __str__(self) -> str:
        return f"{self.host}:{self.port}" if ":" not in self.host else f"[{self.host}]:{self.port}"


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> Address | None:
    """An address as a player types it ("192.168.1.20:47600", "example.org", "ws://host:port"), or None.

    Only ws:// is offered here; a TLS server (wss://) is joined from the command line.
    """
    text = "".join(text.split())
    for scheme in ("ws://", "WS://"):
        if text.startswith(scheme):
            text = text[len(scheme):]
    text = text.rstrip("/")
    if not text or "/" in text:
        return None
    if text.startswith("["):  # an IPv6 address in brackets
        host, _sep, rest = text[1:].partition("]")
        port_text = rest[1:] if rest.startswith(":") else ("" if not rest else None)
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    elif ":" in text:  # a bare IPv6 address
        host, port_text = text, ""
    else:
        host, port_text = text, ""
    if port_text is None or not HOST_CHARS.fullmatch(host) or len(host) > 253:
        return None  # a name or an address only: no user part, no path, no spaces
    if port_text == "":
        return Address(host, default_port)
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        return None
    return Address(host, int(port_text))


def parse_port(text: str) -> int | None:
    text = text.strip()
    return int(text) if text.isdigit() and 0 < int(text) < 65536 else None


def loopback_only() -> bool:
    return os.environ.get(LOOPBACK_ONLY) == "1"


def beacon_target(setting: str) -> tuple[str, int]:
    """The beacon's address from its setting ("255.255.255.255", or "127.0.0.1:47699" in tests)."""
    address = parse_address(setting or discovery.BROADCAST, discovery.PORT)
    host, port = (address.host, address.port) if address else (discovery.BROADCAST, discovery.PORT)
    return (LOOPBACK if loopback_only() and not host.startswith("127.") else host, port)


def listen_address(setting: str) -> tuple[str, int]:
    """Where the join screen listens for beacons: every address on the beacon's port, or loopback only
    when the beacon is pointed at loopback (tests and walkthroughs keep to 127.0.0.0/8)."""
    host, port = beacon_target(setting)
    return (host if host.startswith("127.") else "", port)


def this_computer() -> str:
    """This computer's address on its local network, for the host to share; loopback if it has none.

    Connecting a UDP socket sends nothing: it only asks the system which address it would use.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return LOOPBACK


def free_seats(seats: list[dict[str, Any]]) -> int:
    return sum(1 for s in seats if s.get("kind") == "open")


class Hosting:
    """The server the app runs while its player hosts, and its beacon on a network."""

    def __init__(self, reach: str = "local", port: int = 0, beacon: tuple[str, int] | None = None,
                 name: str = "", worker_factory: Callable[[], Worker] | None = None) -> None:
        if reach not in REACH:
            raise ValueError(f"no such reach: {reach!r}")
        self.reach, self.name = reach, name
        _label, self.bind, announce = REACH[reach]
        if loopback_only():
            self.bind = LOOPBACK
        self.server = Server(worker_factory=worker_factory)  # the app's own AI process plays the AI seats
        self.thread = ServerThread(self.server, self.bind, port)
        self.beacon = discovery.Beacon(self._announce, beacon) if announce and beacon else None
        self.port = 0

    def start(self) -> int:
        """Listen (OSError if the port is taken or cannot be bound); the port."""
        self.port = self.thread.start()
        if self.beacon is not None:
            self.beacon.start()
        return self.port

    @property
    def url(self) -> str:
        """Where this computer's own clients connect: loopback, whatever the server binds."""
        return f"ws://{LOOPBACK}:{self.port}"

    def shared_address(self) -> str:
        """The address to give the others: loopback for this computer only, else this computer's address."""
        host = LOOPBACK if self.bind == LOOPBACK else this_computer()
        return str(Address(host, self.port))

    def _announce(self) -> list[bytes]:
        """A beacon for each table of this server still waiting for people (read on the beacon's thread)."""
        out = []
        for table in list(self.server.tables.values()):
            free = sum(1 for s in table.seats if s.kind == "open")
            if free and not table.started:
                host = table.seats[table.host_seat].name
                out.append(discovery.beacon_bytes(table.code, table.entry.key, host, free, self.port))
        return out

    def stop(self) -> None:
        if self.beacon is not None:
            self.beacon.stop()
            self.beacon = None
        self.thread.stop()


class Connecting:
    """A client connecting on a thread of its own, so the window never waits on a slow or dead address.

    `result()` is None while it connects; then ("ok", client) once it is connected, or ("failed", None).
    """

    def __init__(self, url: str, hello: dict[str, Any], on_message: Callable[[], None] | None = None) -> None:
        self.url = url
        self.client = Client(url, hello, on_message=on_message)
        self.on_message = on_message
        self._outcome: tuple[str, Client | None] | None = None
        self._cancelled = False
        self._lock = threading.Lock()
        self._got: list[dict[str, Any]] = []  # the messages before the welcome, handed on with it
        self._thread = threading.Thread(target=self._run, name="boardhub-connect", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self.client.start()
        except Exception:  # unreachable, refused, not a boardhub server, a bad name: the words say "cannot reach"
            outcome: tuple[str, Client | None] = ("failed", None)
        else:
            outcome = ("ok", self.client)
        with self._lock:
            self._outcome = outcome
            cancelled = self._cancelled
        if cancelled and outcome[1] is not None:
            outcome[1].close()
            return
        if self.on_message is not None:
            self.on_message()

    def result(self) -> tuple[str, Client | None] | None:
        return self._outcome

    def cancel(self) -> None:
        """Give up on it: a client that connects later is closed at once."""
        with self._lock:
            self._cancelled = True
            client = self._outcome[1] if self._outcome is not None else None
        if client is not None:
            client.close()

    def greeted(self) -> tuple[str, Any]:
        """("wait", None) while connecting or greeting; ("welcome", every message so far, the welcome
        among them) once the table took this client; ("failed", why in the source's words: UNREACHABLE
        still has its {address} to fill) when it could not connect or the table refused it."""
        outcome = self._outcome
        if outcome is None:
            return "wait", None
        client = outcome[1]
        if client is None:
            return "failed", UNREACHABLE
        self._got += client.poll()
        for message in self._got:
            if message.get("t") == "welcome":
                return "welcome", self._got
            if message.get("t") == "closed":
                return "failed", join_failure(message.get("code"))
        return "wait", None

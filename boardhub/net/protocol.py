"""The wire protocol of network play: messages, their checks, join codes, seat tokens and close codes.

Messages are JSON text frames `{"t": type, ...}`. Everything a client sends is
hostile until `check_message` has accepted it: a known type, only known fields,
each of the right type and within its bounds. The server's own messages go out
through `encode`, one compact byte form (keys sorted), so that two recipients
who may know the same things receive the same bytes.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from typing import Any

from boardhub.core import files

VERSION = 2  # 2: tables with a time control (a client of 1 would play one without seeing its clocks)
MAX_FRAME = 16 * 1024  # the most a client may send in one frame
MAX_NAME = 24  # characters of a player's name
MAX_CHAT = 200  # characters of a chat line
MAX_MOVE = 40  # characters of a move's text

# The join code: 8 characters without look-alikes (no 0/O, 1/I/L, 5/S, 2/Z, 8/B).
CODE_ALPHABET = "34679ACDEFGHJKMNPQRTUVWXY"
CODE_LENGTH = 8

# Close codes (4000-4999 are the application's own).
CLOSE_BAD_TOKEN = 4001
CLOSE_FULL = 4002
CLOSE_FLOOD = 4003
CLOSE_MALFORMED = 4004
CLOSE_VERSION = 4005
CLOSE_NO_TABLE = 4006
CLOSE_SLOW_HELLO = 4007
CLOSE_THROTTLED = 4008
CLOSE_REASONS = {
    CLOSE_BAD_TOKEN: "this seat's token is not valid",
    CLOSE_FULL: "the table has no free seat",
    CLOSE_FLOOD: "too many messages",
    CLOSE_MALFORMED: "a message the host cannot read",
    CLOSE_VERSION: "another version of boardhub's network play",
    CLOSE_NO_TABLE: "no table with that code",
    CLOSE_SLOW_HELLO: "no greeting in time",
    CLOSE_THROTTLED: "too many wrong codes from this address; wait a minute",
    1009: "a message too big",
}


class BadMessage(ValueError):
    """A message the protocol does not allow; the connection that sent it is closed."""


def new_code() -> str:
    """A fresh join code: 25**8 (about 1.5e11) codes, guessed only at the throttled rate."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str:
    """A code as typed ("abcd efgh", "ABCD-EFGH") in its canonical form."""
    return "".join(c for c in text.upper() if c.isalnum())


def new_token() -> str:
    """A seat's secret: 128 random bits, shown to its holder only; the server keeps its hash."""
    return secrets.token_hex(16)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def token_matches(token: str, digest: str) -> bool:
    return hmac.compare_digest(token_hash(token), digest)


# Each client message: its fields and their checks (type, and for text its most characters).
_INT = (int, None)
_FIELDS: dict[str, dict[str, tuple[type | tuple[type, ...], int | None]]] = {
    "hello": {"v": _INT, "code": (str, 16), "token": (str, 64), "name": (str, MAX_NAME * 4),
              "want": ((str, int), 8), "since": _INT},
    "create": {"v": _INT, "game": (str, 16), "options": (dict, None), "seats": (list, None),
               "name": (str, MAX_NAME * 4), "clock": (str, 16)},
    "act": {"n": _INT, "ver": _INT, "move": (str, MAX_MOVE)},
    "chat": {"text": (str, MAX_CHAT * 4)},
    "start": {},
    "seat": {"seat": _INT, "ai": (str, 64)},
    "sync": {"n": _INT},
    "away": {"seat": _INT, "choice": (str, 16)},
    "rematch": {},
    "bye": {},
}
_REQUIRED = {"hello": {"v"}, "create": {"v", "game", "seats"}, "act": {"n", "ver", "move"}, "chat": {"text"},
             "seat": {"seat"}, "sync": {"n"}, "away": {"seat", "choice"}}


def decode(frame: str | bytes) -> dict[str, Any]:
    """A client's frame as a checked message, or BadMessage."""
    if isinstance(frame, bytes):
        raise BadMessage("binary frame")
    try:
        data = files.loads_json(frame, max_depth=4)
    except (ValueError, RecursionError):
        raise BadMessage("not JSON") from None
    return check_message(data)


def check_message(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict) or not isinstance(data.get("t"), str) or data["t"] not in _FIELDS:
        raise BadMessage("unknown message")
    fields = _FIELDS[data["t"]]
    for key, value in data.items():
        if key == "t":
            continue
        if key not in fields:
            raise BadMessage(f"unknown field {key!r}")
        kind, most = fields[key]
        if isinstance(value, bool) or not isinstance(value, kind):
            raise BadMessage(f"wrong type for {key!r}")
        if isinstance(value, int) and not -1 <= value < 1 << 53:
            raise BadMessage(f"{key!r} out of range")
        if most is not None and isinstance(value, str) and len(value) > most:
            raise BadMessage(f"{key!r} too long")
    if not _REQUIRED.get(data["t"], set()) <= data.keys():
        raise BadMessage("a field is missing")
    return data


def clean_name(text: Any, fallback: str) -> str:
    """A player's name as others will see it: one line, no control characters, at most MAX_NAME characters."""
    name = files.clean_text(text if isinstance(text, str) else "", limit=MAX_NAME * 4).strip()[:MAX_NAME]
    return name or fallback


def encode(message: dict[str, Any]) -> str:
    """The one text form of a server message: compact, keys sorted."""
    return json.dumps(message, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

"""Plain data: any state, view or event of boardhub as JSON-able values, and as bytes.

A view that is the same as another must be the same byte for byte wherever it
leaves the program (a file, a pipe, later the network); `to_bytes` is that form:
dataclasses as objects with their field names, tuples and named tuples as lists,
sets sorted, keys sorted, no spaces. Comparing these bytes is how the tests prove
that a seat's view carries nothing of what the seat may not see.
"""
from __future__ import annotations

import dataclasses
import enum
import json
from typing import Any


def to_plain(value: Any) -> Any:
    """`value` as JSON-able data: dict, list, str, int, float, bool or None."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value.value if isinstance(value, enum.Enum) else value
    if isinstance(value, enum.Enum):
        return to_plain(value.value)
    if callable(getattr(value, "plain", None)):  # a shared table that names itself by what builds it
        return to_plain(value.plain())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): to_plain(v) for k, v in value.items()}
    if isinstance(value, (bytes, bytearray)):  # a board of small numbers, one byte a point
        return list(value)
    if isinstance(value, (set, frozenset)):
        return sorted((to_plain(v) for v in value), key=lambda v: json.dumps(v, sort_keys=True))
    if isinstance(value, (list, tuple)):
        return [to_plain(v) for v in value]
    raise TypeError(f"no plain form for {type(value).__name__}")


def to_bytes(value: Any) -> bytes:
    """The one byte form of `value`'s plain data (UTF-8 JSON, keys sorted, no spaces)."""
    return json.dumps(to_plain(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")

"""Each recipient's view as plain data: the one place a view is turned into what goes on the wire.

Perfect-information games send their state as `core.plain` gives it. Da Vinci
Code is encoded by hand, with fixed-width fields wherever a value is private:
a tile is always 7 characters whether its number shows or not, and the gaps
of a tile in hand are always a 27-character mask, so the length of a frame
tells no one a number it does not show.
"""
from __future__ import annotations

from typing import Any

from boardhub.core.plain import to_plain
from boardhub.games.davinci.engine import JOKER, DavinciView, Tile
from boardhub.games.davinci.moves import Phase, as_event

MAX_GAPS = 27  # a rack holds at most 26 tiles: 27 gaps


def _value(value: int | None) -> str:
    if value is None:
        return "??"
    return "JK" if value == JOKER else f"{value:02d}"


def davinci_view(view: DavinciView) -> dict[str, Any]:
    """A Da Vinci Code view with every private field at a fixed width."""
    racks = [[f"{'bw'[t.colour]}{_value(t.value)}{'u' if t.revealed else 'd'}{t.uid:03d}" for t in rack]
             for rack in view.racks]
    hand = None if view.hand is None else f"{'bw'[view.hand[0]]}{_value(view.hand[1])}"
    gaps = "".join("1" if i in view.slots else "0" for i in range(MAX_GAPS)) if view.slots else ""
    return {"seat": view.seat, "players": view.players, "to_move": view.to_move, "phase": view.phase.value,
            "racks": racks, "piles": list(view.piles), "hand": hand, "gaps": gaps, "drawn": view.drawn,
            "setup": view.setup, "history": [list(e) for e in view.history], "out": list(view.out),
            "winner": view.winner, "deal_jokers": view.deal_jokers, "piles_end_in_draw": view.piles_end_in_draw,
            "jokers": view.jokers, "draw_at_first_call": view.draw_at_first_call}


def encode_view(game: str, view: Any) -> dict[str, Any]:
    """`view` (what `rules.view(state, seat)` gave) as plain data for the wire."""
    if game == "davinci":
        return davinci_view(view)
    return {"state": to_plain(view)}


def _number(text: str) -> int | None:
    return None if text == "??" else JOKER if text == "JK" else int(text)


def decode_davinci(data: dict[str, Any]) -> DavinciView:
    """The view `davinci_view` encoded, as the AIs read it (a joining computer's AI seat plays from it)."""
    racks = tuple(tuple(Tile("bw".index(t[0]), _number(t[1:3]), t[3] == "u", int(t[4:])) for t in rack)
                  for rack in data["racks"])
    hand = None if data["hand"] is None else ("bw".index(data["hand"][0]), _number(data["hand"][1:3]))
    slots = tuple(i for i, bit in enumerate(data["gaps"]) if bit == "1")
    history = tuple(as_event(e) for e in data["history"])  # each event named as the view held it
    return DavinciView(data["seat"], data["players"], data["to_move"], Phase(data["phase"]), racks, tuple(data["piles"]),
                       hand, slots, data["drawn"], data["setup"], history, tuple(data["out"]), data["winner"],
                       data["deal_jokers"], data["piles_end_in_draw"], data["jokers"],
                       data.get("draw_at_first_call") is True)  # a computer of before sends none: False

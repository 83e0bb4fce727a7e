"""One tile's story in words, for the tooltip over a tile: how it reached its rack, every call made on it
and how it came face up ("Turn 4: called 5 by Expert AI - wrong").

It is read from the public history of a view alone (the events every seat sees: the piles drawn from, the
calls and their results, the tiles turned up) and never from a tile's value, so the story of a tile the
viewer cannot see says nothing of its number: the numbers in it are the calls (a wrong one is never the
tile's number) and those already face up for everyone. No pygame here.
"""
from __future__ import annotations

from boardhub.core.i18n import _, ngettext
from boardhub.games.davinci.engine import DavinciView, starting_tiles
from boardhub.games.davinci.moves import Drew, Event, Guessed, Placed, Revealed, Stopped
from boardhub.games.davinci.words import value_words


def turns(view: DavinciView) -> list[int]:
    """The turn each event of the history belongs to: 0 for the drawing of the starting tiles, then 1, 2...

    A turn ends with a stop or with a tile turned up after a wrong call (the caller's drawn tile, or the
    one they chose with the piles empty); the starting draws are the leading draw-and-place pairs that
    placed starting tiles (which get the first uids)."""
    history = view.history
    first = view.players * starting_tiles(view.players)
    out: list[int] = []
    i = 0
    while i + 1 < len(history) and isinstance(history[i], Drew) and isinstance(history[i + 1], Placed) \
            and history[i + 1].uid < first:
        out += [0, 0]
        i += 2
    if view.setup:  # still drawing the starting tiles (a draw not yet placed belongs to them too)
        return out + [0] * (len(history) - len(out))
    turn, ended = 0, True
    for e in history[i:]:
        if ended:
            turn, ended = turn + 1, False
        out.append(turn)
        ended = isinstance(e, (Stopped, Revealed))
    return out


def current_turn(view: DavinciView) -> int:
    """The turn being played now (0 while the starting tiles are drawn)."""
    if view.setup:
        return 0
    numbered = turns(view)
    if not numbered:
        return 1
    last = numbered[-1]
    return last + 1 if isinstance(view.history[-1], (Stopped, Revealed)) or last == 0 else last


def tile_history(view: DavinciView, uid: int, names: tuple[str, ...]) -> list[str]:
    """The story of tile `uid` in lines, oldest first, then how many calls it had: what anyone at the
    table saw happen to it. `names` are the seats' names as the table shows them."""
    lines: list[str] = []
    when = turns(view)
    placed = False
    calls = 0
    for k, e in enumerate(view.history):
        if not _about(e, uid):
            continue
        turn = when[k]
        if isinstance(e, Placed):
            placed = True
            lines.append(_("Drawn at the start") if turn == 0 else _("Turn {turn}: drawn").format(turn=turn))
        elif isinstance(e, Guessed):
            calls += 1
            said = _("Turn {turn}: called {value} by {name} - right") if e.right else \
                _("Turn {turn}: called {value} by {name} - wrong")
            lines.append(said.format(turn=turn, value=value_words(e.value), name=names[e.seat]))
        elif isinstance(e, Revealed):
            lines.append(_("Turn {turn}: turned face up by its owner after their wrong call").format(turn=turn))
    if not placed:
        lines.insert(0, _("Dealt at the start"))
    lines.append(ngettext("Called once", "Called {count} times", calls).format(count=calls) if calls
                 else _("No call on it yet"))
    return lines


def _about(event: Event, uid: int) -> bool:
    return isinstance(event, (Placed, Guessed, Revealed)) and event.uid == uid

"""Da Vinci Code in words: what a move or a call says, for the move list, the announcements on the
table, the review and the command line. No pygame here: anything that tells a game may use it.

A move is said from the states around it ("called Ann's 3rd-from-left tile 7 - wrong; their drawn
black 4 is revealed"); a move not played, a review's better one, as what it would do ("call Ann's
3rd-from-left tile 7"). Each clause is one whole sentence of the catalog, so a language orders its
own words; only the clauses are joined.
"""
from __future__ import annotations

from dataclasses import dataclass

from boardhub.core.i18n import N_, _
from boardhub.games.davinci.engine import BLACK, JOKER, DavinciState, DavinciView, starting_tile, tile_name
from boardhub.games.davinci.moves import Draw, Guess, Move, Phase, Place, Reveal, Stop, as_move, value_text

GUESSING = (Phase.GUESS, Phase.CONTINUE)  # the phases that pick a tile and call its number


@dataclass(frozen=True)
class Call:
    """A guess as the whole table saw it (every field is public once the guess is made)."""

    seat: int
    target: int
    index: int
    value: int
    right: bool
    revealed: tuple[int, int] | None  # a wrong call turns up the caller's drawn tile: (colour, value)
    choose: bool  # a wrong call in a turn without a draw: the caller turns up a tile of their choice
    out: tuple[int, ...]  # seats left without a hidden tile by this call


@dataclass(frozen=True)
class TurnUp:
    """A tile turned up by its owner after a wrong call with the piles empty."""

    seat: int
    index: int
    colour: int
    value: int
    out: tuple[int, ...]


def ordinal(n: int) -> str:
    """A tile's place in its rack: 1st-from-left, 2nd-from-left, ... 13th-from-left (in Korean
    왼쪽에서 1번째...). A bare "their 2nd tile" reads like a count of tiles, not a place."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return _({"st": N_("{number}st-from-left"), "nd": N_("{number}nd-from-left"), "rd": N_("{number}rd-from-left"),
              "th": N_("{number}th-from-left")}[suffix]).format(number=n)


def value_words(value: int) -> str:
    return _("a joker") if value == JOKER else str(value)


def event_of(seat: int, move: Move | tuple, before: DavinciState, after: DavinciState) -> Call | TurnUp | None:
    """The call or reveal that `move` made, read from the states around it; None for other moves."""
    out = tuple(s for s in range(after.players) if before.hidden_count(s) and not after.hidden_count(s))
    move = as_move(move)
    if isinstance(move, Guess):
        target, index, value = move.target, move.index, move.value
        right = after.racks[target][index].revealed
        revealed = None
        if not right and before.drawn is not None:
            tile = next(t for t in after.racks[seat] if t.uid == before.drawn)
            revealed = (tile.colour, tile.value)
        return Call(seat, target, index, value, right, revealed, not right and before.drawn is None, out)
    if isinstance(move, Reveal):
        tile = after.racks[seat][move.index]
        return TurnUp(seat, move.index, tile.colour, tile.value, out)
    return None


def describe(event: Call | TurnUp, names: tuple[str, ...], you: int | None, past: bool = False) -> str:
    """The event in words, to the one human at the table as "you", to everyone else by name.

    Present tense with its subject for the announcement ("Expert AI calls your
    3rd tile 7: wrong - their drawn black 4 is revealed"); past tense without
    it for the move list, whose line starts with the player's name already.
    Each clause is one whole sentence of the catalog, so a language orders its
    own words; only the clauses are joined.
    """
    mine = event.seat == you
    details = []
    if isinstance(event, Call):
        values = {"caller": names[event.seat], "owner": names[event.target], "ordinal": ordinal(event.index + 1),
                  "value": value_words(event.value)}
        if past:
            said = _("called your {ordinal} tile {value}") if event.target == you else \
                _("called {owner}'s {ordinal} tile {value}")
        elif mine:
            said = _("You call {owner}'s {ordinal} tile {value}")
        else:
            said = _("{caller} calls your {ordinal} tile {value}") if event.target == you else \
                _("{caller} calls {owner}'s {ordinal} tile {value}")
        said = (_("{call} - {result}") if past else _("{call}: {result}")).format(
            call=said.format(**values), result=_("right") if event.right else _("wrong"))
        # a banner names two players, so "their" would not say whose: it names the caller (the move
        # list's line starts with the caller's name, so "their" is clear there)
        if event.revealed is not None:
            drawn = _("your drawn {tile} is revealed") if mine else _("their drawn {tile} is revealed") if past \
                else _("{caller}'s drawn {tile} is revealed")
            details.append(drawn.format(tile=tile_name(*event.revealed), caller=names[event.seat]))
        if event.choose:
            details.append(_("you turn up a tile of your choice") if mine else
                           _("they turn up a tile of their choice") if past else
                           _("{caller} turns up a tile of their choice").format(caller=names[event.seat]))
    else:
        values = {"name": names[event.seat], "ordinal": ordinal(event.index + 1),
                  "tile": tile_name(event.colour, event.value)}
        if past:
            said = _("turned up your {ordinal} tile - a {tile}") if mine else \
                _("turned up their {ordinal} tile - a {tile}")
        else:
            said = _("You turn up your {ordinal} tile: a {tile}") if mine else \
                _("{name} turns up their {ordinal} tile: a {tile}")
        said = said.format(**values)
    details += [_("you are out") if seat == you else _("{name} is out").format(name=names[seat]) for seat in event.out]
    return said + "".join(f"; {d}" if past else f" - {d}" for d in details)


def move_words(seat: int, move: Move | tuple, before: DavinciState, after: DavinciState | None,
               names: tuple[str, ...], you: int | None = None) -> str:
    """Every move in words: who called which tile of whom, the number and what came of it; a move
    not played (`after` None: a review's better one) as what it would do."""
    mine = seat == you
    move = as_move(move)
    if after is None:
        return plan_words(move, names, you, mine)
    event = event_of(seat, move, before, after)
    if event is not None:
        return describe(event, names, you, past=True)
    if isinstance(move, Draw):
        return _("drew a black tile") if move.colour == BLACK else _("drew a white tile")
    if isinstance(move, Place):
        placed = _("placed it as your {ordinal} tile") if mine else _("placed it as their {ordinal} tile")
        return placed.format(ordinal=ordinal(move.slot + 1))
    if isinstance(move, Stop) and before.drawn is not None:
        return _("stopped; your drawn tile stays hidden") if mine else _("stopped; their drawn tile stays hidden")
    return _("stopped")


def plan_words(move: Move | tuple, names: tuple[str, ...], you: int | None, mine: bool) -> str:
    """A move as what it would do, in the imperative."""
    move = as_move(move)
    if isinstance(move, Draw):
        return _("draw a black tile") if move.colour == BLACK else _("draw a white tile")
    if isinstance(move, Place):
        return (_("place it as your {ordinal} tile") if mine else _("place it as their {ordinal} tile")).format(
            ordinal=ordinal(move.slot + 1))
    if isinstance(move, Guess):
        said = _("call your {ordinal} tile {value}") if move.target == you else \
            _("call {owner}'s {ordinal} tile {value}")
        return said.format(owner=names[move.target], ordinal=ordinal(move.index + 1), value=value_words(move.value))
    if isinstance(move, Reveal):
        return (_("turn up your {ordinal} tile") if mine else _("turn up their {ordinal} tile")).format(
            ordinal=ordinal(move.index + 1))
    return _("stop")


def step_words(view: DavinciView, selected: tuple[int, int] | None, names: tuple[str, ...]) -> str | None:
    """What this step of the turn asks of the seat looking at `view` (`selected`: the tile it picked)."""
    if view.phase in GUESSING and selected is not None:
        seat, index = selected
        you = view.seat
        call = _("Now call the number of your {ordinal} tile on the pad") if seat == you else \
            _("Now call the number of {owner}'s {ordinal} tile on the pad")
        return call.format(owner=names[seat], ordinal=ordinal(index + 1))
    if view.phase is Phase.PLACE and view.hand is not None and view.hand[1] is not None:
        return _("Place your {tile} in one of the marked gaps").format(tile=tile_name(*view.hand))
    if view.phase is Phase.CONTINUE:
        return _("Right! Pick another tile to guess, or stop to keep your drawn tile hidden") \
            if view.drawn is not None else _("Right! Pick another tile to guess, or stop")
    words = {Phase.DRAW: N_("Your turn: draw a tile from the black or the white pile"),
             Phase.PLACE: N_("Place the drawn tile in one of the marked gaps"),
             Phase.GUESS: N_("Pick another player's hidden tile, then call its number"),
             Phase.REVEAL: N_("Wrong, and the piles are empty: turn up one of your hidden tiles")}.get(view.phase)
    return _(words) if words else None


def why_not_offered(view: DavinciView, seat: int, index: int, value: int) -> str:
    """Why the pad does not offer `value` for that tile, in words."""
    tile = view.racks[seat][index]
    if value in view.candidates(seat, index):
        if value == JOKER and starting_tile(view, tile.uid):
            return _("That is a starting tile, and the starting tiles have no jokers")
        return _("You hold the {tile} yourself: that tile cannot be one").format(
            tile=tile_name(tile.colour, value))
    if value == JOKER and not view.jokers:
        return _("This game has no jokers: call a number from 0 to 11")
    return _("{value} cannot be that tile: the open tiles rule it out").format(value=value_text(value))


def hidden_words(state: DavinciState) -> list[str]:
    """Each seat's hidden tiles left, said as such."""
    # while the starting tiles are still being drawn an empty rack is not out: the deal goes on
    return [_("{count} hidden").format(count=n) if n or state.setup else _("out")
            for n in (state.hidden_count(s) for s in range(state.players))]

"""Da Vinci Code: rules, seeded deals, hidden information and notation.

Tiles
    26 tiles: the numbers 0-11 and a joker in black and in white. A tile is
    (colour, value) with colour BLACK = 0 or WHITE = 1 and value 0-11 or
    JOKER = 12. Colours are public; numbers are hidden until revealed.

State (`DavinciState`, an immutable value; equal states compare equal)
    players             2-4
    deal_jokers         the source's deal: starting tiles are drawn, jokers too
    piles_end_in_draw   a popular rule: a turn that cannot draw ends the game as a draw
    draw_at_first_call  with piles_end_in_draw, the source's timing: the draw comes right after
                        the first call of the turn that took the last tile
    jokers              the two jokers are in the game (False: the dealt game's "no jokers" choice)
    piles               (black values, white values): the shuffled piles, drawn from the end
    racks               per seat, left to right: Tile(colour, value, revealed, uid)
    to_move, phase      the seat to move and what it must do (PHASES below)
    hand                (colour, value) drawn and not yet placed, else None
    drawn               uid of the tile drawn and placed this turn, else None
    setup               starting draws still to come (deal_jokers or draw_start only)
    history             the public events (EVENTS below)
    next_uid            the uid the next placed tile gets
    winner, reason      winner seat (None: a draw) and "last standing" or
                        "piles ran out" once over; reason is "" while playing

    A uid names one tile for the whole game (uids are given in the order
    tiles reach the racks: dealt tiles seat by seat, left to right), so
    guesses and reveals in the history stay attached to their tile while
    indices shift as racks grow. Racks stand ascending by (number, colour),
    black before white on equal numbers; jokers stand wherever their owner
    put them and never move.

Phases and moves (named values of moves.py, equal to the tuples they name; seats,
tiles and slots count from 0 in moves and from 1 in the text, so "guess 2 4 7" is
Guess(1, 3, 7) == ("guess", 1, 3, 7))
    DRAW        Draw(colour)                     text "draw b", "draw w"
                Only a colour whose pile has tiles.
    PLACE       Place(slot)                      text "place 3"
                Put the drawn tile before the rack's current tile `slot`
                (len(rack): at the right end), so that it becomes tile
                `slot`. A number has one slot unless it borders jokers
                (then either side, where the order allows); a joker may go
                in any slot. The place move is always asked
                for, even when one slot is left, so that nobody learns from
                the move list whether the drawer had a choice.
    GUESS       Guess(target, index, value)      text "guess 2 4 7", "guess 2 4 -"
                Call the number (or "-", the joker) of another player's
                hidden tile. A right call reveals it: phase "continue". A
                wrong call reveals the tile drawn this turn and ends the turn;
                in a turn without a draw (the piles are empty) the guesser
                reveals a hidden tile of their choice instead: phase "reveal".
    CONTINUE    a Guess, or Stop()               text "stop"
                Stopping ends the turn and keeps the drawn tile hidden.
    REVEAL      Reveal(index)                    text "reveal 2"
                One of the guesser's own hidden tiles.
    OVER        no moves.

    The legal guesses are every hidden tile of every other player with every
    value that the public information does not rule out: a value is ruled out
    on a tile when that tile (colour, value) is face up anywhere, when the
    same call on the same tile was already wrong, or, for numbers, when a
    face-up number of the same rack stands on the wrong side of it. So legal
    guesses are the same whatever the hidden numbers are, and the true value
    of a hidden tile is always among them. Calling a number you hold yourself
    (a bluff) is allowed.

Turns
    Seat 0 starts. A turn is: draw and place (while a pile has tiles), then
    guess until a wrong call or a stop. When both piles are empty the turn
    starts with the guess (or, under piles_end_in_draw, the game ends as a
    draw; with draw_at_first_call too, it ends earlier, right after the first
    call of the turn that took the last tile, unless that call decided the game). A player whose tiles are all face up is out and skipped; the last
    player with hidden tiles wins. The default deal gives 4 tiles each to 2-3
    players and 3 to 4 players, without jokers, sorted onto the racks; the
    jokers are then shuffled into their piles (or, with the option no_jokers,
    left out of the game: a game of numbers only). With deal_jokers the starting
    tiles are drawn and placed in turn (seat 0, 1, ..., again), jokers
    included, as the source deals them. With draw_start (the official deal, as
    the physical game is played) the starting tiles are drawn and placed in
    turn the same way from piles of numbers only, each player picking the
    colours; the jokers join the piles once every starting tile is drawn (or
    stay out with no_jokers). Starting tiles get the first uids either way.

Events (public history; named values of moves.py, equal to the tuples they name)
    Drew(seat, colour)                          ("draw", seat, colour)
    Placed(seat, slot, uid)                     ("place", seat, slot, uid)
    Guessed(seat, target, uid, value, right)    ("guess", seat, target, uid, value, right)
    Stopped(seat)                               ("stop", seat)
    Revealed(seat, uid, value)                  ("reveal", seat, uid, value): the guesser's own
                                                tile after a wrong call
    A state or view built with plain tuples (or phases as plain strings) holds
    the named values: they are named as the state is made.

Views (`DavinciView`, what `view(state, seat)` gives a controller)
    The seat's own numbers, every face-up number, the colour and uid of every
    tile, pile sizes and the public history. Other players' hidden numbers
    are None, and so is the value of a drawn tile in another player's hand.
    `view(state, None)` is an observer's view: what anyone at the table sees,
    no hidden number at all, not the drawn tile's number nor its legal gaps
    (which narrow it). Once the game is over every view shows every number.
    `view.legal_moves()` equals `rules.legal_moves(state)` for the seat to move.
    `face_up_view(state)` shows every tile: it is the local "Face up" display of
    a game between AIs, read by that screen only, never sent to a seat.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import NamedTuple, Sequence

from boardhub.core.i18n import N_, _
from boardhub.core.rules import IllegalMove, Option, Outcome, normalize_options
from boardhub.games.davinci.moves import (  # noqa: F401 (the engine's names, as before the moves had their module)
    BLACK, COLOUR_TEXT, JOKER, MOVES, NUMBERS, WHITE, Draw, Drew, Event, Guess, Guessed, Move, Phase, Place, Placed,
    Reveal, Revealed, Stop, Stopped, as_event, as_move, parse, value_text)

VALUES = NUMBERS + (JOKER,)
PHASES = tuple(Phase)
LAST_STANDING = "last standing"
PILES_RAN_OUT = "piles ran out"


class History(tuple):
    """A history whose every event is a named one. It is a tuple (equal, hashing, printing and turning
    into plain data as one); its type says it was checked, so that a state made from a state, a few
    times every move, need not look at every event again."""

    __slots__ = ()

    def then(self, event: Event) -> "History":
        """This history and one more event."""
        return History(self + (event,))


def named_history(history: tuple) -> History:
    """The history with every event a named one (a state built by hand may hold plain tuples)."""
    if type(history) is History:
        return history
    return History(as_event(e) for e in history)


def _name_fields(value: "DavinciState | DavinciView") -> None:
    """Name the phase and the events of a state or view made with plain strings and tuples."""
    if type(value.phase) is not Phase:
        object.__setattr__(value, "phase", Phase(value.phase))
    history = named_history(value.history)
    if history is not value.history:
        object.__setattr__(value, "history", history)


class Tile(NamedTuple):
    """A tile on a rack. In a view, `value` is None where the seat cannot see it."""

    colour: int
    value: int | None
    revealed: bool
    uid: int


def tile_name(colour: int, value: int | None) -> str:
    """"black 7", "white joker", or "black tile" for a hidden one: for people, in their language."""
    if value is None:
        return _("black tile") if colour == BLACK else _("white tile")
    if value == JOKER:
        return _("black joker") if colour == BLACK else _("white joker")
    return (_("black {number}") if colour == BLACK else _("white {number}")).format(number=value)


def order_key(colour: int, value: int) -> int:
    """Where a number stands on a rack: ascending, black before white on equal numbers."""
    return 2 * value + colour


def starting_tiles(players: int) -> int:
    """4 tiles each for 2-3 players, 3 for 4 players (the official rules)."""
    return 3 if players == 4 else 4


def place_slots(rack: tuple[Tile, ...], colour: int, value: int) -> tuple[int, ...]:
    """The slots where (colour, value) may go on a rack whose numbers its owner sees.

    A joker goes anywhere. A number goes after every smaller number and
    before every larger one; jokers between those give it more than one slot.
    """
    if value == JOKER:
        return tuple(range(len(rack) + 1))
    key = order_key(colour, value)
    lo, hi = 0, len(rack)
    for i, t in enumerate(rack):
        if t.value == JOKER:
            continue
        if order_key(t.colour, t.value) < key:
            lo = i + 1
        elif hi == len(rack):
            hi = i
    return tuple(range(lo, hi + 1))


def public_candidates(racks: tuple[tuple[Tile, ...], ...], history: tuple[Event, ...],
                      target: int, index: int, jokers: bool = True) -> tuple[int, ...]:
    """The values that public information leaves possible for a hidden tile.

    Public means what every player knows: face-up tiles, the order of the
    rack's face-up numbers and the calls already found wrong on this tile.
    It ignores what only one player knows, so the legal guesses never
    depend on hidden numbers. In a game without jokers (`jokers` False) no
    tile is one.
    """
    rack = racks[target]
    tile = rack[index]
    face_up = {(t.colour, t.value) for r in racks for t in r if t.revealed}
    wrong = {e.value for e in named_history(history) if type(e) is Guessed and e.uid == tile.uid and not e.right}
    lo, hi = -1, 2 * len(NUMBERS)
    for i, t in enumerate(rack):
        if t.revealed and t.value != JOKER:
            key = order_key(t.colour, t.value)
            if i < index:
                lo = max(lo, key)
            elif i > index:
                hi = min(hi, key)
    out = []
    for v in VALUES if jokers else NUMBERS:
        if (tile.colour, v) in face_up or v in wrong:
            continue
        if v != JOKER and not lo < order_key(tile.colour, v) < hi:
            continue
        out.append(v)
    return tuple(out)


@dataclass(frozen=True)
class DavinciView:
    """What one seat may know (seat None: an observer, or the local face-up display).

    racks hold Tile(colour, value or None, revealed, uid); hand is the tile
    waiting to be placed, (colour, value or None); slots are its legal slots,
    given to its owner and spectators only; out marks players with no hidden
    tile. The other fields are as in DavinciState.
    """

    seat: int | None
    players: int
    to_move: int
    phase: Phase
    racks: tuple[tuple[Tile, ...], ...]
    piles: tuple[int, int]
    hand: tuple[int, int | None] | None
    slots: tuple[int, ...]
    drawn: int | None
    setup: int
    history: tuple[Event, ...]
    out: tuple[bool, ...]
    winner: int | None
    deal_jokers: bool
    piles_end_in_draw: bool
    jokers: bool = field(default=True, repr=False)  # out of the repr as in DavinciState
    draw_at_first_call: bool = field(default=False, repr=False)  # as in DavinciState

    def __post_init__(self) -> None:
        _name_fields(self)

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def candidates(self, target: int, index: int) -> tuple[int, ...]:
        """The values a guess at that tile may call (public_candidates)."""
        return public_candidates(self.racks, self.history, target, index, self.jokers)

    def hidden(self, seat: int) -> tuple[int, ...]:
        """Indices of the seat's tiles that are still face down."""
        return tuple(i for i, t in enumerate(self.racks[seat]) if not t.revealed)

    def find(self, uid: int) -> tuple[int, int]:
        """(seat, index) of the tile with this uid."""
        for s, rack in enumerate(self.racks):
            for i, t in enumerate(rack):
                if t.uid == uid:
                    return s, i
        raise KeyError(f"no tile with uid {uid}")

    def legal_moves(self) -> list[Move]:
        """The moves of the seat to move, in a fixed order (empty once over).

        Exact for the seat to move and for spectators; other seats see the
        same moves except for the slots of a tile in someone else's hand.
        """
        phase = self.phase
        if phase is Phase.DRAW:
            return [Draw(c) for c in (BLACK, WHITE) if self.piles[c]]
        if phase is Phase.PLACE:
            return [Place(s) for s in self.slots]
        if phase is Phase.GUESS or phase is Phase.CONTINUE:
            moves: list[Move] = [Stop()] if phase is Phase.CONTINUE else []
            for target in range(self.players):
                if target == self.to_move:
                    continue
                for index in self.hidden(target):
                    moves.extend(Guess(target, index, v) for v in self.candidates(target, index))
            return moves
        if phase is Phase.REVEAL:
            return [Reveal(i) for i in self.hidden(self.to_move)]
        return []


@dataclass(frozen=True)
class DavinciState:
    """A game of Da Vinci Code in full, hidden numbers included (see the module notes)."""

    players: int
    deal_jokers: bool
    piles_end_in_draw: bool
    piles: tuple[tuple[int, ...], tuple[int, ...]]
    racks: tuple[tuple[Tile, ...], ...]
    to_move: int
    phase: Phase
    hand: tuple[int, int] | None = None
    drawn: int | None = None
    setup: int = 0
    history: tuple[Event, ...] = ()
    next_uid: int = 0
    winner: int | None = None
    reason: str = ""
    # last, so that a state built field by field before this option still means the same; out of the repr,
    # which seeds the review's simulations: a position judged before the option is judged the same
    jokers: bool = field(default=True, repr=False)
    # the source's timing of the draw when the piles run out (False: a game of before, unchanged), kept out
    # of the repr for the reason above
    draw_at_first_call: bool = field(default=False, repr=False)

    def __post_init__(self) -> None:
        _name_fields(self)

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def hidden_count(self, seat: int) -> int:
        return sum(not t.revealed for t in self.racks[seat])


class DavinciRules:
    """Da Vinci Code for 2-4 players, with the official rules and the source's two variants."""

    name = "davinci"
    options = (
        Option("players", N_("Players"), (2, 3, 4), 2),
        # False deals numbers only and shuffles the jokers into the piles after the deal, as the official
        # rules do; saved games name that False, so a game without any joker is an option of its own
        Option("deal_jokers", N_("Starting tiles"), (False, True), False,
               (N_("Numbers only, the jokers join the piles after: the official rules"),
                N_("Drawn in turn, jokers too: a popular variant"))),
        # the physical game's deal: each player in turn draws a starting tile face down from the piles (picking
        # its colour) and stands it on the rack, jokers aside until every starting tile is drawn
        Option("draw_start", N_("Dealing"), (False, True), False,
               (N_("At random, sorted onto the racks"), N_("Each player draws them in turn, picking colours")),
               only_when=("deal_jokers", (False,))),
        Option("no_jokers", N_("Jokers"), (False, True), False,
               (N_("In the piles"), N_("None: numbers only")), only_when=("deal_jokers", (False,))),
        Option("piles_end_in_draw", N_("Empty piles"), (False, True), False,
               (N_("Play on: the official rules"), N_("End in a draw: a popular variant"))),
        # The report's main loop checks the deck after every call ("play(); if (dq_isEmpty(&BlockDeck))
        # { ... 무승부입니다 (it is a draw) ... exit }"), and a call is one play(): so the game ends right
        # after the first call of the turn that drew the last tile. Without this choice the draw
        # comes a turn later, when a turn cannot draw, as games saved before it were played.
        Option("draw_at_first_call", N_("The draw comes"), (False, True), False,
               (N_("When a turn cannot draw"), N_("Right after the last tile's first call")),
               only_when=("piles_end_in_draw", (True,))),
        # What a person's number pad offers (the rules allow every such call either way: a typed move
        # always could). The report's player calls any number ("choose_guessNumber()" takes any), and
        # the bluff it was written against is calling "자신에게 있는 숫자 블록" (a number they hold
        # themselves). Numbers the open tiles rule out stay off the pad: the rules refuse them.
        Option("bluff_calls", N_("Number pad"), (False, True), False,
               (N_("Numbers that can be right"), N_("Any number, bluffs too"))),
    )

    def normalize(self, options: dict | None) -> dict:
        return normalize_options(self.options, options)

    def num_players(self, options: dict) -> int:
        return self.normalize(options)["players"]

    def new_game(self, options: dict | None = None, seed: int | None = None) -> DavinciState:
        """Shuffle with random.Random(seed) only, so a seed and a move list replay a game."""
        o = self.normalize(options)
        n = o["players"]
        rng = random.Random(seed)
        k = starting_tiles(n)
        if o["deal_jokers"]:
            piles = tuple(tuple(rng.sample(VALUES, len(VALUES))) for _colour in (BLACK, WHITE))
            return DavinciState(n, True, o["piles_end_in_draw"], piles, ((),) * n, 0, Phase.DRAW,
                                setup=n * k, draw_at_first_call=o["draw_at_first_call"])
        jokers = not o["no_jokers"]
        if o["draw_start"]:
            # numbers only until the starting tiles are drawn; the jokers join the piles then (`_jokers_join`)
            piles = tuple(tuple(rng.sample(NUMBERS, len(NUMBERS))) for _colour in (BLACK, WHITE))
            return DavinciState(n, False, o["piles_end_in_draw"], piles, ((),) * n, 0, Phase.DRAW,
                                setup=n * k, jokers=jokers, draw_at_first_call=o["draw_at_first_call"])
        numbered = [(c, v) for c in (BLACK, WHITE) for v in NUMBERS]
        rng.shuffle(numbered)
        racks, uid = [], 0
        for seat in range(n):
            dealt = sorted(numbered[seat * k:(seat + 1) * k], key=lambda t: order_key(*t))
            racks.append(tuple(Tile(c, v, False, uid + i) for i, (c, v) in enumerate(dealt)))
            uid += k
        rest = numbered[n * k:]
        piles = []
        for c in (BLACK, WHITE):
            pile = [v for cc, v in rest if cc == c] + ([JOKER] if jokers else [])
            rng.shuffle(pile)
            piles.append(tuple(pile))
        return DavinciState(n, False, o["piles_end_in_draw"], (piles[0], piles[1]), tuple(racks), 0, Phase.DRAW,
                            next_uid=uid, jokers=jokers, draw_at_first_call=o["draw_at_first_call"])

    # ------------------------------------------------------------------ reading
    def view(self, state: DavinciState, seat: int | None) -> DavinciView:
        """What `seat` may know; None: what an observer may know, every hidden number withheld."""
        return self._view(state, seat, state.over)

    def face_up_view(self, state: DavinciState) -> DavinciView:
        """Every tile face up, as the seat-less view of the local "Face up" display of AIs playing.

        Named apart so that no path meant for a seat or an observer can reach it by passing None.
        """
        return self._view(state, None, True)

    def _view(self, state: DavinciState, seat: int | None, see_all: bool) -> DavinciView:
        racks = tuple(
            tuple(t if see_all or owner == seat or t.revealed else t._replace(value=None) for t in rack)
            for owner, rack in enumerate(state.racks))
        hand, slots = None, ()
        if state.hand is not None:
            colour, value = state.hand
            if see_all or seat == state.to_move:
                hand = (colour, value)
                slots = place_slots(state.racks[state.to_move], colour, value)
            else:
                hand = (colour, None)
        out = tuple(not state.setup and not state.hidden_count(s) for s in range(state.players))
        return DavinciView(seat, state.players, state.to_move, state.phase, racks,
                           (len(state.piles[0]), len(state.piles[1])), hand, slots, state.drawn, state.setup,
                           state.history, out, state.winner, state.deal_jokers, state.piles_end_in_draw,
                           state.jokers, state.draw_at_first_call)

    def public_history(self, moves: Sequence[Move], seat: int | None) -> tuple:
        """Every move of Da Vinci Code is made in the open: the pile a tile is drawn from,
        the gap it goes in, the tile and number called, stopping, the tile turned up.
        The numbers of drawn tiles are not moves: they stay in the state, out of any view."""
        return tuple(moves)

    def legal_moves(self, state: DavinciState) -> list[Move]:
        return self.view(state, state.to_move).legal_moves()

    def to_move(self, state: DavinciState) -> int:
        return state.to_move

    def is_over(self, state: DavinciState) -> bool:
        return state.over

    def outcome(self, state: DavinciState) -> Outcome:
        """Winner (None: a draw), hidden tiles left per seat as scores, and why."""
        if not state.over:
            raise ValueError("the game is not over")
        scores = tuple(state.hidden_count(s) for s in range(state.players))
        if state.reason == PILES_RAN_OUT:
            detail = N_("The piles ran out: a draw, as the source rules.")
        else:
            detail = N_("{winner} kept the last hidden tiles.")  # Outcome.describe names the seat
        return Outcome(state.winner, scores, state.reason, detail)

    # ------------------------------------------------------------------ playing
    def why_illegal(self, state: DavinciState, move: object) -> str | None:
        """Why `move` cannot be played now, in the player's words; None if it can."""
        if state.over:
            return _("The game is over")
        if not isinstance(move, tuple) or not move or not isinstance(move[0], str) or move[0] not in MOVES:
            return _("Not a Da Vinci Code move: {move!r}").format(move=move)
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in move[1:]):
            return _("Not a Da Vinci Code move: {move!r}").format(move=move)
        # a move of another phase is told what this one asks for; a move of this phase that is not legal,
        # why not (its shape is checked here, on the tuple as given: a named move has the right one)
        kind = move[0]
        if kind not in _WANTED[state.phase]:
            return _(_ASKED[state.phase])
        if move in self.legal_moves(state):
            return None
        if kind == Draw.KIND:
            if len(move) == 2 and move[1] in (BLACK, WHITE):
                return _("The black pile is empty") if move[1] == BLACK else _("The white pile is empty")
            return _("Draw black or white, not {move!r}").format(move=move)
        if kind == Place.KIND:
            return _("The tile cannot stand there: numbers stand in ascending order")
        if kind == Reveal.KIND:
            return _("Reveal one of your own hidden tiles")
        if kind == Stop.KIND:
            return _("Not a Da Vinci Code move: {move!r}").format(move=move)
        return self._why_bad_guess(state, move)

    def _why_bad_guess(self, state: DavinciState, move: tuple) -> str:
        if len(move) != 4:
            return _("A guess names a player, a tile and a value: {move!r}").format(move=move)
        _kind, target, index, value = move
        if target == state.to_move:
            return _("Guess another player's tile, not your own")
        if not 0 <= target < state.players:
            return _("There is no player {number}").format(number=target + 1)
        if not 0 <= index < len(state.racks[target]):
            return _("Player {number} has no tile {tile}").format(number=target + 1, tile=index + 1)
        tile = state.racks[target][index]
        if tile.revealed:
            return _("That tile is already face up")
        if value not in VALUES:
            return _("Call a number from 0 to 11, or the joker")
        if value == JOKER and not state.jokers:
            return _("This game has no jokers: call a number from 0 to 11")
        return _("That {tile} cannot be {value}: the face-up tiles rule it out").format(
            tile=tile_name(tile.colour, None), value=value_text(value))

    def apply(self, state: DavinciState, move: Move) -> DavinciState:
        """The state after `move`; IllegalMove (state untouched) if it cannot be played."""
        why = self.why_illegal(state, move)
        if why is not None:
            raise IllegalMove(why)
        seat = state.to_move
        move = as_move(move)  # legal, so it has a move's shape: named now if it came as a plain tuple
        if isinstance(move, Draw):
            colour = move.colour
            pile = state.piles[colour]
            piles = (pile[:-1], state.piles[1]) if colour == BLACK else (state.piles[0], pile[:-1])
            return replace(state, piles=piles, hand=(colour, pile[-1]), phase=Phase.PLACE,
                           history=state.history.then(Drew(seat, colour)))
        if isinstance(move, Place):
            return self._place(state, move.slot)
        if isinstance(move, Guess):
            return self._guess(state, move.target, move.index, move.value)
        if isinstance(move, Stop):
            return self._next_turn(replace(state, history=state.history.then(Stopped(seat))))
        tile = state.racks[seat][move.index]
        state = self._reveal(state, seat, move.index, Revealed(seat, tile.uid, tile.value))
        return state if state.over else self._next_turn(state)

    def _place(self, state: DavinciState, slot: int) -> DavinciState:
        seat = state.to_move
        colour, value = state.hand
        uid = state.next_uid
        rack = state.racks[seat]
        rack = rack[:slot] + (Tile(colour, value, False, uid),) + rack[slot:]
        racks = state.racks[:seat] + (rack,) + state.racks[seat + 1:]
        state = replace(state, racks=racks, hand=None, next_uid=uid + 1,
                        history=state.history.then(Placed(seat, slot, uid)))
        if state.setup:
            setup = state.setup - 1
            if setup:
                return replace(state, setup=setup, to_move=(seat + 1) % state.players, phase=Phase.DRAW)
            return self._start_turn(_jokers_join(replace(state, setup=0)), 0)
        return replace(state, drawn=uid, phase=Phase.GUESS)

    def _guess(self, state: DavinciState, target: int, index: int, value: int) -> DavinciState:
        seat = state.to_move
        tile = state.racks[target][index]
        right = tile.value == value
        event = Guessed(seat, target, tile.uid, value, right)
        last_tile_call = self._ends_in_draw_after_call(state)
        if right:
            state = self._reveal(state, target, index, event)
            if state.over:
                return state
            return _piles_ran_out(state) if last_tile_call else replace(state, phase=Phase.CONTINUE)
        state = replace(state, history=state.history.then(event))
        if state.drawn is None:
            return replace(state, phase=Phase.REVEAL)
        own = next(i for i, t in enumerate(state.racks[seat]) if t.uid == state.drawn)
        state = self._reveal(state, seat, own, Revealed(seat, state.drawn, state.racks[seat][own].value))
        if state.over:
            return state
        return _piles_ran_out(state) if last_tile_call else self._next_turn(state)

    @staticmethod
    def _ends_in_draw_after_call(state: DavinciState) -> bool:
        """Under the source's timing, whether the call about to be made ends the game: it is the first
        call (phase GUESS) of a turn that drew a tile (`drawn`) and left both piles empty, so the turn
        that took the last tile. A call that decides the game (the last hidden tile turned up) keeps
        its winner: the report's draw stands for a game that nobody has won yet."""
        return (state.piles_end_in_draw and state.draw_at_first_call and state.phase is Phase.GUESS
                and state.drawn is not None and not state.piles[0] and not state.piles[1])

    def _reveal(self, state: DavinciState, owner: int, index: int, event: Guessed | Revealed) -> DavinciState:
        """Turn a tile face up, record why, and end the game if one player alone has hidden tiles."""
        rack = state.racks[owner]
        rack = rack[:index] + (rack[index]._replace(revealed=True),) + rack[index + 1:]
        state = replace(state, racks=state.racks[:owner] + (rack,) + state.racks[owner + 1:],
                        history=state.history.then(event))
        alive = [s for s in range(state.players) if state.hidden_count(s)]
        if len(alive) == 1:
            return replace(state, phase=Phase.OVER, winner=alive[0], reason=LAST_STANDING, drawn=None)
        return state

    def _next_turn(self, state: DavinciState) -> DavinciState:
        seat = state.to_move
        for step in range(1, state.players + 1):
            nxt = (seat + step) % state.players
            if state.hidden_count(nxt):
                return self._start_turn(state, nxt)
        raise AssertionError("a game in play has a player with hidden tiles")

    def _start_turn(self, state: DavinciState, seat: int) -> DavinciState:
        state = replace(state, to_move=seat, drawn=None)
        if state.piles[0] or state.piles[1]:
            return replace(state, phase=Phase.DRAW)
        if state.piles_end_in_draw:
            return _piles_ran_out(state)
        return replace(state, phase=Phase.GUESS)

    # ------------------------------------------------------------------ notation
    def move_to_text(self, move: Move, state: DavinciState | None = None) -> str:
        """"draw b", "place 3", "guess 2 4 7", "guess 2 4 -", "stop", "reveal 2", counting from 1."""
        named = as_move(move)
        if named is None:
            raise ValueError(f"not a Da Vinci Code move: {move!r}")
        return named.text()

    def move_from_text(self, text: str, state: DavinciState | None = None) -> Move:
        move = parse(text)
        if move is not None:
            return move
        usage = _('write "draw b", "draw w", "place 3", "guess 2 4 7" (player, tile, number; '
                  '"-" for the joker), "stop" or "reveal 2", counting players and tiles from 1')
        if not text.split():
            raise IllegalMove(_("No move in {text!r}: {usage}").format(text=text, usage=usage))
        raise IllegalMove(_("Not a Da Vinci Code move: {text!r}; {usage}").format(text=text, usage=usage))


def _piles_ran_out(state: DavinciState) -> DavinciState:
    """The game over as a draw because the piles ran out."""
    return replace(state, phase=Phase.OVER, winner=None, reason=PILES_RAN_OUT, drawn=None)


def _jokers_join(state: DavinciState) -> DavinciState:
    """After a drawn start without jokers (draw_start), each joker goes into its pile at a random place.

    The place is drawn from the order of the pile it joins, which the seed made and nobody sees: so a seed
    and a move list still replay the game, and a state needs no field for it (a sampled deal of the review
    gets its own places the same way)."""
    if state.deal_jokers or not state.jokers:
        return state  # jokers already in the piles, or a game of numbers only
    piles = []
    for pile in state.piles:
        at = random.Random(repr(pile)).randint(0, len(pile))
        piles.append(pile[:at] + (JOKER,) + pile[at:])
    return replace(state, piles=(piles[0], piles[1]))


def starting_tile(view: "DavinciView | DavinciState", uid: int) -> bool:
    """Whether the tile `uid` is one of the starting tiles of a game that starts without jokers (dealt, or
    drawn with the jokers aside): such a tile is never a joker. Starting tiles get the first uids."""
    return not view.deal_jokers and uid < view.players * starting_tiles(view.players)


def jokers_aside(view: "DavinciView | DavinciState") -> bool:
    """Whether the jokers are set aside now: the starting tiles of a game without them are being drawn."""
    return not view.deal_jokers and bool(view.setup)


# the kinds of move each phase takes, and what a move of another kind is told
_WANTED = {Phase.DRAW: (Draw.KIND,), Phase.PLACE: (Place.KIND,), Phase.GUESS: (Guess.KIND,),
           Phase.CONTINUE: (Guess.KIND, Stop.KIND), Phase.REVEAL: (Reveal.KIND,)}
_ASKED = {Phase.DRAW: N_("Draw a tile first"), Phase.PLACE: N_("Place the drawn tile first"),
          Phase.GUESS: N_("Guess a tile first"), Phase.CONTINUE: N_("Guess again or stop"),
          Phase.REVEAL: N_("Reveal one of your hidden tiles")}

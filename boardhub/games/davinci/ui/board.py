"""The Da Vinci Code table: racks around it (yours at the bottom, face up), the two
piles, a drawn tile waiting by the rack of whoever drew it, gaps that open in your
rack to place it, guesses by tile and number pad (or by the keys), continue or
stop, reveal animations, every call announced in words, and the probability hint
on request.

Everything is drawn from the view of the seat looking at the table: the human's
seat in a game with one human, and in AI vs AI everyone's hidden tiles face down
unless the spectator turns them up. People sharing one screen never see each
other's numbers: between two of their turns the table is covered ("Pass to
Player 2 - click when only they are looking"), every hidden number face down
and no hint drawn, until the one to move clicks it away.
"""
from __future__ import annotations

from typing import NamedTuple, Union

import pygame

from boardhub.core.game import GameEntry
from boardhub.core.i18n import N_, _
from boardhub.core.match import Match
from boardhub.games.davinci.engine import BLACK, JOKER, DavinciState, DavinciView, starting_tile, tile_name
from boardhub.games.davinci.moves import Draw, Guess, Guessed, Move, Phase, Place, Placed, Reveal, Stop, as_move
from boardhub.games.davinci.tile_history import current_turn, tile_history
from boardhub.games.davinci.ui import paint
from boardhub.games.davinci.ui.paint import FELT, FELT_EDGE, TILE  # noqa: F401 (TILE: as before)
from boardhub.games.davinci.ui.layout import Table, fitting_px, lay_out
from boardhub.games.davinci.words import (  # noqa: F401 (describe: the board's name before words.py)
    GUESSING, Call, TurnUp, describe, event_of, hidden_words, move_words, step_words, value_words, why_not_offered)
from boardhub.ui import theme
from boardhub.ui.board import PLAY_KEYS, BoardView, DrawContext, Intent, Play, Refuse

ANNOUNCE_SECONDS = 3.5  # how long a call stays in the middle of the table: long enough to read twice
ANNOUNCED = 3  # calls shown at once at most (an AI may call three times in a second)


class Pick(NamedTuple):
    """A tile picked for a guess: a target of the clicks and keys, not a move; ("pick", seat, index)."""

    kind: str
    seat: int
    index: int


def pick(seat: int, index: int) -> Pick:
    return Pick("pick", seat, index)


Target = Union[Move, Pick]


def as_target(target: tuple) -> Target | None:
    """A target of the clicks and keys, named (a plain tuple such as ("pick", 1, 2) or a move's)."""
    if isinstance(target, tuple) and len(target) == 3 and target[0] == "pick":
        return pick(target[1], target[2])
    return as_move(target)


class DavinciBoard(BoardView):
    def __init__(self, game: GameEntry) -> None:
        super().__init__(game)
        self.selected: tuple[int, int] | None = None  # (seat, index) picked for a guess
        self.face_up = False  # the spectator toggle in AI vs AI
        self.show_hints = False
        self.viewer: int | None = None  # the seat looking at the table; None: a spectator
        # among people sharing the screen, the one who clicked the cover away: they alone are looking
        self.looking: int | None = None
        self.cover: str | None = None  # the covered table's words while one person hands over to the next
        self.flips: dict[int, tuple[float, float]] = {}  # uid -> (start, duration)
        self.announced: list[tuple[float, Call | TurnUp]] = []  # (when, what): calls shown mid-table
        self._plies = 0  # the moves of the game at the last update: fewer now means moves were taken back
        self._seen: DavinciView | None = None  # the view of the last update or input (for the cursor)
        # the table laid out for that view in that rect: drawing and every key's targets read it
        self._laid: tuple[tuple[DavinciView, tuple[int, int, int, int]], Table] | None = None
        self.bluff_calls = False  # the game's "Number pad: Any number" option, read from the match looked at

    # ---------------------------------------------------------------- who looks at the table
    def look(self, match: Match) -> DavinciView:
        """Who looks at the table: the one human, a spectator, or among several people the one to move
        once they have clicked the cover away; until then (and in the AIs' turns between) nobody's
        numbers show."""
        humans = self.people(match)
        to_move = match.state.to_move
        self.bluff_calls = match.options.get("bluff_calls", False) is True  # a game of before: False
        self.cover = None
        if len(humans) == 1:
            self.viewer = humans[0]
        elif len(humans) > 1 and not match.is_over and to_move in humans and self.looking == to_move:
            self.viewer = to_move
        else:
            self.viewer = None
            if len(humans) > 1 and not match.is_over and to_move in humans:
                self.cover = _("Pass to {name} - click when only they are looking").format(
                    name=match.seats[to_move].label)
        self._seen = self.view(match.state)
        return self._seen

    def people(self, match: Match) -> list[int]:
        """The seats of people at the table; none in the replay of a game between people, which is
        watched as AI vs AI is (face down, or face up by choice), with no one to hand the table to."""
        humans = list(match.human_seats)
        return [] if self.replay and len(humans) > 1 else humans

    def same_onlooker(self, other: "DavinciBoard") -> None:
        """The person at the screen is the one at `other`'s (a new view of the same table)."""
        self.looking = other.looking

    def uncover(self, match: Match) -> None:
        """The person to move clicked the cover away: the table is theirs to see."""
        self.looking = match.state.to_move
        self.cursor = None
        self.look(match)

    def view(self, state: DavinciState) -> DavinciView:
        """The view drawn: the looking seat's, or in AI vs AI an observer's, face up on request."""
        if self.viewer is None and self.face_up:
            return self.game.rules.face_up_view(state)
        return self.game.rules.view(state, self.viewer)

    def shown(self, view: DavinciView, seat: int, tile) -> bool:
        """Whether a tile's number shows: revealed, the viewer's own, or face up for a spectator."""
        if tile.revealed or view.winner is not None or view.phase is Phase.OVER:
            return tile.value is not None
        if view.seat is None:
            return self.face_up
        return seat == view.seat and tile.value is not None

    def order(self, view: DavinciView) -> list[int]:
        """Seats from the bottom, clockwise: the looking seat (or seat 0) first."""
        first = view.seat if view.seat is not None else 0
        return [(first + k) % view.players for k in range(view.players)]

    def placing(self, view: DavinciView) -> bool:
        """The looking seat has a drawn tile to place: its rack opens its legal gaps."""
        return view.phase is Phase.PLACE and view.seat is not None and view.seat == view.to_move

    # ---------------------------------------------------------------- geometry (ui/layout.py: drawing and input)
    def table(self, view: DavinciView) -> Table:
        """Lay the table out for this view in this board's rect (`layout.lay_out`)."""
        return lay_out(self.rect, view, self.order(view), self.placing(view))

    def _table(self, view: DavinciView | None) -> Table:
        """The table for `view` (None: the one last looked at), laid out once for the view in this rect."""
        view = view if view is not None else self._seen
        if view is None:
            raise ValueError("the table has not been looked at yet")
        if self._laid is not None and self._laid[0] == (view, tuple(self.rect)):
            return self._laid[1]
        return self.table(view)

    def rack_rects(self, view: DavinciView) -> dict[tuple[int, int], pygame.Rect]:
        """Where every tile stands."""
        return self._table(view).tiles

    def slot_rects(self, view: DavinciView, tiles: dict | None = None) -> dict[int, pygame.Rect]:
        """The gaps of the looking seat's rack where its drawn tile may go (they are laid out with the
        rack itself: `tiles`, the racks' rects that callers may have at hand, is not needed)."""
        return self._table(view).slots

    def pile_rects(self, view: DavinciView | None = None) -> dict[int, pygame.Rect]:
        return self._table(view).piles

    def pad_rects(self, view: DavinciView | None = None) -> dict[int, pygame.Rect]:
        """The number pad: 0-11 and the joker, in two rows above your rack."""
        return self._table(view).pad

    def stop_rect(self, view: DavinciView | None = None) -> pygame.Rect:
        return self._table(view).stop

    def slot_at(self, table: Table, pos) -> int | None:
        """The legal gap nearest a click on or beside the rack (gaps are narrow when a rack is full)."""
        near = [(abs(rect.centerx - pos[0]), slot) for slot, rect in table.slots.items()
                if rect.inflate(table.tw * 0.7, 0).collidepoint(pos)]
        return min(near)[1] if near else None

    # ---------------------------------------------------------------- clicks
    def click(self, pos, match: Match) -> Intent:
        view = self.look(match)
        if self.cover is not None:
            self.uncover(match)
            return None
        t = self._table(view)
        if view.phase is Phase.DRAW:
            for colour, rect in t.piles.items():
                if rect.collidepoint(pos):
                    return self.choose(Draw(colour), view)
            return Refuse(_("Draw a tile: click the black or the white pile"))
        if view.phase is Phase.PLACE:
            slot = self.slot_at(t, pos)
            if slot is not None:
                return Play(Place(slot))
            return Refuse(_("Place your tile: click one of the marked gaps in your rack"))
        if view.phase is Phase.REVEAL:
            for (seat, index), rect in t.tiles.items():
                if seat == view.to_move and rect.collidepoint(pos):
                    return self.choose(Reveal(index), view)
            return Refuse(_("Wrong, and the piles are empty: click one of your hidden tiles to reveal it"))
        if view.phase in GUESSING:
            if view.phase is Phase.CONTINUE and t.stop.collidepoint(pos):
                return Play(Stop())
            if self.selected is not None:
                for value, rect in t.pad.items():
                    if rect.collidepoint(pos):
                        return self.choose(Guess(*self.selected, value), view)
            for (seat, index), rect in t.tiles.items():
                if rect.collidepoint(pos):
                    return self.choose(pick(seat, index), view)
            return Refuse(_("Click a hidden tile of another player, then its number"))
        return None

    def callable(self, view: DavinciView, seat: int, index: int) -> tuple[int, ...]:
        """The numbers the pad offers for a tile: those that can be right as the caller sees the table.

        Not a number of the caller's own rack (each tile is one of a kind), and no joker where none can
        be: a game without jokers, a tile of the official deal (dealt without jokers), or the joker of
        that colour in the caller's own rack. The rules allow such calls (a bluff, typed as a move), and
        the game's option "Number pad: Any number" puts them on the pad too, as the source's player could."""
        if self.bluff_calls:
            return view.candidates(seat, index)
        colour = view.racks[seat][index].colour
        mine = {t.value for t in (view.racks[view.seat] if view.seat is not None else ())
                if t.colour == colour and t.value is not None}
        dealt = starting_tile(view, view.racks[seat][index].uid)
        return tuple(v for v in view.candidates(seat, index)
                     if v not in mine and not (v == JOKER and dealt))

    def why_not(self, view: DavinciView, seat: int, index: int, value: int) -> str:
        """Why the pad does not offer `value` for that tile, in words (`words.why_not_offered`)."""
        return why_not_offered(view, seat, index, value)

    def cancel(self) -> bool:
        """Esc puts a picked tile back: no number is asked for it any more."""
        if self.selected is None:
            return False
        self.selected = None
        return True

    def choose(self, target: Target | tuple, view: DavinciView) -> Intent:
        """What choosing a target means, by mouse or by keys: a move, a tile picked, or a refusal."""
        target = as_target(target)
        if isinstance(target, Draw):
            if view.piles[target.colour] == 0:
                return Refuse(_("That pile is empty: draw from the other one"))
            return Play(target)
        if isinstance(target, Reveal):
            if view.racks[view.to_move][target.index].revealed:
                return Refuse(_("That tile is already face up: pick a hidden one"))
            return Play(target)
        if isinstance(target, Pick):
            if target.seat == view.to_move:
                return Refuse(_("Guess a tile of another player"))
            if view.racks[target.seat][target.index].revealed:
                return Refuse(_("That tile is already face up"))
            self.selected = (target.seat, target.index)
            return None  # the tile is picked: its number comes next
        if isinstance(target, Guess):
            if target.value not in self.callable(view, target.target, target.index):
                return Refuse(self.why_not(view, target.target, target.index, target.value))
            self.selected = None
            return Play(target)
        return Play(target)

    # ---------------------------------------------------------------- the keyboard
    def key(self, key: int, match: Match) -> Intent:
        """Enter or Space on the cover hands the table over, as a click does."""
        self.look(match)
        if self.cover is not None:
            if key in PLAY_KEYS:
                self.uncover(match)
            return None
        return super().key(key, match)

    def targets(self, match: Match) -> list[Target]:
        """What the arrow keys visit now: the piles, the open gaps, other players' hidden tiles,
        the numbers still possible for the picked tile, Stop, or your own tiles to turn up."""
        view = self.look(match)
        if not match.human_to_move or view.seat != view.to_move:
            return []
        if view.phase is Phase.DRAW:
            return [Draw(c) for c in (BLACK, 1) if view.piles[c]]
        if view.phase is Phase.PLACE:
            return [Place(s) for s in view.slots]
        if view.phase is Phase.REVEAL:
            return [Reveal(i) for i in view.hidden(view.to_move)]
        if view.phase in GUESSING:
            out: list[Target] = []
            if self.selected is not None:
                out += [Guess(*self.selected, v) for v in self.callable(view, *self.selected)]
            out += [pick(s, i) for s in self.order(view) if s != view.to_move for i in view.hidden(s)]
            if view.phase is Phase.CONTINUE:
                out.append(Stop())
            return out
        return []

    def draw_mark(self, surface: pygame.Surface, move, colour: tuple[int, int, int], label: str, s: float,
                  state: object = None) -> None:
        """A call is marked on the tile it names, with the number to call ("Best: 7"); a draw on its pile,
        a place on its gap, a reveal on the tile."""
        if self._seen is None or move is None:
            return
        t = self._table(self._seen)
        inward = (0, -1)  # the label stands on the side towards the middle, clear of the rack's name
        move = as_move(move)
        if isinstance(move, Guess):
            rect = t.tiles.get((move.target, move.index))
            inward = t.inward(move.target)
            words = value_words(move.value)
            label = _("{label}: {value}").format(label=label, value=words) if label else words
        else:
            rect = self.target_rect(self._seen, move)
        if rect is None:
            return
        paint.draw_ring(surface, rect, t.tw, colour, label, s, inward)

    def target_xy(self, target) -> tuple[float, float] | None:
        rect = self.target_rect(self._seen, target) if self._seen is not None else None
        return rect.center if rect is not None else None

    def target_rect(self, view: DavinciView, target: Target | tuple) -> pygame.Rect | None:
        """Where a target of the keys stands on the table drawn for `view`."""
        t = self._table(view)
        target = as_target(target)
        if isinstance(target, Draw):
            return t.piles.get(target.colour)
        if isinstance(target, Place):
            return t.slots.get(target.slot)
        if isinstance(target, Reveal):
            return t.tiles.get((view.to_move, target.index))
        if isinstance(target, Pick):
            return t.tiles.get((target.seat, target.index))
        if isinstance(target, Guess):
            return t.pad.get(target.value) if self.selected == (target.target, target.index) else None
        if isinstance(target, Stop):
            return t.stop
        return None

    def default_target(self, targets: list[tuple]) -> tuple:
        """Where the cursor goes when a new step of the turn begins: the first number still possible
        for a picked tile, else the first target (the black pile, the first gap or tile)."""
        return next((x for x in targets if isinstance(x, Guess)), targets[0])

    def fresh_cursor(self, targets: list[tuple], match: Match) -> tuple | None:
        """A step of the turn whose targets the cursor is not on starts at its first target."""
        return None if self.cursor in targets else self.default_target(targets)

    def press(self, match: Match) -> Intent:
        """Enter or Space chooses the cursor's target as a click would; a tile picked this way moves
        the cursor onto the number pad."""
        intent = self.choose(self.cursor, self._seen)
        if self.selected is not None and isinstance(as_target(self.cursor), Pick):
            self.cursor, self._home = self.default_target(self.targets(match)), None
        return intent

    # ---------------------------------------------------------------- the game's own buttons
    def actions(self, match: Match):
        people = self.people(match)
        out = [(N_("Hints: on") if self.show_hints else N_("Hints"), self.toggle_hints)] if people else []
        if not people:
            out.append((N_("Face down") if self.face_up else N_("Face up"), self.toggle_face_up))
        return out

    def toggle_hints(self) -> None:
        self.show_hints = not self.show_hints

    def toggle_face_up(self) -> None:
        self.face_up = not self.face_up

    def banner(self, match) -> str | None:
        """The status line for the human to move: what this step of the turn asks for."""
        if self.cover is not None:
            return self.cover
        labels = tuple(seat.label for seat in match.seats)
        return step_words(self.view(match.state), self.selected, labels)

    def miss_message(self) -> str:
        return _("Click a pile, a tile or a number")

    def seat_color(self, seat: int) -> tuple[int, int, int]:
        return theme.SEATS[seat]

    def draw_seat_icon(self, surface, center, radius: float, seat: int) -> None:
        pygame.draw.circle(surface, theme.SEATS[seat], center, radius)
        if radius >= 9:
            theme.text(surface, str(seat + 1), radius * 1.4, center, theme.on_colour(theme.SEATS[seat]), "center",
                       bold=True)

    def scores(self, state: DavinciState) -> list[str]:
        """Each seat's hidden tiles left, said as such."""
        return hidden_words(state)

    def move_label(self, seat: int, move: Move, before: DavinciState, after: DavinciState | None,
                   names: tuple[str, ...], you: int | None = None) -> str:
        """Every move in words (`words.move_words`)."""
        return move_words(seat, move, before, after, names, you)

    # ---------------------------------------------------------------- per frame
    def update(self, match: Match, dt: float) -> None:
        if len(match.history) < self._plies or match.is_over:
            # calls taken back, or the game over (its result says the rest): the table shows none of them
            self.announced.clear()
        self._plies = len(match.history)
        view = self.look(match)
        key = (view, tuple(self.rect))
        if self._laid is None or self._laid[0] != key:  # laid out here once, for the frame and the keys
            self._laid = (key, self.table(view))
        if self.selected is not None and (view.phase not in GUESSING or not match.human_to_move
                                          or view.racks[self.selected[0]][self.selected[1]].revealed):
            self.selected = None
        if self.cursor is not None:  # a new step of the turn: the cursor moves to what it asks for
            targets = self.targets(match)
            if targets and self.cursor not in targets:
                self.cursor, self._home = self.default_target(targets), None

    def wants_analysis(self, match: Match) -> tuple[bool, int | None]:
        """The odds of every hidden tile, as the looking seat can work them out."""
        return self.show_hints and self.viewer is not None, self.viewer

    def on_move(self, seat, move, before: DavinciState, after: DavinciState, now: float, duration: float) -> None:
        old = {t.uid: t.revealed for rack in before.racks for t in rack}
        for rack in after.racks:
            for t in rack:
                if t.revealed and not old.get(t.uid, False):
                    self.flips[t.uid] = (now, max(duration * 2, 0.001) if duration else 0.0)
        event = event_of(seat, move, before, after)
        if event is not None:
            self.announced = [(at, e) for at, e in self.announced if at + ANNOUNCE_SECONDS > now][-ANNOUNCED + 1:]
            self.announced.append((now, event))

    def busy(self, now: float) -> bool:
        # the announcements are not waited for: the move list keeps them once they go
        return any(start + d > now for start, d in self.flips.values())

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface, state: DavinciState, history: list, ctx: DrawContext) -> None:
        view = self.view(state)
        t = self._table(view)
        r = self.rect
        radius = round(min(r.width, r.height) * 0.08)
        pygame.draw.rect(surface, FELT_EDGE, r, border_radius=radius)
        pygame.draw.rect(surface, FELT, r.inflate(-round(t.tw * 0.2), -round(t.tw * 0.2)), border_radius=radius)
        if self.cover is not None:
            paint.draw_cover(surface, self.rect, t, self.cover)
            return
        tw = t.tw
        mine = view.seat
        acting = ctx.hover is not None  # a human may act: show what can be chosen
        for colour, rect in t.piles.items():
            paint.draw_pile(surface, rect, colour, view.piles[colour], view.phase is Phase.DRAW and acting, tw)
        last_guess = next((e for e in reversed(view.history) if isinstance(e, Guessed)), None)
        for (seat, index), rect in t.tiles.items():
            tile = view.racks[seat][index]
            box = paint.lifted(t, seat, rect, tile.revealed and seat == mine)
            self._draw_tile(surface, box, tile, self.shown(view, seat, tile), ctx.now)
            if ctx.last_move and last_guess is not None and tile.uid == last_guess.uid:
                pygame.draw.rect(surface, paint.last_call_colour(), box.inflate(round(tw * 0.1), round(tw * 0.1)),
                                 width=max(2, round(tw * 0.05)), border_radius=max(3, box.width // 6))
            if (seat, index) == self.selected:
                pygame.draw.rect(surface, paint.select_colour(), box.inflate(round(tw * 0.22), round(tw * 0.22)),
                                 width=max(2, round(tw * 0.07)), border_radius=max(4, box.width // 5))
            if view.drawn == tile.uid and not tile.revealed:  # this turn's drawn tile: a bar on the outside
                paint.draw_drawn_bar(surface, t, seat, box)
        paint.draw_names(surface, self.rect, view, t, ctx.labels)
        if view.hand is not None:
            colour, value = view.hand
            hand = t.hands[view.to_move]
            shown = value is not None and (view.seat is not None or self.face_up)
            self._draw_tile(surface, hand, (colour, value, False, -1), shown, ctx.now)
            pygame.draw.rect(surface, theme.SEATS[view.to_move], hand.inflate(round(tw * 0.16), round(tw * 0.16)),
                             width=max(2, round(tw * 0.06)), border_radius=max(4, hand.width // 5))
        for slot, rect in t.slots.items():
            pygame.draw.rect(surface, paint.select_colour(), rect, border_radius=max(2, rect.width // 3))
        if self.selected is not None and acting:
            paint.draw_pad(surface, view, t, self.selected, set(self.callable(view, *self.selected)))
        if view.phase is Phase.CONTINUE and acting:
            b = t.stop
            pygame.draw.rect(surface, theme.ACCENT, b, border_radius=b.height // 4)
            theme.text(surface, _("Stop"), fitting_px(_("Stop"), b.width * 0.9, b.height * 0.7), b.center,
                       (30, 30, 30), "center", bold=True)
        if self.show_hints and ctx.analysis is not None:
            paint.draw_hints(surface, view, t, ctx.analysis)
        if acting and self.cursor_shown and self.cursor is not None:
            rect = self.target_rect(view, self.cursor)
            if rect is not None:  # the cursor's targets are hidden tiles, gaps, piles and keys: none lifted
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(round(tw * 0.34), round(tw * 0.34)),
                                 width=max(3, round(tw * 0.08)), border_radius=max(5, rect.width // 4))
        if view.phase is not Phase.OVER:  # once the game is over its result says who called what last
            live = [e for at, e in self.announced if at <= ctx.now < at + ANNOUNCE_SECONDS]
            paint.draw_announcements(surface, t, ctx, live)
        told = self.told_tile(view, ctx)
        if told is not None:
            seat, index = told
            title, lines = self.tile_story(view, seat, index, ctx.labels)
            paint.draw_tooltip(surface, self.rect, t, t.tiles[told], title, lines, t.inward(seat))

    def told_tile(self, view: DavinciView, ctx: DrawContext) -> tuple[int, int] | None:
        """The tile whose history shows: the one under the mouse, else the one the keys' cursor is on."""
        t = self._table(view)
        if ctx.pointer is not None and not self.cursor_shown:
            for (seat, index), rect in t.tiles.items():
                box = paint.lifted(t, seat, rect, view.racks[seat][index].revealed and seat == view.seat)
                if box.collidepoint(ctx.pointer):
                    return seat, index
        if ctx.hover is not None and self.cursor_shown and self.cursor is not None:
            target = as_target(self.cursor)
            if isinstance(target, Pick):
                return target.seat, target.index
            if isinstance(target, Reveal):
                return view.to_move, target.index
        return None

    def tile_story(self, view: DavinciView, seat: int, index: int, names: tuple[str, ...]) -> tuple[str, list[str]]:
        """The tooltip of a tile: whose it is and what it is as the viewer sees it, then its history
        (`tile_history`: from the public record only) and the turn now."""
        tile = view.racks[seat][index]
        shown = tile.value if self.shown(view, seat, tile) else None
        title = _("{name}: {tile}").format(name=names[seat], tile=tile_name(tile.colour, shown))
        now = current_turn(view)
        return title, tile_history(view, tile.uid, names) + (
            [_("Now: turn {turn}").format(turn=now)] if now else [])

    def _draw_tile(self, surface, rect: pygame.Rect, tile, shown: bool, now: float) -> None:
        paint.draw_tile(surface, rect, tile, shown, now, self.flips)

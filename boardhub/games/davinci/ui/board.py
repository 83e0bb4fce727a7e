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

import math
from typing import NamedTuple, Union

import pygame

from boardhub.core.game import GameEntry
from boardhub.core.i18n import N_, _, percent
from boardhub.core.match import Match
from boardhub.games.davinci.engine import BLACK, JOKER, DavinciState, DavinciView, tile_name, value_text
from boardhub.games.davinci.moves import Draw, Guess, Guessed, Move, Phase, Place, Placed, Reveal, Stop, as_move
from boardhub.games.davinci.ui.layout import Table, announce_px, fitting_px, lay_out, text_px
from boardhub.games.davinci.words import (  # noqa: F401 (Call and describe: the board's names before words.py)
    Call, TurnUp, describe, event_of, move_words, ordinal, plan_words, value_words)
from boardhub.ui import theme
from boardhub.ui.board import PLAY_KEYS, BoardView, DrawContext, Intent, Play, Refuse

TILE = {BLACK: (30, 30, 36), 1: (240, 238, 230)}
INK = {BLACK: (240, 238, 230), 1: (30, 30, 36)}
EDGE = {BLACK: (90, 90, 100), 1: (160, 156, 146)}
FELT = (30, 92, 74)
FELT_EDGE = (20, 66, 52)
SELECT = (90, 200, 255)  # the tile picked for a guess and the places to click
LAST_CALL = (235, 80, 70)  # the tile of the last call
HINT = (250, 230, 150)
GUESSING = (Phase.GUESS, Phase.CONTINUE)  # the phases that pick a tile and call its number
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

    # ---------------------------------------------------------------- who looks at the table
    def look(self, match: Match) -> DavinciView:
        """Who looks at the table: the one human, a spectator, or among several people the one to move
        once they have clicked the cover away; until then (and in the AIs' turns between) nobody's
        numbers show."""
        humans = self.people(match)
        to_move = match.state.to_move
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
        humans = [i for i, seat in enumerate(match.seats) if seat.is_human]
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

    # ---------------------------------------------------------------- geometry (ui/layout.py; used by drawing and input)
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
        that colour in the caller's own rack. The rules allow such calls (a bluff, typed as a move)."""
        colour = view.racks[seat][index].colour
        mine = {t.value for t in (view.racks[view.seat] if view.seat is not None else ())
                if t.colour == colour and t.value is not None}
        dealt = not view.deal_jokers and view.racks[seat][index].uid not in {
            e.uid for e in view.history if isinstance(e, Placed)}
        return tuple(v for v in view.candidates(seat, index)
                     if v not in mine and not (v == JOKER and dealt))

    def why_not(self, view: DavinciView, seat: int, index: int, value: int) -> str:
        """Why the pad does not offer `value` for that tile, in words."""
        tile = view.racks[seat][index]
        if value in view.candidates(seat, index):
            if value == JOKER:
                return _("That tile was dealt, and the deal has no jokers")
            return _("You hold the {tile} yourself: that tile cannot be one").format(
                tile=tile_name(tile.colour, value))
        if value == JOKER and not view.jokers:
            return _("This game has no jokers: call a number from 0 to 11")
        return _("{value} cannot be that tile: the open tiles rule it out").format(value=value_text(value))

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
        ring = rect.inflate(round(t.tw * 0.3), round(t.tw * 0.3))
        pygame.draw.rect(surface, colour, ring, width=max(3, round(t.tw * 0.09)), border_radius=max(5, rect.width // 4))
        if label:
            img = theme.font(theme.font_px(16 * s), True).render(label, True, (20, 24, 30))
            gap = round(4 * s)
            box = img.get_rect(**{(0, -1): {"midbottom": (ring.centerx, ring.y - gap)},
                                  (0, 1): {"midtop": (ring.centerx, ring.bottom + gap)},
                                  (1, 0): {"midleft": (ring.right + gap, ring.centery)},
                                  (-1, 0): {"midright": (ring.x - gap, ring.centery)}}[inward])
            box.clamp_ip(surface.get_rect())
            pygame.draw.rect(surface, colour, box.inflate(round(8 * s), round(2 * s)), border_radius=4)
            surface.blit(img, box)

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
        view = self.view(match.state)
        if view.phase in GUESSING and self.selected is not None:
            seat, index = self.selected
            you = view.seat
            call = _("Now call the number of your {ordinal} tile on the pad") if seat == you else \
                _("Now call the number of {owner}'s {ordinal} tile on the pad")
            return call.format(owner=match.seats[seat].label, ordinal=ordinal(index + 1))
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

    def miss_message(self) -> str:
        return _("Click a pile, a tile or a number")

    def seat_color(self, seat: int) -> tuple[int, int, int]:
        return theme.SEATS[seat]

    def draw_seat_icon(self, surface, center, radius: float, seat: int) -> None:
        pygame.draw.circle(surface, theme.SEATS[seat], center, radius)
        if radius >= 9:
            theme.text(surface, str(seat + 1), radius * 1.4, center, theme.TEXT, "center", bold=True)

    def scores(self, state: DavinciState) -> list[str]:
        """Each seat's hidden tiles left, said as such."""
        # while the starting tiles are still being drawn an empty rack is not out: the deal goes on
        return [_("{count} hidden").format(count=n) if n or state.setup else _("out")
                for n in (state.hidden_count(s) for s in range(state.players))]

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
            self._draw_cover(surface, t)
            return
        tw = t.tw
        mine = view.seat
        acting = ctx.hover is not None  # a human may act: show what can be chosen
        for colour, rect in t.piles.items():
            self._draw_pile(surface, rect, colour, view.piles[colour], view.phase is Phase.DRAW and acting, tw)
        last_guess = next((e for e in reversed(view.history) if isinstance(e, Guessed)), None)
        for (seat, index), rect in t.tiles.items():
            tile = view.racks[seat][index]
            box = self._lifted(t, seat, rect, tile.revealed and seat == mine)
            self._draw_tile(surface, box, tile, self.shown(view, seat, tile), ctx.now)
            if ctx.last_move and last_guess is not None and tile.uid == last_guess.uid:
                pygame.draw.rect(surface, LAST_CALL, box.inflate(round(tw * 0.1), round(tw * 0.1)),
                                 width=max(2, round(tw * 0.05)), border_radius=max(3, box.width // 6))
            if (seat, index) == self.selected:
                pygame.draw.rect(surface, SELECT, box.inflate(round(tw * 0.22), round(tw * 0.22)),
                                 width=max(2, round(tw * 0.07)), border_radius=max(4, box.width // 5))
            if view.drawn == tile.uid and not tile.revealed:  # this turn's drawn tile: a bar on the outside
                self._draw_drawn_bar(surface, t, seat, box)
        self._draw_names(surface, view, t, ctx.labels)
        if view.hand is not None:
            colour, value = view.hand
            hand = t.hands[view.to_move]
            shown = value is not None and (view.seat is not None or self.face_up)
            self._draw_tile(surface, hand, (colour, value, False, -1), shown, ctx.now)
            pygame.draw.rect(surface, theme.SEATS[view.to_move], hand.inflate(round(tw * 0.16), round(tw * 0.16)),
                             width=max(2, round(tw * 0.06)), border_radius=max(4, hand.width // 5))
        for slot, rect in t.slots.items():
            pygame.draw.rect(surface, SELECT, rect, border_radius=max(2, rect.width // 3))
        if self.selected is not None and acting:
            self._draw_pad(surface, view, t)
        if view.phase is Phase.CONTINUE and acting:
            b = t.stop
            pygame.draw.rect(surface, theme.ACCENT, b, border_radius=b.height // 4)
            theme.text(surface, _("Stop"), fitting_px(_("Stop"), b.width * 0.9, b.height * 0.7), b.center,
                       (30, 30, 30), "center", bold=True)
        if self.show_hints and ctx.analysis is not None:
            self._draw_hints(surface, view, t, ctx.analysis)
        if acting and self.cursor_shown and self.cursor is not None:
            rect = self.target_rect(view, self.cursor)
            if rect is not None:  # the cursor's targets are hidden tiles, gaps, piles and keys: none lifted
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(round(tw * 0.34), round(tw * 0.34)),
                                 width=max(3, round(tw * 0.08)), border_radius=max(5, rect.width // 4))
        if view.phase is not Phase.OVER:  # once the game is over its result says who called what last
            self._draw_announcements(surface, t, ctx)

    def _draw_cover(self, surface, t: Table) -> None:
        """The table covered while it passes from one person to the next: its felt and the words only."""
        r = self.rect
        px = announce_px(t.tw)
        lines = theme.wrap(self.cover, px, round(r.width * 0.8), bold=True)
        lh = theme.font(int(px), True).get_linesize()
        y = r.centery - lh * len(lines) / 2
        for k, line in enumerate(lines):
            theme.text(surface, line, px, (r.centerx, y + k * lh), theme.ACCENT, "midtop", bold=True)

    def _lifted(self, t: Table, seat: int, rect: pygame.Rect, lifted: bool) -> pygame.Rect:
        """Your own tiles that the others can see stand a little out towards the middle."""
        if not lifted:
            return rect
        dx, dy = t.inward(seat)
        return rect.move(round(dx * t.th * 0.12), round(dy * t.th * 0.12))

    def _draw_drawn_bar(self, surface, t: Table, seat: int, box: pygame.Rect) -> None:
        dx, dy = t.inward(seat)
        off = t.tw * 0.14
        color = theme.SEATS[seat]
        width = max(2, round(t.tw * 0.07))
        if dy:  # racks across: the bar lies along the tile's outer edge
            y = box.bottom + off if dy < 0 else box.y - off
            pygame.draw.line(surface, color, (box.x + 3, y), (box.right - 3, y), width)
        else:
            x = box.x - off if dx > 0 else box.right + off
            pygame.draw.line(surface, color, (x, box.y + 3), (x, box.bottom - 3), width)

    def _draw_tile(self, surface, rect: pygame.Rect, tile, shown: bool, now: float) -> None:
        colour, value, revealed, uid = tile
        sx = 1.0
        anim = self.flips.get(uid)
        if anim is not None and anim[1] > 0:  # the reveal: the tile turns over
            t = min(1.0, max(0.0, (now - anim[0]) / anim[1]))
            sx = abs(math.cos(math.pi * t))
            shown = shown and t >= 0.5
        body = rect.inflate(-round(rect.width * (1 - sx)), 0)
        radius = max(3, min(rect.size) // 7)
        pygame.draw.rect(surface, (12, 40, 32), body.move(2, 3), border_radius=radius)
        pygame.draw.rect(surface, TILE[colour], body, border_radius=radius)
        pygame.draw.rect(surface, theme.ACCENT if revealed else EDGE[colour], body,
                         width=max(1, min(rect.size) // 18) + (1 if revealed else 0), border_radius=radius)
        if not (shown and value is not None and sx > 0.3):
            return
        short = min(rect.height, rect.width)
        if value == JOKER:  # the joker says its name, as small as it must be to fit
            theme.text(surface, _("joker"), fitting_px(_("joker"), rect.width * 0.86, short * 0.6), body.center,
                       INK[colour], "center", bold=True)
            return
        theme.text(surface, str(value), short * 0.9, body.center, INK[colour], "center", bold=True)
        if value in (6, 9):  # 6 and 9 look alike upside down: underline them, as real tiles do
            y = body.centery + short * 0.36
            pygame.draw.line(surface, INK[colour], (body.centerx - short * 0.18, y),
                             (body.centerx + short * 0.18, y), max(2, round(short * 0.05)))

    def _draw_pile(self, surface, rect: pygame.Rect, colour: int, count: int, active: bool, tw: float) -> None:
        for k in range(min(count, 4), 0, -1):
            pygame.draw.rect(surface, TILE[colour], rect.move(k * 3, -k * 3), border_radius=6)
            pygame.draw.rect(surface, EDGE[colour], rect.move(k * 3, -k * 3), width=1, border_radius=6)
        if count == 0:
            pygame.draw.rect(surface, FELT_EDGE, rect, width=2, border_radius=6)
        else:
            pygame.draw.rect(surface, TILE[colour], rect, border_radius=6)
            pygame.draw.rect(surface, theme.ACCENT if active else EDGE[colour], rect, width=3 if active else 1,
                             border_radius=6)
        theme.text(surface, str(count), rect.height * 0.5, rect.center, INK[colour] if count else theme.MUTED,
                   "center", bold=True)
        label = _("black pile") if colour == BLACK else _("white pile")
        theme.text(surface, label, text_px(tw, 0.42), (rect.centerx, rect.bottom + tw * 0.12), theme.TEXT,
                   "midtop")

    def _draw_names(self, surface, view: DavinciView, t: Table, labels: tuple[str, ...]) -> None:
        """Each rack's player, on the rack's outer side; names too long for a side rack's column wrap."""
        tw = t.tw
        px = text_px(tw, 0.5)
        for seat in range(view.players):
            name = _("{name} (out)").format(name=labels[seat]) if view.out[seat] else labels[seat]
            box = t.racks[seat]
            color = theme.MUTED if view.out[seat] else theme.TEXT
            if seat == view.to_move and view.phase is not Phase.OVER:
                color = theme.ACCENT
            place = t.places[seat]
            if place in ("bottom", "top"):
                pos, anchor = ((box.centerx, box.bottom + tw * 0.3), "midtop") if place == "bottom" else \
                    ((box.centerx, box.y - tw * 0.3), "midbottom")
                theme.text(surface, theme.fit(name, px, t.middle.width, bold=True), px, pos, color, anchor, bold=True)
            else:
                # within the rack's column, clear of the announcements in the middle: two lines at most
                width = t.middle.x - self.rect.x - 0.3 * tw
                lines = theme.wrap(name, px, round(width), bold=True)
                if len(lines) > 2:
                    lines = [lines[0], theme.fit(" ".join(lines[1:]), px, width, bold=True)]
                lh = theme.font(int(px), True).get_linesize()
                cx = self.rect.x + 0.15 * tw + width / 2 if place == "left" else self.rect.right - 0.15 * tw - width / 2
                for k, line in enumerate(lines):
                    theme.text(surface, line, px, (cx, box.y - tw * 0.25 - (len(lines) - 1 - k) * lh), color,
                               "midbottom", bold=True)

    def _draw_pad(self, surface, view: DavinciView, t: Table) -> None:
        target, index = self.selected
        allowed = set(self.callable(view, target, index))
        colour = view.racks[target][index].colour
        for value, rect in t.pad.items():
            ok = value in allowed
            pygame.draw.rect(surface, TILE[colour] if ok else theme.PANEL, rect, border_radius=6)
            pygame.draw.rect(surface, SELECT if ok else theme.PANEL_EDGE, rect, width=2, border_radius=6)
            label = _("joker") if value == JOKER else str(value)
            px = fitting_px(label, rect.width * 0.8, rect.height * 0.65)
            theme.text(surface, label, px, rect.center, INK[colour] if ok else theme.DISABLED, "center", bold=True)

    def _draw_hints(self, surface, view: DavinciView, t: Table, hints: dict) -> None:
        """The likeliest number of each hidden opponent tile and its chance, on the tile's inner side:
        on two short lines under a tile across the table, on one line beside a tile down its side."""
        tw = t.tw
        px = text_px(tw, 0.42)
        lh = theme.font(int(px)).get_linesize()
        for (seat, index), rect in t.tiles.items():
            dist = hints.get((seat, index))
            if not dist or view.racks[seat][index].revealed or seat == view.seat:
                continue
            value, p = max(dist.items(), key=lambda kv: kv[1])
            word = _("joker") if value == JOKER else str(value)
            chance = percent(p)
            dx, dy = t.inward(seat)
            off = tw * 0.2  # clear of the outline of a picked or last-called tile
            if dx:
                pos, anchor = ((rect.right + off, rect.centery), "midleft") if dx > 0 else \
                    ((rect.x - off, rect.centery), "midright")
                theme.text(surface, f"{word} {chance}", px, pos, HINT, anchor)
            else:
                y = rect.bottom + off if dy > 0 else rect.y - off - 2 * lh
                theme.text(surface, word, px, (rect.centerx, y), HINT, "midtop", bold=True)
                theme.text(surface, chance, px, (rect.centerx, y + lh), HINT, "midtop")

    def _draw_announcements(self, surface, t: Table, ctx: DrawContext) -> None:
        """The last calls, in words, above the piles until they are a few seconds old."""
        live = [e for at, e in self.announced if at <= ctx.now < at + ANNOUNCE_SECONDS]
        if not live:
            return
        you = ctx.humans[0] if len(ctx.humans) == 1 else None
        px = announce_px(t.tw)
        font = theme.font(int(px), True)
        lh = font.get_linesize()
        width = t.middle.width * 0.94
        room = max(1, int((t.announce_bottom - t.announce_top - 0.6 * px) // lh))
        rows: list[tuple[str, int]] = []
        for event in reversed(live):  # the newest calls, whole, as many as there is room for
            lines = theme.wrap(describe(event, ctx.labels, you), px, round(width - 1.6 * px), bold=True)
            if rows and len(rows) + len(lines) > room:
                break
            rows = [(line, event.seat) for line in lines] + rows
        h = lh * len(rows) + px * 0.6
        w = max(font.size(line)[0] for line, _colour in rows) + px * 1.6
        box = pygame.Rect(0, 0, round(w), round(h))
        box.midbottom = (t.middle.centerx, round(t.announce_bottom))
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (16, 24, 30, 215), layer.get_rect(), border_radius=8)
        surface.blit(layer, box)
        for k, (line, seat) in enumerate(rows):
            y = box.y + px * 0.3 + k * lh
            bar = (box.x + px * 0.35, y + lh * 0.15, max(3, px * 0.2), lh * 0.7)  # the caller's colour
            pygame.draw.rect(surface, theme.SEATS[seat], bar, border_radius=2)
            theme.text(surface, line, px, (box.x + px * 0.9, y), theme.TEXT, bold=True)

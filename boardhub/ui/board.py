"""What a game's board view gives the game scene: drawing, hit-testing, animations and intents.

A board view never acts on the game: a click or a key gives an intent (`Play`
a move, or `Refuse` it with the reason) that the scene hands to the session,
and `draw` reads the state and the `DrawContext` and changes nothing. What a
board keeps is its own presentation: its animations, an overlay switched on, a
tile picked for a guess, the keyboard's cursor.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Union

import pygame

from boardhub.core.game import GameEntry
from boardhub.core.i18n import _
from boardhub.core.match import Match
from boardhub.ui import theme


@dataclass(frozen=True)
class Play:
    """Play this move."""

    move: Any


@dataclass(frozen=True)
class Refuse:
    """The click means no move: tell the player why."""

    message: str


Intent = Union[Play, Refuse, None]  # None: the click was taken (a first step such as picking a tile)


@dataclass(frozen=True)
class DrawContext:
    """What a board may show this frame; boards read it and never change it."""

    now: float  # the scene's clock, seconds
    hover: tuple[int, int] | None  # the mouse, when a human may click the board
    hints: bool
    last_move: bool
    animation: float  # seconds per animation (0: none)
    labels: tuple[str, ...]  # seat names
    analysis: dict | None = None  # {move: value} of the position shown, when the board asked for it
    humans: tuple[int, ...] = field(default=())  # the human seats
    # the mouse while this screen is on top, whoever is to move (`hover` is only while a human may click):
    # for what a board tells about what lies under it (a Da Vinci tile's history)
    pointer: tuple[int, int] | None = None


ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
PLAY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
BOARD_KEYS = (*ARROWS, *PLAY_KEYS)  # the keys a board takes while a human is to move


class BoardView:
    """Base of every game's board: owns its rect, its running animations and the keyboard's cursor."""

    # how much a step to the side costs against a step ahead when an arrow looks for the next target:
    # 2 keeps a cursor in its row on a grid; a board whose targets sit diagonally to each other
    # (the lines of Dots and Boxes) takes less
    SIDE_COST = 2.0

    def __init__(self, game: GameEntry) -> None:
        self.game = game
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.cursor: Any | None = None  # the move the keyboard points at
        self._kept: tuple[Any, Any] | None = None  # (position, cursor) keep_cursor last found playable
        self.cursor_shown = False  # the keys were used since the mouse last moved
        self._cursor_game: Any = None  # the start of the match the cursor belongs to
        self._home: tuple[bool, float] | None = None  # (across?, the line a run of one arrow set out on)
        self.replay = False  # a saved game watched again: nobody at the table plays it (the scene says so)

    def layout(self, rect: pygame.Rect, state: Any) -> None:
        """Fit the board of `state` (its size is fixed for a match) into `rect`."""
        self.rect = rect

    def move_at(self, pos: tuple[int, int], state: Any) -> Any | None:
        """The move a click at `pos` means, or None."""
        return None

    def click(self, pos: tuple[int, int], match: Match) -> Intent:
        """What a human's click at `pos` asks for.

        Boards where a move takes several clicks (pick a tile, then a number)
        keep the choice so far and answer None until it is complete.
        """
        move = self.move_at(pos, match.state)
        return Play(move) if move is not None else Refuse(self.miss_message())

    # ---------------------------------------------------------------- the keyboard
    def targets(self, match: Match) -> list[Any]:
        """The moves the arrow keys visit (the legal points, squares or lines); none: no cursor."""
        return []

    def target_xy(self, move: Any) -> tuple[float, float] | None:
        """Where `move` is on the screen (None for a move without a place, such as a pass)."""
        return None

    # ---------------------------------------------------------------- the position editor
    def place_xy(self, place: Any) -> tuple[float, float] | None:
        """Where a place the position editor changes is on the screen: a move's place by default (a
        square, a point, a line; a box too, where the board says so)."""
        return self.target_xy(place)

    def place_radius(self) -> float:
        """Half the distance between two neighbouring places: a click this near a place means it, and
        the editor's cursor is drawn this large. 0: the board has no editor."""
        return 0.0

    def key(self, key: int, match: Match) -> Intent:
        """What a human's arrow, Enter or Space asks for, like `click`.

        An arrow moves the cursor to the nearest target that way; Enter or
        Space plays the move under it (refused as a click would be when the
        move is not legal). A key while the cursor is hidden only shows it
        (first near the last move), so a stray Enter never plays unseen.
        """
        targets = self.targets(match)
        if not targets:
            return None
        fresh = self.fresh_cursor(targets, match)
        if fresh is not None:
            self.cursor, self._home = fresh, None
        if not self.cursor_shown:
            self.cursor_shown = True
            return None
        if key in ARROWS:
            step = self._step(targets, ARROWS[key])
            if step is not None:
                self.cursor = step
            return None
        if key in PLAY_KEYS:
            return self.press(match)
        return None

    def fresh_cursor(self, targets: list[Any], match: Match) -> Any | None:
        """Where the cursor goes when it has no place yet (None: it stays where it is): near the last
        move, at the start of a game or after an import, where the old cursor means nothing."""
        if self._cursor_game is not match.start:
            self.cursor, self._cursor_game = None, match.start
        return self._nearest(targets, self._start_xy(match)) if self.cursor is None else None

    def press(self, match: Match) -> Intent:
        """Enter or Space on the cursor's target: play it."""
        return Play(self.cursor)

    def hide_cursor(self) -> None:
        """The mouse moved: it points now, until the next key."""
        self.cursor_shown = False

    def cancel(self) -> bool:
        """Esc: drop a move half chosen (a picked tile); False when there is none, so Esc pauses."""
        return False

    def _start_xy(self, match: Match) -> tuple[float, float]:
        """Where a new cursor starts: at the last move with a place, else the board's centre."""
        for p in reversed(match.history):
            xy = self.target_xy(p.move)
            if xy is not None:
                return xy
        return self.rect.center

    def keep_cursor(self, match: Match) -> None:
        """The cursor stays on a move that can be played: when its square was played (or undone into
        another position) it goes to the nearest target; with none, or once the game is over, it goes."""
        if self.cursor is None or (self._kept is not None and self._kept[0] is match.state
                                   and self._kept[1] == self.cursor):
            return  # checked for this position already: the targets are worked out once a position
        targets = [] if match.is_over else self.targets(match)
        if self.cursor in targets:
            self._kept = (match.state, self.cursor)
            return
        was = self.target_xy(self.cursor)
        self.cursor = self._nearest(targets, was) if targets and was is not None else None
        if self.cursor is None:
            self.hide_cursor()

    def _nearest(self, targets: list[Any], at: tuple[float, float]) -> Any:
        def distance(move: Any) -> tuple[float, int]:
            x, y = self.target_xy(move)
            return ((x - at[0]) ** 2 + (y - at[1]) ** 2, targets.index(move))
        return min(targets, key=distance)

    def _step(self, targets: list[Any], direction: tuple[int, int]) -> Any | None:
        """The target the cursor goes to that way: within 45 degrees if there is one, else anywhere ahead.

        Between targets as near, the one closest to the line the cursor set
        out on wins, so that pressing one arrow again and again goes straight
        on rather than drifting to one side.
        """
        here = self.target_xy(self.cursor)
        if here is None:
            return None
        dx, dy = direction
        lateral = here[1] if dx else here[0]
        if self._home is None or self._home[0] != bool(dx):
            self._home = (bool(dx), lateral)
        best, best_key = None, None
        for i, move in enumerate(targets):
            if move == self.cursor:
                continue
            x, y = self.target_xy(move)
            ahead = (x - here[0]) * dx + (y - here[1]) * dy
            side = abs((x - here[0]) * dy + (y - here[1]) * dx)
            if ahead < 0.5:  # pixels: not ahead at all
                continue
            off_line = abs((y if dx else x) - self._home[1])
            # rounded so that float noise never breaks a tie between targets equally far
            rank = (side > ahead + 0.5, round(ahead + self.SIDE_COST * side, 3), round(off_line, 3), i)
            if best_key is None or rank < best_key:
                best, best_key = move, rank
        return best

    def pointer(self, ctx: DrawContext) -> tuple[float, float] | None:
        """Where the human to move points this frame: the cursor once a key showed it, else the mouse."""
        if ctx.hover is None:
            return None
        if self.cursor_shown and self.cursor is not None:
            return self.target_xy(self.cursor)
        return ctx.hover

    def move_label(self, seat: int, move: Any, before: Any, after: Any | None, names: tuple[str, ...],
                   you: int | None = None) -> str:
        """How `seat`'s `move` from `before` reads in a move list; `after` is None for a move not played
        (a review's better move), said without what came of it. `names` are the seats' names and `you`
        the one human seat, if any. By default: the game's notation."""
        return self.game.rules.move_to_text(move, before)

    def on_move(self, seat: int, move: Any, before: Any, after: Any, now: float, duration: float) -> None:
        """`move` took `before` to `after`: start its animation, `duration` seconds long."""

    def busy(self, now: float) -> bool:
        """An animation is still running (the result panel waits for it; the window draws every frame)."""
        return False

    def actions(self, match: Match) -> list[tuple[str, Callable[[], Intent]]]:
        """The board's own buttons for the side panel (overlays it shows, a pass): (label, action).

        An action that answers with an intent (`Play(pass)`) is played as a click would be.
        """
        return []

    def shortcuts(self) -> dict[int, Callable[[], Intent]]:
        """Ctrl+key shortcuts for some of `actions`: {key: action}."""
        return {}

    def shortcut(self, key: int, match: Match) -> Callable[[], Intent] | None:
        """The action Ctrl+`key` asks for, while its button is offered (never at a remote table)."""
        action = self.shortcuts().get(key)
        return action if any(action == offered for _label, offered in self.actions(match)) else None

    def wants_analysis(self, match: Match) -> tuple[bool, int | None]:
        """(whether the board wants the game's evaluation now, the seat whose view it is of)."""
        return False, None

    def banner(self, match: Match) -> str | None:
        """A notice for the human to move (e.g. that the only move is a pass)."""
        return None

    def miss_message(self) -> str:
        """What to tell a click that means no move."""
        return _("Click on the board")

    def update(self, match: Match, dt: float) -> None:
        """Keep the board's own presentation in step with the game (who looks at the table)."""

    def piece_rects(self, state: Any) -> list[pygame.Rect]:
        """Where the stones or discs of `state` lie on the screen: labels keep off them."""
        return []

    def draw_line_of_play(self, surface: pygame.Surface, state: Any, line: tuple[Any, ...]) -> None:
        """Moves to come from `state`, the side to move's first, numbered 1, 2, 3... (a forced win found);
        only a board whose game has a solver draws them."""

    def draw_mark(self, surface: pygame.Surface, move: Any, colour: tuple[int, int, int], label: str,
                  s: float, state: Any = None) -> None:
        """A ring on `move` with an optional label beside it: a hint, or the review's better move.

        The label goes above the ring, or below, right or left where that covers
        no stone or disc of `state` (the first side clear of them).
        """
        xy = self.target_xy(move)
        if xy is None:
            return
        r = max(8, round(16 * s))
        pygame.draw.circle(surface, colour, xy, r, max(2, round(3 * s)))
        if not label:
            return
        f = theme.font(16 * s, True)
        img = f.render(label, True, (20, 24, 30))
        pad = (round(8 * s), round(2 * s))
        pieces = self.piece_rects(state) if state is not None else []
        sides = [img.get_rect(midbottom=(xy[0], xy[1] - r - 2)), img.get_rect(midtop=(xy[0], xy[1] + r + 2)),
                 img.get_rect(midleft=(xy[0] + r + 4, xy[1])), img.get_rect(midright=(xy[0] - r - 4, xy[1]))]
        for box in sides:
            box.clamp_ip(surface.get_rect())
        box = next((b for b in sides if b.inflate(*pad).collidelist(pieces) < 0), sides[0])
        pygame.draw.rect(surface, colour, box.inflate(*pad), border_radius=4)
        theme.blit_text(surface, img, box, f, label)

    def seat_color(self, seat: int) -> tuple[int, int, int]:
        return theme.SEATS[seat % len(theme.SEATS)]

    def draw_seat_icon(self, surface: pygame.Surface, center: tuple[float, float], radius: float,
                       seat: int) -> None:
        """The seat's mark, as the top bar and the move list show it."""
        theme.text(surface, theme.SEAT_MARKS[seat], radius * 2, center, theme.TEXT, "center", bold=True)

    def draw_move_icon(self, surface: pygame.Surface, center: tuple[float, float], radius: float,
                       match: Match, ply: int) -> None:
        """The mark beside move `ply` in the move list: its seat's, as that seat was when it moved."""
        self.draw_seat_icon(surface, center, radius, match.history[ply].seat)

    def scores(self, state: Any) -> list[str]:
        """Each seat's score as shown in the top bar."""
        return []

    def draw(self, surface: pygame.Surface, state: Any, history: list, ctx: DrawContext) -> None:
        pass


def move_words(board: BoardView, match: Match, index: int) -> str:
    """How move `index` of `match` reads in its move list, to its one human seat (if any) as "you"."""
    played = match.history[index]
    return board.move_label(played.seat, played.move, match.states[index], match.states[index + 1],
                            tuple(seat.label for seat in match.seats), match.human_seat)

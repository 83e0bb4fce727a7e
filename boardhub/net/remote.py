"""A game at a remote table as the game screen plays it: a session and a mirror of the host's match.

The host holds the real game. `RemoteMatch` is this computer's mirror of it, read
by the boards and the game screen as they read a `Match`: perfect-information
games hold the real position, replayed from the host's public moves; Da Vinci
Code holds a deal drawn from this seat's view alone (seeded by that view), so a
screen that draws the seat's view of it can show nothing the seat may not see.
When the game ends the host sends the seed and the whole deal, and the mirror
becomes the true game (replayed from the seed), which is saved like any other.

`RemoteSession` is what the game screen reads from a session: it sends this
seat's moves and shows them once the host has acknowledged them, turns the
host's messages into the same events an offline game gives, and keeps the
chat, the seats' connection state and the rematch.
"""
from __future__ import annotations

import random
import time
from collections import deque
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from boardhub.core import saves
from boardhub.core.clock import FLAG
from boardhub.core.events import Event, GameOver, MovePlayed, Notice, Rewound
from boardhub.core.i18n import N_, _
from boardhub.core.match import Match, Seat, Timing
from boardhub.core.modes import Mode
from boardhub.core.rules import IllegalMove, Outcome
from boardhub.core.saved_games import game_data
from boardhub.core.seat_names import NUMBERED, seat_label
from boardhub.core.stats import Stats, online_opponent, result_for
from boardhub.net import protocol
from boardhub.net.seat import RemoteSeat, host_seconds

CHAT_KEPT = 50  # chat lines kept for the screen: it shows the last few
# Why the host ended this connection for good, in the player's words (the protocol's are for logs).
CLOSED_WORDS = {
    protocol.CLOSE_BAD_TOKEN: N_("this seat's token is not valid"),
    protocol.CLOSE_FULL: N_("the table has no free seat"),
    protocol.CLOSE_FLOOD: N_("too many messages"),
    protocol.CLOSE_MALFORMED: N_("a message the host cannot read"),
    protocol.CLOSE_VERSION: N_("another version of boardhub's network play"),
    protocol.CLOSE_NO_TABLE: N_("no table with that code"),
    protocol.CLOSE_THROTTLED: N_("too many wrong codes from this address; wait a minute"),
}


def _davinci_deal(view: Any) -> Any:
    """A deal consistent with a Da Vinci Code view, drawn from the view alone: two views that are the
    same give the same deal, so nothing but the view decides what the screen holds."""
    from boardhub.games.davinci.review import sample_deal, view_seed
    return sample_deal(view, random.Random(view_seed(view)))


def _seconds(value: Any) -> float:
    """A time the host sent: a number of seconds, else none."""
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0 else 0.0


def _davinci_movers(view: Any, moves: list[str]) -> list[int] | None:
    """The seat that made each of `moves`, from the view's public history (one event a move, and a
    turned-up tile after a wrong call that no move made); None if the two do not agree."""
    events = list(getattr(view, "history", ()))
    out: list[int] = []
    i = 0
    for text in moves:
        kind = text.split()[0] if text.split() else ""
        while i < len(events) and events[i][0] != kind and events[i][0] == "reveal":
            i += 1  # a wrong call's drawn tile, turned up by the rules, not by a move
        if i >= len(events) or events[i][0] != kind:
            return None
        out.append(int(events[i][1]))
        i += 1
    return out


def table_seats(seats: list[dict[str, Any]]) -> list[Seat]:
    """The table's seats as the screens name them: AI seats as AIs, people as people.

    An AI seat is named as offline ("Classic normal AI", "Hard AI 2"), in the source's words that the
    screens translate; its spec ("seed:normal") is no name to show. An AI standing in keeps the
    person's name: it is their seat.
    """
    ais = [s.get("ai") if s.get("kind") == "ai" and isinstance(s.get("ai"), str) else None for s in seats]
    own = [ai if ai is not None and not seats[i].get("stand_in") else None for i, ai in enumerate(ais)]
    out = []
    for i, s in enumerate(seats):
        name = protocol.clean_name(s.get("name"), f"Player {i + 1}")
        if own[i] is not None:
            try:
                name = seat_label(own[i], str)
            except ValueError:  # an AI this version does not know: the name the host gave
                pass
            else:
                if own.count(own[i]) > 1:
                    name = NUMBERED.format(name=name, number=own[:i + 1].count(own[i]))
        out.append(Seat(ais[i], name))
    return out


class RemoteMatch(Match):
    """The mirror of the host's match; its moves come from the host only (never `play`)."""

    def __init__(self, seat: RemoteSeat) -> None:
        seats = table_seats(seat.seats) if seat.seats else [Seat(None, f"Player {i + 1}")
                                                            for i in range(seat.rules.num_players(seat.options))]
        super().__init__(seat.entry, seats, seat.options, 0, Timing(control=seat.control), None)
        self.me = seat.seat
        self._remote = seat  # the host's figures of the clocks, as they come
        self.hidden = seat.entry.key == "davinci"  # the only game whose view is not the position
        if self.hidden and seat.view is not None:
            self.states = [_davinci_deal(seat.view)]
        # a table joined (or caught up) mid-game: its moves so far, shown at once, each by the seat that made
        # it (Da Vinci Code's mirror cannot replay them: who moved is read from the view's public history)
        movers = _davinci_movers(seat.view, seat.moves) if self.hidden and seat.view is not None else None
        for i, text in enumerate(seat.moves):
            self.add(movers[i] if movers is not None else self.to_move, text, None, time.monotonic(), seat.seconds_of(i))
        # the moves caught up were timed by the host, not here: each seat's clock starts from the host's figure
        self._caught_up = len(self.history)
        self._host_used = [_seconds(s.get("used")) if isinstance(s, dict) else 0.0 for s in seat.seats] \
            if seat.moves else []

    def seat_time(self, seat: int) -> float:
        """The host's time for the moves before this screen joined, and this screen's for the moves since."""
        before = self._host_used[seat] if seat < len(self._host_used) else 0.0
        return before + sum(p.seconds for p in self.history[self._caught_up:] if p.seat == seat)

    def time_left(self, seat: int, now: float | None = None) -> float | None:
        """Under the table's time control, `seat`'s time left as the host last said it, the seat to move's
        running down since then on this computer's clock; this screen never decides that a seat fell, the
        host does (its flag comes as the game's end)."""
        if self.forfeit is not None and self.forfeit.reason == FLAG and seat == self.to_move:
            return 0.0
        left = self._remote.time_left(seat, self.clock() if now is None else now)
        return super().time_left(seat, now) if left is None else left  # none said: the moves' own times

    # ---------------------------------------------------------------- who is who on this computer
    @property
    def human_seats(self) -> tuple[int, ...]:
        """This computer's seat only: the others' racks are never this screen's to show."""
        return () if self.me is None else (self.me,)

    @property
    def human_to_move(self) -> bool:
        return not self.is_over and self.me is not None and self.to_move == self.me

    @property
    def mode(self) -> Mode:
        """Against AIs only when this computer's player is the one person at the table."""
        people = sum(seat.is_human for seat in self.seats)
        return Mode.PVA if people == 1 and self.me is not None else Mode.AVA if people == 0 else Mode.PVP

    # ---------------------------------------------------------------- what the host says
    def add(self, seat: int, text: str, view: Any, now: float, seconds: float | None = None) -> MovePlayed:
        """A move the host reports, with its time as the host measured it (`seconds`; a host that did not say
        it: as this screen saw it); the position after it is replayed, or for Da Vinci Code drawn from the view."""
        move = self.rules.move_from_text(text, self.state)
        before = self.state
        after = _davinci_deal(view) if self.hidden and view is not None else \
            before if self.hidden else self.rules.apply(before, move)
        played = MovePlayed(seat, move, len(self.history) + 1,
                            max(0.0, now - self._turn_start) if seconds is None else seconds,
                            self.game.move_sound(before, after))
        self.states.append(after)
        self.history.append(played)
        self._new_turn(now)  # a move that comes while a panel holds the clocks starts a turn at zero
        return played

    def seen(self, view: Any) -> None:
        """A fresh view of the position as it stands (a snapshot): Da Vinci Code's deal drawn again from it."""
        if self.hidden and view is not None:
            self.states[-1] = _davinci_deal(view)

    def reveal(self, over: dict[str, Any]) -> Outcome:
        """The game is over: the true game, from the seed and the moves, and how it ended."""
        self.seed = int(over["seed"])
        if self.hidden:
            state = self.rules.new_game(self.options, self.seed)
            self.start = state
            states = [state]
            for played in self.history:
                states.append(self.rules.apply(states[-1], played.move))
            self.states = states
        if not self.rules.is_over(self.state):  # ended by the players (a claim after someone left)
            values = over.get("values") if isinstance(over.get("values"), dict) else {}
            self.forfeit = Outcome(over.get("winner"), tuple(over.get("scores") or ()), str(over.get("reason", "")),
                                   str(over.get("detail", "")), str(over.get("template", "")),
                                   tuple(values.items()))
        return self.outcome

    def update(self, now: float | None = None) -> None:
        """Nothing moves here on its own: every seat's move comes from the host."""

    def play(self, move: Any, now: float | None = None) -> None:
        raise IllegalMove(_("No take-backs or moves of your own making here: this is a network table"))


@dataclass(frozen=True)
class ChatLine:
    name: str
    text: str
    watcher: bool


@dataclass
class SeatState:
    """A seat's connection as this computer knows it."""

    here: bool = True
    away_until: float | None = None  # time.monotonic() when the others may choose
    stand_in: bool = False

    def away_left(self, now: float) -> float | None:
        return None if self.away_until is None else max(0.0, self.away_until - now)


class RemoteSession:
    """A game at a network table, offering what the game screen reads from a `GameSession`.

    `client` is connected and welcomed, `seat` has folded every message so far;
    `hosting` (the in-app server, if this computer hosts) is stopped by `close`.
    """

    is_replay = False
    autoplay = False
    offers_hints = False
    hinting = False
    offers_find_win = False  # the solver's line is a hint too strong for a table's game
    finding_win = False
    import_replaces_moves = True
    script = None
    saved = None

    def __init__(self, client: Any, seat: RemoteSeat, hosting: Any = None) -> None:
        self.client = client
        self.seat = seat
        self.hosting = hosting
        self.entry = seat.entry
        self.match = RemoteMatch(seat)
        self.learn = False
        self.imported = 0
        self.hints = 0
        self.analysis = None
        self.chat: deque[ChatLine] = deque(maxlen=CHAT_KEPT)
        self.seats = [SeatState() for _seat in self.match.seats]
        self.rematch_asked: list[int] = []
        self.games = 1  # counts the games at this table: a rematch starts the next
        self.connected = True
        self.left: str | None = None  # why the table is gone for good (in words), once it is
        self.save_path = None  # the finished game's file in the saves
        self._pending: int | None = None  # the action sent and not answered yet
        self._events: list[Event] = []
        self._ev_seen = 0  # the last numbered event folded in: one shown twice is shown once
        self._back = False  # a reconnection whose snapshot has not come yet
        self._fresh = False  # a welcome that is no reconnection: a rematch's, when the game is over
        self._over_done = seat.over is not None
        self.created = datetime.now().isoformat(timespec="seconds")
        self._read_seats(seat.seats, time.monotonic(), quiet=True)
        if seat.over is not None:
            self._finish(seat.over)

    # ---------------------------------------------------------------- what the screen asks
    @property
    def setup(self) -> None:
        """A network table has no setup of this computer's to go back to."""
        return None

    @property
    def revealed(self) -> bool:
        """The host's reveal has come: the mirror is the true game."""
        return self._over_done

    @property
    def me(self) -> int | None:
        return self.match.me

    @property
    def interactive(self) -> bool:
        """This seat's turn, connected, with no move of its own still waiting for the host's answer."""
        return self.match.human_to_move and self._pending is None and self.connected and self.seat.started

    @property
    def busy(self) -> bool:
        """Never: the host's messages wake the window, so waiting for them costs no frames."""
        return False

    @property
    def waiting(self) -> bool:
        """A move of this seat sent and not yet answered."""
        return self._pending is not None

    def pace(self, ai_delay: float, ava_delay: float, animation: float) -> None:
        """The host paces its AI seats."""

    def restart(self) -> None:
        return None

    # ---------------------------------------------------------------- a player's moves and controls
    def play(self, move: Any, now: float | None = None) -> None:
        """Send this seat's move; it shows once the host acknowledges it. IllegalMove (why) changes nothing."""
        m = self.match
        if not self.connected:
            raise IllegalMove(_("Not connected to the table: wait until it is back"))
        if m.is_over:
            raise IllegalMove(_("The game is over"))
        if self._pending is not None:
            raise IllegalMove(_("Wait: your last move has not reached the host yet"))
        if not m.human_to_move:
            raise IllegalMove(_("Wait for your turn"))
        if m.hidden:
            view = self.seat.view
            if view is None or move not in view.legal_moves():
                raise IllegalMove(_("Not a move you can make now"))
        else:
            m.rules.apply(m.state, move)  # IllegalMove with the rules' own reason
        self._pending = self.client.act(m.rules.move_to_text(move, m.state))

    def undo(self) -> bool:
        self._events.append(Notice(_("No take-backs at a network table"), "warning"))
        return True

    def redo(self) -> bool:
        return self.undo()

    def can_undo(self) -> bool:
        return False

    def can_redo(self) -> bool:
        return False

    def toggle_pause(self) -> None:
        """A network table does not pause."""

    def step(self) -> None:
        """Nothing steps at a network table."""

    def ask_hint(self) -> str:
        return _("No hints at a network table")

    # a table's game is ended by the table: leaving it (the others may then claim the game), not on this screen
    can_resign = can_offer_draw = False
    draw_asked: int | None = None

    def resign(self) -> str:
        return _("At a network table, leave the table from the menu: the others may then claim the game")

    def offer_draw(self) -> str:
        return _("Draws are not offered at a network table")

    def hint_for(self, state: Any) -> None:
        return None

    def find_win(self) -> str:
        return _("No hints at a network table")

    def win_for(self, state: Any) -> None:
        return None

    def clear_win(self) -> bool:
        return False

    def analyse(self, seat: int | None) -> None:
        """No analysis of a game in progress against other people."""

    def analysis_for(self, seat: int | None) -> None:
        return None

    def record_so_far(self) -> None:
        return None

    def read_record(self, text: str) -> Any:
        raise IllegalMove(_("A network table plays only its own moves"))

    def import_record(self, record: Any) -> None:
        raise IllegalMove(_("A network table plays only its own moves"))

    # ---------------------------------------------------------------- the table
    def say(self, text: str) -> None:
        """A chat line to the others (the host limits how often)."""
        text = text.strip()[:protocol.MAX_CHAT]
        if text:
            self.client.send({"t": "chat", "text": text})

    def ask_rematch(self) -> None:
        self.client.send({"t": "rematch"})

    def decide_away(self, seat: int, choice: str) -> None:
        """For an away seat whose countdown ended: "stand_in", or in a game of two "win" or "draw"."""
        self.client.send({"t": "away", "seat": seat, "choice": choice})

    def choices_for(self, seat: int, now: float | None = None) -> list[str]:
        """What this player may choose for `seat` now (empty while its countdown runs or it is here)."""
        now = time.monotonic() if now is None else now
        left = self.seats[seat].away_left(now)
        if self.me is None or seat == self.me or left is None or left > 0 or self.match.is_over:
            return []
        return ["stand_in"] + (["win", "draw"] if len(self.seats) == 2 else [])

    def close(self) -> None:
        """Leave the table on purpose (the others wait a short while), and stop hosting it if this computer does."""
        self.client.close()
        if self.hosting is not None:
            self.hosting.stop()
            self.hosting = None

    # ---------------------------------------------------------------- the frame
    def update(self, now: float | None = None) -> list[Event]:
        """The host's messages since the last call, as the game screen's events."""
        self.pump(now)
        m = self.match
        forced = self.entry.forced_move(m.state) if self.interactive else None
        if forced is not None:  # nothing to choose (Othello's pass): the move is sent as offline it is played
            self.play(forced, now)
        events, self._events = self._events, []
        return events

    def pump(self, now: float | None = None) -> None:
        """Fold in the host's messages (a panel over the game calls this; the events wait for the screen)."""
        now = time.monotonic() if now is None else now
        for message in self.client.poll():
            self.seat.update(message)
            self._fold(message, now)

    def _fold(self, message: dict[str, Any], now: float) -> None:
        kind = message.get("t")
        if kind == "ev":
            n = message.get("n", 0)
            if n > self._ev_seen:
                self._ev_seen = n
                self._events.append(self.match.add(message["seat"], message["move"], message.get("view") and
                                                   self.seat.view, now, host_seconds(message.get("sec"))))
        elif kind == "snap":
            self._snapshot(now)
        elif kind == "welcome":
            self._fresh = not self._back
        elif kind == "seats":
            self._read_seats(message.get("seats", []), now)
        elif kind == "over":
            if not self._over_done:
                self._finish(message)
        elif kind == "ack":
            if message.get("n") == self._pending:
                self._pending = None
        elif kind == "reject":
            if message.get("n") is None or message.get("n") == self._pending:
                self._pending = None
                self._events.append(Notice(_("The host refused: {why}").format(why=_(str(message.get("why", "")))),
                                           "warning"))
        elif kind == "chat":
            self.chat.append(ChatLine(protocol.clean_name(message.get("from"), "?"), str(message.get("text", "")),
                                      bool(message.get("watcher"))))
        elif kind == "rematch":
            self.rematch_asked = [i for i in message.get("asked", []) if isinstance(i, int)]
        elif kind == "lost":
            self.connected = False
            self._events.append(Notice(_("Connection lost, reconnecting…"), "warning"))
        elif kind == "reconnected":
            self._back = True
        elif kind == "closed":
            self.connected = False
            why = CLOSED_WORDS.get(message.get("code"), N_("the connection was lost"))
            self.left = _(why)
            self._events.append(Notice(_("Left the table: {why}").format(why=_(why)), "error"))
        elif kind in ("replaced", "removed"):
            self.connected = False
            self.left = _("this seat is played from another window") if kind == "replaced" else \
                _("the host removed this seat")
            self._events.append(Notice(self.left, "error"))

    def _snapshot(self, now: float) -> None:
        """The host's whole picture: the start of a rematch, a reconnection caught up, or the table moved on."""
        seat, m = self.seat, self.match
        if self._fresh and m.is_over and self._over_done:  # a rematch: the next game, in the same screen
            self._fresh, self._over_done, self._pending = False, False, None
            seat.over = None
            self.match = RemoteMatch(seat)
            self.seats = [SeatState() for _seat in self.match.seats]
            self._read_seats(seat.seats, now, quiet=True)
            self.rematch_asked, self.games, self.save_path = [], self.games + 1, None
            self.created = datetime.now().isoformat(timespec="seconds")
            self._events.append(Rewound())
            self._events.append(Notice(_("A new game: the seats have turned")))
            return
        self._fresh = False
        for i in range(len(m.history), len(seat.moves)):  # moves missed with no event of their own
            self._events.append(m.add(m.to_move, seat.moves[i], None, now, seat.seconds_of(i)))
        m.seen(seat.view)
        if self._back:
            self._back, self.connected = False, True
            self._events.append(Notice(_("Back at the table: caught up"), "success"))

    def _read_seats(self, seats: list[dict[str, Any]], now: float, quiet: bool = False) -> None:
        if len(seats) != len(self.seats):
            return
        names = table_seats(seats)
        if names != self.match.seats:
            self.match.seats = names
        for i, (state, s) in enumerate(zip(self.seats, seats)):
            here = bool(s.get("here", True))
            away = s.get("away")
            if not quiet and i != self.me and here != state.here:
                said = _("An AI plays for {name} now") if s.get("stand_in") else \
                    _("{name} is back") if here else _("{name} is away")
                self._events.append(Notice(said.format(name=names[i].label), "info" if here else "warning"))
            state.here = here
            state.stand_in = bool(s.get("stand_in"))
            state.away_until = now + float(away) if isinstance(away, (int, float)) and not here else None

    def _finish(self, over: dict[str, Any]) -> None:
        """The host's reveal: the true game, its end, and its record in this computer's saves."""
        self._over_done = True
        self._pending = None
        try:
            outcome = self.match.reveal(over)
        except (ValueError, TypeError, KeyError, IllegalMove):
            self._events.append(Notice(_("The host's record of the game does not replay: it is not saved"), "error"))
            return
        self._events.append(GameOver(outcome))
        self._save(over)
        self._count(over, outcome)

    def _count(self, over: dict[str, Any], outcome: Outcome) -> None:
        """A player's result in the stats, once, in the network rows: apart where an AI stood in for anyone."""
        if self.me is None:
            return  # a watcher played nothing
        stood_in = any(isinstance(i, int) for i in over.get("stand_in", []))
        game_id = self.save_path.name if self.save_path is not None else ""
        try:
            Stats.load().record(self.entry.key, online_opponent(stood_in), result_for(outcome, self.me),
                                game_id=game_id)
        except (OSError, ValueError) as exc:  # SaveError: a stats file that must not be replaced, in words
            why = saves.plain(exc) if isinstance(exc, OSError) else exc
            self._events.append(Notice(_("The result was not counted: {why}").format(why=why), "warning"))

    def _save(self, over: dict[str, Any]) -> None:
        """The finished game in the saves, like an offline game: Saved games and Review list it."""
        data = game_data(self.match, self.created, True)
        stand_in = [i for i in over.get("stand_in", []) if isinstance(i, int)]
        data["network"] = {"stand_in": stand_in}
        self.save_path = saves.new_game_path(self.entry.key)
        try:
            saves.write_game(self.save_path, data)
        except OSError as exc:
            self.save_path = None
            self._events.append(Notice(_("Could not save the game: {why}").format(why=saves.plain(exc)), "error"))

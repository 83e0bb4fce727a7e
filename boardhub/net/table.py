"""One table of network play: the authoritative game, its seats, numbered events, chat and clocks.

A table is a state machine with no input or output of its own: each call takes
a connection's message and returns what to send, as `(connection, message)`
pairs, so the server is a thin loop around it and every rule of the table is
tested without a socket. A view is made for each recipient from the rules
(`rules.view(state, seat)`, an observer's view for watchers) and encoded by
`views.encode_view`: nothing else of the state ever goes into a message until
the game is over, when everyone gets the whole deal and the seed.

Reasons for a refusal are the catalog's English (marked N_), which each client says in
its own player's language. Actions carry the sender's own action number and the table version they were
made on. A repeated number gets its first answer again, so a resend after a lost
acknowledgement is applied once; an action made on an older version is refused
with the sender's fresh view. The host measures each move's time, from the moment
the turn was given to the moment the move arrived; a client never reports time.
"""
from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from boardhub.core import files, schema
from boardhub.core.clock import FLAG, NO_CLOCK, TimeControl
from boardhub.core.game import GameEntry, get_game
from boardhub.core.plain import to_plain
from boardhub.core.i18n import N_, Wording
from boardhub.core.rules import IllegalMove, Outcome, normalize_options
from boardhub.core.seat_check import seat_problem
from boardhub.net import protocol
from boardhub.net.views import encode_view

Out = tuple[int, dict[str, Any]]  # (connection id, message)
CHAT_GAP = 1.0  # seconds between two chat lines of one connection
AWAY_SECONDS = 60.0  # how long a dropped player's seat waits before the others may choose
LEFT_SECONDS = 10.0  # the same for a player who left on purpose
KEPT_ANSWERS = 64  # a seat's last answers, for resends
ON_TIME = N_("{player} lost on time")  # the words of a local game's flag, so both say it alike
AI_FLAG_SLACK = 3.0  # seconds past its time an AI seat's search still running is waited for (as offline)
ENDINGS = (N_("{winner} wins: the other player left"), N_("A draw: a player left"))  # by "is it a draw"


def _shorten(text: str, most: int = 40) -> str:
    """An AI's answer as a sentence may name it: one line, at most `most` characters."""
    text = " ".join(text.split())
    return text if len(text) <= most else text[:most - 1] + "…"


class Refused(Exception):
    """A greeting the table turns down: the connection is closed with `code`."""

    def __init__(self, code: int) -> None:
        super().__init__(protocol.CLOSE_REASONS.get(code, "refused"))
        self.code = code


@dataclass
class Seat:
    kind: str  # "human" (a person holds it), "open" (waiting for one) or "ai"
    name: str
    ai: str | None = None
    token_hash: str = ""
    conn: int | None = None
    away_since: float | None = None
    left: bool = False  # left on purpose (a short wait), not dropped (a long one)
    stand_in: bool = False  # an AI plays the seat until its person comes back with the token
    was_stood_in: bool = False  # an AI played it at some time this game (the stats mark such games)
    used: float = 0.0  # seconds of thinking, measured by the host
    answers: dict[int, dict[str, Any]] = field(default_factory=dict)

    def away_left(self, now: float) -> float | None:
        """Seconds until the others may choose what happens to this seat; None while it is here."""
        if self.away_since is None or self.kind != "human":
            return None
        return max(0.0, self.away_since + (LEFT_SECONDS if self.left else AWAY_SECONDS) - now)

    def public(self, now: float) -> dict[str, Any]:
        """What every recipient may know of the seat: never its token."""
        left = self.away_left(now)
        return {"kind": self.kind, "name": self.name, "ai": self.ai, "here": self.kind != "human" or self.conn is not None,
                "away": None if left is None else round(left, 1), "stand_in": self.stand_in, "used": round(self.used, 1)}


def offered_ai(entry: GameEntry, text: str) -> bool:
    """Whether `text` names one of the game's own AIs at one of its levels: never an engine or your own code
    (nothing is trusted from the network, so the saves' check refuses every program)."""
    return isinstance(text, str) and seat_problem(entry, text, trusted=()) is None


class Table:
    """A game hosted for several computers; seat 0's first holder is the host."""

    def __init__(self, game: str, options: dict | None, seats: list[str],
                 clock: Callable[[], float] = time.monotonic, seed: int | None = None, state: Any = None,
                 code: str | None = None, time_control: str | None = None) -> None:
        """`time_control`: a key of core.clock ("3+2", "10s"; None or "none": no clock); ValueError for another."""
        self.entry = get_game(game)
        self.control = TimeControl.parse(time_control)
        self.rules = self.entry.rules
        self.options = normalize_options(self.entry.options, options or {})
        if any(o.local_only and self.options[o.key] != o.default for o in self.entry.options):
            raise ValueError("an option for a game on one computer only")
        if len(seats) != self.rules.num_players(self.options):
            raise ValueError(f"{self.entry.title} with these options needs {self.rules.num_players(self.options)} seats")
        self.clock = clock
        self.code = code or protocol.new_code()
        self.seed = secrets.randbits(128) if seed is None else seed
        self.state = self.rules.new_game(self.options, self.seed) if state is None else state
        self.moves: list[str] = []
        self.times: list[float] = []  # each move's seconds, as the host measured them
        self.movers: list[int] = []  # the seat that made each move (a seat's clock is its own moves' times)
        self.events: list[dict[str, Any]] = []
        self.version = 0
        self.started = False
        self.host_seat = 0
        self.seats: list[Seat] = []
        for i, kind in enumerate(seats):
            if kind in ("me", "open"):
                self.seats.append(Seat("open", f"Seat {i + 1}"))
            elif offered_ai(self.entry, kind):
                self.seats.append(Seat("ai", kind, ai=kind))
            else:
                raise ValueError(f"not a seat this game offers: {kind!r}")
        if "me" not in seats:
            raise ValueError("the host needs a seat")
        self.host_seat = seats.index("me")
        self.watchers: set[int] = set()
        self.chat_at: dict[int, float] = {}
        self.turn_since = clock()
        self.ended: Outcome | None = None  # a game the players ended (a claim after someone left)
        self.game = 1  # counts the rematches
        self.rematch: set[int] = set()  # the seats that asked for one

    # ------------------------------------------------------------------ who is who
    def seat_of(self, conn: int) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.conn == conn), None)

    def recipients(self) -> list[tuple[int, int | None]]:
        """(connection, seat or None for a watcher) of everyone connected."""
        out = [(s.conn, i) for i, s in enumerate(self.seats) if s.conn is not None]
        return out + [(c, None) for c in sorted(self.watchers)]

    @property
    def over(self) -> bool:
        return self.ended is not None or self.rules.is_over(self.state)

    def outcome(self) -> Outcome:
        return self.ended or self.rules.outcome(self.state)

    # ------------------------------------------------------------------ the clocks
    def time_left(self, seat: int, now: float) -> float | None:
        """Under a time control, the seconds `seat` has at `now`, its move under way counted; None without one.

        Worked out as offline (core.clock) from the times the host measured for
        the seat's own moves, so a rejoining client, a restarted server and the
        finished game's record all agree. An away seat's clock runs as any other.
        """
        if self.control is None:
            return None
        if self.ended is not None and self.ended.reason == FLAG and dict(self.ended.values).get("seat") == seat:
            return 0.0  # its flag is down
        mine = [t for t, s in zip(self.times, self.movers) if s == seat]
        running = self.started and not self.over and self.rules.to_move(self.state) == seat
        return self.control.left(mine, max(0.0, now - self.turn_since) if running else 0.0)

    def clocks(self, now: float) -> list[float]:
        """Every seat's time left at `now` (a time control's tables only), as messages carry it."""
        return [round(max(0.0, self.time_left(i, now) or 0.0), 2) for i in range(len(self.seats))]

    def flag_deadline(self) -> float | None:
        """When the seat to move falls unless it moves first (an AI's search still running is given
        AI_FLAG_SLACK more, as offline: its getting ready is no thinking); None while no clock runs."""
        if self.control is None or not self.started or self.over:
            return None
        seat = self.rules.to_move(self.state)
        left = self.time_left(seat, self.turn_since) or 0.0
        return self.turn_since + left + (AI_FLAG_SLACK if self.seats[seat].kind == "ai" else 0.0)

    def check_flag(self, now: float) -> list[Out]:
        """The seat to move loses on time if its deadline has passed at `now` (with more than two seats the
        game ends there with no winner, as a forfeit and a local game's flag end it); what to send."""
        deadline = self.flag_deadline()
        if deadline is None or now < deadline:
            return []
        seat = self.rules.to_move(self.state)
        return self.forfeit(seat, FLAG, Wording(ON_TIME, (("seat", seat),)))

    def ai_limit(self, seat: int, now: float, limit: float) -> float:
        """The move limit an AI seat gets now: `limit` (the server's), or under a time control what it
        plans from its time left (core.clock.TimeControl.plan, as a local AI does)."""
        left = self.time_left(seat, now)
        return limit if left is None or self.control is None else self.control.plan(left)

    # ------------------------------------------------------------------ what is sent
    def view_message(self, seat: int | None) -> dict[str, Any]:
        snap = {"t": "snap", "ver": self.version, "ev": len(self.events), "started": self.started,
                "moves": list(self.moves), "secs": list(self.times),
                "view": encode_view(self.entry.key, self.rules.view(self.state, seat))}
        if self.control is not None:  # each seat's time left now: a rejoining or late client's clocks start there
            snap["left"] = self.clocks(self.clock())
        return snap

    def welcome(self, conn: int, seat: int | None, token: str | None) -> list[Out]:
        hello: dict[str, Any] = {"t": "welcome", "v": protocol.VERSION, "code": self.code, "game": self.entry.key,
                                 "options": self.options, "seat": seat, "host": self.host_seat,
                                 "seats": [s.public(self.clock()) for s in self.seats],
                                 "watching": len(self.watchers),
                                 "clock": NO_CLOCK if self.control is None else self.control.key}
        if token is not None:
            hello["token"] = token
        if seat is not None:  # where the seat's actions are counted: a client started afresh goes on from there
            hello["next"] = max(self.seats[seat].answers, default=0) + 1
        out = [(conn, hello), (conn, self.view_message(seat))]
        if self.over:
            out.append((conn, self.over_message()))
        return out

    def seats_message(self) -> list[Out]:
        status = {"t": "seats", "seats": [s.public(self.clock()) for s in self.seats], "watching": len(self.watchers)}
        return [(c, status) for c, _seat in self.recipients()]

    def over_message(self) -> dict[str, Any]:
        outcome = self.outcome()
        reveal = getattr(self.rules, "face_up_view", None)
        full = reveal(self.state) if reveal else self.rules.view(self.state, None)
        return {"t": "over", "winner": outcome.winner, "scores": list(outcome.scores), "reason": outcome.reason,
                "detail": outcome.describe([s.name for s in self.seats]), "template": outcome.template,
                "values": to_plain(dict(outcome.values)), "seed": str(self.seed),
                "reveal": encode_view(self.entry.key, full),
                "stand_in": [i for i, s in enumerate(self.seats) if s.stand_in or s.was_stood_in],
                **({"left": self.clocks(self.clock())} if self.control is not None else {})}

    # ------------------------------------------------------------------ greetings
    def join(self, conn: int, hello: dict[str, Any], now: float | None = None) -> list[Out]:
        """A connection greets the table: with a seat's token, to take a seat, or to watch."""
        now = self.clock() if now is None else now
        token = hello.get("token")
        if token:
            seat = next((i for i, s in enumerate(self.seats)
                         if s.token_hash and protocol.token_matches(token, s.token_hash)), None)
            if seat is None:
                raise Refused(protocol.CLOSE_BAD_TOKEN)
            held = self.seats[seat]
            old = held.conn
            held.conn, held.away_since, held.left = conn, None, False
            if held.stand_in:  # the person takes the seat back from the AI that stood in
                held.kind, held.stand_in = "human", False
            out = [(old, {"t": "replaced"})] if old is not None and old != conn else []
            since = hello.get("since")
            if isinstance(since, int) and 0 <= since <= len(self.events):
                out += [(conn, e) for e in self.events[since:]]  # the public events it missed, exactly
            return out + self.welcome(conn, seat, None) + self.seats_message()
        want = hello.get("want", "seat")
        if want == "watch":
            self.watchers.add(conn)
            return self.welcome(conn, None, None) + self.seats_message()  # the others see one more watching
        free = [i for i, s in enumerate(self.seats) if s.kind == "open"]
        if isinstance(want, int):
            free = [i for i in free if i == want]
        if not free:
            raise Refused(protocol.CLOSE_FULL)
        seat = free[0]
        token = protocol.new_token()
        self.seats[seat] = Seat("human", protocol.clean_name(hello.get("name"), f"Player {seat + 1}"),
                                token_hash=protocol.token_hash(token), conn=conn)
        return self.welcome(conn, seat, token) + self.seats_message()

    def leave(self, conn: int, now: float | None = None, on_purpose: bool = False) -> list[Out]:
        """A connection is gone: a watcher leaves, a seat is away until its holder comes back with the token."""
        now = self.clock() if now is None else now
        watched = conn in self.watchers
        self.watchers.discard(conn)
        self.chat_at.pop(conn, None)
        seat = self.seat_of(conn)
        if seat is None:
            return self.seats_message() if watched else []
        held = self.seats[seat]
        held.conn, held.away_since, held.left = None, now, on_purpose or held.left
        return self.seats_message()

    # ------------------------------------------------------------------ actions
    def handle(self, conn: int, message: dict[str, Any], now: float | None = None) -> list[Out]:
        """Any message after the greeting (checked by `protocol.check_message`)."""
        now = self.clock() if now is None else now
        kind = message["t"]
        if kind == "act":  # a move that comes after its seat's time ran out finds the game over
            return self.check_flag(now) + self.act(conn, message, now)
        if kind == "chat":
            return self.chat(conn, message, now)
        if kind == "start":
            return self.start(conn, now)
        if kind == "seat":
            return self.set_seat(conn, message)
        if kind == "bye":
            return self.leave(conn, now, on_purpose=True)
        if kind == "away":
            return self.decide_away(conn, message, now)
        if kind == "rematch":
            return self.ask_rematch(conn)
        if kind == "sync":  # answered after everything sent before it: the client knows it has caught up
            return [(conn, {"t": "sync", "n": message["n"]})]
        return [(conn, {"t": "reject", "why": N_("not now")})]

    def act(self, conn: int, message: dict[str, Any], now: float) -> list[Out]:
        seat = self.seat_of(conn)
        n = message["n"]
        if seat is None:
            return [(conn, {"t": "reject", "n": n, "why": N_("watchers cannot play")})]
        held = self.seats[seat]
        if n in held.answers:  # a resend: its first answer, nothing applied twice
            return [(conn, held.answers[n])]
        answer, out = self._try(seat, message, now)
        held.answers[n] = answer
        for old in sorted(held.answers)[:-KEPT_ANSWERS]:
            del held.answers[old]
        return [(conn, answer)] + out

    def _try(self, seat: int, message: dict[str, Any], now: float) -> tuple[dict[str, Any], list[Out]]:
        n = message["n"]

        def refuse(why: str) -> tuple[dict[str, Any], list[Out]]:
            return {"t": "reject", "n": n, "why": why, "ver": self.version}, []

        if not self.started:
            return refuse(N_("the game has not started"))
        if self.over:
            return refuse(N_("the game is over"))
        if message["ver"] != self.version:
            snap = self.view_message(seat)
            return {"t": "reject", "n": n, "why": N_("the table has moved on"), "ver": self.version}, \
                [(self.seats[seat].conn, snap)]
        if self.rules.to_move(self.state) != seat:
            return refuse(N_("it is not your turn"))
        move = self._legal(seat, message["move"])
        if move is None:
            return refuse(N_("not a move you can make now"))
        try:
            self._play(seat, move, now)
        except IllegalMove:  # judged by the rules' own check (see _legal)
            return refuse(N_("not a move you can make now"))
        return {"t": "ack", "n": n, "ver": self.version}, self._broadcast()

    def _legal(self, seat: int, text: str) -> Any:
        """The move `text` names if it is legal for `seat` now, judged from that seat's own view."""
        text = files.clean_text(text, limit=protocol.MAX_MOVE)
        try:
            move = self.rules.move_from_text(text, self.state)
        except (IllegalMove, ValueError, TypeError, IndexError):
            return None
        if self.entry.key == "davinci":
            # The seat to move sees every move it may make (its view's legal moves are the state's, by
            # the engine's own definition), and `apply` refuses any other with IllegalMove: checked
            # there once rather than here too, a view and every guess's candidates made twice an action.
            return move
        view = self.rules.view(self.state, seat)
        legal = view.legal_moves() if hasattr(view, "legal_moves") else self.rules.legal_moves(self.state)
        return move if move in legal else None

    def _play(self, seat: int, move: Any, now: float, most: float | None = None) -> None:
        """`most`: the most this move is charged (an AI seat's time left: crossing from the AI process is
        not its thinking)."""
        state = self.rules.apply(self.state, move)  # raises before changing anything
        spent = max(0.0, now - self.turn_since)
        if most is not None:
            spent = min(spent, most)
        self.seats[seat].used += spent
        self.state = state
        self.moves.append(self.rules.move_to_text(move, state))
        self.movers.append(seat)
        self.times.append(round(spent, 2))  # every screen shows the host's time of a move, never its own
        self.version += 1
        self.turn_since = now
        event = {"t": "ev", "n": len(self.events) + 1, "seat": seat, "move": self.moves[-1],
                 "sec": self.times[-1], "ver": self.version}
        if self.control is not None:  # every seat's time left, the increment added: each screen counts from it
            event["left"] = self.clocks(now)
        self.events.append(event)

    def _broadcast(self) -> list[Out]:
        """The last event and each recipient's own view of the table after it."""
        event = self.events[-1]
        out: list[Out] = []
        for conn, seat in self.recipients():
            out.append((conn, {**event, "view": encode_view(self.entry.key, self.rules.view(self.state, seat))}))
        if self.over:
            over = self.over_message()
            out += [(conn, over) for conn, _seat in self.recipients()]
        return out

    # ------------------------------------------------------------------ the AI seats
    def ai_turn(self) -> tuple[int, str, Any, int] | None:
        """(seat, AI spec, that seat's view, table version) when an AI seat is to move, else None."""
        if not self.started or self.over:
            return None
        seat = self.rules.to_move(self.state)
        if self.seats[seat].kind != "ai":
            return None
        return seat, self.seats[seat].ai or self.stand_in_ai(), self.rules.view(self.state, seat), self.version

    def stand_in_ai(self) -> str:
        """The AI that stands in for a person who left: the game's strongest."""
        return self.entry.ai_entries[-1].name

    def ai_played(self, seat: int, version: int, move: Any, now: float | None = None) -> list[Out]:
        """An AI seat's answer to the view of `version`; dropped if the table has moved on. A move the
        rules refuse forfeits the game for that seat, as offline: asked again, it would answer the same."""
        now = self.clock() if now is None else now
        turn = self.ai_turn()
        if version != self.version or turn is None or turn[0] != seat:
            return []
        fell = self.check_flag(now)  # an answer that comes after its time and slack: the AI lost on time
        if fell:
            return fell
        most = None if self.control is None else max(0.0, self.time_left(seat, self.turn_since) or 0.0)
        try:
            self._play(seat, move, now, most)
        except (IllegalMove, ValueError, TypeError):
            return self.forfeit(seat, "illegal", Wording(N_("{player} answered with something that is not a move "
                                                            "({move})"), (("move", _shorten(repr(move))),)))
        return self._broadcast()

    def ai_failed(self, seat: int, version: int, error: Wording) -> list[Out]:
        """An AI seat gave no move for the view of `version` (its process failed twice, it raised, it hung):
        the game ends as a forfeit of that seat, `error` (its subject the seat) saying why, in words."""
        turn = self.ai_turn()
        if version != self.version or turn is None or turn[0] != seat:
            return []
        return self.forfeit(seat, "error", error)

    def forfeit(self, seat: int, reason: str, why: Wording) -> list[Out]:
        """`seat` loses the game for `reason` ("error", "illegal"): in a game of two the other seat wins,
        else no one does (as offline); everyone gets the end and the reveal."""
        others = [i for i in range(len(self.seats)) if i != seat]
        self.ended = Outcome.worded(others[0] if len(others) == 1 else None, (), reason, why.template,
                                    **{**dict(why.values), "player": self.seats[seat].name})
        return self.seats_message() + [(c, self.over_message()) for c, _seat in self.recipients()]

    # ------------------------------------------------------------------ the host's controls
    def start(self, conn: int, now: float) -> list[Out]:
        if self.seat_of(conn) != self.host_seat:
            return [(conn, {"t": "reject", "why": N_("only the host starts the game")})]
        if self.started:
            return []
        if any(s.kind == "open" for s in self.seats):
            return [(conn, {"t": "reject", "why": N_("a seat is still open")})]
        self.started = True
        self.turn_since = now
        snap = [(c, self.view_message(seat)) for c, seat in self.recipients()]
        return [(c, {"t": "started"}) for c, _seat in self.recipients()] + snap

    def set_seat(self, conn: int, message: dict[str, Any]) -> list[Out]:
        """The host puts an AI in a seat or opens it again (removing whoever held it and ending their token)."""
        seat, ai = message["seat"], message.get("ai", "open")
        if self.seat_of(conn) != self.host_seat or self.started:
            return [(conn, {"t": "reject", "why": N_("only the host changes seats, before the start")})]
        if not 0 <= seat < len(self.seats) or seat == self.host_seat:
            return [(conn, {"t": "reject", "why": N_("no such seat")})]
        if ai != "open" and not offered_ai(self.entry, ai):
            return [(conn, {"t": "reject", "why": N_("not an AI of this game")})]
        gone = self.seats[seat].conn
        self.seats[seat] = Seat("open", f"Seat {seat + 1}") if ai == "open" else Seat("ai", ai, ai=ai)
        out = [(gone, {"t": "removed"})] if gone is not None else []
        return out + self.seats_message()

    # ------------------------------------------------------------------ someone left
    def decide_away(self, conn: int, message: dict[str, Any], now: float) -> list[Out]:
        """What the players still here choose for an away seat once its countdown ends.

        "stand_in": an AI plays it until its person comes back with the token; in a game
        of two, "win" (the one still here wins) or "draw". Waiting is choosing nothing.
        """
        me, seat, choice = self.seat_of(conn), message["seat"], message.get("choice", "")
        if me is None or not 0 <= seat < len(self.seats) or seat == me:
            return [(conn, {"t": "reject", "why": N_("only a player at the table chooses, for another seat")})]
        away = self.seats[seat].away_left(now)
        if away is None or not self.started or self.over:
            return [(conn, {"t": "reject", "why": N_("that seat is not away")})]
        if away > 0:
            return [(conn, {"t": "reject", "why": N_("the countdown has not ended")})]
        if choice == "stand_in":
            held = self.seats[seat]
            held.kind, held.stand_in, held.was_stood_in = "ai", True, True
            return self.seats_message()
        if choice in ("win", "draw") and len(self.seats) == 2:
            winner = me if choice == "win" else None
            self.ended = Outcome.worded(winner, (), "abandoned", ENDINGS[winner is None])
            return self.seats_message() + [(c, self.over_message()) for c, _seat in self.recipients()]
        return [(conn, {"t": "reject", "why": N_("not a choice for this table")})]

    # ------------------------------------------------------------------ after the game
    def ask_rematch(self, conn: int) -> list[Out]:
        """Every person at the table asks: a new game, seats turned by one, AI seats kept."""
        me = self.seat_of(conn)
        if me is None or not self.over:
            return [(conn, {"t": "reject", "why": N_("a rematch comes after the game")})]
        self.rematch.add(me)
        people = {i for i, s in enumerate(self.seats) if s.kind == "human"}
        if not people <= self.rematch:
            return [(c, {"t": "rematch", "asked": sorted(self.rematch)}) for c, _seat in self.recipients()]
        self.seats = self.seats[-1:] + self.seats[:-1]
        self.host_seat = (self.host_seat + 1) % len(self.seats)
        for held in self.seats:
            if held.stand_in:  # the one who left and never came back: their seat is open again
                held.kind, held.stand_in = "human", False
            held.used, held.answers, held.was_stood_in = 0.0, {}, False
        self.seed = secrets.randbits(128)
        self.state = self.rules.new_game(self.options, self.seed)
        self.moves, self.movers, self.times, self.ended, self.rematch = [], [], [], None, set()
        self.game += 1
        self.version += 1
        self.turn_since = self.clock()
        out: list[Out] = []
        for c, seat in self.recipients():
            out += self.welcome(c, seat, None)
        return out

    # ------------------------------------------------------------------ chat
    def chat(self, conn: int, message: dict[str, Any], now: float) -> list[Out]:
        """A chat line, to the players or to the watchers (never across), at most one a second."""
        if now - self.chat_at.get(conn, -CHAT_GAP) < CHAT_GAP:
            return [(conn, {"t": "reject", "why": N_("one chat line a second")})]
        text = files.clean_text(message["text"], limit=protocol.MAX_CHAT * 4).strip()[:protocol.MAX_CHAT]
        if not text:
            return []
        self.chat_at[conn] = now
        seat = self.seat_of(conn)
        line = {"t": "chat", "from": self.seats[seat].name if seat is not None else "watcher", "text": text,
                "watcher": seat is None}
        return [(c, line) for c, s in self.recipients() if (s is None) == (seat is None)]

    # ------------------------------------------------------------------ saving
    def to_json(self) -> dict[str, Any]:
        """Everything to resume the table after the server restarts: tokens as hashes only."""
        return {"game": self.entry.key, "options": self.options, "seed": str(self.seed), "code": self.code,
                "moves": list(self.moves), "secs": list(self.times), "started": self.started, "host": self.host_seat,
                "clock": NO_CLOCK if self.control is None else self.control.key,
                "turn": round(max(0.0, self.clock() - self.turn_since), 2),
                "ended": None if self.ended is None else {"winner": self.ended.winner, "template": self.ended.template,
                                                          "outcome": self.ended.to_json()},
                "seats": [{"kind": s.kind, "name": s.name, "ai": s.ai, "token_hash": s.token_hash, "used": s.used,
                           "stand_in": s.stand_in, "was_stood_in": s.was_stood_in} for s in self.seats]}

    @classmethod
    def from_json(cls, data: dict[str, Any], clock: Callable[[], float] = time.monotonic) -> "Table":
        """A table `to_json` wrote, replayed move by move; ValueError if it does not replay."""
        kinds = ["me" if i == data["host"] else "open" for i in range(len(data["seats"]))]
        table = cls(data["game"], data["options"], kinds, clock, seed=int(data["seed"]), code=data["code"],
                    time_control=data.get("clock"))  # a table saved before time controls has none
        for i, s in enumerate(data["seats"]):
            if s["kind"] == "ai" and not offered_ai(table.entry, s["ai"]):
                raise ValueError("a saved AI seat this game does not offer")
            table.seats[i] = Seat(s["kind"], protocol.clean_name(s["name"], f"Seat {i + 1}"), ai=s["ai"],
                                  token_hash=s["token_hash"], stand_in=bool(s.get("stand_in")),
                                  was_stood_in=bool(s.get("was_stood_in")),
                                  away_since=clock() if s["kind"] == "human" else None)
        table.started = bool(data["started"])
        for text in data["moves"]:
            seat = table.rules.to_move(table.state)
            table._play(seat, table.rules.move_from_text(text, table.state), clock())
        for seat, saved in zip(table.seats, data["seats"]):
            seat.used = float(saved["used"])  # the replay is no one's thinking time
        secs = data.get("secs")  # a table saved before moves kept their times has none
        if isinstance(secs, list) and len(secs) == len(table.moves) and all(schema.is_number(x) for x in secs):
            table.times = [max(0.0, float(x)) for x in secs]
        turn = data.get("turn")  # the move under way when the server stopped goes on from where it stood
        if schema.is_number(turn) and table.control is not None:
            table.turn_since = clock() - min(max(0.0, float(turn)), table.control.budget + 3600.0)
        ended = data.get("ended")
        if ended is not None and isinstance(ended.get("outcome"), dict):  # a forfeit, with its words
            table.ended = Outcome.from_json(ended["outcome"])
        elif ended is not None:  # a claim after someone left (the form before forfeits were kept whole)
            table.ended = Outcome.worded(ended["winner"], (), "abandoned", ENDINGS[ended["winner"] is None])
        return table

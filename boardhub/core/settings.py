"""The player's settings, kept in saves/settings.json.

Every value read is checked for its type and its range: one out of range
(an AI delay of -5 s, a window of a million pixels) takes its default, and
`problem` names it for the menu to say once. Two windows may share the file:
`save` writes only what this window changed, under the file's lock, over the
file as it is on disk then, so neither window loses the other's changes.
"""
from __future__ import annotations

import copy
import math
import os
import stat
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from boardhub.core import i18n, locks, saves, schema
from boardhub.core.ai import AISpec
from boardhub.core.files import clean_text
from boardhub.core.i18n import _
from boardhub.core.seat_check import starts_program
from boardhub.core.seat_names import typed_name

# lichess's presets: seconds for one move's animation
ANIMATION_SPEEDS = {"none": 0.0, "fast": 0.12, "normal": 0.25, "slow": 0.5}
DELAY_RANGE = (0.0, 10.0)  # seconds: an AI's visible delay, the pace of AI vs AI
WINDOW_RANGE = (0, 16_384)  # pixels: no screen is larger
MAX_GAMES = 64  # games with a pace of their own: four today
MAX_SETUPS = 64  # the last setup of each game and mode: 12 today
MAX_SETUP_CHARS = 4_000  # one setup as JSON: a few hundred characters with an engine's command line
MAX_NAME_CHARS = 24  # the player's name at network tables (net/protocol.py's MAX_NAME)
MAX_ADDRESS_CHARS = 260  # an address with its port
MAX_SEATS = 8  # seat positions with a remembered name: four at most today
PALETTES = ("standard", "safe")  # the colours: as the ui's theme names them


@dataclass
class Settings:
    # whether sounds play (Ctrl+M turns them off and on again at the same volume)
    sound: bool = True
    # how loud, in percent: files from before it kept only `sound`, which reads as 100% on or off
    volume: int = 100
    # the colours: "standard", or "safe" for colour-blind players (theme.PALETTES)
    palette: str = "standard"
    animation: str = "normal"
    hints: bool = True
    last_move: bool = True
    ai_delay: float = 1.0  # before an AI's move shows against a human (the source's 1 s)
    # between moves in AI vs AI and replays (the source's 0.5 s), for a game whose own pace was never set:
    # older files kept only this one value, which every game then takes
    ava_delay: float = 0.5
    # each game's own pace of AI vs AI, by game key ("davinci": 1.0): a slow Da Vinci table after a fast Dots game
    ava_delays: dict = field(default_factory=dict)
    learn_in_app: bool = False  # Othello's learned AI keeps learning from the games played here
    # the interface's language ("en", "ko"); None until the player picks one: the system's language
    language: str | None = None
    # the setup last started for each game and mode, as GameSetup.fields() writes it
    last_setups: dict = field(default_factory=dict)
    # the window as the player left it: its size when not maximised (0: none yet), and maximised or not
    window_width: int = 0
    window_height: int = 0
    window_maximized: bool = False
    fullscreen: bool = False  # the whole screen (F11, Alt+Enter), kept for the next start
    # the player's name at network tables ("" until they type one: the tables then say "Player 2")
    player_name: str = ""
    # the names typed for the human seats of the setup, by seat position ("" for a seat's own: "You", "Player 2")
    seat_names: list = field(default_factory=list)
    # where a hosted table's LAN beacon is sent and heard ("host" or "host:port"): the local network's
    # broadcast address by default; tests and walkthroughs point it at loopback
    beacon_address: str = "255.255.255.255"
    # the saved games' filter: a game's key ("" for every game) and a state (saved_games.STATES)
    saves_game: str = ""
    saves_state: str = "all"
    # why the saved settings could not be used, said once on the menu ("" when they could)
    problem: str = field(default="", compare=False, repr=False)
    # the values as read from the file (or last written): `save` writes only those that differ
    _loaded: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def loudness(self) -> int:
        """The volume sounds play at now, in percent: 0 while the sound is off."""
        return self.volume if self.sound else 0

    def set_loudness(self, percent: int) -> None:
        """Play sounds at `percent` (0: off, the volume kept for when Ctrl+M turns them on again)."""
        if percent > 0:
            self.volume = percent
        self.sound = percent > 0

    @property
    def animation_seconds(self) -> float:
        return ANIMATION_SPEEDS.get(self.animation, 0.25)

    def ava_delay_for(self, game: str) -> float:
        """The seconds between moves of AI vs AI in `game`: its own pace, or the shared one if never set."""
        return self.ava_delays.get(game, self.ava_delay)

    def set_ava_delay(self, game: str, seconds: float) -> None:
        """Pace `game`'s AI vs AI at `seconds` between moves; the other games keep theirs."""
        self.ava_delays[game] = seconds

    def remember_setup(self, setup: dict) -> None:
        """Keep `setup` (GameSetup.fields()) as the one its game and mode start from next time."""
        self.last_setups[f"{setup['game']}/{setup['mode']}"] = setup

    def last_setup(self, game: str, mode: str) -> dict | None:
        """The fields of the setup last started for `game` in `mode`, unchecked; None if there is none."""
        return self.last_setups.get(f"{game}/{mode}")

    def seat_name(self, seat: int) -> str:
        """The name last typed for seat position `seat` ("" for none: the seat's own)."""
        return self.seat_names[seat] if seat < len(self.seat_names) else ""

    def remember_seat_names(self, names: list[str]) -> None:
        """Keep the names typed for the seats by position; a seat the setup did not show keeps its name."""
        kept = (self.seat_names + [""] * len(names))[:max(len(names), len(self.seat_names))]
        kept[:len(names)] = names
        self.seat_names = kept[:MAX_SEATS]

    def engines(self) -> set[str]:
        """The engine and `py:` seats set up on this computer: the only ones a saved game may start."""
        out = set()
        for setup in self.last_setups.values():
            seats = setup.get("seats") if isinstance(setup, dict) else None
            for seat in seats if isinstance(seats, list) else ():
                if isinstance(seat, str) and starts_program(seat) and _parses(seat):
                    out.add(seat)
        return out

    @classmethod
    def load(cls) -> "Settings":
        """The saved settings; defaults for anything missing, unreadable or out of range.

        A damaged file is never written over: it is kept beside as
        settings-damaged.json and `problem` says so, for the menu to tell.
        """
        out = cls._read()
        out._loaded = out._values()  # from here on, `save` writes only what changes
        return out

    @classmethod
    def _read(cls) -> "Settings":
        path = saves.saves_dir() / "settings.json"
        try:
            data = saves.read_json(path, "settings")
        except saves.SaveError as exc:
            if not os.path.lexists(path):
                return cls()
            kept = path.with_name("settings-damaged.json")
            try:
                if not stat.S_ISREG(path.lstat().st_mode):  # a link, a folder, a device: not ours to move
                    raise OSError("not a regular file")
                path.replace(kept)
            except OSError:
                return cls(problem=_("The settings could not be read ({why}); the defaults apply for now")
                           .format(why=exc))
            return cls(problem=_("The settings could not be read ({why}); they are kept as {name} "
                                 "and the defaults apply").format(why=exc, name=kept.name))
        out = cls()
        refused = out._take(data)
        if refused:
            out.problem = _("Some settings were not usable and their defaults apply: {names}").format(
                names=", ".join(refused))
        return out

    def _take(self, data: dict) -> list[str]:
        """Set each field from `data` where its value is of the field's type and in its range; the names of
        the values present but refused."""
        refused, defaults = [], Settings()
        for f in fields(self):
            if f.name in ("problem", "_loaded") or f.name not in data:
                continue
            value = _checked(f.name, data[f.name], getattr(defaults, f.name))
            if value is _REFUSED:
                refused.append(f.name)
            else:
                setattr(self, f.name, value)
        return refused

    def _values(self) -> dict[str, Any]:
        data = asdict(self)
        del data["problem"], data["_loaded"]
        return copy.deepcopy(data)

    def save(self) -> None:
        """Write the values this window changed over the file as it is now (another window's changes stay)."""
        path = saves.saves_dir() / "settings.json"
        mine = self._values()
        with locks.locked(path):
            try:
                on_disk = saves.read_json(path, "settings")
            except saves.SaveError:
                on_disk = {}  # none yet, or damaged (and moved aside when this window started): written anew
            current = Settings()
            current._take(on_disk)
            data = current._values()
            for key, value in mine.items():
                before = self._loaded.get(key, _REFUSED)
                if key in _MERGED and isinstance(before, dict):  # entry by entry: each window its own
                    merged = dict(data[key])
                    merged.update({k: v for k, v in value.items() if before.get(k) != v})
                    for k in set(before) - set(value):
                        merged.pop(k, None)
                    data[key] = merged
                elif value != before:
                    data[key] = value
            saves.write_json(path, "settings", data)
        self._loaded = mine  # what another window changed stays its own: this window writes it only once changed here


_REFUSED = object()
# the fields two windows share entry by entry (a setup, a game's pace): each writes only the entries it changed
_MERGED = ("last_setups", "ava_delays")


def _parses(seat: str) -> bool:
    try:
        AISpec.parse(seat).external
        return True
    except ValueError:
        return False


def _checked(name: str, value: Any, default: Any) -> Any:
    """`value` as the field `name` may hold it, or _REFUSED."""
    if name == "language":
        return value if value is None or (isinstance(value, str) and value in i18n.LANGUAGES) else _REFUSED
    if name == "animation":
        return value if isinstance(value, str) and value in ANIMATION_SPEEDS else _REFUSED
    if name == "palette":
        return value if value in PALETTES else _REFUSED
    if name == "volume":
        return value if schema.is_int(value) and 0 <= value <= 100 else _REFUSED
    if isinstance(default, bool):
        return value if isinstance(value, bool) else _REFUSED
    if isinstance(default, float):
        if not schema.is_number(value):
            return _REFUSED
        lo, hi = DELAY_RANGE
        return float(value) if lo <= value <= hi else _REFUSED
    if isinstance(default, int):
        lo, hi = WINDOW_RANGE
        return value if schema.is_int(value) and lo <= value <= hi else _REFUSED
    if name in ("player_name", "beacon_address"):
        most = MAX_NAME_CHARS if name == "player_name" else MAX_ADDRESS_CHARS
        if not isinstance(value, str) or len(value) > most * 4:
            return _REFUSED
        return clean_text(value, limit=most * 4).strip()[:most]
    if name == "saves_game":  # the browser shows every game for a key it does not know
        return value if isinstance(value, str) and len(value) <= 32 else _REFUSED
    if name == "saves_state":
        return value if value in ("all", "unfinished", "finished") else _REFUSED
    if name == "seat_names":
        if not isinstance(value, list) or len(value) > MAX_SEATS \
                or not all(isinstance(v, str) and len(v) <= MAX_NAME_CHARS * 4 for v in value):
            return _REFUSED
        return [typed_name(v) for v in value]
    if name == "ava_delays":
        if not isinstance(value, dict) or len(value) > MAX_GAMES:
            return _REFUSED
        # one game's pace out of range (hand-edited) gives that game the shared pace; the others keep theirs
        lo, hi = DELAY_RANGE
        return {k: float(v) for k, v in value.items()
                if isinstance(k, str) and len(k) <= 100 and schema.is_number(v) and lo <= v <= hi}
    if name == "last_setups":
        if not isinstance(value, dict) or len(value) > MAX_SETUPS:
            return _REFUSED
        # each one is checked again where it is used (GameSetup.from_fields); here only its size and shape
        return {k: v for k, v in value.items()
                if isinstance(v, dict) and len(k) <= 100 and len(repr(v)) <= MAX_SETUP_CHARS}
    return _REFUSED

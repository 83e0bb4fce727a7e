"""The player's settings, kept in saves/settings.json."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields

from boardhub.core import i18n, saves
from boardhub.core.i18n import _

# lichess's presets: seconds for one move's animation
ANIMATION_SPEEDS = {"none": 0.0, "fast": 0.12, "normal": 0.25, "slow": 0.5}


@dataclass
class Settings:
    sound: bool = True
    animation: str = "normal"
    hints: bool = True
    last_move: bool = True
    ai_delay: float = 1.0  # before an AI's move shows against a human (the source's 1 s)
    ava_delay: float = 0.5  # between moves in AI vs AI (the source's 0.5 s)
    learn_in_app: bool = False  # Othello's learned AI keeps learning from the games played here
    # the interface's language ("en", "ko"); None until the player picks one: the system's language
    language: str | None = None
    # the setup last started for each game and mode, as GameSetup.fields() writes it
    last_setups: dict = field(default_factory=dict)
    # the window as the player left it: its size when not maximised (0: none yet), and maximised or not
    window_width: int = 0
    window_height: int = 0
    window_maximized: bool = False
    # why the saved settings could not be used, said once on the menu ("" when they could)
    problem: str = field(default="", compare=False, repr=False)

    @property
    def animation_seconds(self) -> float:
        return ANIMATION_SPEEDS.get(self.animation, 0.25)

    def remember_setup(self, setup: dict) -> None:
        """Keep `setup` (GameSetup.fields()) as the one its game and mode start from next time."""
        self.last_setups[f"{setup['game']}/{setup['mode']}"] = setup

    def last_setup(self, game: str, mode: str) -> dict | None:
        """The fields of the setup last started for `game` in `mode`, unchecked; None if there is none."""
        return self.last_setups.get(f"{game}/{mode}")

    @classmethod
    def load(cls) -> "Settings":
        """The saved settings; defaults for anything missing or unreadable.

        A damaged file is never written over: it is kept beside as
        settings-damaged.json and `problem` says so, for the menu to tell.
        """
        path = saves.saves_dir() / "settings.json"
        try:
            data = saves.read_json(path, "settings")
        except saves.SaveError as exc:
            if not path.exists():
                return cls()
            kept = path.with_name("settings-damaged.json")
            try:
                path.replace(kept)
            except OSError:
                return cls(problem=_("The settings could not be read ({why}); the defaults apply for now")
                           .format(why=exc))
            return cls(problem=_("The settings could not be read ({why}); they are kept as {name} "
                                 "and the defaults apply").format(why=exc, name=kept.name))
        out = cls()
        for f in fields(cls):
            value = data.get(f.name)
            if isinstance(value, type(getattr(out, f.name))) or (
                    isinstance(value, int) and isinstance(getattr(out, f.name), float)):
                setattr(out, f.name, value)
        if out.animation not in ANIMATION_SPEEDS:
            out.animation = "normal"
        if data.get("language") in i18n.LANGUAGES:  # its default is None, so the loop above passes it over
            out.language = data["language"]
        return out

    def save(self) -> None:
        data = asdict(self)
        del data["problem"]
        saves.write_json(saves.saves_dir() / "settings.json", "settings", data)

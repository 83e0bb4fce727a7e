"""Export of the game on the screen: its records written into the saves folder and the first copied."""
from __future__ import annotations

from boardhub.core import saves
from boardhub.core.game import GameEntry
from boardhub.core.i18n import _
from boardhub.core.match import Match
from boardhub.core.records import NOT_RECORDED, export_record, whole_formats
from boardhub.ui.widgets import set_clipboard_text


def export_game(match: Match, entry: GameEntry) -> tuple[str, str]:
    """Write the game in each of its record formats; what to say of it and how ("success", "warning", "error")."""
    formats = whole_formats(match, entry.record_formats)
    if not formats:  # a game from an edited position, which the game's notation cannot hold
        return _(NOT_RECORDED), "warning"
    try:
        names = [p.name for p in export_record(match, formats)]
    except OSError as exc:
        return _("Could not save the game: {why}").format(why=saves.plain(exc)), "error"
    said = _("Saved the game as {names} and copied it") if set_clipboard_text(formats[0].write(match)) \
        else _("Saved the game as {names}")
    return said.format(names=", ".join(names)), "success"

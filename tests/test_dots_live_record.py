"""Dots and Boxes' source records (PvP.txt, PvA.txt, AvA.txt) are written during the game, a line a move,
as the assignment writes them: a game left unfinished leaves its record, a finished game's record is
what it always was, and Undo takes its lines back out."""
from boardhub.core import saves
from boardhub.core.events import Notice
from boardhub.core.modes import Mode
from boardhub.core.session import GameSession
from boardhub.core.setup import GameSetup


def pvp(rows: int = 2, cols: int = 2) -> GameSetup:
    return GameSetup("dots", (None, None), {"rows": rows, "cols": cols}, 0.5, False, Mode.PVP)


def record(folder, kind: str = "PvP") -> str:
    return (folder / f"{kind}.txt").read_text()


def play(session: GameSession, count: int) -> list[str]:
    """`count` more moves, the first legal each time, each one followed by the session's frame."""
    for _ in range(count):
        m = session.match
        session.play(m.rules.legal_moves(m.state)[0])
        session.update()
    return [session.match.text(mv) for mv in session.match.moves]


def test_each_line_is_in_the_record_as_its_move_is_played(saves_folder):
    (saves_folder / "PvP.txt").parent.mkdir(parents=True, exist_ok=True)
    (saves_folder / "PvP.txt").write_text("0 1\n2 1\n")  # the last game of this kind, before this one
    session = GameSession.new(pvp())
    assert record(saves_folder) == ""  # a new game starts its record, as the source opens its file
    for n in range(1, 6):
        lines = play(session, 1)
        assert record(saves_folder) == "".join(f"{line}\n" for line in lines) and len(lines) == n
    session.close()


def test_a_game_left_unfinished_leaves_its_record(saves_folder):
    session = GameSession.new(pvp(3, 3))
    lines = play(session, 7)
    session.close()  # the window closed, the game dropped mid-way
    assert not session.match.is_over
    assert record(saves_folder).splitlines() == lines == [session.match.text(mv) for mv in session.match.moves]


def test_a_finished_game_s_record_is_what_it_always_was(saves_folder):
    session = GameSession.new(pvp())
    lines = play(session, 12)  # every line of 2 x 2 boxes
    assert session.match.is_over
    assert record(saves_folder) == "".join(f"{line}\n" for line in lines)
    written = saves_folder / "written.txt"  # the record as the game's end has always written it, whole
    saves.atomic_write_text(written, "".join(f"{line}\n" for line in lines))
    assert record(saves_folder) == written.read_text()
    session.close()


def test_undo_takes_the_lines_back_out(saves_folder):
    session = GameSession.new(pvp())
    play(session, 4)
    assert session.undo()
    session.update()
    assert record(saves_folder).splitlines() == [session.match.text(mv) for mv in session.match.moves]
    assert len(record(saves_folder).splitlines()) == 3
    lines = play(session, 2)
    assert record(saves_folder).splitlines() == lines
    session.close()


def test_a_resumed_game_writes_its_record_only_once_played_on(saves_folder):
    session = GameSession.new(pvp())
    play(session, 3)
    path = session.save_path
    session.close()
    other = GameSession.new(pvp())  # a later game of the same kind has the record now
    play(other, 1)
    other.close()
    mine = GameSession.resume(saves.SavedGame(path, saves.read_game(path)))
    mine.update()
    assert len(record(saves_folder).splitlines()) == 1  # opened, not played on: the other game's record stays
    lines = play(mine, 1)
    assert record(saves_folder).splitlines() == lines and len(lines) == 4
    mine.close()


def test_a_record_that_cannot_be_written_is_said_once_and_the_end_tries_again(saves_folder, monkeypatch):
    session = GameSession.new(pvp())

    def refused(kind, lines):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(saves, "append_record", refused)
    notices = []
    for _ in range(3):
        m = session.match
        session.play(m.rules.legal_moves(m.state)[0])
        notices += [e for e in session.update() if isinstance(e, Notice)]
    assert len(notices) == 1 and "game record" in notices[0].text
    assert record(saves_folder) == ""
    lines = play(session, 9)
    assert session.match.is_over and record(saves_folder).splitlines() == lines
    session.close()

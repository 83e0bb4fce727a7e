"""Playing from the keyboard, as the sources' humans did: the arrow keys move the board's
cursor and Enter or Space plays it (the Othello source), and a move typed in the game's
notation ("f5", "j10", "3 4") is played with Enter (the Dots and Boxes source).

Both work only while a human is to move; the rest of the time the keys keep their
other uses (Space pauses AI vs AI, the arrows step through a replay). Letters and
digits typed then belong to the move, which is why the sound's shortcut is Ctrl+M.

A keyboard left in Korean mode types Hangul letters where the notation wants
Latin ones ("ㄹ5" for f5): what an input method composes shows as it is typed,
and the letters are read as the keys of the standard two-set layout that made
them, so a move plays without switching the keyboard back.
"""
from __future__ import annotations

import unicodedata
from typing import Callable

import pygame

from boardhub.core.files import clean_text
from boardhub.core.i18n import _
from boardhub.core.rules import IllegalMove
from boardhub.core.session_base import Session
from boardhub.ui import theme
from boardhub.ui.board import BOARD_KEYS, BoardView, Intent, Play, Refuse

MAX_CHARS = 24  # the longest notation is a Da Vinci call, "guess 4 13 11"; more is a slip of the fingers
TEXT_LOOKED_AT = 4 * MAX_CHARS  # of one typed or pasted text: room for the spaces and controls it drops
SHORTCUT_MODS = pygame.KMOD_CTRL | pygame.KMOD_META | pygame.KMOD_ALT
SUBMIT_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
# The keys of the Korean two-set (dubeolsik) layout: each Hangul letter and the Latin key that types it.
DUBEOLSIK = dict(zip("ㅂㅈㄷㄱㅅㅛㅕㅑㅐㅔㅁㄴㅇㄹㅎㅗㅓㅏㅣㅋㅌㅊㅍㅠㅜㅡㅃㅉㄸㄲㅆㅒㅖ",
                     "qwertyuiopasdfghjklzxcvbnmQWERTOP"))
DUBEOLSIK.update({"ㅘ": "hk", "ㅙ": "ho", "ㅚ": "hl", "ㅝ": "nj", "ㅞ": "np", "ㅟ": "nl", "ㅢ": "ml", "ㄳ": "rt",
                  "ㄵ": "sw", "ㄶ": "sg", "ㄺ": "fr", "ㄻ": "fa", "ㄼ": "fq", "ㄽ": "ft", "ㄾ": "fx", "ㄿ": "fv",
                  "ㅀ": "fg", "ㅄ": "qt"})


def latin_keys(text: str) -> str:
    """`text` with its Hangul read as the two-set layout's keys: "ㄹ5" -> "f5", "혀ㄷㄴㄴ" -> "guess"
    (the notation is Latin; a syllable is taken apart into the letters typed for it)."""
    out = []
    for ch in unicodedata.normalize("NFD", text):
        if "\u1100" <= ch <= "\u11ff":  # a syllable's part: named like the letter it is
            name = unicodedata.name(ch).split()[-1]
            try:
                ch = unicodedata.lookup(f"HANGUL LETTER {name}")
            except KeyError:
                pass
        out.append(DUBEOLSIK.get(ch, ch))
    return "".join(out)


class MoveEntry:
    """The move being typed and the routing of a human's keys to the board.

    It reads the session (whose turn, the match) and the board (its cursor);
    what a key or a typed move asks for goes to `act`, the screen's one way to
    play an intent (True: a move was played; a refusal is shown there).
    """

    def __init__(self, session: Session, board: BoardView, act: Callable[[Intent], bool]) -> None:
        self.session, self.board, self.act = session, board, act
        self.text = ""
        self.composing = ""  # what an input method is composing, not yet typed
        self._match = session.match

    @property
    def shown(self) -> bool:
        """A move is being typed: it takes the status line's place."""
        return bool(self.text or self.composing)

    def sync(self) -> None:
        """Every frame: typing is for a human to move; a new match (an import) starts clean."""
        if self.session.match is not self._match:
            self._match = self.session.match
            self.text = ""
            self.board.hide_cursor()
        if not self.session.interactive:
            self.text = self.composing = ""

    def handle(self, event: pygame.event.Event) -> bool:
        """Take the event if it is a human's move by keys; False leaves it to the scene's shortcuts."""
        board, match = self.board, self.session.match
        if event.type == pygame.MOUSEMOTION:
            board.hide_cursor()  # the mouse points now; the next key shows the cursor again
            return False
        if event.type == pygame.KEYDOWN and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            action = board.shortcut(event.key, match)  # the key of a board's button (Ctrl+L: the chains)
            if action is not None:
                self.act(action())
                return True
        if not self.session.interactive:
            return False
        if event.type == pygame.TEXTEDITING:
            self.composing = clean_text(event.text[:TEXT_LOOKED_AT], limit=MAX_CHARS)
            return True
        if event.type == pygame.TEXTINPUT:
            self.composing = ""
            if pygame.key.get_mods() & (pygame.KMOD_CTRL | pygame.KMOD_META):
                return False  # a shortcut's letter, not a move
            # a paste of a megabyte is cut before it is read: no more than a move's length can be kept
            text = clean_text(event.text[:TEXT_LOOKED_AT])
            typed = latin_keys(text if self.text else text.lstrip())  # a Space that played is no text
            self.text = (self.text + "".join(ch for ch in typed if ch.isprintable()))[:MAX_CHARS]
            return True
        if event.type != pygame.KEYDOWN or event.mod & SHORTCUT_MODS:
            return False
        if self.text:
            if event.key in SUBMIT_KEYS:
                self.submit()
            elif event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
            elif event.key == pygame.K_ESCAPE:
                self.text = ""
            elif event.key in BOARD_KEYS and event.key != pygame.K_SPACE:
                self.act(board.key(event.key, match))
            return True  # the rest is typing (a Space between "3" and "4"), never a shortcut
        if event.key in BOARD_KEYS:
            self.act(board.key(event.key, match))
            return True
        if event.key == pygame.K_ESCAPE and board.cancel():
            return True  # Esc first undoes a half-chosen move, as it clears a typed one
        return False

    def submit(self) -> None:
        """Play the typed move; a move that cannot be read or played is refused as a click is."""
        try:
            intent = Play(self.session.match.parse(self.text))
        except IllegalMove as exc:
            intent = Refuse(str(exc))
        if self.act(intent):
            self.text = ""  # a refused move stays, to be mended

    def draw(self, surface: pygame.Surface, center: tuple[float, float], s: float) -> None:
        """The move being typed, in the status line's place: what Enter will play and how to clear it."""
        px = 22 * s
        field = _("Move: {move}").format(move=self.text + self.composing)
        hint = "   " + _("Enter plays, Esc clears")
        f = theme.font(int(px))
        field_w, hint_w = f.size(field)[0], f.size(hint)[0]
        caret = round(max(2, 2 * s))
        box = pygame.Rect(0, 0, round(field_w + hint_w + caret + 28 * s), round(px * 1.35))
        box.center = (round(center[0]), round(center[1]))
        pygame.draw.rect(surface, theme.BG, box, border_radius=6)
        pygame.draw.rect(surface, theme.ACCENT, box, width=max(1, round(s)), border_radius=6)
        r = theme.text(surface, field, px, (box.x + 12 * s, box.centery), theme.TEXT, "midleft")
        if self.composing:  # the letters an input method is composing, underlined
            width = f.size(theme.shown(self.composing))[0]
            pygame.draw.line(surface, theme.ACCENT, (r.right - width, r.bottom - 2), (r.right, r.bottom - 2), 1)
        pygame.draw.line(surface, theme.ACCENT, (r.right + caret, r.y + 2), (r.right + caret, r.bottom - 2), caret)
        theme.text(surface, hint, px, (r.right + 2 * caret, box.centery), theme.MUTED, "midleft")

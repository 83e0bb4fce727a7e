"""The source's tournament in the app: a knockout of up to eight AIs, each match best of N, drawn as a bracket.

The player picks the AIs (any learned AI by any learning among them, as the
paper's AIs were trained by different people), the number of games a match is
played over, and starts it. The matches are played off the window's thread,
in an AI process of their own, by core/bracket.py (the rules of a level match
are there); the bracket fills in as each match ends. Leaving the page stops it.
"""
from __future__ import annotations

import threading

import pygame

from boardhub.core.bracket import BracketMatch, play_bracket
from boardhub.core.i18n import N_, _
from boardhub.core.ladder import ladder_specs, learned_specs
from boardhub.core.seat_names import ai_name
from boardhub.core.worker import ProcessWorker
from boardhub.ui import theme
from boardhub.ui.scene import Host, Scene
from boardhub.ui.widgets import Button, Choice

SLOTS = 8
NOBODY = ""  # a slot left empty
BEST_OF = (1, 3, 5, 7)
LIMIT = 0.5  # seconds a move, the source's referee rule


class _Stopped(Exception):
    """The page was left: the bracket stops after the match being played."""


def entrant_choices(game) -> list[str]:
    """Nobody, every AI of the game at each level (weakest first), then the learned AI by each learning."""
    return [NOBODY, *ladder_specs(game), *learned_specs(game)]


def entrant_label(spec: str) -> str:
    return _("Nobody") if spec == NOBODY else ai_name(spec)


class BracketScene(Scene):
    def __init__(self, app: Host, game) -> None:
        super().__init__(app)
        self.game = game
        values = entrant_choices(game)
        ladder = ladder_specs(game)
        # the source's four AIs to start from: its three learned levels and the greedy one
        start = [v for v in ("positional:1", "positional:3", "positional:5", "greedy:3") if v in ladder]
        self.slots = [Choice(values, entrant_label, start[i] if i < len(start) else NOBODY) for i in range(SLOTS)]
        self.best_of = Choice(BEST_OF, lambda n: _("Best of {count}").format(count=n), 3)
        self.start_button = Button(N_("Start"), self.start, primary=True)
        self.new_button = Button(N_("New bracket"), self.new)
        self.back_button = Button(N_("Back"), self.app.pop)
        self.rounds: list[list[BracketMatch]] = []  # the matches played so far, by round
        self.entrants: list[str] = []
        self.champion = ""
        self.running = False
        self.error = ""
        self.stop = threading.Event()
        self.lock = threading.Lock()

    # ------------------------------------------------------------------ running
    def start(self) -> None:
        entrants = [c.value for c in self.slots if c.value != NOBODY]
        if len(entrants) < 2 or len(set(entrants)) != len(entrants):
            self.error = _("Choose two or more different AIs")
            return
        self.error, self.rounds, self.champion, self.entrants = "", [], "", entrants
        self.running = True
        self.stop = threading.Event()
        threading.Thread(target=self._play, args=(entrants, self.best_of.value, self.stop), daemon=True,
                         name="bracket").start()
        self.layout(self.size)

    def _play(self, entrants: list[str], best_of: int, stop: threading.Event) -> None:
        def played(round_number: int, match: BracketMatch) -> None:
            if stop.is_set():
                raise _Stopped
            with self.lock:
                while len(self.rounds) < round_number:
                    self.rounds.append([])
                self.rounds[round_number - 1].append(match)
            self.app.wake()
        worker = ProcessWorker()
        try:
            result = play_bracket(self.game.key, entrants, best_of, limit=LIMIT, worker=worker, on_match=played)
            self.champion = result.champion
        except _Stopped:
            return
        except Exception:  # an AI process that died, a learning deleted meanwhile: said, never a crash
            self.error = _("The bracket stopped: an AI could not play")
        finally:
            worker.close()
            self.running = False
            self.app.wake()

    def new(self) -> None:
        self.stop.set()
        self.running, self.rounds, self.champion, self.entrants = False, [], "", []
        self.layout(self.size)

    def shutdown(self) -> None:
        self.stop.set()

    def redraw_in(self) -> float | None:
        return 0.25 if self.running else None

    # ------------------------------------------------------------------ layout, input, drawing
    def choosing(self) -> bool:
        return not self.entrants

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        s = self.s = theme.scale(size)
        w, h = size
        margin, gap = round(24 * s), round(12 * s)
        self.title_px = max(theme.MIN_TEXT_PX, round(32 * s))
        top = round(24 * s) + self.title_px * 2
        ch = round(44 * s)
        cw = (w - 2 * margin - gap) // 2
        for i, c in enumerate(self.slots):
            c.rect = pygame.Rect(margin + (i // 4) * (cw + gap), top + (i % 4) * (ch + gap), cw, ch)
        y = top + 4 * (ch + gap) + gap
        self.best_of.rect = pygame.Rect(margin, y, cw, ch)
        bh, bw = round(48 * s), round(220 * s)
        self.bar_y = h - round(76 * s)
        self.back_button.rect = pygame.Rect(margin, self.bar_y + round(14 * s), bw, bh)
        self.start_button.rect = pygame.Rect(w - margin - bw, self.bar_y + round(14 * s), bw, bh)
        self.new_button.rect = self.start_button.rect.copy()
        self.bracket_rect = pygame.Rect(margin, top - self.title_px // 2, w - 2 * margin,
                                        self.bar_y - (top - self.title_px // 2) - round(12 * s))

    def widgets(self) -> list:
        if self.choosing():
            return [*self.slots, self.best_of, self.start_button, self.back_button]
        return [self.new_button, self.back_button]

    def process_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return None
        for widget in self.widgets():
            if widget.handle(event):
                return None
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        s, w = self.s, self.size[0]
        title = _("Knockout: each match best of {count}, the winner goes on").format(count=self.best_of.value)
        theme.text(surface, theme.fit(title, self.title_px, w - 40 * s, bold=True), self.title_px,
                   (w / 2, 20 * s), theme.ACCENT, "midtop", bold=True)
        note_px = max(theme.MIN_TEXT_PX, round(18 * s))
        if self.choosing():
            for c in (*self.slots, self.best_of):
                c.draw(surface)
            rule = _("Pairs in the order chosen (the first two, the next two...); the first get byes when "
                     "the number is not 2, 4 or 8. A match level after its games goes to the side with more "
                     "discs, then to the one listed first.")
            for i, line in enumerate(theme.wrap(rule, note_px, w - self.best_of.rect.right - 60 * s)):
                theme.text(surface, line, note_px, (self.best_of.rect.right + 24 * s,
                                                    self.best_of.rect.y + i * (note_px + 4)), theme.MUTED)
            self.start_button.draw(surface)
        else:
            with self.lock:
                rounds = [list(r) for r in self.rounds]
            draw_bracket(surface, self.bracket_rect, self.entrants, rounds, self.champion)
            self.new_button.draw(surface)
        note = self.error or (_("Playing...") if self.running else "")
        if note:
            theme.text(surface, theme.fit(note, note_px, w - 2 * self.back_button.rect.width - 80 * s), note_px,
                       (w / 2, self.back_button.rect.centery), theme.ERROR if self.error else theme.MUTED, "center")
        self.back_button.draw(surface)


def draw_bracket(surface: pygame.Surface, rect: pygame.Rect, entrants: list[str], rounds: list[list[BracketMatch]],
                 champion: str) -> None:
    """The bracket: a column a round, a match as two lines (AI, games won), the winner's line in the accent,
    joined to the match it goes on to; matches not played yet are empty boxes."""
    size = 1
    while size < len(entrants):
        size *= 2
    columns = size.bit_length()  # the rounds, then the champion
    col_w = rect.width // columns
    px = max(theme.MIN_TEXT_PX, min(22, rect.height // (size * 2 + 2), col_w // 12))
    line_h = px + 6
    slot_h = rect.height / size  # the height each first-round side has
    for r in range(columns - 1):
        matches = rounds[r] if r < len(rounds) else []
        count = size >> (r + 1)
        for i in range(count):
            top = rect.y + slot_h * (2 ** r) * 2 * i
            span = slot_h * (2 ** r) * 2
            box = pygame.Rect(rect.x + r * col_w + 4, round(top + span / 2 - line_h), col_w - 24, 2 * line_h)
            pygame.draw.rect(surface, theme.PANEL, box,
                             border_radius=4)
            pygame.draw.rect(surface, theme.MUTED, box, width=1, border_radius=4)
            if i < len(matches):
                m = matches[i]
                sides = ((m.a, m.wins[0] if m.b else None), (m.b, m.wins[1] if m.b else None))
                for k, (name, won) in enumerate(sides):
                    label = _("(bye)") if name is None else ai_name(name)
                    ink = theme.ACCENT if name is not None and name == m.winner and m.b is not None else theme.TEXT
                    y = box.y + k * line_h + line_h / 2
                    score = "" if won is None else str(won)
                    room = box.width - 16 - (px * 2 if score else 0)
                    theme.text(surface, theme.fit(label, px, room), px, (box.x + 8, y), ink, "midleft")
                    if score:
                        theme.text(surface, score, px, (box.right - 8, y), ink, "midright")
            # the line on to the match the winner plays next (or to the champion): across, down or up, across
            nxt_span = span * 2
            nxt_mid = round(rect.y + nxt_span * (i // 2) + nxt_span / 2) if r + 2 < columns else box.centery
            elbow, end = box.right + 12, rect.x + (r + 1) * col_w + 4
            pygame.draw.lines(surface, theme.MUTED, False,
                              [(box.right, box.centery), (elbow, box.centery), (elbow, nxt_mid), (end, nxt_mid)])
    if champion:
        x = rect.x + (columns - 1) * col_w + 4
        theme.text(surface, _("Champion"), px, (x, rect.centery - line_h), theme.MUTED, "midleft")
        theme.text(surface, theme.fit(ai_name(champion), px * 1.2, col_w - 8, bold=True), px * 1.2,
                   (x, rect.centery + 4), theme.ACCENT, "midleft", bold=True)

"""The Da Vinci Code table tells the story, headless: a drawn tile waits by the rack of
whoever drew it, every call is said in words (announced, then kept in the move list
whole), and a whole turn can be played with the keys alone."""
from dataclasses import replace

import pygame
import pytest
from uidriver import key

from boardhub.core import saves
from boardhub.core.game import get_game
from boardhub.core.match import Match
from boardhub.core.session import GameSession
from boardhub.core.setup import make_seats
from boardhub.games.davinci.engine import BLACK, JOKER, WHITE
from boardhub.games.davinci.ui.board import ANNOUNCE_SECONDS, TILE, DavinciBoard, describe
from boardhub.ui import theme
from boardhub.ui.board import DrawContext, move_words

DAVINCI = get_game("davinci")


def open_game(app, ais, seed=5, players=2):
    """A game in the app's game scene; AI seats never move on their own (the test plays their moves)."""
    match = Match(DAVINCI, make_seats(ais), {"players": players}, seed=seed,
                  worker=app.start_worker() if any(ais) else None)
    session = GameSession(match, app.start_worker, save_path=saves.new_game_path(DAVINCI.key))
    app.open("game", session)
    match.timing.ai_delay = match.timing.chain_delay = 1e6  # the scene set the app's pace when it opened
    app.frame(0.016)
    if sum(ai is None for ai in ais) > 1:  # people sharing the screen: the first to move takes the table
        assert app.top.board.cover is not None
        key(app, pygame.K_RETURN)
        assert app.top.board.cover is None
    return app.top


def board_alone(ais, seed=5, players=2, size=(900, 700)):
    """A board laid out on its own, for the geometry and pixel checks, and its match."""
    match = Match(DAVINCI, make_seats(ais), {"players": players}, seed=seed)
    board = DavinciBoard(DAVINCI)
    board.layout(pygame.Rect(0, 0, *size), match.state)
    board.look(match)
    return board, match


def context(match, now=1000.0):
    return DrawContext(now, None, True, True, 0.0, tuple(s.label for s in match.seats),
                       humans=tuple(i for i, s in enumerate(match.seats) if s.is_human))


def wrong_value(state, target, index):
    """A value the rules allow calling on that tile that is not its number, if there is one."""
    from boardhub.games.davinci.engine import public_candidates
    true = state.racks[target][index].value
    return next((v for v in public_candidates(state.racks, state.history, target, index) if v != true), None)


# ---------------------------------------------------------------- the drawn tile
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_tile_an_ai_draws_waits_by_its_own_rack_face_down_for_the_human(app, players):
    board, match = board_alone([None] + ["easy"] * (players - 1), players=players)
    match.push_recorded(("draw", BLACK), 1.0)  # the human's turn, played through: draw, place, a wrong call
    if match.state.phase == "place":
        match.push_recorded(("place", board.look(match).slots[0]), 1.0)
    state = match.state
    match.push_recorded(("guess", 1, 0, wrong_value(state, 1, 0)), 1.0)
    assert match.state.to_move == 1
    match.push_recorded(("draw", WHITE), 1.0)  # the AI has drawn: its tile waits to be placed
    view = board.look(match)
    t = board.table(view)
    hand, own_rack, human_rack = t.hands[1], t.racks[1], t.racks[0]
    # beside the drawer's rack, at its end: nowhere near the human's
    assert hand.colliderect(own_rack.inflate(t.tw * 1.5, t.tw * 1.5))
    assert not hand.colliderect(human_rack.inflate(t.tw, t.th))
    for rect in t.tiles.values():
        assert not hand.colliderect(rect)
    surface = pygame.Surface(board.rect.size)
    ctx = context(match)
    board.draw(surface, match.state, match.history, ctx)
    assert surface.get_at(hand.center)[:3] == TILE[WHITE]  # a tile is there, its back up
    # face down: another number in the AI's hand draws the same pixels
    shots = []
    for value in (3, 8):
        surface.fill((0, 0, 0))
        board.draw(surface, replace(match.state, hand=(WHITE, value)), [], ctx)
        shots.append(pygame.image.tobytes(surface, "RGB"))
    assert shots[0] == shots[1]


def test_the_humans_own_drawn_tile_waits_by_their_rack_face_up(app):
    board, match = board_alone([None, "easy"], seed=6)
    match.push_recorded(("draw", WHITE), 1.0)  # seed 6: the white pile's top is a joker, placed by choice
    view = board.look(match)
    assert view.phase == "place" and view.hand == (WHITE, JOKER)
    t = board.table(view)
    assert t.hands[0].colliderect(t.racks[0].inflate(t.tw * 1.5, t.tw * 1.5))
    ctx = context(match)
    shots = []
    for value in (JOKER, 5):
        surface = pygame.Surface(board.rect.size)
        board.draw(surface, replace(match.state, hand=(WHITE, value)), [], ctx)
        shots.append(pygame.image.tobytes(surface.subsurface(t.hands[0]), "RGB"))
    assert shots[0] != shots[1]  # its number shows


def test_the_gaps_to_place_a_tile_in_never_overlap_a_tile(app):
    board, match = board_alone([None, "easy"], seed=6, size=(560, 480))  # a 800 x 600 window's table
    match.push_recorded(("draw", WHITE), 1.0)
    view = board.look(match)
    t = board.table(view)
    assert sorted(t.slots) == list(view.slots) and len(t.slots) == len(view.racks[0]) + 1
    for slot in t.slots.values():
        assert slot.width >= 3
        for tile in t.tiles.values():
            assert not slot.colliderect(tile)
        assert not slot.colliderect(t.hands[0])


# ---------------------------------------------------------------- calls in words
def play_to_a_reveal(match):
    """Play a 2-player game where every call is wrong until the piles are empty and a wrong call
    asks its caller to turn up a tile; one right call on the way. Returns the indices of note."""
    notes = {}
    while True:
        state = match.state
        seat = state.to_move
        other = 1 - seat
        if state.phase == "draw":
            match.push_recorded(("draw", BLACK if state.piles[BLACK] else WHITE), 1.0)
        elif state.phase == "place":
            slots = DAVINCI.rules.view(state, seat).slots
            match.push_recorded(("place", slots[0]), 1.0)
        elif state.phase == "guess":
            hidden = [i for i, t in enumerate(state.racks[other]) if not t.revealed]
            if "right" not in notes and len(match.history) > 6:
                index = hidden[0]
                match.push_recorded(("guess", other, index, state.racks[other][index].value), 1.0)
                notes["right"] = len(match.history) - 1
                if match.is_over:
                    return None
                continue
            index = next((i for i in hidden if wrong_value(state, other, i) is not None), None)
            if index is None:  # every hidden tile is known: a right call, and the turn stops
                match.push_recorded(("guess", other, hidden[0], state.racks[other][hidden[0]].value), 1.0)
                if match.is_over:
                    return None
                continue
            match.push_recorded(("guess", other, index, wrong_value(state, other, index)), 1.0)
            key_ = "wrong, no draw" if match.state.phase == "reveal" else "wrong"
            notes.setdefault(key_, len(match.history) - 1)
        elif state.phase == "continue":
            match.push_recorded(("stop",), 1.0)
            notes.setdefault("stop", len(match.history) - 1)
        elif state.phase == "reveal":
            hidden = [i for i, t in enumerate(state.racks[seat]) if not t.revealed]
            match.push_recorded(("reveal", hidden[0]), 1.0)
            notes["reveal"] = len(match.history) - 1
            return notes


def test_the_move_list_says_every_move_in_words(app):
    board, match = board_alone([None, "easy"], seed=5)
    notes = play_to_a_reveal(match)
    assert set(notes) == {"right", "wrong", "wrong, no draw", "stop", "reveal"}
    labels = [move_words(board, match, i) for i in range(len(match.history))]
    for i, p in enumerate(match.history):
        move, before = p.move, match.states[i]
        own = "your" if p.seat == 0 else "their"
        whose = "Easy AI's" if p.seat == 0 else "your"
        if move[0] == "draw":
            assert labels[i] == f"drew a {('black', 'white')[move[1]]} tile"
        elif move[0] == "place":
            assert labels[i] == f"placed it as {own} {ordinal_text(move[1] + 1)} tile"
        elif move[0] == "guess":
            said = "a joker" if move[3] == JOKER else str(move[3])
            head = f"called {whose} {ordinal_text(move[2] + 1)} tile {said}"
            if match.states[i + 1].racks[move[1]][move[2]].revealed:
                assert labels[i] == f"{head} - right"
            elif before.drawn is not None:
                tile = next(t for t in match.states[i + 1].racks[p.seat] if t.uid == before.drawn)
                assert labels[i] == f"{head} - wrong; {own} drawn {tile_words(tile)} is revealed"
            else:
                they = "you turn" if p.seat == 0 else "they turn"
                assert labels[i] == f"{head} - wrong; {they} up a tile of {own} choice"
        elif move[0] == "stop":
            kept = f"; {own} drawn tile stays hidden" if before.drawn is not None else ""
            assert labels[i] == f"stopped{kept}"
    p = match.history[notes["reveal"]]
    tile = match.state.racks[p.seat][p.move[1]]
    own = "your" if p.seat == 0 else "their"
    assert labels[notes["reveal"]] == f"turned up {own} {ordinal_text(p.move[1] + 1)} tile - a {tile_words(tile)}"


def tile_words(tile):
    return f"{('black', 'white')[tile.colour]} {'joker' if tile.value == JOKER else tile.value}"


def ordinal_text(n):
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th") + "-from-left"  # racks hold 13 tiles at most


def test_a_call_reads_as_a_sentence_to_the_human_and_by_name_to_a_spectator():
    from boardhub.games.davinci.ui.board import Call
    names = ("You", "Expert AI", "Seed normal AI")
    wrong = Call(seat=1, target=0, index=2, value=7, right=False, revealed=(BLACK, 4), choose=False, out=())
    assert describe(wrong, names, you=0) == \
        "Expert AI calls your 3rd-from-left tile 7: wrong - Expert AI's drawn black 4 is revealed"
    assert describe(wrong, names, you=None) == \
        "Expert AI calls You's 3rd-from-left tile 7: wrong - Expert AI's drawn black 4 is revealed"
    right = Call(seat=0, target=2, index=0, value=JOKER, right=True, revealed=None, choose=False, out=(2,))
    assert describe(right, names, you=0) == \
        "You call Seed normal AI's 1st-from-left tile a joker: right - Seed normal AI is out"
    assert describe(right, names, you=0, past=True) == \
        "called Seed normal AI's 1st-from-left tile a joker - right; Seed normal AI is out"
    no_draw = Call(seat=1, target=2, index=1, value=5, right=False, revealed=None, choose=True, out=())
    assert describe(no_draw, names, you=0) == \
        "Expert AI calls Seed normal AI's 2nd-from-left tile 5: wrong - Expert AI turns up a tile of their choice"


def test_a_call_is_announced_on_the_table_for_a_few_seconds(app):
    game = open_game(app, [None, "easy"], seed=9)
    m, board = game.match, game.board
    m.play(("draw", BLACK))
    app.frame(0.016)
    if m.state.phase == "place":
        m.play(("place", board.look(m).slots[0]))
        app.frame(0.016)
    value = wrong_value(m.state, 1, 0)
    m.play(("guess", 1, 0, value))
    app.frame(0.016)
    tile = next(t for t in m.state.racks[0] if t.uid == m.states[-2].drawn)
    called = "a joker" if value == JOKER else value
    said = f"You call Easy AI's 1st-from-left tile {called}: wrong - your drawn {tile_words(tile)} is revealed"

    def drawn_text():
        with theme.recording() as texts:
            game.draw(app.screen)
        return " ".join(t.text for t in texts)

    assert said in drawn_text()
    game.clock += ANNOUNCE_SECONDS + 0.1
    assert said not in drawn_text()  # gone from the table: the move list keeps it
    assert board.busy(game.clock) is False  # the result panel never waits for it
    assert "called Easy AI's 1st-from-left tile" in move_words(board, m, len(m.history) - 1)


def test_the_move_list_wraps_long_entries_and_cuts_none_at_800_by_600():
    from boardhub.app import App
    app = App((800, 600))
    try:
        app.open("menu")
        game = open_game(app, [None, "easy"], seed=5)
        m = game.match
        play_to_a_reveal(m)
        app.frame(0.016)
        game.layout((800, 600))
        with theme.recording() as texts:
            game.draw(app.screen)
        r = game.moves_rect
        listed = [t for t in texts if r.x <= t.rect.x and t.rect.y >= r.y and t.rect.bottom <= r.bottom + 30
                  and game.side_rect.contains(t.rect)]
        assert listed
        assert not any("…" in t.text for t in listed)
        times = [t for t in listed if t.text.endswith(" s") and t.text[:-2].replace(".", "").isdigit()]
        words = [t for t in listed if t not in times and not t.text.rstrip(".").isdigit()]
        assert any(len(w.text) for w in words)
        for w in words:
            assert w.ink.right <= r.right
            assert not any(w.ink.colliderect(t.ink) for t in times), w.text
        # the newest entry is there whole, over more than one line
        last = f"{m.seats[m.history[-1].seat].label}: {move_words(game.board, m, len(m.history) - 1)}"
        joined = " ".join(w.text for w in words)
        assert last in joined
        assert len([w for w in words if w.text in last]) >= 2
    finally:
        app.close()


def test_each_header_number_says_what_it_counts():
    board, match = board_alone([None, "easy"], seed=5)
    assert board.scores(match.state) == ["4 hidden", "4 hidden"]
    play_to_a_reveal(match)
    counts = [match.state.hidden_count(s) for s in (0, 1)]
    assert board.scores(match.state) == [f"{n} hidden" if n else "out" for n in counts]


def test_the_status_line_follows_the_step_of_the_turn(app):
    board, match = board_alone([None, "easy"], seed=6)
    assert "draw a tile" in board.banner(match)
    match.push_recorded(("draw", WHITE), 1.0)
    board.look(match)
    assert board.banner(match) == "Place your white joker in one of the marked gaps"
    match.push_recorded(("place", 0), 1.0)
    board.look(match)
    assert "then call its number" in board.banner(match)
    board.click(board.table(board.look(match)).tiles[(1, 1)].center, match)
    assert board.selected == (1, 1)
    assert board.banner(match) == "Now call the number of Easy AI's 2nd-from-left tile on the pad"


# ---------------------------------------------------------------- keys only
def steer(app, board, match, target, limit=40):
    """Press arrow keys towards `target`, as a player looking at the cursor would."""
    for _ in range(limit):
        if board.cursor == target:
            return
        here, there = board.target_xy(board.cursor), board.target_xy(target)
        dx, dy = there[0] - here[0], there[1] - here[1]
        if abs(dx) >= abs(dy):
            key(app, pygame.K_RIGHT if dx > 0 else pygame.K_LEFT)
        else:
            key(app, pygame.K_DOWN if dy > 0 else pygame.K_UP)
    raise AssertionError(f"the arrows never reached {target}; the cursor is on {board.cursor}")


def test_a_whole_turn_with_the_keys_alone(app):
    """Draw, place, pick a tile, call its number, stop: arrows and Enter only."""
    game = open_game(app, [None, None], seed=6)  # seed 6: the white pile's top is a joker, placed by choice
    m, board = game.match, game.board
    key(app, pygame.K_RIGHT)  # the first key shows the cursor
    assert board.cursor_shown and board.cursor == ("draw", BLACK) and not m.history
    steer(app, board, m, ("draw", WHITE))
    key(app, pygame.K_RETURN)
    assert m.moves == [("draw", WHITE)] and m.state.phase == "place"
    slots = board.look(m).slots
    assert len(slots) > 1 and board.cursor == ("place", slots[0])  # the cursor went to the gaps
    steer(app, board, m, ("place", slots[2]))
    key(app, pygame.K_SPACE)
    assert m.moves[-1] == ("place", slots[2]) and m.state.phase == "guess"
    hidden = board.look(m).hidden(1)
    steer(app, board, m, ("pick", 1, hidden[1]))
    key(app, pygame.K_RETURN)
    assert board.selected == (1, hidden[1]) and m.moves[-1][0] == "place"
    value = m.state.racks[1][hidden[1]].value
    assert board.cursor[0] == "guess"  # straight onto the number pad
    steer(app, board, m, ("guess", 1, hidden[1], value))
    key(app, pygame.K_RETURN)
    assert m.moves[-1] == ("guess", 1, hidden[1], value) and m.state.phase == "continue"
    steer(app, board, m, ("stop",))
    key(app, pygame.K_RETURN)
    assert m.moves[-1] == ("stop",) and m.state.to_move == 1


def test_the_cursor_is_drawn_where_the_keys_point(app):
    game = open_game(app, [None, "easy"], seed=6)
    m, board = game.match, game.board
    key(app, pygame.K_RIGHT)
    t = board.table(board.look(m))
    pile = t.piles[BLACK]
    ring = pile.inflate(round(t.tw * 0.34), round(t.tw * 0.34))
    # the frame of the scene's next draw: the ring around the black pile is the accent colour
    game.draw(app.screen)
    assert app.screen.get_at((ring.x + 2, ring.centery))[:3] == theme.ACCENT
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    app.frame(0.016)
    game.draw(app.screen)
    assert app.screen.get_at((ring.x + 2, ring.centery))[:3] != theme.ACCENT  # the mouse points now


def test_a_key_on_a_number_the_open_tiles_rule_out_is_impossible_and_a_click_is_refused(app):
    game = open_game(app, [None, None], seed=6)
    m, board = game.match, game.board
    m.play(("draw", BLACK))
    app.frame(0.016)
    if m.state.phase == "place":
        m.play(("place", board.look(m).slots[0]))
        app.frame(0.016)
    board.selected = (1, 0)
    view = board.look(m)
    allowed = set(board.callable(view, 1, 0))  # the calls that can be right, as the caller sees the table
    targets = board.targets(m)
    assert {x[3] for x in targets if x[0] == "guess"} == allowed
    ruled_out = next((v for v in range(12) if v not in view.candidates(1, 0)), None)
    if ruled_out is not None:
        from boardhub.ui.board import Refuse
        intent = board.click(board.table(board.look(m)).pad[ruled_out].center, m)
        assert isinstance(intent, Refuse) and "rule it out" in intent.message

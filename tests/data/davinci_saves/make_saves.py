"""Write real Da Vinci Code saves, and the final state of each in plain data: run once, with the code from before
the moves, events and phases had names (`python make_saves.py tests/data/davinci_saves`), to check that saves
written then still load the same (tests/test_davinci_old_saves.py)."""
import json, sys
from pathlib import Path
from boardhub.core.game import get_game
from boardhub.core.match import Match, Seat
from boardhub.core.saved_games import game_data
from boardhub.core.plain import to_plain
from boardhub.core import saves
from boardhub.games.davinci.ai import SeedAI, EasyAI
from boardhub.games.davinci.expert import ExpertAI

DV = get_game("davinci")
out = Path(sys.argv[1])
cases = [
    ("2p", {"players": 2}, 11, [SeedAI("hard", 1), ExpertAI(2)], True),
    ("2p-unfinished", {"players": 2, "no_jokers": True}, 12, [EasyAI(3), SeedAI("normal", 4)], False),
    ("3p-drawn-jokers", {"players": 3, "deal_jokers": True}, 13, [SeedAI("normal", 5), EasyAI(6), SeedAI("hard", 7)], True),
    ("4p-piles-end", {"players": 4, "piles_end_in_draw": True}, 14, [EasyAI(8), EasyAI(9), SeedAI("normal", 10), ExpertAI(11)], True),
    ("4p", {"players": 4}, 15, [SeedAI("hard", 12), ExpertAI(13), EasyAI(14), SeedAI("normal", 15)], True),
]
for name, options, seed, ais, finish in cases:
    rules = DV.rules
    state = rules.new_game(options, seed)
    moves = []
    while not rules.is_over(state) and (finish or len(moves) < 14):
        seat = rules.to_move(state)
        move = ais[seat].choose(rules.view(state, seat), float("inf"))
        moves.append(move)
        state = rules.apply(state, move)
    n = options["players"]
    match = Match(DV, [Seat("seed:hard", f"AI {i + 1}") for i in range(n)], options, seed=seed)
    match.replay(moves, [0.25] * len(moves))
    assert match.state == state
    data = game_data(match, "2026-11-26T15:00:00.000", counted=False)
    data["updated"] = "2026-11-26T15:00:00.000"
    (out / f"{name}.json").write_text(saves.json_text("game", data))
    (out / f"{name}.state.json").write_text(json.dumps(to_plain(state), sort_keys=True, indent=0) + "\n")
    print(name, len(moves), state.phase, state.winner, state.reason)

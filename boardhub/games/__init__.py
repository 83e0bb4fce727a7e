"""The games, one package each with the same shape (see docs/architecture.md).

`boardhub.core.game.get_game(key)` loads a game's package and gives its `ENTRY`.
"""

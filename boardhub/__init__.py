"""boardhub: a desktop arcade of classic board games with strong AIs.

Scripting API::

    from boardhub.core.game import get_game
    dots = get_game("dots")
    ai = dots.ais["hard"]()            # name -> factory(level=None, seed=None)
    state = dots.rules.new_game({"rows": 3, "cols": 3})
"""
__version__ = "0.1.0"

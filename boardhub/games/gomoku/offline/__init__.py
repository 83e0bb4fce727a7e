"""Gomoku's offline tools, which the app never loads: tuning the weights by self-play, and its openings."""

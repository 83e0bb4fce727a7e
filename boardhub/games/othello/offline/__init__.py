"""Othello's offline tools, which the app never loads: learning the evaluation, growing the book, perft."""

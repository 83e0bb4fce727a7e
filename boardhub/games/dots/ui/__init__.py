"""The pygame side of the game: its board view and pages."""

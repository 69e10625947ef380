"""The game's model: squares, pieces, projects, sheets (no file, click or matplotlib)."""

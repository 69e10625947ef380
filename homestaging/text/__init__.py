"""What the tool says: reports, game data pages and the score panel, as text and JSON."""

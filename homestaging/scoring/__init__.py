"""The score: access, what blocks it, distances, bonuses and the score card."""

EMPTY_ROOM_POINTS = -3
"""What a project room with no furniture gives (:mod:`homestaging.scoring.card`); stated
here, where the printed score table reads it without loading the scoring itself."""

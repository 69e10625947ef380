"""The score: access, what blocks it, distances, bonuses and the score card."""

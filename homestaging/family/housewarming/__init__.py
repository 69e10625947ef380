"""Housewarming: a player's house at the end (four rooms of Furnishings and Decor, Pets,
Misc cards, the changes noted during the game) as a score pad: comfort, style and cool,
the clash, and the hominess with the rule book's rounding; the capacity of rooms and the
housewarming declaration checked.

Modules: :mod:`.model`, :mod:`.reader` (``housewarming-house/1``, schema
``homestaging/schemas/housewarming-house.schema.json``), :mod:`.rules`, :mod:`.score`,
:mod:`.render`, :mod:`.commands`. The format is in docs/housewarming.md.
"""

"""Rooms & Roomies: a finished house typed in as grids, checked against the Furnishing
and Building Rules, scored on the five categories of the score pad, and drawn.

Modules: :mod:`.furniture` (the rule book's icons, types and shapes), :mod:`.model`,
:mod:`.reader` (``roomies-house/1``, schema ``homestaging/schemas/roomies-
house.schema.json``), :mod:`.rules` (check), :mod:`.wishes` (the home wishes),
:mod:`.score`, :mod:`.render`, :mod:`.commands`. The format and every decision are in
docs/roomies.md.
"""

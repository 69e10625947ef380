"""Décorum: the final house (four rooms, wall colours, lamp, wall hanging and curio
slots) and the players' conditions in a small condition language; ``check`` finds
objects that cannot be where they are, ``score`` gives 3 per condition met and, when all
are met, 2 per heart left.

Modules: :mod:`.objects` (the rule book's colours, styles and the 12 objects),
:mod:`.model`, :mod:`.conditions` (the language: reading and judging), :mod:`.reader`
(``decorum-game/1``, schema ``homestaging/schemas/decorum-game.schema.json``),
:mod:`.rules`, :mod:`.score`, :mod:`.render`, :mod:`.commands`. The format is in
docs/decorum.md.
"""

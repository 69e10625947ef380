"""Dream Home, from a fragment of its rule book: only its decor, helper and tool rules.

What the fragment states is checked and counted: decor tokens (one per room, of the
room's type, never on an empty room), the Scaffolding replaced by the end, basement cards
on basement spaces and rooms within their maximum size after the Handyman, the
Supplier's card without a decor token; the Architect's +1 per functionality bonus and
per empty room and the Interior Designer's +1 per decor token. Every other category of
the score is typed in as points.

Modules: :mod:`.model`, :mod:`.reader` (``dreamhome-home/1``, schema
``homestaging/schemas/dreamhome-home.schema.json``), :mod:`.rules`, :mod:`.score`,
:mod:`.render`, :mod:`.commands`. The format is in docs/dreamhome.md.
"""

"""What the family games (Rooms & Roomies, Décorum, Housewarming, Dream Home) share
beyond the core: reading a record against its schema, and their commands.

* :mod:`homestaging.family.records` reads a JSON record, checks it against the game's
  published schema and collects the game reader's located messages, all at once.
* :mod:`homestaging.family.commands` builds a game's ``check``, ``score`` and ``render``
  commands from a :class:`~homestaging.family.game.Game`.
* :mod:`homestaging.family.panel` draws a score pad beside a picture.

Each game lives in its own subpackage (``homestaging.family.roomies`` ...) with its model,
reader, rules, score, render and commands; they use the core's grid, readers, schema
validator, errors, score pad and atomic output, and nothing of Home Staging's own rules.
"""

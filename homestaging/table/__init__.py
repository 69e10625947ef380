"""The table server: ``homestaging table PROJECT`` deals a game and serves it to a table.

* :mod:`.store` is the SQLite database holding every table, player, sheet and change;
* :mod:`.play` is a table's game: the cards flipped, each player's record, the ranking;
* :mod:`.hall` is the tables one server holds and what the pages may ask of them;
* :mod:`.web` is the ASGI application (Starlette): pages, secrets, live updates;
* :mod:`.commands` is the ``table`` command and ``table export``;
* ``static/`` holds the join and host pages and the player page's additions; a player's
  sheet is the editor's own page (:mod:`homestaging.editor`).

The page contract is SPEC section 7, described in ``docs/table.md``.
"""

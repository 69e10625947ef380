"""The automatic player: whole games played legally from a deal, par scores for the
projects and the best next move (``docs/player.md``).

Layers, lowest first: :mod:`.board` (a sheet as bit masks: the squares still open, the
hallway's ends, the circulation network of the room being furnished), :mod:`.walls`
(the walls and door of a room at the end of its round), :mod:`.openings` (the front
door and the windows), :mod:`.state` (a game in progress: the sheet and its game
record), :mod:`.policy` (the choices: greedy and lookahead), :mod:`.play` (a whole
game), :mod:`.par` (many games across processes), :mod:`.hint` (the choice for the
current turn), :mod:`.reach` (what no game reached), :mod:`.text` (their text and
JSON) and :mod:`.commands` (``par`` and ``hint``).
"""

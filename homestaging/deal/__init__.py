"""Playing at the table with the tool as the deck: ``homestaging deal`` deals one variant
of every card number of a project from a seed, writes the game record
(``docs/game-record.md``) and shows the cards in play, room by room."""

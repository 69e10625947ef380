"""The rules: every check of a sheet, the card rules of a game record."""

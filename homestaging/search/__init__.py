"""Where a piece can go and what each move is worth."""

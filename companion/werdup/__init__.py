"""WerdUp, the stacking word game: rules, validation, scoring, games, records, move generation."""

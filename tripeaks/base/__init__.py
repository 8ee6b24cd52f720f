"""The base layer: cards, errors, move notation, the layout model, the numbered-deal generator; no game."""

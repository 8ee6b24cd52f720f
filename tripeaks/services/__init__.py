"""The services layer: games played, saved and recorded, hints, best scores, difficulty, winnable deals."""

"""Searches that run a game's solver: hints, winnable, daily and many deals. They never name a game."""

"""The model layer: what a game of the family is (its deal, positions, words, answers), built on the base."""

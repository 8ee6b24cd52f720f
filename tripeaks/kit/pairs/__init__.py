"""What the games of pairs that make 13 share (Triangle, Pyramid): the rules of play, the words, the exact
solver and its bounds, the best-score search and the no-peeking player; each game gives its layout, its
rules and a few words of its own."""

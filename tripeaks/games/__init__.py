"""The games of the family, a folder each: layout, rules, play, words, solver; the registry imports them."""

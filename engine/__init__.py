"""The Sevens engine: cards, rules, games and computer players, standard library only."""

"""Card games on one core, standard library only: ``engine.core`` (what every game shares) and one package a game.

``engine.games`` lists the installed games (Sevens); the core finds them by name
(:func:`engine.core.game.load_game`) and never imports one itself.
"""

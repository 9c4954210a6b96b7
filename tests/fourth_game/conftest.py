"""Nothing here is a test: pytest collects nothing from the game's folders (not even doctests,
which would import the game's modules); ``tests/test_fourth_game.py`` installs and tests it."""

collect_ignore = ["wonderland_nim", "wonderland_nim-0.1.dist-info"]

"""Every game's printed pages, one folder per game: ``printing/games/<folder>/``
(the folder of the game's package, companion/games/<folder>) holds its pages
module (``GameSpec.pages``: ``pages(state, request)`` and ``colours(state)``,
printing.pages) and its page data (headlines). The shared drawing code
(printing.layout, printing.fonts, printing.i18n) names no game."""

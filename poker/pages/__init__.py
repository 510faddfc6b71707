"""The table app's pages (its top floor): the table list, opening a table, the live table, the hand
history and replay (``views``); the organizer's table form, whose fields, help and checks of each
game come from the game's plug-in (``forms``); the hand histories to download, read by batches and
written by the engine's writers (``downloads``, ``poker.engine.exports``); the words the table's
script shows (``catalogue``).

Nothing below imports this package (lint-imports): only the URLs, the coach's pages, the games'
plug-ins (the words of their table pages) and the championship's player page (his season's hands
to download) do. The Verify page of
provably fair play is its own room's (``poker.fairness.views``).
"""

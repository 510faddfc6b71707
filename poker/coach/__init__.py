"""The coach's pages: "Revoir mes décisions" for a player's own hands (docs/practice.md),
in the games whose plug-in turns it on.
The analysis is the engine's (``poker.engine.strategy.coach``); this package only reads a finished
hand's events that the viewer may see and draws them."""

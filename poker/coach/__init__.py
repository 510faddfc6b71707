"""The coach's pages: "Revoir mes décisions" for a player's own Hold'em hands (docs/practice.md).
The analysis is the engine's (``poker.engine.strategy.coach``); this package only reads a finished
hand's events that the viewer may see and draws them."""

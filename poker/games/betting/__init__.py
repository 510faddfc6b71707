"""What the betting games (Hold'em, Razz) share at a table: the change (``play``), the player's
decision and pre-action (``services``), the views (``views``), the automatic answers (``rules``)
and the practice bots (``bots``)."""

"""What the tests arrange again and again, in one place: ``online`` for an online session (its
season, its entrants, its tables, bots playing them to an end)."""

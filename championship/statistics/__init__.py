"""The season in numbers (docs/statistics.md): each hand's figures added up as it finishes
(``record``), read back for a player's page (``player``), two players' record (``head_to_head``)
and the season's awards (``awards``)."""

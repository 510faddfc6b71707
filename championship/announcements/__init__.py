"""The organizer's announcement: a short text from the session's live view, shown at once on every
page of the session's players (their tables first) and on the TV clock, kept in the audit log
(docs/evening.md, "The organizer's announcement").

``models``: the announcements, one row each; ``services``: sending one (the rules, one transaction,
the pushes after the commit); ``selectors``: the one a page shows and the organizer's list;
``views``: the organizer's form. The pages draw the text with ``textContent`` only
(static/js/announcement.js): it is the organizer's free text.
"""

"""A view's change as a small patch: what differs between two public views, and how to apply it.

The table's group gets, after each change, the patch from the public view at ``prev`` to the new
one instead of the whole view (a few hundred bytes instead of about four thousand). The page
applies it to the view it has (``ArfTableSocket.applyDelta`` in ``static/js/table_socket.js``,
which must do exactly what ``apply`` does here: ``tests/poker/test_delta.py`` runs both on the same
fixtures).

A patch of an object: ``{"set": {key: value}, "unset": [key], "edit": {key: patch}}`` (each part
only when not empty): keys given a new value, keys removed, and keys whose object or list value
changed in part. A patch of a list: ``{"drop": n, "edit": {"index": patch}, "add": [...]}``: the
first ``n`` items dropped (the log is a window on the hand's last lines), items changed in part
(the seats), items appended (new log lines, board cards). Values are plain JSON.
"""

from __future__ import annotations

from typing import Any

# Counted from the moment of sending (milliseconds left): a view's copy received at another time
# differs, so they go in every patch, whether or not they changed.
ALWAYS = ("deadline_ms", "get_ready")


def diff(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """The patch taking the view ``old`` to ``new`` (``apply(old, diff(old, new)) == new``)."""
    patch = _diff_object(old, new)
    for key in ALWAYS:
        if key in new:
            patch.setdefault("set", {})[key] = new[key]
            if key in patch.get("edit", {}):
                del patch["edit"][key]
    if "edit" in patch and not patch["edit"]:
        del patch["edit"]
    return patch


def _diff_object(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    set_, edit = {}, {}
    for key, value in new.items():
        if key not in old:
            set_[key] = value
            continue
        before = old[key]
        if before == value:
            continue
        part = _diff_value(before, value)
        if part is None:
            set_[key] = value
        else:
            edit[key] = part
    patch: dict[str, Any] = {}
    if set_:
        patch["set"] = set_
    unset = [key for key in old if key not in new]
    if unset:
        patch["unset"] = unset
    if edit:
        patch["edit"] = edit
    return patch


def _diff_value(old: Any, new: Any) -> dict[str, Any] | None:
    """A patch of ``old`` into ``new`` when both are objects or lists; None: send the value."""
    if isinstance(old, dict) and isinstance(new, dict):
        return _diff_object(old, new)
    if isinstance(old, list) and isinstance(new, list):
        return _diff_list(old, new)
    return None


def _diff_list(old: list, new: list) -> dict[str, Any] | None:
    # A window that moved on (the log): the fewest first items dropped so that the rest starts the
    # new list; what follows is appended.
    for drop in range(len(old)):
        kept = len(old) - drop
        if kept <= len(new) and old[drop:] == new[:kept]:
            patch: dict[str, Any] = {"add": new[kept:]}
            if drop:
                patch["drop"] = drop
            return patch
    # The same items changed in part (the seats).
    if len(old) == len(new) and all(isinstance(a, dict) and isinstance(b, dict) for a, b in zip(old, new)):
        return {"edit": {str(k): _diff_object(a, b) for k, (a, b) in enumerate(zip(old, new)) if a != b}}
    return None


def apply(view: Any, patch: dict[str, Any]) -> Any:
    """``view`` with ``patch`` applied, as a new value (``view`` itself is left as it was)."""
    if isinstance(view, list):
        items = view[patch.get("drop", 0) :]
        for index, part in patch.get("edit", {}).items():
            items[int(index)] = apply(items[int(index)], part)
        return items + list(patch.get("add", ()))
    result = dict(view)
    result.update(patch.get("set", {}))
    for key in patch.get("unset", ()):
        result.pop(key, None)
    for key, part in patch.get("edit", {}).items():
        result[key] = apply(result[key], part)
    return result

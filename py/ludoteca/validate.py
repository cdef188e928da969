"""Reading saved JSON (states, records): the few shapes a loaded value must have.

Each check returns the value when it has the shape and raises ValueError otherwise; the
game's `state_from_json` turns that into a clear ``corrupt_state`` error. Type-exact on
purpose: JSON's ``true`` or ``2.0`` is never a count of pieces.
"""

from __future__ import annotations


def whole(value) -> int:
    """A whole number (not a bool, not a float)."""
    if type(value) is not int:
        raise ValueError(f"expected a whole number, got {value!r}")
    return value


def count(value) -> int:
    """A whole number of things: 0 or more."""
    if whole(value) < 0:
        raise ValueError(f"{value!r} is not a count")
    return value


def wholes(value, length=None) -> list:
    """A list of whole numbers (of `length` of them, when given)."""
    if not isinstance(value, list):
        raise ValueError(f"expected a list of whole numbers, got {value!r}")
    if length is not None and len(value) != length:
        raise ValueError(f"expected {length} numbers, got {len(value)}")
    return [whole(v) for v in value]


def flags(value, length: int) -> list:
    """A list of `length` true/false values."""
    if not isinstance(value, list) or len(value) != length or not all(
            isinstance(v, bool) for v in value):
        raise ValueError(f"expected {length} booleans, got {value!r}")
    return list(value)

"""The package's one error type for bad input, and the guard that keeps every other exception a
bad value could raise inside the package (TypeError, OverflowError, RecursionError, ...) from
reaching the caller as anything but LayoutError, with a message of bounded length."""

from __future__ import annotations

import functools
import operator
from typing import Any, Callable, TypeVar

from ._core import LayoutError

F = TypeVar("F", bound=Callable[..., Any])

MAX_MESSAGE = 2000  # UTF-8 bytes of a message kept whole
KEPT_PREFIX = 1000  # UTF-8 bytes kept of a longer one (src/convert.cpp: the same)

# What a bad argument can raise below the package's own checks.
_FOREIGN = (TypeError, OverflowError, RecursionError, RuntimeError, UnicodeError, ValueError,
            KeyError, IndexError, AttributeError, MemoryError)


def bounded(message: str) -> str:
    """`message`, or its beginning and how much was left out when it is long: a 10 MB input is
    never echoed whole (the compiled half bounds its messages the same way)."""
    data = message.encode("utf-8", "surrogateescape")
    if len(data) <= MAX_MESSAGE:
        return message
    cut = KEPT_PREFIX
    while cut > 0 and (data[cut] & 0xC0) == 0x80:
        cut -= 1  # not inside a character
    kept = data[:cut].decode("utf-8", "surrogateescape")
    return f"{kept} ... [{len(message) - len(kept)} more characters left out]"


def short(value: Any, limit: int = 80) -> str:
    """A bounded repr of a value for a message."""
    try:
        text = repr(value)
    except Exception:  # pylint: disable=broad-except
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def is_numpy_bool(value: Any) -> bool:
    """Whether `value` is numpy's boolean scalar (without importing numpy)."""
    kind = type(value)
    return kind.__module__ == "numpy" and kind.__name__ in ("bool_", "bool")


def flag(value: Any, name: str) -> bool:
    """A yes/no argument as a bool: True or False, numpy's booleans, or the integers 0 and 1.
    Anything else is refused rather than read by its truth, which would take ``write="no"`` for
    yes."""
    if value is True or value is False:
        return value
    kind = type(value)
    if (kind is int and value in (0, 1)) or is_numpy_bool(value):
        return bool(value)
    raise LayoutError(f"{name} must be True or False, not {short(value)} ({kind.__name__})")


def integer(value: Any, name: str) -> int:
    """An integer argument as an int: Python's or numpy's integers (by ``__index__``), never a
    bool, a float (``0.9`` is not truncated to 0) or a text."""
    kind = type(value)
    if kind is not bool and not is_numpy_bool(value):
        try:
            return operator.index(value)
        except TypeError:
            pass
    raise LayoutError(f"{name} must be an integer, not {short(value)} ({kind.__name__})")


def guard_methods(cls: type, label: str) -> None:
    """Wraps every public method of the compiled class `cls` so that a call the binding cannot
    match (a wrong type, an unknown keyword) raises LayoutError instead of pybind11's TypeError,
    its message cut before the arguments it echoes (a large layout's repr)."""
    for name, attr in list(vars(cls).items()):
        if name.startswith("_") or isinstance(attr, property) or not callable(attr):
            continue
        static = isinstance(attr, staticmethod)
        fn = attr.__func__ if static else getattr(cls, name)

        def call(*args, _fn=fn, _name=f"{label}.{name}", **kwargs):
            try:
                return _fn(*args, **kwargs)
            except TypeError as e:
                text = str(e).split("\n\nInvoked with", 1)[0]
                raise LayoutError(bounded(f"{_name}: {text}")) from None

        functools.update_wrapper(call, fn)
        setattr(cls, name, staticmethod(call) if static else call)


def guarded(fn: F) -> F:
    """Calls `fn`; an exception other than LayoutError raised by a bad argument becomes
    LayoutError naming the function and the cause (KeyboardInterrupt and SystemExit pass)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except LayoutError:
            raise
        except _FOREIGN as e:
            raise LayoutError(bounded(f"{fn.__qualname__}: {type(e).__name__}: {e}")) from None

    return wrapper  # type: ignore[return-value]

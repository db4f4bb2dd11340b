"""Shared pure helpers of the game engines."""

from __future__ import annotations


class FrozenDict(dict):
    """A read-only dict (hashable views are not needed): mutation raises TypeError.
    Picklable and copyable, unlike ``types.MappingProxyType``."""

    __slots__ = ()

    def _readonly(self, *a, **k):
        raise TypeError("this mapping is read-only")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _readonly
    __ior__ = _readonly

    def __reduce__(self):
        return (FrozenDict, (dict(self),))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

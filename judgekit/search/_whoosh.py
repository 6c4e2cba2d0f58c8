"""Import Whoosh without the two standard-library packages it loads and never uses here.

whoosh-reloaded 2.7.5 imports `urllib.request` at start-up (its compatibility module binds
`urlretrieve`, which nothing in the library calls) and `asyncio` through the `cached_property`
package (`whoosh.reading` decorates one plain method with it; the package imports asyncio only
to ask whether a function is a coroutine). On this machine that is 40-50 ms of a cold
`judgekit search`, about half of it (measured by benchmarks/search_latency.py).

`ensure()` imports Whoosh's core while those two names are served by small stand-ins, then
takes the stand-ins out of `sys.modules`, so any later `import urllib.request` or
`import cached_property` in the process gets the real module. Whoosh keeps:
  * a `urlretrieve` that imports and calls the real one if it is ever called;
  * a `cached_property` that caches a plain method's value in the instance, which is what the
    real one does for a function that is not a coroutine (Whoosh decorates no coroutine).
Nothing is stood in for when the real module is already imported, and with the whoosh3 fork
(which imports neither) this does nothing but import Whoosh.
"""

from __future__ import annotations

import sys
import types

_CORE = ("whoosh.index", "whoosh.reading", "whoosh.searching", "whoosh.query",
         "whoosh.fields", "whoosh.analysis", "whoosh.filedb.filestore")


def _urlretrieve(*args, **kwargs):
    from urllib.request import urlretrieve

    return urlretrieve(*args, **kwargs)


class _CachedProperty:
    """Computed once per instance, then an ordinary attribute (deleting it resets it)."""

    def __init__(self, func):
        self.__doc__ = getattr(func, "__doc__")
        self.func = func

    def __get__(self, obj, cls):
        if obj is None:
            return self
        value = obj.__dict__[self.func.__name__] = self.func(obj)
        return value


def _stand_ins() -> dict[str, types.ModuleType]:
    out = {}
    if "urllib.request" not in sys.modules:
        m = types.ModuleType("urllib.request", "stand-in while Whoosh imports (judgekit)")
        m.urlretrieve = _urlretrieve
        out["urllib.request"] = m
    if "cached_property" not in sys.modules:
        m = types.ModuleType("cached_property", "stand-in while Whoosh imports (judgekit)")
        m.cached_property = _CachedProperty
        out["cached_property"] = m
    return out


def ensure() -> None:
    """Import Whoosh's core modules (once)."""
    if all(name in sys.modules for name in _CORE):
        return
    stand = _stand_ins()
    sys.modules.update(stand)
    try:
        import importlib

        for name in _CORE:
            importlib.import_module(name)
    finally:
        for name, m in stand.items():
            if sys.modules.get(name) is m:
                del sys.modules[name]

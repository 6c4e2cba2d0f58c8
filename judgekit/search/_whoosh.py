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

Three more of its imports cost a cold search a sixth of its instructions (valgrind, issue 26:
45 M, 8 M and 11 M of ~390 M) for work it never does here:
  * `whoosh.lang.morph_en` compiles some 25 large regular expressions at import for
    `variations`, which only Whoosh's Variations query calls (the search never builds one);
  * `whoosh.lang.porter` compiles its own for `stem`, the default of stemming filters and
    analyzers the index never uses;
  * `hashlib` loads OpenSSL (`_hashlib`) for the one function the on-disk hash tables take
    from it, `md5`, which Python's own `_md5` module computes alike (the same digest).
While Whoosh imports, the first two are stand-ins whose function imports the real module and
calls it if it is ever called, and `hashlib` is a stand-in holding `_md5.md5` (not stood in
when `_md5` is missing); afterwards the stand-ins leave `sys.modules` as above.
"""

from __future__ import annotations

import sys
import types

_CORE = ("whoosh.index", "whoosh.reading", "whoosh.searching", "whoosh.query",
         "whoosh.fields", "whoosh.analysis", "whoosh.filedb.filestore",
         "whoosh.filedb.filetables")


def _urlretrieve(*args, **kwargs):
    from urllib.request import urlretrieve

    return urlretrieve(*args, **kwargs)


def _variations(*args, **kwargs):
    from whoosh.lang.morph_en import variations

    return variations(*args, **kwargs)


def _stem(*args, **kwargs):
    from whoosh.lang.porter import stem

    return stem(*args, **kwargs)


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
    """The stand-in modules (name: module) for those not imported yet."""
    names = {"urllib.request": ("urlretrieve", _urlretrieve),
             "cached_property": ("cached_property", _CachedProperty),
             "whoosh.lang.morph_en": ("variations", _variations),
             "whoosh.lang.porter": ("stem", _stem)}
    try:
        from _md5 import md5
    except ImportError:  # a Python built without it: the real hashlib
        pass
    else:
        names["hashlib"] = ("md5", md5)
    out = {}
    for name, (attr, value) in names.items():
        if name not in sys.modules:
            m = types.ModuleType(name, "stand-in while Whoosh imports (judgekit)")
            setattr(m, attr, value)
            out[name] = m
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

"""Where judgekit finds its data and keeps its caches.

Data (rules_data/, templates/, site/) lives at the top of the project checkout, beside the
package; `JUDGEKIT_HOME` points elsewhere if needed. Caches go to the user cache directory:
`JUDGEKIT_CACHE_DIR`, else `$XDG_CACHE_HOME/judgekit`, else `~/.cache/judgekit`.

Plain `os.path` strings, no pathlib: this module is on the cold lookup path.
"""

from __future__ import annotations

import os

PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


def project_root() -> str:
    return os.environ.get("JUDGEKIT_HOME") or os.path.dirname(PACKAGE_DIR)


def rules_data_dir() -> str:
    return os.path.join(project_root(), "rules_data")


# The files of a ruleset's folder in rules_data/ that only the search reads (the judges' phrasings,
# `judgekit.search.asks`): not inputs of the clause trees nor of the engine's runs, so editing
# one rebuilds the search index and the site's scripts and nothing else.
SEARCH_ONLY = frozenset({"asks.toml"})


def templates_dir() -> str:
    return os.path.join(project_root(), "templates")


def site_dir() -> str:
    return os.path.join(project_root(), "site")


def cache_dir() -> str:
    d = os.environ.get("JUDGEKIT_CACHE_DIR")
    if d:
        return d
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = xdg if xdg else os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "judgekit")

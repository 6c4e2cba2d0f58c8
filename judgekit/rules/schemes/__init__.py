"""Per-ruleset settings for the shared parser (`judgekit.rules.parser`).

Each module defines `SCHEME`, an instance of a `Scheme` subclass. Modules are imported only
when their ruleset is parsed (a cache miss), never on the lookup path.
"""

from __future__ import annotations

import importlib

#: ruleset id -> scheme module, in the order the rulesets are listed to a user
SCHEME_MODULES = {
    "zx": "judgekit.rules.schemes.zx",
    "g2022": "judgekit.rules.schemes.g2022",
    "d0": "judgekit.rules.schemes.d0",
    "thv": "judgekit.rules.schemes.thv",
}


def scheme_for(game: str):
    return importlib.import_module(SCHEME_MODULES[game]).SCHEME

"""One search index for the whole session, built in a private cache directory.

The parsed clause trees are copied from the user's cache when present (so the session does
not re-parse them); the index itself is always built fresh here.
"""

from __future__ import annotations

import pytest
from search_helpers import seed_cache


@pytest.fixture(scope="session")
def cache_dir(tmp_path_factory):
    d = str(tmp_path_factory.mktemp("jkc-search"))
    seed_cache(d)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("JUDGEKIT_CACHE_DIR", d)
        yield d


@pytest.fixture(scope="session")
def searcher(cache_dir):
    from judgekit.search.engine import Searcher

    s = Searcher()
    yield s
    s.close()

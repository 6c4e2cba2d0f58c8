"""Build the search index into the package, at install time (setup.py runs this module).

    python -m judgekit.search.prebuild [DIR]        (default: judgekit/search/_prebuilt)

A fresh install's first search then opens this index instead of parsing the four rulebooks and
writing a Whoosh index (seconds). The index is named after the key of the rules and the code it
was built from (`index.index_key`), the source fingerprint: a search opens it only when that key
is the key of the files actually present, so an edited rulebook or search module simply means
it is not used (the user cache's index is built and used instead). It is never modified at run
time. The clause trees parsed here go to a temporary cache directory, not the user's.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    from . import index

    root = os.path.abspath(argv[0]) if argv else index.PREBUILT
    with tempfile.TemporaryDirectory(prefix="judgekit-prebuild-") as cache:
        os.environ["JUDGEKIT_CACHE_DIR"] = cache
        from ..rules import GAMES

        t = time.perf_counter()
        key = index.index_key(GAMES)
        path = index.build(key, GAMES, root=root)
        # readable by every user of the installation (a build directory is private at first)
        for d, _, files in os.walk(root):
            os.chmod(d, 0o755)
            for f in files:
                os.chmod(os.path.join(d, f), 0o644)
        ix = index.Index(path, key, sizes_only=True)
        try:
            if ix.failed:
                print(f"judgekit: search index built without {', '.join(ix.failed)}: "
                      f"{ix.failed}", file=sys.stderr)
            n = len(ix.units)
        finally:
            ix.close()
    print(f"judgekit: search index of {n} units built in {time.perf_counter() - t:.1f} s: "
          f"{path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

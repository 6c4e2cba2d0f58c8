"""setuptools hook: the search index is built into the package when judgekit is installed.

Everything else about the package is declared in pyproject.toml. `pip install -e .` (the
README's install, `editable_mode=compat`) and a regular install both run build_py; this one
also runs `python -m judgekit.search.prebuild` with the sources on the path, writing the index
to judgekit/search/_prebuilt (editable: in the source tree, which is what runs; otherwise in
the build directory, which is what gets installed). The index carries the fingerprint of the
rules and code it was built from, and a search uses it only when they are still the same
(judgekit/search/index.py). If the build fails, the install still succeeds: the first search
then builds the index in the user's cache, as before. An editable install is also
byte-compiled, as pip byte-compiles a regular one.
"""

import os
import subprocess
import sys

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))


class BuildPyWithSearchIndex(build_py):
    def run(self):
        super().run()
        try:
            self._search_index()
        except Exception as e:  # never fail an install over the index: it can be built later
            print(f"judgekit: the search index was not built at install ({type(e).__name__}: "
                  f"{e}); the first search will build it", file=sys.stderr)

    def _search_index(self):
        editable = getattr(self, "editable_mode", False)
        base = HERE if editable else os.path.abspath(self.build_lib)
        target = os.path.join(base, "judgekit", "search", "_prebuilt")
        env = dict(os.environ, PYTHONPATH=HERE + os.pathsep + os.environ.get("PYTHONPATH", ""))
        env.pop("JUDGEKIT_HOME", None)
        subprocess.run([sys.executable, "-m", "judgekit.search.prebuild", target],
                       cwd=HERE, env=env, check=True, timeout=600)
        if editable:
            # what pip does for a regular install: byte-compile, so that a cold `judgekit`
            # does not compile its modules on every run where .pyc files are not written
            # (PYTHONDONTWRITEBYTECODE); a .pyc whose source changed is ignored by Python
            import compileall

            compileall.compile_dir(os.path.join(HERE, "judgekit"), quiet=1)


setup(cmdclass={"build_py": BuildPyWithSearchIndex})

"""Whoosh is imported without urllib.request, asyncio, its English morphology and stemmer
and OpenSSL's hashlib, and leaves no stand-in behind."""

from __future__ import annotations

import os
import re
import subprocess
import sys

_PROBE = r"""
import sys
from judgekit.search._whoosh import ensure
ensure()
import whoosh.index, whoosh.reading
assert "asyncio" not in sys.modules, "asyncio imported"
assert "urllib.request" not in sys.modules, "stand-in left in sys.modules"
assert "cached_property" not in sys.modules, "stand-in left in sys.modules"
# nor the regular expressions of Whoosh's English stemmer and morphology, nor OpenSSL
assert "_hashlib" not in sys.modules, "OpenSSL's hashlib loaded"
for name in ("whoosh.lang.morph_en", "whoosh.lang.porter", "hashlib"):
    assert name not in sys.modules, name + ": stand-in left in sys.modules"
# the hash tables' md5 is the digest hashlib computes
import whoosh.filedb.filetables as ft
import hashlib
assert ft.md5_hash(b"\xe8\x87\xb4\xe6\xad\xbb") == \
    int(hashlib.md5(b"\xe8\x87\xb4\xe6\xad\xbb").hexdigest(), 16) & 0xFFFFFFFF
# the stand-ins' functions call the real ones
import whoosh.query.terms as terms, whoosh.analysis.morph as morph
import whoosh.lang.morph_en as morph_en, whoosh.lang.porter as porter
assert terms.variations is not morph_en.variations and morph.stem is not porter.stem
assert terms.variations("rendered") == morph_en.variations("rendered") and \
    "render" in terms.variations("rendered")
assert morph.stem("connected") == porter.stem("connected") == "connect"
assert "whoosh.lang.morph_en" in sys.modules and "whoosh.lang.porter" in sys.modules
# the real modules still import afterwards
import urllib.request, cached_property
assert hasattr(urllib.request, "urlopen") and hasattr(cached_property, "threaded_cached_property")
# and Whoosh's decorated method still caches
from whoosh.filedb.filestore import RamStorage
from whoosh.fields import Schema, ID
ix = RamStorage().create_index(Schema(k=ID(stored=True)))
w = ix.writer(); w.add_document(k="a"); w.commit()
with ix.searcher() as s:
    r = s.reader()
    assert r.deleted_docs_set is r.deleted_docs_set
print("ok")
"""


def test_ensure_in_a_fresh_interpreter():
    r = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr


def test_no_module_of_ours_names_whoosh_compat():
    """whoosh3 has no whoosh.compat: switching forks must stay a one-line change."""
    root = os.path.join(os.path.dirname(__file__), "..", "..", "judgekit")
    for dirpath, _, files in os.walk(root):
        for n in files:
            if n.endswith(".py"):
                with open(os.path.join(dirpath, n), encoding="utf-8") as f:
                    src = f.read()
                assert not re.search(r"whoosh\.compat|from whoosh import compat", src), n

"""The concordance of the judge's concept index (rules_data/concepts.toml): one row a concept,
one column a ruleset, each cell the ruleset's word linked to the clauses that define and govern
it (or why the ruleset has no such idea, linked to what it does instead).

`concordance_view(games, href)` returns the rows as plain data for any renderer (the static
site's concepts.html, and the workbench of issue 23); `href(game, clause_id)` gives the address
of a clause, or None where it has none. `clause_concepts(game)` gives, per clause id, the
concepts it belongs to, for the clause pages.
"""

from __future__ import annotations

CONCEPTS_PAGE = "concepts.html"


def concordance_view(games, href) -> list[dict]:
    """[{"area", "title", "rows": [{"id", "name", "ja", "words", "cells": [cell per game]}]}];
    a cell is {"game", "word", "define": [link], "govern": [link]} or {"game", "none", "see":
    [link]}, a link {"id", "href"}; a ruleset the concept does not judge gets {"game"} alone."""
    from ..concepts import concordance

    def links(game, ids):
        return [{"id": cid, "href": href(game, cid)} for cid in ids]

    out = []
    for group in concordance(tuple(games)):
        rows = []
        for c in group["concepts"]:
            cells = []
            for g in games:
                e = c["games"].get(g)
                if e is None:
                    cells.append({"game": g})
                elif "none" in e:
                    cells.append({"game": g, "none": e["none"], "see": links(g, e.get("see", []))})
                else:
                    cells.append({"game": g, "word": e["word"], "define": links(g, e["define"]),
                                  "govern": links(g, e["govern"])})
            rows.append({"id": c["id"], "name": c["name"], "en": c["en"], "ja": c["ja"],
                         "words": c["words"], "cells": cells})
        out.append({"area": group["area"], "title": group["area_title"], "rows": rows})
    return out


def clause_concepts(game: str) -> dict[str, list[dict]]:
    """{clause id: [{"id", "name", "role"}]} of one ruleset (role: define or govern)."""
    from ..concepts import for_clauses

    return {cid: [{"id": c, "name": n, "role": r} for c, n, r in rows]
            for cid, rows in for_clauses(game).items()}

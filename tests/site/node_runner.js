// Runs the site's search script under node for tests/site/test_js_parity.py.
// stdin: {"script": "<search.js text>", "indexes": [paths], "fold": [...], "match": [...],
//         "candidates": [[text, game], ...], "search": [[query, [games]], ...],
//         "resolve": [[text, [games]], ...]}
// stdout: the same keys with the JavaScript answers.
"use strict";
const fs = require("fs");
const vm = require("vm");

const req = JSON.parse(fs.readFileSync(0, "utf8"));
const ctx = { console };
vm.createContext(ctx);
vm.runInContext(req.script, ctx, { filename: "search.js" });
for (const p of req.indexes || []) vm.runInContext(fs.readFileSync(p, "utf8"), ctx, { filename: p });
const JK = ctx.JK;
const out = {};
if (req.fold) out.fold = req.fold.map((s) => JK.fold(s));
if (req.match) out.match = req.match.map((s) => JK.matchForm(s));
if (req.candidates) out.candidates = req.candidates.map(([s, g]) => JK.candidates(s, g));
if (req.search) {
  out.search = req.search.map(([q, games]) =>
    JK.search(q, games).map((h) => [h.game, JK.indexes[h.game].docs[h.doc][0]]));
}
if (req.resolve) {
  out.resolve = req.resolve.map(([q, games]) => JK.resolveId(q, games).map((r) => [r.game, r.id]));
}
if (req.parse) {
  out.parse = req.parse.map((q) => {
    const p = JK.parseQuery(q);
    return {
      groups: p.groups.map((g) => g.map((t) => [t.text, t.phrase])),
      excludes: p.excludes.map((t) => [t.text, t.phrase]),
      id_candidate: p.idCandidate,
    };
  });
}
if (req.ranked) {
  out.ranked = req.ranked.map(([q, games]) =>
    JK.search(q, games).map((h) => [h.game, JK.indexes[h.game].docs[h.doc][0], h.score]));
}
if (req.fragment) out.fragment = req.fragment.map((s) => JK.fragment(s));
process.stdout.write(JSON.stringify(out));

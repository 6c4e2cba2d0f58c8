// The answers tests/site/test_js_parity.py asks the search script for (shared by the node
// runner and the Chromium fallback). req keys: fold, match, candidates, search, ranked,
// resolve, parse, quotes, fragment, asked, spans, table, pairs, share.
function jkAnswer(JK, req) {
  const out = {};
  if (req.fold) out.fold = req.fold.map((s) => JK.fold(s));
  if (req.match) out.match = req.match.map((s) => JK.matchForm(s));
  if (req.candidates) out.candidates = req.candidates.map(([s, g]) => JK.candidates(s, g));
  if (req.search) {
    out.search = req.search.map(([q, games]) =>
      JK.search(q, games).map((h) => [h.game, JK.indexes[h.game].docs[h.doc][0]]));
  }
  if (req.ranked) {
    out.ranked = req.ranked.map(([q, games]) =>
      JK.search(q, games).map((h) => [h.game, JK.indexes[h.game].docs[h.doc][0], h.score]));
  }
  if (req.reading) {
    out.reading = req.reading.map(([q, games]) => {
      const r = JK.searchAll(q, games);
      return { mode: r.mode, words: r.words, total: r.hits.length,
               notes: r.notes.map((n) => ({ kind: n.kind, wrote: n.wrote || "", words: n.words || [],
                                            games: n.games || [], k: n.k || 0, total: n.total || 0 })) };
    });
  }
  if (req.asked) {
    // each hit of the words reading with the judges' phrasing shown for it and the spans
    // marked in it (or nulls)
    out.asked = req.asked.map(([q, games]) => {
      const r = JK.searchAll(q, games);
      return r.hits.map((h) => {
        const a = r.mode === "words" ? JK.bestAsked(JK.indexes[h.game], h.doc, r.asksTerms) : null;
        return [h.game, JK.indexes[h.game].docs[h.doc][0], a ? a[0] : null, a ? a[1] : null];
      });
    });
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
  if (req.quotes) {
    // a query read as a sentence: its terms after the Japanese quotes are read as words
    const term = (t) => [t.text, t.raw, t.phrase, t.quote || ""];
    out.quotes = req.quotes.map((q) => {
      const p = JK.readQuotes(JK.parseQuery(q));
      return { groups: p.groups.map((g) => g.map(term)), excludes: p.excludes.map(term) };
    });
  }
  if (req.pairs) out.pairs = req.pairs.map((texts) => JK.questionPairs(texts));
  if (req.share) out.share = req.share.map(([texts, forms]) => JK.askedShare(JK.questionPairs(texts), forms));
  if (req.spans) out.spans = req.spans.map(([line, terms]) => JK.termSpans(line, terms));
  if (req.fragment) out.fragment = req.fragment.map((s) => JK.fragment(s));
  if (req.table) {
    // [table, sep, key] -> the key's value in a sorted table of the index (null when absent)
    out.table = req.table.map(([t, sep, key]) => { const v = JK.tableValue(t, sep, key); return v === undefined ? null : v; });
  }
  return out;
}

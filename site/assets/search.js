/* judgekit rules site: offline search and clause-id jump.
 *
 * No framework, no network. The index of each ruleset is a script (search/<game>.js) that calls
 * JK.addIndex(...); it is loaded on demand with a <script> element, which works from file://
 * where fetch() of a local file does not.
 *
 * Matching form = judgekit.search.normalize.fold() + ASCII lower case, ported below rule by rule.
 * The tables come from the Python modules (the builder writes them in place of the marker).
 * tests/site/test_js_parity.py runs this file under node and compares with Python.
 */
(function (global) {
  "use strict";

/*@TABLES@*/

  // ---------------------------------------------------------------------------------------
  // Python's str predicates, from the generated code point ranges

  function inRanges(cp, ranges) {
    var lo = 0, hi = ranges.length - 1;
    while (lo <= hi) {
      var mid = (lo + hi) >> 1;
      if (cp < ranges[mid][0]) hi = mid - 1;
      else if (cp > ranges[mid][1]) lo = mid + 1;
      else return true;
    }
    return false;
  }
  function pyIsSpace(ch) { return ch !== "" && inRanges(ch.codePointAt(0), PY_SPACE); }
  function pyIsDigit(ch) { return ch !== "" && inRanges(ch.codePointAt(0), PY_DIGIT); }
  function pyIsAscii(ch) { return ch.codePointAt(0) < 0x80; }
  function isAsciiAlpha(ch) { return /^[A-Za-z]$/.test(ch); }
  function pyStrip(s) {
    var cs = Array.from(s), a = 0, b = cs.length;
    while (a < b && pyIsSpace(cs[a])) a++;
    while (b > a && pyIsSpace(cs[b - 1])) b--;
    return cs.slice(a, b).join("");
  }
  function replaceAll(s, a, b) { return s.split(a).join(b); }

  // ---------------------------------------------------------------------------------------
  // fold(): port of judgekit.search.normalize.fold

  function isCjk(ch) {
    var o = ch.codePointAt(0);
    return (0x3000 <= o && o <= 0x30FF) || (0x3400 <= o && o <= 0x4DBF) || (0x4E00 <= o && o <= 0x9FFF) ||
      (0xF900 <= o && o <= 0xFAFF) || (0xFF00 <= o && o <= 0xFFEF);
  }

  function collapseCjkSpaces(s) {
    if (s.indexOf(" ") < 0 && s.indexOf("\t") < 0 && s.indexOf("\u3000") < 0) return s;
    var cs = Array.from(s), n = cs.length, out = [], i = 0;
    while (i < n) {
      var ch = cs[i];
      if (pyIsSpace(ch)) {
        var j = i;
        while (j < n && pyIsSpace(cs[j]) && cs[j] !== "\n") j++;
        var prev = out.length ? out[out.length - 1] : "";
        var nxt = j < n ? cs[j] : "";
        if (j > i && prev && nxt && (isCjk(prev) || isCjk(nxt)) && !(pyIsAscii(prev) && pyIsAscii(nxt))) {
          i = j;  // drop the space between CJK characters
          continue;
        }
        out.push(ch !== "\n" ? " " : "\n");
        i = j > i ? j : i + 1;
        continue;
      }
      out.push(ch);
      i++;
    }
    return out.join("");
  }

  function fold(text) {
    if (!text) return "";
    var s = replaceAll(text.normalize("NFKC"), "**", "");
    var cs = Array.from(s);
    for (var k = 0; k < cs.length; k++) {
      if (FOLD_DASHES.indexOf(cs[k]) >= 0) cs[k] = "ー";
      else if (FOLD_INVISIBLE.indexOf(cs[k]) >= 0) cs[k] = "";
    }
    s = cs.join("");
    for (var v = 0; v < FOLD_VARIANTS.length; v++) {
      if (s.indexOf(FOLD_VARIANTS[v][0]) >= 0) s = replaceAll(s, FOLD_VARIANTS[v][0], FOLD_VARIANTS[v][1]);
    }
    return collapseCjkSpaces(s);
  }

  function matchForm(text) {
    return fold(text).replace(/[A-Z]/g, function (c) { return c.toLowerCase(); });
  }

  // ---------------------------------------------------------------------------------------
  // clause ids typed loosely: port of judgekit.rules.lookup.candidates

  function cleanInput(raw) {
    var s = pyStrip(raw.normalize("NFKC"));
    s = Array.from(s).map(function (ch) { return ID_DASHES.indexOf(ch) >= 0 ? "-" : ch; }).join("");
    s = Array.from(s).filter(function (ch) { return ID_QUOTES.indexOf(ch) < 0; }).join("");
    return pyStrip(s);
  }

  function tokens(s) {
    var out = [], buf = "", kind = "", cs = Array.from(s), i = 0;
    while (i < cs.length) {
      var ch = cs[i];
      if (ch === "序" && cs[i + 1] === "文") {
        if (buf) out.push(buf);
        out.push("序文");
        buf = ""; kind = "";
        i += 2;
        continue;
      }
      var k = pyIsDigit(ch) ? "d" : (isAsciiAlpha(ch) ? "a" : "");
      if ("部章節項".indexOf(ch) >= 0) {
        if (buf) out.push(buf);
        out.push(ch);
        buf = ""; kind = "";
      } else if (k && k === kind) {
        buf += ch;
      } else {
        if (buf) out.push(buf);
        if (k) { buf = ch; kind = k; } else { buf = ""; kind = ""; }
      }
      i++;
    }
    if (buf) out.push(buf);
    return out;
  }

  function allDigits(t) { return t !== "" && Array.from(t).every(pyIsDigit); }
  function lstripChars(s, chars) { var i = 0; while (i < s.length && chars.indexOf(s[i]) >= 0) i++; return s.slice(i); }

  function d0Candidates(s, toks, digits) {
    if (toks.indexOf("序文") >= 0 || s.toLowerCase().indexOf("intro") === 0) {
      return digits.length ? ["intro." + digits[0]] : ["intro"];
    }
    if (toks.indexOf("部") >= 0 || toks.indexOf("章") >= 0) {
      var part = null, chap = null, rest = [], prev = null;
      toks.forEach(function (t) {
        if (t === "部" && prev !== null) { part = prev; prev = null; }
        else if (t === "章" && prev !== null) { chap = prev; prev = null; }
        else if (t === "節" || t === "項") { if (prev !== null) rest.push(prev); prev = null; }
        else if (allDigits(t)) { if (prev !== null) rest.push(prev); prev = t; }
      });
      if (prev !== null) rest.push(prev);
      var head = [part, chap].filter(function (x) { return x !== null; }).join(".");
      if (!rest.length) return [head];
      return [head + "." + rest[0] + rest.slice(1).map(function (x) { return "-" + x; }).join("")];
    }
    if (!digits.length) return [];
    return [digits.slice(0, 3).join(".") + digits.slice(3).map(function (d) { return "-" + d; }).join("")];
  }

  function candidates(raw, game) {
    var s = cleanInput(raw), low = s.toLowerCase(), out = [];
    if (low.indexOf("guide") === 0 || low === "intro" || low.indexOf("intro.") === 0) out.push(replaceAll(low, " ", ""));
    for (var p = 0; p < ID_PREFIXES.length; p++) {
      var pre = ID_PREFIXES[p];
      if (low.indexOf(pre) === 0 && low.length > pre.length) {
        var nx = Array.from(low.slice(pre.length))[0];
        if (pyIsDigit(nx) || " .:#-".indexOf(nx) >= 0) {
          s = lstripChars(s.slice(pre.length), " .:#-");
          low = s.toLowerCase();
          break;
        }
      }
    }
    var toks = tokens(s);
    var digits = toks.filter(allDigits);
    var letters = toks.filter(function (t) { return /^[A-Za-z]+$/.test(t); }).map(function (t) { return t.toLowerCase(); });
    var cid;
    if (game === "zx" || game === "g2022") {
      if (digits.length) {
        cid = digits[0];
        if (digits.length > 1) cid += "." + digits[1];
        if (letters.length && digits.length > 1) cid += letters[0];
        out.push(cid);
      }
    } else if (game === "thv") {
      if (digits.length) {
        cid = digits.slice(0, 3).join(".");
        if (letters.length && digits.length >= 3) cid += "." + letters[0];
        out.push(cid);
      }
    } else if (game === "d0") {
      out = out.concat(d0Candidates(s, toks, digits));
    }
    var plain = replaceAll(s, " ", "");
    if (out.indexOf(plain) < 0) out.push(plain);
    return out.filter(function (c) { return c; });
  }

  // ---------------------------------------------------------------------------------------
  // the index

  var ALL_GAMES = GAMES;  // index order (judgekit.rules.GAMES): the last tie-break of the ranking
  var indexes = {};      // game -> index data (+ derived tables)
  var order = [];        // games in the order their indexes arrived
  var pending = {};      // game -> callbacks waiting for its index

  function decodePostings(str) {
    var out = [], prev = 0;
    if (!str) return out;
    str.split(",").forEach(function (d) { prev += parseInt(d, 36); out.push(prev); });
    return out;
  }

  function addIndex(data) {
    data.byId = {};
    data.children = data.docs.map(function () { return []; });
    data.docs.forEach(function (d, i) {
      data.byId[d[0]] = i;
      if (d[5] >= 0) data.children[d[5]].push(i);
    });
    data.forms = [];       // lazily: matching forms of each doc's fields
    data.decoded = {};     // gram -> postings
    indexes[data.game] = data;
    if (order.indexOf(data.game) < 0) order.push(data.game);
    (pending[data.game] || []).forEach(function (cb) { cb(); });
    delete pending[data.game];
  }

  function heading(doc) { return doc[2] || (doc[3] ? doc[3].split("\n")[0] : ""); }

  // nearest titled ancestor: 904 致死ダメージエフェクト for 904.1 (a ranking level of its own)
  function ctxTitle(ix, i) {
    var p = ix.docs[i][5];
    while (p >= 0) { if (ix.docs[p][2]) return ix.docs[p][2]; p = ix.docs[p][5]; }
    return "";
  }

  function forms(ix, i) {
    var f = ix.forms[i];
    if (!f) {
      var d = ix.docs[i];
      f = ix.forms[i] = {
        title: matchForm(d[2]),
        text: matchForm(d[3]),
        examples: matchForm(d[4].join("\n")),
        parent: d[5] >= 0 ? matchForm(heading(ix.docs[d[5]])) : "",
        ctx: matchForm(ctxTitle(ix, i))
      };
      f.textLen = Array.from(f.text).length;
      f.titleLen = Array.from(f.title).length;
      f.ctxLen = Array.from(f.ctx).length;
      f.parentLen = Array.from(f.parent).length;
    }
    return f;
  }

  function postings(ix, gram) {
    if (!(gram in ix.decoded)) ix.decoded[gram] = decodePostings(ix.grams[gram]);
    return ix.decoded[gram];
  }

  function intersect(a, b) {
    var out = [], i = 0, j = 0;
    while (i < a.length && j < b.length) {
      if (a[i] === b[j]) { out.push(a[i]); i++; j++; }
      else if (a[i] < b[j]) i++;
      else j++;
    }
    return out;
  }

  function union(a, b) {
    var out = [], i = 0, j = 0;
    while (i < a.length || j < b.length) {
      if (j >= b.length || (i < a.length && a[i] < b[j])) out.push(a[i++]);
      else if (i >= a.length || b[j] < a[i]) out.push(b[j++]);
      else { out.push(a[i]); i++; j++; }
    }
    return out;
  }

  // docs that may contain `term` (grams never span white space; the caller checks substrings)
  function candidatesFor(ix, term) {
    var words = term.split(/\s+/).filter(Boolean), result = null;
    words.forEach(function (w) {
      var cs = Array.from(w), grams = [];
      if (cs.length === 1) grams.push(cs[0]);
      for (var k = 0; k + 1 < cs.length; k++) grams.push(cs[k] + cs[k + 1]);
      grams.forEach(function (g) {
        var p = postings(ix, g);
        result = result === null ? p : intersect(result, p);
      });
    });
    return result || [];
  }

  function contains(f, t) {
    return f.title.indexOf(t) >= 0 || f.text.indexOf(t) >= 0 || f.examples.indexOf(t) >= 0 ||
      f.parent.indexOf(t) >= 0 || f.ctx.indexOf(t) >= 0;
  }

  // ---------------------------------------------------------------------------------------
  // the query language and ranking: port of judgekit.search.query.parse and of the ranking
  // in judgekit.search.engine (so a query finds, and orders, what `judgekit search` does)

  var QUOTES = { "\"": "\"", "\u201c": "\u201d", "\u201d": "\u201d", "\u201e": "\u201c" };

  function queryTokens(s) {
    var cs = Array.from(s), n = cs.length, out = [], i = 0, j;
    while (i < n) {
      var ch = cs[i];
      if (pyIsSpace(ch)) { i++; continue; }
      var neg = false;
      if (ch === "-" && i + 1 < n && !pyIsSpace(cs[i + 1])) { neg = true; i++; ch = cs[i]; }
      if (QUOTES.hasOwnProperty(ch)) {
        var close = QUOTES[ch];
        j = i + 1;
        while (j < n && cs[j] !== close && "\"\u201d".indexOf(cs[j]) < 0) j++;
        out.push(["term", cs.slice(i + 1, j).join(""), true, neg]);
        i = j + 1;
        continue;
      }
      j = i;
      while (j < n && !pyIsSpace(cs[j])) j++;
      var word = cs.slice(i, j).join("");
      if (word === "OR" && !neg) out.push(["or", word, false, false]);
      else out.push(["term", word, false, neg]);
      i = j;
    }
    return out;
  }

  function parseQuery(raw) {
    var toks = queryTokens(raw.normalize("NFKC")), groups = [], excludes = [], joinNext = false;
    toks.forEach(function (tok, k) {
      var kind = tok[0], text = tok[1], phrase = tok[2], neg = tok[3];
      if (kind === "or") {
        var prevOk = groups.length > 0 && k > 0 && toks[k - 1][0] === "term" && !toks[k - 1][3];
        var nextOk = k + 1 < toks.length && toks[k + 1][0] === "term" && !toks[k + 1][3];
        if (prevOk && nextOk) { joinNext = true; return; }
        text = "or";  // a dangling OR is just a word
      }
      var form = pyStrip(matchForm(text));
      if (!form) { joinNext = false; return; }
      var t = { text: form, raw: text, phrase: phrase };
      if (neg) excludes.push(t);
      else if (joinNext && groups.length) {
        var last = groups[groups.length - 1];
        if (!last.some(function (u) { return u.text === t.text && u.phrase === t.phrase; })) last.push(t);
      } else groups.push([t]);
      joinNext = false;
    });
    var idCandidate = null;
    if (toks.length === 1 && toks[0][0] === "term" && !toks[0][2] && !toks[0][3] && idLike(toks[0][1])) {
      idCandidate = pyStrip(raw);
    }
    return { groups: groups, excludes: excludes, idCandidate: idCandidate };
  }

  var ID_CHARS = ".-_:#()[]「」『』【】<>ー－―‐第部章節項序文";

  // could the word be a clause number (702.2a, 第4部第6章3, guide.deck)? (query._id_like)
  function idLike(word) {
    var cs = Array.from(word), low = word.toLowerCase();
    if (!(cs.some(pyIsDigit) || low.indexOf("guide") === 0 || low.indexOf("intro") === 0)) return false;
    return cs.every(function (ch) { return /^[A-Za-z0-9]$/.test(ch) || ID_CHARS.indexOf(ch) >= 0; });
  }

  function count(hay, needle) { return hay.split(needle).length - 1; }
  function cpLen(s) { return Array.from(s).length; }

  // script class of a character, for word starts (engine._cls)
  function cls(ch) {
    var o = ch.codePointAt(0);
    if (0x30A0 <= o && o <= 0x30FF) return "k";
    if ((0x4E00 <= o && o <= 0x9FFF) || (0x3400 <= o && o <= 0x4DBF)) return "h";
    if (0x3040 <= o && o <= 0x309F) return "r";
    if (/^[A-Za-z0-9]$/.test(ch)) return "a";
    return "";
  }

  // does t occur in s where a word can start? ループ in 無限ループ does, in グループ not
  function wordStart(s, t) {
    var k = cls(Array.from(t)[0]);
    if (!k) return true;
    var cs = Array.from(s), ts = Array.from(t), n = ts.length;
    for (var i = 0; i + n <= cs.length; i++) {
      var hit = true;
      for (var m = 0; m < n; m++) if (cs[i + m] !== ts[m]) { hit = false; break; }
      if (hit && (i === 0 || cls(cs[i - 1]) !== k)) return true;
    }
    return false;
  }

  var HEAD_SEPARATORS = "/／・、と ";

  // does a heading that contains t name it (致死ダメージエフェクト for 致死ダメージ)?
  function names(heading, t) {
    if (heading.indexOf(t) === 0 || 5 * cpLen(t) >= 2 * cpLen(heading)) return true;
    if (cpLen(t) < 2) return false;
    for (var k = 0; k < HEAD_SEPARATORS.length; k++) if (heading.indexOf(HEAD_SEPARATORS[k] + t) >= 0) return true;
    return false;
  }

  function max(a, b) { return better(b, a) ? b : a; }

  // [level, refinement] of term t in doc forms f (engine._term_level)
  function termLevel(f, t, avgLen) {
    var text = f.text, tf = text ? count(text, t) : 0, body = 0, tl = cpLen(t), best, ws;
    if (tf) {
      var norm = 1.2 * (0.25 + 0.75 * f.textLen / avgLen);
      body = tf / (tf + norm);
    }
    var title = f.title;
    if (title && title.indexOf(t) >= 0) {
      if (names(title, t)) return [4.0, 0.6 * tl / f.titleLen + 0.39 * body];
      best = [2.5, 0.5 * tl / f.titleLen + 0.49 * body];
    } else best = [0.0, 0.0];
    var ctx = f.ctx;
    if (ctx && ctx.indexOf(t) >= 0) {
      if (names(ctx, t)) {
        ws = tf && wordStart(text, t) ? 1.0 : 0.0;
        return max(best, [3.0, 0.6 * body + 0.2 * ws + 0.19 * tl / f.ctxLen]);
      }
      best = max(best, [1.0, 0.49 * tl / f.ctxLen]);
    }
    if (tf) {
      ws = wordStart(text, t) ? 1.0 : 0.0;
      best = max(best, [2.0, 0.7 * body + 0.29 * ws]);
    }
    if (best[0] >= 2.0) return best;
    if (f.parent && f.parent.indexOf(t) >= 0) best = max(best, [1.0, 0.5 + 0.49 * tl / f.parentLen]);
    if (f.examples && f.examples.indexOf(t) >= 0) {
      var n = count(f.examples, t);
      best = max(best, [0.5, 0.49 * n / (n + 1.2)]);
    }
    return best;
  }

  function better(a, b) { return a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]); }

  function score(f, q, avgLen) {
    var total = 0, refine = 0;
    q.groups.forEach(function (group) {
      var best = [0.0, 0.0];
      group.forEach(function (t) {
        var lv = termLevel(f, t.text, avgLen);
        if (better(lv, best)) best = lv;
      });
      total += best[0];
      refine += best[1];
    });
    total += refine / q.groups.length;  // refinements only order units whose levels add up the same
    var terms = q.groups.filter(function (g) { return g.length === 1; }).map(function (g) { return g[0]; });
    for (var k = 0; k + 1 < terms.length; k++) {
      var joined = matchForm(terms[k].raw + " " + terms[k + 1].raw);
      if (f.title.indexOf(joined) >= 0 || f.text.indexOf(joined) >= 0 || f.ctx.indexOf(joined) >= 0) total += 1.0;
    }
    return { score: total };
  }

  function matchesIn(ix, q) {
    var cand = null;
    q.groups.forEach(function (group) {
      var alt = [];
      group.forEach(function (t) {
        alt = union(alt, candidatesFor(ix, t.text).filter(function (i) { return contains(forms(ix, i), t.text); }));
      });
      cand = cand === null ? alt : intersect(cand, alt);
    });
    return (cand || []).filter(function (i) {
      var f = forms(ix, i);
      return !q.excludes.some(function (t) { return contains(f, t.text); });
    });
  }

  // every doc matching q in `games` (index order), ranked as judgekit search ranks them
  function search(raw, games) {
    var q = typeof raw === "string" ? parseQuery(raw) : raw, res = [];
    if (!q.groups.length) return res;
    var jumped = {};
    resolveIdQ(q, games).forEach(function (j) { jumped[j.game + ":" + j.doc] = true; });
    games.forEach(function (g) {
      var ix = indexes[g];
      if (!ix) return;
      var gi = GAME_ORDER(g);
      matchesIn(ix, q).forEach(function (i) {
        if (jumped[g + ":" + i]) return;
        var sc = score(forms(ix, i), q, ix.avg_len);
        res.push({ game: g, doc: i, score: sc.score, order: [gi, i] });
      });
    });
    res.sort(function (a, b) {
      var sa = Math.round(a.score * 1e9) / 1e9, sb = Math.round(b.score * 1e9) / 1e9;
      return sb - sa || a.order[0] - b.order[0] || a.order[1] - b.order[1];
    });
    return res;
  }

  function GAME_ORDER(g) { var k = ALL_GAMES.indexOf(g); return k < 0 ? ALL_GAMES.length : k; }

  function resolveIdQ(q, games) {
    var out = [];
    if (!q.idCandidate) return out;
    games.forEach(function (g) {
      var ix = indexes[g];
      if (!ix) return;
      var cs = candidates(q.idCandidate, g);
      for (var k = 0; k < cs.length; k++) {
        if (cs[k] in ix.byId) { out.push({ game: g, doc: ix.byId[cs[k]], id: cs[k] }); break; }
      }
    });
    return out;
  }

  function resolveId(raw, games) { return resolveIdQ(parseQuery(raw), games); }

  var FRAGMENT_ESCAPES = /[ "<>`#%\u0000-\u0020\u007f]/g;
  function fragment(id) {
    return id.replace(FRAGMENT_ESCAPES, function (c) {
      var h = c.charCodeAt(0).toString(16).toUpperCase();
      return "%" + (h.length < 2 ? "0" + h : h);
    });
  }
  function url(ix, i) { return ix.pages[ix.docs[i][1]] + "#" + fragment(ix.docs[i][0]); }

  var JK = {
    fold: fold, matchForm: matchForm, candidates: candidates, addIndex: addIndex, search: search,
    resolveId: resolveId, parseQuery: parseQuery, fragment: fragment, url: url, indexes: indexes,
    UNICODE_VERSION: UNICODE_VERSION
  };
  global.JK = JK;

  // ---------------------------------------------------------------------------------------
  // the page: search box, results panel (nothing below runs without a document, e.g. in node)

  if (typeof document === "undefined") return;

  var body = document.body;
  var ROOT = body.getAttribute("data-root") || "";
  var HERE = body.getAttribute("data-game") || "";
  var ALL = (body.getAttribute("data-games") || "").split(" ").filter(Boolean);
  var input = document.getElementById("q");
  var panel = document.getElementById("results");
  if (!input || !panel) return;
  var allBox = null;
  if (HERE && ALL.length > 1) {  // on a ruleset's pages: that ruleset, or all of them
    var lab = el("label", "res-scope");
    allBox = el("input");
    allBox.type = "checkbox";
    allBox.id = "q-all";
    lab.appendChild(allBox);
    lab.appendChild(document.createTextNode(" all rulesets"));
  }
  var selected = -1, lastQuery = null, limit = 50;

  function scope() { return HERE && !(allBox && allBox.checked) ? [HERE] : ALL; }

  function load(games, cb) {
    var waiting = games.filter(function (g) { return !indexes[g]; });
    if (!waiting.length) { cb(); return; }
    var left = waiting.length;
    waiting.forEach(function (g) {
      (pending[g] = pending[g] || []).push(function () { if (--left === 0) cb(); });
      if (document.querySelector('script[data-index="' + g + '"]')) return;
      var s = document.createElement("script");
      s.src = ROOT + "search/" + g + ".js";
      s.setAttribute("data-index", g);
      s.onerror = function () { status("The search index for " + g + " could not be loaded."); };
      document.head.appendChild(s);
    });
  }

  function status(msg) {
    panel.hidden = false;
    panel.innerHTML = "";
    var p = document.createElement("p");
    p.className = "res-status";
    p.textContent = msg;
    panel.appendChild(p);
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // the original characters around the first match of `term` (a matching-form string) in `line`
  function snippet(line, term, width) {
    var cs = Array.from(line), f = matchForm(line), at = f.indexOf(term);
    var frag = document.createDocumentFragment();
    if (at < 0) { frag.appendChild(document.createTextNode(cs.slice(0, width * 2).join("") + (cs.length > width * 2 ? "…" : ""))); return frag; }
    // map matching-form offsets back to the original by folding prefixes (lines are short)
    var fa = Array.from(f.slice(0, at)).length, fb = fa + Array.from(term).length, a = 0, b = cs.length;
    for (var i = 0; i <= cs.length; i++) {
      var n = Array.from(matchForm(cs.slice(0, i).join(""))).length;
      if (n <= fa) a = i;
      if (n >= fb) { b = i; break; }
    }
    var from = Math.max(0, a - width), to = Math.min(cs.length, b + width);
    frag.appendChild(document.createTextNode((from > 0 ? "…" : "") + cs.slice(from, a).join("")));
    frag.appendChild(el("mark", "", cs.slice(a, b).join("")));
    frag.appendChild(document.createTextNode(cs.slice(b, to).join("") + (to < cs.length ? "…" : "")));
    return frag;
  }

  function crumbs(ix, i) {
    var out = [], p = ix.docs[i][5];
    while (p >= 0) { out.unshift(ix.docs[p][2] ? ix.docs[p][0] + " " + ix.docs[p][2] : ix.docs[p][0]); p = ix.docs[p][5]; }
    return out.join(" › ");
  }

  function resultItem(ix, i, hit, jump) {
    var d = ix.docs[i], li = el("li", "res" + (jump ? " res-jump" : ""));
    var a = el("a");
    a.href = ROOT + url(ix, i);
    var head = el("span", "res-head");
    head.appendChild(el("span", "res-id", d[0]));
    if (d[2]) head.appendChild(el("span", "res-title", d[2]));
    if (ALL.length > 1 && scope().length > 1) head.appendChild(el("span", "res-game", ix.short || ix.game));
    if (jump) head.appendChild(el("span", "res-tag", "go to clause ↵"));
    a.appendChild(head);
    var c = crumbs(ix, i);
    if (c) a.appendChild(el("span", "res-crumbs", c));
    var text = el("span", "res-text");
    var terms = hit ? hit.terms : [];
    var found = pickLine(d[3], terms), isEx = false;
    if (!found && terms.length && !termIn(matchForm(d[2]), terms)) {
      found = pickLine(d[4].join("\n"), terms);
      isEx = !!found;
    }
    var line = found ? found.line : (d[3] ? d[3].split("\n")[0] : "");
    if (isEx) text.appendChild(el("span", "res-ex", "例"));
    if (line.indexOf("- ") === 0) { line = line.slice(2); text.appendChild(document.createTextNode("• ")); }
    if (found) text.appendChild(snippet(line, found.term, 40));
    else if (line) text.appendChild(document.createTextNode(trim(line, 90)));
    if (text.childNodes.length) a.appendChild(text);
    li.appendChild(a);
    // a heading without text of its own: offer its clauses directly (904 -> 904.1, 904.2)
    if (!d[3] && ix.children[i].length) {
      var kids = el("span", "res-kids");
      ix.children[i].slice(0, 12).forEach(function (ci) {
        var ka = el("a", "", ix.docs[ci][0]);
        ka.href = ROOT + url(ix, ci);
        ka.title = heading(ix.docs[ci]);
        kids.appendChild(ka);
      });
      li.appendChild(kids);
    }
    return li;
  }

  function termIn(form, terms) { return terms.some(function (t) { return form.indexOf(t) >= 0; }); }

  // the first line of `src` that shows one of the terms, and that term
  function pickLine(src, terms) {
    if (!src || !terms.length) return null;
    var lines = src.split("\n");
    for (var k = 0; k < lines.length; k++) {
      var f = matchForm(lines[k]);
      for (var m = 0; m < terms.length; m++) if (f.indexOf(terms[m]) >= 0) return { line: lines[k], term: terms[m] };
    }
    return null;
  }

  function trim(s, n) { var cs = Array.from(s); return cs.length > n ? cs.slice(0, n - 1).join("") + "…" : s; }

  function render(q) {
    var games = scope();
    var pq = parseQuery(q), jumps = resolveIdQ(pq, games), hits = search(pq, games);
    var terms = [];
    pq.groups.forEach(function (g) { g.forEach(function (t) { terms.push(t.text); }); });
    hits.forEach(function (h) { h.terms = terms; });
    panel.innerHTML = "";
    panel.hidden = false;
    var bar = el("div", "res-bar");
    var count = el("span", "res-count");
    count.textContent = hits.length === 0 ? (jumps.length ? "" : "No clause contains “" + q + "”.") :
      hits.length + (hits.length === 1 ? " clause" : " clauses");
    bar.appendChild(count);
    if (allBox) bar.appendChild(allBox.parentNode);
    var close = el("button", "res-close", "×");
    close.type = "button";
    close.setAttribute("aria-label", "Close the results");
    close.addEventListener("click", hide);
    bar.appendChild(close);
    panel.appendChild(bar);
    var ul = el("ol", "res-list");
    var shownIds = {};
    jumps.forEach(function (j) {
      ul.appendChild(resultItem(indexes[j.game], j.doc, null, true));
      shownIds[j.game + ":" + j.doc] = true;
    });
    hits.slice(0, limit).forEach(function (h) {
      if (shownIds[h.game + ":" + h.doc]) return;
      ul.appendChild(resultItem(indexes[h.game], h.doc, h, false));
    });
    panel.appendChild(ul);
    if (hits.length > limit) {
      var more = el("button", "res-more", "Show all " + hits.length);
      more.type = "button";
      more.addEventListener("click", function () { limit = hits.length; render(q); });
      panel.appendChild(more);
    }
    selected = -1;
  }

  function run() {
    var q = input.value.trim();
    if (q === lastQuery && !panel.hidden) return;
    lastQuery = q;
    limit = 50;
    if (!q) { hide(); return; }
    var games = scope();
    if (games.some(function (g) { return !indexes[g]; })) status("Loading the search index…");
    load(games, function () { if (input.value.trim() === q) render(q); });
  }

  function hide() { panel.hidden = true; panel.innerHTML = ""; lastQuery = null; selected = -1; }

  function items() { return panel.querySelectorAll(".res > a"); }

  function move(delta) {
    var list = items();
    if (!list.length) return;
    selected = Math.max(-1, Math.min(list.length - 1, selected + delta));
    Array.prototype.forEach.call(list, function (a, k) { a.parentNode.classList.toggle("res-sel", k === selected); });
    if (selected >= 0) list[selected].scrollIntoView({ block: "nearest" });
  }

  var timer = null;
  input.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(run, 60); });
  input.addEventListener("focus", function () { load(scope(), function () {}); });
  input.addEventListener("keydown", function (e) {
    if (e.key === "ArrowDown") { move(1); e.preventDefault(); }
    else if (e.key === "ArrowUp") { move(-1); e.preventDefault(); }
    else if (e.key === "Escape") { hide(); }
  });
  input.form.addEventListener("submit", function (e) {
    e.preventDefault();
    clearTimeout(timer);
    var q = input.value.trim();
    if (!q) return;
    load(scope(), function () {
      var list = items(), pick = null;
      if (selected >= 0 && list[selected]) pick = list[selected];
      else {
        var j = resolveId(q, scope());
        if (j.length) pick = { href: ROOT + url(indexes[j[0].game], j[0].doc) };
      }
      if (pick) { hide(); location.href = pick.href; }
      else { lastQuery = null; run(); input.blur(); }
    });
  });
  if (allBox) allBox.addEventListener("change", function () { lastQuery = null; run(); });
  document.addEventListener("keydown", function (e) {
    if (e.key === "/" && document.activeElement !== input && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      input.focus();
    }
  });
  panel.addEventListener("click", function (e) {
    var a = e.target.closest && e.target.closest("a");
    if (a && a.getAttribute("href")) hide();
  });

  // ?q=… opens the page with that search (links to a search, and the form without script)
  var m = /[?&]q=([^&#]*)/.exec(location.search);
  if (m) {
    try { input.value = decodeURIComponent(m[1].replace(/\+/g, " ")); } catch (err) { input.value = m[1]; }
    run();
  }
})(typeof window !== "undefined" ? window : globalThis);

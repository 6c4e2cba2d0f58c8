/* The judge's workbench (judgekit serve): look up, build a board, step through it, rule.
 *
 * The board's YAML text is what the server runs; the form (form.js) edits its parsed data,
 * which the server writes back as YAML (/api/sync), and YAML typed by hand is parsed back
 * into the form (/api/check). Every string from a board or the rules is put in the page with
 * textContent; the only markup inserted is the board picture, which the server renders with
 * the ruling's autoescaping template.
 */
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const state = {
    game: null, schema: null, form: null, data: {}, text: "",
    file: {name: "", etag: null, source: "empty"}, lastRun: null, clauses: {},
    seq: 0,
  };

  const el = window.SchemaForm.el;  // form.js, loaded first

  async function api(path, body) {
    const opts = body === undefined ? {} : {
      method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body),
    };
    const r = await fetch(path, opts);
    let data;
    try { data = await r.json(); } catch (e) { data = {ok: false, error: {message: "HTTP " + r.status}}; }
    data._status = r.status;
    return data;
  }

  function debounce(fn, ms) {
    let t = null;
    return (...a) => { clearTimeout(t); t = setTimeout(() => fn(...a), ms); };
  }

  function say(id, msg, kind) {
    const e = $(id);
    e.textContent = msg || "";
    e.dataset.kind = kind || "";
  }

  // ---- tabs ----------------------------------------------------------------------------
  function showTab(name) {
    for (const b of document.querySelectorAll(".tabs button")) {
      b.setAttribute("aria-selected", String(b.dataset.tab === name));
    }
    for (const s of document.querySelectorAll("section.tab")) s.hidden = s.id !== "tab-" + name;
    if (name === "ruling") fillRulingForm();
  }

  // ---- clause links with their text on hover ---------------------------------------------
  function clauseLink(game, id, label, info) {
    const a = el("a", {class: "cite", href: info && info.href ? info.href : "#", target: "_blank",
      rel: "noopener", text: label || id});
    if (info && info.text) a.title = info.text;
    else {
      a.addEventListener("mouseenter", async () => {
        if (a.title) return;
        const d = await api(`/api/clause?game=${encodeURIComponent(game)}&id=${encodeURIComponent(id)}`);
        if (d.found) { a.title = `${d.id} ${d.text || d.title || ""}`; a.href = d.href; }
      }, {once: true});
    }
    return a;
  }

  // ---- look up ---------------------------------------------------------------------------
  const search = debounce(async () => {
    const q = $("q").value.trim();
    const seq = ++state.seq;
    if (!q) { $("hits").replaceChildren(); say("search-notes", ""); return; }
    const params = new URLSearchParams({q, game: $("scope").value, limit: "20"});
    if ($("under").value.trim()) params.set("under", $("under").value.trim());
    const d = await api("/api/search?" + params);
    if (seq !== state.seq) return;  // an older answer arriving late
    const notes = (d.notes || []).map((n) => n.text);
    if (d.error) notes.unshift(d.error);
    else if (!d.hits.length && d.message) notes.unshift(d.message);
    else notes.unshift(`${d.total} clause(s)`);
    say("search-notes", notes.join(" · "));
    $("hits").replaceChildren(...d.hits.map((h) => {
      const snip = el("span", {class: "snip"});
      let pos = 0;
      for (const [a, b] of h.highlights || []) {
        snip.append(h.snippet.slice(pos, a), el("mark", {text: h.snippet.slice(a, b)}));
        pos = b;
      }
      snip.append(h.snippet.slice(pos));
      const open = el("button", {type: "button", class: "hit-id",
        text: `${h.game} ${h.id}${h.citation ? " (" + h.citation + ")" : ""}`,
        onclick: () => showClause(h.game, h.id)});
      return el("li", {class: "hit"}, open, el("span", {class: "hit-head", text: h.heading || ""}), snip);
    }));
  }, 90);

  async function showClause(game, id) {
    const d = await api(`/api/clause?game=${encodeURIComponent(game)}&id=${encodeURIComponent(id)}`);
    const box = $("clause");
    box.hidden = false;
    if (!d.found) {
      box.replaceChildren(el("p", {text: `No clause ${id} in ${game}. Nearest: ${(d.nearest || []).join(", ")}`}));
      return;
    }
    const crumbs = el("nav", {class: "crumbs"});
    d.breadcrumb.forEach((b, i) => {
      if (i) crumbs.append(" › ");
      crumbs.append(el("a", {href: "#", text: `${b.id} ${b.heading}`, onclick: (ev) => { ev.preventDefault(); showClause(game, b.id); }}));
    });
    const refs = (list, label) => list.length ? el("p", {class: "refs"}, label + ": ",
      ...list.flatMap((r, i) => [i ? ", " : "", el("a", {href: "#", text: r.target || r.id,
        title: r.heading || "", onclick: (ev) => { ev.preventDefault(); showClause(game, r.target || r.id); }})])) : null;
    box.replaceChildren(...[
      crumbs,
      el("h2", {}, el("span", {class: "cid", text: d.id}), d.citation ? ` (${d.citation}) ` : " ", d.title || ""),
      d.text ? el("p", {class: "text", text: d.text}) : null,
      ...d.examples.map((x) => el("p", {class: "example", text: "例: " + x})),
      refs(d.refs, "References"),
      refs(d.cited_by, "Cited by"),
      refs(d.children, "Children"),
      el("p", {}, el("a", {href: d.href, target: "_blank", rel: "noopener", class: "permalink", text: "Open the clause page (" + d.href + ")"})),
    ].filter((x) => x));
  }

  // ---- the board -------------------------------------------------------------------------
  async function setGame(game) {
    state.game = game;
    $("game").value = game;
    state.schema = await api("/api/schema/" + encodeURIComponent(game));
    const steps = await api("/api/steps/" + encodeURIComponent(game));
    const until = steps.steps.concat(steps.until.map((w) => ({id: w, heading: ""})));
    state.form = new window.SchemaForm($("form"), state.schema, onFormChange, {step: steps.steps, until});
    const ex = await api("/api/examples/" + encodeURIComponent(game));
    $("examples").replaceChildren(...ex.examples.map((e) => el("option", {value: e.name, text: e.title ? `${e.name} — ${e.title}` : e.name})));
  }

  async function listMine() {
    const d = await api("/api/boards");
    $("mine").replaceChildren(...d.boards.map((b) => el("option", {value: b.name, text: b.name})));
  }

  async function load(text, file) {
    state.file = file;
    $("filename").value = file.name || "";
    state.text = text;
    $("yaml").value = text;
    const d = await check(text);
    await showForm(d);
    clearRun();
  }

  // the form follows the YAML when it parses; while it does not, the form waits
  async function showForm(d) {
    const game = d.game || (d.data && typeof d.data.ruleset === "string" ? d.data.ruleset : null);
    if (game && game !== state.game && [...$("game").options].some((o) => o.value === game)) {
      await setGame(game);
    }
    if (d.data) {
      state.form.render(d.data);
      state.data = state.form.data;
    } else {
      state.form.pause("The YAML does not parse (see the check below the YAML); the form comes back when it does.");
      state.data = null;
    }
  }

  async function check(text) {
    const d = await api("/api/check", {text, lang: "en"});
    showCheck(d);
    return d;
  }

  function showCheck(d) {
    const box = $("check");
    const items = [];
    if (d.error) items.push(el("li", {class: "sev-error", text: d.error.message}));
    for (const p of d.syntax || []) {
      items.push(el("li", {class: "syntax"}, el("button", {type: "button", class: "where", text: `line ${p.line}:${p.column}`,
        title: "go to this place in the YAML", onclick: () => goTo(p.line, p.column)}), " ",
        `${p.message ? p.message + " — " : ""}expected ${p.expected}; found ${p.found}`));
    }
    for (const f of d.flags || []) {
      items.push(el("li", {class: "flag sev-" + f.severity, "data-code": f.code},
        f.line ? el("button", {type: "button", class: "where", text: `line ${f.line}:${f.column}`,
          title: "go to this place in the YAML", onclick: () => goTo(f.line, f.column)}) : "", " ",
        el("strong", {text: f.code}), ": ", f.message, " ",
        ...f.clauses.flatMap((c) => [clauseLink(state.game, c, c, (d.clauses || {})[c]), " "])));
    }
    box.dataset.state = d.syntax && d.syntax.length ? "syntax" : (d.flags || []).some((f) => f.severity === "error") ? "flags" : "ok";
    box.replaceChildren(items.length ? el("ul", {}, ...items) : el("p", {class: "ok", text: "board check: ok"}));
    // the picture is the ruling's, rendered by its autoescaping template; while the board
    // does not load, the last one stays, faded
    if (d.svg) $("picture").innerHTML = d.svg;
    $("picture").classList.toggle("stale", !d.svg);
  }

  function goTo(line, column) {
    const box = $("yaml");
    const lines = box.value.split("\n");
    let pos = 0;
    for (let i = 0; i < Math.min(line - 1, lines.length); i++) pos += lines[i].length + 1;
    pos += Math.max(0, column - 1);
    box.focus();
    box.setSelectionRange(pos, pos);
  }

  const syncForm = debounce(async () => {
    state.formDirty = false;
    const d = await api("/api/sync", {data: state.data, lang: "en"});
    if (d.yaml !== undefined) {
      state.text = d.yaml;
      $("yaml").value = d.yaml;
    }
    showCheck(d);
  }, 150);

  function onFormChange(data) {
    state.data = data;
    state.formDirty = true;
    clearRun();
    syncForm();
  }

  const onYaml = debounce(async () => {
    state.text = $("yaml").value;
    clearRun();
    const d = await check(state.text);
    if (state.text === $("yaml").value) await showForm(d);  // not if the judge typed on
  }, 200);

  async function save() {
    await current();
    const name = $("filename").value.trim();
    if (!name) { say("file-status", "give the file a name (name.yaml)", "bad"); return; }
    const etag = state.file.source === "dir" && state.file.name === name ? state.file.etag : null;
    const d = await api("/api/boards/" + encodeURIComponent(name), {text: state.text, etag});
    if (d.ok) {
      state.file = {name, etag: d.etag, source: "dir"};
      say("file-status", `saved ${name}`, "ok");
      listMine();
    } else {
      say("file-status", d.error.message + (d._status === 409 ? " — not overwritten: open it again, or save under another name" : ""), "bad");
    }
  }

  // ---- step through ---------------------------------------------------------------------------
  function clearRun() {
    state.lastRun = null;
    $("steps").replaceChildren();
    $("need").hidden = true;
    $("outcome").hidden = true;
    $("step-picture").replaceChildren();
    say("run-status", "");
  }

  // what the judge sees is what runs: a form edit or typing not yet synced is taken first
  async function current() {
    if (state.formDirty && state.data) await syncNow();
    else state.text = $("yaml").value;
    return state.text;
  }

  async function run() {
    say("run-status", "running…");
    const text = await current();
    const d = await api("/api/run", {text, lang: "en"});
    state.lastRun = {text, result: d};
    $("steps").replaceChildren();
    $("need").hidden = true;
    $("outcome").hidden = true;
    if (!d.ok) {
      const msg = d.error ? d.error.message : "the run failed";
      const flags = d.error && d.error.flags ? " — " + d.error.flags.map((f) => f.code).join(", ") : "";
      say("run-status", msg + flags, d._status === 504 ? "budget" : "bad");
      return;
    }
    say("run-status", `${d.total_steps} step(s)`);
    state.clauses = d.clauses || {};
    const items = d.steps.map((s) => stepItem(d, s));
    if (d.omitted) {
      const cut = d.steps.findIndex((s, i) => i > 0 && s.index !== d.steps[i - 1].index + 1);
      items.splice(cut, 0, el("li", {class: "omitted", text: `… ${d.omitted} steps not shown …`}));
    }
    $("steps").replaceChildren(...items);
    showOutcome(d);
    if (d.need) ask(d.need);
    else if (d.action) askAction(d.action);
  }

  // the file's actions are used up: what the player may do next, as `judgekit step -i` asks
  function askAction(a) {
    const box = $("need");
    box.hidden = false;
    const form = el("div", {class: "answers"});
    for (const o of a.options) {
      form.append(el("button", {type: "button", class: "act", text: o.text, onclick: async () => {
        if (!state.data) return;
        const acts = Array.isArray(state.data.actions) ? state.data.actions : [];
        state.data.actions = acts.concat([o.action]);
        await syncNow();
        await run();
      }}));
    }
    box.replaceChildren(
      el("p", {class: "q"}, el("strong", {text: `${a.player} decides at ${a.point}`}),
        ": the board's actions are used up. Take the next action, or stop here."),
      form,
      el("p", {class: "hint", text: "The action is added to the board's actions: so the run replays."}));
  }

  function stepItem(d, s) {
    const li = el("li", {class: "step depth-" + Math.min(s.depth, 6), "data-index": String(s.index), tabindex: "0"});
    li.style.setProperty("--depth", String(s.depth));
    const head = el("div", {class: "step-head"}, el("span", {class: "n", text: String(s.index + 1)}),
      el("span", {class: "ctx", text: `[${s.context}]`}), " ",
      ...s.cites.flatMap((c) => [clauseLink(d.game, c.id, c.label, d.clauses[c.id]), " "]),
      el("span", {class: "msg", text: s.message}));
    li.append(head);
    for (const c of s.choices) {
      const ans = typeof c.answer === "boolean" ? (c.answer ? "yes" : "no") : JSON.stringify(c.answer);
      li.append(el("div", {class: "choice", text: `choice ${c.key}: ${c.chooser} → ${ans} (${c.source})`}));
    }
    if (s.readings.length) li.append(el("div", {class: "reading", text: "reading: " + s.readings.join(", ")}));
    if (s.changes.length) li.append(el("ul", {class: "changes"}, ...s.changes.map((t) => el("li", {text: t}))));
    const pick = async () => {
      for (const x of document.querySelectorAll("#steps li.step.sel")) x.classList.remove("sel");
      li.classList.add("sel");
      const p = await api("/api/picture", {text: state.lastRun.text, index: s.index, lang: "en"});
      if (p.ok) $("step-picture").innerHTML = p.svg;  // the ruling's autoescaping template
      else $("step-picture").replaceChildren(el("p", {text: p.error.message}));
    };
    head.addEventListener("click", (ev) => { if (!ev.target.closest("a")) pick(); });
    li.addEventListener("keydown", (ev) => { if (ev.key === "Enter") pick(); });
    return li;
  }

  function showOutcome(d) {
    const o = d.outcome;
    const box = $("outcome");
    box.hidden = false;
    let head;
    if (o.result === "win") head = `${o.winner} wins`;
    else if (o.result === "draw") head = "Draw";
    else head = `Stopped before ${o.stopped_at}`;
    box.dataset.stop = d.stop;
    const kids = [el("strong", {text: head}), " — ", o.reason || "", " ",
      ...o.cites.flatMap((c) => [clauseLink(d.game, c.id, c.label, d.clauses[c.id]), " "])];
    if (d.budget) kids.push(el("p", {class: "budget", text: "The run was cut by its step budget: this is not a ruling."}));
    if (d.error && d.stop !== "choice_missing") kids.push(el("p", {class: "err", text: d.error.message}));
    if (d.check) kids.push(el("p", {class: d.check.ok ? "ok" : "err",
      text: d.check.ok ? "matches the file's expect:" : `${d.check.differences.length} difference(s) from the file's expect:`}));
    box.replaceChildren(...kids);
  }

  // card id -> name, from the board's data (an option the engine labels by id alone)
  function cardNames() {
    const names = {};
    const walk = (v) => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === "object") {
        if (typeof v.id === "string" && typeof v.name === "string" && v.name) names[v.id] = v.name;
        Object.values(v).forEach(walk);
      }
    };
    walk(state.data);
    return names;
  }

  function optionLabel(o, names) {
    const n = typeof o.value === "string" ? names[o.value] : undefined;
    return n && !o.label.includes(n) ? `${o.label} 《${n}》` : o.label;
  }

  function ask(need) {
    const names = cardNames();
    const box = $("need");
    box.hidden = false;
    const title = el("p", {class: "q"}, el("strong", {text: `${need.chooser} decides (${need.key})`}), ": ",
      need.prompt, need.prompt_ja ? ` (${need.prompt_ja})` : "");
    const form = el("div", {class: "answers"});
    const submit = (answer) => answerChoice(need.key, answer);
    if (need.kind === "yesno") {
      form.append(el("button", {type: "button", class: "ans", text: "yes", onclick: () => submit(true)}),
        el("button", {type: "button", class: "ans", text: "no", onclick: () => submit(false)}));
    } else if (need.kind === "one") {
      for (const o of need.options) {
        form.append(el("button", {type: "button", class: "ans", text: optionLabel(o, names), "data-value": JSON.stringify(o.value), onclick: () => submit(o.value)}));
      }
    } else if (need.kind === "many") {
      const boxes = need.options.map((o) => {
        const cb = el("input", {type: "checkbox"});
        form.append(el("label", {class: "opt"}, cb, optionLabel(o, names)));
        return [cb, o.value];
      });
      const n = need.min === need.max ? `exactly ${need.min}` : `${need.min} to ${need.max}`;
      form.append(el("button", {type: "button", class: "ans", text: `Answer (${n})`, onclick: () =>
        submit(boxes.filter(([cb]) => cb.checked).map(([, v]) => v))}));
    } else if (need.kind === "order") {
      // every option, in the order chosen (first = top): the ids, comma-separated
      const inp = el("input", {type: "text", size: 40, value: need.options.map((o) => o.value).join(", ")});
      form.append(el("label", {class: "opt"}, "Order, first = top: ", inp),
        el("button", {type: "button", class: "ans", text: "Answer", onclick: () =>
          submit(inp.value.split(",").map((x) => x.trim()).filter((x) => x))}));
    } else if (need.kind === "distribute") {
      const nums = need.options.map((o) => {
        const inp = el("input", {type: "number", min: "0", value: "0", size: 3});
        form.append(el("label", {class: "opt"}, optionLabel(o, names) + " ", inp));
        return [inp, o.value];
      });
      form.append(el("button", {type: "button", class: "ans", text: `Answer (split ${need.amount})`, onclick: () => {
        const ans = {};
        for (const [inp, v] of nums) { const k = parseInt(inp.value, 10); if (k > 0) ans[v] = k; }
        submit(ans);
      }}));
    }
    box.replaceChildren(title, form,
      el("p", {class: "hint", text: "The answer is written into the board's choices: so the run replays."}));
  }

  async function answerChoice(key, answer) {
    const data = state.data;
    if (!data) return;
    if (!data.choices || typeof data.choices !== "object") data.choices = {};
    const cur = data.choices[key];
    data.choices[key] = (Array.isArray(cur) ? cur : cur === undefined ? [] : [cur]).concat([answer]);
    await syncNow();
    await run();
  }

  async function syncNow() {
    state.formDirty = false;
    const d = await api("/api/sync", {data: state.data, lang: "en"});
    if (d.yaml !== undefined) {
      state.text = d.yaml;
      $("yaml").value = d.yaml;
      state.form.render(state.data);
      state.data = state.form.data;
    }
    showCheck(d);
  }

  async function forget() {
    if (!state.data) return;
    delete state.data.choices;
    await syncNow();
    await run();
  }

  // ---- the ruling -------------------------------------------------------------------------------
  function fillRulingForm() {
    const m = (state.data && state.data.meta) || {};
    for (const k of ["event", "table", "judge"]) if (!$("r-" + k).value && m[k] !== undefined && m[k] !== null) $("r-" + k).value = String(m[k]);
    if (!$("r-date").value) $("r-date").value = /^\d{4}-\d\d-\d\d$/.test(String(m.date || "")) ? String(m.date) : new Date().toISOString().slice(0, 10);
  }

  async function issue() {
    const meta = {};
    for (const k of ["event", "table", "judge", "date"]) meta[k] = $("r-" + k).value.trim();
    // the page's fields go into the board's meta: too (saved with it)
    if (!state.data) { say("ruling-status", "the YAML does not parse; fix it first", "bad"); return; }
    state.data.meta = Object.assign({}, state.data.meta || {});
    for (const [k, v] of Object.entries(meta)) if (v) state.data.meta[k] = v;
    await syncNow();
    say("ruling-status", "writing the ruling…");
    $("ruling-links").hidden = true;
    const d = await api("/api/ruling", {text: state.text, meta, lang: $("r-lang").value});
    if (!d.ok) { say("ruling-status", d.error.message, "bad"); return; }
    say("ruling-status", `${d.outcome} (${d.steps} steps)`, "ok");
    $("ruling-open").href = d.url;
    $("ruling-download").href = d.download;
    $("ruling-links").hidden = false;
  }

  function printRuling() {
    const w = window.open($("ruling-open").href, "_blank");
    if (w) w.addEventListener("load", () => w.print());
  }

  // ---- start ------------------------------------------------------------------------------------
  async function start() {
    for (const b of document.querySelectorAll(".tabs button")) b.addEventListener("click", () => showTab(b.dataset.tab));
    $("q").addEventListener("input", search);
    $("scope").addEventListener("change", search);
    $("under").addEventListener("input", search);
    $("game").addEventListener("change", async () => {
      await setGame($("game").value);
      const d = await api("/api/empty/" + encodeURIComponent(state.game));
      await load(d.text, {name: "", etag: null, source: "empty"});
    });
    $("new-empty").addEventListener("click", async () => {
      const d = await api("/api/empty/" + encodeURIComponent(state.game));
      await load(d.text, {name: "", etag: null, source: "empty"});
    });
    $("open-example").addEventListener("click", async () => {
      const name = $("examples").value;
      const d = await api(`/api/examples/${encodeURIComponent(state.game)}/${encodeURIComponent(name)}`);
      if (d.ok) await load(d.text, {name: "", etag: null, source: "example"});
    });
    $("open-mine").addEventListener("click", async () => {
      const name = $("mine").value;
      if (!name) return;
      const d = await api("/api/boards/" + encodeURIComponent(name));
      if (d.ok) await load(d.text, {name, etag: d.etag, source: "dir"});
      else say("file-status", d.error.message, "bad");
    });
    $("yaml").addEventListener("input", onYaml);
    $("save").addEventListener("click", save);
    $("run").addEventListener("click", run);
    $("forget").addEventListener("click", forget);
    $("issue").addEventListener("click", issue);
    $("ruling-print").addEventListener("click", printRuling);
    await setGame($("game").value);
    const d = await api("/api/empty/" + encodeURIComponent(state.game));
    await load(d.text, {name: "", etag: null, source: "empty"});
    listMine();
    document.body.dataset.ready = "1";
  }

  document.addEventListener("DOMContentLoaded", start);
})();

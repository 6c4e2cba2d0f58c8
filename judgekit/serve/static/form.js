/* A form driven by a ruleset's JSON Schema (judgekit board schema --game G).
 *
 * SchemaForm(container, schema, onChange) draws a board's data as nested fieldsets: objects
 * show the fields they hold, with "add field" for the rest; lists (a zone's cards, a square)
 * have "+ add" and "remove"; enums are selects, numbers and text inputs, yes/no checkboxes,
 * lists of enums checkboxes; anyOf/oneOf a small select of the forms a value may take (a zone:
 * a count of unknown cards or a list of cards). Every string is set with textContent or
 * .value: nothing a board holds becomes markup. onChange(data) is called after each edit.
 */
"use strict";

(function () {
  const TOP = ["game", "players"];  // sections always shown first; shared zones follow
  const TOP_HIDDEN = ["format", "ruleset", "edition"];

  // the one element builder of the workbench's scripts (workbench.js takes it from here):
  // text only through textContent; a kid that is null, undefined or false is left out
  function el(tag, attrs, ...kids) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k === "class") e.className = v;
      else if (k === "text") e.textContent = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v === true ? "" : v);
    }
    for (const kid of kids) if (kid !== null && kid !== undefined && kid !== false) e.append(kid);
    return e;
  }

  function typeOf(v) {
    if (v === null || v === undefined) return "null";
    if (Array.isArray(v)) return "array";
    if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
    return typeof v;  // string, boolean, object
  }

  function enumKeys(pattern) {
    // "^(?:P1|P2)$" -> ["P1", "P2"]; anything else -> null
    const m = /^\^\(\?:([^()]*)\)\$$/.exec(pattern);
    if (!m) return null;
    const keys = m[1].split("|");
    return keys.every((k) => /^[A-Za-z0-9_\-.]+$/.test(k)) ? keys.map((k) => k.replace(/\\/g, "")) : null;
  }

  class SchemaForm {
    constructor(container, schema, onChange, hints) {
      this.hints = hints || {};  // field name -> [{id, heading}]: offered as the judge types
      this.root = container;
      this.schema = schema;
      this.onChange = onChange;
      this.data = {};
    }

    deref(s) {
      let n = 0;
      while (s && s.$ref && n++ < 20) {
        const name = s.$ref.replace("#/$defs/", "");
        const extra = Object.assign({}, s);
        delete extra.$ref;
        s = Object.assign({}, this.schema.$defs[name], extra);
      }
      return s || {};
    }

    // a fresh card id: c1, c2, … not used anywhere in the board
    freshId() {
      const used = new Set();
      const walk = (v) => {
        if (Array.isArray(v)) v.forEach(walk);
        else if (v && typeof v === "object") {
          if (typeof v.id === "string") used.add(v.id);
          Object.values(v).forEach(walk);
        }
      };
      walk(this.data);
      let i = 1;
      while (used.has("c" + i)) i++;
      return "c" + i;
    }

    branches(s) {
      return (s.anyOf || s.oneOf || []).map((b) => this.deref(b));
    }

    // does `v` fit schema `s` (a light check: enough to pick the branch of an anyOf)
    fits(s, v) {
      s = this.deref(s);
      if (s.anyOf || s.oneOf) return this.branches(s).some((b) => this.fits(b, v));
      const t = typeOf(v);
      if (s.enum) return s.enum.includes(v);
      let types = s.type ? (Array.isArray(s.type) ? s.type : [s.type]) : null;
      if (!types) {
        if (s.properties || s.patternProperties || s.additionalProperties) types = ["object"];
        else if (s.items) types = ["array"];
        else return true;
      }
      if (!(types.includes(t) || (t === "integer" && types.includes("number")))) return false;
      if (t === "object" && s.required) {
        if (!s.required.every((k) => k in v)) return false;
      }
      if (t === "object" && s.properties && s.additionalProperties === false) {
        const pat = s.patternProperties ? Object.keys(s.patternProperties).map((p) => new RegExp(p)) : [];
        if (!Object.keys(v).every((k) => k in s.properties || pat.some((r) => r.test(k)))) return false;
      }
      return true;
    }

    defaultFor(s) {
      s = this.deref(s);
      if (s.anyOf || s.oneOf) {
        const bs = this.branches(s);
        // a card (an object with an id) is what a judge adds to a zone
        const card = bs.find((b) => b.properties && b.properties.id) ||
          bs.flatMap((b) => (b.anyOf || b.oneOf) ? this.branches(b) : []).find((b) => b.properties && b.properties.id);
        if (card) return this.defaultFor(card);
        return this.defaultFor(bs[0]);
      }
      if (s.enum) return s.enum[0];
      const t = Array.isArray(s.type) ? s.type[0] : s.type;
      if (s.properties && s.properties.id) {
        const v = {id: this.freshId()};
        if (s.properties.name) v.name = "";
        return v;
      }
      if (t === "object" || s.properties || s.patternProperties) {
        const v = {};
        for (const k of s.required || []) v[k] = this.defaultFor(s.properties[k]);
        return v;
      }
      if (t === "array" || s.items) return [];
      if (t === "integer" || t === "number") return s.minimum !== undefined ? s.minimum : 0;
      if (t === "boolean") return true;
      if (t === "null") return null;
      return "";
    }

    changed() {
      this.onChange(this.data);
    }

    // the YAML does not parse: no form, so that nothing stale can overwrite the text
    pause(message) {
      this.data = null;
      this.root.replaceChildren(el("p", {class: "sf-paused", text: message}));
    }

    render(data) {
      this.data = data && typeof data === "object" ? data : {};
      const s = this.deref(this.schema);
      const box = el("div", {class: "sform-top"});
      const keys = Object.keys(s.properties || {});
      const shown = TOP.concat(keys.filter((k) => !TOP.includes(k) && this.isZoneSection(k, s.properties[k])))
        .concat(["meta", "choices"]);
      for (const k of keys.filter((k) => shown.includes(k) || (k in this.data && !TOP_HIDDEN.includes(k)))) {
        if (!(k in this.data) && !shown.includes(k)) continue;
        box.append(this.section(k, s.properties[k], this.data, false));
      }
      const rest = keys.filter((k) => !shown.includes(k) && !TOP_HIDDEN.includes(k) && !(k in this.data));
      if (rest.length) box.append(this.adder(rest, (k) => {
        this.data[k] = this.defaultFor(s.properties[k]);
        this.changed();
        this.render(this.data);
      }, "add a section…"));
      this.root.replaceChildren(box);
      for (const [name, hint] of Object.entries(this.hints)) {
        this.root.append(el("datalist", {id: "hint-" + name}, ...hint.map((h) => el("option", {value: h.id, label: h.heading}))));
      }
    }

    isZoneSection(k, ps) {
      // a ruleset's shared zones: an object whose keys are an enumerated set (Z/X's squares)
      ps = this.deref(ps);
      if (!ps.patternProperties || k === "players") return false;
      return Object.keys(ps.patternProperties).some((p) => enumKeys(p));
    }

    adder(keys, add, label) {
      const sel = el("select", {class: "adder", "aria-label": label},
        el("option", {value: "", text: label}), ...keys.map((k) => el("option", {value: k, text: k})));
      sel.addEventListener("change", () => { if (sel.value) add(sel.value); });
      return sel;
    }

    // one property `k` of object `obj`, drawn with its label and a remove button
    section(k, ps, obj, removable) {
      ps = this.deref(ps);
      const present = k in obj;
      const fs = el("fieldset", {class: "sf-field", "data-key": k});
      const legend = el("legend", {}, el("span", {class: "sf-key", text: k}));
      if (ps.description) legend.title = ps.description;
      fs.append(legend);
      if (!present) {
        fs.append(el("button", {type: "button", class: "sf-add", text: "+ " + k, onclick: () => {
          obj[k] = this.defaultFor(ps);
          this.changed();
          fs.replaceWith(this.section(k, ps, obj, removable));
        }}));
        return fs;
      }
      if (removable) {
        legend.append(el("button", {type: "button", class: "sf-remove", title: "remove " + k, text: "×",
          onclick: () => { delete obj[k]; this.changed(); fs.remove(); }}));
      }
      fs.append(this.control(ps, obj[k], (v) => { obj[k] = v; }, k));
      return fs;
    }

    // the control of value `v` of schema `s`; `set(v)` stores a new value in the parent
    control(s, v, set, name) {
      s = this.deref(s);
      if (s.anyOf || s.oneOf) return this.choiceOf(s, v, set, name);
      if (s.enum) return this.enumSelect(s, v, set, name);
      const types = s.type ? (Array.isArray(s.type) ? s.type : [s.type]) : [];
      const t = typeOf(v);
      if (types.includes("object") || s.properties || s.patternProperties ||
          (s.additionalProperties && typeof s.additionalProperties === "object")) {
        return this.objectForm(s, v && typeof v === "object" && !Array.isArray(v) ? v : (set({}), {}), set);
      }
      if (types.includes("array") || s.items) {
        return this.listForm(s, Array.isArray(v) ? v : [], set, name);
      }
      if (types.length === 1 && (types[0] === "integer" || types[0] === "number")) {
        const inp = el("input", {type: "number", class: "sf-num", "aria-label": name,
          min: s.minimum, max: s.maximum});
        inp.value = v === undefined || v === null ? "" : String(v);
        inp.addEventListener("input", () => {
          const n = types[0] === "integer" ? parseInt(inp.value, 10) : parseFloat(inp.value);
          if (!Number.isNaN(n)) { set(n); this.changed(); }
        });
        return inp;
      }
      if (types.length === 1 && types[0] === "boolean") {
        const inp = el("input", {type: "checkbox", "aria-label": name});
        inp.checked = v === true;
        inp.addEventListener("change", () => { set(inp.checked); this.changed(); });
        return inp;
      }
      // text (also "string or number" fields: a step id, a meta value); prose in a textarea
      const prose = ["question", "text", "notes", "note", "source"].includes(name);
      const inp = prose ? el("textarea", {class: "sf-prose", rows: 2, "aria-label": name})
        : el("input", {type: "text", class: "sf-text", "aria-label": name});
      inp.value = v === undefined || v === null ? "" : String(v);
      const hint = this.hints[name];
      if (hint && !prose) {
        inp.setAttribute("list", "hint-" + name);
      }
      inp.addEventListener("input", () => {
        let val = inp.value;
        if (!types.includes("string") && types.includes("number") && val !== "" && !Number.isNaN(Number(val))) val = Number(val);
        set(val);
        this.changed();
      });
      return inp;
    }

    enumSelect(s, v, set, name) {
      const sel = el("select", {"aria-label": name});
      const opts = s.enum.slice();
      if (v !== undefined && !opts.includes(v)) opts.unshift(v);
      for (const o of opts) {
        const op = el("option", {text: String(o)});
        op.value = JSON.stringify(o);
        if (o === v) op.selected = true;
        sel.append(op);
      }
      sel.addEventListener("change", () => { set(JSON.parse(sel.value)); this.changed(); });
      return sel;
    }

    branchLabel(b) {
      if (b.properties && b.properties.id) return "card";
      if (b.required && b.required.length) return b.required.join("+");
      if (b.enum) return b.enum.length === 1 ? String(b.enum[0]) : "choice";
      const t = Array.isArray(b.type) ? b.type.join("/") : b.type;
      if (t === "integer" || t === "number") return "count";
      if (t === "array" || b.items) return "list";
      if (b.anyOf || b.oneOf) return this.branches(b).map((x) => this.branchLabel(x)).join(" / ");
      if (t === "string" && b.pattern) return "card id";
      return t || "value";
    }

    choiceOf(s, v, set, name) {
      let bs = this.branches(s);
      // flatten nested anyOf/oneOf so a zone entry offers: card id / card / unknown
      bs = bs.flatMap((b) => (b.anyOf || b.oneOf) && !b.items ? this.branches(b) : [b]);
      // null is the "nothing" form of a list: not worth its own choice
      const usable = bs.filter((b) => !(b.type === "null"));
      let i = usable.findIndex((b) => this.fits(b, v));
      if (v === undefined || v === null) i = usable.findIndex((b) => b.type === "array" || b.items);
      if (i < 0) i = 0;
      const wrap = el("div", {class: "sf-choice"});
      if (usable.length > 1) {
        const sel = el("select", {class: "sf-form", "aria-label": (name || "") + " form"});
        usable.forEach((b, j) => {
          const op = el("option", {value: String(j), text: this.branchLabel(b)});
          if (j === i) op.selected = true;
          sel.append(op);
        });
        sel.addEventListener("change", () => {
          const nv = this.defaultFor(usable[+sel.value]);
          set(nv);
          this.changed();
          wrap.replaceWith(this.choiceOf(s, nv, set, name));
        });
        wrap.append(sel);
      }
      const b = usable[i] || {};
      let cur = v;
      if (!this.fits(b, v)) { cur = this.defaultFor(b); set(cur); }
      wrap.append(this.control(b, cur, set, name));
      return wrap;
    }

    objectForm(s, obj, set) {
      const box = el("div", {class: "sf-object"});
      const props = s.properties || {};
      for (const k of Object.keys(props)) {
        if (k in obj) box.append(this.section(k, props[k], obj, true));
      }
      // enumerated keys (players P1/P2, Z/X's squares): each present key, and the others to add
      for (const [pat, ps] of Object.entries(s.patternProperties || {})) {
        const keys = enumKeys(pat);
        if (!keys) continue;
        for (const k of keys) if (k in obj) box.append(this.section(k, ps, obj, true));
        const absent = keys.filter((k) => !(k in obj));
        if (absent.length) box.append(this.adder(absent, (k) => {
          obj[k] = this.defaultFor(ps);
          this.changed();
          box.replaceWith(this.objectForm(s, obj, set));
        }, "add…"));
      }
      // free keys (counters per icon, choices per clause id)
      const ap = s.additionalProperties;
      if (ap && typeof ap === "object") {
        const known = (k) => k in props || Object.keys(s.patternProperties || {}).some((p) => new RegExp(p).test(k));
        for (const k of Object.keys(obj)) if (!known(k)) box.append(this.section(k, ap, obj, true));
        const inp = el("input", {class: "sf-newkey", placeholder: "new key", size: 10, "aria-label": "new key"});
        box.append(el("div", {class: "sf-row"}, inp, el("button", {type: "button", text: "+ add", onclick: () => {
          const k = inp.value.trim();
          if (!k || k in obj) return;
          obj[k] = this.defaultFor(ap);
          this.changed();
          box.replaceWith(this.objectForm(s, obj, set));
        }})));
      }
      const absent = Object.keys(props).filter((k) => !(k in obj));
      if (absent.length) box.append(this.adder(absent, (k) => {
        obj[k] = this.defaultFor(props[k]);
        this.changed();
        box.replaceWith(this.objectForm(s, obj, set));
      }, "add field…"));
      return box;
    }

    listForm(s, arr, set, name) {
      const items = this.deref(s.items || {});
      set(arr);
      // a list of enums: one checkbox each (colours, icons, keywords)
      const enumItems = items.enum ? items.enum : null;
      if (enumItems) {
        const box = el("div", {class: "sf-checks"});
        for (const o of enumItems) {
          const cb = el("input", {type: "checkbox"});
          cb.checked = arr.includes(o);
          cb.addEventListener("change", () => {
            const i = arr.indexOf(o);
            if (cb.checked && i < 0) arr.push(o);
            if (!cb.checked && i >= 0) arr.splice(i, 1);
            this.changed();
          });
          box.append(el("label", {}, cb, String(o)));
        }
        return box;
      }
      const ol = el("ol", {class: "sf-list"});
      const draw = () => {
        ol.replaceChildren();
        arr.forEach((item, j) => {
          const li = el("li", {class: "sf-item"});
          li.append(el("button", {type: "button", class: "sf-remove", title: "remove", text: "×", onclick: () => {
            arr.splice(j, 1);
            this.changed();
            draw();
          }}));
          li.append(this.control(items, item, (v) => { arr[j] = v; }, (name || "") + " " + (j + 1)));
          ol.append(li);
        });
        ol.append(el("li", {class: "sf-additem"}, el("button", {type: "button", class: "sf-addcard",
          text: "+ add" + (name ? " to " + name : ""), onclick: () => {
            arr.push(this.defaultFor(items));
            this.changed();
            draw();
          }})));
      };
      draw();
      return ol;
    }
  }

  SchemaForm.el = el;
  window.SchemaForm = SchemaForm;
})();

// Runs the site's search script under node for tests/site/test_js_parity.py.
// stdin: {"script": "<search.js text>", "indexes": [paths], ...requests (see js_answer.js)}
// stdout: the answers as JSON.
"use strict";
const fs = require("fs");
const path = require("path");
const vm = require("vm");

const req = JSON.parse(fs.readFileSync(0, "utf8"));
const ctx = {};
vm.createContext(ctx);
vm.runInContext(req.script, ctx, { filename: "search.js" });
for (const p of req.indexes || []) vm.runInContext(fs.readFileSync(p, "utf8"), ctx, { filename: p });
vm.runInContext(fs.readFileSync(path.join(__dirname, "js_answer.js"), "utf8"), ctx);
ctx.__req = req;
const out = vm.runInContext("jkAnswer(JK, __req)", ctx);
process.stdout.write(JSON.stringify(out));

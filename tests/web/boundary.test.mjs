// boundary.test.mjs: the wasm boundary described by tables.
//
//   a) layouts    every struct layout the wrapper reads (LAYOUTS, from
//                 fxb_boundary) agrees with an independent reading of the
//                 headers' text: the field names and units of its
//                 FRIC_*_FIELDS X-macro, and each field's offset, kind and
//                 count from the struct's declaration laid out by wasm32's C
//                 rules (sizes and alignments below, not the compiler's);
//   b) log handle a loaded log is a handle the wrapper frees: a freed Log
//                 refuses use with a clear error, the C side refuses a NULL
//                 log, and load/free cycles leak nothing;
//   c) exports    the generated export list (build/wasm/exported_functions.json)
//                 is the FXB_EXPORT functions of wasm/*.c, and exactly what
//                 the wrapper's groups call: each group module
//                 (wasm/api/*.js) calls the exports of its one signature
//                 table, each with the parameters its C declaration names.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { loadCore, ROOT } from './load.mjs';
import { LAYOUTS, Log, MJ_CONSTANTS } from '../../wasm/friction.js';

const core = await loadCore();
const m = core._m;
const read = (f) => fs.readFileSync(path.join(ROOT, f), 'utf8');
const HEADERS = fs.readdirSync(path.join(ROOT, 'core/include')).filter((f) => f.endsWith('.h'))
  .map((f) => read(`core/include/${f}`)).join('\n');
const noComments = (s) => s.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/.*$/gm, ' ');
const TEXT = noComments(HEADERS);

// ------------------------------------------------------ (a) the layouts
/** Each layout: its C struct fric_<layout> and the X-macro that lists its
 *  fields, FRIC_<LAYOUT>_FIELDS (the coefficients of fric_servo_friction:
 *  FRIC_SERVO_COEFS, after its model). */
const TABLES = Object.fromEntries(['param_info', 'col_info', 'scenario', 'servo_friction', 'servo_actuator',
  'bench_preset', 'bench_def', 'bench_replay_result', 'fit_progress', 'fit_batch', 'screw', 'io_error', 'joint',
  // the MuJoCo adapter's records (fric_adapter.h): fxb_mj_init, fxb_mj_def_law, fxb_mj_def_servo
  'mujoco_model', 'mujoco_joint_model', 'mujoco_joint_def', 'mujoco_joint', 'mujoco_core',
  // the robot layer's records (fric_adapter.h, fric_robot.h): wasm/bindings_robot.c
  'mujoco_map_entry', 'mujoco_adopted', 'mujoco_skipped', 'robot_model', 'robot_joint', 'robot_actuator', 'robot_edit', 'robot_row', 'robot_servo',
  // a robot's recording (fric_recording.h): wasm/bindings_io.c
  'recording_info', 'lerobot_motor',
  // a robot's servos from its recording (fric_ident.h): wasm/bindings_ident.c
  'ident_options', 'ident_verdict',
  // MuJoCo's native joint as a model (fric_native.h): wasm/bindings_native.c, its fields named by the params file's keys;
  // what a native set writes into a robot's model (fric_native_edit: bindings_native.c, the robot layer's edits)
  'native_params', 'native_edit']
  .map((k) => [k, [`fric_${k}`, { servo_friction: 'FRIC_SERVO_COEFS', native_params: 'FRIC_NATIVE_KEYS' }[k] ?? `FRIC_${k.toUpperCase()}_FIELDS`]]));

/** The text of `#define NAME(X) …` in the headers, to its last continued line. */
function macroBody(name) {
  const at = HEADERS.indexOf(`#define ${name}(X)`);
  assert.ok(at >= 0, `no #define ${name}(X) in core/include`);
  let body = '';
  for (const line of HEADERS.slice(at).split('\n')) {
    body += `${line}\n`;
    if (!line.trimEnd().endsWith('\\')) break;
  }
  return body;
}

/** [[field, second argument], …] of `#define NAME(X) X(a, "u") X(b, …) …` in the header text. */
const xmacro = (name) => [...macroBody(name).matchAll(/X\((\w+),\s*("(?:[^"\\]|\\.)*"|\w+)\)/g)].map((x) => [x[1], x[2]]);

/** [[key, C field, unit], …] of `#define NAME(X) X("key", field[i], "unit") …` (FRIC_NATIVE_KEYS). */
const keyedXmacro = (name) => [...macroBody(name).matchAll(/X\(("[^"]*"),\s*([\w[\]]+),\s*("[^"]*")\)/g)].map((x) => [JSON.parse(x[1]), x[2], x[3]]);

// wasm32 (ILP32): pointers, int, long and size_t are 4 bytes; long long,
// uint64_t and double 8, each aligned to its size; enums are ints.
const SCALARS = {
  double: [8, 'f64'], int: [4, 'i32'], long: [4, 'i32'], 'long long': [8, 'i64'],
  size_t: [4, 'u32'], uint64_t: [8, 'u64'], char: [1, 'chars'], 'unsigned char': [1, 'u8'], unsigned: [4, 'u32'],
};
const ENUMS = new Set([...TEXT.matchAll(/}\s*(\w+)\s*;/g)].map((x) => x[1])
  .filter((t) => new RegExp(`typedef\\s+enum\\s*\\w*\\s*{[^}]*}\\s*${t}\\s*;`).test(TEXT)));
const CONSTS = { FRIC_FIT_N: core.fit.paramKeys().length, FRIC_NATIVE_FIT_N: core.ident.fitKeys().length, FRIC_MUJOCO_MAX_JOINTS: MJ_CONSTANTS.maxJoints,
  FRIC_MUJOCO_NAME_MAX: Number(/#define\s+FRIC_MUJOCO_NAME_MAX\s+(\d+)/.exec(TEXT)[1]) };

/** The members of `typedef struct [tag] { … } name;` as [{ name, type, ptr, fn, dims }]. */
function members(struct) {
  const re = new RegExp(`typedef\\s+struct\\s*\\w*\\s*{([^{}]*)}\\s*${struct}\\s*;`);
  const x = re.exec(TEXT);
  assert.ok(x, `no typedef struct … ${struct}; in core/include`);
  const out = [];
  for (const decl of x[1].split(';').map((d) => d.trim()).filter(Boolean)) {
    const fn = /\(\s*\*\s*(\w+)\s*\)\s*\(/.exec(decl);
    if (fn) { out.push({ name: fn[1], fn: true }); continue; }
    const [, base, rest] = /^((?:const\s+|unsigned\s+|long\s+|struct\s+)*\w+)\s+(.*)$/.exec(decl);
    for (const d of rest.split(',')) {
      const v = /^((?:\*\s*(?:const\s*)?)*)(\w+)\s*(?:\[(\w+)\])?$/.exec(d.trim());
      assert.ok(v, `cannot read the declaration '${d}' of ${struct}`);
      out.push({ name: v[2], type: base.replace(/\bconst\s+/g, '').trim(), ptr: (v[1].match(/\*/g) || []).length,
        dims: v[3] === undefined ? 1 : Number.isNaN(Number(v[3])) ? CONSTS[v[3]] : Number(v[3]) });
    }
  }
  return out;
}

/** { size, align, fields: { name: { offset, kind, count } } } of a struct by the C rules. */
function layoutOf(struct) {
  let offset = 0, align = 1;
  const fields = {};
  for (const f of members(struct)) {
    let size, al, kind;
    if (f.fn || f.ptr) {
      size = 4; al = 4;
      kind = f.fn ? 'ptr' : f.type === 'char' && f.ptr === 1 ? 'str' : f.type === 'char' && f.ptr === 2 ? 'strs' : 'ptr';
    } else if (SCALARS[f.type]) {
      [size, kind] = SCALARS[f.type]; al = size;
    } else if (ENUMS.has(f.type)) {
      size = 4; al = 4; kind = 'enum';
    } else {
      const inner = layoutOf(f.type);
      size = inner.size; al = inner.align;
      kind = Object.keys(TABLES).find((k) => TABLES[k][0] === f.type) || f.type;
    }
    offset = Math.ceil(offset / al) * al;
    fields[f.name] = { offset, kind, count: f.dims ?? 1 };
    offset += size * (f.dims ?? 1);
    align = Math.max(align, al);
  }
  return { size: Math.ceil(offset / align) * align, align, fields };
}

describe('a) the layouts agree with the headers (X-macro tables, struct declarations)', () => {
  it('every table of the test is a layout of the wrapper and back', () => {
    assert.deepEqual(Object.keys(LAYOUTS).sort(), Object.keys(TABLES).sort());
  });
  for (const [name, [struct, macro]] of Object.entries(TABLES)) {
    it(`${name}: ${macro} and ${struct}`, () => {
      const L = LAYOUTS[name];
      if (name === 'native_params') {
        // each key's field by its C expression (solimpfriction[0]: the array's first item, one f64)
        const want = keyedXmacro(macro), c = layoutOf(struct);
        assert.deepEqual(L.fields.map(([f, u]) => [f, JSON.stringify(u)]), want.map(([k, , u]) => [k, u]), 'keys and units, in the table order');
        assert.equal(L.size, c.size, `sizeof(${struct})`);
        want.forEach(([key, expr], i) => {
          const [, member, item] = /^(\w+)(?:\[(\d+)\])?$/.exec(expr), d = c.fields[member];
          assert.ok(d, `${struct} has no field ${member}`);
          assert.deepEqual(L.fields[i].slice(2), ['f64', d.offset + 8 * Number(item ?? 0), item === undefined ? d.count : 1], `${key}: kind, offset, count`);
        });
        return;
      }
      let want = xmacro(macro);
      // the servo friction model: its `model`, then FRIC_SERVO_COEFS(X(field, NAME)) (no units)
      if (name === 'servo_friction') want = [['model', '""'], ...want.map(([f]) => [f, '""'])];
      assert.deepEqual(L.fields.map(([f, u]) => [f, JSON.stringify(u)]), want, 'names and units, in the table order');
      const c = layoutOf(struct);
      assert.equal(L.size, c.size, `sizeof(${struct})`);
      for (const [field, , kind, offset, count] of L.fields) {
        const d = c.fields[field];
        assert.ok(d, `${struct} has no field ${field}`);
        assert.equal(offset, d.offset, `offsetof(${struct}, ${field})`);
        assert.equal(count, d.count, `${field}: count`);
        if (d.kind === 'enum') assert.ok(kind === 'i32' || kind === 'u32', `${field}: an enum is a 32-bit integer, not ${kind}`);
        else assert.equal(kind, d.kind, `${field}: kind`);
      }
    });
  }
  /** The name tables of fxb_boundary. */
  const boundaryTables = () => {
    const n = m._fxb_boundary(0, 0), p = core._alloc(n + 1);
    try {
      m._fxb_boundary(p, n + 1);
      return JSON.parse(m.UTF8ToString(p)).tables;
    } finally {
      core._free(p);
    }
  };
  it('io_kinds names fric_io_kind in its order (the kinds friction.js gives a log\'s values)', () => {
    const tables = boundaryTables();
    const body = /typedef\s+enum\s+fric_io_kind\s*{([^}]*)}/.exec(TEXT)[1];
    const names = [...body.matchAll(/FRIC_IO_(\w+)/g)].map((x) => x[1].toLowerCase());
    assert.match(body, /FRIC_IO_ABSENT\s*=\s*0\s*,\s*FRIC_IO_NUMBER\s*,/, 'numbered from 0 in order');
    assert.deepEqual(tables.io_kinds, names);
  });
  it('the MuJoCo step\'s arrays are named: mj_step_inputs and mj_step_outputs are FRIC_MUJOCO_STEP_INPUTS and _OUTPUTS', () => {
    const tables = boundaryTables();
    assert.deepEqual(tables.mj_step_inputs, xmacro('FRIC_MUJOCO_STEP_INPUTS').map(([f]) => f));
    assert.deepEqual(tables.mj_step_outputs, xmacro('FRIC_MUJOCO_STEP_OUTPUTS').map(([f]) => f));
    assert.deepEqual(tables.mj_step_outputs, ['force', 'frictionloss']);
  });
  it('the MuJoCo records the wrapper writes are whole: the model and a joint model, every field', () => {
    assert.deepEqual(LAYOUTS.mujoco_model.fields.map(([f]) => f), members('fric_mujoco_model').map((f) => f.name));
    assert.deepEqual(LAYOUTS.mujoco_joint_model.fields.map(([f]) => f), members('fric_mujoco_joint_model').map((f) => f.name));
  });
  it('the tables cover the structs the wrapper writes field by field (fric_screw: all of it)', () => {
    assert.deepEqual(LAYOUTS.screw.fields.map(([f]) => f), members('fric_screw').map((f) => f.name));
  });
});

// ---------------------------------------------------- (b) the log handle
describe('b) a loaded log is a handle the wrapper frees', () => {
  const good = () => ({ mass: 0.49, length: 0.1, kp: 100, motor: 'xl330',
    entries: Array.from({ length: 20 }, (_, k) => ({ timestamp: k * 0.005, position: 0, goal_position: 0, torque_enable: true })) });
  it('a loaded log answers, a freed one refuses with a clear error', () => {
    const L = core.io.loadLog(good(), 'good.json');
    assert.ok(L instanceof Log);
    assert.equal(L.samples, core.io.checkLog(good()));
    L.free();
    assert.throws(() => L.samples, { message: 'log used after free()' });
    L.free();   // twice is harmless
  });
  it('the C side refuses a NULL log with FRIC_E_NULL', () => {
    const status = () => m.UTF8ToString(m._fxb_status_name(m._fxb_last_status()));
    assert.equal(m._fxb_log_samples(0), 0);
    const p = core._alloc(8 * 3);
    try {
      assert.equal(m._fxb_log_series(0, p, p, p, 0, 0, 1), 1);
      assert.equal(status(), 'FRIC_E_NULL');
      assert.match(m.UTF8ToString(m._fxb_last_error()), /no log \(freed\?\)/);
      assert.equal(m._fxb_fit_batch_new(0, 0), 0);
      assert.equal(status(), 'FRIC_E_PARAM_RANGE');
    } finally {
      core._free(p);
    }
  });
  it('1000 load/free cycles leak nothing (and a refused log frees what it took)', () => {
    core.io.loadLog(good()).free();
    const before = core.heapUsed();
    for (let i = 0; i < 1000; i++) {
      core.io.loadLog(good()).free();
      assert.throws(() => core.io.loadLog({ ...good(), mass: -1 }), (e) => e.status === 'FRIC_E_LOG_INVALID');
    }
    assert.equal(core.heapUsed(), before);
  });
});

// ------------------------------------------------- (c) the export list
describe('c) the export list is generated from the sources and is what the wrapper calls', () => {
  const generated = JSON.parse(read('build/wasm/exported_functions.json'));
  // the bindings as the Makefile lists them ($(sort $(wildcard wasm/*.c)))
  const sources = fs.readdirSync(path.join(ROOT, 'wasm')).filter((f) => f.endsWith('.c')).sort().map((f) => `wasm/${f}`);
  /** Every FXB_EXPORT function of the bindings, in order: [name, its parameters' names]. */
  const decls = sources.flatMap((f) => [...read(f).matchAll(/^FXB_EXPORT\b[^(]*?\b(fxb_\w+)\s*\(([^)]*)\)/gm)]
    .map((x) => [x[1], x[2].trim() === 'void' ? [] : x[2].split(',').map((q) => /(\w+)\s*(?:\[\w*\])?\s*$/.exec(q)[1])]));
  const marked = decls.map(([n]) => `_${n}`);
  const groups = fs.readdirSync(path.join(ROOT, 'wasm/api')).filter((f) => f.endsWith('.js')).sort();
  it('the list is the allocator and the FXB_EXPORT functions of wasm/*.c, in order', () => {
    assert.ok(sources.includes('wasm/bindings.c') && sources.length > 1, sources.join(' '));
    assert.deepEqual(generated, ['_malloc', '_free', ...marked]);
  });
  it('each group module calls exactly the exports of its signature table, with their C parameters', async () => {
    const C = Object.fromEntries(decls);
    for (const g of groups) {
      const { SIGNATURES } = await import(`../../wasm/api/${g}`);
      const called = [...new Set([...noComments(read(`wasm/api/${g}`)).matchAll(/\b_?(fxb_\w+)/g)].map((x) => x[1]))];
      if (!SIGNATURES) { assert.deepEqual(called, [], `${g} has no signature table, so it calls no export`); continue; }
      assert.deepEqual(called.sort(), Object.keys(SIGNATURES).sort(), `${g}: the exports it names are its table's`);
      for (const [fn, params] of Object.entries(SIGNATURES)) {
        assert.ok(C[fn], `${g}: ${fn} is not an FXB_EXPORT function of wasm/*.c`);
        assert.deepEqual(params ? params.split(' ') : [], C[fn], `${g}: ${fn}'s parameters`);
      }
    }
  });
  it('the tables together are the exported fxb_ functions, each in one table; friction.js calls none itself', async () => {
    const all = [];
    for (const g of groups) all.push(...Object.keys((await import(`../../wasm/api/${g}`)).SIGNATURES ?? {}));
    assert.deepEqual(all.filter((n, i) => all.indexOf(n) !== i), [], 'in two tables');
    assert.deepEqual(all.map((n) => `_${n}`).sort(), generated.filter((n) => n.startsWith('_fxb_')).sort());
    assert.deepEqual([...noComments(read('wasm/friction.js')).matchAll(/\b_?(fxb_\w+)/g)].map((x) => x[1]), []);
  });
  it('the native model is one group: each export of a fric_native_ function, and each fxb_native_ export, in bindings_native.c and core.native', async () => {
    const { SIGNATURES } = await import('../../wasm/api/native.js');
    const body = (f) => [...noComments(read(f)).matchAll(/^FXB_EXPORT\b[^(]*?\b(fxb_\w+)\s*\([^)]*\)\s*(\{[^\n]*\}$|\{[\s\S]*?^\})/gm)];
    const native = sources.flatMap((f) => body(f).filter((x) => x[1].startsWith('fxb_native_') || /\bfric_native_\w+\s*\(/.test(x[2]))
      .map((x) => `${f}: ${x[1]}`));
    assert.deepEqual(native.filter((x) => !x.startsWith('wasm/bindings_native.c: ')), []);
    assert.deepEqual(native.map((x) => x.split(': ')[1]).filter((n) => !(n in SIGNATURES)), []);
  });
  it('no export takes a positional selector (a what, which, hi or file argument choosing what it answers): one export a question', () => {
    const selectors = sources.flatMap((f) => [...read(f).matchAll(/^FXB_EXPORT\b[^(]*?\b(fxb_\w+)\s*\(([^)]*)\)/gm)])
      .filter((x) => x[2].split(',').some((q) => /^\s*int\s+(what|which|hi|file)\s*$/.test(q))).map((x) => x[1]);
    assert.deepEqual(selectors, []);
  });
  it('every call of an export goes through a group\'s call(): no module of the wrapper or the page calls core._m\'s exports itself', () => {
    const files = [...groups.map((g) => `wasm/api/${g}`), 'wasm/friction.js',
      ...fs.readdirSync(path.join(ROOT, 'web/src'), { recursive: true }).filter((f) => f.endsWith('.js')).map((f) => `web/src/${f}`)];
    const direct = files.flatMap((f) => [...noComments(read(f)).matchAll(/\._fxb_\w+/g)].map((x) => `${f}: ${x[0]}`));
    assert.deepEqual(direct, []);
  });
  it('wasm memory is core.js\'s: no other module of the wrapper or the page reads core._m (its heaps through _f64, _i32, _read)', () => {
    const files = [...groups.filter((g) => g !== 'core.js').map((g) => `wasm/api/${g}`), 'wasm/friction.js',
      ...fs.readdirSync(path.join(ROOT, 'web/src'), { recursive: true }).filter((f) => f.endsWith('.js')).map((f) => `web/src/${f}`)];
    assert.deepEqual(files.flatMap((f) => [...noComments(read(f)).matchAll(/\._m\b[^\n]{0,30}/g)].map((x) => `${f}: ${x[0]}`)), []);
  });
  it('a group refuses an export not in its table, and a wrong count of arguments', async () => {
    const { caller } = await import('../../wasm/api/base.js');
    const call = caller({ fxb_lambert_w0: 'x' });
    assert.throws(() => call(core, 'fxb_phi_plus0', [0, 0, 0, 0, 0, 1]), /fxb_phi_plus0 is not in the group's signature table/);
    assert.throws(() => call(core, 'fxb_lambert_w0', []), /fxb_lambert_w0 takes 1 arguments \(x\), given 0/);
    assert.equal(call(core, 'fxb_lambert_w0', [0], { ok: () => true }).rc, 0);
  });
  it('no hand-written list is left in wasm/', () => {
    assert.deepEqual(fs.readdirSync(path.join(ROOT, 'wasm'), { recursive: true }).filter((f) => f.endsWith('.json')), []);
  });
});

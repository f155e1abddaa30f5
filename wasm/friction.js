// friction.js: the one JavaScript wrapper around the WebAssembly build of the
// friction core. It owns every byte of wasm memory: callers pass and receive
// plain numbers, objects and typed arrays; core errors become thrown Errors
// carrying the core's message, its status (`code`, the fric_status name such
// as 'FRIC_E_NO_TRANSFORM') and the parameter at fault (`param`, its name, or
// null). The tables below (law names, servo coefficients, treatments) are the
// core's own, read when the module loads, with the layouts of the structs
// that cross the boundary (fxb_boundary in wasm/bindings.c, built from the
// FRIC_*_FIELDS tables of core/include): the wrapper reads and writes those
// structs by field name, never by a slot number of its own. Every call that
// moves memory goes through one helper (FrictionCore._call: allocate, copy
// in, call, copy out, free in finally, a failure thrown with the core's
// message), reached through the caller of the group's signature table. Objects that hold wasm memory (LookupTable, Simulation, Log,
// FitBatch, Fit) have free(); everything else frees before it returns.
//
// Every argument of every public function is checked before any wasm memory is
// touched (type, finiteness, integer-ness, array length against what the C side
// reads, bytes against the wasm heap): a bad one throws a TypeError (wrong type)
// or RangeError (wrong value) whose message names the argument and the accepted
// range, with code 'FRIC_E_PARAM_RANGE' and param (the argument's name). The C
// bindings check counts again (wasm/bindings*.c, defence in depth).
//
// This file is the entry point everybody imports; the code is in wasm/api/,
// one module per group, each with ONE signature table (SIGNATURES: the
// exports it calls and their C parameters, as wasm/bindings_<group>.c
// declares them) and its classes: base.js (the tables read at load, the
// argument checks, the buffers' descriptions), core.js (FrictionCore, its
// memory helpers and _call), law.js, scenario.js, bench.js, io.js,
// regions.js, fit.js, mujoco.js, robot.js.
//
// The API is grouped as the core's headers are (one object per header, built
// in the FrictionCore constructor; each calls the core's private helpers):
//
//   core.law       friction.h      check, problem, fieldRanges, fields, phi, phiZ,
//                                  phiZApprox, phiPlus0, lambertW0, lookupTable
//   core.scenario  fric_scenario.h list, find, params, simulation
//   core.bench     fric_bench.h,   presets, resolve, servo, replay, servoCoefs,
//                                  actuatorOf, actuatorNote
//                  fric_servo.h
//   core.io        fric_io.h       loadLog, checkLog, resampleDt, paramsText, paramsRead
//   core.regions   fric_regions.h  polyline, grid, at
//   core.fit       fric_fit.h      defaults, paramKeys, paramUsed, contains, embed,
//                                  chainStart, presetParams, space, spaceProblem,
//                                  benchParams, paramsText, splitKp, splitAlternate, caution,
//                                  rigCaution, batch, create
//   core.mujoco    fric_joint.h    benchMjcf, joint (the MuJoCo adapter's per-joint step,
//                                  MuJoCo-free: MuJoCo is its own wasm module), adapter
//                                  (its orchestration: fric_mujoco_core), logDrive,
//                                  mjcfCheck, mjcfAssets, xmlTags (the core's one tag scan)
//   core.robot     fric_robot.h    mapParse, create (the robot layer above the adapter)
//   core.ident     fric_ident.h    recording (its tracks from the door's MuJoCo), set, fitter,
//                                  result: a robot's servos from its own recording
//   core           (wasm heap)     heapUsed, heapStats (leak and integrity checks)
//
//   import { loadFrictionCore } from './friction.js';
//   const core = await loadFrictionCore({ wasmBinary });     // bytes of friction_core.wasm
//   const y = core.law.phiZ({ kind: 'stribeck', Fs: 2.5, Fc: 0.4, vs: 0.06, D: 4.5, alpha: 1 },
//                       1 / 55, Float64Array.of(0.01, 0.1));
import createFrictionCore from '../build/wasm/friction_core.mjs';
import { FrictionCore, readBoundary } from './api/core.js';

export { LAW_KINDS, LAW_FIELDS, SERVO_KEYS, SERVO_FILE_KEYS, TREATMENTS, MJ_TREATMENTS, MJ_CONSTANTS, MJ_ACT_KINDS, MJ_JOINT_TYPES, MJ_MAP_KINDS, INTEGRATORS,
  LAYOUTS, MAX_BYTES, coreError } from './api/base.js';
export { FrictionCore } from './api/core.js';
export { LookupTable } from './api/law.js';
export { Simulation, paramIndex } from './api/scenario.js';
export { Log } from './api/io.js';
export { FitBatch, Fit } from './api/fit.js';
export { Joint, Adapter, xmlDecode } from './api/mujoco.js';
export { IdentRecording, IdentSet, IdentFit } from './api/ident.js';

/** Loads the wasm module. options.wasmBinary: the bytes of friction_core.wasm
 *  (Node: fs.readFileSync; browser: fetched by the caller, which can show progress). */
export async function loadFrictionCore(options = {}) {
  const core = new FrictionCore(await createFrictionCore(options));
  readBoundary(core);
  return core;
}

/*
 * fxb_export.h: the marker of a function JavaScript calls. tools/gen_exports.mjs
 * lists every function declared `FXB_EXPORT <type> <name>(` in wasm/bindings*.c
 * (and benchmarks/bench_exports.c for the bench build) into emcc's
 * EXPORTED_FUNCTIONS at build time. JavaScript is such a function's only
 * caller, so it has no separate prototype: -Wmissing-prototypes (which finds
 * functions that should be static) is off in the files that include this.
 */
#ifndef FXB_EXPORT_H
#define FXB_EXPORT_H
#define FXB_EXPORT
#pragma GCC diagnostic ignored "-Wmissing-prototypes"
#endif

# Friction Explorer. The README's two commands: `make serve` and `make test`.
# Everything built goes under build/.

CC      ?= cc
STD      = -std=c11
WARN     = -Wall -Wextra -Wpedantic -Wmissing-prototypes -Wshadow -Wvla -Wstrict-prototypes
# -ffp-contract=off: no FMA contraction, so results are the same on every
# compiler and in wasm. -fno-math-errno lets sqrt compile to one instruction.
FPFLAGS  = -ffp-contract=off -fno-math-errno
# The core by pipeline stage (../shared/DESIGN.md): law → transform → element
# → system, with analysis and io beside. Clients (cli, tests, benchmarks,
# bindings) see only the public headers of core/include; the core's own
# sources also see each stage's private headers.
CORE_DIRS = law transform element system analysis io identify
INC      = -Icore/include
CORE_INC = $(INC) $(addprefix -Icore/,$(CORE_DIRS))
CORE_HDR = $(wildcard core/include/*.h) $(foreach d,$(CORE_DIRS),$(wildcard core/$(d)/*.h))
# Release builds (the library, the tool, wasm) leave out the preconditions that
# per-step code asserts; the ASan+UBSan build checks them (Box2D's habit).
OPT      = -O2 -DNDEBUG
SANFLAGS = -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

CORE_SRC   = $(sort $(foreach d,$(CORE_DIRS),$(wildcard core/$(d)/*.c)))
# io's JSON front end is native only (cJSON, -lcjson); the browser parses
# with JSON.parse and hands plain arrays to the rest of io.
CORE_JSON_SRC = core/io/io_json.c
IO_LIBS    = -lcjson
# identify's threaded fit loop (fric_fit_run, POSIX threads) is native only
# too: the browser spreads a fit over Web Workers instead.
CORE_NATIVE_SRC = $(CORE_JSON_SRC) core/identify/fit_run.c
THREAD_LIBS = -pthread
# cmocka programs, by stage: tests/<stage>/test_*.c (tests/cli holds the
# command-line tool's own cmocka test beside its run.sh)
TEST_DIRS  = $(CORE_DIRS) cli
TEST_SRC   = $(sort $(foreach d,$(TEST_DIRS),$(wildcard tests/$(d)/test_*.c)))
TEST_SUP   = $(sort $(wildcard tests/support/*.c))
TEST_NAMES = $(patsubst tests/%.c,%,$(TEST_SRC))

NAT = build/native
ASN = build/asan

.PHONY: web wasm wasm-bench npm deps-wasm cli all lib test test-parts test-native bench bench-short serve deps-native clean help
all: lib
lib: $(NAT)/libfriction.a

help:
	@echo "make serve   build and serve the explorer (see README)"
	@echo "make test    install what is missing, build, run every test"
	@echo "make bench   performance figures (build/bench/*.json)"

deps-native:
	@tools/deps.sh native

# ---------------------------------------------------------------- library
$(NAT)/obj/%.o: core/%.c $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(FPFLAGS) $(OPT) $(CORE_INC) -c $< -o $@

$(ASN)/obj/%.o: core/%.c $(CORE_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(FPFLAGS) $(SANFLAGS) $(CORE_INC) -c $< -o $@

$(NAT)/libfriction.a: $(patsubst core/%.c,$(NAT)/obj/%.o,$(CORE_SRC))
	@rm -f $@
	ar rcs $@ $^

$(ASN)/libfriction.a: $(patsubst core/%.c,$(ASN)/obj/%.o,$(CORE_SRC))
	@rm -f $@
	ar rcs $@ $^

# ------------------------------------------------------ command-line tool
CLI_SRC = $(sort $(wildcard cli/*.c))
$(NAT)/friction: $(CLI_SRC) $(wildcard cli/*.h) core/include/fric_scenario.h $(NAT)/libfriction.a
	$(CC) $(STD) $(WARN) $(FPFLAGS) $(OPT) $(INC) -Icli $(CLI_SRC) $(NAT)/libfriction.a $(IO_LIBS) $(THREAD_LIBS) -lm -o $@
cli: $(NAT)/friction

# ------------------------------------------------------------------ tests
# Each tests/<stage>/test_*.c is one cmocka program, linked with the support
# files (independent high-precision references) and the library.
TEST_LIBS = -lcmocka -lquadmath $(IO_LIBS) $(THREAD_LIBS) -lm
TEST_DEPS = $(wildcard core/include/*.h) $(TEST_SUP) $(wildcard tests/support/*.h)

$(NAT)/tests/%: tests/%.c $(TEST_DEPS) $(NAT)/libfriction.a
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(FPFLAGS) -O2 -g $(INC) -Itests/support $(TEST_EXTRA) $< $(TEST_SUP) $(NAT)/libfriction.a $(TEST_LIBS) -o $@

$(ASN)/tests/%: tests/%.c $(TEST_DEPS) $(ASN)/libfriction.a
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(FPFLAGS) $(SANFLAGS) $(INC) -Itests/support $(TEST_EXTRA) $< $(TEST_SUP) $(ASN)/libfriction.a $(TEST_LIBS) -o $@

test-native: deps-native $(addprefix $(NAT)/tests/,$(TEST_NAMES)) $(addprefix $(ASN)/tests/,$(TEST_NAMES))
	@tools/run-tests.sh "native" $(addprefix $(NAT)/tests/,$(TEST_NAMES))
	@tools/run-tests.sh "native ASan+UBSan" $(addprefix $(ASN)/tests/,$(TEST_NAMES))

# `make test` runs every part (test-parts: test-native, test-cli, test-web)
# with make -k, so one failing part does not hide the others, and closes with
# the one line CI reads: "N passed, M failed, K skipped", summed over the
# counts each runner writes to build/test-counts (tools/test-total.sh).
# A new test target joins with `test-parts: NAME` and its runner writes
# "passed failed skipped" to $TEST_COUNTS/LABEL.txt.
TEST_COUNTS = build/test-counts
test:
	@rm -rf $(TEST_COUNTS)
	@st=0; TEST_COUNTS=$(CURDIR)/$(TEST_COUNTS) $(MAKE) --no-print-directory -k test-parts || st=$$?; \
	    tools/test-total.sh $(TEST_COUNTS) $$st
test-parts: test-native

# ------------------------------------------------------------- benchmarks
# host.c: clocks, CPU name, load average and JSON writers every native benchmark uses
BENCH_HOST = benchmarks/host.c benchmarks/host.h
$(NAT)/bench_core: benchmarks/bench_core.c $(BENCH_HOST) $(NAT)/libfriction.a
	$(CC) $(STD) $(WARN) $(FPFLAGS) $(OPT) $(INC) $< benchmarks/host.c $(NAT)/libfriction.a -lm -o $@

bench: deps-native $(NAT)/bench_core $(NAT)/bench_systems
	@mkdir -p build/bench
	$(NAT)/bench_core --json build/bench/core.json
	$(NAT)/bench_systems --json build/bench/systems.json

bench-short: deps-native $(NAT)/bench_core $(NAT)/bench_systems
	@mkdir -p build/bench
	$(NAT)/bench_core --short --json build/bench/core-short.json
	$(NAT)/bench_systems --short --json build/bench/systems-short.json

# systems: pendulum steps/s, every scenario and treatment, replay of the shared logs
# (reads logs with the io library, fric_io.h)
$(NAT)/bench_systems: benchmarks/bench_systems.c $(BENCH_HOST) $(NAT)/libfriction.a
	$(CC) $(STD) $(WARN) $(FPFLAGS) $(OPT) $(INC) benchmarks/bench_systems.c benchmarks/host.c $(NAT)/libfriction.a $(IO_LIBS) $(THREAD_LIBS) -lm -o $@

# fit: identification on the 16 xl330 logs split 8/8, M1..M6 and the M4
# speed, seeds and thread figures against issue 10's targets
# (build/bench/fit.json; bench-short: a small budget, build/bench/fit-short.json)
.PHONY: bench-fit bench-fit-short
bench: bench-fit
bench-short: bench-fit-short
$(NAT)/bench_fit: benchmarks/bench_fit.c $(BENCH_HOST) $(NAT)/libfriction.a
	$(CC) $(STD) $(WARN) $(FPFLAGS) $(OPT) $(INC) benchmarks/bench_fit.c benchmarks/host.c $(NAT)/libfriction.a $(IO_LIBS) $(THREAD_LIBS) -lm -o $@

bench-fit: deps-native $(NAT)/bench_fit
	@mkdir -p build/bench
	$(NAT)/bench_fit --json build/bench/fit.json

bench-fit-short: deps-native $(NAT)/bench_fit
	@mkdir -p build/bench
	$(NAT)/bench_fit --short --json build/bench/fit-short.json

# chain: one step of the implicit, semi-implicit and coupled methods for
# n = 1..100 links with both contacts active, log-log slopes and the n = 50
# ratio against issue 11's targets (build/bench/chain.json; bench-short:
# build/bench/chain-short.json)
.PHONY: bench-chain bench-chain-short
bench: bench-chain
bench-short: bench-chain-short
$(NAT)/bench_chain: benchmarks/bench_chain.c $(BENCH_HOST) $(NAT)/libfriction.a
	$(CC) $(STD) $(WARN) $(FPFLAGS) $(OPT) $(INC) benchmarks/bench_chain.c benchmarks/host.c $(NAT)/libfriction.a -lm -o $@

bench-chain: deps-native $(NAT)/bench_chain
	@mkdir -p build/bench
	$(NAT)/bench_chain --json build/bench/chain.json

bench-chain-short: deps-native $(NAT)/bench_chain
	@mkdir -p build/bench
	$(NAT)/bench_chain --short --json build/bench/chain-short.json

# The benchmark tables of README.md and docs/performance.md (and the frame
# time of the browser test) are generated from build/bench/*.json and
# build/e2e/frame-time.json, never copied by hand: run after `make bench`.
.PHONY: readme-figures
readme-figures:
	node tools/readme_figures.mjs README.md docs/performance.md

# ------------------------------------------------------------------- wasm
# Two builds from the same core and flags:
#   build/wasm/friction_core.{mjs,wasm}        the explorer's (copied to build/web):
#       core + wasm/bindings.c, exports its FXB_EXPORT functions (the list
#       build/wasm/exported_functions.json, written by tools/gen_exports.mjs),
#       no benchmark code (tests/web/wasm_exports.test.mjs checks it);
#   build/wasm-bench/friction_core.{mjs,wasm}  `make bench` only
#       (benchmarks/bench_wasm.mjs): the same plus benchmarks/kernels.c and
#       wasm/bench_exports.c, exporting the FXB_EXPORT functions of both.
# Debian's emcc runs node tools that need Debian's node modules (acorn).
WASM    = build/wasm
WASMB   = build/wasm-bench
EMCC    = NODE_PATH=/usr/share/nodejs emcc
EMFLAGS = $(STD) -O2 -DNDEBUG $(FPFLAGS) $(CORE_INC) \
          -sMODULARIZE -sEXPORT_ES6 -sENVIRONMENT=web -sEXPORT_NAME=createFrictionCore \
          -sALLOW_MEMORY_GROWTH=1 -sEXPORTED_RUNTIME_METHODS=UTF8ToString
# the native-only parts (io's cJSON front end, the threaded fit loop) stay out of wasm
WASM_CORE_SRC = $(filter-out $(CORE_NATIVE_SRC),$(CORE_SRC))
WASM_DEPS = $(WASM_CORE_SRC) wasm/bindings.c wasm/fxb_export.h $(CORE_HDR)
BENCH_WASM_SRC = wasm/bench_exports.c benchmarks/kernels.c

deps-wasm:
	@tools/deps.sh wasm

$(WASM)/exported_functions.json: wasm/bindings.c tools/gen_exports.mjs
	node tools/gen_exports.mjs $@ wasm/bindings.c

$(WASM)/friction_core.mjs: $(WASM_DEPS) $(WASM)/exported_functions.json | deps-wasm
	$(EMCC) $(EMFLAGS) -sEXPORTED_FUNCTIONS=@$(WASM)/exported_functions.json $(WASM_CORE_SRC) wasm/bindings.c -o $@

$(WASMB)/exported_functions.json: wasm/bindings.c wasm/bench_exports.c tools/gen_exports.mjs
	node tools/gen_exports.mjs $@ wasm/bindings.c wasm/bench_exports.c

$(WASMB)/friction_core.mjs: $(WASM_DEPS) $(BENCH_WASM_SRC) benchmarks/kernels.h $(WASMB)/exported_functions.json | deps-wasm
	@mkdir -p $(WASMB)
	$(EMCC) $(EMFLAGS) -sEXPORTED_FUNCTIONS=@$(WASMB)/exported_functions.json $(WASM_CORE_SRC) wasm/bindings.c $(BENCH_WASM_SRC) -o $@

wasm: $(WASM)/friction_core.mjs
wasm-bench: $(WASMB)/friction_core.mjs

# --------------------------------------------------------------- npm, web
node_modules/.package-lock.json: package.json package-lock.json
	@tools/deps.sh web
	npm ci --no-audit --no-fund

npm: node_modules/.package-lock.json

WEB     = build/web
WEB_SRC = $(shell find web -type f -name '*.js') wasm/friction.js
ESBUILD = node_modules/.bin/esbuild

$(WEB)/app.js: $(WEB_SRC) $(WASM)/friction_core.mjs node_modules/.package-lock.json
	@mkdir -p $(WEB)
	$(ESBUILD) web/src/main.js --bundle --format=esm --target=es2020 --sourcemap --log-level=warning --outfile=$@

# Web Workers: each web/src/workers/NAME.js is bundled on its own to
# build/web/NAME.worker.js (new Worker('NAME.worker.js', { type: 'module' })).
WORKER_SRC = $(sort $(wildcard web/src/workers/*.js))
WORKERS    = $(patsubst web/src/workers/%.js,$(WEB)/%.worker.js,$(WORKER_SRC))
$(WEB)/%.worker.js: web/src/workers/%.js $(WEB_SRC) $(WASM)/friction_core.mjs node_modules/.package-lock.json
	@mkdir -p $(WEB)
	$(ESBUILD) $< --bundle --format=esm --target=es2020 --sourcemap --log-level=warning --outfile=$@

# style.css: web/style.css, then each area's sheet web/css/*.css, in one file.
CSS_SRC = web/style.css $(sort $(wildcard web/css/*.css))
$(WEB)/style.css: $(CSS_SRC)
	@mkdir -p $(WEB)
	cat $(CSS_SRC) > $@

$(WEB)/%: web/%
	@mkdir -p $(WEB)
	cp $< $@

$(WEB)/friction_core.wasm: $(WASM)/friction_core.mjs
	@mkdir -p $(WEB)
	cp $(WASM)/friction_core.wasm $@

web: $(WEB)/app.js $(WORKERS) $(WEB)/index.html $(WEB)/style.css $(WEB)/friction_core.wasm

# ------------------------------------------------------------------ serve
PORT ?= 8000
serve: web
	@node tools/serve.mjs $(WEB) $(PORT)

clean:
	rm -rf build

# ------------------------------------------------- command-line tool tests
# tests/cli/run.sh drives the tool from outside. registry_dump reads the
# core's registry directly (what `list` and `run` must show); friction-fake
# is the tool linked with tests/cli/fake_scenarios.c (scenarios that fail on
# purpose). The suite runs on the optimised build and under ASan+UBSan.
CLI_T = $(NAT)/cli-tests
$(CLI_T)/registry_dump: tests/cli/registry_dump.c core/include/fric_scenario.h $(NAT)/libfriction.a
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(OPT) $(INC) $< $(NAT)/libfriction.a -lm -o $@
$(CLI_T)/friction-fake: $(CLI_SRC) $(wildcard cli/*.h) tests/cli/fake_scenarios.c $(ASN)/libfriction.a
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(FPFLAGS) $(SANFLAGS) $(INC) -Icli $(CLI_SRC) tests/cli/fake_scenarios.c $(ASN)/libfriction.a $(IO_LIBS) $(THREAD_LIBS) -lm -o $@
$(ASN)/friction: $(CLI_SRC) $(wildcard cli/*.h) $(wildcard core/include/*.h) $(ASN)/libfriction.a
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(FPFLAGS) $(SANFLAGS) $(INC) -Icli $(CLI_SRC) $(ASN)/libfriction.a $(IO_LIBS) $(THREAD_LIBS) -lm -o $@
# the tool's number formatting, linked (not included) into its cmocka test
$(NAT)/tests/cli/test_cli_fmt $(ASN)/tests/cli/test_cli_fmt: cli/fmt.c cli/fmt.h
$(NAT)/tests/cli/test_cli_fmt $(ASN)/tests/cli/test_cli_fmt: TEST_EXTRA = -Icli cli/fmt.c
.PHONY: test-cli
test-cli: $(NAT)/friction $(ASN)/friction $(CLI_T)/registry_dump $(CLI_T)/friction-fake
	@tests/cli/run.sh $(NAT)/friction $(CLI_T)/registry_dump $(CLI_T)/friction-fake
	@CLI_LABEL="cli ASan+UBSan" tests/cli/run.sh $(ASN)/friction $(CLI_T)/registry_dump $(CLI_T)/friction-fake
test-parts: test-cli

# ---- web tests and wasm bench (tests/web, benchmarks/bench_wasm.mjs)
# test-web (after test-native in `make test`): the Node tests of the wasm
# wrapper (node --test tests/web/*.test.mjs, among them the check that the
# shipped wasm has no benchmark symbol) and the end-to-end browser test
# (tests/web/e2e.mjs: playwright-core driving Debian's chromium), closed by
# the line "web: N passed, M failed, K skipped" (tests/web/run.sh).
# bench-wasm: the kernels of benchmarks/kernels.c timed natively
# (build/native/bench_kernels) and in wasm under Node (the bench build,
# build/wasm-bench) in one run; the ratios
# go to build/bench/wasm.json (bench-wasm-short: build/bench/wasm-short.json).
.PHONY: test-web deps-web-test deps-bench-wasm bench-wasm bench-wasm-short
test-parts: test-web
bench: bench-wasm
bench-short: bench-wasm-short

deps-web-test:
	@tools/deps.sh wasm web browser

deps-bench-wasm:
	@tools/deps.sh native wasm web

test-web: deps-web-test node_modules/.package-lock.json web $(NAT)/friction
	@bash tests/web/run.sh

$(NAT)/bench_kernels: benchmarks/kernels.c benchmarks/kernels.h $(NAT)/libfriction.a
	$(CC) $(STD) $(WARN) $(FPFLAGS) $(OPT) $(INC) -Ibenchmarks -DKERNELS_MAIN benchmarks/kernels.c $(NAT)/libfriction.a -lm -o $@

bench-wasm: deps-bench-wasm $(NAT)/bench_kernels wasm-bench
	@mkdir -p build/bench
	node benchmarks/bench_wasm.mjs --json build/bench/wasm.json

bench-wasm-short: deps-bench-wasm $(NAT)/bench_kernels wasm-bench
	@mkdir -p build/bench
	node benchmarks/bench_wasm.mjs --short --json build/bench/wasm-short.json

# ------------------------------------------------------------------- fuzz
# libFuzzer targets (tests/fuzz/, docs/fuzzing.md), built with Debian's
# clang: the core (with io's cJSON front end for fuzz_io) with
# -fsanitize=fuzzer-no-link,address,undefined into build/fuzz/, each target
# linked with -fsanitize=fuzzer,address,undefined.
#   make fuzz                  replays tests/fuzz/regressions/, then runs each
#                              target FUZZ_SECONDS (default 12: 5 targets, ~1 min)
#   make fuzz FUZZ_SECONDS=N   longer
#   make fuzz-regress          only the replay of the saved inputs (fast)
# plus the Node fuzz of the wasm wrapper (tests/fuzz/wrapper_fuzz.mjs, needs
# `make wasm`). New crash inputs land in build/fuzz/artifacts/; a finding is
# kept by copying its input to tests/fuzz/regressions/<target>/.
FUZZ         = build/fuzz
FUZZ_CC      = clang
FUZZ_SECONDS ?= 12
FUZZ_CFLAGS  = $(STD) $(FPFLAGS) -O1 -g -fno-omit-frame-pointer -fno-sanitize-recover=all \
               $(INC) -Itests/fuzz
FUZZ_TARGETS = fuzz_law fuzz_lut fuzz_scenario fuzz_io
.PHONY: fuzz fuzz-build fuzz-regress deps-fuzz

deps-fuzz:
	@tools/deps.sh fuzz

$(FUZZ)/obj/%.o: core/%.c $(CORE_HDR) | deps-fuzz
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(CORE_INC) -fsanitize=fuzzer-no-link,address,undefined -c $< -o $@

$(FUZZ)/libfriction.a: $(patsubst core/%.c,$(FUZZ)/obj/%.o,$(CORE_SRC))
	@rm -f $@
	ar rcs $@ $^

$(FUZZ)/%: tests/fuzz/%.c tests/fuzz/fuzz_input.h $(FUZZ)/libfriction.a
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer,address,undefined $< $(FUZZ)/libfriction.a $(THREAD_LIBS) -lm -o $@

$(FUZZ)/fuzz_io: tests/fuzz/fuzz_io.c tests/fuzz/fuzz_input.h $(FUZZ)/libfriction.a
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer,address,undefined $< $(FUZZ)/libfriction.a $(IO_LIBS) $(THREAD_LIBS) -lm -o $@

fuzz-build: $(addprefix $(FUZZ)/,$(FUZZ_TARGETS))

# Replays every saved input (seeds and regressions); fails on the first
# target that crashes on one of them.
fuzz-regress: fuzz-build
	@tests/fuzz/run.sh regress $(FUZZ) $(FUZZ_TARGETS)

# Both parts run even when the replay fails; the status is the worse of them.
fuzz: fuzz-build
	@st=0; tests/fuzz/run.sh regress $(FUZZ) $(FUZZ_TARGETS) || st=1; \
	 tests/fuzz/run.sh fuzz $(FUZZ) $(FUZZ_SECONDS) $(FUZZ_TARGETS) || st=1; \
	 if [ -f $(WASM)/friction_core.mjs ]; then mkdir -p $(FUZZ); \
	   timeout $$(($(FUZZ_SECONDS) + 120)) node tests/fuzz/wrapper_fuzz.mjs --seconds $(FUZZ_SECONDS) \
	     || { st=1; echo "wrapper fuzz stopped; last call: $$(cat $(FUZZ)/wrapper_current.txt)"; }; \
	 else echo "fuzz: wrapper fuzz skipped (1 skipped): run make wasm first"; fi; exit $$st

# fuzz_lut: fuzz_law.c with a table build for every input (any α).
$(FUZZ)/fuzz_lut: tests/fuzz/fuzz_law.c tests/fuzz/fuzz_input.h $(FUZZ)/libfriction.a
	$(FUZZ_CC) $(FUZZ_CFLAGS) -DFUZZ_LUT_EVERY -fsanitize=fuzzer,address,undefined $< $(FUZZ)/libfriction.a $(THREAD_LIBS) -lm -o $@

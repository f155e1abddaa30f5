# Friction Explorer. The README's two commands: `make serve` and `make test`.
# Everything built goes under build/.

.PHONY: dist all lib cli help clean serve web sample wasm wasm-bench npm robot \
        deps-native deps-wasm deps-web-test deps-bench-wasm deps-fuzz \
        test check test-parts test-native test-cli test-web lint \
        run-native run-native-asan run-cli run-cli-asan run-node run-e2e run-e2e-smoke \
        bench bench-short bench-core bench-core-short bench-systems bench-systems-short \
        bench-fit bench-fit-short bench-chain bench-chain-short bench-wasm bench-wasm-short profile-step \
        bench-robot bench-robot-short \
        readme-figures dist-figures native-table fuzz fuzz-build fuzz-regress print-bench-programs

CC      ?= cc
STD      = -std=c11
# -Werror: the tree is warning-free; it stays so in every build.
WARN     = -Wall -Wextra -Wpedantic -Wmissing-prototypes -Wshadow -Wvla -Wstrict-prototypes -Werror
# -ffp-contract=off: no FMA contraction, so results are the same on every
# compiler and in wasm. -fno-math-errno lets sqrt compile to one instruction.
FPFLAGS  = -ffp-contract=off -fno-math-errno
# Each object lists the headers it included (build/**/*.d, read below).
DEPFLAGS = -MMD -MP
# Release builds (the library, the tool, wasm) leave out the preconditions that
# per-step code asserts; the ASan+UBSan build checks them (Box2D's habit), at
# the release build's -O2 (measured: test_ident_bam 50 s at -O1, 29 s at -O2,
# the release build's own 29 s; ASan's checks are kept at any level of -O1 and up).
OPT      = -O2 -DNDEBUG
SANFLAGS = -O2 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

# ------------------------------------------------------- the core's folders
# The core by pipeline stage (docs/architecture.md): law → transform → element
# → system, with analysis, io and identify beside, all on core/base (what
# every stage uses). core/system holds the scenario driver; each system
# family has its own folder core/system/<family>.
SYS_FAMS  = bench kikuuwe cisneros dupont fd chain
CORE_DIRS = base law transform element system $(addprefix system/,$(SYS_FAMS)) adapter analysis io identify
CORE_SRC  = $(sort $(foreach d,$(CORE_DIRS),$(wildcard core/$(d)/*.c)))
# Clients (cli, tests, benchmarks, bindings) see only the public headers.
INC       = -Icore/include

# Stage walls: a core source compiles with the public headers, core/base and
# its own folder; a system family's source also with core/system (the driver
# and scenario_internal.h). A private header of another stage does not
# compile. core_inc(SOURCE) is that include path.
core_inc = $(INC) $(sort -Icore/base -I$(patsubst %/,%,$(dir $(1))) \
           $(if $(filter core/system/%/,$(dir $(1))),-Icore/system))
# emcc compiles the whole core in one command: every folder at once (the
# native builds are the ones that enforce the walls).
CORE_INC  = $(INC) $(addprefix -Icore/,$(CORE_DIRS))
# every header of the core: what the one-command emcc builds depend on (the
# native objects list theirs in their .d files)
CORE_HDR  = $(wildcard core/include/*.h) $(foreach d,$(CORE_DIRS),$(wildcard core/$(d)/*.h))

# io's JSON front end is native only (cJSON, -lcjson); the browser parses
# with JSON.parse and hands plain arrays to the rest of io. So are the
# bench's readers of a whole params file, which walk a file with it.
CORE_JSON_SRC = core/io/io_json.c core/system/bench/bench_params_json.c
IO_LIBS    = -lcjson
# identify's threaded fit loop (fric_fit_run, POSIX threads) is native only
# too: the browser spreads a fit over Web Workers instead.
CORE_NATIVE_SRC = $(CORE_JSON_SRC) core/identify/fit_run.c
THREAD_LIBS = -pthread

NAT = build/native
ASN = build/asan

# The optional MuJoCo module (core/mujoco, fric_mujoco.h): built when Debian's
# libmujoco-dev (MuJoCo 2.2.2) is installed. tools/deps.sh native installs
# it (as root), and `make test` runs deps first so that its sub-make finds
# the header; without it the tool's `mujoco` command says how to get it.
MUJOCO_H    := $(wildcard /usr/include/mujoco/mujoco.h)
HAVE_MUJOCO := $(if $(MUJOCO_H),1,)
MJ_SRC      = $(sort $(wildcard core/mujoco/*.c))
MJ_LIBS     = -lmujoco
# mj_lib(BUILD): BUILD/libfriction_mujoco.a, or nothing without MuJoCo
mj_lib      = $(if $(HAVE_MUJOCO),$(1)/libfriction_mujoco.a)
mj_link     = $(if $(HAVE_MUJOCO),$(1)/libfriction_mujoco.a $(MJ_LIBS))
mj_def      = $(if $(HAVE_MUJOCO),-DFRIC_HAVE_MUJOCO)
comma := ,

# The wasm bindings (wasm/*.c, wasm/bindings.c first): compiled into the wasm
# core, their FXB_EXPORT functions exported (tools/gen_exports.mjs).
BIND_SRC = $(sort $(wildcard wasm/*.c))

all: lib
lib: $(NAT)/libfriction.a

# help: one line for every target a person runs (the deps-* targets are
# steps of the others; build outputs are in build/).
help:
	@echo "Building and running:"
	@echo "  make serve          build the explorer and serve it on http://localhost:$(PORT) (PORT=...)"
	@echo "  make web            build the explorer into build/web (no server)"
	@echo "  make cli            the command-line tool build/native/friction"
	@echo "  make lib            the core library build/native/libfriction.a (also: make all)"
	@echo "  make wasm           the core for the browser (build/wasm)"
	@echo "  make wasm-bench     the wasm build with the benchmark kernels (build/wasm-bench)"
	@echo "  make npm            install the pinned npm packages (npm ci)"
	@echo "  make clean          remove build/"
	@echo "Testing:"
	@echo "  make test           install what is missing, build, run every test (parts side by side); one total line"
	@echo "  make check          the inner loop (minutes): lint, cmocka under ASan+UBSan, the CLI tests,"
	@echo "                      the Node tests, every view's generic e2e checks; the slowest fits"
	@echo "                      left to make test (CHECK_LEAVES, docs/testing.md)"
	@echo "  make test-native    cmocka tests of the core, plain then ASan+UBSan"
	@echo "  make test-cli       the friction tool from outside, plain then ASan+UBSan"
	@echo "  make test-web       the wasm wrapper in Node and the browser test in headless Chromium"
	@echo "  make lint           ESLint over web/, wasm/, tests/web/, tools/; clang -Werror over the C"
	@echo "  make fuzz           libFuzzer targets for FUZZ_SECONDS each, after the saved inputs"
	@echo "  make fuzz-regress   replay the saved fuzz inputs only"
	@echo "  make fuzz-build     build the fuzz targets only"
	@echo "Benchmarks (build/bench/*.json):"
	@echo "  make bench          every benchmark (core, systems, fit, chain, wasm, robot; mujoco, native with MuJoCo)"
	@echo "  make bench-short    every benchmark with small budgets (about a minute)"
	@echo "  make bench-NAME     one of them: core, systems, fit, chain, wasm (bench-NAME-short: small)"
	@echo "  make bench-native   (with MuJoCo) the native model's fit kernel per log step against M1's and MuJoCo 2.2.2's step"
	@echo "  make bench-mujoco   (with MuJoCo) the adapter's work per step as a fraction of mj_step, pendulum and chains"
	@echo "  make bench-robot    an adopted robot's step (robot.js, MuJoCo 3.14 wasm) over MuJoCo's own, SO-101 and 2R arm"
	@echo "  make readme-figures the tables of README.md and docs/performance.md from build/bench"
	@echo "  make dist-figures   the package's sizes quoted in README.md and docs/offline.md, from make dist's JSON"
	@echo "  make native-table   MuJoCo's native joint beside M1-M6, every bam actuator (docs/identification.md; ~5 min)"

deps-native:
	@tools/deps.sh native

# ---------------------------------------------------------------- library
# core_lib(BUILD, COMPILE, ORDER-ONLY): the objects BUILD/obj/**.o of every
# core source compiled with COMPILE (and the source's own include path), and
# the archive BUILD/libfriction.a. One definition for the native, the
# ASan+UBSan and the fuzzing builds.
define core_lib
$(1)/obj/%.o: core/%.c | $(3)
	@mkdir -p $$(dir $$@)
	$(2) $$(call core_inc,$$<) $(DEPFLAGS) -c $$< -o $$@

$(1)/libfriction.a: $(patsubst core/%.c,$(1)/obj/%.o,$(CORE_SRC))
	@rm -f $$@
	ar rcs $$@ $$^

-include $(patsubst core/%.c,$(1)/obj/%.d,$(CORE_SRC))

$(1)/libfriction_mujoco.a: $(patsubst core/%.c,$(1)/obj/%.o,$(MJ_SRC))
	@rm -f $$@
	ar rcs $$@ $$^

-include $(patsubst core/%.c,$(1)/obj/%.d,$(MJ_SRC))
endef
$(eval $(call core_lib,$(NAT),$(CC) $(STD) $(WARN) $(FPFLAGS) $(OPT)))
$(eval $(call core_lib,$(ASN),$(CC) $(STD) $(WARN) $(FPFLAGS) $(SANFLAGS)))

# ------------------------------------------------------ command-line tool
# cli_prog(OUT, FLAGS, LIBRARY, EXTRA SOURCES): the tool (cli/*.c) linked with
# a core library; EXTRA (tests/cli/fake_scenarios.c) comes before the
# library, so its definitions replace the library's.
CLI_SRC = $(sort $(wildcard cli/*.c))
define cli_prog
$(1): $(CLI_SRC) $(wildcard cli/*.h) $(wildcard core/include/*.h) $(4) $(3) $(call mj_lib,$(patsubst %/,%,$(dir $(3))))
	@mkdir -p $$(dir $$@)
	$(CC) $(STD) $(WARN) $(FPFLAGS) $(2) $(call mj_def) $(INC) -Icli $(CLI_SRC) $(4) $(call mj_link,$(patsubst %/,%,$(dir $(3)))) $(3) $(IO_LIBS) $(THREAD_LIBS) -lm -o $$@
endef
$(eval $(call cli_prog,$(NAT)/friction,$(OPT),$(NAT)/libfriction.a))
$(eval $(call cli_prog,$(ASN)/friction,$(SANFLAGS),$(ASN)/libfriction.a))
cli: $(NAT)/friction

# ------------------------------------------------------------------ tests
# cmocka programs, by stage: tests/<stage>/**/test_*.c, the system families'
# in tests/system/<family>/ (tests/cli holds the command-line tool's own
# cmocka test beside its run.sh). Each is one program, linked with the
# support files (independent high-precision references) and the library. A
# test may add a stage's private folder to its include path (TEST_EXTRA), as
# MuJoCo's engine tests do.
TEST_DIRS  = base law transform element system adapter analysis io identify cli $(if $(HAVE_MUJOCO),mujoco)
TEST_SRC   = $(sort $(shell find $(addprefix tests/,$(TEST_DIRS)) -name 'test_*.c' 2>/dev/null))
TEST_SUP   = $(sort $(wildcard tests/support/*.c))
TEST_NAMES = $(patsubst tests/%.c,%,$(TEST_SRC))
TEST_LIBS  = -lcmocka -lquadmath $(IO_LIBS) $(THREAD_LIBS) -lm

# test_progs(BUILD, FLAGS): BUILD/tests/<name> for every test, and the
# support objects, against BUILD/libfriction.a. TEST_EXTRA (include paths,
# extra sources) goes before the test's source, whose headers the .d lists.
define test_progs
$(1)/tests/support/%.o: tests/support/%.c
	@mkdir -p $$(dir $$@)
	$(CC) $(STD) $(WARN) $(FPFLAGS) $(2) $(INC) -Itests/support $(DEPFLAGS) -c $$< -o $$@

$(1)/tests/%: tests/%.c $(patsubst tests/%.c,$(1)/tests/%.o,$(TEST_SUP)) $(1)/libfriction.a
	@mkdir -p $$(dir $$@)
	$(CC) $(STD) $(WARN) $(FPFLAGS) $(2) $(INC) -Itests/support $$(TEST_EXTRA) $(DEPFLAGS) -MF $$@.d -MT $$@ \
	    $$< $(patsubst tests/%.c,$(1)/tests/%.o,$(TEST_SUP)) $$(TEST_LINK) $(1)/libfriction.a $(TEST_LIBS) -o $$@

# MuJoCo's tests (tests/mujoco) link the module and MuJoCo
$(addprefix $(1)/tests/,$(filter mujoco/%,$(TEST_NAMES))): $(1)/libfriction_mujoco.a
$(1)/tests/mujoco/%: TEST_LINK = $(1)/libfriction_mujoco.a $(MJ_LIBS)

-include $(patsubst tests/%.c,$(1)/tests/%.d,$(TEST_SUP)) $(addsuffix .d,$(addprefix $(1)/tests/,$(TEST_NAMES)))
endef
$(eval $(call test_progs,$(NAT),-O2 -g))
$(eval $(call test_progs,$(ASN),$(SANFLAGS)))

# the tool's number formatting, linked (not included) into its cmocka test
$(NAT)/tests/cli/test_cli_fmt $(ASN)/tests/cli/test_cli_fmt: cli/fmt.c cli/fmt.h
$(NAT)/tests/cli/test_cli_fmt $(ASN)/tests/cli/test_cli_fmt: TEST_EXTRA = -Icli cli/fmt.c
# the vector special functions of the lane kernels, private to the core (lanes.h)
$(NAT)/tests/base/test_lanes $(ASN)/tests/base/test_lanes: TEST_EXTRA = -Icore/base
# the error channel's sentences with named values (base.h)
$(NAT)/tests/base/test_status $(ASN)/tests/base/test_status: TEST_EXTRA = -Icore/base
# CMA-ES's deterministic log and exp, private to identify (cmaes_internal.h)
$(NAT)/tests/identify/test_cmaes $(ASN)/tests/identify/test_cmaes: TEST_EXTRA = -Icore/identify
# the chain's bounded least squares, private to the chain family (chain_internal.h)
$(NAT)/tests/system/chain/test_chain_step $(ASN)/tests/system/chain/test_chain_step: TEST_EXTRA = -Icore/system/chain
# the native model's test fails under CI=true when MuJoCo (its reference) is missing
$(NAT)/tests/system/bench/test_native $(ASN)/tests/system/bench/test_native: TEST_EXTRA = $(call mj_def)
# the core's splitmix64 (base.h) draws the look-up table's test inputs
$(NAT)/tests/transform/test_lut $(ASN)/tests/transform/test_lut: TEST_EXTRA = -Icore/base

# The bindings are a client too: emcc compiles them in one command with
# every core folder on its path, so this native compile of each wasm/*.c
# with the public headers alone (and wasm/'s own private header) is what
# keeps them off the core's private headers and off the benchmarks' sources.
# The benchmark's own exports (benchmarks/bench_exports.c) add the kernels
# and the export marker (wasm/fxb_export.h).
$(NAT)/walls/%.ok: wasm/%.c $(wildcard wasm/*.h) $(wildcard core/include/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(INC) -fsyntax-only $< && touch $@
$(NAT)/walls/bench_exports.ok: benchmarks/bench_exports.c benchmarks/kernels.h wasm/fxb_export.h $(wildcard core/include/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(INC) -Iwasm -fsyntax-only $< && touch $@

NATIVE_BUILD = $(patsubst wasm/%.c,$(NAT)/walls/%.ok,$(BIND_SRC)) $(NAT)/walls/bench_exports.ok \
               $(addprefix $(NAT)/tests/,$(TEST_NAMES)) $(addprefix $(ASN)/tests/,$(TEST_NAMES))
test-native: deps-native $(NATIVE_BUILD)
	@$(MAKE) --no-print-directory run-native run-native-asan
# the run- targets run what is built (the tiers build first, in parallel)
run-native:
	@tools/run-tests.sh "native" $(addprefix $(NAT)/tests/,$(TEST_NAMES))
run-native-asan:
	@tools/run-tests.sh "native ASan+UBSan" $(addprefix $(ASN)/tests/,$(TEST_NAMES))

# ------------------------------------------------- command-line tool tests
# tests/cli/run.sh drives the tool from outside. registry_dump reads the
# core's registry directly (what `list` and `run` must show); friction-fake
# is the tool linked with tests/cli/fake_scenarios.c (scenarios that fail on
# purpose). The suite runs on the optimised build and under ASan+UBSan.
CLI_T = $(NAT)/cli-tests
$(CLI_T)/registry_dump: tests/cli/registry_dump.c core/include/fric_scenario.h $(NAT)/libfriction.a
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(OPT) $(INC) $< $(NAT)/libfriction.a -lm -o $@
$(eval $(call cli_prog,$(CLI_T)/friction-fake,$(SANFLAGS),$(ASN)/libfriction.a,tests/cli/fake_scenarios.c))
# failmalloc.so: preloaded by tests/cli/inputs.sh, fails one allocation of
# the tool in turn (glibc's allocator, the optimised build)
$(CLI_T)/failmalloc.so: tests/cli/failmalloc.c
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) -O2 -shared -fPIC $< -o $@
# clockjump.so: preloaded by tests/cli/run.sh, a clock 3 s late after its
# first reading (a process kept from a core), for the progress lines
$(CLI_T)/clockjump.so: tests/cli/clockjump.c
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) -O2 -shared -fPIC $< -ldl -o $@
# robot_player (tests/mujoco/robot_player.c, with MuJoCo): a robot's goals
# played by real MuJoCo 2.2.2 as LeRobot records them, the reference a
# robot's recordings are checked against; it links MuJoCo, cJSON and libm
# only, no code of the core (tests/cli/player.sh, recipe.sh, ident_roundtrip.sh)
PLAYER = $(NAT)/tests/mujoco/robot_player
$(PLAYER): tests/mujoco/robot_player.c
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) -D_POSIX_C_SOURCE=200809L $(OPT) $< -lmujoco $(IO_LIBS) -lm -o $@
CLI_BUILD = $(NAT)/friction $(ASN)/friction $(CLI_T)/registry_dump $(CLI_T)/friction-fake $(CLI_T)/failmalloc.so $(CLI_T)/clockjump.so \
            $(if $(HAVE_MUJOCO),$(PLAYER))
test-cli: $(CLI_BUILD)
	@$(MAKE) --no-print-directory run-cli run-cli-asan
run-cli:
	@tests/cli/run.sh $(NAT)/friction $(CLI_T)/registry_dump $(CLI_T)/friction-fake
run-cli-asan:
	@CLI_LABEL="cli ASan+UBSan" tests/cli/run.sh $(ASN)/friction $(CLI_T)/registry_dump $(CLI_T)/friction-fake

# ---- web tests (tests/web)
# test-web (after test-native in `make test`): the Node tests of the wasm
# wrapper (node --test tests/web/*.test.mjs, among them the check that the
# shipped wasm has no benchmark symbol) and the end-to-end browser test
# (tests/web/e2e.mjs: playwright-core driving Debian's chromium), closed by
# the line "web: N passed, M failed, K skipped" (tests/web/run.sh).
deps-web-test:
	@tools/deps.sh wasm web browser

WEB_TEST_BUILD = node_modules/.package-lock.json web dist $(NAT)/friction
test-web: deps-web-test $(WEB_TEST_BUILD)
	@bash tests/web/run.sh
run-node:
	@bash tests/web/run.sh node
run-e2e:
	@bash tests/web/run.sh e2e
run-e2e-smoke:
	@E2E_SMOKE=1 bash tests/web/run.sh e2e

# ---- lint: ESLint (npm devDependency, flat config eslint.config.js: the
# recommended rules) over web/, wasm/, tests/web/ and tools/; tools/lint.mjs
# prints every finding and "lint: N passed, M failed, 0 skipped" (files
# without / with a finding) and writes the counts to $TEST_COUNTS/lint.txt.
# Then the import graph (tools/imports.mjs over web/src, wasm/*.js, tools/,
# benchmarks/, tests/web/): no import from outside web/src/views/ into it, no
# view importing another view, no circle; "imports: N passed, M failed, 0
# skipped" (modules without / with a finding), counts in imports.txt.
# Then the map (tools/archmap.mjs): docs/architecture.md against the tree, both
# ways (every path it names exists; every core folder, public header, wasm
# group and web/src module is named; its line-count claim holds), counts in
# archmap.txt. Then no history in the code (tools/history.mjs): no tracker
# issue, work-log stop, paper seed number or work branch named in a tracked
# file of the product, its tests or docs; counts in history.txt.
# Then clang's warnings over every C source of the core, the tool and the
# bindings (tools/lint-c.sh: -fsyntax-only with $(WARN), -Werror included;
# each file with its own include path, as the builds compile it): a second
# compiler keeps the tree warning-free for both. lint-c.txt holds its counts.
LINT_C_SRC = $(CORE_SRC) $(if $(HAVE_MUJOCO),$(MJ_SRC)) $(CLI_SRC) $(BIND_SRC) benchmarks/bench_exports.c
# lint_c_inc(SOURCE): the include path its build uses
lint_c_inc = $(if $(filter core/%,$(1)),$(call core_inc,$(1)),$(if $(filter cli/%,$(1)),$(call mj_def) $(INC) -Icli,$(if $(filter benchmarks/%,$(1)),$(INC) -Iwasm,$(INC))))
lint: node_modules/.package-lock.json
	@node tools/lint.mjs
	@node tools/imports.mjs
	@node tools/archmap.mjs
	@node tools/history.mjs
	@printf '%s\n' $(foreach f,$(LINT_C_SRC),'$(strip $(call lint_c_inc,$(f))) $(f)') | \
	    tools/lint-c.sh $(STD) $(WARN) $(FPFLAGS)

# The two tiers. Each installs what is missing, builds what its parts need
# in parallel (-j$(JOBS), -k: a failed build does not hide the other parts),
# then runs its parts side by side (tools/test-parts.sh: the browser run at
# once, the others niced beside it, each part's output printed whole when
# it ends) and closes with the one line CI reads: "N passed, M failed, K
# skipped", summed over the counts each runner writes to build/test-counts
# (tools/test-total.sh), after the ten slowest parts, e2e tasks and Node test
# files and the ten costliest in processor time (tools/test-times.mjs; all
# durations, wall and processor, in build/test-times/).
#   make test    every check: lint, the cmocka tests plain and ASan+UBSan,
#                the CLI tests plain and ASan+UBSan, the Node tests, the
#                whole browser e2e (every view, every module of e2e.d)
#   make check   the inner loop, minutes: lint, the cmocka tests under
#                ASan+UBSan, the CLI tests, the Node tests, and the e2e
#                smoke (every view's generic checks: loads without an error,
#                charts drawn and exported, a slider, the URL, the keyboard)
# A new runner joins TEST_PARTS (and CHECK_PARTS when it is quick) and
# writes "passed failed skipped" to $TEST_COUNTS/LABEL.txt.
TEST_COUNTS = build/test-counts
JOBS ?= $(shell nproc)
TEST_PARTS  = run-e2e run-native-asan run-cli-asan:5 run-node run-native run-cli lint
CHECK_PARTS = run-e2e-smoke run-cli:5 run-node run-native-asan lint
TEST_BUILD  = $(NATIVE_BUILD) $(CLI_BUILD) $(WEB_TEST_BUILD)
# What make check leaves to make test: its slowest checks (build/test-times/
# check.json), each a fit or a harness run whose door make check still checks
# by a faster test (docs/testing.md, "What make check leaves to make test").
# The runners get them as $TEST_LEAVES (empty for make test), a name of
# their own: a variable the Makefile defines is exported to the parts' sub-
# makes with the Makefile's value, whatever the environment said. Each
# runner names them and counts them as skipped.
CHECK_LEAVES = identify/test_ident_bam mujoco/test_ident_bam_mujoco \
               ident_roundtrip.sh e2e_harness.test.mjs ident.test.mjs
CHECK_BUILD = $(patsubst wasm/%.c,$(NAT)/walls/%.ok,$(BIND_SRC)) $(NAT)/walls/bench_exports.ok \
              $(addprefix $(ASN)/tests/,$(filter-out $(CHECK_LEAVES),$(TEST_NAMES))) $(CLI_BUILD) \
              node_modules/.package-lock.json web
# tier(NAME, BUILD, PARTS): the recipe of make NAME
define tier
	@tools/deps.sh native wasm web browser dist
	@rm -rf $(TEST_COUNTS) build/test-times/$(1).tsv
	@st=0; $(MAKE) --no-print-directory -k -j$(JOBS) $(2) || st=$$?; \
	    TEST_COUNTS=$(CURDIR)/$(TEST_COUNTS) TEST_LEAVES='$(if $(filter check,$(1)),$(CHECK_LEAVES))' \
	        tools/test-parts.sh $(1) $(3) || st=$$?; \
	    node tools/test-times.mjs $(1); \
	    tools/test-total.sh $(TEST_COUNTS) $$st
endef
test:
	$(call tier,test,$(TEST_BUILD),$(TEST_PARTS))
check:
	$(call tier,check,$(CHECK_BUILD),$(CHECK_PARTS))
# the parts one after another, as make test ran them before (a comparison, by hand)
test-parts: lint test-native test-cli test-web

# ------------------------------------------------------------- benchmarks
# Native benchmark programs benchmarks/bench_NAME.c, each linked with host.c
# (clocks, CPU name, load average and JSON writers); bench-NAME writes
# build/bench/NAME.json, bench-NAME-short (a small budget) NAME-short.json:
#   core     the law, transform and element kernels;
#   systems  pendulum steps/s, every scenario and treatment, replay of the
#            shared logs (reads logs with the io library, fric_io.h);
#   fit      identification on the 16 xl330 logs split 8/8, M1..M6 and the
#            M4 speed, seeds and thread figures against its targets;
#   chain    one step of the implicit, semi-implicit and coupled methods for
#            n = 1..100 links with both contacts active, log-log slopes and
#            the n = 50 ratio against its targets (semi-implicit O(n),
#            implicit O(n³), ratio >= 10);
#   native   (with MuJoCo) the native model's fit kernel per log-step against
#            M1's and against MuJoCo 2.2.2 stepping the bench (ratios);
#   mujoco   (with MuJoCo) the adapter's work per step as a fraction of
#            mj_step on the pendulum and a 10-link chain, frictionloss and
#            noslip beside it, and its log-log slope over chains n = 2..50.
# bench-wasm: the kernels of benchmarks/kernels.c timed natively
# (build/native/bench_kernels) and in wasm under Node (the bench build,
# build/wasm-bench) in one run; the ratios go to build/bench/wasm.json
# (bench-wasm-short: build/bench/wasm-short.json).
NATIVE_BENCHES = core systems fit chain $(if $(HAVE_MUJOCO),mujoco native)
BENCH_HOST = benchmarks/host.c benchmarks/host.h

$(NAT)/bench_%: benchmarks/bench_%.c $(BENCH_HOST) $(NAT)/libfriction.a
	$(CC) $(STD) $(WARN) $(FPFLAGS) $(OPT) $(INC) -Icore/base $< benchmarks/host.c $(NAT)/libfriction.a $(IO_LIBS) $(THREAD_LIBS) -lm -o $@

# mujoco: the MuJoCo adapter's work per step against mj_step (fric_mujoco.h)
$(NAT)/bench_mujoco: benchmarks/bench_mujoco.c $(BENCH_HOST) $(NAT)/libfriction_mujoco.a $(NAT)/libfriction.a
	$(CC) $(STD) $(WARN) $(FPFLAGS) $(OPT) $(INC) $< benchmarks/host.c $(NAT)/libfriction_mujoco.a $(MJ_LIBS) $(NAT)/libfriction.a $(IO_LIBS) $(THREAD_LIBS) -lm -o $@

# native: the native model's fit kernel against M1's and against MuJoCo 2.2.2 stepping the bench (fric_native.h)
$(NAT)/bench_native: benchmarks/bench_native.c $(BENCH_HOST) $(NAT)/libfriction_mujoco.a $(NAT)/libfriction.a
	$(CC) $(STD) $(WARN) $(FPFLAGS) $(OPT) $(INC) $< benchmarks/host.c $(NAT)/libfriction_mujoco.a $(MJ_LIBS) $(NAT)/libfriction.a $(IO_LIBS) $(THREAD_LIBS) -lm -o $@

$(NAT)/bench_kernels: benchmarks/kernels.c benchmarks/kernels.h $(NAT)/libfriction.a
	$(CC) $(STD) $(WARN) $(FPFLAGS) $(OPT) $(INC) -Ibenchmarks -DKERNELS_MAIN benchmarks/kernels.c $(NAT)/libfriction.a -lm -o $@

# bench_run(NAME): the targets bench-NAME and bench-NAME-short
define bench_run
bench-$(1): deps-native $(NAT)/bench_$(1)
	@mkdir -p build/bench
	$(NAT)/bench_$(1) --json build/bench/$(1).json

bench-$(1)-short: deps-native $(NAT)/bench_$(1)
	@mkdir -p build/bench
	$(NAT)/bench_$(1) --short --json build/bench/$(1)-short.json
endef
$(foreach b,$(NATIVE_BENCHES),$(eval $(call bench_run,$(b))))

deps-bench-wasm:
	@tools/deps.sh native wasm web

bench-wasm: deps-bench-wasm $(NAT)/bench_kernels wasm-bench
	@mkdir -p build/bench
	node benchmarks/bench_wasm.mjs --json build/bench/wasm.json

bench-wasm-short: deps-bench-wasm $(NAT)/bench_kernels wasm-bench
	@mkdir -p build/bench
	node benchmarks/bench_wasm.mjs --short --json build/bench/wasm-short.json

# bench-robot: an adopted robot's step (the page's robot.js, MuJoCo 3.14 and
# the core's wasm under Node) over MuJoCo's own step, the SO-101 and the 2R
# arm of ../shared/data (build/bench/robot.json)
bench-robot: deps-bench-wasm wasm node_modules/.package-lock.json
	node benchmarks/bench_robot.mjs --json build/bench/robot.json

bench-robot-short: deps-bench-wasm wasm node_modules/.package-lock.json
	node benchmarks/bench_robot.mjs --short --json build/bench/robot-short.json

# profile-step: where the scalar pendulum step's instructions go (callgrind:
# `perf stat` has no hardware counters on this VM), M6, clip and implicit;
# the table of docs/performance.md (not part of `make bench`: valgrind is slow)
$(NAT)/profile_step: benchmarks/profile_step.c $(NAT)/libfriction.a
	$(CC) $(STD) $(WARN) $(FPFLAGS) $(OPT) $(INC) $< $(NAT)/libfriction.a -lm -o $@

profile-step: $(NAT)/profile_step
	@mkdir -p build/bench
	@for t in clip implicit; do \
	    valgrind --tool=callgrind --callgrind-out-file=build/bench/profile-$$t.callgrind $(NAT)/profile_step $$t; \
	    callgrind_annotate build/bench/profile-$$t.callgrind | grep -E '^ *[0-9,]+ ' | head -16; done

# every benchmark, in this order
# the native benchmark programs (.ci/run builds them in parallel before it runs them one by one)
print-bench-programs:
	@echo $(addprefix $(NAT)/bench_,$(NATIVE_BENCHES))

bench: $(addprefix bench-,$(NATIVE_BENCHES)) bench-wasm bench-robot
bench-short: $(addprefix bench-,$(addsuffix -short,$(NATIVE_BENCHES))) bench-wasm-short bench-robot-short

# The benchmark tables of README.md and docs/performance.md (and the frame
# time of the browser test) are generated from build/bench/*.json and
# build/e2e/frame-time.json, never copied by hand: run after `make bench`.
readme-figures:
	node tools/readme_figures.mjs README.md docs/performance.md docs/mujoco.md

# the sizes of the offline package and the single file quoted in the docs
# (the marked figures, tools/dist_figures.mjs), from what make dist wrote
dist-figures: dist
	node tools/dist_figures.mjs README.md docs/offline.md

# The table "What MuJoCo's own model leaves on the table" of docs/identification.md
#: M1..M6 and native fitted on every bam actuator's logs, seeds
# 1-3, default budgets (tools/native_table.mjs; build/native-table/table.json).
# Not part of `make test`; 4 min 27 s on this 2-core machine (shared, load ~15; 2026-11-26).
native-table: $(NAT)/friction
	node tools/native_table.mjs --friction $(NAT)/friction --doc docs/identification.md

# ------------------------------------------------------------------- wasm
# Two builds from the same core and flags:
#   build/wasm/friction_core.{mjs,wasm}        the explorer's (copied to build/web):
#       core + the bindings wasm/*.c (bindings.c: the last call's outcome and
#       the boundary's description; bindings_<group>.c: one per group of
#       exports, as wasm/api/<group>.js calls them), exports their FXB_EXPORT functions (the list
#       build/wasm/exported_functions.json, written by tools/gen_exports.mjs),
#       no benchmark code (tests/web/wasm_exports.test.mjs checks it);
#   build/wasm-bench/friction_core.{mjs,wasm}  `make bench` only
#       (benchmarks/bench_wasm.mjs): the same plus benchmarks/kernels.c and
#       benchmarks/bench_exports.c, exporting the FXB_EXPORT functions of both.
# Debian's emcc runs node tools that need Debian's node modules (acorn).
WASM    = build/wasm
WASMB   = build/wasm-bench
EMCC    = NODE_PATH=/usr/share/nodejs emcc
EMFLAGS = $(STD) -O2 -DNDEBUG $(FPFLAGS) -msimd128 $(CORE_INC) \
          -sMODULARIZE -sEXPORT_ES6 -sENVIRONMENT=web -sEXPORT_NAME=createFrictionCore \
          -sALLOW_MEMORY_GROWTH=1 -sEXPORTED_RUNTIME_METHODS=UTF8ToString
# the native-only parts (io's cJSON front end, the threaded fit loop) stay out of wasm
WASM_CORE_SRC = $(filter-out $(CORE_NATIVE_SRC),$(CORE_SRC))
WASM_DEPS = $(WASM_CORE_SRC) $(BIND_SRC) $(wildcard wasm/*.h) $(CORE_HDR)
BENCH_WASM_SRC = benchmarks/bench_exports.c benchmarks/kernels.c

deps-wasm:
	@tools/deps.sh wasm

$(WASM)/exported_functions.json: $(BIND_SRC) tools/gen_exports.mjs
	node tools/gen_exports.mjs $@ $(BIND_SRC)

$(WASM)/friction_core.mjs: $(WASM_DEPS) $(WASM)/exported_functions.json | deps-wasm
	$(EMCC) $(EMFLAGS) -sEXPORTED_FUNCTIONS=@$(WASM)/exported_functions.json $(WASM_CORE_SRC) $(BIND_SRC) -o $@

$(WASMB)/exported_functions.json: $(BIND_SRC) benchmarks/bench_exports.c tools/gen_exports.mjs
	node tools/gen_exports.mjs $@ $(BIND_SRC) benchmarks/bench_exports.c

$(WASMB)/friction_core.mjs: $(WASM_DEPS) $(BENCH_WASM_SRC) benchmarks/kernels.h $(WASMB)/exported_functions.json | deps-wasm
	@mkdir -p $(WASMB)
	$(EMCC) $(EMFLAGS) -Iwasm -sEXPORTED_FUNCTIONS=@$(WASMB)/exported_functions.json $(WASM_CORE_SRC) $(BIND_SRC) $(BENCH_WASM_SRC) -o $@

wasm: $(WASM)/friction_core.mjs
wasm-bench: $(WASMB)/friction_core.mjs

# --------------------------------------------------------------- npm, web
node_modules/.package-lock.json: package.json package-lock.json
	@tools/deps.sh web
	npm ci --no-audit --no-fund --loglevel=error

npm: node_modules/.package-lock.json

WEB     = build/web
WEB_SRC = $(shell find web -type f -name '*.js') wasm/friction.js
ESBUILD = node_modules/.bin/esbuild

$(WEB)/app.js: $(WEB_SRC) $(WASM)/friction_core.mjs node_modules/.package-lock.json
	@mkdir -p $(WEB)
	$(ESBUILD) web/src/main.js --bundle --format=esm --target=es2022 --sourcemap --log-level=warning --outfile=$@

# The French string table, beside the page: web/src/i18n/index.js loads it
# only for a page in French (the first visit carries one table)
$(WEB)/i18n-fr.js: web/src/i18n/fr.js web/src/i18n/fr-core.js node_modules/.package-lock.json
	@mkdir -p $(WEB)
	$(ESBUILD) $< --bundle --format=esm --target=es2022 --minify --log-level=warning --outfile=$@

# Web Workers: each web/src/workers/NAME.js is bundled on its own to
# build/web/NAME.worker.js (new Worker('NAME.worker.js', { type: 'module' })).
# es2022: a worker may import a module with a top-level await (i18n/index.js,
# English in a worker).
WORKER_SRC = $(sort $(wildcard web/src/workers/*.js))
WORKERS    = $(patsubst web/src/workers/%.js,$(WEB)/%.worker.js,$(WORKER_SRC))
$(WEB)/%.worker.js: web/src/workers/%.js $(WEB_SRC) $(WASM)/friction_core.mjs node_modules/.package-lock.json
	@mkdir -p $(WEB)
	$(ESBUILD) $< --bundle --format=esm --target=es2022 --sourcemap --log-level=warning --outfile=$@

# The 3D robot of the In MuJoCo view (web/src/views/mujoco/robot3d.js and its role files robot3d*.js, with
# three.js from npm inside): a bundle of its own, imported by the view only
# when its "Your robot" section opens (load.js loadRenderer), so the page's
# first visit does not carry three.
$(WEB)/robot3d.js: web/src/views/mujoco/robot3d.js $(wildcard web/src/views/mujoco/robot3d?*.js) node_modules/.package-lock.json
	@mkdir -p $(WEB)
	$(ESBUILD) $< --bundle --format=esm --target=es2022 --sourcemap --log-level=warning --outfile=$@

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

# The bundled sample (samples/README.md), served beside the page for "Try a sample".
SAMPLES = $(patsubst samples/%,$(WEB)/samples/%,$(wildcard samples/*.json))
$(WEB)/samples/%: samples/%
	@mkdir -p $(dir $@)
	cp $< $@

# MuJoCo for the "In MuJoCo" view (npm @mujoco/mujoco, the exact version of
# package-lock.json; its single-threaded build, no special headers): served
# from the explorer's own folder, build/web/mujoco/, and imported by the view
# only when it opens (web/src/views/mujoco/load.js).
MUJOCO_PKG = node_modules/@mujoco/mujoco
MUJOCO_WEB = $(WEB)/mujoco/mujoco.js $(WEB)/mujoco/mujoco.wasm
$(WEB)/mujoco/%: node_modules/.package-lock.json
	@mkdir -p $(dir $@)
	cp $(MUJOCO_PKG)/$* $@

web: $(WEB)/app.js $(WEB)/i18n-fr.js $(WEB)/robot3d.js $(WORKERS) $(WEB)/index.html $(WEB)/style.css $(WEB)/friction_core.wasm $(SAMPLES) $(MUJOCO_WEB) \
     $(WEB)/examples/index.json

# The worked robots of "Your robot" (web/src/mujoco/examples.js): their
# folders copied from ../shared/data when they are there (the repository
# ships no meshes; not part of the offline package), and the index the page
# reads (tools/examples.mjs).
$(WEB)/examples/index.json: tools/examples.mjs web/src/mujoco/examples.js $(wildcard ../shared/data/so101/*.xml ../shared/data/bam/2R/2r_mx/*.xml)
	@node tools/examples.mjs $(WEB)/examples

# Regenerates the sample from the core (tools/sample.mjs; commit what changes:
# tests/web/sample.test.mjs checks that the committed files are what it writes).
sample: $(WASM)/friction_core.mjs
	node tools/sample.mjs samples

# ------------------------------------------------------------------ robot
# The headless runner of a robot with identified servos (tools/robot.mjs, the
# page's own web/src/mujoco/robot.js in Node with MuJoCo 3.14 from npm
# and the core's wasm; docs/mujoco.md):
#   make robot ROBOT=path/to/scene.xml SERVOS='class:sts3215=sts3215/m1' [ARGS='--seconds 10 --csv out.csv']
robot: $(WASM)/friction_core.mjs node_modules/.package-lock.json
	@if [ -z "$(ROBOT)" ] || [ -z "$(SERVOS)" ]; then \
	    echo "make robot: give ROBOT=path/to/scene.xml and SERVOS='class:NAME=actuator/mK,...' (docs/mujoco.md, 'Your robot')."; exit 2; fi
	@node tools/robot.mjs "$(ROBOT)" --servos "$(SERVOS)" $(ARGS)

# ------------------------------------------------------------------- dist
# The offline package (tools/dist.mjs, docs/offline.md): build/dist/
# friction-explorer/, a folder of static files with content-hashed names and a
# service worker that keeps the page for offline use after its first visit,
# and friction-explorer.zip of it (Debian's zip), for a school's web server
# or a USB stick (served by any static server: python3 -m http.server);
# and build/dist/friction-explorer.html (tools/single.mjs), the explorer in
# one file that runs opened from the disk (file://), without MuJoCo, beside
# the folder in the zip.
DIST = build/dist
dist: web
	@tools/deps.sh dist
	@node tools/single.mjs $(DIST)/friction-explorer.html
	@node tools/dist.mjs $(DIST)/friction-explorer
	@node tools/examples.mjs $(DIST)/friction-explorer/examples   # the worked robots from ../shared/data, their licences beside
	@cd $(DIST) && rm -f friction-explorer.zip && zip -qrX friction-explorer.zip friction-explorer friction-explorer.html
	@echo "dist: $(DIST)/friction-explorer.zip ($$(du -k $(DIST)/friction-explorer.zip | cut -f1) kB)"

# ------------------------------------------------------------------ serve
PORT ?= 8000
serve: web
	@node tools/serve.mjs $(WEB) $(PORT)

clean:
	rm -rf build

# ------------------------------------------------------------------- fuzz
# libFuzzer targets (tests/fuzz/, docs/fuzzing.md), built with Debian's
# clang: the core (with io's cJSON front end for fuzz_io) with
# -fsanitize=fuzzer-no-link,address,undefined into build/fuzz/, each target
# linked with -fsanitize=fuzzer,address,undefined.
#   make fuzz                  replays tests/fuzz/regressions/, then runs each
#                              target FUZZ_SECONDS (default 12: 8 targets, ~2 min)
#   make fuzz FUZZ_SECONDS=N   longer
#   make fuzz-regress          only the replay of the saved inputs (fast; the
#                              known findings of tests/fuzz/pending/ listed, not blocking)
# plus the Node fuzz of the offline package's service worker's cache decisions
# (tests/fuzz/sw_fuzz.mjs: every copy kept or answered has the build's SHA-256)
# and the Node fuzz of the wasm wrapper (tests/fuzz/wrapper_fuzz.mjs --strict: a
# call neither computed nor refused fails it; needs
# `make wasm`). New crash inputs land in build/fuzz/artifacts/; a finding is
# kept by copying its input to tests/fuzz/regressions/<target>/.
FUZZ         = build/fuzz
FUZZ_CC      = clang
FUZZ_SECONDS ?= 12
FUZZ_BASE    = $(STD) $(FPFLAGS) -O1 -g -fno-omit-frame-pointer -fno-sanitize-recover=all
FUZZ_CFLAGS  = $(FUZZ_BASE) $(INC) -Itests/fuzz
FUZZ_TARGETS = fuzz_law fuzz_lut fuzz_scenario fuzz_io fuzz_params fuzz_map fuzz_robot fuzz_recording

deps-fuzz:
	@tools/deps.sh fuzz

$(eval $(call core_lib,$(FUZZ),$(FUZZ_CC) $(FUZZ_BASE) -fsanitize=fuzzer-no-link$(comma)address$(comma)undefined,deps-fuzz))

# fuzz_target(NAME, SOURCE, FLAGS): build/fuzz/NAME from SOURCE.
define fuzz_target
$(FUZZ)/$(1): $(2) tests/fuzz/fuzz_input.h $(FUZZ)/libfriction.a
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(3) -fsanitize=fuzzer,address,undefined $(2) $(FUZZ)/libfriction.a $(IO_LIBS) $(THREAD_LIBS) -lm -o $$@
endef
$(foreach t,fuzz_law fuzz_scenario fuzz_io fuzz_params fuzz_map fuzz_robot fuzz_recording,$(eval $(call fuzz_target,$(t),tests/fuzz/$(t).c)))
# fuzz_lut: fuzz_law.c with a table build for every input (any α).
$(eval $(call fuzz_target,fuzz_lut,tests/fuzz/fuzz_law.c,-DFUZZ_LUT_EVERY))

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
	   timeout $$(($(FUZZ_SECONDS) + 120)) node tests/fuzz/wrapper_fuzz.mjs --seconds $(FUZZ_SECONDS) --strict \
	     || { st=1; echo "wrapper fuzz failed (bad calls listed above) or stopped; last call: $$(cat $(FUZZ)/wrapper_current.txt)"; }; \
	 else echo "fuzz: wrapper fuzz skipped (1 skipped): run make wasm first"; fi; \
	 timeout $$(($(FUZZ_SECONDS) + 60)) node tests/fuzz/sw_fuzz.mjs --seconds $(FUZZ_SECONDS) || st=1; exit $$st

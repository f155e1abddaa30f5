# Friction Explorer. The README's two commands: `make serve` and `make test`.
# Everything built goes under build/.

CC      ?= cc
STD      = -std=c11
WARN     = -Wall -Wextra -Wpedantic -Wmissing-prototypes -Wshadow -Wvla -Wstrict-prototypes
# -ffp-contract=off: no FMA contraction, so results are the same on every
# compiler and in wasm. -fno-math-errno lets sqrt compile to one instruction.
FPFLAGS  = -ffp-contract=off -fno-math-errno
INC      = -Icore/include -Icore/src
OPT      = -O2
SANFLAGS = -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

CORE_SRC   = $(sort $(wildcard core/src/*.c))
TEST_SRC   = $(sort $(wildcard tests/native/test_*.c))
TEST_SUP   = $(sort $(wildcard tests/native/support/*.c))
TEST_NAMES = $(patsubst tests/native/%.c,%,$(TEST_SRC))

NAT = build/native
ASN = build/asan

.PHONY: web wasm npm deps-wasm cli all lib test test-native bench bench-short serve deps-native clean help
all: lib
lib: $(NAT)/libfriction.a

help:
	@echo "make serve   build and serve the explorer (see README)"
	@echo "make test    install what is missing, build, run every test"
	@echo "make bench   performance figures (build/bench/*.json)"

deps-native:
	@tools/deps.sh native

# ---------------------------------------------------------------- library
$(NAT)/obj/%.o: core/src/%.c $(wildcard core/include/*.h) $(wildcard core/src/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(FPFLAGS) $(OPT) $(INC) -c $< -o $@

$(ASN)/obj/%.o: core/src/%.c $(wildcard core/include/*.h) $(wildcard core/src/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(FPFLAGS) $(SANFLAGS) $(INC) -c $< -o $@

$(NAT)/libfriction.a: $(patsubst core/src/%.c,$(NAT)/obj/%.o,$(CORE_SRC))
	@rm -f $@
	ar rcs $@ $^

$(ASN)/libfriction.a: $(patsubst core/src/%.c,$(ASN)/obj/%.o,$(CORE_SRC))
	@rm -f $@
	ar rcs $@ $^

# ------------------------------------------------------ command-line tool
CLI_SRC = $(sort $(wildcard cli/*.c))
$(NAT)/friction: $(CLI_SRC) $(wildcard cli/*.h) core/include/friction_scenario.h $(NAT)/libfriction.a
	$(CC) $(STD) $(WARN) $(FPFLAGS) $(OPT) $(INC) -Icli $(CLI_SRC) $(NAT)/libfriction.a -lm -o $@
cli: $(NAT)/friction

# ------------------------------------------------------------------ tests
# Each tests/native/test_*.c is one cmocka program, linked with the support
# files (independent high-precision references) and the library.
TEST_LIBS = -lcmocka -lquadmath -lm
TEST_DEPS = $(wildcard core/include/*.h) $(TEST_SUP) $(wildcard tests/native/support/*.h)

$(NAT)/tests/%: tests/native/%.c $(TEST_DEPS) $(NAT)/libfriction.a
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(FPFLAGS) -O2 -g $(INC) -Itests/native/support $< $(TEST_SUP) $(NAT)/libfriction.a $(TEST_LIBS) -o $@

$(ASN)/tests/%: tests/native/%.c $(TEST_DEPS) $(ASN)/libfriction.a
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(FPFLAGS) $(SANFLAGS) $(INC) -Itests/native/support $< $(TEST_SUP) $(ASN)/libfriction.a $(TEST_LIBS) -o $@

test-native: deps-native $(addprefix $(NAT)/tests/,$(TEST_NAMES)) $(addprefix $(ASN)/tests/,$(TEST_NAMES))
	@tools/run-tests.sh "native" $(addprefix $(NAT)/tests/,$(TEST_NAMES))
	@tools/run-tests.sh "native ASan+UBSan" $(addprefix $(ASN)/tests/,$(TEST_NAMES))

test: test-native

# ------------------------------------------------------------- benchmarks
$(NAT)/bench_core: benchmarks/bench_core.c $(NAT)/libfriction.a
	$(CC) $(STD) $(WARN) $(FPFLAGS) $(OPT) $(INC) $< $(NAT)/libfriction.a -lm -o $@

bench: deps-native $(NAT)/bench_core
	@mkdir -p build/bench
	$(NAT)/bench_core --json build/bench/core.json

bench-short: deps-native $(NAT)/bench_core
	@mkdir -p build/bench
	$(NAT)/bench_core --short --json build/bench/core-short.json

# ------------------------------------------------------------------- wasm
# Debian's emcc runs node tools that need Debian's node modules (acorn).
WASM    = build/wasm
EMCC    = NODE_PATH=/usr/share/nodejs emcc
EMFLAGS = $(STD) -O2 $(FPFLAGS) $(INC) \
          -sMODULARIZE -sEXPORT_ES6 -sENVIRONMENT=web -sEXPORT_NAME=createFrictionCore \
          -sALLOW_MEMORY_GROWTH=1 -sEXPORTED_FUNCTIONS=@wasm/exported_functions.json \
          -sEXPORTED_RUNTIME_METHODS=UTF8ToString

deps-wasm:
	@tools/deps.sh wasm

$(WASM)/friction_core.mjs: $(CORE_SRC) wasm/bindings.c wasm/exported_functions.json $(wildcard core/include/*.h core/src/*.h) | deps-wasm
	@mkdir -p $(WASM)
	$(EMCC) $(EMFLAGS) $(CORE_SRC) wasm/bindings.c -o $@

wasm: $(WASM)/friction_core.mjs

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

$(WEB)/%: web/%
	@mkdir -p $(WEB)
	cp $< $@

$(WEB)/friction_core.wasm: $(WASM)/friction_core.mjs
	@mkdir -p $(WEB)
	cp $(WASM)/friction_core.wasm $@

web: $(WEB)/app.js $(WEB)/index.html $(WEB)/style.css $(WEB)/friction_core.wasm

# ------------------------------------------------------------------ serve
PORT ?= 8000
serve: web
	@node tools/serve.mjs $(WEB) $(PORT)

clean:
	rm -rf build

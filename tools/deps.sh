#!/usr/bin/env bash
# tools/deps.sh GROUP...: make sure what a build step needs is installed.
# On Debian 12 as root it installs missing Debian packages itself; otherwise it
# says exactly what to install and exits 1. Groups:
#   native  - C compilers (gcc builds; clang's warnings in `make lint`), make,
#             cmocka (tests), libquadmath (test references),
#             MuJoCo 2.2.2 (libmujoco-dev: the optional core/mujoco module),
#             cJSON (the io library's JSON front end), xmllint (libxml2-utils)
#             and python3: the CLI tests' strict parsers of the MJCF, JSON
#             and CSV the tool writes (tests/cli/wellformed.sh)
#   wasm    - Emscripten from Debian (emcc 3.1.6) and the node modules it needs
#   web     - Node.js and npm (the npm packages themselves come from `npm ci`),
#             strace (tests/web/mjcf_assets.test.mjs: the files `friction mujoco`
#             opens, the CLI's side of the asset list)
#   browser - Debian's Chromium, driven by playwright-core in the browser tests,
#             Debian's Firefox ESR (firefox-esr, driven by puppeteer-core: the
#             single file from file://, tests/web/e2e.d/singlefirefox.mjs),
#             and poppler-utils (pdftotext, pdftoppm: the printed worksheets)
#   dist    - zip (the offline package's archive) and python3 (the plain
#             static server its browser test serves it with)
#   fuzz    - Debian's clang 14 and its libFuzzer/sanitizer runtimes (make fuzz)
set -euo pipefail

missing=()
need() { # need PACKAGE TEST-COMMAND...
    local pkg=$1; shift
    if ! "$@" >/dev/null 2>&1; then missing+=("$pkg"); fi
}

for group in "$@"; do
    case $group in
        native|bench)
            need gcc command -v gcc
            need clang command -v clang
            need make command -v make
            need libcmocka-dev test -f /usr/include/cmocka.h
            need libcjson-dev test -f /usr/include/cjson/cJSON.h
            need libmujoco-dev test -f /usr/include/mujoco/mujoco.h
            need libxml2-utils command -v xmllint
            need python3 command -v python3
            need libgcc-12-dev sh -c 'echo "int main(void){return 0;}" | gcc -x c - -lquadmath -o /dev/null'
            ;;
        wasm)
            need emscripten command -v emcc
            need node-acorn test -d /usr/share/nodejs/acorn
            ;;
        web)
            need nodejs command -v node
            need npm command -v npm
            need strace command -v strace
            ;;
        browser)
            need chromium test -x /usr/bin/chromium
            need firefox-esr test -x /usr/bin/firefox-esr
            need poppler-utils command -v pdftotext
            ;;
        dist)
            need zip command -v zip
            need python3 command -v python3
            ;;
        fuzz)
            need clang command -v clang
            need libclang-rt-14-dev sh -c 'ls /usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a'
            ;;
        *) echo "tools/deps.sh: unknown group '$group' (known: native, bench, wasm, web, browser, dist, fuzz)" >&2; exit 2 ;;
    esac
done

[ ${#missing[@]} -eq 0 ] && exit 0

# de-duplicate
mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u)
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "deps: installing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${missing[@]}" >/dev/null
    exit 0
fi
echo "deps: missing Debian packages: ${missing[*]}" >&2
echo "deps: install them with:  sudo apt-get install ${missing[*]}" >&2
exit 1

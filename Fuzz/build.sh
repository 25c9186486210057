#!/usr/bin/env bash
# Builds the libFuzzer targets with swiftc (no SwiftPM: the fuzzer's `main` comes from
# libFuzzer, and the HTTP target needs the emulator's internal parser, so its sources are
# compiled together with the emulator's). Every module is instrumented for coverage and
# AddressSanitizer. Output: .build/fuzz/bin/<target>. Usage: Fuzz/build.sh [target...]
# Targets: spec-loader, spec-builder, http-request, model-decoding, emulator-requests, pattern-compiler
# (default: all).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${FUZZ_BUILD_DIR:-$root/.build/fuzz}
modules=$out/modules
bin=$out/bin
generated=$out/generated
mkdir -p "$modules" "$bin" "$generated"

# -package-name: SwiftPM gives every module of the package the same one, which `package`
# declarations (SDKRuntime's shared JSON coders) need.
common=(-swift-version 6 -enable-upcoming-feature ExistentialAny -parse-as-library -package-name sdkgen
    -sanitize=fuzzer,address -O -g -use-ld=lld -I "$modules" -L "$modules"
    -I "$root/Sources/CSQLite" -I "$root/Sources/CCrypto" -I "$root/Generator/CYAML")

# Swift sources under the given folders, sorted so builds are reproducible.
sources() { find "$@" -name '*.swift' | LC_ALL=C sort; }

# True when $1 exists and is newer than every file in the remaining folders and this script.
fresh() {
    local target=$1
    shift
    [[ -e $target ]] || return 1
    [[ -z $(find "$@" "$0" -newer "$target" -print -quit) ]]
}

# library NAME FOLDER [extra swiftc flags...]: a static library and its module interface.
library() {
    local name=$1 folder=$2
    shift 2
    if fresh "$modules/lib$name.a" "$root/$folder"; then return; fi
    echo "fuzz build: module $name"
    mapfile -t files < <(sources "$root/$folder")
    swiftc "${common[@]}" "$@" -module-name "$name" -wmo -num-threads 2 \
        -emit-module -emit-module-path "$modules/$name.swiftmodule" \
        -emit-library -static -o "$modules/lib$name.a" "${files[@]}"
}

# executable NAME MODULE FOLDERS... -- LINK FLAGS...: one fuzz target.
executable() {
    local name=$1 module=$2
    shift 2
    local folders=()
    while [[ $1 != -- ]]; do folders+=("$1"); shift; done
    shift
    if fresh "$bin/$name" "${folders[@]}" "$modules"; then return; fi
    echo "fuzz build: target $name"
    mapfile -t files < <(sources "${folders[@]}")
    # Run in a scratch folder: with -g, swiftc leaves the executable's module files in the
    # working directory.
    mkdir -p "$out/scratch"
    (cd "$out/scratch" && swiftc "${common[@]}" -module-name "$module" -wmo -num-threads 2 \
        "${files[@]}" "$@" -o "$bin/$name")
}

runtime() {
    library SDKDateTimeText Sources/SDKDateTimeText
    library SDKRuntime Sources/SDKRuntime
    library SDKHashing Sources/SDKHashing
}

generated_apis() {
    runtime
    library VoidhashAPI Generated/VoidhashAPI
    library MobileJoeAPI Generated/MobileJoeAPI
}

# What the emulator's sources need beside the APIs: the command-line parser, and the
# `Bundle.module` SwiftPM writes for a target with resources (the dashboard's files, which no
# fuzz target serves: here it is the main bundle, where they are not found).
emulator_support() {
    generated_apis
    library CommandLineOptions Sources/CommandLineOptions
    mkdir -p "$generated/EmulatorBundle"
    local accessor=$generated/EmulatorBundle/ResourceBundle.swift
    printf '%s\n' "// Written by Fuzz/build.sh: the emulator's resource bundle, which fuzz builds do not have." \
        "import Foundation" "" "extension Foundation.Bundle {" \
        "    /// The main bundle: the dashboard's resources are not part of a fuzz build." \
        "    static let module = Bundle.main" "}" >"$accessor.new"
    if ! cmp -s "$accessor.new" "$accessor"; then mv "$accessor.new" "$accessor"; else rm "$accessor.new"; fi
}

runtime_links=(-lSDKHashing -lSDKRuntime -lSDKDateTimeText -lsqlite3 -lcrypto)

# The generator's core and the module it shares with the runtime.
generator_core() {
    library SDKDateTimeText Sources/SDKDateTimeText
    library SDKGenCore Generator/SDKGenCore
}
generator_links=(-lSDKGenCore -lSDKDateTimeText -lyaml)

build_spec_loader() {
    generator_core
    executable spec-loader FuzzSpecLoader "$root/Fuzz/Targets/SpecLoader" "$root/Fuzz/Targets/GeneratorPipeline" \
        "$root/Fuzz/Targets/Shared" -- \
        "${generator_links[@]}"
}

build_spec_builder() {
    generator_core
    executable spec-builder FuzzSpecBuilder "$root/Fuzz/Targets/SpecBuilder" "$root/Fuzz/Targets/GeneratorPipeline" \
        "$root/Fuzz/Targets/Shared" -- \
        "${generator_links[@]}"
}

build_pattern_compiler() {
    generator_core
    executable pattern-compiler FuzzPatternCompiler "$root/Fuzz/Targets/PatternCompiler" "$root/Fuzz/Targets/Shared" -- \
        "${generator_links[@]}"
}

build_http_request() {
    emulator_support
    # The target's entry point is compiled into the emulator module to reach its internal parser.
    executable http-request SDKEmulator "$root/Sources/SDKEmulator" "$root/Fuzz/Targets/HTTPRequest" "$root/Fuzz/Targets/Shared" \
        "$generated/EmulatorBundle" -- -lVoidhashAPI -lMobileJoeAPI -lCommandLineOptions "${runtime_links[@]}"
}

build_emulator_requests() {
    emulator_support
    executable emulator-requests SDKEmulator "$root/Sources/SDKEmulator" "$root/Fuzz/Targets/EmulatorRequests" \
        "$root/Fuzz/Targets/Shared" "$generated/EmulatorBundle" -- -lVoidhashAPI -lMobileJoeAPI -lCommandLineOptions \
        "${runtime_links[@]}"
}

# The table of every Codable model and enum of both generated APIs, read from Generated/ so a
# new model is fuzzed without editing the target. Also writes models.txt: one name per line, in
# table order (the seed corpus uses it to put the right selector byte in front of each seed).
model_table() {
    local table=$generated/ModelDecoding/ModelTable.swift list=$generated/models.txt
    mkdir -p "$generated/ModelDecoding"
    {
        for api in VoidhashAPI MobileJoeAPI; do
            grep -rhoE '^public (struct|enum) [A-Za-z0-9_]+: Swift\.Codable' "$root/Generated/$api" |
                awk -v api="$api" '{ sub(":", "", $3); print api "." $3 }' | LC_ALL=C sort
        done
        echo "SDKRuntime.JSONValue"
    } >"$list.new"
    mv "$list.new" "$list"
    {
        echo "// Written by Fuzz/build.sh from Generated/: every Codable model and enum of both APIs."
        echo "import MobileJoeAPI"
        echo "import SDKRuntime"
        echo "import VoidhashAPI"
        echo ""
        echo "/// Every model the target decodes, in selector-byte order (see models.txt)."
        echo "let modelTable: [ModelCheck] = ["
        while read -r name; do echo "    ModelCheck(\"$name\", $name.self),"; done <"$list"
        echo "]"
    } >"$table.new"
    if ! cmp -s "$table.new" "$table"; then mv "$table.new" "$table"; else rm "$table.new"; fi
}

build_model_decoding() {
    generated_apis
    model_table
    executable model-decoding FuzzModelDecoding "$root/Fuzz/Targets/ModelDecoding" "$root/Fuzz/Targets/Shared" "$generated/ModelDecoding" -- \
        -lVoidhashAPI -lMobileJoeAPI "${runtime_links[@]}"
}

targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(spec-loader spec-builder http-request model-decoding emulator-requests pattern-compiler)
for target in "${targets[@]}"; do
    case $target in
    spec-loader) build_spec_loader ;;
    spec-builder) build_spec_builder ;;
    http-request) build_http_request ;;
    model-decoding) build_model_decoding ;;
    emulator-requests) build_emulator_requests ;;
    pattern-compiler) build_pattern_compiler ;;
    *) echo "fuzz build: unknown target '$target'" >&2; exit 2 ;;
    esac
done

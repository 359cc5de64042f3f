#!/usr/bin/env bash
# Builds the static site into target/web/ (index.html and what it loads; serve that directory
# with any static file server, e.g. `python3 -m http.server -d target/web`): the web crate for
# wasm32-unknown-unknown in release, its JavaScript glue by wasm-bindgen-cli of the version the
# crate pins (installed into target/web-tools when missing), the page's files from web/static
# and the demo inputs from data/.
set -euo pipefail
cd "$(dirname "$0")/.."

# The wasm-bindgen of web/Cargo.toml: the command-line tool must be the same version.
version=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' web/Cargo.toml)
[ -n "$version" ] || { echo "web/build.sh: no pinned wasm-bindgen in web/Cargo.toml" >&2; exit 1; }

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown || {
        echo "web/build.sh: cannot install the wasm32-unknown-unknown target (rustup target add" \
            "wasm32-unknown-unknown); the site cannot be built without it" >&2
        exit 1
    }
fi
tools="$PWD/target/web-tools"
bindgen="$tools/bin/wasm-bindgen"
if [ "$("$bindgen" --version 2>/dev/null)" != "wasm-bindgen $version" ]; then
    echo "web/build.sh: installing wasm-bindgen-cli $version into target/web-tools" >&2
    cargo install wasm-bindgen-cli --version "$version" --locked --root "$tools" || {
        echo "web/build.sh: cannot install wasm-bindgen-cli $version (cargo install" \
            "wasm-bindgen-cli --version $version --locked); the site cannot be built without it" >&2
        exit 1
    }
fi

export CARGO_TARGET_DIR="$PWD/target/web-build"
cargo build --locked --release --target wasm32-unknown-unknown --manifest-path web/Cargo.toml

out=target/web
rm -rf "$out"
mkdir -p "$out/pkg" "$out/demos"
"$bindgen" --target web --no-typescript --out-dir "$out/pkg" \
    "$CARGO_TARGET_DIR/wasm32-unknown-unknown/release/flipblox_web.wasm"
cp web/static/index.html web/static/app.js web/static/worker.js web/static/style.css "$out/"

# The demos the Bloxorz screen offers, with their titles.
demos=(
    "poj-sample.txt|POJ 3322 sample (1 level)"
    "demo.txt|Bridges and a split"
    "mechanics.txt|Switches, bridges, split cubes (13 levels)"
    "start-standing-neighbour.txt|Start beside the target"
    "mixed-small.txt|2,000 small levels"
    "formats/drawing.txt|Drawings (S/T/o/-, 3 levels)"
    "formats/scanf-pack.txt|A scanf-style pack"
    "formats/old-mac.txt|A pack with CR line ends"
    "formats/port.js|A JavaScript port of the Flash game"
)
{
    echo "["
    for i in "${!demos[@]}"; do
        file=${demos[$i]%%|*}
        title=${demos[$i]#*|}
        mkdir -p "$out/demos/$(dirname "$file")"
        cp "data/bloxorz/$file" "$out/demos/$file"
        sep=","
        [ "$i" -eq $((${#demos[@]} - 1)) ] && sep=""
        printf '  {"file": "%s", "title": "%s"}%s\n' "$file" "$title" "$sep"
    done
    echo "]"
} >"$out/demos/index.json"
echo "web/build.sh: built $out/index.html" >&2

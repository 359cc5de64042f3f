# The flipblox command-line tool in a small image, the one docs/SCALE.md runs as a Kubernetes Job:
#
#   docker build -t flipblox:0.1.0 .
#   docker run --rm -i flipblox:0.1.0 flip - < data/flip/poj-sample.txt       # prints 4
#   docker run --rm -v "$PWD/data:/data:ro" flipblox:0.1.0 bloxorz /data/bloxorz/poj-sample.txt
#
# tests/docker.rs builds it when a Docker engine answers, and checks this file otherwise.

# Build: the release binary, with the toolchain the project is tested with (Cargo.toml's
# rust-version is the oldest that builds it), on the same Debian release as the runtime below, so
# the binary needs no newer C library than the runtime has.
FROM rust:1.95-slim-trixie AS build
WORKDIR /src
# Cargo reads every target the manifest declares (the benches and the test binary too) before it
# builds any, so they come along; build.rs builds the embedded 4x4 table from src/flip.
COPY Cargo.toml Cargo.lock build.rs ./
COPY src src
COPY benches benches
COPY tests tests
RUN cargo build --release --locked --bin flipblox

# Run: the binary is linked statically (build.rs; the build image has the static C library), and
# Debian's slim image would have everything it links otherwise (libc, libm, libgcc_s); the image
# has the shell the Kubernetes Job's command line needs (`sh -c` with arithmetic and redirection).
FROM debian:trixie-slim AS runtime
COPY --from=build /src/target/release/flipblox /usr/local/bin/flipblox
COPY LICENSE-MIT LICENSE-APACHE /usr/share/doc/flipblox/
# An unprivileged user with a fixed number, so that `runAsNonRoot` can check it and a volume's
# owner can be set to match.
RUN groupadd --gid 10001 flipblox \
    && useradd --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent flipblox
USER 10001:10001
WORKDIR /data
ENTRYPOINT ["flipblox"]
CMD ["--help"]

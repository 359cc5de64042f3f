/*
 * Lights Out (the plus-shaped toggle, two colours, no wrap-around) on N x N boards by GF(2)
 * linear algebra on M4RI: the program `benches/m4ri/compare.sh` runs beside `flipblox flip` to
 * compare the GF(2) cores. It prints what `flipblox flip --size NxN --goal GOAL FILE` prints
 * (one line per board: the minimum number of presses, or `Impossible`), and the wall-clock
 * time of each phase on standard error (as `FLIPBLOX_PHASES=1 flipblox flip ...` does). The board file is assumed well formed (the boards of
 * benches/m4ri/boards.py): cells are `b` or `w`, no other checks.
 *
 * The algorithm (light chasing; see src/lights_out/solve/gf2/ for the same method in flipblox):
 *   set-up, once per size:
 *     1. one symbolic chase: the presses of row r are affine in the N unknown first-row presses
 *        x; carrying the N x N coefficient matrix down the board gives the residual matrix A
 *        (what is still wrong in the last row is A x + b);
 *     2. `mzd_echelonize_m4ri` on [A | I]: the reduced form R of A and the row operations E;
 *     3. the null space of A, chased into whole-board press planes, and for goal `any` the plane
 *        D that turns a white solution into a black one;
 *   per board:
 *     4. a chase from an empty first row (its residual b), one matrix-vector product E b (the
 *        consistency of each colour and the particular first row), a second chase from that
 *        first row (one solution);
 *     5. a Gray-code walk over the coset (the null planes, and D when both colours can be
 *        reached): one plane XOR and popcount per member, the lightest weight wins.
 *
 * Usage: lights_out_m4ri N any|white|black FILE
 * Input: boards of N lines of N characters `b`/`w`, blank lines between boards allowed.
 */
#include <m4ri/m4ri.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef uint64_t u64;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void die(const char *what) {
    fprintf(stderr, "lights_out_m4ri: %s\n", what);
    exit(2);
}

static int n, w;   /* board side, u64 words per row */
static u64 last;   /* valid bits of a row's last word */

/* One step of the chase on packed rows: next = cur ^ cur<<1 ^ cur>>1 ^ prev ^ extra. */
static void step(const u64 *prev, const u64 *cur, const u64 *extra, u64 target, u64 *next) {
    for (int k = 0; k < w; k++) {
        u64 left = cur[k] << 1 | (k > 0 ? cur[k - 1] >> 63 : 0);
        u64 right = cur[k] >> 1 | (k + 1 < w ? cur[k + 1] << 63 : 0);
        u64 v = cur[k] ^ left ^ right ^ target;
        if (prev) v ^= prev[k];
        if (extra) v ^= extra[k];
        next[k] = k + 1 == w ? v & last : v;
    }
}

/* Chases from first row `first` over `state` (NULL: all white) towards white or black: the
 * presses into `plane` (n rows, may be NULL: only the residual is kept) and the residual. */
static void chase(const u64 *first, const u64 *state, int black, u64 *plane, u64 *scratch,
                  u64 *residual) {
    u64 target = black ? ~(u64)0 : 0;
    /* scratch: three rows when plane is NULL. */
    u64 *rows[3] = {scratch, scratch + w, scratch + 2 * w};
    u64 *prev = NULL, *cur = plane ? plane : rows[0];
    memcpy(cur, first, (size_t)w * sizeof(u64));
    for (int r = 0; r < n; r++) {
        u64 *next = r + 1 == n ? residual : plane ? plane + (size_t)(r + 1) * w : rows[(r + 1) % 3];
        step(prev, cur, state ? state + (size_t)r * w : NULL, target, next);
        prev = cur;
        cur = next;
    }
}

static int parity(const u64 *a, const u64 *b) {
    u64 x = 0;
    for (int k = 0; k < w; k++) x ^= a[k] & b[k];
    return __builtin_parityll(x);
}

static int weight(const u64 *plane) {
    int c = 0;
    for (size_t k = 0; k < (size_t)n * w; k++) c += __builtin_popcountll(plane[k]);
    return c;
}

int main(int argc, char **argv) {
    if (argc != 4) die("usage: lights_out_m4ri N any|white|black FILE");
    n = atoi(argv[1]);
    if (n < 1 || n > 4096) die("N must be 1 to 4096");
    int want_white = strcmp(argv[2], "black") != 0, want_black = strcmp(argv[2], "white") != 0;
    if (strcmp(argv[2], "any") && strcmp(argv[2], "white") && strcmp(argv[2], "black"))
        die("the goal is any, white or black");
    w = (n + 63) / 64;
    last = n % 64 ? ((u64)1 << (n % 64)) - 1 : ~(u64)0;
    size_t pw = (size_t)n * w;
    double t0 = now(), t_chase = 0, t_elim = 0, t_solve = 0, t_walk = 0, t_read = 0;

    /* 1. The symbolic chase: row 1 + c of L[r] is the coefficient vector of press (r, c); rows
     * 0 and n + 1 stay zero (the missing neighbours at the edges). */
    size_t lw = (size_t)(n + 2) * w;
    u64 *L = calloc(3 * lw, sizeof(u64));
    if (!L) die("out of memory");
    u64 *lp = L, *lc = L + lw, *ln = L + 2 * lw;
    for (int c = 0; c < n; c++) lc[(size_t)(c + 1) * w + c / 64] = (u64)1 << (c % 64);
    for (int r = 0; r < n; r++) {
        for (int c = 1; c <= n; c++) {
            u64 *restrict o = ln + (size_t)c * w;
            const u64 *restrict m = lc + (size_t)c * w, *restrict up = lp + (size_t)c * w;
            for (int k = 0; k < w; k++) o[k] = m[k] ^ m[k - w] ^ m[k + w] ^ up[k];
        }
        u64 *t = lp; lp = lc; lc = ln; ln = t;
    }
    lc += w;
    /* lc now holds A: row c = the residual of cell c as a function of x. */
    double t1 = now();
    t_chase += t1 - t0;

    /* 2. [A | I] to reduced echelon form. */
    mzd_t *AI = mzd_init(n, 2 * n);
    for (int i = 0; i < n; i++) {
        word *row = mzd_row(AI, i);
        for (int k = 0; k < w; k++) row[k] = lc[(size_t)i * w + k];
        mzd_write_bit(AI, i, n + i, 1);
    }
    mzd_echelonize_m4ri(AI, 1, 0);
    mzd_t *R = mzd_submatrix(NULL, AI, 0, 0, n, n);
    mzd_t *E = mzd_submatrix(NULL, AI, 0, n, n, 2 * n);
    int rank = 0;
    int *pivot = malloc(sizeof(int) * (size_t)n);
    char *is_pivot = calloc((size_t)n, 1);
    for (; rank < n; rank++) {
        int col = -1;
        word *row = mzd_row(R, rank);
        for (int k = 0; k < w && col < 0; k++)
            if (row[k]) col = 64 * k + __builtin_ctzll(row[k]);
        if (col < 0) break;
        pivot[rank] = col;
        is_pivot[col] = 1;
    }
    double t2 = now();
    t_elim += t2 - t1;

    /* 3. The null planes, and D (white solution -> black solution). */
    int nullity = n - rank;
    u64 *scratch = calloc(3 * (size_t)w + 2 * (size_t)w, sizeof(u64));
    u64 *res = scratch + 3 * w, *x = scratch + 4 * w;
    u64 *gens = calloc(((size_t)nullity + 1) * pw, sizeof(u64)); /* gens[0] = D */
    u64 *eb = calloc((size_t)w, sizeof(u64)), *ec = calloc((size_t)w, sizeof(u64));
    if (!gens || !scratch || !eb || !ec) die("out of memory");
    for (int f = 0, j = 1; f < n; f++) {
        if (is_pivot[f]) continue;
        memset(x, 0, (size_t)w * sizeof(u64));
        x[f / 64] |= (u64)1 << (f % 64);
        for (int i = 0; i < rank; i++)
            if (mzd_read_bit(R, i, f)) x[pivot[i] / 64] |= (u64)1 << (pivot[i] % 64);
        chase(x, NULL, 0, gens + (size_t)j++ * pw, scratch, res);
    }
    /* The black target from all white: E c and, when it is consistent, D. */
    memset(x, 0, (size_t)w * sizeof(u64));
    chase(x, NULL, 1, NULL, scratch, res);
    for (int i = 0; i < n; i++)
        if (parity(mzd_row(E, i), res)) ec[i / 64] |= (u64)1 << (i % 64);
    int black_from_white = 1;
    for (int i = rank; i < n; i++) black_from_white &= !(ec[i / 64] >> (i % 64) & 1);
    if (black_from_white) {
        for (int i = 0; i < rank; i++)
            if (ec[i / 64] >> (i % 64) & 1) x[pivot[i] / 64] |= (u64)1 << (pivot[i] % 64);
        chase(x, NULL, 1, gens, scratch, res);
    }
    double t3 = now();
    t_chase += t3 - t2;

    /* The boards. */
    FILE *in = fopen(argv[3], "rb");
    if (!in) die("cannot open the board file");
    fseek(in, 0, SEEK_END);
    long len = ftell(in);
    fseek(in, 0, SEEK_SET);
    char *text = malloc((size_t)len + 1);
    if (!text || fread(text, 1, (size_t)len, in) != (size_t)len) die("cannot read the board file");
    fclose(in);
    text[len] = 0;
    u64 *state = malloc(pw * sizeof(u64)), *plane = malloc(pw * sizeof(u64));
    u64 *best = malloc(pw * sizeof(u64));
    char *out = malloc(64 * ((size_t)len / ((size_t)n * n) + 2));
    size_t out_len = 0;
    long pos = 0;
    double t4 = now();
    t_read += t4 - t3;
    for (;;) {
        double a = now();
        while (pos < len && (text[pos] == '\n' || text[pos] == '\r')) pos++;
        if (pos >= len) break;
        memset(state, 0, pw * sizeof(u64));
        for (int r = 0; r < n; r++) {
            if (pos + n > len) die("truncated board");
            u64 *row = state + (size_t)r * w;
            const char *p = text + pos;
            /* Eight cells a step: bit 0 of `w` is 1 and of `b` 0; one multiplication gathers the
             * eight bits. */
            int c = 0;
            for (; c + 8 <= n; c += 8) {
                u64 x;
                memcpy(&x, p + c, 8);
                u64 low = ~x & 0x0101010101010101ull;
                row[c / 64] |= (low * 0x0102040810204080ull >> 56) << (c % 64);
            }
            for (; c < n; c++) row[c / 64] |= (u64)(p[c] == 'b') << (c % 64);
            pos += n;
            while (pos < len && text[pos] == '\r') pos++;
            if (pos < len && text[pos] == '\n') pos++;
        }
        double b = now();
        t_read += b - a;
        /* 4. chase, E b, chase. */
        memset(x, 0, (size_t)w * sizeof(u64));
        chase(x, state, 0, NULL, scratch, res);
        memset(eb, 0, (size_t)w * sizeof(u64));
        for (int i = 0; i < n; i++)
            if (parity(mzd_row(E, i), res)) eb[i / 64] |= (u64)1 << (i % 64);
        int white = want_white, black = want_black && black_from_white;
        for (int i = rank; i < n; i++) {
            white &= !(eb[i / 64] >> (i % 64) & 1);
            black &= !((eb[i / 64] ^ ec[i / 64]) >> (i % 64) & 1);
        }
        int found = white || black;
        if (found) {
            int to_black = !white;
            memset(x, 0, (size_t)w * sizeof(u64));
            for (int i = 0; i < rank; i++)
                if ((eb[i / 64] ^ (to_black ? ec[i / 64] : 0)) >> (i % 64) & 1)
                    x[pivot[i] / 64] |= (u64)1 << (pivot[i] % 64);
            chase(x, state, to_black, plane, scratch, res);
        }
        double c = now();
        t_solve += c - b;
        if (!found) {
            out_len += (size_t)sprintf(out + out_len, "Impossible\n");
            continue;
        }
        /* 5. The Gray-code walk over the coset. */
        int first = white && black ? 0 : 1; /* D is generator 0 */
        int m = nullity + 1 - first;
        int least = weight(plane);
        for (u64 g = 1; g < (u64)1 << m; g++) {
            const u64 *gen = gens + (size_t)(first + __builtin_ctzll(g)) * pw;
            int wt = 0;
            for (size_t k = 0; k < pw; k++) {
                plane[k] ^= gen[k];
                wt += __builtin_popcountll(plane[k]);
            }
            if (wt < least) least = wt;
        }
        (void)best;
        out_len += (size_t)sprintf(out + out_len, "%d\n", least);
        t_walk += now() - c;
    }
    fwrite(out, 1, out_len, stdout);
    fprintf(stderr,
            "m4ri: n %d rank %d: chase %.3f ms, elimination %.3f ms, read %.3f ms, "
            "per-board solve %.3f ms, coset walk %.3f ms\n",
            n, rank, 1e3 * t_chase, 1e3 * t_elim, 1e3 * t_read, 1e3 * t_solve, 1e3 * t_walk);
    mzd_free(AI);
    mzd_free(R);
    mzd_free(E);
    return 0;
}

// POJ 3322 (Bloxorz I): the usual textbook breadth-first search, written here as the comparison
// for flipblox's POJ search (issue 15, target 3: "the seed C++ BFS"; no seed program is in the
// repository, so this one stands in for it). One level after another from standard input, in
// the POJ 3322 layout (`R C`, R rows of `#` `.` `E` `O` `X`, ended by `0 0` or the end of the
// input); prints the minimum number of moves or `Impossible` per level, as
// `flipblox bloxorz --jobs 1` does on such packs.
//
// States are (row, column, orientation): 0 standing on (r, c), 1 lying on (r, c) and (r, c + 1),
// 2 lying on (r, c) and (r + 1, c). A queue of states and a distance array of R * C * 3 ints,
// every roll bounds-checked. Build and time (docs/PERFORMANCE.md):
//
//   g++ -O2 -o target/poj3322_bfs benches/cpp/poj3322_bfs.cpp
//   time target/poj3322_bfs < PACK
#include <cstdio>
#include <cstring>
#include <vector>

static int R, C;
static std::vector<char> grid;

static bool inside(int r, int c) { return r >= 0 && r < R && c >= 0 && c < C; }
static char at(int r, int c) { return inside(r, c) ? grid[r * C + c] : '#'; }

// Whether the box may rest in state (r, c, o).
static bool rests(int r, int c, int o) {
    if (o == 0) {
        char t = at(r, c);
        return t != '#' && t != 'E';
    }
    if (o == 1) return at(r, c) != '#' && at(r, c + 1) != '#';
    return at(r, c) != '#' && at(r + 1, c) != '#';
}

// The rolls: for each orientation, row step, column step and new orientation of U, D, L, R.
static const int ROLL[3][4][3] = {
    {{-2, 0, 2}, {1, 0, 2}, {0, -2, 1}, {0, 1, 1}},
    {{-1, 0, 1}, {1, 0, 1}, {0, -1, 0}, {0, 2, 0}},
    {{-1, 0, 0}, {2, 0, 0}, {0, -1, 2}, {0, 1, 2}},
};

int main() {
    static char line[1 << 16];
    std::vector<int> dist, queue;
    while (scanf("%d %d", &R, &C) == 2 && (R || C)) {
        grid.assign((size_t)R * C, '#');
        int sr = -1, sc = -1, so = 0, tr = -1, tc = -1;
        for (int r = 0; r < R; r++) {
            if (scanf("%s", line) != 1) return 1;
            for (int c = 0; c < C; c++) {
                char t = line[c];
                if (t == 'X') {
                    if (sr < 0) {
                        sr = r, sc = c, so = 0;
                    } else if (r == sr) {
                        so = 1;
                    } else {
                        so = 2;
                    }
                    t = '.';
                } else if (t == 'O') {
                    tr = r, tc = c;
                }
                grid[r * C + c] = t;
            }
        }
        size_t states = (size_t)R * C * 3;
        dist.assign(states, -1);
        queue.resize(states);
        size_t head = 0, tail = 0;
        int start = (sr * C + sc) * 3 + so, goal = (tr * C + tc) * 3;
        dist[start] = 0;
        queue[tail++] = start;
        int answer = -1;
        while (head < tail) {
            int s = queue[head++];
            if (s == goal) {
                answer = dist[s];
                break;
            }
            int o = s % 3, cell = s / 3, r = cell / C, c = cell % C;
            for (int m = 0; m < 4; m++) {
                int nr = r + ROLL[o][m][0], nc = c + ROLL[o][m][1], no = ROLL[o][m][2];
                if (!inside(nr, nc) || !rests(nr, nc, no)) continue;
                int n = (nr * C + nc) * 3 + no;
                if (dist[n] >= 0) continue;
                dist[n] = dist[s] + 1;
                queue[tail++] = n;
            }
        }
        if (answer >= 0) {
            printf("%d\n", answer);
        } else {
            printf("Impossible\n");
        }
    }
    return 0;
}

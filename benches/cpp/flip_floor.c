/* The floor of `flipblox flip FILE` on 4x4 boards written back to back (issue 15): map the file,
 * build each board's 16-bit state from its 20 bytes, look it up in the 4x4 distance table (the
 * 65,536 bytes of flipblox's embedded table, value 255 = impossible), append the answer line to
 * one buffer, write it once. No checks of any kind. See docs/PERFORMANCE.md for the command. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: flip_floor TABLE BOARDS\n"); return 2; }
    static unsigned char table[65536];
    FILE *t = fopen(argv[1], "rb");
    if (!t || fread(table, 1, sizeof table, t) != sizeof table) { perror(argv[1]); return 1; }
    fclose(t);
    int fd = open(argv[2], O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) { perror(argv[2]); return 1; }
    size_t n = (size_t)st.st_size / 20;
    const unsigned char *p = mmap(NULL, st.st_size ? st.st_size : 1, PROT_READ, MAP_PRIVATE, fd, 0);
    if (p == MAP_FAILED) { perror("mmap"); return 1; }
    char *out = malloc(n * 11 + 1), *o = out;
    for (size_t i = 0; i < n; i++, p += 20) {
        unsigned s = 0;
        for (int r = 0; r < 4; r++)
            for (int c = 0; c < 4; c++) s |= (unsigned)(p[5 * r + c] == 'b') << (4 * r + c);
        unsigned char d = table[s];
        if (d == 255) { memcpy(o, "Impossible\n", 11); o += 11; }
        else { o[0] = (char)('0' + d); o[1] = '\n'; o += 2; }
    }
    fwrite(out, 1, (size_t)(o - out), stdout);
    return 0;
}

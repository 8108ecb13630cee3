/* The accept filter of a column's validity (issue 25): the stops of whole stretches of an
   Arrow column's data, read once by the SIMD front end (simd.c), that show most rows
   valid without running the scan on them.  It only ever accepts: a row it does not
   accept goes to the scan (scan.h), which decides.  Part of core.c's one translation
   unit.

   A row is accepted when it is a scheme (RFC 3986 §3.1, read as the scan reads it), ":",
   and then only characters of a reg-name (§3.2.2, no pct-encoded octet), "/" and "?".
   Every such row is a URI (§3) and an absolute-URI (§4.3): after "//", the authority
   up to the first "/" or "?" is a reg-name, what follows it a path-abempty and a query;
   without "//", the rest is a path-absolute, path-rootless or path-empty and a query;
   for a reg-name's characters are path characters (§3.3 pchar) and query characters
   (§3.4), "/" is both, and "?" a query character.  accept_tables checks each of these
   facts on each grammar's tables, and turns the filter off for a grammar where one
   fails.  98% of the corpus's rows are accepted; ports, userinfo, IP literals,
   pct-encoded octets, fragments and ":" or "@" after the authority go to the scan. */

enum { ACCEPT_CHUNK = 16384 }; /* the bytes of data whose stops are read at once */
#define ACCEPT_WORDS (ACCEPT_CHUNK / 64 + 3) /* and two words of 0 after the last */
/* The longest row whose stops one_stop reads at once: 16 bytes of them, shifted by at
   most 7 bits. */
enum { ONE_LOOK = 120 };

static int accept_on[N_GRAMMARS]; /* the facts above hold for the grammar's tables */
static Plain PLAIN_ACCEPT[N_GRAMMARS]; /* a reg-name's characters, "/" and "?" (simd.c) */

static void
accept_tables(void)
{
    for (int g = 0; g < N_GRAMMARS; g++) {
        const uint8_t *host = RUN[g][K_HOST], *path = RUN[g][K_PATH], *query = RUN[g][K_QUERY];
        uint8_t plain[128];
        int ok = path['/'] == RUN_IN && query['/'] == RUN_IN && query['?'] == RUN_IN;
        for (int c = 0; c < 128; c++) {
            plain[c] = host[c] == RUN_IN || c == '/' || c == '?';
            if (host[c] == RUN_IN) /* a reg-name's character: in a path and a query */
                ok &= path[c] == RUN_IN && query[c] == RUN_IN;
        }
        for (const char *c = ":@/?#[%"; *c; c++) /* what ends or escapes a reg-name */
            ok &= host[(unsigned char)*c] != RUN_IN;
        accept_on[g] = ok;
        plain_build(&PLAIN_ACCEPT[g], plain);
    }
}

/* The stops of the column's data d[start:end] (not a reg-name's character, "/" or "?"):
   bit j of word j / 64 for byte start + j. */
typedef struct {
    Py_ssize_t start, end;
    uint64_t stops[ACCEPT_WORDS];
    /* for spans (Accept.spans): the bytes "/", "?" and ".", one bit each as in stops */
    uint64_t slash[ACCEPT_WORDS], question[ACCEPT_WORDS], dot[ACCEPT_WORDS];
    /* the schemes accepted so far, by length k (1 .. 7): the first k + 1 bytes of the row
       (the scheme and ":", in a word as memcpy reads them), 0 where none is known yet */
    uint64_t schemes[8];
} Chunk;

/* The first set bit of bits[from:to] (from <= to), or to.  Each step reads the eight
   bytes that hold bit `from` (the word after the last holds 0): at least 57 bits. */
static inline Py_ssize_t
first_bit(const uint64_t *bits, Py_ssize_t from, Py_ssize_t to)
{
    while (from < to) {
        uint64_t word;
        memcpy(&word, (const unsigned char *)bits + (from >> 3), 8);
        word >>= from & 7; /* bits from .. from + 63 - (from & 7) */
        if (word) {
            Py_ssize_t at = from + __builtin_ctzll(word);
            return at < to ? at : to;
        }
        from = (from & ~(Py_ssize_t)7) + 64;
    }
    return to;
}

#if SIMD_X86
typedef unsigned __int128 Bits128;

/* Bits at .. at + n - 1 of bits (n <= ONE_LOOK) as bits 0 .. n - 1: 16 bytes of them,
   read at once (the two words after a chunk's last are readable). */
static inline Bits128
window(const uint64_t *bits, Py_ssize_t at, Py_ssize_t n)
{
    Bits128 w;
    memcpy(&w, (const unsigned char *)bits + (at >> 3), 16);
    return (w >> (at & 7)) & ((((Bits128)1) << n) - 1);
}

/* The lowest set bit of w, or `none` when w is 0. */
static inline Py_ssize_t
lowest(Bits128 w, Py_ssize_t none)
{
    uint64_t low = (uint64_t)w, high = (uint64_t)(w >> 64);
    return low ? __builtin_ctzll(low) : high ? 64 + __builtin_ctzll(high) : none;
}

/* The one stop of stops[at:at + n] (n <= ONE_LOOK), as an offset from at; -1 when there
   is none or more than one.  Without a branch on where it is. */
static inline Py_ssize_t
one_stop(const uint64_t *stops, Py_ssize_t at, Py_ssize_t n)
{
    Bits128 w = window(stops, at, n);
    uint64_t low = (uint64_t)w;
    if (low == 0 || (w & (w - 1)) != 0) /* none in the first 64, or more than one */
        return -1;
    return __builtin_ctzll(low);
}
#endif

/* The end of the scheme of row s[0:n] when s[colon] is its first stop: colon when the row
   starts with a scheme and ":" (§3.1), else 0.  A scheme of at most 7 characters, once
   read by scan.h's scheme_end, is known after by its bytes (ch->schemes); `room` is how
   many bytes from s the data holds. */
static inline Py_ssize_t
scheme_colon(Chunk *ch, const unsigned char *s, Py_ssize_t n, Py_ssize_t colon, Py_ssize_t room,
             int g)
{
    if (colon >= 1 && colon <= 7 && room >= 8) {
        uint64_t head;
        memcpy(&head, s, 8);
        head &= ~(uint64_t)0 >> (8 * (7 - colon)); /* the first colon + 1 bytes */
        if (head == ch->schemes[colon])
            return colon;
        if (s[colon] != ':' || scheme_end_ucs1_scalar(s, n, g) != colon)
            return 0;
        ch->schemes[colon] = head;
        return colon;
    }
    return colon >= 1 && s[colon] == ':' && scheme_end_ucs1_scalar(s, n, g) == colon ? colon : 0;
}

/* The spans of the accepted row s[0:n] (at bit `at` of the chunk's stops), whose scheme
   ends at colon, into sp as the scan gives them (scan.h); with *dots 0 when no segment of
   its path starts with "." (remove_dot_segments has nothing to do, RFC 3986 §5.2.4).
   Its path ends at the first "?", the authority after "//" at the first "/" or "?". */
static inline void
accept_spans(const Chunk *ch, const unsigned char *s, Py_ssize_t n, Py_ssize_t at,
             Py_ssize_t colon, Py_ssize_t *sp, int *dots)
{
    for (int k = 0; k < 16; k++)
        sp[k] = -1;
    sp[2 * SCHEME] = 0;
    sp[2 * SCHEME + 1] = colon;
    Py_ssize_t i = colon + 1, query;
    int authority = i + 1 < n && s[i] == '/' && s[i + 1] == '/';
#if SIMD_X86
    if (n <= ONE_LOOK) { /* the marks of the row's bytes: no search */
        Bits128 question = window(ch->question, at, n), slash = window(ch->slash, at, n);
        query = lowest(question, n); /* no "?" before the colon: it is a stop */
        if (authority) {
            sp[2 * AUTHORITY] = sp[2 * HOST] = i + 2;
            i = lowest((slash | question) & (~(Bits128)0 << (i + 2)), n);
            sp[2 * AUTHORITY + 1] = sp[2 * HOST + 1] = i;
        }
        Bits128 path = (((Bits128)1 << query) - 1) & (~(Bits128)0 << i);
        Bits128 starts = (slash << 1) | ((Bits128)1 << i); /* where a segment starts */
        *dots = (window(ch->dot, at, n) & starts & path) != 0;
    }
    else
#endif
    {
        const unsigned char *mark = memchr(s + i, '?', (size_t)(n - i));
        query = mark == NULL ? n : mark - s; /* the first "?" */
        if (authority) {
            mark = memchr(s + i + 2, '/', (size_t)(query - i - 2));
            sp[2 * AUTHORITY] = sp[2 * HOST] = i + 2;
            i = sp[2 * AUTHORITY + 1] = sp[2 * HOST + 1] = mark == NULL ? query : mark - s;
        }
        *dots = 1; /* not looked for: remove_dots looks */
    }
    sp[2 * PATH] = i;
    sp[2 * PATH + 1] = query;
    if (query < n) {
        sp[2 * QUERY] = query + 1;
        sp[2 * QUERY + 1] = n;
    }
}

/* Whether row s[0:n], at bit `at` of the chunk's stops, is accepted under grammar g; its
   spans (accept_spans) in sp[16] and *dots when sp is not NULL.  `room`: the bytes from s
   the data holds.  The scheme's ":" is the row's first stop (none of a scheme's
   characters is one, accept_tables), and an accepted row has no other. */
static inline __attribute__((always_inline)) int
accept_row(Chunk *ch, const unsigned char *s, Py_ssize_t n, Py_ssize_t at, Py_ssize_t room,
           int g, Py_ssize_t *sp, int *dots)
{
    Py_ssize_t colon;
#if SIMD_X86
    if (n <= ONE_LOOK) {
        colon = one_stop(ch->stops, at, n);
        if (colon < 0)
            return 0;
    }
    else
#endif
    {
        colon = first_bit(ch->stops, at, at + n) - at;
        if (colon == n || first_bit(ch->stops, at + colon + 1, at + n) != at + n)
            return 0;
    }
    colon = scheme_colon(ch, s, n, colon, room, g);
    if (colon == 0)
        return 0;
    if (sp != NULL)
        accept_spans(ch, s, n, at, colon, sp, dots);
    return 1;
}

#if SIMD_X86
/* The stops of data[start:end] into ch by the front end STOPS64 (simd.c), inlined. */
#define CHUNK_STOPS(name, attr, STOPS64, EQUAL64)                                              \
    attr static void name(Chunk *ch, const unsigned char *data, Py_ssize_t len, int g,        \
                          int spans)                                                           \
    {                                                                                          \
        Py_ssize_t w = 0;                                                                      \
        unsigned char tail[64];                                                                \
        for (Py_ssize_t b = ch->start; b < ch->end; b += 64, w++) {                            \
            const unsigned char *s = data + b;                                                 \
            if (b + 64 > len) { /* the data's last bytes: none after them may be read */       \
                memset(tail, 0, sizeof tail);                                                  \
                memcpy(tail, s, (size_t)(len - b));                                            \
                s = tail;                                                                      \
            }                                                                                  \
            ch->stops[w] = STOPS64(&PLAIN_ACCEPT[g], s);                                       \
            if (spans) {                                                                       \
                ch->slash[w] = EQUAL64(s, '/');                                                \
                ch->question[w] = EQUAL64(s, '?');                                             \
                ch->dot[w] = EQUAL64(s, '.');                                                  \
            }                                                                                  \
        }                                                                                      \
        for (int k = 0; k < 2; k++, w++) /* read after the last (first_bit, window) */         \
            ch->stops[w] = ch->slash[w] = ch->question[w] = ch->dot[w] = 0;                    \
    }
CHUNK_STOPS(chunk_stops_sse2, , stops64_sse2, equal64_sse2)
CHUNK_STOPS(chunk_stops_avx2, __attribute__((target("avx2"))), stops64_avx2, equal64_avx2)
#endif

/* The stops of data[start:] (its first ACCEPT_CHUNK bytes, at most) under grammar g, by
   the front end `level`; 0 when no front end reads them (scalar). */
static int
chunk_read(Chunk *ch, const unsigned char *data, Py_ssize_t start, Py_ssize_t len, int g,
           int spans, int level)
{
#if SIMD_X86
    if (level == SIMD_SCALAR)
        return 0;
    ch->start = start;
    ch->end = len - start < ACCEPT_CHUNK ? len : start + ACCEPT_CHUNK;
    if (level == SIMD_AVX2)
        chunk_stops_avx2(ch, data, len, g, spans);
    else
        chunk_stops_sse2(ch, data, len, g, spans);
    return 1;
#else
    (void)ch, (void)data, (void)start, (void)len, (void)g, (void)spans, (void)level;
    return 0;
#endif
}

/* The accept filter over the rows of one column: where its data is, and the chunk of
   stops read last (NULL when the filter does not run: no front end, a grammar whose
   tables do not bear it out, or a rule that forbids a scheme). */
typedef struct {
    const unsigned char *data;
    Py_ssize_t len;
    int g, spans;
    Chunk *chunk;
} Accept;

/* The filter of the column data[0:len] under grammar g and rule flags, that gives the
   spans of the rows it accepts when `spans` is 1; -1 and an exception when memory runs
   out. */
static int
accept_open(Accept *a, const unsigned char *data, Py_ssize_t len, int g, int flags, int spans)
{
    *a = (Accept){data, len, g, spans, NULL};
    if (!accept_on[g] || simd_level == SIMD_SCALAR || (flags & RULE_SCHEME_FORBIDDEN))
        return 0;
    a->chunk = PyMem_Malloc(sizeof(Chunk));
    if (a->chunk == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    a->chunk->start = a->chunk->end = 0;
    memset(a->chunk->schemes, 0, sizeof a->chunk->schemes);
    return 0;
}

static void
accept_close(Accept *a)
{
    PyMem_Free(a->chunk);
    a->chunk = NULL;
}

/* Whether the column's row p[0:n] is accepted (accept_row), its spans in sp and *dots
   unless sp is NULL (a filter opened with spans); the chunk of stops that holds the row
   read first. */
static inline __attribute__((always_inline)) int
accept(Accept *a, const unsigned char *p, Py_ssize_t n, Py_ssize_t *sp, int *dots)
{
    Chunk *ch = a->chunk;
    if (ch == NULL || n > ACCEPT_CHUNK)
        return 0;
    Py_ssize_t at = p - a->data;
    /* the byte the next chunk's pass reads at this row's place, fetched while this
       chunk's rows are read (it does not fault where there is no such byte) */
    __builtin_prefetch((const void *)((uintptr_t)p + ACCEPT_CHUNK));
    if (__builtin_expect(at < ch->start || at + n > ch->end, 0))
        chunk_read(ch, a->data, at, a->len, a->g, a->spans, simd_level);
    return accept_row(ch, p, n, at - ch->start, a->len - at, a->g, sp, dots);
}

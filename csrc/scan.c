/* The validating scan (RFC 3986 §3, RFC 3987 §2.2), instantiated per kind of str from
   scan.h, and a split reference over code points.  Part of core.c's one translation
   unit (included there, not compiled alone). */

static inline int
is_hex(Py_UCS4 c)
{
    return c < 128 && (ASCII_CLASSES[0][c] & CL_HEXDIG);
}

static inline int
hex_value(Py_UCS4 c)
{
    return c <= '9' ? (int)(c - '0') : (int)((c | 0x20) - 'a' + 10);
}

static inline int
in_wide(const WideClass *w, Py_UCS4 c)
{
    int lo = 0, hi = w->count - 1;
    while (lo <= hi) { /* the ranges are sorted and disjoint */
        int mid = (lo + hi) / 2;
        if (c < w->ranges[mid].lo)
            hi = mid - 1;
        else if (c > w->ranges[mid].hi)
            lo = mid + 1;
        else
            return 1;
    }
    return 0;
}

/* The well-formed UTF-8 sequence (RFC 3629 §4) of two to four bytes at p[0:n]: its
   length and its code point in *c, or 0 when the bytes there are not one. */
static inline int
utf8_one(const Py_UCS1 *p, Py_ssize_t n, Py_UCS4 *c)
{
    Py_UCS1 lead = p[0];
    int more;
    Py_UCS4 cp, least;
    if (lead >= 0xC2 && lead <= 0xDF) {
        more = 1;
        cp = lead & 0x1F;
        least = 0x80;
    }
    else if (lead >= 0xE0 && lead <= 0xEF) {
        more = 2;
        cp = lead & 0x0F;
        least = 0x800;
    }
    else if (lead >= 0xF0 && lead <= 0xF4) {
        more = 3;
        cp = lead & 0x07;
        least = 0x10000;
    }
    else
        return 0;
    if (n <= more)
        return 0;
    for (int j = 1; j <= more; j++) {
        if ((p[j] & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (p[j] & 0x3F);
    }
    if (cp < least || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    *c = cp;
    return more + 1;
}

/* What run() does with a code point below 256 in a class: RUN[g][k][c], unfolded at
   import from ASCII_CLASSES and WIDE (run_tables), so that the scan's inner loop is one
   lookup.  Code points from 256 on are RUN_WIDE for every class. */
enum { RUN_OUT, RUN_IN, RUN_PCT, RUN_WIDE };
static uint8_t RUN[N_GRAMMARS][7][256];
/* What may end the userinfo's lookahead (RFC 3986 §3.2: "@", or what ends the authority). */
static const uint8_t AUTHORITY_STOP[128] = {['@'] = 1, ['/'] = 1, ['?'] = 1, ['#'] = 1};

/* The plain bytes of the SIMD front end (simd.c): of each class of RUN, of the scheme's
   class, and of the userinfo's lookahead (what AUTHORITY_STOP does not stop). */
static Plain PLAIN[N_GRAMMARS][7], PLAIN_SCHEME[N_GRAMMARS], PLAIN_AUTHORITY;

static void
run_tables(void)
{
    uint8_t plain[128];
    for (int g = 0; g < N_GRAMMARS; g++) {
        for (int k = 0; k < 7; k++) {
            for (int c = 0; c < 256; c++) {
                uint8_t action = RUN_OUT;
                if (c >= 128)
                    action = WIDE[g][k].count ? RUN_WIDE : RUN_OUT;
                else if (ASCII_CLASSES[g][c] & (1u << k))
                    action = c == '%' ? RUN_PCT : RUN_IN;
                RUN[g][k][c] = action;
            }
            for (int c = 0; c < 128; c++)
                plain[c] = RUN[g][k][c] == RUN_IN;
            plain_build(&PLAIN[g][k], plain);
        }
        for (int c = 0; c < 128; c++)
            plain[c] = (ASCII_CLASSES[g][c] & CL_SCHEME) != 0;
        plain_build(&PLAIN_SCHEME[g], plain);
    }
    for (int c = 0; c < 128; c++)
        plain[c] = !AUTHORITY_STOP[c];
    plain_build(&PLAIN_AUTHORITY, plain);
}

/* One-byte units: one scan per front end of simd.c, each with its front end inlined,
   and scan_ucs1 choosing among them (simd_level). */
#define CH Py_UCS1
#define NARROW 1
#define SCAN_ATTR
#define PLAIN_END(p, s, i, n) (i)
#define SCAN_NAME(x) x##_ucs1_scalar
#include "scan.h"
#undef SCAN_NAME
#undef PLAIN_END
#if SIMD_X86
#define PLAIN_END(p, s, i, n) plain_end_sse2(p, s, i, n)
#define SCAN_NAME(x) x##_ucs1_sse2
#include "scan.h"
#undef SCAN_NAME
#undef PLAIN_END
#undef SCAN_ATTR
#define SCAN_ATTR __attribute__((target("avx2")))
#define PLAIN_END(p, s, i, n) plain_end_avx2(p, s, i, n)
#define SCAN_NAME(x) x##_ucs1_avx2
#include "scan.h"
#undef SCAN_NAME
#undef PLAIN_END
#endif
#undef SCAN_ATTR
#undef CH
#undef NARROW

/* Split s[0:n] (one-byte units) under grammar g: scan.h's scan, by the front end chosen. */
static int
scan_ucs1(const Py_UCS1 *s, Py_ssize_t n, int g, int flags, Py_ssize_t *out)
{
#if SIMD_X86
    if (simd_level == SIMD_AVX2)
        return scan_ucs1_avx2(s, n, g, flags, out);
    if (simd_level == SIMD_SSE2)
        return scan_ucs1_sse2(s, n, g, flags, out);
#endif
    return scan_ucs1_scalar(s, n, g, flags, out);
}

/* UTF-8 units (an Arrow column's bytes, scan.h's SCAN_UTF8): the same front ends, whose
   plain bytes are all US-ASCII, so that a byte of a multi-byte character stops them. */
#define CH Py_UCS1
#define NARROW 1
#define SCAN_UTF8
#define SCAN_ATTR
#define PLAIN_END(p, s, i, n) (i)
#define SCAN_NAME(x) x##_utf8_scalar
#include "scan.h"
#undef SCAN_NAME
#undef PLAIN_END
#if SIMD_X86
#define PLAIN_END(p, s, i, n) plain_end_sse2(p, s, i, n)
#define SCAN_NAME(x) x##_utf8_sse2
#include "scan.h"
#undef SCAN_NAME
#undef PLAIN_END
#undef SCAN_ATTR
#define SCAN_ATTR __attribute__((target("avx2")))
#define PLAIN_END(p, s, i, n) plain_end_avx2(p, s, i, n)
#define SCAN_NAME(x) x##_utf8_avx2
#include "scan.h"
#undef SCAN_NAME
#undef PLAIN_END
#endif
#undef SCAN_ATTR
#undef SCAN_UTF8
#undef CH
#undef NARROW

/* Split s[0:n] (UTF-8, spans in bytes) under grammar g, by the front end chosen. */
static int
scan_utf8(const Py_UCS1 *s, Py_ssize_t n, int g, int flags, Py_ssize_t *out)
{
#if SIMD_X86
    if (simd_level == SIMD_AVX2)
        return scan_utf8_avx2(s, n, g, flags, out);
    if (simd_level == SIMD_SSE2)
        return scan_utf8_sse2(s, n, g, flags, out);
#endif
    return scan_utf8_scalar(s, n, g, flags, out);
}

#define SCAN_ATTR
#define CH Py_UCS2
#define NARROW 0
#define SCAN_NAME(x) x##_ucs2
#include "scan.h"
#undef CH
#undef NARROW
#undef SCAN_NAME
#define CH Py_UCS4
#define NARROW 0
#define SCAN_NAME(x) x##_ucs4
#include "scan.h"
#undef CH
#undef NARROW
#undef SCAN_NAME
#undef SCAN_ATTR


/* -- a split reference over code points -------------------------------------------- */

typedef struct {
    const Py_UCS4 *s;
    Py_ssize_t n;
    Py_ssize_t sp[16];
    int no_pct; /* 1: s is known to hold no '%' (else the algorithms look) */
    int no_dots; /* 1: no segment of the path starts with "." (else remove_dots looks) */
} Ref;

#define HAS(r, k) ((r)->sp[2 * (k)] >= 0)
#define AT(r, k) ((r)->s + (r)->sp[2 * (k)])
#define LEN(r, k) ((r)->sp[2 * (k) + 1] - (r)->sp[2 * (k)])

/* A str as code points: into `stack` when it fits, else into memory the caller frees. */
static Py_UCS4 *
as_ucs4(PyObject *text, Py_UCS4 *stack, Py_ssize_t size, Py_ssize_t *n)
{
    *n = PyUnicode_GET_LENGTH(text);
    Py_UCS4 *p = stack;
    if (*n + 1 > size) {
        p = PyMem_Malloc((size_t)(*n + 1) * sizeof(Py_UCS4));
        if (p == NULL) {
            PyErr_NoMemory();
            return NULL;
        }
    }
    if (PyUnicode_AsUCS4(text, p, *n + 1, 0) == NULL) {
        if (p != stack)
            PyMem_Free(p);
        return NULL;
    }
    return p;
}
